import ProfileKit
import Screens
import Bells

/// Plays a bell so that a user can hear it before choosing it.
package protocol BellPlayer {
    /// Plays `bell`, returning what the user should read about it.
    func play(_ bell: Bell) -> String
}

/// The player for scripts and tests: it names the bell and makes no sound, so transcripts stay the same
/// on every machine.
package struct NamingBellPlayer: BellPlayer {
    package init() {}

    package func play(_ bell: Bell) -> String {
        "playing \(bell.rawValue)\n"
    }
}

/// The editor's player on a terminal: the bell's synthesized sound through the same player `profile run`
/// uses (or the terminal bell, and a note why). A new bell stops the one still sounding.
package final class RingerBellPlayer: BellPlayer {
    let ringer: BellRinger

    package init(ringer: BellRinger) {
        self.ringer = ringer
    }

    package func play(_ bell: Bell) -> String {
        ringer.finish(timeout: 0)
        let report = ringer.ring(bell)
        return "playing \(bell.rawValue) (\(report.via))\n" + (report.note.map { "  \($0)\n" } ?? "")
    }

    deinit { ringer.finish(timeout: 0) }
}

/// The bell picker's view model: one row view model per bell of the catalog, their modes changed
/// through the stateless helper, and the choice reported to the coordinator.
final class BellPickerViewModel: BellPickerModel {
    let rows: [ModeRowViewModel]
    private let player: BellPlayer
    private let current: () -> String
    /// Told the chosen bell; the coordinator sets it and closes the picker.
    var didPickBell: ((Bell) -> Void)?

    init(current: @escaping () -> String, player: BellPlayer) {
        self.current = current
        self.player = player
        rows = Bell.allCases.map { ModeRowViewModel(id: $0.rawValue, title: $0.rawValue) }
        // The profile's bell starts selected, so `listen` or `choose` work at once.
        if let index = Bell.allCases.firstIndex(where: { $0.rawValue == current() }) {
            RowModeHelper.toggleSelection(rows, at: index)
        }
    }

    var currentBell: String { current() }

    private func bell(_ row: ModeRowViewModel?) -> Bell? {
        row.flatMap { row in Bell.allCases.first { $0.rawValue == row.id } }
    }

    private func playing() -> String {
        bell(RowModeHelper.playing(rows)).map(player.play) ?? ""
    }

    func toggleSelection(at index: Int) throws(ScreenError) {
        guard !RowModeHelper.isListening(rows) else {
            throw ScreenError.usage("listening: use next, previous or choose (or next past the last bell to pick again)")
        }
        RowModeHelper.toggleSelection(rows, at: index)
    }

    func listen() throws(ScreenError) -> String {
        guard !RowModeHelper.isListening(rows) else { throw ScreenError.usage("already listening; use next, previous or choose") }
        guard RowModeHelper.startListening(rows) else { throw ScreenError.usage("select the bells to listen to first: tap N") }
        return playing()
    }

    func next() throws(ScreenError) -> String {
        guard RowModeHelper.isListening(rows) else { throw ScreenError.usage("not listening; listen plays the selected bells") }
        return RowModeHelper.next(rows) ? playing() : "done listening\n"
    }

    func previous() throws(ScreenError) -> String {
        guard RowModeHelper.isListening(rows) else { throw ScreenError.usage("not listening; listen plays the selected bells") }
        RowModeHelper.previous(rows)
        return playing()
    }

    func choose() throws(ScreenError) {
        let chosen: ModeRowViewModel
        if RowModeHelper.isListening(rows) {
            guard let row = RowModeHelper.playing(rows) else { throw ScreenError.usage("no bell is playing") }
            chosen = row
        } else {
            let selected = RowModeHelper.selected(rows)
            guard selected.count == 1, let row = selected.first else {
                throw ScreenError.usage(selected.isEmpty ? "select a bell first: tap N"
                                                   : "\(selected.count) bells are selected; choose takes one (or listen, then choose the one playing)")
            }
            chosen = row
        }
        guard let bell = bell(chosen) else { return }
        didPickBell?(bell)
    }
}
