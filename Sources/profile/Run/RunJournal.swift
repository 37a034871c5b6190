import ArgumentParser
import Journal
import ProfileKit
import Sitting
import TextSupport

/// `run`'s options for the journal.
struct RunJournalOptions: ParsableArguments {
    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp("A note to log with the sit.", valueName: "text"))
    var note: String?

    @Flag(inversion: .prefixedNo, help: "Log the sit in the journal (the default at normal speed), or not; a run at another --speed logs only with --log.")
    var log: Bool?
}

/// Logs a run when it ends: the record of the sit appended to the journal, and a line that says so
/// (`logged: 32:10 of 35:00, stopped`), or why it was not.
///
/// The journal is found, and opened for appending, before the run starts: a mistake in where it is,
/// a journal that is a folder or a device, or a folder that cannot be written is said at once, not
/// after the sit (when the record would be lost). The local clock is checked then too.
struct RunJournal {
    /// The shortest sit logged.
    static let shortestSit = 60
    /// The longest note or profile name of a sit, in bytes.
    static let longestText = 4000

    private let file: JournalFile?
    private let profile: String
    private let note: String?
    private let speed: Double
    /// Whether `--log` or `--no-log` was given.
    private let logChosen: Bool
    private let started: Int
    private let calendar = LocalCalendar()

    init(_ options: RunJournalOptions, speed: Double, profile: String) throws(ProfileError) {
        let logs = options.log ?? (speed == 1)
        note = try Self.checkedText(options.note, option: "--note")
        let now = LocalCalendar.now()
        if logs {
            let file = try options.journal.file()
            try JournalOptions.checkClock(calendar, at: now)
            try file.prepare()
            self.file = file
        } else {
            file = nil
        }
        self.profile = profile
        self.speed = speed
        logChosen = options.log != nil
        started = now
    }

    /// `text` when it is fit to keep, nil when not given.
    static func checkedText(_ text: String?, option: String) throws(ProfileError) -> String? {
        guard let text else { return nil }
        guard !text.trimmingWhitespace().isEmpty else {
            throw ProfileError.invalidOption(text, option: option, accepted: text.isEmpty ? "some text: it is empty" : "some text: it is blank")
        }
        guard text.utf8.count <= longestText else {
            throw ProfileError.invalidOption(text, option: option, accepted: "text of at most \(grouped(longestText)) bytes (this is \(grouped(text.utf8.count)))")
        }
        return text
    }

    /// Appends the run's record, unless logging is off or less than a minute was sat, and says what was
    /// done: as a line of the log display (`logStyle`) or a line under the live display's summary.
    ///
    /// A journal that could not be written is an error after the summary, with its own status (74 for
    /// a failed write, 75 for a lock held too long, 65 for a journal that became something other than a
    /// file); after an interrupted run it is said and the run's status (130) stands.
    func finish(_ summary: RunSummary, total: Int, logStyle: Bool) throws(ProfileError) {
        func say(_ text: String) {
            Output.stdout(logStyle ? "\(Terminal.wallClock())  +\(TimerDuration(seconds: summary.elapsed).formatted)  \(text)\n" : text + "\n")
        }
        guard let file else {
            // Not logged because of the speed, not because it was asked: say so, once.
            if !logChosen, speed != 1 { say("not logged: a run at --speed \(Self.speedText(speed)) is logged only with --log") }
            return
        }
        let seconds = Self.secondsSat(summary, total: total)
        guard let sit = Self.record(summary, total: total, speed: speed, started: started, now: LocalCalendar.now(),
                                    profile: profile, note: note, calendar: calendar) else {
            say("not logged: \(TimerDuration(seconds: seconds).formatted) sat, under a minute")
            return
        }
        do throws(ProfileError) {
            try file.append(sit)
        } catch {
            guard summary.ending == .interrupted else { throw error }
            Output.diagnostic("\(error)")
            return
        }
        say("logged: \(TimerDuration(seconds: seconds).formatted) of \(TimerDuration(seconds: total).formatted), \(sit.outcome.rawValue)")
    }

    /// Session seconds sat in a run that ended as `summary` says: the whole `total` for a completed run,
    /// the time that passed, pauses left out, for another.
    static func secondsSat(_ summary: RunSummary, total: Int) -> Int {
        summary.ending == .completed ? total : min(summary.elapsed, total)
    }

    /// The record of a run that ended as `summary` says, started at `started` and ending at `now`
    /// (seconds since the epoch, on the wall clock), or nil when less than ``shortestSit`` was sat.
    ///
    /// At speed 1 the end is `now`, and the paused seconds the summary's. At another speed the times are
    /// the session's, as the display shows them: the paused seconds (real ones in the summary) are
    /// multiplied by the speed, and the end is the start plus the seconds sat and paused. So the end
    /// less the start is the seconds sat and paused at every speed (at speed 1 to within the rounding
    /// of each to the second).
    static func record(_ summary: RunSummary, total: Int, speed: Double, started: Int, now: Int, profile: String,
                       note: String?, calendar: LocalCalendar) -> Sit? {
        let seconds = secondsSat(summary, total: total)
        guard seconds >= shortestSit else { return nil }
        let outcome: Outcome = switch summary.ending {
        case .completed: .completed
        case .stopped: .stopped
        case .interrupted: .interrupted
        }
        // Bounded as the journal's reader bounds it: a run left stopped with Ctrl-Z for months still
        // writes a line that reads back.
        let realPause = Double(max(summary.pausedSeconds, 0))
        let paused = Int(min(speed == 1 ? realPause : (realPause * speed).rounded(), Double(Sit.maximumCount)))
        let ended = speed == 1 ? now : started + seconds + paused
        return Sit(start: calendar.timestamp(started), end: calendar.timestamp(max(ended, started)), profile: profile,
                   seconds: seconds, plannedSeconds: total, outcome: outcome, bells: summary.bellsRung, note: note,
                   pausedSeconds: paused)
    }

    /// `600`, `0.5`: a speed as it was most likely typed.
    static func speedText(_ speed: Double) -> String {
        speed == speed.rounded() && abs(speed) < 1e15 ? String(Int(speed)) : String(speed)
    }
}
