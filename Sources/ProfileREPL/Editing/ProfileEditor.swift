import LocalTime
import ProfileKit
import Screens
import Sitting
import TableKit
import TextSupport

/// The profile screen's view model: routes each action to the open documents, and asks the questions
/// a tap or a conflict raises.
final class ProfileEditor: ProfileScreenModel {
    private let documents: OpenDocuments
    private let listing: ProfileListing
    /// New profiles go through it, so that the profiles screen can take them back.
    private let changes: StoreChanges
    /// The length or times a tapped row asks for, while the question is open.
    private var asking: Setting?
    /// What the open picker chooses (a bell, or the ambience's sound), and what a tap asked the next
    /// picker to choose.
    private(set) var pickerSetting = Setting.bell(.coolDown)
    private var nextPickerSetting: Setting?

    /// The sounds a bell can be set to, read again each time.
    let sounds: () -> SoundCatalog

    /// Told when a sound picker should open (for ``pickerSetting``).
    var didRequestPicker: (() -> Void)?
    /// Runs a sit of the profile as `profile run` does, with its options; nil where no sit can run here.
    var runSit: SitRunner?
    /// The time of day now on the local clock, for `plan now`: the process's, handed in.
    var timeOfDay: () -> ClockTime = { ClockTime(secondsSinceMidnight: 0) }

    init(documents: OpenDocuments, listing: ProfileListing, changes: StoreChanges, sounds: @escaping () -> SoundCatalog) {
        self.documents = documents
        self.listing = listing
        self.changes = changes
        self.sounds = sounds
    }

    var viewModel: ProfileViewModel { documents.viewModel }

    var name: String { documents.name }
    /// The profile as it is here, saved or not.
    var profile: Profile { documents.profile }
    var sections: [TableSection] { viewModel.sections }
    var total: String { viewModel.totalTime }
    var isAsking: Bool { documents.hasConflict || asking != nil }

    /// `Warm Up duration [02:00]: `: the current value is the answer an empty line gives. The interval
    /// row's question says that its other mode may be named: `Interval bell times [10:00, 25:00] (or every …): `.
    var question: String? {
        if documents.hasConflict { return "reload theirs (r) or keep yours (k)? " }
        return asking.map { setting in
            let other = setting.shownInMode.flatMap { mode in IntervalMode.allCases.first { $0 != mode } }
            return "\(setting.title) [\(viewModel.text(of: setting))]\(other.map { " (or \($0.rawValue) …)" } ?? ""): "
        }
    }

    // MARK: Actions

    func toggle(named text: String) throws(ScreenError) -> ScreenChange {
        let toggle = try screen { () throws(ProfileError) in try Switch(named: text) }
        return try change("toggle \(text)", .toggle(toggle)) { () throws(ProfileError) in try viewModel.toggling(toggle) }
    }

    func set(named text: String, value: String) throws(ScreenError) -> ScreenChange {
        let action = try screen { () throws(ProfileError) in try Setting(named: text).action(value: value, catalog: sounds()) }
        return try change("set \(text) \(value)", action.setting) { () throws(ProfileError) in try viewModel.performing(action) }
    }

    func tap(at path: RowPath, value: String?) throws(ScreenError) -> TapResult {
        let viewModel = viewModel
        guard let setting = viewModel.setting(at: path) else { throw Self.noRow(path, in: viewModel) }
        let label = "tap \(path)" + (value.map { " \($0)" } ?? "")
        // A value typed after the path sets a duration or bell row at once.
        func set(to value: String) throws(ScreenError) -> TapResult {
            let (setting, value) = Self.resolving(setting, value)
            let action = try screen { () throws(ProfileError) in try setting.action(value: value, catalog: sounds()) }
            return .changed(try change(label, setting) { () throws(ProfileError) in try viewModel.performing(action) })
        }
        switch setting {
        case let .toggle(toggle):
            // A tap on a switch flips it, as on a phone.
            return .changed(try change(label, setting) { () throws(ProfileError) in try viewModel.toggling(toggle) })
        case .duration, .interval, .ambience(.volume), .breathing:
            if let value { return try set(to: value) }
            asking = setting
            return .asking
        case .bell, .ambience(.sound):
            // A bell or the ambience's sound is chosen from a list, heard first.
            if let value { return try set(to: value) }
            nextPickerSetting = setting
            return .openPicker
        }
    }

    /// The interval row takes either mode: `every 5m` or `at 10m, 25m` names it, a bare value keeps
    /// the row's. Any other row takes the value as it is.
    private static func resolving(_ setting: Setting, _ value: String) -> (Setting, String) {
        guard let mode = setting.shownInMode else { return (setting, value) }
        let (chosen, rest) = IntervalMode.splitting(value, current: mode)
        return (.interval(chosen), rest)
    }

    private static func noRow(_ path: RowPath, in viewModel: ProfileViewModel) -> ScreenError {
        guard let section = ProfileSection(index: path.section) else {
            let sections = ProfileSection.allCases.map { "\($0.index) (\($0.title))" }
            return .usage("no section \(path.section); the sections are \(listed(sections))")
        }
        let rows = viewModel.numberOfRows(for: section)
        return .usage("no row \(path); \(section.title) has rows \(path.section).0 to \(path.section).\(rows - 1)")
    }

    func undo() throws(ScreenError) -> ScreenChange? { try step(back: true) }
    func redo() throws(ScreenError) -> ScreenChange? { try step(back: false) }

    func answer(_ text: String) throws(ScreenError) -> ScreenChange {
        let text = text.trimmingWhitespace()
        if documents.hasConflict {
            switch text.lowercased() {
            case "r", "reload":
                try screen { () throws(ProfileError) in try documents.reload() }
                return ScreenChange(prefix: "reloaded \(name) from disk; your change was dropped\n", showAll: true)
            case "k", "keep":
                try screen { () throws(ProfileError) in try documents.keepMine() }
                return ScreenChange(prefix: "kept your version of \(name)\n")
            default:
                throw .usage("answer r to reload theirs or k to keep yours")
            }
        }
        guard let asked = asking else { return ScreenChange() }
        guard !text.isEmpty else {
            asking = nil
            return ScreenChange(prefix: viewModel.staysNote(asked))
        }
        let (setting, value) = Self.resolving(asked, text)
        // A wrong answer throws before this line, and the question stays open to be answered again.
        let change = try set(named: setting.name, value: value)
        asking = nil
        return change
    }

    func cancelQuestion() -> ScreenChange {
        if documents.hasConflict {
            // Leaving the question open would leave an unsaved change; keep what is on disk.
            do throws(ProfileError) {
                try documents.reload()
            } catch {
                documents.dropConflict()
                return ScreenChange(prefix: "could not reload \(quoted(name)) (\(error)); your last change is not saved, and the next save asks again\n")
            }
            return ScreenChange(prefix: "kept the version on disk; your last change was not saved\n", showAll: true)
        }
        guard let asked = asking else { return ScreenChange() }
        asking = nil
        return ScreenChange(prefix: viewModel.staysNote(asked))
    }

    // MARK: Changes and saving

    /// Applies a change of `setting` to the current profile and describes it; a conflict on saving asks.
    /// A change that changes nothing is neither saved nor remembered for undo: it says what is so.
    private func change(_ label: String, _ setting: Setting,
                        _ body: () throws(ProfileError) -> ProfileChange) throws(ScreenError) -> ScreenChange {
        let before = documents.profile
        let change = try screen(body)
        guard change.profile != before else {
            let result = try screen { () throws(ProfileError) in try documents.checkDisk() }
            return describe(ScreenChange(prefix: viewModel.alreadyNote(setting)), result)
        }
        let result = try screen { () throws(ProfileError) in try documents.apply(change, label: label, setting: setting) }
        // A value whose row is hidden changes no row: say where it went instead.
        var described = change.update.isEmpty ? ScreenChange(prefix: change.viewModel.hiddenNote(setting))
                                              : ScreenChange(update: change.update)
        described.suffix = ProfileRenderer.droppedNote(before: before, after: change.profile)
        return describe(described, result)
    }

    private func step(back: Bool) throws(ScreenError) -> ScreenChange? {
        let before = documents.profile
        guard let step = try screen({ () throws(ProfileError) in try documents.step(back: back) }) else { return nil }
        var described = ScreenChange(prefix: "\(back ? "undo" : "redo"): \(step.entry.label)\n", update: step.update,
                                     suffix: ProfileRenderer.droppedNote(before: before, after: documents.profile))
        // A value whose row is hidden changes no row: say where it went instead.
        if step.update.isEmpty {
            // An undone switch of the interval's mode names the mode the profile is back in.
            let setting = step.entry.setting.shownInMode == nil ? step.entry.setting : .interval(viewModel.intervalMode)
            described.prefix += viewModel.hiddenNote(setting)
            described.update = nil
        }
        return describe(described, step.result)
    }

    private func describe(_ change: ScreenChange, _ result: OpenDocuments.SaveResult) -> ScreenChange {
        guard case let .conflict(path) = result else { return change }
        var asking = change
        asking.suffix += """
            \(path) was changed by someone else (another editor or a script) since it was read.
            Reload theirs and drop your change (r), or keep yours and replace theirs (k)?

            """
        return asking
    }
}

/// The sound pickers: which bell (or the ambience) one is opened for, and its choice.
extension ProfileEditor {
    /// Sets the bell the picker was opened for (the bell picker's choice; nil for none).
    func setBell(_ choice: BellChoice?) throws(ScreenError) -> ScreenChange {
        guard case let .bell(slot) = pickerSetting else { preconditionFailure("the bell picker sets a bell") }
        let action = ProfileAction.setBell(slot, choice)
        return try change("set \(action.setting.name) \(choice.text)", action.setting) { () throws(ProfileError) in
            try viewModel.performing(action)
        }
    }

    var bellNames: [String] { BellSlot.allCases.map(\.shortName) }

    func openBellPicker(named name: String) throws(ScreenError) {
        let key = name.trimmingWhitespace().lowercased()
        if !key.isEmpty {
            guard let slot = BellSlot.allCases.first(where: { $0.shortName == key }) else {
                throw .usage("no bell \(quoted(name, limit: 40))\(didYouMean(name, in: bellNames)); bell takes \(bellNames.joined(separator: ", "))")
            }
            nextPickerSetting = .bell(slot)
        }
        openPicker()
    }

    /// Sets the ambience's sound (the ambience picker's choice), through the action `set` takes.
    func setAmbienceSound(_ sound: AmbienceSound) throws(ScreenError) -> ScreenChange {
        let action = ProfileAction.setAmbienceSound(sound)
        return try change("set \(action.setting.name) \(sound)", action.setting) { () throws(ProfileError) in
            try viewModel.performing(action)
        }
    }

    func openPicker() {
        pickerSetting = nextPickerSetting ?? .bell(.coolDown)
        nextPickerSetting = nil
        didRequestPicker?()
    }
}

/// Opening another profile, or a new one, in the editor.
extension ProfileEditor {
    func open(named text: String) throws(ScreenError) {
        try screen { () throws(ProfileError) in try documents.open(named: text) }
    }

    func create(named text: String) throws(ScreenError) {
        try screen { () throws(ProfileError) in try changes.create(named: text) }
    }
}

/// What the profile screen's commands take, for their help and completion.
extension ProfileEditor {
    var switchNames: [String] { Switch.allCases.map(\.rawValue) }
    var settingNames: [String] { Setting.allCases.map(\.name) }
    var bellRows: [RowPath] { rows { if case .bell = $0 { true } else { false } } }
    var soundRows: [(path: RowPath, title: String)] {
        Setting.allCases.filter { $0.valueKind == .soundscape }.map { (Self.path(of: $0), $0.title) }
    }
    /// The volume rows of a fixed place: a volume under rows a choice shows (the breathing's) moves.
    var volumeRows: [RowPath] {
        rows { setting in
            setting.valueKind == .percent && !Setting.allCases.contains { $0.section == setting.section && $0.shownWithChoice != nil }
        }
    }

    /// The rows of the settings `matching` picks, as numbered with every switch on.
    private func rows(_ matching: (Setting) -> Bool) -> [RowPath] {
        Setting.allCases.filter(matching).map(Self.path(of:))
    }

    /// With every switch on, every row shows, so a row's place is its row number.
    private static func path(of setting: Setting) -> RowPath {
        RowPath(section: setting.section.index, row: setting.position)
    }
    var choiceRows: (setting: String, noun: String, value: String, labels: [String])? {
        // The rows shown by a value of the row that chooses it (the Pattern row chooses the breathing's).
        let shown = Setting.allCases.filter { $0.shownWithChoice != nil }
        guard let choice = shown.first?.shownWithChoice else { return nil }
        let row = Setting.breathing(.pattern)
        let noun = row.label.lowercased()
        return ("\(row.section.title.lowercased()) \(noun)", noun, choice.name, shown.map(\.label))
    }
    var valueHelp: String {
        "  durations: \(TimerDuration.acceptedForms)\n  bells: \(BellChoice.grammar); the sounds are \(sounds().names.map { quoted($0) }.joined(separator: ", ")); \(BellSlot.noneNote)\n"
            + "  breathing: \(BreathingSetting.valueHelp)\n"
    }

    func valueCandidates(forSetting name: String) -> [String] {
        guard let setting = try? Setting(named: name) else { return [] }
        return candidates(setting)
    }

    func valueCandidates(forRowAt path: RowPath) -> [String] {
        viewModel.setting(at: path).map(candidates) ?? []
    }

    /// A length is free text: the question shows the current one instead.
    private func candidates(_ setting: Setting) -> [String] {
        setting.valueKind == .duration || setting.valueKind == .times ? [] : setting.valueKind.examples(sounds())
    }

    var answerCandidates: [String] {
        if documents.hasConflict { return ["r", "k"] }
        return asking.map(candidates) ?? []
    }

    func profileNames() -> [String] { listing.names() }

    func profilesTable() throws(ScreenError) -> ListTable { try listing.table() }
}

/// The way out of the editor's questions.
extension ProfileEditor {
    /// The conflict question says what Ctrl-C keeps (the question names r and k); a question for a
    /// length, times, a soundscape or a volume says that Enter keeps the value: `Enter keeps 02:00;
    /// Ctrl-C goes back`.
    var questionHelp: QuestionHelp? {
        if documents.hasConflict {
            return QuestionHelp(expects: "r or k", hint: "Ctrl-C keeps the version on disk and drops your change")
        }
        return asking.map { setting in
            QuestionHelp(expects: setting.valueKind.noun,
                         hint: "Enter keeps \(viewModel.text(of: setting)); Ctrl-C goes back")
        }
    }
}
