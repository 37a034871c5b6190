// profile — a terminal editor for meditation-timer profiles.
// Copyright (C) 2026 the profile authors. GPL-3.0-or-later.
import ArgumentParser
import Files
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import LineEditing
import ProfileKit
import TableKit
import TextSupport

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Edit meditation-timer profiles and time your sits with them.",
        discussion: """
            A profile is a main sit with an optional warm-up and cool-down, and interval bells during \
            the sit. 'profile edit' is the interactive editor; show, set and toggle script it; plan shows \
            when each bell will ring, and run times the session and rings them. Each run is logged in a \
            journal of sits: log lists them (and imports a history from Insight Timer or another machine), stats \
            counts them and calendar shows them; remind sets reminders to sit (systemd user timers that \
            show a desktop notification).

            Profiles live in --store DIR, else $PROFILE_STORE, else \
            ${XDG_CONFIG_HOME:-$HOME/.config}/profile/profiles.
            """,
        version: "profile \(ProfileKitInfo.version) (GNU readline \(LineReader.readlineVersion))",
        subcommands: [
            ListCommand.self, ShowCommand.self, NewCommand.self, CopyCommand.self, RenameCommand.self,
            DeleteCommand.self, SetCommand.self, ToggleCommand.self, ExportCommand.self, ImportCommand.self,
            SoundsCommand.self, PlanCommand.self, RunCommand.self, LogCommand.self, StatsCommand.self,
            CalendarCommand.self, GoalCommand.self, StatusCommand.self, RemindCommand.self, EditCommand.self,
        ]
    )

    /// Runs the command line `arguments` (after the program's name) in the bound ``Invocation`` and
    /// gives its exit status.
    ///
    /// Parsing through the root command makes ArgumentParser reflect over every subcommand's arguments
    /// (about two thirds of a `show`'s instructions, measured with callgrind). When the first word names
    /// a subcommand, that subcommand alone parses the rest; anything it does not accept as a plain run
    /// (help, errors, completion requests) goes through the root, so every message stays the same.
    static func main(_ arguments: [String]) -> Int32 {
        // Bare `profile`: a screen of where to begin, not the fifty lines of `--help` (issue 50).
        if arguments.isEmpty {
            Output.stdout(overview)
            if let lost = Output.stdoutError { return report(lost).rawValue }
            return 0
        }
        if let shell = CompletionScript.requestedShell(arguments) {
            Output.stdout(CompletionScript.script(for: shell))
            if let lost = Output.stdoutError { return report(lost).rawValue }
            return 0
        }
        if let status = QuickPath.run(arguments) { return status }
        if let name = arguments.first,
           let subcommand = configuration.subcommands.first(where: { $0._commandName == name }),
           let command = try? subcommand.parseAsRoot(Array(arguments.dropFirst())) {
            return run(command)
        }
        let command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            if exitCode(for: error) != .success, let message = ArgumentAdvice.dashedValue(arguments) {
                Output.diagnostic(message)
                return ExitStatus.usage.rawValue
            }
            return exitReporting(error, arguments: arguments)
        }
        return run(command)
    }

    /// The commands bare `profile` names first, with what each is for in a few words: a first sit and
    /// the editor, then the practice. Each is a subcommand (tested); `--help` lists them all.
    static let firstCommands: [(usage: String, about: String)] = [
        ("edit [NAME]", "edit a profile: times, bells, sounds"),
        ("run [NAME]", "sit (no name: the sit run last)"),
        ("run 20m", "a quick sit of 20 minutes"),
        ("list", "your profiles"),
        ("log", "the sits you have logged"),
        ("stats", "your practice in numbers"),
        ("sounds", "hear the bells and soundscapes"),
        ("remind", "a reminder to sit at a time of day"),
    ]

    /// What bare `profile` prints: under 60 columns a line, and broken at spaces on a narrower terminal.
    static var overview: String {
        let width = firstCommands.map(\.usage.count).max() ?? 0
        let lines = firstCommands.map { "  profile \($0.usage)\(String(repeating: " ", count: width - $0.usage.count))  \($0.about)" }
        let text = """
            profile: a meditation timer for the terminal.

            \(lines.joined(separator: "\n"))

            All commands: profile --help. One: profile help COMMAND.

            """
        return Terminal.isTerminal(1) ? WordWrap.paragraphs(text, width: Terminal.tableWidth(of: 1)) : text
    }

    /// Runs a parsed command: its combinations of options checked first (``CombinationCheck``), a
    /// refused one said in the program's own words with its status, as any error of the command is.
    private static func run(_ parsed: any ParsableCommand) -> Int32 {
        var command = parsed
        do {
            try (command as? any CombinationCheck)?.checkCombination()
        } catch let refused as any ReportedError {
            return report(refused).rawValue
        } catch {
            return exitReporting(error)
        }
        do {
            try command.run()
            return 0
        } catch {
            return exitReporting(error)
        }
    }

    /// Ends the command as ArgumentParser's `exit(withError:)` does — help, version and completion
    /// scripts on stdout with status 0, a mistake on stderr with its status (64 for usage) — except that
    /// a message starts `profile: ` as the program's own do, and its outside bytes are escaped. Help that
    /// could not be written is an error as any command's output is. Returns the exit status.
    ///
    /// `arguments` are the command line `error` came from when it is a failure to parse it: see
    /// ``failureMessage(for:arguments:)``.
    static func exitReporting(_ error: any Error, arguments: [String] = []) -> Int32 {
        let status = exitCode(for: error).rawValue
        if status == 0 {
            let text = fullMessage(for: error, columns: Terminal.helpWidth)
            if !text.isEmpty { Output.stdout(text + "\n") }
            if let lost = Output.stdoutError { return report(lost).rawValue }
        } else {
            let text = failureMessage(for: error, arguments: arguments)
            if !text.isEmpty { Output.stderr(text + "\n") }
        }
        return status
    }

    /// ArgumentParser's message for a command line it refused, as ``diagnostic(_:)`` writes it, with no
    /// line break of the command line's in it.
    ///
    /// ArgumentParser quotes an argument as it was given, so `profile list $'a\nprofile: fake'` would
    /// write a second line of the user's making; and its own message may have several lines (the help
    /// of the option, the usage and the hint after the error), so the two kinds of line break cannot
    /// be told apart afterwards. When an argument holds a line break, the command line is therefore
    /// parsed once more with each argument escaped as ``diagnosticLine(_:limit:)`` escapes it, and
    /// that message — the same but for the escapes — is shown. Should that parse not fail in the same
    /// way, the first message is shown as one line, every line break in it escaped.
    static func failureMessage(for error: any Error, arguments: [String]) -> String {
        let message = fullMessage(for: error, columns: Terminal.helpWidth)
        guard !message.isEmpty else { return "" }
        guard arguments.contains(where: { $0.unicodeScalars.contains("\n") }) else { return diagnostic(message) }
        let escapedArguments = arguments.map { diagnosticLine($0, limit: Int.max) }
        do {
            _ = try parseAsRoot(escapedArguments)
        } catch let escapedError where exitCode(for: escapedError) == exitCode(for: error) {
            return diagnostic(fullMessage(for: escapedError, columns: Terminal.helpWidth))
        } catch {}
        return diagnosticLine("profile: " + ArgumentParserMessage.body(of: message), limit: Output.diagnosticLimit)
    }
    /// ArgumentParser's message as the program writes its own (``ArgumentParserMessage``).
    static func diagnostic(_ message: String) -> String { ArgumentParserMessage.diagnostic(message) }
}
