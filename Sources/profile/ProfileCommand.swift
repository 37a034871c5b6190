// profile — a terminal editor for meditation-timer profiles.
// Copyright (C) 2026 the profile authors. GPL-3.0-or-later.
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import LineEditing
import ProfileKit

@main
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Edit meditation-timer profiles and time your sits with them.",
        discussion: """
            A profile is a main sit with an optional warm-up and cool-down, and interval bells during \
            the sit. 'profile edit' is the interactive editor; show, set and toggle script it; plan shows \
            when each bell will ring, and run times the session and rings them.

            Profiles live in --store DIR, else $PROFILE_STORE, else \
            ${XDG_CONFIG_HOME:-$HOME/.config}/profile/profiles.
            """,
        version: "profile \(ProfileKitInfo.version) (GNU readline \(LineReader.readlineVersion))",
        subcommands: [
            ListCommand.self, ShowCommand.self, NewCommand.self, CopyCommand.self, RenameCommand.self,
            DeleteCommand.self, SetCommand.self, ToggleCommand.self, ExportCommand.self, ImportCommand.self,
            SoundsCommand.self, PlanCommand.self, RunCommand.self, EditCommand.self,
        ]
    )

    /// Runs the command line.
    ///
    /// Parsing through the root command makes ArgumentParser reflect over every subcommand's arguments
    /// (about two thirds of a `show`'s instructions, measured with callgrind). When the first word names
    /// a subcommand, that subcommand alone parses the rest; anything it does not accept as a plain run
    /// (help, errors, completion requests) goes through the root, so every message stays the same.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let status = QuickPath.run(arguments) {
            if status != 0 { exitProcess(status) }
            return
        }
        if let name = arguments.first,
           let subcommand = configuration.subcommands.first(where: { $0._commandName == name }),
           var command = try? subcommand.parseAsRoot(Array(arguments.dropFirst())) {
            do {
                try command.run()
                return
            } catch {
                exit(withError: error)
            }
        }
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            exit(withError: error)
        }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}

/// The C library's `exit`, named apart from ArgumentParser's `exit(withError:)`.
private func exitProcess(_ status: Int32) -> Never {
    exit(status)
}
