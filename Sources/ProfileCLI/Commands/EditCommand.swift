import Files
import ArgumentParser
import LineEditing
import LocalTime
import ProfileKit
import ProfileREPL
import Sitting
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
            let ringer = interactive ? Terminal.bellRinger(clock: .live) : nil
            // The session may outlive this command's end; the ringer's files must not.
            defer { ringer?.close() }
            let player: BellPlayer = ringer.map { RingerBellPlayer(ringer: $0) } ?? NamingBellPlayer()
            func open(creating: Bool) throws(ProfileError) -> Session {
                try Session(store: context.store, name: name ?? "Default", createIfMissing: creating,
                            mode: interactive ? .interactive : .script, options: context.render,
                            player: player, sounds: { Context.soundCatalog() }, runSit: Self.runSit,
                            timeOfDay: { ClockTime(at: WallClock.live(), calendar: LocalZone.calendar) })
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
    static func runSit(_ profile: Profile, _ options: [String]) throws(CarriedError) -> String {
        let command: RunCommand
        do {
            command = try RunCommand.parse(options)
            try command.checkCombination()
        } catch {
            // A value the run's options refused says why, as `profile run` says it.
            if let refused = error as? any ReportedError { throw CarriedError(refused) }
            let accepted = RunCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "see 'profile run --help'"
            throw CarriedError(ProfileError.invalidOption(options.joined(separator: " "), option: "run options", accepted: accepted))
        }
        guard command.name == nil else {
            throw CarriedError(ProfileError.invalidOption(command.name ?? "", option: "run option", accepted: "options only: run runs the profile being edited"))
        }
        do {
            try command.perform(given: profile)
        } catch let error as any ReportedError {
            throw CarriedError(error)
        } catch {
            // A stopped or interrupted sit said so in its summary; the editor goes on.
        }
        return ""
    }

    /// The editor on a terminal (``Session/runInteractive(read:remember:print:diagnostic:)``), reading with
    /// readline and its private history.
    private func runInteractive(_ session: Session) throws(ProfileError) {
        let history = StoreLocation.historyFile(environment: Terminal.environment, homeFallback: Terminal.passwordHome)
        // The history is private: its folder is made for this user alone.
        var source = ReadlineSource(historyPath: history,
                                    makeFolder: { try? POSIX.makeDirectories(POSIX.directoryName($0), mode: 0o700) },
                                    completer: { line, cursor in session.completions(line: line, cursor: cursor) })
        try session.runInteractive(read: { ScriptLine(source.readLine(prompt: $0)) }, remember: { source.remember($0) },
                                   print: Output.print, diagnostic: { Output.diagnostic($0, width: session.options.width) })
    }

    /// Runs standard input as one transaction (``Session/runScript(read:write:print:)``): a failing line
    /// is named as `<stdin>:LINE: …` with the status a script's error has; the end says what was saved
    /// (``ScriptEnd/savedNote``), on stdout after a commit and after the error otherwise.
    private func runScript(_ session: Session) throws {
        var source = PlainLineSource(descriptor: Terminal.descriptor(0))
        let end = try session.runScript(read: { ScriptLine(source.readLine(prompt: "")) }, write: Output.stdout, print: Output.print)
        let status: ExitCode
        switch end {
        case .committed: return Output.stdout(end.savedNote)
        case let .failed(line, error):
            Output.diagnostic("<stdin>:\(line): \(error)")
            status = error.scriptCategory.exitStatus.exitCode
        case let .readFailed(code): status = report(ProfileError.io(path: "<stdin>", operation: "read", errno: code))
        case let .saveFailed(error, _): status = report(error)
        }
        Output.diagnostic(String(end.savedNote.dropLast()))
        throw status
    }
}

extension ScriptLine {
    /// Line reading's result, as a script takes it.
    init(_ result: LineResult) {
        self = switch result {
        case let .line(bytes): .line(bytes)
        case let .tooLong(length): .tooLong(length)
        case .notText: .notText
        case .interrupted: .interrupted
        case .endOfInput: .end
        case let .readFailed(code): .readFailed(code)
        }
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
}
