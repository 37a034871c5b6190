import Breath
import JournalCore
import LocalTime
import Files
import ProfileKit
import TextSupport

/// The journal's side of a run: whether its sit is logged, the record of the sit in progress while it
/// lasts, and the sit appended when it ends (`logged: 32:10 of 35:00, stopped`), or why it was not.
///
/// The journal is found, and opened for appending, before the run starts: a mistake in where it is, a
/// journal that is a folder or a device, or a folder that cannot be written is said at once, not after
/// the sit (when the record would be lost). The local clock is checked then too, and the sits of runs
/// that were cut off are recovered, as every journal command does. The wall clock is `now`, handed in.
package struct RunLog {
    private let file: JournalFile?
    /// The profile's name; nil for a quick sit.
    private let profile: String?
    private let note: String?
    private let speed: Double
    /// The planned length; nil for an open-ended sit.
    private let total: Int?
    /// Whether `--log` or `--no-log` was given.
    private let logChosen: Bool
    /// Whether the sit is logged when it ends (a minute or more of it).
    package var logs: Bool { file != nil }
    private var started: Int
    private let calendar: LocalCalendar
    private let now: () -> Int
    private let recordFolder: String?
    private let warn: (String) -> Void
    /// The record of the sit in progress, when the sit will be logged.
    package private(set) var progress: RunRecordStore?

    /// Opens the journal's side of a run.
    ///
    /// - Parameters:
    ///   - log: `--log` (true) or `--no-log` (false), or nil: then a run at speed 1 is logged, another not.
    ///   - journal: the journal the command line names; asked only when the sit will be logged.
    ///   - note: `--note`, checked here (64 for control or invisible characters).
    ///   - zoneName: TZ's value, named when the local clock is more than a day off UTC.
    ///   - recordFolder: where records of sits in progress are kept (``SitRecordFolder/location(environment:homeFallback:)``).
    ///   - recover: logs the sits of runs that were cut off, once the journal is ready.
    ///   - warn: told what goes wrong but does not fail the run (a record that could not be removed).
    package init(log: Bool?, journal: () throws(JournalError) -> JournalFile, note: String?, speed: Double, profile: String?,
                 total: Int?, zoneName: String?, recordFolder: String?, calendar: LocalCalendar,
                 now: @escaping () -> Int, recover: (JournalFile) -> Void, warn: @escaping (String) -> Void) throws(JournalError) {
        let logs = log ?? (speed == 1)
        self.note = try Sit.checkedText(note, option: "--note")
        self.calendar = calendar
        self.now = now
        self.recordFolder = recordFolder
        self.warn = warn
        self.profile = profile
        self.speed = speed
        self.total = total
        logChosen = log != nil
        if logs {
            let file = try journal()
            try calendar.checkRecordable(now(), zoneName: zoneName)
            try file.prepare()
            // Once nothing more can stop the run before its sit: a run that fails changes nothing.
            recover(file)
            self.file = file
            // The sit starts now, not before a recovery that waited for a lock.
            started = now()
            progress = nil
            progress = makeRecord(journal: file.path)
        } else {
            file = nil
            progress = nil
            started = now()
        }
    }

    private func makeRecord(journal: String) -> RunRecordStore {
        RunRecordStore(journal: journal, profile: profile, note: note, total: total, speed: speed, started: started,
                       calendar: calendar, folder: recordFolder, currentDirectory: POSIX.currentDirectory(), now: now, warn: warn)
    }

    /// The sit starts now, not when the journal was opened: after `run --at` waited for its time.
    package mutating func startsNow() {
        started = now()
        guard let file, progress != nil else { return }
        progress = makeRecord(journal: file.path)
    }

    /// Appends the run's record, unless logging is off or less than a minute was sat, and gives the line
    /// that says what was done (nil when there is nothing to say: logging was turned off), followed by a
    /// line for each milestone the sit crossed (`milestone: 10 sits, since 12 March 2024`).
    ///
    /// A journal that could not be written is an error, with its own status (74 for a failed write, 75 for
    /// a lock held too long, 65 for a journal that became something other than a file); after an
    /// interrupted run it is told to `warn` instead, and the run's status (130) stands. The record of the
    /// sit in progress is then kept, holding the sit as it ended, for the next journal command to log.
    /// `breathing` is what the pacer led (issue 48), nil for a sit without one.
    package func finish(outcome: Outcome, elapsed: Int, bells: Int, pausedSeconds: Int,
                        breathing: SitBreathing? = nil) throws(JournalError) -> String? {
        guard let file else {
            // Not logged because of the speed, not because it was asked: say so, once.
            if !logChosen, speed != 1 { return "not logged: a run at --speed \(Self.speedText(speed)) is logged only with --log" }
            return nil
        }
        let seconds = Sit.secondsSat(outcome: outcome, elapsed: elapsed, total: total)
        guard let sit = Sit.run(id: progress?.id ?? Sit.newID(), outcome: outcome, elapsed: elapsed, total: total,
                                bells: bells, pausedSeconds: pausedSeconds, speed: speed, started: started,
                                now: now(), profile: profile, note: note, calendar: calendar, breathing: breathing) else {
            progress?.remove()
            return "not logged: \(TimerDuration(seconds: seconds).formatted) sat, under a minute"
        }
        // The sit as it ended, should the journal fail now: the next command logs it from the record.
        let kept = progress?.keep(sit) == true
        let appended: JournalFile.AppendOutcome
        do throws(JournalError) {
            appended = try file.append(sit, calendar: calendar)
        } catch {
            let keptNote = "the sit is kept in \(escapedPath(progress?.path ?? "")) for the next journal command to log"
            guard outcome == .interrupted else {
                if kept { warn(keptNote) }
                throw error
            }
            warn("\(error)")
            if kept { warn(keptNote) }
            return nil
        }
        progress?.remove()
        // The milestones the sit crossed follow, a line each, as the append worked them out under its lock.
        return (["logged: \(sit.lengthText), \(sit.outcome.rawValue)"] + appended.milestones).joined(separator: "\n")

    }

    /// `600`, `0.5`: a speed as it was most likely typed.
    package static func speedText(_ speed: Double) -> String {
        speed == speed.rounded() && abs(speed) < 1e15 ? String(Int(speed)) : String(speed)
    }
}

/// The live record of a run's sit in progress: a file in `${XDG_STATE_HOME:-$HOME/.local/state}/profile/`
/// (``SitRecordFolder``) holding the sit as the journal would log it if the run were cut off now,
/// written atomically and locked while the run lives (``SitRecordWriter``).
package final class RunRecordStore {
    /// The sit's id, which its line in the journal gets too.
    package let id = Sit.newID()
    private let journal: String
    private let profile: String?
    private let note: String?
    private let total: Int?
    private let speed: Double
    private let started: Int
    private let calendar: LocalCalendar
    private let now: () -> Int
    private let warn: (String) -> Void
    private let writer: SitRecordWriter?
    /// Why there is no record, when there is no folder to keep one in.
    private let missing: String?

    /// - Parameters:
    ///   - folder: where records are kept; nil when no home is known (the sit is then not kept).
    ///   - currentDirectory: what a relative journal path is taken from.
    init(journal: String, profile: String?, note: String?, total: Int?, speed: Double, started: Int, calendar: LocalCalendar,
         folder: String?, currentDirectory: String?, now: @escaping () -> Int, warn: @escaping (String) -> Void) {
        // The record names the journal by an absolute path: a later command may run in another folder.
        self.journal = journal.hasPrefix("/") ? journal : (currentDirectory.map { "\($0)/\(journal)" } ?? journal)
        self.profile = profile
        self.note = note
        self.total = total
        self.speed = speed
        self.started = started
        self.calendar = calendar
        self.now = now
        self.warn = warn
        if let folder {
            writer = SitRecordWriter(folder: SitRecordFolder(path: folder), id: id)
            missing = nil
        } else {
            writer = nil
            missing = "HOME is not set and the password database names no home folder"
        }
    }

    /// The record's path.
    package var path: String? { writer?.path }

    /// Keeps the sit as far as it has come; what to tell the user when it could not be kept, or nil.
    /// `breathing` is what the pacer led so far (issue 48), nil for a sit without one.
    package func save(elapsed: Int, pausedSeconds: Int, bellsRung: Int, breathing: SitBreathing? = nil) -> String? {
        let sit = Sit.runSoFar(id: id, outcome: .interrupted, elapsed: elapsed, total: total, bells: bellsRung,
                               pausedSeconds: pausedSeconds, speed: speed, started: started, now: now(),
                               profile: profile, note: note, calendar: calendar, breathing: breathing)
        return write(sit).map { "the sit is not kept against a crash: \($0)" }
    }

    /// Writes `sit` as the record; false when it could not be.
    func keep(_ sit: Sit) -> Bool { write(sit) == nil }

    /// Writes `sit` as the record; why it could not be, or nil.
    private func write(_ sit: Sit) -> String? {
        guard let writer else { return missing }
        guard journal.hasPrefix("/") else { return "cannot find the current folder to name the journal by" }
        do throws(JournalError) {
            try writer.write(SitRecord(journal: journal, written: calendar.timestamp(now()), sit: sit))
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Removes the record: the sit is logged, or too short to be. A record that stays (its folder became
    /// read-only) is said: the next journal command finds its sit logged and removes it, but a sit deleted
    /// from the journal before then would come back from it.
    func remove() {
        do throws(JournalError) {
            try writer?.remove()
        } catch {
            warn("warning: \(error): remove it by hand, or a sit deleted from the journal comes back from it")
        }
    }
}
