import Breath
import LocalTime
import TextSupport

/// The rules of a sit that a run or `log add` records: what is kept, and how a run's times become a
/// record. The run hands over plain numbers: the journal never imports the timeline.
extension Sit {
    /// The shortest sit a run logs, in seconds.
    package static let shortestRun = 60
    /// The longest note or profile name a sit keeps, in bytes.
    package static let longestText = 4000

    /// `text` when it is fit to keep as a note or a profile name given with `option`, nil when not given.
    ///
    /// Every way a note or a name enters the journal goes through here. A note is text: it is refused,
    /// as a profile's name is, when it holds a character a reader cannot see (the escape that starts a
    /// terminal's control sequence, a bell, a line break, a zero-width space; see
    /// `String.hiddenCharacterProblem`), since every output that keeps it as it is (CSV, JSON, a `cat`
    /// of the journal) would hand it to whatever shows it. Journals that hold one already still read,
    /// and the log's tables and plain lines escape it.
    ///
    /// - Throws: ``JournalError/invalidOption(_:option:accepted:)`` for empty or blank text, text with
    ///   an invisible character (naming it: `U+001B`), or text over ``longestText`` bytes.
    package static func checkedText(_ text: String?, option: String) throws(JournalError) -> String? {
        guard let text else { return nil }
        guard !text.trimmingWhitespace().isEmpty else {
            throw JournalError.invalidOption(text, option: option, accepted: text.isEmpty ? "some text: it is empty" : "some text: it is blank")
        }
        if let problem = text.hiddenCharacterProblem {
            throw JournalError.invalidOption(text, option: option, accepted: "text without control or invisible characters: \(problem)")
        }
        guard text.utf8.count <= longestText else {
            throw JournalError.invalidOption(text, option: option, accepted: "text of at most \(grouped(longestText)) bytes (this is \(grouped(text.utf8.count)))")
        }
        return text
    }

    /// Session seconds sat in a run of `total` seconds that ended with `outcome` after `elapsed`
    /// session seconds (pauses left out): the whole `total` for a completed run. An open-ended run (no
    /// `total`) sat what ran, however it ended.
    package static func secondsSat(outcome: Outcome, elapsed: Int, total: Int?) -> Int {
        guard let total else { return min(max(elapsed, 0), maximumCount) }
        return outcome == .completed ? total : min(max(elapsed, 0), total)
    }

    /// `32:10 of 35:00`, or `32:10, open-ended` for a sit with no planned length.
    package var lengthText: String {
        TimerDuration(seconds: seconds).formatted + (plannedSeconds.map { " of \(TimerDuration(seconds: $0).formatted)" } ?? ", open-ended")
    }

    /// The record of a run, or nil when less than ``shortestRun`` was sat.
    ///
    /// - Parameters:
    ///   - outcome: how the run ended.
    ///   - elapsed: session seconds that ran, pauses left out.
    ///   - total: the profile's length; nil for an open-ended sit.
    ///   - profile: the profile's name; nil for a quick sit of no profile.
    ///   - bells: bells that sounded.
    ///   - pausedSeconds: real seconds not sat: pauses, the stop question, stops and sleeps.
    ///   - speed: the run's `--speed`.
    ///   - started: when the run started, and `now` when it ended (or, for the record of a sit in
    ///     progress, when it was written), on the wall clock (seconds since the epoch).
    ///
    /// At speed 1 the sit starts at `started` and ends `now`, and the paused seconds are as given. At
    /// another speed the lengths are the session's, as the display shows them (the paused seconds
    /// multiplied by the speed), and the sit ends `now`, when the run ended, and starts the seconds sat
    /// and paused before that: a sped-up sit lies wholly in the past, so every line written of it (and
    /// its export) imports back. So the end less the start is the seconds sat and paused at every speed
    /// (at speed 1 to within the rounding of each to the second). The paused seconds are bounded as the
    /// reader bounds them (``maximumCount``): a run left stopped for months still writes a line that
    /// reads back.
    ///   - id: the sit's id: the one its record in progress (``SitRecord``) holds.
    package static func run(id: String = Sit.newID(), outcome: Outcome, elapsed: Int, total: Int?, bells: Int, pausedSeconds: Int,
                            speed: Double, started: Int, now: Int, profile: String?, note: String?, calendar: LocalCalendar,
                            breathing: SitBreathing? = nil) -> Sit? {
        let sit = runSoFar(id: id, outcome: outcome, elapsed: elapsed, total: total, bells: bells, pausedSeconds: pausedSeconds,
                           speed: speed, started: started, now: now, profile: profile, note: note, calendar: calendar,
                           breathing: breathing)
        return sit.seconds >= shortestRun ? sit : nil
    }

    /// The record of a run as ``run(id:outcome:elapsed:total:bells:pausedSeconds:speed:started:now:profile:note:calendar:)``
    /// makes it, however short: what the record of a sit in progress holds, to be logged if the run is
    /// cut off (and then only when it reached ``shortestRun``).
    package static func runSoFar(id: String, outcome: Outcome, elapsed: Int, total: Int?, bells: Int, pausedSeconds: Int,
                                 speed: Double, started: Int, now: Int, profile: String?, note: String?,
                                 calendar: LocalCalendar, breathing: SitBreathing? = nil) -> Sit {
        let seconds = secondsSat(outcome: outcome, elapsed: elapsed, total: total)
        let realPause = Double(max(pausedSeconds, 0))
        let paused = Int(min(speed == 1 ? realPause : (realPause * speed).rounded(), Double(maximumCount)))
        // At another speed the session's span ends when the run ended, never ahead of the wall clock.
        let (began, ended) = speed == 1 ? (started, max(now, started)) : (now - seconds - paused, now)
        return Sit(id: id, start: calendar.timestamp(began), end: calendar.timestamp(ended), profile: profile,
                   seconds: seconds, plannedSeconds: total, outcome: outcome, bells: bells, note: note, pausedSeconds: paused,
                   breathing: breathing)
    }
}
