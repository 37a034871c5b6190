import ArgumentParser
import Journal
import ProfileKit
import TextSupport

struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "List the sits of the journal, add one made without the timer, or delete one; check and repair it.",
        discussion: """
            Every run that ends after a minute or more is logged (see 'profile run'); 'profile log' lists \
            the sits by start time, newest last. The journal is --journal FILE, else $PROFILE_JOURNAL, else \
            ${XDG_DATA_HOME:-$HOME/.local/share}/profile/journal.jsonl: one JSON record a line (profile(5)). \
            Like every journal command, it first logs the sits of runs that were cut off (killed, or the \
            machine lost power) from the records they left in ${XDG_STATE_HOME:-$HOME/.local/state}/profile/, \
            and says so on standard error. \
            A last line cut off by a crash is ignored with a warning and cut off by the next entry; any \
            other line that is not a record (damaged) stops the commands that read the journal, and 'log \
            delete', with 65, naming its line and column: 'log check' lists every such line, and 'log \
            repair' moves them aside. 'log add' and 'run' append whatever the other lines hold.
            """,
        subcommands: [LogListCommand.self, LogAddCommand.self, LogDeleteCommand.self, LogCheckCommand.self, LogRepairCommand.self],
        defaultSubcommand: LogListCommand.self)
}

struct LogListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List sits by start time, newest last ('profile log' alone does this).",
        discussion: """
            Plain lines and CSV give id, start, end, profile, seconds, plannedSeconds, outcome, bells, note, \
            pausedSeconds (the seconds not sat between the start and the end: pauses, stops, sleep) and \
            recovered (true for a sit logged from the record of a run that was cut off; the table shows it \
            as the outcome); \
            JSON gives one array of records with those keys (null where empty); CSV (RFC 4180) has a \
            header row of the same names. Start and end are ISO 8601 with the offset of the clock they were \
            read on; days (--since, --until) are local calendar days of TZ.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var journal: JournalOptions
    @OptionGroup var filter: SitFilterOptions

    @Option(help: "table (default on a terminal), plain (tab-separated), json or csv.")
    var format: LogFormat?

    func run() throws {
        try reporting {
            let calendar = LocalCalendar()
            let selection = try filter.selection(today: calendar.today())
            let file = try journal.file()
            let all = try file.read()
            let sits = selection.apply(all, calendar: calendar).sits
            let format = format ?? (Terminal.isTerminal(1) ? .table : .plain)
            Output.stdout(bytes: JournalRenderer.logBytes(sits, format: format, calendar: calendar, options: global.render,
                                                          filter: all.isEmpty ? nil : filter.description))
        }
    }
}

struct LogAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Log a sit made without the timer.",
        discussion: """
            The sit is logged as completed, its planned length its length, with no bells. Without --start it \
            ended now; a sit still to come, or still going on, is refused: a sit is logged once it has ended. The line \
            is appended whatever the journal's other lines hold.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp("When it started, local time: 'YYYY-MM-DD HH:MM' (also HH:MM:SS, or a T between).", valueName: "time"))
    var start: String?

    @Option(help: ArgumentHelp("How long: 20 (minutes), 20m, 1h30m, 25:00.", valueName: "duration"))
    var duration: String

    @Option(help: ArgumentHelp("The profile sat with (any name: it need not exist).", valueName: "name"), completion: profileNameCompletion)
    var profile: String?

    @Option(help: ArgumentHelp("A note to keep with the sit: text, without control or invisible characters.", valueName: "text"))
    var note: String?

    /// The lengths a sit added by hand may have.
    static let lengths = 1...(24 * 3600)

    func run() throws {
        try reporting {
            let calendar = LocalCalendar()
            let length = try TimerDuration(parsing: duration).seconds
            guard Self.lengths.contains(length) else {
                throw ProfileError.invalidOption(duration, option: "--duration", accepted: "a length from 1 second to 24 hours, such as 20m")
            }
            let now = LocalCalendar.now()
            let begin: Int
            if let start {
                begin = try Self.parseStart(start, calendar: calendar)
                guard begin <= now else {
                    throw ProfileError.invalidOption(start, option: "--start", accepted: "a time that has come: a sit is logged once it has happened")
                }
                guard begin + length <= now else {
                    throw ProfileError.invalidOption(duration, option: "--duration",
                                                     accepted: "a length that has passed since --start: a sit is logged once it has ended")
                }
            } else {
                begin = now - length
            }
            try JournalOptions.checkClock(calendar, at: begin)
            try JournalOptions.checkClock(calendar, at: begin + length)
            let sit = Sit(start: calendar.timestamp(begin), end: calendar.timestamp(begin + length),
                          profile: try Sit.checkedText(profile, option: "--profile"), seconds: length,
                          plannedSeconds: length, outcome: .completed, bells: 0,
                          note: try Sit.checkedText(note, option: "--note"))
            // Printed under the lock just before the line is written: output that cannot be written
            // logs nothing.
            try journal.file().append(sit) { () throws(ProfileError) in
                try Output.print("logged: \(JournalRenderer.describe(sit, calendar: calendar))\n")
            }
        }
    }

    /// `YYYY-MM-DD HH:MM[:SS]` (or with a `T`) in local time, as seconds since 1970.
    static func parseStart(_ text: String, calendar: LocalCalendar) throws(ProfileError) -> Int {
        let accepted = "a local time as 'YYYY-MM-DD HH:MM', such as '2026-11-23 07:15'"
        let parts = text.trimmingWhitespace().split(whereSeparator: { $0 == " " || $0 == "T" })
        guard parts.count == 2, let date = DayArgument.parseDate(parts[0]) else {
            throw ProfileError.invalidOption(text, option: "--start", accepted: accepted)
        }
        let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3, clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), hour < 24, minute < 60 else {
            throw ProfileError.invalidOption(text, option: "--start", accepted: accepted)
        }
        let second = clock.count == 3 ? Int(clock[2]) ?? 60 : 0
        guard second < 60 else { throw ProfileError.invalidOption(text, option: "--start", accepted: accepted) }
        guard let epoch = calendar.epoch(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute, second: second) else {
            throw ProfileError.invalidOption(text, option: "--start", accepted: "a time the local clock showed: this one was skipped when it was put forward")
        }
        return epoch
    }
}

struct LogDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a sit by its id; asks first on a terminal, and needs --force otherwise.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var journal: JournalOptions

    @Argument(help: "The sit's id, as 'profile log' shows it.", completion: sitIDCompletion)
    var id: String

    @Flag(name: [.short, .long], help: "Delete without asking.")
    var force = false

    func run() throws {
        try reporting {
            let calendar = LocalCalendar()
            let file = try journal.file()
            guard let sit = try file.sit(id: id) else { throw missing(file) }
            if !force, try !Terminal.confirmDeletion(of: "the sit \(quoted(id))",
                                                     question: "Delete the sit \(JournalRenderer.describe(sit, calendar: calendar))") {
                return
            }
            // Printed under the lock just before the file is replaced: output that cannot be written
            // deletes nothing.
            let removed = try file.delete(id: id) { (removed: Sit) throws(ProfileError) in
                try Output.print("deleted: \(JournalRenderer.describe(removed, calendar: calendar))\n")
            }
            // Gone between the question and the lock (another delete): as missing as up front.
            if removed == nil { throw missing(file) }
        }
    }

    /// Says that no sit has the id, with the closest one, and gives the status of a missing input (66).
    private func missing(_ file: JournalFile) -> ExitCode {
        Output.diagnostic("\(JournalFile.noSit(id, path: file.path, among: (try? file.read()) ?? []))")
        return ExitStatus.noInput.exitCode
    }
}

struct LogCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "List every damaged line of the journal: 65 when there is one, 0 when there is none.",
        discussion: """
            A damaged line is one that is not a record, which stops the commands that read the journal. \
            Each is listed on standard error as they name it (file:line:column: key: what is wrong), then \
            how many there are, and the status is 65; 'profile log repair' moves them aside. With none, \
            standard output says how many sits the journal holds ('journal.jsonl: 12 sits, no damaged \
            line'), and the status is 0. A last line cut off by a crash is not damaged: it is warned about \
            as the readers warn, and the next entry cuts it off. Nothing is written but the sits of runs that \
            were cut off, which every journal command logs first.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var journal: JournalOptions

    func run() throws {
        try reporting {
            let file = try journal.file()
            let check = try file.check()
            let path = escapedPath(file.path)
            guard check.exists else {
                Output.stdout("\(path): no journal yet, so no damaged line\n")
                return
            }
            guard !check.damaged.isEmpty else {
                Output.stdout("\(path): \(count(check.sits, "sit")), no damaged line\n")
                return
            }
            for line in check.damaged { Output.diagnostic(line.error.description) }
            Output.diagnostic("\(path): \(count(check.damaged.count, "damaged line")) of \(grouped(check.lines)); \(JournalFile.repairHint)")
            throw ExitStatus.dataError.exitCode
        }
    }
}

struct LogRepairCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repair",
        abstract: "Move the journal's damaged lines to a file beside it, and keep the rest.",
        discussion: """
            The damaged lines (those 'profile log check' lists) are moved, byte for byte, to a new file \
            beside the journal named after it and the local time: journal.damaged-20261124T063000.jsonl \
            (-2, -3 … after the time when that name is taken; a file is never overwritten). That file is \
            written and flushed to disk first; then the journal is rewritten without them, every other line \
            as it was, under the lock appends take, and replaced in one rename: the lines kept and the lines \
            moved are the lines there were. Each line moved is listed, and where they went. A journal that is \
            a symbolic link keeps its link: the file it points to is rewritten, and the damaged lines go \
            beside that file. With no damaged line nothing changes, and it says so. A last line cut off by \
            a crash is left for the next entry to cut off. A repair that fails changes nothing (the sits of runs that were cut off, logged first, stay logged).
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var journal: JournalOptions

    func run() throws {
        try reporting {
            let file = try journal.file()
            let calendar = LocalCalendar()
            // Printed under the lock once the damaged lines' file is made, before anything is written to
            // it or to the journal: output that cannot be written repairs nothing.
            let repair = try file.repair(stamp: calendar.fileStamp(LocalCalendar.now())) { (repair: JournalFile.Repair) throws(ProfileError) in
                var text = ""
                for line in repair.moved { text += diagnosticLine("moved: \(line.error)", limit: Output.diagnosticLimit) + "\n" }
                text += "moved \(count(repair.moved.count, "damaged line")) to \(escapedPath(repair.damagedFile ?? "")); "
                    + "the journal keeps \(grouped(repair.kept)) of its \(count(repair.check.lines, "line"))\n"
                try Output.print(text)
            }
            guard repair.damagedFile == nil else { return }
            let path = escapedPath(file.path)
            Output.stdout(repair.check.exists ? "\(path): no damaged line; nothing to repair\n" : "\(path): no journal yet; nothing to repair\n")
        }
    }
}

/// `1 sit`, `12 sits`, `1,000 lines`.
private func count(_ number: Int, _ noun: String) -> String {
    "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")"
}
