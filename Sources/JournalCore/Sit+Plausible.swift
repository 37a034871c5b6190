import LocalTime
import TextSupport

/// The one rule of a sit that comes in from outside the run that sat it: the record of a dead run's sit
/// in progress (``SitRecordFolder``), a row of `log import` (``JournalImport``). It is what `log add`
/// obeys: a sit has happened (it ended by now, after it started), its seconds sat fit within its span
/// (the span also holds its pauses, so it is never shorter than the seconds), and it lasts at most a
/// day (``addedLengths``).
extension Sit {
    /// The most seconds a sit may have sat: a day, as `log add` takes one.
    package static var longestSit: Int { addedLengths.upperBound }

    /// Refuses (65) a sit that could not have happened by `now` (seconds since 1970): one that ends
    /// before it starts or after `now`, whose seconds sat exceed its span (its end less its start), or
    /// that sat more than ``longestSit``. The error is a ``JournalError/document(_:)`` at `file` and
    /// `line` (each left out when nil), its message the reason and what would be taken.
    package func checkPlausible(now: Int, file: String? = nil, line: Int? = nil) throws(JournalError) {
        func refuse(_ message: String) -> JournalError {
            .document(DocumentError(file: file, line: line, message: message))
        }
        guard end.epoch >= start.epoch else {
            throw refuse("end: a time before the start (\(end.text) is before \(start.text)): a sit ends after it starts")
        }
        guard start.epoch <= now else {
            throw refuse("a sit still to come (it starts at \(start.text)): a sit is logged once it has ended")
        }
        guard end.epoch <= now else {
            throw refuse("a sit still to come (it ends at \(end.text)): a sit is logged once it has ended")
        }
        let span = end.epoch - start.epoch
        guard seconds <= span else {
            let paused = pausedSeconds > 0 ? ", \(grouped(pausedSeconds)) of them paused" : ""
            throw refuse("seconds: \(grouped(seconds)) seconds sat between \(start.text) and \(end.text), which are \(grouped(span)) seconds apart\(paused): expected at most the seconds from the start to the end")
        }
        guard seconds <= Self.longestSit else {
            throw refuse("seconds: \(grouped(seconds)) seconds sat: expected a sit of at most 24 hours (\(grouped(Self.longestSit)) seconds), as 'log add' takes one")
        }
    }
}

/// The rules a record of a sit in progress (``SitRecord``) obeys beyond ``Sit/checkPlausible(now:file:line:)``:
/// what only a run of this program writes. A run's record holds what ``Sit/runSoFar(id:outcome:elapsed:total:bells:pausedSeconds:speed:started:now:profile:note:calendar:)``
/// made of the run's own counts, so anything it could not have made (a record edited by hand, copied
/// from another machine, damaged, or planted) is moved aside rather than logged.
extension Sit {
    /// The earliest moment a run's sit may start: 2000-01-01T00:00:00Z. This program did not run before;
    /// a record that starts earlier was not written by a run whose clock was right, and a journal line
    /// from it would sit at the head of every log and calendar.
    static let earliestRun = 946_684_800

    /// Seconds a run's record may be off by between its two clocks. A run takes its start, end and
    /// `written` from the wall clock and its seconds sat and paused from the monotonic clock, each
    /// rounded to the whole second (the seconds sat cut, the paused rounded), at moments a few
    /// instructions apart; and the wall clock may be stepped a little (NTP) between the run and the
    /// recovery. A few seconds cover that; a record off by more is not the run's own.
    static let runClockSlack = 5
    /// How much longer than what it sat and paused a run's span may be: its start taken on a busy
    /// machine before the first second counts (seen: 8 s), and the tick of a minute's record.
    static let runSpanSlack = 120

    /// The bells a run rings besides its interval bells: the main sit's start, the cool-down's start
    /// and the session's end (the events of a session that ring; see `Timeline`, which the journal
    /// does not import).
    static let partBells = 3

    /// What the model lets a profile's session be, which bounds what its run can record. The model
    /// defines them (ProfileKit's `Intervals` and `SegmentType`, which JournalCore does not import):
    /// JournalStore hands them in (`Sit.RunLimits.profile`).
    package struct RunLimits: Sendable, Equatable {
        /// The shortest interval between interval bells, in seconds (`Intervals.allowedEvery`'s shortest).
        package var shortestInterval: Int
        /// The most interval bells at chosen times (`Intervals.maximumTimes`).
        package var mostChosenTimes: Int
        /// The shortest main sit a profile plans, in seconds (`SegmentType.main.allowedDurations`' shortest).
        package var shortestSession: Int

        package init(shortestInterval: Int, mostChosenTimes: Int, shortestSession: Int) {
            self.shortestInterval = shortestInterval
            self.mostChosenTimes = mostChosenTimes
            self.shortestSession = shortestSession
        }
    }

    /// The most bells a session that sat `seconds` session seconds can have rung: its interval bells,
    /// at most one each ``RunLimits/shortestInterval`` or the ``RunLimits/mostChosenTimes`` chosen
    /// times, and ``partBells``. A rung bell is counted once, whatever its strikes.
    static func mostBells(sitting seconds: Int, limits: RunLimits) -> Int {
        max(max(seconds, 0) / limits.shortestInterval + 1, limits.mostChosenTimes) + partBells
    }

    /// Refuses (65) a sit no run of this program could have kept in a record `written` (seconds since
    /// 1970) and read at `now`: a record written before the sit's end or after `now`; pauses that do
    /// not fit the span with the seconds sat; more bells than the session could ring; a planned length
    /// of none of a profile's (under `limits`' ``RunLimits/shortestSession``) or shorter than the
    /// seconds sat; a start before ``earliestRun``. Each allows ``runClockSlack`` where two clocks meet.
    /// The error's message is the reason in words.
    package func checkRecordedByRun(written: Timestamp, now: Int, limits: RunLimits) throws(JournalError) {
        func refuse(_ message: String) -> JournalError { .document(DocumentError(message: message)) }
        let slack = Self.runClockSlack
        guard start.epoch >= Self.earliestRun else {
            throw refuse("it starts at \(start.text), before 2000: no run of profile keeps such a record (was the clock wrong?)")
        }
        guard written.epoch >= end.epoch - slack else {
            throw refuse("written: it was written at \(written.text), before its sit's end at \(end.text): a run writes its record as the sit goes, so never before the end it gives")
        }
        guard written.epoch <= now + slack else {
            throw refuse("written: it was written at \(written.text), which is still to come: a record is written by a run that has been")
        }
        let span = end.epoch - start.epoch
        guard seconds + pausedSeconds <= span + slack else {
            throw refuse("pausedSeconds: \(grouped(pausedSeconds)) seconds paused and \(grouped(seconds)) sat between \(start.text) and \(end.text), which are \(grouped(span)) seconds apart: a run's pauses lie within its span")
        }
        // And they fill it: a run's span is what it sat and paused (stops and sleeps count as paused),
        // give or take its start on a busy machine; a span of years around ten minutes is no run's.
        let accounted = seconds + pausedSeconds
        guard span <= accounted + max(Self.runSpanSlack, accounted / 10) else {
            throw refuse("it spans \(grouped(span)) seconds from \(start.text) to \(end.text), but sat \(grouped(seconds)) and paused \(grouped(pausedSeconds)): a run's span is what it sat and paused")
        }
        let most = Self.mostBells(sitting: seconds, limits: limits)
        guard bells <= most else {
            throw refuse("bells: \(grouped(bells)) bells in \(grouped(seconds)) seconds sat: a session that long rings at most \(grouped(most)) (an interval bell every \(limits.shortestInterval) seconds at most, or \(limits.mostChosenTimes) chosen times, and \(Self.partBells) more)")
        }
        if let planned = plannedSeconds {
            let shortest = limits.shortestSession
            guard planned >= shortest else {
                throw refuse("plannedSeconds: \(grouped(planned)): a run plans a session of at least \(shortest) second (the shortest a profile may be), or null for an open-ended one")
            }
            guard seconds <= planned else {
                throw refuse("seconds: \(grouped(seconds)) seconds sat of \(grouped(planned)) planned: a run stops at the length it planned")
            }
        }
    }
}
