import ProfileKit
import Screens
import TextSupport
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
            throw ScreenError("listening: use next, previous or choose (or next past the last bell to pick again)")
        }
        RowModeHelper.toggleSelection(rows, at: index)
    }

    func listen() throws(ScreenError) -> String {
        guard !RowModeHelper.isListening(rows) else { throw ScreenError("already listening; use next, previous or choose") }
        guard RowModeHelper.startListening(rows) else { throw ScreenError("select the bells to listen to first: tap N") }
        return playing()
    }

    func next() throws(ScreenError) -> String {
        guard RowModeHelper.isListening(rows) else { throw ScreenError("not listening; listen plays the selected bells") }
        return RowModeHelper.next(rows) ? playing() : "done listening\n"
    }

    func previous() throws(ScreenError) -> String {
        guard RowModeHelper.isListening(rows) else { throw ScreenError("not listening; listen plays the selected bells") }
        RowModeHelper.previous(rows)
        return playing()
    }

    func choose() throws(ScreenError) {
        let chosen: ModeRowViewModel
        if RowModeHelper.isListening(rows) {
            guard let row = RowModeHelper.playing(rows) else { throw ScreenError("no bell is playing") }
            chosen = row
        } else {
            let selected = RowModeHelper.selected(rows)
            guard selected.count == 1, let row = selected.first else {
                throw ScreenError(selected.isEmpty ? "select a bell first: tap N"
                                                   : "\(selected.count) bells are selected; choose takes one (or listen, then choose the one playing)")
            }
            chosen = row
        }
        guard let bell = bell(chosen) else { return }
        didPickBell?(bell)
    }
}

/// The profiles screen's view model: the store's listing, opened and changed by row index.
final class ProfilesViewModel: ProfilesModel {
    private let editor: ProfileEditor
    /// Told the profile to open; the coordinator opens the profile screen.
    var didSelectProfile: ((String) -> Void)?

    init(editor: ProfileEditor) {
        self.editor = editor
    }

    func entries() throws(ScreenError) -> [ProfileEntry] {
        try editor.entries()
    }

    private func name(at index: Int) throws(ScreenError) -> String {
        let all = try entries()
        guard all.indices.contains(index) else { throw ScreenError("no profile \(index + 1)") }
        return all[index].name
    }

    /// File operations cannot wait for a script's end, so a script leaves them to the command line.
    private func immediate(_ what: String) throws(ScreenError) {
        guard editor.mode == .interactive else {
            throw ScreenError("\(what) changes files at once, and a script is one transaction; use 'profile \(what)' instead")
        }
    }

    func select(at index: Int) throws(ScreenError) {
        let name = try name(at: index)
        try editor.open(named: name)
        didSelectProfile?(name)
    }

    func open(named name: String) throws(ScreenError) {
        try editor.open(named: name)
        didSelectProfile?(editor.name)
    }

    func create(named name: String) throws(ScreenError) {
        try editor.create(named: name)
        didSelectProfile?(editor.name)
    }

    func copy(at index: Int, to newName: String) throws(ScreenError) {
        try immediate("copy")
        let source = try name(at: index)
        let store = editor.store
        try screen { () throws(ProfileError) in
            var profile = try store.load(source).profile
            profile.name = newName
            _ = try store.create(profile)
        }
    }

    func rename(at index: Int, to newName: String) throws(ScreenError) {
        try immediate("rename")
        let old = try name(at: index)
        guard ProfileName.key(old) != ProfileName.key(editor.name) else {
            throw ScreenError("\(quoted(old)) is open in the editor; rename it with 'profile rename' when the editor is closed")
        }
        let store = editor.store
        _ = try screen { () throws(ProfileError) in try store.rename(old, to: newName) }
    }

    func delete(at index: Int) throws(ScreenError) {
        try immediate("delete")
        let name = try name(at: index)
        guard ProfileName.key(name) != ProfileName.key(editor.name) else {
            throw ScreenError("\(quoted(name)) is open in the editor; open another profile first")
        }
        let store = editor.store
        try screen { () throws(ProfileError) in try store.delete(name) }
    }
}
