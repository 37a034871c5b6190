import Files
import ArgumentParser
import LineEditing
import ProfileKit
import ProfileREPL
import TextSupport

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a profile interactively, or run a script of editor commands from standard input.",
        discussion: """
            On a terminal: the sections as tables, readline editing, completion and history; every change \
            is saved at once. With standard input from a file or pipe: no prompt and no echo, and the \
            script is one transaction — the first failing line stops it and nothing is written. Its exit \
            status is 65 for a line the editor refused (a bad command or value, a missing profile), 74 \
            for an I/O error, 75 for a lock or a conflict. A NAME that no profile has is created only \
            when asked: on a terminal the editor asks (y/N); otherwise it says 'profile new NAME' and \
            exits 66, creating nothing. Type 'help' in the editor for its commands.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The profile (default: Default, created on first use).", completion: profileNameCompletion)
    var name: String?

    func run() throws {
        try reporting {
            let context = try Context(global)
            let interactive = Terminal.isTerminal(0)
            // On a terminal the picker plays each bell's sound as `run` does; a script only names it.
            let ringer = interactive ? Terminal.bellRinger() : nil
            // The session may outlive this command's end; the ringer's files must not.
            defer { ringer?.close() }
            let player: BellPlayer = ringer.map { RingerBellPlayer(ringer: $0) } ?? NamingBellPlayer()
            func open(creating: Bool) throws(ProfileError) -> Session {
                try Session(store: context.store, name: name ?? "Default", createIfMissing: creating,
                            mode: interactive ? .interactive : .script, options: context.render,
                            player: player, sounds: { Context.soundCatalog() }, runSit: Self.runSit,
                            wallClock: WallClock.precise)
            }
            let session = try openAsking(name: name, interactive: interactive, open: open)
            if interactive {
                try runInteractive(session)
            } else {
                try runScript(session)
            }
        }
    }

    /// The editor's `run`: `profile run` with the options typed after it, of the profile as it is in the
    /// editor. A sit stopped or interrupted comes back to the editor, its summary said.
    static func runSit(_ profile: Profile, _ options: [String]) throws(ProfileError) -> String {
        let command: RunCommand
        do {
            command = try RunCommand.parse(options)
        } catch {
            throw ProfileError.invalidOption(options.joined(separator: " "), option: "run options",
                                             accepted: RunCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "see 'profile run --help'")
        }
        guard command.name == nil else {
            throw ProfileError.invalidOption(command.name ?? "", option: "run option", accepted: "options only: run runs the profile being edited")
        }
        do {
            try command.perform(given: profile)
        } catch let error as ProfileError {
            throw error
        } catch {
            // A stopped or interrupted sit said so in its summary; the editor goes on.
        }
        return ""
    }

    /// Reads and runs lines until the user quits. A reply that cannot be written ends the editor with
    /// that error (every change before it is saved already, as each is).
    private func runInteractive(_ session: Session) throws(ProfileError) {
        try Output.print(session.welcome())
        let history = StoreLocation.historyFile(environment: Terminal.environment, homeFallback: Terminal.passwordHome)
        // The history is private: its folder is made for this user alone.
        var source = ReadlineSource(historyPath: history,
                                    makeFolder: { try? POSIX.makeDirectories(POSIX.directoryName($0), mode: 0o700) },
                                    completer: { line, cursor in session.completions(line: line, cursor: cursor) })
        while true {
            switch source.readLine(prompt: session.prompt) {
            case let .line(bytes):
                if !session.isAsking { source.remember(String(decoding: bytes, as: UTF8.self)) }
                let reply = session.handle(bytes: bytes)
                try Output.print(reply.output)
                if let error = reply.error { Output.diagnostic("\(error)") }
                if reply.quit { return }
            case let .tooLong(length):
                Output.diagnostic(Self.tooLong(length).message)
            case .notText:
                Output.diagnostic(Session.notText.message)
            case .interrupted:
                try Output.print(session.cancelQuestion())
            case .endOfInput:
                // Ctrl-D at a question leaves it, as Ctrl-C does; on an empty command line it quits.
                if session.isAsking {
                    try Output.print("\n" + session.cancelQuestion())
                    continue
                }
                try Output.print("\n")
                return
            case .readFailed:
                // Readline reports a failed read as the end of input; a plain source never reaches here.
                return
            }
        }
    }

    /// Runs standard input as one transaction. Its output is written, and checked, before the commit:
    /// output that cannot be written fails the script with nothing saved. Only the line saying a profile
    /// was created comes after the commit, since before it that would not yet be true.
    private func runScript(_ session: Session) throws {
        var source = PlainLineSource()
        var output = ""
        var lineNumber = 0
        func fail(_ error: EditorError) throws -> Never {
            Output.stdout(output)
            Output.diagnostic("<stdin>:\(lineNumber): \(error)")
            throw error.scriptExitStatus.exitCode
        }
        reading: while true {
            let result = source.readLine(prompt: "")
            if result != .endOfInput { lineNumber += 1 }
            switch result {
            case let .line(bytes):
                // A sit writes as it goes: what the lines before it printed comes first.
                if bytes.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).first.map({ Array($0) == Array("run".utf8) }) == true {
                    Output.stdout(output)
                    output = ""
                }
                let reply = session.handle(bytes: bytes)
                output += reply.output
                if let error = reply.error { try fail(error) }
                if reply.quit { break reading }
            case let .tooLong(length):
                // Reported as soon as the limit is passed: the rest of such a line may never end (`< /dev/zero`).
                try fail(Self.tooLong(length))
            case .notText:
                try fail(Session.notText)
            case let .readFailed(code):
                // Not a line's error: the input itself failed, and it is named once.
                Output.stdout(output)
                throw report(.io(path: "<stdin>", operation: "read", errno: code))
            case .interrupted:
                continue
            case .endOfInput:
                break reading
            }
            if output.utf8.count > 65536 {
                try Output.print(output)
                output = ""
            }
        }
        if let question = session.question { try fail(.usage("the script ended before answering \(quoted(question))")) }
        try Output.print(output)
        try session.commit()
        if let name = session.createdProfile { Output.stdout("created the profile \(quoted(name))\n") }
    }
}

extension EditCommand {
    /// The session `open` makes of `name` (nil: Default, created on first use). A named profile is made
    /// only on purpose: when there is none of that name, a terminal is asked whether to create it; with
    /// no terminal, or a no, it says how to make one, and the status is 66.
    private func openAsking(name: String?, interactive: Bool, open: (Bool) throws(ProfileError) -> Session) throws -> Session {
        do {
            return try open(name == nil)
        } catch {
            guard let name, case let .profileNotFound(_, suggestion) = error else { throw error }
            guard interactive, try Terminal.askYesOrNo("No profile named \(quoted(name))\(didYouMean(suggestion)). Create it") else {
                throw Self.missing(name, suggestion: suggestion)
            }
            return try open(true)
        }
    }

    /// `profile: no profile named "Nope"; create it with: profile new Nope`, and 66.
    static func missing(_ name: String, suggestion: String?) -> ExitCode {
        Output.diagnostic("\(ProfileError.profileNotFound(name, suggestion: suggestion)); create it with: profile new \(shellWord(name))")
        return ExitStatus.noInput.exitCode
    }

    /// A line the reader stopped reading after `length` bytes.
    static func tooLong(_ length: Int) -> EditorError {
        .usage("the line is at least \(grouped(length)) bytes long; a line has at most \(Session.maximumLineLength)")
    }
}

extension EditorError {
    /// The exit status of a script that stopped on this error: the script is the data, so whatever the
    /// editor refused is a data error (65), while the system's failures keep their own (sysexits(3)).
    var scriptExitStatus: ExitStatus {
        switch self {
        case .usage:
            .dataError
        case let .profile(error):
            switch error.category {
            case .usage, .data, .notFound, .cannotCreate: .dataError
            case .io, .temporary, .configuration: error.exitStatus
            }
        }
    }
}
