import ProfileKit
import Screens
import TextSupport
import TableKit

/// Why a line of the editor failed, in the user's words.
package struct SessionError: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String

    /// A line the editor refused.
    package static func usage(_ message: String) -> SessionError { SessionError(message: message) }

    package var description: String { message }
}

/// One run of the editor: the coordinator of its screens.
///
/// The session owns navigation. It keeps a stack of screens — profiles, a profile, the bell picker —
/// routes each line to the top one (or answers `back`, `help`, `quit` itself), and decides what opens
/// next when a view model reports an outcome (`didSelectProfile`, `didPickBell`). It only computes:
/// the caller reads lines and prints what comes back.
package final class Session {
    package typealias Mode = EditMode

    /// What a line produced.
    package struct Reply: Equatable, Sendable {
        /// Text for standard output.
        package var output: String
        /// The error, if the line failed; the session is unchanged then.
        package var error: SessionError?
        /// Whether the user asked to leave.
        package var quit: Bool

        init(_ output: String = "", error: SessionError? = nil, quit: Bool = false) {
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
    let editor: ProfileEditor
    private let profiles: ProfilesViewModel
    let profileScreen: ProfileScreen
    private let player: BellPlayer
    private var stack: [Screen] = []
    /// Text a view model's outcome produced while a screen handled a line, printed after it.
    private var pendingOutput = ""

    /// Opens `name` on the profile screen, over the profiles screen; with `createIfMissing`, a missing
    /// profile is created (the editor's `Default`).
    package init(store: any ProfileStore, name: String, createIfMissing: Bool = false, mode: Mode,
                options: RenderOptions = RenderOptions(), player: BellPlayer = NamingBellPlayer()) throws(ProfileError) {
        self.mode = mode
        self.options = options
        self.player = player
        editor = try ProfileEditor(store: store, name: name, createIfMissing: createIfMissing, mode: mode)
        profiles = ProfilesViewModel(editor: editor)
        profileScreen = ProfileScreen(model: editor)
        stack = [ProfilesScreen(model: profiles), profileScreen]
        editor.didRequestBellPicker = { [unowned self] in openBellPicker() }
        profiles.didSelectProfile = { [unowned self] _ in showProfile() }
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

    private func openBellPicker() {
        let picker = BellPickerViewModel(current: { [unowned self] in editor.pickerBell }, player: player)
        picker.didPickBell = { [unowned self] bell in didPickBell(bell) }
        let screen = BellPickerScreen(model: picker)
        stack.append(screen)
        pendingOutput += screen.render(options: options)
    }

    private func didPickBell(_ bell: Bell) {
        if top is BellPickerScreen { stack.removeLast().close() }
        do throws(ScreenError) {
            let change = try editor.setBell(bell)
            pendingOutput += profileScreen.describe(change, options: options)
        } catch {
            pendingError = SessionError(message: error.message)
        }
    }

    private var pendingError: SessionError?

    // MARK: The caller's view

    /// The profile being edited.
    package var profile: Profile { editor.profile }
    /// The name of the profile being edited.
    package var profileName: String { editor.name }

    /// The names of the screens on the stack, bottom first, for tests.
    package var screenPath: [String] {
        stack.map { screen in
            switch screen {
            case is ProfilesScreen: "profiles"
            case is BellPickerScreen: "bell"
            default: "profile"
            }
        }
    }

    /// What readline shows before the cursor: the question being asked, or where you are
    /// (`profile:Morning/bell> `).
    package var prompt: String {
        if top === profileScreen, let question = editor.question { return question.prompt }
        let path = stack.compactMap(\.pathComponent)
        return path.isEmpty ? "profile> " : "profile:\(path.joined(separator: "/"))> "
    }

    /// Text already typed when the prompt appears: the current value of a row being edited.
    package var prefill: String? { top === profileScreen ? editor.question?.prefill : nil }

    /// Whether the next line answers a question rather than being a command.
    package var isAsking: Bool { top === profileScreen && editor.isAsking }

    /// The question being asked, for messages: `Cool Down duration`.
    package var question: String? {
        guard isAsking else { return nil }
        return String(prompt.dropLast(2))
    }

    /// What the editor shows when it starts: the profile's sections as tables.
    package func welcome() -> String {
        top.render(options: options)
    }

    /// Handles one line as read, checking that it is text the editor can take.
    package func handle(bytes: [UInt8]) -> Reply {
        guard bytes.count <= Self.maximumLineLength else {
            return Reply(error: .usage("the line is \(bytes.count) bytes long; a line has at most \(Self.maximumLineLength)"))
        }
        guard let line = String(validating: bytes, as: UTF8.self) else {
            return Reply(error: .usage("the line is not valid UTF-8 text"))
        }
        if let bad = line.unicodeScalars.first(where: { $0.properties.generalCategory == .control && $0 != "\t" }) {
            return Reply(error: .usage("the line contains the control character \(codePoint(bad))"))
        }
        return handle(line)
    }

    /// Handles one line of text.
    package func handle(_ line: String) -> Reply {
        pendingOutput = ""
        pendingError = nil
        if isAsking {
            return finish(profileScreen.answer(line, options: options))
        }
        let trimmed = line.trimmingCharacters()
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return Reply() }
        let (command, rest) = splitCommand(trimmed)
        switch command {
        case "quit", "exit", "q":
            guard rest.isEmpty else { return Reply(error: .usage("\(command) takes no argument: quit")) }
            return Reply(quit: true)
        case "back":
            guard rest.isEmpty else { return Reply(error: .usage("back takes no argument: back")) }
            guard stack.count > 1 else { return Reply(error: .usage("this is the first screen; quit leaves the editor")) }
            stack.removeLast().close()
            return Reply(top.render(options: options))
        case "help", "?":
            do throws(SessionError) {
                return Reply(try help(rest.isEmpty ? nil : rest.lowercased()))
            } catch {
                return Reply(error: error)
            }
        default:
            let words = trimmed.split(whereSeparator: \.isWhitespace).map { String($0).lowercased() }
            return finish(top.handle(words, line: trimmed, options: options))
        }
    }

    private func finish(_ reply: ScreenReply) -> Reply {
        if let error = reply.error { return Reply(reply.output, error: .usage(error)) }
        if let pendingError { return Reply(reply.output + pendingOutput, error: pendingError) }
        return Reply(reply.output + pendingOutput)
    }

    /// Ctrl-C or the end of input while a question is open: the question is dropped.
    package func cancelQuestion() -> String {
        isAsking ? editor.cancelQuestion() : ""
    }

    /// Saves every profile the script changed or created, in the order they were opened.
    ///
    /// - Throws: ``ProfileError/conflict(path:)`` when a file changed while the script ran; nothing of
    ///   that profile is written then.
    @discardableResult
    package func commit() throws(ProfileError) -> [String] {
        try editor.commit()
    }

    /// The commands every screen takes.
    static let globalCommands: [(name: String, usage: String, summary: String)] = [
        ("back", "back", "return to the previous screen"),
        ("help", "help [COMMAND]", "list the commands, or explain one"),
        ("quit", "quit", "leave the editor (Ctrl-D on an empty line too)"),
    ]

    /// The commands the screen on top takes, then the global ones.
    package var commandNames: [String] { (top.commands + Self.globalCommands).map(\.name) }

    func help(_ topic: String?) throws(SessionError) -> String {
        let commands = top.commands + Self.globalCommands
        guard let topic else {
            let width = commands.map(\.usage.count).max() ?? 0
            return commands.map { "  \($0.usage.padding(to: width))  \($0.summary)" }.joined(separator: "\n")
                + "\n\nRows are named SECTION.ROW as the tables show them (2.1); lists are numbered. Tab completes; Ctrl-C drops the line.\n"
        }
        guard let entry = commands.first(where: { $0.name == topic }) else {
            throw .usage("no command \(quoted(topic))\(didYouMean(topic, in: commands.map(\.name))); type help for the commands")
        }
        var text = "\(entry.usage)\n  \(entry.summary)\n"
        guard top === profileScreen else { return text }
        switch entry.name {
        case "set":
            text += "  settings: " + Setting.allCases.map(\.rawValue).joined(separator: ", ") + "\n"
            text += "  durations: \(TimerDuration.acceptedForms)\n  bells: \(Bell.catalogList)\n"
        case "toggle":
            text += "  switches: " + Switch.allCases.map(\.rawValue).joined(separator: ", ") + "\n"
        case "tap":
            text += "  a switch row flips; a duration row asks for the new time with the current one to edit;\n"
            text += "  a bell row (2.3, 3.2) opens the bell picker. tap 2.1 7:30 sets the value at once.\n"
        case "show":
            text += "  sections: " + ProfileViewModel.sectionKinds.map { "\($0.id) (\($0.rawValue))" }.joined(separator: ", ") + "\n"
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
