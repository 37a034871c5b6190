import ProfileKit
import Screens
import TableKit

/// How changes reach the disk.
package enum EditMode: Sendable {
    /// Save every change at once; ask when the file changed underneath.
    case interactive
    /// Save nothing until ``Session/commit()``; the script is all or nothing.
    case script
}

/// The profile screen's view model: the open profiles, their undo histories, saving, and the
/// questions a tap or a conflict asks.
final class ProfileEditor: ProfileScreenModel {
    /// An open profile: what is on disk, what is shown, and how to go back.
    struct Document {
        /// The version on disk this document is based on; nil for a profile not yet created (script mode).
        var stored: StoredProfile?
        var profile: Profile
        var undo: [(profile: Profile, label: String)] = []
        var redo: [(profile: Profile, label: String)] = []
        var viewModel: ProfileViewModel { ProfileViewModel(profile: profile) }
        var isDirty: Bool { stored?.profile != profile }
    }

    /// What the next line answers, when it is not a command.
    enum Pending {
        case value(Setting, title: String)
        case conflict
    }

    /// Which bell the bell picker chooses.
    enum PickerTarget {
        case coolDown, intervals

        var setting: Setting { self == .coolDown ? .cooldownBell : .intervalsBell }

        func action(_ bell: Bell) -> ProfileAction {
            self == .coolDown ? .setBell(bell) : .setIntervalBell(bell)
        }
    }

    static let undoLimit = 1000

    let store: any ProfileStore
    let mode: EditMode
    private var documents: [String: Document] = [:]
    /// Keys of the documents in the order they were opened, for committing in that order.
    private var order: [String] = []
    private var currentKey = ""
    private var pending: Pending?
    /// The bell the open picker chooses, and the one a tap asked the next picker to choose.
    private(set) var pickerTarget = PickerTarget.coolDown
    private var nextPickerTarget: PickerTarget?

    /// Told when the bell picker should open.
    var didRequestBellPicker: (() -> Void)?
    /// Told when another profile is opened.
    var didOpenProfile: ((String) -> Void)?

    init(store: any ProfileStore, name: String, createIfMissing: Bool, mode: EditMode) throws(ProfileError) {
        self.store = store
        self.mode = mode
        let document: Document
        do {
            let stored = try store.load(name)
            document = Document(stored: stored, profile: stored.profile)
        } catch {
            guard createIfMissing, case .profileNotFound = error else { throw error }
            let profile = Profile(name: try ProfileName(validating: name).value)
            // A script creates it with its other changes, so a failing script leaves no trace.
            let stored = mode == .interactive ? try store.create(profile) : nil
            document = Document(stored: stored, profile: profile)
        }
        currentKey = ProfileName.key(document.profile.name)
        add(document, key: currentKey)
    }

    private func add(_ document: Document, key: String) {
        documents[key] = document
        if !order.contains(key) { order.append(key) }
    }

    private var current: Document {
        get { documents[currentKey] ?? Document(stored: nil, profile: Profile(name: "?")) }
        set { documents[currentKey] = newValue }
    }

    var profile: Profile { current.profile }
    var name: String { current.profile.name }
    var sections: [TableSection] { current.viewModel.sections }
    var isAsking: Bool { pending != nil }

    /// The open profiles as the session holds them, for listings in script mode.
    var openProfiles: [Profile] { order.compactMap { documents[$0]?.profile } }

    var question: (prompt: String, prefill: String?)? {
        switch pending {
        case let .value(setting, title): ("\(title): ", currentValue(of: setting))
        case .conflict: ("reload theirs (r) or keep yours (k)? ", nil)
        case nil: nil
        }
    }

    // MARK: Actions

    func toggle(named text: String) throws(ScreenError) -> ScreenChange {
        let toggle = try screen { () throws(ProfileError) in try Switch(named: text) }
        return try change("toggle \(text)") { () throws(ProfileError) in try current.viewModel.toggling(toggle) }
    }

    func set(named text: String, value: String) throws(ScreenError) -> ScreenChange {
        let action = try screen { () throws(ProfileError) in try Setting(named: text).action(value: value) }
        let label = "set \(text) \(value)"
        return try change(label) { () throws(ProfileError) in try current.viewModel.performing(action) }
    }

    /// Sets the bell the picker was opened for (the bell picker's choice).
    func setBell(_ bell: Bell) throws(ScreenError) -> ScreenChange {
        let target = pickerTarget
        return try change("set \(target.setting.rawValue) \(bell.rawValue)") { () throws(ProfileError) in
            try current.viewModel.performing(target.action(bell))
        }
    }

    /// The bell the picker shows as the profile's own: the cool-down's or the intervals'.
    var pickerBell: String {
        switch pickerTarget {
        case .coolDown: current.viewModel.bellName
        case .intervals: current.viewModel.intervalBellName
        }
    }

    func tap(at path: RowPath, value: String?) throws(ScreenError) -> TapResult {
        let viewModel = current.viewModel
        guard let row = viewModel.row(at: path) else {
            let rows = viewModel.numberOfRows(inSection: path.section)
            if rows == 0 {
                let sections = ProfileViewModel.sectionKinds.map { "\($0.rawValue) (\($0.title))" }
                throw ScreenError("no section \(path.section); the sections are \(sections.dropLast().joined(separator: ", ")) and \(sections.last ?? "")")
            }
            let title = ProfileViewModel.sectionKinds[path.section].title
            throw ScreenError("no row \(path); \(title) has rows \(path.section).0 to \(path.section).\(rows - 1)")
        }
        let label = "tap \(path)" + (value.map { " \($0)" } ?? "")
        switch row.id {
        case "warmup.enabled": return .changed(try change(label) { () throws(ProfileError) in try viewModel.toggling(.warmup) })
        case "cooldown.enabled": return .changed(try change(label) { () throws(ProfileError) in try viewModel.toggling(.cooldown) })
        case "cooldown.bells": return .changed(try change(label) { () throws(ProfileError) in try viewModel.toggling(.cooldownBells) })
        case "intervals.enabled": return .changed(try change(label) { () throws(ProfileError) in try viewModel.toggling(.intervals) })
        case "cooldown.bell", "intervals.bell":
            let target: PickerTarget = row.id == "cooldown.bell" ? .coolDown : .intervals
            if let value {
                let bell = try screen { () throws(ProfileError) in try Bell(named: value) }
                return .changed(try change(label) { () throws(ProfileError) in try viewModel.performing(target.action(bell)) })
            }
            nextPickerTarget = target
            return .openBellPicker
        default:
            let setting: Setting = switch row.id {
            case "warmup.duration": .warmupDuration
            case "cooldown.duration": .cooldownDuration
            case "intervals.every": .intervalsEvery
            default: .duration
            }
            if let value {
                let action = try screen { () throws(ProfileError) in try setting.action(value: value) }
                return .changed(try change(label) { () throws(ProfileError) in try viewModel.performing(action) })
            }
            let title = setting == .intervalsEvery ? "Interval" : "\(ProfileViewModel.sectionKinds[path.section].title) duration"
            pending = .value(setting, title: title)
            return .asking("")
        }
    }

    func undo() throws(ScreenError) -> ScreenChange? { try step(back: true) }
    func redo() throws(ScreenError) -> ScreenChange? { try step(back: false) }

    func answer(_ text: String) throws(ScreenError) -> ScreenChange {
        let text = text.trimmingCharacters()
        switch pending {
        case let .value(setting, _):
            pending = nil
            guard !text.isEmpty else { return ScreenChange(prefix: "unchanged\n") }
            let action = try screen { () throws(ProfileError) in try setting.action(value: text) }
            return try change("set \(setting.rawValue) \(text)") { () throws(ProfileError) in
                try current.viewModel.performing(action)
            }
        case .conflict:
            switch text.lowercased() {
            case "r", "reload":
                pending = nil
                return try screen { () throws(ProfileError) in
                    try reloadFromDisk(note: "reloaded \(name) from disk; your change was dropped")
                }
            case "k", "keep":
                try screen { () throws(ProfileError) in
                    let latest = try store.load(name)
                    current.stored = try store.save(current.profile, basedOn: latest.revision)
                }
                pending = nil
                return ScreenChange(prefix: "kept your version of \(name)\n")
            default:
                throw ScreenError("answer r to reload theirs or k to keep yours")
            }
        case nil:
            return ScreenChange()
        }
    }

    func cancelQuestion() -> String {
        guard let question = pending else { return "" }
        pending = nil
        if case .conflict = question {
            // Leaving the question open would leave an unsaved change; keep what is on disk.
            guard let change = try? reloadFromDisk(note: "kept the version on disk; your last change was not saved") else { return "" }
            return change.prefix + SectionText.tables(sections.enumerated().map { ($0.offset, $0.element) })
        }
        return "unchanged\n"
    }

    func entries() throws(ScreenError) -> [ProfileEntry] {
        try Self.entries(store: store, open: openProfiles)
    }

    /// Every profile in the store, with the session's own versions winning (in a script they are not
    /// saved yet), sorted by name.
    static func entries(store: any ProfileStore, open: [Profile]) throws(ScreenError) -> [ProfileEntry] {
        let listed = try screen { () throws(ProfileError) in try store.list() }
        var profiles: [String: Profile] = [:]
        for entry in listed { if case let .success(profile) = entry.result { profiles[ProfileName.key(profile.name)] = profile } }
        for profile in open { profiles[ProfileName.key(profile.name)] = profile }
        return profiles.values.sorted { ProfileName.key($0.name) < ProfileName.key($1.name) }.map { profile in
            let model = ProfileViewModel(profile: profile)
            return ProfileEntry(name: profile.name, time: model.mainTime, total: model.totalTime,
                                warmUp: model.isOn(.warmup) ? model.time(for: .warmUp) : "off",
                                coolDown: model.isOn(.cooldown) ? model.time(for: .coolDown) : "off",
                                bell: model.isOn(.cooldown) && model.isOn(.cooldownBells) ? model.bellName : "off",
                                intervals: model.isOn(.intervals) ? model.intervalTime : "off")
        }
    }

    func open(named text: String) throws(ScreenError) {
        let key = try screen { () throws(ProfileError) in try ProfileName(validating: text) }.key
        if documents[key] == nil {
            let stored = try screen { () throws(ProfileError) in try store.load(text) }
            add(Document(stored: stored, profile: stored.profile), key: key)
        }
        currentKey = key
        didOpenProfile?(name)
    }

    func create(named text: String) throws(ScreenError) {
        let valid = try screen { () throws(ProfileError) in try ProfileName(validating: text) }
        if let existing = documents[valid.key] { throw ScreenError(ProfileError.profileExists(existing.profile.name).description) }
        let profile = Profile(name: valid.value)
        switch mode {
        case .interactive:
            let stored = try screen { () throws(ProfileError) in try store.create(profile) }
            add(Document(stored: stored, profile: stored.profile), key: valid.key)
        case .script:
            if let names = try? store.names(), let existing = names.first(where: { ProfileName.key($0) == valid.key }) {
                throw ScreenError(ProfileError.profileExists(existing).description)
            }
            add(Document(stored: nil, profile: profile), key: valid.key)
        }
        currentKey = valid.key
        didOpenProfile?(name)
    }

    func openBellPicker() {
        pickerTarget = nextPickerTarget ?? .coolDown
        nextPickerTarget = nil
        didRequestBellPicker?()
    }

    // MARK: Changes and saving

    /// Applies a change to the current profile, remembers it for undo and saves it (interactive mode).
    private func change(_ label: String, _ body: () throws(ProfileError) -> ProfileChange) throws(ScreenError) -> ScreenChange {
        let result = try screen(body)
        var document = current
        let before = document.profile
        document.undo.append((before, label))
        if document.undo.count > Self.undoLimit { document.undo.removeFirst() }
        document.redo = []
        document.profile = result.profile
        current = document
        return try saved(result.update, undoing: before)
    }

    /// Saves the current document (interactive mode); a failed save puts the profile back as it was,
    /// except a conflict, which asks.
    private func saved(_ update: TableUpdate, undoing before: Profile, prefix: String = "") throws(ScreenError) -> ScreenChange {
        let change = ScreenChange(prefix: prefix, update: update)
        guard mode == .interactive, let stored = current.stored else { return change }
        do throws(ProfileError) {
            current.stored = try store.save(current.profile, basedOn: stored.revision)
            return change
        } catch {
            if case let .conflict(path) = error {
                pending = .conflict
                var asking = change
                asking.suffix = """
                    \(path) was changed by someone else (another editor or a script) since it was read.
                    Reload theirs and drop your change (r), or keep yours and replace theirs (k)?

                    """
                return asking
            }
            var document = current
            document.profile = before
            if !document.undo.isEmpty { document.undo.removeLast() }
            current = document
            throw ScreenError(error.description)
        }
    }

    private func step(back: Bool) throws(ScreenError) -> ScreenChange? {
        var document = current
        guard let entry = back ? document.undo.popLast() : document.redo.popLast() else { return nil }
        let before = document.profile
        let oldSections = document.viewModel.sections
        if back { document.redo.append((before, entry.label)) } else { document.undo.append((before, entry.label)) }
        document.profile = entry.profile
        current = document
        let update = TableUpdate(from: oldSections, to: document.viewModel.sections)
        do throws(ScreenError) {
            return try saved(update, undoing: before, prefix: "\(back ? "undo" : "redo"): \(entry.label)\n")
        } catch {
            var restored = current
            if back { restored.redo.removeLast(); restored.undo.append(entry) } else { restored.undo.removeLast(); restored.redo.append(entry) }
            current = restored
            throw error
        }
    }

    private func reloadFromDisk(note: String) throws(ProfileError) -> ScreenChange {
        let stored = try store.load(name)
        var document = current
        document.stored = stored
        document.profile = stored.profile
        document.undo = []
        document.redo = []
        current = document
        return ScreenChange(prefix: note + "\n", showAll: true)
    }

    private func currentValue(of setting: Setting) -> String {
        let viewModel = current.viewModel
        return switch setting {
        case .duration: viewModel.mainTime
        case .warmupDuration: viewModel.time(for: .warmUp)
        case .cooldownDuration: viewModel.time(for: .coolDown)
        case .cooldownBell: viewModel.bellName
        case .warmup: viewModel.isOn(.warmup) ? "on" : "off"
        case .cooldown: viewModel.isOn(.cooldown) ? "on" : "off"
        case .cooldownBells: viewModel.isOn(.cooldownBells) ? "on" : "off"
        case .intervals: viewModel.isOn(.intervals) ? "on" : "off"
        case .intervalsEvery: viewModel.intervalTime
        case .intervalsBell: viewModel.intervalBellName
        }
    }

    /// Saves every profile the script changed or created, in the order they were opened.
    func commit() throws(ProfileError) -> [String] {
        var written: [String] = []
        for key in order {
            guard var document = documents[key], document.isDirty else { continue }
            if let stored = document.stored {
                document.stored = try store.save(document.profile, basedOn: stored.revision)
            } else {
                document.stored = try store.create(document.profile)
            }
            documents[key] = document
            written.append(document.profile.name)
        }
        return written
    }
}

/// Runs a ProfileKit call, reporting its error in the user's words.
func screen<T>(_ body: () throws(ProfileError) -> T) throws(ScreenError) -> T {
    do {
        return try body()
    } catch {
        throw ScreenError(error.description)
    }
}

extension String {
    func trimmingCharacters() -> String {
        guard let start = firstIndex(where: { !$0.isWhitespace }), let end = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[start...end])
    }
}
