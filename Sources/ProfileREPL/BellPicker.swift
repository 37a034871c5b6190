import ProfileKit
import Screens
import Players
import TextSupport

/// Plays a bell so that a user can hear it before choosing it.
package protocol BellPlayer {
    /// Plays `choice`, returning what the user should read about it.
    func play(_ choice: BellChoice) -> String
}

/// The player for scripts and tests: it names the bell and makes no sound, so transcripts stay the same
/// on every machine.
package struct NamingBellPlayer: BellPlayer {
    package init() {}

    package func play(_ choice: BellChoice) -> String {
        "playing \(choice)\n"
    }
}

/// The editor's player on a terminal: the bell through the same player `profile run` uses (or the
/// terminal bell, and a note why), with the choice's strikes and volume. A new bell stops the one still
/// sounding.
package final class RingerBellPlayer: BellPlayer {
    let ringer: BellRinger

    package init(ringer: BellRinger) {
        self.ringer = ringer
    }

    package func play(_ choice: BellChoice) -> String {
        ringer.finish(timeout: 0)
        let report = ringer.ring(choice)
        return "playing \(choice) (\(report.via))\n" + (report.note.map { "  \($0)\n" } ?? "")
    }

    deinit { ringer.finish(timeout: 0) }
}

/// The bell picker's view model: one row per sound of the catalog (and `none` last where the bell may
/// be off), their modes changed through the stateless helper, the strikes and volume being chosen, and
/// the choice reported to the coordinator.
///
/// The profile's bell is marked `(now)` but starts unselected, so `tap 3` then `choose` takes bell 3.
final class BellPickerViewModel: BellPickerModel {
    let rows: [ModeRowViewModel]
    let title: String
    private let sounds: [BellSound?]
    private let player: BellPlayer
    private let playsOnTap: Bool
    private let current: () -> BellChoice?
    /// The strikes and volume the chosen bell gets: the profile's own to begin with.
    private(set) var strikes: Int
    private(set) var volume: Int
    /// Told the chosen bell (nil for none); the coordinator sets it and closes the picker.
    var didPick: ((BellChoice?) -> Void)?

    /// - Parameters:
    ///   - slot: the bell being chosen; its title names the picker.
    ///   - catalog: the sounds offered, built-in first.
    ///   - playsOnTap: whether `tap` plays the bell it selects (on a terminal, as a phone does).
    init(slot: BellSlot, catalog: SoundCatalog, current: @escaping () -> BellChoice?, player: BellPlayer, playsOnTap: Bool) {
        self.current = current
        self.player = player
        self.playsOnTap = playsOnTap
        title = Setting.bell(slot).title
        var sounds: [BellSound?] = catalog.sounds
        // A profile may name a recording this machine lacks: it is listed, so that it shows as the bell now.
        // Names are matched ignoring case, as everywhere: `small bowl` is the library's `Small Bowl`.
        if let now = current()?.sound, !sounds.contains(where: { $0?.matches(now) ?? false }) { sounds.append(now) }
        if slot.allowsNone { sounds.append(nil) }
        self.sounds = sounds
        rows = sounds.map { sound in
            let name = sound?.name ?? BellChoice.noneWord
            return ModeRowViewModel(id: name, title: name)
        }
        strikes = current()?.strikes ?? 1
        volume = current()?.volume ?? 100
    }

    var strikesRange: ClosedRange<Int> { BellChoice.allowedStrikes }
    var volumeRange: ClosedRange<Int> { BellChoice.allowedVolume }

    var currentBell: String {
        guard let now = current()?.sound else { return BellChoice.noneWord }
        // The row's own spelling, so that the screen marks it.
        return sounds.compactMap { $0 }.first { $0.matches(now) }?.name ?? now.name
    }

    /// The choice row `row` gives, with the strikes and volume being chosen; nil for `none`.
    private func choice(_ row: ModeRowViewModel) -> BellChoice?? {
        guard let index = rows.firstIndex(where: { $0 === row }) else { return .none }
        return .some(sounds[index].map { BellChoice($0, strikes: strikes, volume: volume) })
    }

    private func play(_ row: ModeRowViewModel?) -> String {
        guard let row, case let .some(choice?) = choice(row) else { return "" }
        return player.play(choice)
    }

    func toggleSelection(at index: Int) throws(ScreenError) -> String {
        guard !RowModeHelper.isListening(rows) else {
            throw ScreenError.usage("listening: use next, previous or choose (or next past the last bell to pick again)")
        }
        RowModeHelper.toggleSelection(rows, at: index)
        guard playsOnTap, rows[index].mode == .picking(selected: true) else { return "" }
        return play(rows[index])
    }

    func setStrikes(_ text: String) throws(ScreenError) -> String {
        guard !text.isEmpty else { throw .usage("strikes takes a number, \(BellChoice.strikesText): strikes 3") }
        guard let count = BellChoice.strikes(text) else {
            throw .usage("strikes must be \(BellChoice.strikesText), not \(quoted(text, limit: 16))")
        }
        strikes = count
        return chosenLine()
    }

    func setVolume(_ text: String) throws(ScreenError) -> String {
        guard !text.isEmpty else { throw .usage("volume takes a percentage, \(BellChoice.allowedVolume.lowerBound) to \(BellChoice.allowedVolume.upperBound): volume 70") }
        guard let percent = BellChoice.volume(text) else {
            throw .usage("volume must be \(BellChoice.volumeText), not \(quoted(text, limit: 16))")
        }
        volume = percent
        return chosenLine()
    }

    /// `the bell you choose strikes 3 times at 70%`.
    private func chosenLine() -> String {
        "the bell you choose strikes \(strikes == 1 ? "once" : "\(strikes) times") at \(volume)%\n"
    }

    func listen() throws(ScreenError) -> String {
        guard !RowModeHelper.isListening(rows) else { throw ScreenError.usage("already listening; use next, previous or choose") }
        let selected = RowModeHelper.selected(rows)
        guard RowModeHelper.startListening(rows) else { throw ScreenError.usage("select the bells to listen to first: tap N") }
        let names = selected.map(\.title)
        let line = "listening to \(names.count) \(names.count == 1 ? "bell" : "bells"): \(names.joined(separator: ", "))\n"
        return line + play(RowModeHelper.playing(rows))
    }

    func next() throws(ScreenError) -> String {
        guard RowModeHelper.isListening(rows) else { throw ScreenError.usage("not listening; listen plays the selected bells") }
        return RowModeHelper.next(rows) ? play(RowModeHelper.playing(rows)) : "done listening\n"
    }

    func previous() throws(ScreenError) -> String {
        guard RowModeHelper.isListening(rows) else { throw ScreenError.usage("not listening; listen plays the selected bells") }
        RowModeHelper.previous(rows)
        return play(RowModeHelper.playing(rows))
    }

    func choose() throws(ScreenError) {
        let chosen: ModeRowViewModel
        if RowModeHelper.isListening(rows) {
            guard let row = RowModeHelper.playing(rows) else { throw ScreenError.usage("no bell is playing") }
            chosen = row
        } else {
            let selected = RowModeHelper.selected(rows)
            if selected.isEmpty {
                // None tapped: the bell now, with the strikes and volume set (`strikes 3`, then `choose`).
                guard let row = rows.first(where: { $0.title == currentBell }) else { throw ScreenError.usage("select a bell first: tap N") }
                chosen = row
            } else {
                guard selected.count == 1, let row = selected.first else {
                    throw ScreenError.usage("\(selected.count) bells are selected; choose takes one (or listen, then choose the one playing)")
                }
                chosen = row
            }
        }
        guard case let .some(choice) = choice(chosen) else { return }
        didPick?(choice)
    }
}
