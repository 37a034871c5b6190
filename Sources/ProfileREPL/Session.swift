import Players
import ProfileKit
import Screens
import Sitting
import TableKit
import TextSupport

/// One run of the editor: the coordinator of its screens.
///
/// The session owns navigation. It keeps a stack of screens — profiles, a profile, a sound picker —
/// reads each line once, routes it to a command of the screen on top (or to its own `back`, `help`
/// and `quit`), and decides what opens next when a view model reports an outcome (`didSelectProfile`,
/// `didPick`). It only computes: the caller reads lines and prints what comes back.
package final class Session {
    package typealias Mode = EditMode

    /// What a line produced.
    package struct Reply: Equatable, Sendable {
        /// Text for standard output.
        package var output: String
        /// The error, if the line failed; the session is unchanged then.
        package var error: EditorError?
        /// Whether the user asked to leave.
        package var quit: Bool

        init(_ output: String = "", error: EditorError? = nil, quit: Bool = false) {
            self.output = output
            self.error = error
            self.quit = quit
        }
    }

    /// The longest line accepted, in bytes.
    package static let maximumLineLength = 4096

    package let mode: Mode
    /// How tables are drawn.
    package var options: RenderOptions
    let documents: OpenDocuments
    let editor: ProfileEditor
    private let profiles: ProfilesViewModel
    let profileScreen: ProfileScreen
    let player: BellPlayer
    /// The sounds that can be chosen, read again each time a bell is picked or set.
    let sounds: () -> SoundCatalog
    var stack: [Screen] = []
    /// Text and an error a view model's outcome produced while a command ran, reported after it.
    var pendingOutput = ""
    var pendingError: EditorError?
    var quitRequested = false

    /// Opens `name` on the profile screen, over the profiles screen; with `createIfMissing`, a missing
    /// profile is created (the editor's `Default`).
    /// - Parameters:
    ///   - runSit: runs a sit for `run` (the executable's `profile run`); nil where none can, as `run` says.
    ///   - timeOfDay: the time of day now on the process's local clock, for `plan now`; midnight in a test.
    package init(store: any ProfileStore, name: String, createIfMissing: Bool = false, mode: Mode,
                 options: RenderOptions = RenderOptions(), player: BellPlayer = NamingBellPlayer(),
                 sounds: @escaping () -> SoundCatalog = { .builtIn }, runSit: SitRunner? = nil,
                 timeOfDay: @escaping () -> ClockTime = { ClockTime(secondsSinceMidnight: 0) }) throws(ProfileError) {
        self.mode = mode
        self.options = options
        self.player = player
        self.sounds = sounds
        documents = try OpenDocuments(store: store, name: name, createIfMissing: createIfMissing, mode: mode)
        let listing = ProfileListing(store: store, documents: documents)
        let changes = StoreChanges(store: store, documents: documents)
        editor = ProfileEditor(documents: documents, listing: listing, changes: changes, sounds: sounds)
        profiles = ProfilesViewModel(documents: documents, listing: listing, changes: changes)
        profileScreen = ProfileScreen(model: editor)
        stack = [ProfilesScreen(model: profiles), profileScreen]
        editor.didRequestPicker = { [unowned self] in openPicker() }
        editor.runSit = runSit
        editor.timeOfDay = timeOfDay
        profiles.didSelectProfile = { [unowned self] in showProfile() }
    }

    deinit {
        for screen in stack { screen.close() }
    }

    // MARK: Coordination

    var top: Screen { stack[stack.count - 1] }

    private func showProfile() {
        while stack.count > 1 { stack.removeLast().close() }
        stack.append(profileScreen)
        pendingOutput += profileScreen.render(options: options)
    }

    // MARK: The caller's view

    /// The profile being edited.
    package var profile: Profile { documents.profile }
    /// The name of the profile being edited.
    package var profileName: String { documents.name }

    /// The names of the screens on the stack, bottom first, for tests.
    package var screenPath: [String] {
        stack.map { screen in
            switch screen {
            case is ProfilesScreen: "profiles"
            case let picker as SoundPickerScreen: picker.choosesBell ? "bell" : "ambience sound"
            default: "profile"
            }
        }
    }

    /// What readline shows before the cursor: the question being asked, or where you are
    /// (`profile:Morning/bell> `).
    package var prompt: String {
        if let question = top.question { return question }
        let path = stack.compactMap(\.pathComponent)
        return path.isEmpty ? "profile> " : "profile:\(path.joined(separator: "/"))> "
    }

    /// Whether the next line answers a question rather than being a command.
    package var isAsking: Bool { top.question != nil }

    /// The question being asked, for messages: `Cool Down duration [05:00]`.
    package var question: String? {
        guard var text = top.question?.trimmingWhitespace() else { return nil }
        if text.hasSuffix(":") { text.removeLast() }
        return text
    }

    /// The profile opening created (the editor's `Default` on first use), if it did; in a script it is
    /// created when the script commits.
    package var createdProfile: String? { documents.createdOnOpen ? documents.openProfiles.first?.name : nil }

    /// What the editor shows when it starts: the profile's sections as tables, after a line saying so
    /// when the profile was just created.
    package func welcome() -> String {
        wrapped((createdProfile.map { "created the profile \(quoted($0))\n" } ?? "") + top.render(options: options))
    }

    // MARK: Lines

    /// What a line that is not UTF-8 text gets, whether the session found it or the terminal's reader did.
    package static let notText = EditorError.usage("the line is not valid UTF-8 text")

    /// Handles one line as read, checking that it is text the editor can take.
    package func handle(bytes: [UInt8]) -> Reply {
        guard bytes.count <= Self.maximumLineLength else {
            return Reply(error: .usage("the line is \(bytes.count) bytes long; a line has at most \(Self.maximumLineLength)"))
        }
        guard let line = String(validating: bytes, as: UTF8.self) else { return Reply(error: Self.notText) }
        if let bad = line.unicodeScalars.first(where: { $0.properties.generalCategory == .control && $0 != "\t" }) {
            return Reply(error: .usage("the line contains the control character \(codePoint(bad))"))
        }
        return handle(line)
    }

    /// Handles one line of text.
    package func handle(_ line: String) -> Reply {
        pendingOutput = ""
        pendingError = nil
        quitRequested = false
        if isAsking {
            let help = top.questionHelp
            var reply = finish { () throws(ScreenError) in try top.answer(line, options: options) }
            if let error = reply.error, let help, isAsking, error.scriptCategory == .data {
                reply.error = refusal(of: line, error, help)
            }
            return reply
        }
        let trimmed = line.trimmingWhitespace()
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return Reply() }
        let input = CommandInput(parsing: trimmed)
        guard let command = command(named: input.name) else {
            if let hint = top.hint(forUnknown: trimmed) { return Reply(error: .usage("no command \(quoted(input.name)); \(hint)")) }
            return Reply(error: unknownCommand(input.name))
        }
        return finish { () throws(ScreenError) in try command.perform(input, options: options) }
    }

    /// Ctrl-C, Ctrl-D or the end of input while a question is open: the question is dropped, and
    /// what it would have changed stays as it was.
    package func cancelQuestion() -> String {
        wrapped(top.cancelQuestion(options: options))
    }

    /// Saves every profile the script changed or created, in the order they were opened.
    ///
    /// - Throws: ``ProfileError/conflict(path:)`` when a file changed while the script ran; nothing of
    ///   that profile is written then.
    @discardableResult
    package func commit() throws(ProfileError) -> [String] {
        try documents.commit()
    }
}

extension Session {
    /// Runs a command or an answer: its output and what its outcomes added, wrapped to the width; a
    /// question it opened says on a terminal what Enter keeps and how to leave.
    private func finish(_ body: () throws(ScreenError) -> String) -> Reply {
        let wasAsking = isAsking
        do throws(ScreenError) {
            var output = try body() + pendingOutput
            if !wasAsking, mode == .interactive, let help = top.questionHelp { output += help.hint + "\n" }
            return Reply(wrapped(output), error: pendingError, quit: quitRequested)
        } catch {
            return Reply(error: EditorError(error))
        }
    }
}

/// Runs a sit of `profile` with `options` as `profile run` takes them (`--speed 60`, `--open`), and says
/// what to print after it; throws what would have failed `profile run`.
package typealias SitRunner = (_ profile: Profile, _ options: [String]) throws(CarriedError) -> String
