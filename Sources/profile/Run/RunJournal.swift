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

/// The journal's side of `run`: ``RunLog`` with this process's journal, clock and output.
struct RunJournal {
    private(set) var log: RunLog

    init(_ options: RunJournalOptions, speed: Double, profile: String?, total: Int?) throws(ProfileError) {
        log = try RunLog(log: options.log, journal: { () throws(ProfileError) in try options.journal.file(recovering: false) },
                         note: options.note, speed: speed, profile: profile, total: total, zoneName: Terminal.variable("TZ"),
                         recordFolder: SitRecordFolder.location(environment: Terminal.environment, homeFallback: Terminal.passwordHome),
                         now: WallClock.now, recover: JournalOptions.recoverCutOffSits(current:),
                         warn: { Output.diagnostic($0) })
    }

    /// The record of the sit in progress, for the runner to save.
    var progress: RunRecordStore? { log.progress }

    /// The sit starts now, not when the journal was opened: after `run --at` waited for its time.
    mutating func startsNow() { log.startsNow() }

    /// Logs the run (``RunLog/finish(outcome:elapsed:bells:pausedSeconds:)``) and says what was done: as a
    /// line of the log display (`logStyle`) or a line under the live display's summary.
    func finish(_ summary: RunSummary, logStyle: Bool) throws(ProfileError) {
        let line = try log.finish(outcome: Outcome(summary.ending), elapsed: summary.elapsed, bells: summary.bellsRung,
                                  pausedSeconds: summary.pausedSeconds)
        guard let line else { return }
        Output.stdout(logStyle ? "\(Terminal.wallClock())  +\(TimerDuration(seconds: summary.elapsed).formatted)  \(line)\n" : line + "\n")
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

extension RunRecordStore: SitProgressStore {
    package func save(_ progress: SitProgress) -> String? {
        save(elapsed: progress.elapsed, pausedSeconds: progress.pausedSeconds, bellsRung: progress.bellsRung)
    }
}
