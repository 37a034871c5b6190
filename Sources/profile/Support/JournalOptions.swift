import Files
import ArgumentParser
import Journal
import ProfileKit
import TableKit
import TextSupport

/// `--journal FILE`, for the commands that read or write the journal of sits.
struct JournalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The journal of sits (default: $PROFILE_JOURNAL, else ${XDG_DATA_HOME:-$HOME/.local/share}/profile/journal.jsonl).",
                                            valueName: "file"), completion: .file())
    var journal: String?

    /// The journal this command line names, reporting its repairs and warnings on stderr, once the sits
    /// of runs that were cut off are recovered (``recoverCutOffSits(current:)``), unless `recovering` is
    /// false (`run` recovers once its journal is ready): every command that reads or writes a journal
    /// comes here first, once its own arguments are checked.
    func file(recovering: Bool = true) throws(ProfileError) -> JournalFile {
        let file = try Self.file(flag: journal)
        if recovering { Self.recoverCutOffSits(current: file) }
        return file
    }

    static func file(flag: String?) throws(ProfileError) -> JournalFile {
        if flag == "" { throw ProfileError.invalidOption("", option: "--journal", accepted: "the path of a file, such as ~/sits.jsonl") }
        if let problem = Terminal.undecodableVariable() { throw ProfileError.configuration(problem) }
        let environment = Terminal.environment
        guard let path = JournalFile.location(flag: flag, environment: environment, homeFallback: Terminal.passwordHome) else {
            throw ProfileError.configuration("cannot find the journal: HOME is not set (or is not an absolute path) and the password database names no home folder; use --journal FILE or set PROFILE_JOURNAL")
        }
        let timeout = try StoreLocation.lockTimeout(environment: environment)
        return JournalFile(path: path, lockTimeout: timeout, report: { Output.diagnostic($0) })
    }

    /// Logs the sits of runs that were cut off (killed, or the machine lost its power) from the records
    /// they left (``SitRecordFolder/recover(journal:stamp:)``), each in the journal it names, and says
    /// so on standard error: `recovered a sit cut off at 06:41: Morning, 18:00 of 30:00`. Nothing here
    /// fails the command: a record that cannot be logged stays, with a warning, for the next one.
    static func recoverCutOffSits(current: JournalFile) {
        guard let folder = SitRecordFolder.location(environment: Terminal.environment, homeFallback: Terminal.passwordHome) else { return }
        let calendar = LocalCalendar()
        let now = WallClock.now()
        let recoveries = SitRecordFolder(path: folder).recover(
            // Recovery is housekeeping: it waits for a journal's lock less than the command's own work does.
            journal: { path in JournalFile(path: path, lockTimeout: min(current.lockTimeout, Self.recoveryLockTimeout), report: { Output.diagnostic($0) }) },
            stamp: calendar.fileStamp(now), now: now)
        let here = POSIX.realPath(current.path)
        for recovery in recoveries {
            switch recovery {
            case .logged(let record):
                let elsewhere = here == nil || POSIX.realPath(record.journal) != here
                Output.diagnostic("recovered a sit \(describe(record, calendar: calendar, now: now))\(elsewhere ? " (logged in \(escapedPath(record.journal)))" : "")")
            case .alreadyLogged, .tooShort:
                break
            case .failed(let record, let error):
                let path = SitRecordFolder(path: folder).recordPath(id: record.sit.id)
                Output.diagnostic("warning: could not log the sit \(describe(record, calendar: calendar, now: now)): \(error); its record, \(escapedPath(path)), stays for the next command (remove it to drop the sit)")
            case .unreadable(let path, let problem, let aside):
                // The problem is this program's own text, its values quoted and escaped already.
                Output.diagnostic("warning: \(escapedPath(path)): not a record of a sit in progress: \(problem); moved it to \(escapedPath(aside))")
            case .stuck(let path, let problem):
                Output.diagnostic("warning: \(escapedPath(path)): not a record of a sit in progress: \(problem); it could not be moved aside: move or remove it by hand")
            case .notRemoved(let path, let error):
                Output.diagnostic("warning: \(error): remove \(escapedPath(path)) by hand, or a sit deleted from the journal comes back from it")
            }
        }
    }

    /// The longest a recovery waits for a journal's lock, in seconds: an append holds it for a moment, so
    /// a lock held longer is a stuck one (said, and waited for once a command, not once a record).
    static let recoveryLockTimeout = 1.0

    /// `cut off at 06:41: Morning, 18:00 of 30:00`, the date too when it was not today; for the sit of a
    /// run that ended but could not write the journal, `completed at 06:41, not logged then: …`.
    private static func describe(_ record: SitRecord, calendar: LocalCalendar, now: Int) -> String {
        let epoch = record.written.epoch
        let when = calendar.day(of: epoch) == calendar.day(of: now) ? calendar.timeOfDay(epoch) : calendar.dateAndTime(epoch)
        let sit = record.sit
        let how = sit.outcome == .interrupted ? "cut off at \(when)" : "\(sit.outcome.rawValue) at \(when), not logged then"
        return "\(how): \(sit.profile.map { escaped($0) } ?? "no profile"), \(sit.lengthText)"
    }

    /// Refuses (64) a moment the journal cannot record: a local clock (TZ) more than a day off UTC, or
    /// a year outside 0000–9999, which no reader of RFC 3339 times takes.
    static func checkClock(_ calendar: LocalCalendar, at epoch: Int) throws(ProfileError) {
        let stamp = calendar.timestamp(epoch)
        guard abs(stamp.offset) < 86_400 else {
            throw ProfileError.invalidOption(Terminal.variable("TZ") ?? "", option: "TZ",
                                             accepted: "a time zone less than 24 hours off UTC (this one is \(stamp.offset < 0 ? "-" : "+")\(abs(stamp.offset) / 3600) hours \(abs(stamp.offset) / 60 % 60) minutes off)")
        }
        let year = CivilDate.fromDays(Int((Double(epoch + stamp.offset) / 86_400).rounded(.down))).year
        guard (0...9999).contains(year) else {
            throw ProfileError.invalidOption(stamp.text, option: "time", accepted: "a time in the years 0000 to 9999")
        }
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

    /// The filter these options say, read against `today`.
    func selection(today: Int) throws(ProfileError) -> SitSelection {
        let from = try since.map { text throws(ProfileError) in try DayArgument.parse(text, option: "--since", today: today) }
        let to = try until.map { text throws(ProfileError) in try DayArgument.parse(text, option: "--until", today: today) }
        if let from, let to, from > to {
            throw ProfileError.invalidOption(until ?? "", option: "--until", accepted: "a day on or after --since \(since ?? "")")
        }
        return SitSelection(since: from, until: to, profile: profile)
    }

    /// The filter as the command line gave it, for "no sits match …"; nil when there is none.
    var description: String? {
        let parts = [since.map { "--since \(escaped($0))" }, until.map { "--until \(escaped($0))" },
                     profile.map { "--profile \(quoted($0))" }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

extension LogFormat: ExpressibleByArgument {}
extension StatsFormat: ExpressibleByArgument {}

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
