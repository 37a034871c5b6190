import LocalTime
import ArgumentParser
import JournalCore
import JournalStore
import ProfileKit
import TextSupport

struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "List the sits of the journal; add one made without the timer, import others, edit or delete one; check and repair it.",
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
        subcommands: [LogListCommand.self, LogAddCommand.self, LogImportCommand.self, LogEditCommand.self, LogDeleteCommand.self,
                      LogCheckCommand.self, LogRepairCommand.self],
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
            as the outcome), then breathingPattern, breathingBreaths and breathingSeconds (the pattern a \
            breathing pacer led, as --breathe writes it, the breaths it led and its seconds; empty for a sit \
            without one; the table shows the pattern and breaths in a breathing column when a sit shown has them); \
            JSON gives one array of records with those keys, the breathing as one object \
            ({pattern, breaths, seconds}, null where empty); CSV (RFC 4180) has a header row of the same names. Start and end are ISO 8601 with the offset of the clock they were \
            read on; days (--since, --until) are local calendar days of TZ. \
            On a terminal the table shows the last sits that fit its height, and a last line says how many \
            earlier ones it leaves out; --all shows every one, -n N the last N. Output to a pipe or a file \
            always holds every sit.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var journal: JournalOptions
    @OptionGroup var filter: SitFilterOptions

    @Option(help: "table (default on a terminal), plain (tab-separated), json, csv, or insight-timer (the CSV Insight Timer exports and imports).")
    var format: LogFormat?

    @Option(name: [.customShort("n"), .customLong("last")], help: ArgumentHelp("Only the last N sits (by start time) of those taken.", valueName: "N"))
    var last: OptionValue<SitSelection.Count>?

    @Flag(help: "Every sit taken, also where the table would not fit the terminal's height.")
    var all = false

    /// `--last` with `--all` is refused: one says how many, the other every one.
    func checkCombination() throws {
        if all, let last { throw JournalError.invalidOption(last.text, option: "--last", accepted: "no --last (-n) with --all") }
    }

    func run() throws {
        try reporting {
            let calendar = LocalZone.calendar
            let selection = try filter.selection(today: calendar.day(of: WallClock.now()))
            let count = try last?.value()
            let file = try journal.file()
            let logged = try file.read()
            var sits = selection.apply(logged, calendar: calendar).sits
            if let count, sits.count > count { sits.removeFirst(sits.count - count) }
            let onTerminal = Terminal.isTerminal(1)
            let format = format ?? (onTerminal ? .table : .plain)
            // A table on a terminal shows the last sits that fit its height, unless -n or --all says how many.
            let height = onTerminal && count == nil && !all ? Terminal.height() ?? 24 : nil
            Output.stdout(bytes: JournalRenderer.logBytes(sits, format: format, calendar: calendar, options: global.render,
                                                          filter: logged.isEmpty ? nil : filter.description, height: height, escaping: onTerminal))
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

    @Option(help: ArgumentHelp("When it started: HH:MM (today), 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' (local time; also HH:MM:SS, or a T between), or ISO 8601 with an offset.",
                               valueName: "time"))
    var start: String?

    @Option(help: ArgumentHelp("How long: 20 (minutes), 20m, 1h30m, 25:00.", valueName: "duration"))
    var duration: String

    @Option(help: ArgumentHelp("The profile sat with (any name: it need not exist).", valueName: "name"), completion: profileNameCompletion)
    var profile: String?

    @Option(help: ArgumentHelp("A note to keep with the sit: text, without control or invisible characters.", valueName: "text"))
    var note: String?

    func run() throws {
        try reporting {
            let calendar = LocalZone.calendar
            let sit = try Sit.added(start: start, duration: duration, profile: profile, note: note, calendar: calendar,
                                    now: WallClock.now(), zoneName: Terminal.variable("TZ"))
            let file = try journal.file()
            let warning = sit.profile.flatMap { name in
                file.unknownProfileWarning(name, storeNames: (try? (try? Context(global).store)?.names()) ?? [])
            }
            // Printed under the lock just before the line is written: output that cannot be written
            // logs nothing.
            // The milestones come from the append, worked out under its lock: said by the one append that crossed them.
            let outcome = try file.append(sit, calendar: calendar) { () throws(ProfileError) in
                try Output.print("logged: \(JournalRenderer.describe(sit, calendar: calendar))\n")
            }
            outcome.milestones.forEach { Output.diagnostic($0) }
            if let warning { Output.diagnostic(warning) }
        }
    }
}

struct LogImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add the sits of Insight Timer's CSV export, of profile's own CSV, or of another journal.",
        discussion: """
            Each file is read by what its first line holds: Insight Timer's export (the header Started \
            At,Duration,Preset,Activity; local times MM/DD/YYYY HH:MM:SS or DD/MM/YYYY HH:MM:SS, read in TZ; \
            the preset becomes the profile; an activity other than Meditation, such as Yoga, is kept with the \
            sit, and 'log --format insight-timer' gives it back), the CSV 'log --format csv' writes, or \
            a journal (a JSON record a line, as another machine's). - reads standard input. \
            An Insight Timer file's dates are read one way throughout: day-first when some date's first \
            number is over 12 (25/11/2026), month-first when some date's second is (11/25/2026); a file \
            with both is refused, naming the two rows; one with neither is read month-first, as Insight \
            Timer's US export writes them, and says so when some date would read otherwise the other way: \
            --dates day-first reads it as DD/MM/YYYY. All or nothing: \
            every row of every file is checked first, and a bad one stops the import with 65 and its \
            file:line, adding nothing. A sit the journal holds already is skipped: the same id, or for \
            Insight Timer's rows (which have none) the same start, to the second, and the same seconds; \
            importing a file twice adds nothing the second time. A sit whose id the journal holds with other \
            content is a conflict: refused with 65, naming both places and the fields that differ, unless \
            --keep-logged keeps the journal's version. Read too: 12-hour times (6:30:00 AM), lines ending in CR \
            alone, UTF-16 with its byte-order mark, tabs between fields. The sits are appended by start, under the \
            journal's lock, in one write. --dry-run says what would be added. --activity takes only the \
            rows of an activity (every row is still checked), and says how many it left out.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var journal: JournalOptions

    @Argument(help: ArgumentHelp("The files to import; - for standard input.", valueName: "file"), completion: .file())
    var files: [String] = []

    @Flag(help: "Say what would be added, and add nothing.")
    var dryRun = false

    @Flag(help: "Keep the journal's version of a sit whose id it holds with other content (a conflict, refused otherwise), and count it.")
    var keepLogged = false

    @Option(help: ArgumentHelp("How an Insight Timer file's dates are read: day-first (DD/MM/YYYY) or month-first (MM/DD/YYYY); without it, as the file shows, else month-first.",
                               valueName: "order"))
    var dates: JournalImport.DateOrder?

    @Option(help: ArgumentHelp("Import only the rows of this activity (any case; Meditation for a sit of no other); again for more.",
                               valueName: "name"))
    var activity: [String] = []

    func run() throws {
        try reporting {
            try JournalImport.checkFiles(files)
            let options = JournalImport.Options(dates: dates, activities: try JournalImport.checkActivities(activity))
            let calendar = LocalZone.calendar
            let now = WallClock.now()
            try JournalOptions.checkClock(calendar, at: now)
            let gathered = try JournalImport.gather(files, calendar: calendar, now: now, options: options) { Output.diagnostic($0) }
            let file = try journal.file()
            let imported = try file.appendImported(gathered.sits, places: gathered.places, keepLogged: keepLogged, dryRun: dryRun,
                                                   calendar: calendar) { (result: JournalFile.Imported) throws(ProfileError) in
                // Printed under the lock just before the write: output that cannot be written adds nothing.
                try Output.print(result.summary(empty: gathered.empty, otherActivities: gathered.otherActivities, dryRun: dryRun, calendar: calendar))
            }
            // What the import crossed, worked out under its lock (none for a dry run).
            imported.milestones.forEach { Output.diagnostic($0) }
        }
    }

}

struct LogEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Correct a logged sit: its start, its length, its profile or its note.",
        discussion: """
            The sit's line is rewritten in place, as 'log delete' rewrites the journal (under its lock, every \
            other line byte for byte), and the record is printed before and after. What 'log add' refuses is \
            refused here: a start or an end still to come, a length outside 1 second to 24 hours, a note or \
            profile with a control or invisible character. A new start or length moves the end with it (the \
            seconds paused kept); a sit whose planned length was its length keeps them equal. Its id, outcome \
            and bells stay.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var journal: JournalOptions

    @Argument(help: "The sit's id, as 'profile log' shows it.", completion: sitIDCompletion)
    var id: String

    @Option(help: ArgumentHelp("When it started, as 'log add --start' takes it.", valueName: "time"))
    var start: String?

    @Option(help: ArgumentHelp("How long it was: 20 (minutes), 20m, 1h30m, 25:00.", valueName: "duration"))
    var duration: String?

    @Option(help: ArgumentHelp("The profile sat with (any name).", valueName: "name"), completion: profileNameCompletion)
    var profile: String?

    @Flag(help: "Keep no profile with the sit.")
    var noProfile = false

    @Option(help: ArgumentHelp("The note: text, without control or invisible characters.", valueName: "text"))
    var note: String?

    @Flag(help: "Keep no note with the sit.")
    var noNote = false

    func run() throws {
        try reporting {
            let calendar = LocalZone.calendar
            let now = WallClock.now()
            let edit = try Sit.Edit(id: id, start: start, duration: duration, profile: profile, noProfile: noProfile,
                                    note: note, noNote: noNote, calendar: calendar, now: now)
            let file = try journal.file()
            var unchanged = false
            let edited = try file.edit(id: id, change: { (old: Sit) throws(JournalError) -> Sit in
                let sit = try old.edited(edit, calendar: calendar, now: now, zoneName: Terminal.variable("TZ"))
                unchanged = sit == old
                return sit
            }, beforeWriting: { (old: Sit, new: Sit) throws(ProfileError) in
                // Printed under the lock just before the file is replaced: output that cannot be written
                // changes nothing.
                try Output.print("before: \(JournalRenderer.describe(old, calendar: calendar))\nafter:  \(JournalRenderer.describe(new, calendar: calendar))\n")
            })
            guard edited != nil else { throw LogDeleteCommand.missing(id, file) }
            if unchanged { Output.diagnostic("note: the sit \(quoted(id)) was already so") }
        }
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
            let calendar = LocalZone.calendar
            let file = try journal.file()
            guard let sit = try file.sit(id: id) else { throw Self.missing(id, file) }
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
            if removed == nil { throw Self.missing(id, file) }
        }
    }

    /// Says that no sit has the id, with the closest one, and gives the status of a missing input (66).
    static func missing(_ id: String, _ file: JournalFile) -> ExitCode {
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
            as the readers warn, and the next entry moves it aside. Nothing is written but the sits of runs that \
            were cut off, which every journal command logs first.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var journal: JournalOptions

    func run() throws {
        try reporting {
            let file = try journal.file()
            let check = try file.check()
            guard !check.damaged.isEmpty else {
                Output.stdout(check.undamagedReport(path: file.path))
                return
            }
            for line in check.damaged { Output.diagnostic(line.error.description) }
            Output.diagnostic(check.damagedSummary(path: file.path))
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
            a crash is left for the next entry to move aside. A repair that fails changes nothing (the sits of runs that were cut off, logged first, stay logged).
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var journal: JournalOptions

    func run() throws {
        try reporting {
            let file = try journal.file()
            let calendar = LocalZone.calendar
            // Printed under the lock once the damaged lines' file is made, before anything is written to
            // it or to the journal: output that cannot be written repairs nothing.
            let repair = try file.repair(stamp: calendar.fileStamp(WallClock.now())) { (repair: JournalFile.Repair) throws(ProfileError) in
                try Output.print(repair.movedReport(lineLimit: Output.diagnosticLimit))
            }
            guard repair.damagedFile == nil else { return }
            Output.stdout(repair.nothingToRepair(path: file.path))
        }
    }
}
