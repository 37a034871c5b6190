import Files
import ArgumentParser
import Journal
import ProfileKit
import Sitting
import TextSupport

/// `run`'s options for the journal.
struct RunJournalOptions: ParsableArguments {
    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp("A note to log with the sit: text, without control or invisible characters.", valueName: "text"))
    var note: String?

    @Flag(inversion: .prefixedNo, help: "Log the sit in the journal (the default at normal speed), or not; a run at another --speed logs only with --log.")
    var log: Bool?
}

/// Logs a run when it ends: the record of the sit appended to the journal, and a line that says so
/// (`logged: 32:10 of 35:00, stopped`), or why it was not. While the run lasts it keeps the record of
/// the sit in progress (``RunRecordStore``), which it removes once the sit is logged.
///
/// The journal is found, and opened for appending, before the run starts: a mistake in where it is,
/// a journal that is a folder or a device, or a folder that cannot be written is said at once, not
/// after the sit (when the record would be lost). The local clock is checked then too, and the sits of
/// runs that were cut off are recovered, as every journal command does.
struct RunJournal {
    private let file: JournalFile?
    /// The profile's name; nil for a quick sit.
    private let profile: String?
    private let note: String?
    private let speed: Double
    /// The planned length; nil for an open-ended sit.
    private let total: Int?
    /// Whether `--log` or `--no-log` was given.
    private let logChosen: Bool
    private var started: Int
    private let calendar = LocalCalendar()
    /// The record of the sit in progress, when the sit will be logged and there is a folder to keep it in.
    private(set) var progress: RunRecordStore?

    init(_ options: RunJournalOptions, speed: Double, profile: String?, total: Int?) throws(ProfileError) {
        let logs = options.log ?? (speed == 1)
        note = try Sit.checkedText(options.note, option: "--note")
        let now = WallClock.now()
        if logs {
            let file = try options.journal.file(recovering: false)
            try JournalOptions.checkClock(calendar, at: now)
            try file.prepare()
            // Once nothing more can stop the run before its sit: a run that fails changes nothing.
            JournalOptions.recoverCutOffSits(current: file)
            self.file = file
            // The sit starts now, not before a recovery that waited for a lock.
            started = WallClock.now()
            progress = RunRecordStore(journal: file.path, profile: profile, note: note, total: total, speed: speed, started: started,
                                      calendar: calendar)
        } else {
            file = nil
            progress = nil
            started = now
        }
        self.profile = profile
        self.speed = speed
        self.total = total
        logChosen = options.log != nil
    }

    /// The sit starts now, not when the journal was opened: after `run --at` waited for its time.
    mutating func startsNow() {
        started = WallClock.now()
        guard let file, progress != nil else { return }
        progress = RunRecordStore(journal: file.path, profile: profile, note: note, total: total, speed: speed, started: started,
                                  calendar: calendar)
    }

    /// Appends the run's record, unless logging is off or less than a minute was sat, and says what was
    /// done: as a line of the log display (`logStyle`) or a line under the live display's summary.
    ///
    /// A journal that could not be written is an error after the summary, with its own status (74 for
    /// a failed write, 75 for a lock held too long, 65 for a journal that became something other than a
    /// file); after an interrupted run it is said and the run's status (130) stands. The record of the
    /// sit in progress is then kept, holding the sit as it ended, for the next journal command to log.
    func finish(_ summary: RunSummary, logStyle: Bool) throws(ProfileError) {
        func say(_ text: String) {
            Output.stdout(logStyle ? "\(Terminal.wallClock())  +\(TimerDuration(seconds: summary.elapsed).formatted)  \(text)\n" : text + "\n")
        }
        guard let file else {
            // Not logged because of the speed, not because it was asked: say so, once.
            if !logChosen, speed != 1 { say("not logged: a run at --speed \(Self.speedText(speed)) is logged only with --log") }
            return
        }
        let outcome = Outcome(summary.ending)
        let seconds = Sit.secondsSat(outcome: outcome, elapsed: summary.elapsed, total: total)
        guard let sit = Sit.run(id: progress?.id ?? Sit.newID(), outcome: outcome, elapsed: summary.elapsed, total: total,
                                bells: summary.bellsRung, pausedSeconds: summary.pausedSeconds, speed: speed, started: started,
                                now: WallClock.now(), profile: profile, note: note, calendar: calendar) else {
            progress?.remove()
            say("not logged: \(TimerDuration(seconds: seconds).formatted) sat, under a minute")
            return
        }
        // The sit as it ended, should the journal fail now: the next command logs it from the record.
        let kept = progress?.keep(sit) == true
        do throws(ProfileError) {
            try file.append(sit)
        } catch {
            let keptNote = "the sit is kept in \(escapedPath(progress?.path ?? "")) for the next journal command to log"
            guard summary.ending == .interrupted else {
                if kept { Output.diagnostic(keptNote) }
                throw error
            }
            Output.diagnostic("\(error)")
            if kept { Output.diagnostic(keptNote) }
            return
        }
        progress?.remove()
        say("logged: \(sit.lengthText), \(sit.outcome.rawValue)")
    }

    /// `600`, `0.5`: a speed as it was most likely typed.
    static func speedText(_ speed: Double) -> String {
        speed == speed.rounded() && abs(speed) < 1e15 ? String(Int(speed)) : String(speed)
    }
}

extension Outcome {
    /// How a run that ended as `ending` is recorded.
    init(_ ending: RunSummary.Ending) {
        self = switch ending {
        case .completed: .completed
        case .stopped: .stopped
        case .interrupted: .interrupted
        }
    }
}

/// The live record of a run's sit in progress: a file in `${XDG_STATE_HOME:-$HOME/.local/state}/profile/`
/// (``SitRecordFolder``) holding the sit as the journal would log it if the run were cut off now,
/// written atomically and locked while the run lives (``SitRecordWriter``).
final class RunRecordStore: SitProgressStore {
    /// The sit's id, which its line in the journal gets too.
    let id = Sit.newID()
    private let journal: String
    private let profile: String?
    private let note: String?
    private let total: Int?
    private let speed: Double
    private let started: Int
    private let calendar: LocalCalendar
    private let writer: SitRecordWriter?
    /// Why there is no record, when there is no folder to keep one in.
    private let missing: String?

    init(journal: String, profile: String?, note: String?, total: Int?, speed: Double, started: Int, calendar: LocalCalendar) {
        // The record names the journal by an absolute path: a later command may run in another folder.
        self.journal = journal.hasPrefix("/") ? journal : (POSIX.currentDirectory().map { "\($0)/\(journal)" } ?? journal)
        self.profile = profile
        self.note = note
        self.total = total
        self.speed = speed
        self.started = started
        self.calendar = calendar
        if let folder = SitRecordFolder.location(environment: Terminal.environment, homeFallback: Terminal.passwordHome) {
            writer = SitRecordWriter(folder: SitRecordFolder(path: folder), id: id)
            missing = nil
        } else {
            writer = nil
            missing = "HOME is not set and the password database names no home folder"
        }
    }

    /// The record's path.
    var path: String? { writer?.path }

    func save(_ progress: SitProgress) -> String? {
        let sit = Sit.runSoFar(id: id, outcome: .interrupted, elapsed: progress.elapsed, total: total, bells: progress.bellsRung,
                               pausedSeconds: progress.pausedSeconds, speed: speed, started: started, now: WallClock.now(),
                               profile: profile, note: note, calendar: calendar)
        return write(sit).map { "the sit is not kept against a crash: \($0)" }
    }

    /// Writes `sit` as the record; false when it could not be.
    func keep(_ sit: Sit) -> Bool { write(sit) == nil }

    /// Writes `sit` as the record; why it could not be, or nil.
    private func write(_ sit: Sit) -> String? {
        guard let writer else { return missing }
        guard journal.hasPrefix("/") else { return "cannot find the current folder to name the journal by" }
        do throws(ProfileError) {
            try writer.write(SitRecord(journal: journal, written: calendar.timestamp(WallClock.now()), sit: sit))
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Removes the record: the sit is logged, or too short to be. A record that stays (its folder became
    /// read-only) is said: the next journal command finds its sit logged and removes it, but a sit deleted
    /// from the journal before then would come back from it.
    func remove() {
        do throws(ProfileError) {
            try writer?.remove()
        } catch {
            Output.diagnostic("warning: \(error): remove it by hand, or a sit deleted from the journal comes back from it")
        }
    }
}
