import LocalTime
import ArgumentParser
import JournalCore
import JournalStore
import ProfileKit
import TableKit
import TextSupport

/// `--journal FILE`, for the commands that read or write the journal of sits.
struct JournalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The journal of sits (default: $PROFILE_JOURNAL, else ${XDG_DATA_HOME:-$HOME/.local/share}/profile/journal.jsonl).",
                                            valueName: "file"), completion: .file())
    var journal: String?

    /// The journal this command line names, reporting its repairs and warnings on stderr, once the sits
    /// of runs that were cut off are recovered (``recoverCutOffSits(current:)``): every command that
    /// reads or writes a journal comes here first, once its own arguments are checked (`run` opens its
    /// journal in LiveSit, and recovers once it is ready).
    func file() throws(JournalError) -> JournalFile {
        let file = try Self.file(flag: journal)
        Self.recoverCutOffSits(current: file)
        return file
    }

    static func file(flag: String?) throws(JournalError) -> JournalFile {
        if let problem = Terminal.undecodableVariable() { throw .configuration(problem) }
        return try JournalFile.named(flag: flag, environment: Terminal.environment, passwordHome: Terminal.passwordHome, zone: LocalZone.zone,
                                     report: { Output.diagnostic($0) })
    }

    /// Logs the sits of runs that were cut off, saying each on standard error
    /// (``SitRecordFolder/recoverCutOffSits(current:environment:passwordHome:now:calendar:say:)``).
    static func recoverCutOffSits(current: JournalFile) {
        SitRecordFolder.recoverCutOffSits(current: current, environment: Terminal.environment, passwordHome: Terminal.passwordHome,
                                          now: WallClock.now(), calendar: LocalZone.calendar, say: { Output.diagnostic($0) })
    }

    /// Refuses (64) a moment the journal cannot record (``LocalCalendar/checkRecordable(_:zoneName:)``).
    static func checkClock(_ calendar: LocalCalendar, at epoch: Int) throws(JournalError) {
        try calendar.checkRecordable(epoch, zoneName: Terminal.variable("TZ"))
    }
}

/// `--since`, `--until` and `--profile`: which sits `log`, `stats` and `calendar` take.
struct SitFilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only sits from this day on: YYYY-MM-DD, today or yesterday.", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only sits up to this day, itself included: YYYY-MM-DD, today or yesterday.", valueName: "date"))
    var until: String?

    @Option(help: ArgumentHelp("Only sits with this profile (ignoring case).", valueName: "name"), completion: profileNameCompletion)
    var profile: String?

    /// The filter these options say, read against `today` (``SitSelection/init(since:until:profile:today:)``).
    func selection(today: Int) throws(JournalError) -> SitSelection {
        try SitSelection(since: since, until: until, profile: profile, today: today)
    }

    /// The filter as the command line gave it, for "no sits match …"; nil when there is none.
    var description: String? { SitSelection.described(since: since, until: until, profile: profile) }
}

extension LogFormat: ExpressibleByArgument {}
extension StatsFormat: ExpressibleByArgument {}
extension JournalImport.DateOrder: ExpressibleByArgument {}

/// Completion of the ids of the journal the command line names, newest first.
let sitIDCompletion = CompletionKind.custom { words, _, _ in
    var flag: String?
    if let index = words.firstIndex(of: "--journal"), index + 1 < words.count { flag = words[index + 1] }
    guard let path = JournalFile.location(flag: flag, environment: Terminal.environment, homeFallback: Terminal.passwordHome),
          let sits = try? JournalFile(path: path).read() else { return [] }
    return sits.sorted { $0.start.epoch > $1.start.epoch }.map(\.id)
}

extension GlobalOptions {
    /// How to print for the journal's commands, which need no store: the terminal's width and colour.
    var render: RenderOptions {
        RenderOptions(width: Terminal.tableWidth(), color: Terminal.useColor(noColorFlag: noColor))
    }
}
