import ProfileKit

/// One run of the editor: the open profiles, their undo histories, and what the next line answers.
///
/// A session only computes: it takes lines and returns text. The caller reads the lines (readline or a
/// pipe) and prints what comes back. In interactive mode every change is saved at once; in script mode
/// the whole script is one transaction, saved by ``commit()``.
public final class Session {
    /// How changes reach the disk.
    public enum Mode: Sendable {
        /// Save every change at once; ask when the file changed underneath.
        case interactive
        /// Save nothing until ``commit()``; the script is all or nothing.
        case script
    }

    /// What a line produced.
    public struct Reply: Equatable, Sendable {
        /// Text for standard output.
        public var output: String
        /// The error, if the line failed; the session is unchanged then.
        public var error: SessionError?
        /// Whether the user asked to leave.
        public var quit: Bool

        init(_ output: String = "", error: SessionError? = nil, quit: Bool = false) {
            self.output = output
            self.error = error
            self.quit = quit
        }
    }

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
        case bell
        case conflict
    }

    /// How many changes undo remembers per profile.
    public static let undoLimit = 1000
    /// The longest line accepted, in bytes.
    public static let maximumLineLength = 4096

    let store: any ProfileStore
    public let mode: Mode
    /// How tables are drawn.
    public var options: RenderOptions
    private var documents: [String: Document] = [:]
    /// Keys of the documents in the order they were opened, for committing in that order.
    private var order: [String] = []
    private var currentKey: String
    private var pending: Pending?

    /// Opens `name`; with `createIfMissing`, a missing profile is created (the editor's `Default`).
    ///
    /// - Throws: ``ProfileError`` when the profile cannot be read or created.
    public init(store: any ProfileStore, name: String, createIfMissing: Bool = false, mode: Mode,
                options: RenderOptions = RenderOptions()) throws(ProfileError) {
        self.store = store
        self.mode = mode
        self.options = options
        self.currentKey = ""
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

    /// The name of the profile being edited.
    public var profileName: String { current.profile.name }

    /// The profile being edited, as shown.
    public var profile: Profile { current.profile }

    /// What readline shows before the cursor.
    public var prompt: String {
        switch pending {
        case let .value(_, title): "\(title): "
        case .bell: "bell (1-\(Bell.allCases.count) or a name): "
        case .conflict: "reload theirs (r) or keep yours (k)? "
        case nil: "profile:\(profileName)> "
        }
    }

    /// Text already typed when the prompt appears: the current value of a row being edited.
    public var prefill: String? {
        switch pending {
        case let .value(setting, _): currentValue(of: setting)
        case .bell: current.viewModel.bellName
        case .conflict, nil: nil
        }
    }

    /// The question being asked, for messages: `Cool Down duration`.
    public var question: String? {
        guard pending != nil else { return nil }
        return String(prompt.dropLast(2))
    }

    /// Whether the next line answers a question rather than being a command.
    public var isAsking: Bool { pending != nil }

    var pendingQuestion: Pending? { pending }

    /// What the editor shows when it starts: the sections as tables.
    public func welcome() -> String {
        ProfileRenderer.sections(current.viewModel, format: .table, options: options)
    }

    /// Handles one line as read, checking that it is text the editor can take.
    public func handle(bytes: [UInt8]) -> Reply {
        guard bytes.count <= Self.maximumLineLength else {
            return Reply(error: .usage("the line is \(bytes.count) bytes long; a line has at most \(Self.maximumLineLength)"))
        }
        guard let line = String(validating: bytes, as: UTF8.self) else {
            return Reply(error: .usage("the line is not valid UTF-8 text"))
        }
        if let bad = line.unicodeScalars.first(where: { $0.properties.generalCategory == .control && $0 != "\t" }) {
            let code = String(bad.value, radix: 16, uppercase: true)
            return Reply(error: .usage("the line contains the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code)"))
        }
        return handle(line)
    }

    /// Handles one line of text.
    public func handle(_ line: String) -> Reply {
        if let pending {
            return answer(pending, with: line.trimmingCharacters())
        }
        let trimmed = line.trimmingCharacters()
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return Reply() }
        do throws(SessionError) {
            return try run(try REPLCommand(parsing: trimmed), text: trimmed)
        } catch {
            return Reply(error: error)
        }
    }

    /// Ctrl-C or the end of input while a question is open: the question is dropped.
    public func cancelQuestion() -> String {
        guard let question = pending else { return "" }
        pending = nil
        if case .conflict = question {
            // Leaving the question open would leave an unsaved change; keep what is on disk.
            return (try? reloadFromDisk(note: "kept the version on disk; your last change was not saved")) ?? ""
        }
        return "unchanged\n"
    }

    // MARK: Commands

    private func run(_ command: REPLCommand, text: String) throws(SessionError) -> Reply {
        switch command {
        case let .show(section):
            return Reply(ProfileRenderer.sections(current.viewModel, only: section.map { [$0] }, format: .table, options: options))
        case let .toggle(toggle):
            return try change(text) { () throws(ProfileError) in try current.viewModel.toggling(toggle) }
        case let .set(setting, value):
            let action = try lift { () throws(ProfileError) in try setting.action(value: value) }
            return try change(text) { () throws(ProfileError) in try current.viewModel.performing(action) }
        case let .tap(path, value):
            return try tap(path, value: value, text: text)
        case .undo:
            return try step(back: true)
        case .redo:
            return try step(back: false)
        case .list:
            let entries = try lift { () throws(ProfileError) in try store.list() }
            // The session's own versions win: in a script they are not saved yet.
            var profiles: [String: Profile] = [:]
            for entry in entries { if case let .success(profile) = entry.result { profiles[ProfileName.key(profile.name)] = profile } }
            for (key, document) in documents { profiles[key] = document.profile }
            var output = ProfileRenderer.list(profiles.values.sorted { ProfileName.key($0.name) < ProfileName.key($1.name) },
                                              format: .table, options: options)
            for entry in entries { if case let .failure(error) = entry.result { output += "unreadable: \(error)\n" } }
            return Reply(output)
        case let .open(name):
            return try open(name)
        case let .new(name):
            return try create(name)
        case let .help(topic):
            return Reply(try Self.help(topic))
        case .quit:
            return Reply(quit: true)
        }
    }

    /// Applies a change to the current profile, remembers it for undo, saves it (interactive mode)
    /// and describes it.
    private func change(_ label: String, _ body: () throws(ProfileError) -> ProfileChange) throws(SessionError) -> Reply {
        let result = try lift(body)
        var document = current
        let before = document.profile
        document.undo.append((before, label))
        if document.undo.count > Self.undoLimit { document.undo.removeFirst() }
        document.redo = []
        document.profile = result.profile
        current = document
        return try saved(result.update, undoing: before)
    }

    /// Saves the current document (interactive mode) and describes `update`; a failed save puts the
    /// profile back as it was, except a conflict, which asks.
    private func saved(_ update: TableUpdate, undoing before: Profile, prefix: String = "") throws(SessionError) -> Reply {
        let description = prefix + describe(update)
        guard mode == .interactive, let stored = current.stored else { return Reply(description) }
        do throws(ProfileError) {
            current.stored = try store.save(current.profile, basedOn: stored.revision)
            return Reply(description)
        } catch {
            if case let .conflict(path) = error {
                pending = .conflict
                return Reply(description + """
                    \(path) was changed by someone else (another editor or a script) since it was read.
                    Reload theirs and drop your change (r), or keep yours and replace theirs (k)?

                    """)
            }
            var document = current
            document.profile = before
            if !document.undo.isEmpty { document.undo.removeLast() }
            current = document
            throw .profile(error)
        }
    }

    private func describe(_ update: TableUpdate) -> String {
        var output = ProfileRenderer.updateRows(update)
        let sections = update.sections.map(\.section)
        guard !sections.isEmpty else { return output }
        let marked = Set(update.sections.flatMap { section in
            section.insertedRows.map { IndexPath(section: section.section, row: $0) }
        })
        output += ProfileRenderer.sections(current.viewModel, only: sections, format: .table, options: options, marked: marked)
        return output
    }

    private func step(back: Bool) throws(SessionError) -> Reply {
        var document = current
        guard let entry = back ? document.undo.popLast() : document.redo.popLast() else {
            return Reply(back ? "nothing to undo\n" : "nothing to redo\n")
        }
        let before = document.profile
        let oldSections = document.viewModel.sections
        (back ? { document.redo.append((before, entry.label)) } : { document.undo.append((before, entry.label)) })()
        document.profile = entry.profile
        current = document
        let update = TableUpdate(from: oldSections, to: document.viewModel.sections)
        do throws(SessionError) {
            return try saved(update, undoing: before, prefix: "\(back ? "undo" : "redo"): \(entry.label)\n")
        } catch {
            // Put the stacks back as they were too.
            var restored = current
            if back { restored.redo.removeLast(); restored.undo.append(entry) } else { restored.undo.removeLast(); restored.redo.append(entry) }
            current = restored
            throw error
        }
    }

    private func tap(_ path: IndexPath, value: String?, text: String) throws(SessionError) -> Reply {
        let viewModel = current.viewModel
        guard let row = viewModel.row(at: path) else {
            let rows = viewModel.numberOfRows(inSection: path.section)
            if rows == 0 { throw .usage("no section \(path.section); the sections are 0 (Time), 1 (Warm Up) and 2 (Cool Down)") }
            let title = ProfileViewModel.sectionTypes[path.section].title
            throw .usage("no row \(path); \(title) has rows \(path.section).0 to \(path.section).\(rows - 1)")
        }
        switch row.id {
        case "warmup.enabled": return try change(text) { () throws(ProfileError) in try viewModel.toggling(.warmup) }
        case "cooldown.enabled": return try change(text) { () throws(ProfileError) in try viewModel.toggling(.cooldown) }
        case "cooldown.bells": return try change(text) { () throws(ProfileError) in try viewModel.toggling(.cooldownBells) }
        case "cooldown.bell":
            if let value { return try answerBell(value, label: text) }
            pending = .bell
            return Reply(Bell.allCases.enumerated().map { "  \($0.offset + 1) \($0.element.rawValue)" }.joined(separator: "\n") + "\n")
        default:
            let setting: Setting = switch row.id {
            case "warmup.duration": .warmupDuration
            case "cooldown.duration": .cooldownDuration
            default: .duration
            }
            if let value {
                let action = try lift { () throws(ProfileError) in try setting.action(value: value) }
                return try change(text) { () throws(ProfileError) in try viewModel.performing(action) }
            }
            pending = .value(setting, title: "\(ProfileViewModel.sectionTypes[path.section].title) duration")
            return Reply()
        }
    }

    private func answer(_ question: Pending, with text: String) -> Reply {
        switch question {
        case let .value(setting, _):
            pending = nil
            guard !text.isEmpty else { return Reply("unchanged\n") }
            do throws(SessionError) {
                let action = try lift { () throws(ProfileError) in try setting.action(value: text) }
                return try change("set \(setting.rawValue) \(text)") { () throws(ProfileError) in
                    try current.viewModel.performing(action)
                }
            } catch {
                return Reply(error: error)
            }
        case .bell:
            pending = nil
            guard !text.isEmpty else { return Reply("unchanged\n") }
            do throws(SessionError) {
                return try answerBell(text, label: "set cooldown.bell \(text)")
            } catch {
                return Reply(error: error)
            }
        case .conflict:
            switch text.lowercased() {
            case "r", "reload":
                pending = nil
                do throws(ProfileError) {
                    return Reply(try reloadFromDisk(note: "reloaded \(profileName) from disk; your change was dropped"))
                } catch {
                    return Reply(error: .profile(error))
                }
            case "k", "keep":
                do throws(ProfileError) {
                    let latest = try store.load(profileName)
                    current.stored = try store.save(current.profile, basedOn: latest.revision)
                    pending = nil
                    return Reply("kept your version of \(profileName)\n")
                } catch {
                    return Reply(error: .profile(error))
                }
            default:
                return Reply(error: .usage("answer r to reload theirs or k to keep yours"))
            }
        }
    }

    private func answerBell(_ text: String, label: String) throws(SessionError) -> Reply {
        let bell: Bell
        if let number = Int(text), Bell.allCases.indices.contains(number - 1) {
            bell = Bell.allCases[number - 1]
        } else {
            bell = try lift { () throws(ProfileError) in try Bell(named: text) }
        }
        return try change(label.hasPrefix("tap") ? label : "set cooldown.bell \(bell.rawValue)") { () throws(ProfileError) in
            try current.viewModel.performing(.setBell(bell))
        }
    }

    private func reloadFromDisk(note: String) throws(ProfileError) -> String {
        let stored = try store.load(profileName)
        var document = current
        document.stored = stored
        document.profile = stored.profile
        document.undo = []
        document.redo = []
        current = document
        return note + "\n" + welcome()
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
        }
    }

    private func open(_ name: String) throws(SessionError) -> Reply {
        let key = try lift { () throws(ProfileError) in try ProfileName(validating: name) }.key
        if documents[key] == nil {
            let stored = try lift { () throws(ProfileError) in try store.load(name) }
            add(Document(stored: stored, profile: stored.profile), key: key)
        }
        currentKey = key
        return Reply(welcome())
    }

    private func create(_ name: String) throws(SessionError) -> Reply {
        let valid = try lift { () throws(ProfileError) in try ProfileName(validating: name) }
        if let existing = documents[valid.key] { throw .profile(.profileExists(existing.profile.name)) }
        let profile = Profile(name: valid.value)
        switch mode {
        case .interactive:
            let stored = try lift { () throws(ProfileError) in try store.create(profile) }
            add(Document(stored: stored, profile: stored.profile), key: valid.key)
        case .script:
            if let names = try? store.names(), let existing = names.first(where: { ProfileName.key($0) == valid.key }) {
                throw .profile(.profileExists(existing))
            }
            add(Document(stored: nil, profile: profile), key: valid.key)
        }
        currentKey = valid.key
        return Reply(welcome())
    }

    // MARK: Script mode

    /// Saves every profile the script changed or created, in the order they were opened.
    ///
    /// - Returns: the names written.
    /// - Throws: ``ProfileError/conflict(path:)`` when a file changed while the script ran; nothing of
    ///   that profile is written then.
    @discardableResult
    public func commit() throws(ProfileError) -> [String] {
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

    // MARK: Help

    static func help(_ topic: String?) throws(SessionError) -> String {
        guard let topic else {
            let width = REPLCommand.catalog.map(\.usage.count).max() ?? 0
            return REPLCommand.catalog.map { "  \($0.usage.padding(to: width))  \($0.summary)" }.joined(separator: "\n")
                + "\n\nRows are named SECTION.ROW as the tables show them (2.1). Tab completes; Ctrl-C drops the line.\n"
        }
        guard let entry = REPLCommand.catalog.first(where: { $0.name == topic }) else {
            let suggestion = didYouMean(topic, in: REPLCommand.names)
            throw .usage("no command \(quoted(topic))\(suggestion); type help for the commands")
        }
        var text = "\(entry.usage)\n  \(entry.summary)\n"
        switch entry.name {
        case "set":
            text += "  settings: " + Setting.allCases.map(\.rawValue).joined(separator: ", ") + "\n"
            text += "  durations: \(Duration.acceptedForms)\n  bells: \(Bell.catalogList)\n"
        case "toggle":
            text += "  switches: " + Switch.allCases.map(\.rawValue).joined(separator: ", ") + "\n"
        case "tap":
            text += "  a switch row flips; a duration row asks for the new time with the current one to edit;\n"
            text += "  the bell row lists the bells to pick from. tap 2.1 7:30 sets the value at once.\n"
        case "show":
            text += "  sections: time (0), warmup (1), cooldown (2)\n"
        default:
            break
        }
        return text
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
