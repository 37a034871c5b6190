import ProfileKit
import Screens
import Players
import TextSupport

/// Plays a sound so that a user can hear it before choosing it: a bell, or the ambience's sound.
package protocol BellPlayer {
    /// Plays `choice`, returning what the user should read about it.
    func play(_ choice: BellChoice) -> String
    /// Plays some seconds of `sound` (a soundscape; a recording plays as it would as a bell), returning
    /// what the user should read about it.
    func play(_ sound: AmbienceSound) -> String
    /// Stops what is still sounding: the picker closed (a choice, `back`, Ctrl-C), and its preview with it.
    func stop()
}

/// The player for scripts and tests: it names the sound and makes no sound, so transcripts stay the
/// same on every machine.
package struct NamingBellPlayer: BellPlayer {
    package init() {}

    package func play(_ choice: BellChoice) -> String {
        "playing \(choice)\n"
    }

    package func play(_ sound: AmbienceSound) -> String {
        "playing \(sound)\n"
    }

    package func stop() {}
}

/// The editor's player on a terminal: the bell through the same player `profile run` uses (or the
/// terminal bell, and a note why), with the choice's strikes and volume; ten seconds of a soundscape
/// as `sounds --play` plays it. A new sound stops the one still sounding.
package final class RingerBellPlayer: BellPlayer {
    let ringer: SystemBellRinger

    package init(ringer: SystemBellRinger) {
        self.ringer = ringer
    }

    package func play(_ choice: BellChoice) -> String {
        ringer.finish(timeout: 0)
        return said(choice.description, ringer.ring(choice))
    }

    package func play(_ sound: AmbienceSound) -> String {
        ringer.finish(timeout: 0)
        switch sound {
        case let .builtIn(soundscape):
            // The terminal bell is a beep, not a soundscape: say so rather than beep (issue 50).
            if let reason = ringer.noPlayerReason {
                return "cannot play the soundscape \(soundscape): \(reason)\n"
            }
            return said("\(Int(SystemBellRinger.soundscapePlaySeconds)) seconds of \(soundscape)", ringer.play(soundscape))
        case let .recorded(name):
            // A recording loops under a sit; here it plays once, as the bell picker plays it.
            return said(escaped(name), ringer.ring(BellChoice(.recorded(name))))
        }
    }

    package func stop() { ringer.finish(timeout: 0) }

    private func said(_ name: String, _ report: RingReport) -> String {
        "playing \(name) (\(report.via))\n" + (report.note.map { "  \($0)\n" } ?? "")
    }

    deinit { ringer.finish(timeout: 0) }
}

/// The strikes and volume a bell picker's choice gets: the profile's own to begin with.
final class StrikesAndVolume {
    var strikes: Int
    var volume: Int

    init(strikes: Int, volume: Int) {
        self.strikes = strikes
        self.volume = volume
    }
}

/// A sound picker's view model: one row per sound (a bell picker's sounds of the catalog, and `none`
/// last where the bell may be off; the ambience picker's soundscapes, then recordings), their modes
/// changed through the stateless helper, and the choice reported to the coordinator. A bell's strikes
/// and volume are chosen here too; the ambience's volume is a row of its own.
///
/// The profile's sound is marked `(now)` but starts unselected, so `tap 3` then `choose` takes sound 3.
final class SoundPickerViewModel<Choice>: SoundPickerModel {
    let rows: [ModeRowViewModel]
    let title: String
    let noun: String
    let listenNote: String
    /// What row `index` chooses, with the strikes and volume set where it is a bell.
    private let choiceAt: (Int) -> Choice
    /// Plays a choice; returns what the player did.
    private let playing: (Choice) -> String
    /// The profile's sound now, as its row spells it.
    private let currentName: () -> String
    private let playsOnTap: Bool
    /// A bell's strikes and volume; nil for the ambience.
    private let bell: StrikesAndVolume?
    /// Told the chosen sound; the coordinator sets it and closes the picker.
    var didPick: ((Choice) -> Void)?
    /// Stops the preview still sounding (the player's).
    private let stopping: () -> Void

    /// - Parameters:
    ///   - title: what the picker chooses, as its row is called: `End bell`.
    ///   - names: the rows' names, in order.
    ///   - current: the profile's sound now, as its row spells it.
    ///   - playsOnTap: whether `tap` plays the sound it selects (on a terminal, as a phone does).
    private init(title: String, noun: String, listenNote: String, names: [String], current: @escaping () -> String,
                 bell: StrikesAndVolume?, choice: @escaping (Int) -> Choice, play: @escaping (Choice) -> String,
                 stop: @escaping () -> Void, playsOnTap: Bool) {
        stopping = stop
        self.title = title
        self.noun = noun
        self.listenNote = listenNote
        rows = names.map { ModeRowViewModel(id: $0, title: $0) }
        currentName = current
        self.bell = bell
        choiceAt = choice
        playing = play
        self.playsOnTap = playsOnTap
    }

    var current: String { currentName() }

    var strikesAndVolume: (strikes: ClosedRange<Int>, volume: ClosedRange<Int>)? {
        bell.map { _ in (BellChoice.allowedStrikes, BellChoice.allowedVolume) }
    }

    private func play(_ row: ModeRowViewModel?) -> String {
        guard let row, let index = rows.firstIndex(where: { $0 === row }) else { return "" }
        return playing(choiceAt(index))
    }

    func toggleSelection(at index: Int) throws(ScreenError) -> String {
        guard !RowModeHelper.isListening(rows) else {
            throw ScreenError.usage("listening: use next, previous or choose (or next past the last \(noun) to pick again)")
        }
        RowModeHelper.toggleSelection(rows, at: index)
        guard playsOnTap, rows[index].mode == .picking(selected: true) else { return "" }
        return play(rows[index])
    }

    func setStrikes(_ text: String) throws(ScreenError) -> String {
        guard let bell else { throw .usage("only a bell strikes") }
        guard !text.isEmpty else { throw .usage("strikes takes a number, \(BellChoice.strikesText): strikes 3") }
        guard let count = BellChoice.strikes(text) else {
            throw .usage("strikes must be \(BellChoice.strikesText), not \(quoted(text, limit: 16))")
        }
        bell.strikes = count
        return chosenLine(bell)
    }

    func setVolume(_ text: String) throws(ScreenError) -> String {
        guard let bell else { throw .usage("the ambience's volume is its own row: set \(Setting.ambience(.volume).name) 30%") }
        guard !text.isEmpty else { throw .usage("volume takes a percentage, \(BellChoice.allowedVolume.lowerBound) to \(BellChoice.allowedVolume.upperBound): volume 70") }
        guard let percent = BellChoice.volume(text) else {
            throw .usage("volume must be \(BellChoice.volumeText), not \(quoted(text, limit: 16))")
        }
        bell.volume = percent
        return chosenLine(bell)
    }

    /// `the bell you choose strikes 3 times at 70%`.
    private func chosenLine(_ bell: StrikesAndVolume) -> String {
        "the bell you choose strikes \(bell.strikes == 1 ? "once" : "\(bell.strikes) times") at \(bell.volume)%\n"
    }

    func listen() throws(ScreenError) -> String {
        guard !RowModeHelper.isListening(rows) else { throw ScreenError.usage("already listening; use next, previous or choose") }
        let selected = RowModeHelper.selected(rows)
        guard RowModeHelper.startListening(rows) else { throw ScreenError.usage("select the \(plural) to listen to first: tap N") }
        let names = selected.map(\.title)
        let line = "listening to \(names.count) \(names.count == 1 ? noun : plural): \(names.joined(separator: ", "))\n"
        return line + play(RowModeHelper.playing(rows))
    }

    func next() throws(ScreenError) -> String {
        guard RowModeHelper.isListening(rows) else { throw ScreenError.usage("not listening; listen plays the selected \(plural)") }
        return RowModeHelper.next(rows) ? play(RowModeHelper.playing(rows)) : "done listening\n"
    }

    func previous() throws(ScreenError) -> String {
        guard RowModeHelper.isListening(rows) else { throw ScreenError.usage("not listening; listen plays the selected \(plural)") }
        RowModeHelper.previous(rows)
        return play(RowModeHelper.playing(rows))
    }

    func stopSound() { stopping() }

    func choose() throws(ScreenError) {
        let chosen: ModeRowViewModel
        if RowModeHelper.isListening(rows) {
            guard let row = RowModeHelper.playing(rows) else { throw ScreenError.usage("no \(noun) is playing") }
            chosen = row
        } else {
            let selected = RowModeHelper.selected(rows)
            if selected.isEmpty {
                // None tapped: the sound now (a bell with the strikes and volume set: `strikes 3`, then `choose`).
                guard let row = rows.first(where: { $0.title == current }) else { throw ScreenError.usage("select a \(noun) first: tap N") }
                chosen = row
            } else {
                guard selected.count == 1, let row = selected.first else {
                    throw ScreenError.usage("\(selected.count) \(plural) are selected; choose takes one (or listen, then choose the one playing)")
                }
                chosen = row
            }
        }
        guard let index = rows.firstIndex(where: { $0 === chosen }) else { return }
        didPick?(choiceAt(index))
    }
}

/// The bell picker: the sounds of the catalog for one bell, with strikes and a volume.
extension SoundPickerViewModel where Choice == BellChoice? {
    /// - Parameters:
    ///   - slot: the bell being chosen; its title names the picker.
    ///   - catalog: the sounds offered, built-in first.
    ///   - playsOnTap: whether `tap` plays the bell it selects (on a terminal, as a phone does).
    convenience init(slot: BellSlot, catalog: SoundCatalog, current: @escaping () -> BellChoice?, player: BellPlayer, playsOnTap: Bool) {
        var sounds: [BellSound?] = catalog.sounds
        // A profile may name a recording this machine lacks: it is listed, so that it shows as the bell now.
        // Names are matched ignoring case, as everywhere: `small bowl` is the library's `Small Bowl`.
        if let now = current()?.sound, !sounds.contains(where: { $0?.matches(now) ?? false }) { sounds.append(now) }
        if slot.allowsNone { sounds.append(nil) }
        let bell = StrikesAndVolume(strikes: current()?.strikes ?? 1, volume: current()?.volume ?? 100)
        self.init(title: Setting.bell(slot).title, noun: "bell", listenNote: "",
                  names: sounds.map { $0?.name ?? BellChoice.noneWord },
                  current: {
                      guard let now = current()?.sound else { return BellChoice.noneWord }
                      // The row's own spelling, so that the screen marks it.
                      return sounds.compactMap { $0 }.first { $0.matches(now) }?.name ?? now.name
                  },
                  bell: bell,
                  choice: { index in sounds[index].map { BellChoice($0, strikes: bell.strikes, volume: bell.volume) } },
                  play: { choice in choice.map(player.play) ?? "" },
                  stop: player.stop,
                  playsOnTap: playsOnTap)
    }
}

/// The ambience picker: the soundscapes, then the recordings, for the Ambience section's Sound row.
extension SoundPickerViewModel where Choice == AmbienceSound {
    /// - Parameters:
    ///   - catalog: the recordings offered after the soundscapes.
    ///   - current: the profile's ambience sound now.
    ///   - playsOnTap: whether `tap` plays the sound it selects (on a terminal, as a phone does).
    convenience init(catalog: SoundCatalog, current: @escaping () -> AmbienceSound, player: BellPlayer, playsOnTap: Bool) {
        let key = { (sound: AmbienceSound) in ProfileName.key(sound.name) }
        var sounds = Soundscape.allCases.map(AmbienceSound.builtIn)
        // A recording called as a soundscape is (`rain`) cannot be chosen by name (the soundscape is): one row each.
        for name in catalog.recorded where !sounds.contains(where: { key($0) == ProfileName.key(name) }) { sounds.append(.recorded(name)) }
        // A profile may name a recording this machine lacks: it is listed, so that it shows as the sound now.
        if !sounds.contains(where: { key($0) == key(current()) }) { sounds.append(current()) }
        self.init(title: Setting.ambience(.sound).title, noun: "sound",
                  listenNote: " (\(Int(SystemBellRinger.soundscapePlaySeconds)) seconds of a soundscape)",
                  names: sounds.map(\.name),
                  current: { sounds.first { key($0) == key(current()) }?.name ?? current().name },
                  bell: nil,
                  choice: { sounds[$0] },
                  play: { player.play($0) },
                  stop: player.stop,
                  playsOnTap: playsOnTap)
    }
}

/// The bell picker's view model.
typealias BellPickerViewModel = SoundPickerViewModel<BellChoice?>
/// The ambience picker's view model.
typealias AmbiencePickerViewModel = SoundPickerViewModel<AmbienceSound>
