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
/// (`logged: 32:10 of 35:00, stopped`), or why it was not.
///
/// The journal is found, and opened for appending, before the run starts: a mistake in where it is,
/// a journal that is a folder or a device, or a folder that cannot be written is said at once, not
/// after the sit (when the record would be lost). The local clock is checked then too.
struct RunJournal {
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
        note = try Sit.checkedText(options.note, option: "--note")
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
        let outcome = Outcome(summary.ending)
        let seconds = Sit.secondsSat(outcome: outcome, elapsed: summary.elapsed, total: total)
        guard let sit = Sit.run(outcome: outcome, elapsed: summary.elapsed, total: total, bells: summary.bellsRung,
                                pausedSeconds: summary.pausedSeconds, speed: speed, started: started, now: LocalCalendar.now(),
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
