import Breath
import LocalTime
import JournalCore
import JournalStore
import ProfileKit
import Sitting
import TextSupport

/// The journal's side of a live sit: ``RunLog`` with the process's journal, clock and output.
struct SitJournal {
    private(set) var log: RunLog

    /// Opens it as `options` say (`--log`, `--no-log`, `--note`, `--journal`); the journal is named and
    /// checked only when the sit will be logged, and the sits of runs that were cut off are recovered
    /// once it is ready.
    init(_ options: SitOptions, host: SitHost, profile: String?, total: Int?) throws(JournalError) {
        log = try RunLog(log: options.log, journal: { () throws(JournalError) in try Self.file(flag: options.journal, host: host) },
                         note: options.note, speed: options.speed, profile: profile, total: total, zoneName: host.environment["TZ"],
                         recordFolder: SitRecordFolder.location(environment: host.environment, homeFallback: host.passwordHome),
                         calendar: host.calendar, now: { host.wholeNow },
                         recover: { file in
                             SitRecordFolder.recoverCutOffSits(current: file, environment: host.environment, passwordHome: host.passwordHome,
                                                               now: host.wholeNow, calendar: host.calendar, say: host.diagnostic)
                         },
                         warn: host.diagnostic)
    }

    /// The journal `--journal` (`flag`) names, as every journal command finds it.
    static func file(flag: String?, host: SitHost) throws(JournalError) -> JournalFile {
        try JournalFile.named(flag: flag, environment: host.environment, passwordHome: host.passwordHome, zone: host.calendar.zone, report: host.diagnostic)
    }

    /// The record of the sit in progress, for the runner to save.
    var progress: RunRecordStore? { log.progress }
    /// The session seconds from which a sit that ends is logged (``Sit/shortestRun``), nil when it is not
    /// logged at all (`--no-log`, a run at another speed): the stop question says so before then.
    var logsFrom: Double? { log.logs ? Double(Sit.shortestRun) : nil }

    /// The sit starts now, not when the journal was opened: after `run --at` waited for its time.
    mutating func startsNow() { log.startsNow() }

    /// Logs the run (``RunLog/finish(outcome:elapsed:bells:pausedSeconds:)``) and says what was done: as a
    /// line of the log display (`logStyle`) or a line under the live display's summary.
    func finish(_ summary: RunSummary, logStyle: Bool, host: SitHost) throws(JournalError) {
        let line = try log.finish(outcome: Outcome(summary.ending), elapsed: summary.elapsed, bells: summary.bellsRung,
                                  pausedSeconds: summary.pausedSeconds, breathing: summary.breathing)
        guard let said = line?.split(separator: "\n").map(String.init), let line = said.first else { return }
        host.say(logStyle ? "\(host.logStamp())  +\(TimerDuration(seconds: summary.elapsed).formatted)  \(line)\n" : line + "\n")
        // The milestones the sit crossed, on standard error as `log add` says them.
        for milestone in said.dropFirst() { host.diagnostic(milestone) }
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
        save(elapsed: progress.elapsed, pausedSeconds: progress.pausedSeconds, bellsRung: progress.bellsRung,
             breathing: progress.breathing)
    }
}
