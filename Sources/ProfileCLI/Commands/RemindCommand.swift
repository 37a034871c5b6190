import Files
import ArgumentParser
import JournalCore
import JournalStore
#if canImport(Glibc)
import Glibc
#else
#error("reminders are systemd user units: only Linux is supported")
#endif
import Players
import Desktop
import LiveSit
import ProfileKit
import TableKit
import TextSupport

struct RemindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Add, list and remove reminders to sit: systemd user timers that show a desktop notification.",
        discussion: """
            Each reminder is a pair of systemd user units, profile-remind-ID.timer and .service, in \
            ${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user; the timer is its only record. ID is the \
            smallest free number, kept for as long as the reminder lasts. Where a systemd user manager runs, \
            add enables the timer (systemctl --user enable --now) and remove disables it; where none runs, \
            add says so and prints the command to run. At its time the service runs 'profile remind ring \
            ID', which shows "Time to sit: PROFILE, LENGTH" through the desktop's notification service and \
            rings a soft bell where a player is found. A reminder added from a build folder (a clone's \
            .build) runs the program there, which 'make clean' removes: add and list say so, and after \
            'make install', 'profile remind repoint' makes every reminder run the installed program.
            """,
        subcommands: [RemindAddCommand.self, RemindListCommand.self, RemindRemoveCommand.self, RemindRepointCommand.self,
                      RemindRingCommand.self],
        defaultSubcommand: RemindListCommand.self)

    /// The reminders in the live unit folder, managed through the live systemctl.
    static func book() throws(ProfileError) -> ReminderBook {
        let manager: Systemctl
        do throws(ReminderError) {
            manager = try Systemctl(environment: Terminal.variables(Systemctl.variableNames))
        } catch {
            throw ProfileError.configuration("\(error)")
        }
        return ReminderBook(files: try UnitFolder.live(), manager: manager, nameProblem: ProfileName.problem)
    }

    /// Notes on standard error each program of `reminders` that is in a build folder or gone, naming the
    /// reminders that run it (issue 50): they stop ringing, and nothing else would say so.
    static func noteProgramProblems(_ book: ReminderBook, _ reminders: [Reminder], running: String) {
        for found in book.programProblems(reminders) {
            Output.diagnostic(ReminderProgram.note(ids: found.ids, program: found.program, problem: found.problem, running: running))
        }
    }
}

/// Completion of the reminders' ids, read from the unit folder.
let reminderIDCompletion = CompletionKind.custom { _, _, _ in
    ((try? RemindCommand.book().ids()) ?? []).map(String.init)
}

struct RemindAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a reminder to sit at a time of day, on some days, naming a profile or none.",
        discussion: """
            TIME is HH:MM on a 24-hour clock (06:30, 21:15). --days takes \(ReminderDays.accepted); \
            case does not matter, and ranges may go round the weekend (fri-mon). PROFILE must be in the \
            store. A reminder with the same time, days and profile is not added twice.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The time of day, HH:MM.", valueName: "time"))
    var time: String

    @Argument(help: "The profile the reminder names (none by default).", completion: profileNameCompletion)
    var profile: String?

    @Option(help: ArgumentHelp("The days: daily (the default), weekdays, weekends, mon-fri, sat,sun…", valueName: "days"))
    var days: String = "daily"

    @Flag(help: "Stay quiet on a day whose daily goal (see goal) is already met: checked when the reminder rings.")
    var unlessMet = false

    func run() throws {
        try reporting {
            let time = try ReminderTime(parsing: time)
            let days = try ReminderDays(parsing: days)
            var reminder = Reminder(id: 0, time: time, days: days)
            reminder.unlessMet = unlessMet
            if let profile {
                let context = try Context(global)
                reminder.profile = try context.store.existingName(profile)
                let directory = context.store.directory
                reminder.store = directory.hasPrefix("/") ? directory : (POSIX.realPath(directory) ?? directory)
            }
            let book = try RemindCommand.book()
            let binary = try ReminderProgram.runnable(try io(POSIX.executablePath()))
            let added = try book.add(reminder, binary: binary) { ProfileName.key($0) == ProfileName.key($1) }
            try Output.print(added.message(folder: book.files.folder))
            RemindCommand.noteProgramProblems(book, [added.reminder], running: binary)
        }
    }
}

struct RemindListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the reminders: id, time, days, profile and whether the timer is enabled.",
        discussion: """
            Plain lines give id, time, days, profile (empty for none) and enabled or disabled, separated \
            by tabs. JSON gives objects keyed id, time, days, profile (null for none), enabled and unlessMet. A timer \
            that cannot be read as a reminder (changed by hand) is named on standard error after the \
            others are listed, and the exit status is then 65.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "table (default on a terminal), plain (tab-separated) or json.")
    var format: OutputFormat?

    func run() throws {
        try reporting {
            let book = try RemindCommand.book()
            let listing = try book.list()
            let rows = listing.reminders.map {
                ProfileRenderer.ReminderRow(id: $0.reminder.id, time: "\($0.reminder.time)", days: "\($0.reminder.days)",
                                            profile: $0.reminder.profile, enabled: $0.enabled, unlessMet: $0.reminder.unlessMet)
            }
            let render = RenderOptions(width: Terminal.tableWidth(), color: Terminal.useColor(noColorFlag: global.noColor))
            let format = format ?? (Terminal.isTerminal(1) ? .table : .plain)
            // The readable reminders first; then each damaged unit on stderr, and 65 at the end.
            if !rows.isEmpty || listing.damaged.isEmpty || format == .json {
                Output.stdout(ProfileRenderer.reminders(rows, format: format, options: render))
            }
            RemindCommand.noteProgramProblems(book, listing.reminders.map(\.reminder), running: (try? POSIX.executablePath()) ?? "profile")
            guard !listing.damaged.isEmpty else { return }
            for damaged in listing.damaged { Output.diagnostic("\(damaged)") }
            throw ExitStatus.dataError.exitCode
        }
    }
}

struct RemindRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a reminder: disable its timer where a user manager runs, and delete both units.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The reminder's id, as 'profile remind list' shows it.", valueName: "id"),
              completion: reminderIDCompletion)
    var id: String

    func run() throws {
        try reporting {
            let id = try ReminderError.id(id)
            if let removed = try RemindCommand.book().remove(id) {
                try Output.print("removed reminder \(id): \(removed.shortDescription)\n")
            } else {
                try Output.print("removed reminder \(id) (damaged unit)\n")
            }
        }
    }
}

struct RemindRepointCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repoint",
        abstract: "Make every reminder run this program: after 'make install', or once the program has moved.",
        discussion: """
            Rewrites each reminder's service, whole (a change made to it by hand is replaced), so that it \
            runs the program running this command (its real path, as add writes it) and, where a systemd user manager runs, has it read its units again \
            (systemctl --user daemon-reload); should that fail, every service is put back and the command \
            exits with 75. It says which reminders now run the program, or that none needed to change. Run \
            from a build folder, it points them there and says so. With --only-stale only the reminders \
            whose program is in a build folder or no longer there change (a service changed by hand so \
            that it names no program is left alone): what 'make install' runs. Where no user manager \
            answers, it says so: the manager reads the change when it next starts. A damaged reminder changes \
            nothing: it is named and the command exits with 65.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Only the reminders whose program is in a build folder (a .build folder on its path) or is no longer there.")
    var onlyStale = false

    func run() throws {
        try reporting {
            let binary = try ReminderProgram.runnable(try io(POSIX.executablePath()))
            let result = try RemindCommand.book().repoint(to: binary, onlyStale: onlyStale)
            // A damaged reminder changes nothing: each is named, with what to do, and 65 as list's.
            guard result.damaged.isEmpty else {
                for damaged in result.damaged { Output.diagnostic("\(damaged)") }
                Output.diagnostic("nothing changed: mend or remove the damaged reminders ('profile remind remove ID'), then run 'profile remind repoint' again")
                throw ExitStatus.dataError.exitCode
            }
            try Output.print(result.message(binary: binary, onlyStale: onlyStale))
            if let folder = ReminderProgram.buildFolder(of: binary), !result.running.isEmpty {
                Output.diagnostic(ReminderProgram.note(ids: result.running, program: binary, problem: .inBuildFolder(folder), running: binary))
            }
        }
    }
}

struct RemindRingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ring",
        abstract: "Show a reminder's notification and ring a soft bell (what its timer runs).",
        discussion: """
            The notification says "Time to sit: PROFILE, LENGTH", or "Time to sit" for a reminder that names \
            no profile, and says so when the profile is no longer in the store. Without a notification \
            service on the session bus it exits with 75. The bell rings at half volume through the player \
            'profile sounds --play' finds; with none, there is no sound.
            """)

    @Argument(help: ArgumentHelp("The reminder's id.", valueName: "id"), completion: reminderIDCompletion)
    var id: String

    func run() throws {
        try reporting {
            let id = try ReminderError.id(id)
            let reminder = try RemindCommand.book().reminder(id)
            if reminder.unlessMet, StatusLine.goalMet(environment: Terminal.environment, passwordHome: Terminal.passwordHome, now: WallClock.now(), calendar: LocalZone.calendar) { return }
            let notification = DesktopNotification(summary: ReminderRing.summary(reminder), body: ReminderRing.body(reminder))
            var failure: ReminderError?
            do throws(ReminderError) {
                try notification.show()
            } catch {
                failure = error
            }
            ReminderRing.ringSoftBell(environment: Terminal.soundEnvironment, library: Context.soundLibrary())
            if let failure { throw failure }
        }
    }
}
