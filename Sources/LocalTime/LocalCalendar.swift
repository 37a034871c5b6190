/// The local calendar of a zone: which day a moment falls on, and the moment of a local date and time.
/// The zone comes in from where the program starts (``Zone/process(tz:zoneDirectory:read:)``); nothing
/// here reads `TZ` or asks the C library.
///
/// A day is a local calendar day: a sit at 23:30 belongs to the day it started on, wherever the clock
/// was changed that night.
package final class LocalCalendar {
    /// The zone whose clock this calendar reads.
    package let zone: Zone
    /// The last quarter hour looked up and its offset from UTC: sits come in runs of nearby times, and a
    /// zone's binary search costs more than the rest of reading a record.
    private var cachedQuarter = Int.min
    private var cachedOffset = 0

    package init(zone: Zone) {
        self.zone = zone
    }

    /// Seconds east of UTC of the local clock at `epoch`.
    package func offset(at epoch: Int) -> Int {
        // Zones change their offset on the quarter hour at the finest (most on the hour).
        let quarter = epoch >= 0 ? epoch / 900 : -((899 - epoch) / 900)
        if quarter == cachedQuarter { return cachedOffset }
        cachedQuarter = quarter
        cachedOffset = zone.offset(at: epoch)
        return cachedOffset
    }

    /// The local day number (days since 1970-01-01) that `epoch` falls on.
    package func day(of epoch: Int) -> Int {
        Int((Double(epoch + offset(at: epoch)) / 86_400).rounded(.down))
    }

    /// `epoch` on the local clock, as the journal writes it.
    package func timestamp(_ epoch: Int) -> Timestamp {
        Timestamp(epoch: epoch, offset: offset(at: epoch))
    }

    /// The local day number `epoch` falls on, and the second of that day (0 to 86,399) on the local clock.
    package func dayAndSecond(_ epoch: Int) -> (day: Int, second: Int) {
        let local = epoch + offset(at: epoch)
        let days = Int((Double(local) / 86_400).rounded(.down))
        return (days, local - days * 86_400)
    }

    /// `2026-11-23 07:15`, the local date and time of `epoch`, for tables.
    package func dateAndTime(_ epoch: Int) -> String {
        let (days, seconds) = dayAndSecond(epoch)
        return "\(CivilDate.text(days)) \(CivilDate.pad(seconds / 3600, 2)):\(CivilDate.pad(seconds / 60 % 60, 2))"
    }

    /// `07:42`, the local time of day of `epoch`.
    package func timeOfDay(_ epoch: Int) -> String {
        let seconds = dayAndSecond(epoch).second
        return "\(CivilDate.pad(seconds / 3600, 2)):\(CivilDate.pad(seconds / 60 % 60, 2))"
    }

    /// `2026-11-22T07:02:00+0100`, `epoch` on the local clock as a run's log lines begin
    /// (``Timestamp/logText``).
    package func logStamp(_ epoch: Int) -> String {
        timestamp(epoch).logText
    }

    /// `20261124T063000`, the local date and time of `epoch` to the second, as ISO 8601's basic format
    /// writes it without an offset: for file names, which it keeps in order and free of ':'.
    package func fileStamp(_ epoch: Int) -> String {
        let (days, seconds) = dayAndSecond(epoch)
        let (year, month, day) = CivilDate.fromDays(days)
        return CivilDate.pad(year, 4) + CivilDate.pad(month, 2) + CivilDate.pad(day, 2) + "T"
            + CivilDate.pad(seconds / 3600, 2) + CivilDate.pad(seconds / 60 % 60, 2) + CivilDate.pad(seconds % 60, 2)
    }

    /// The moment of a local date and time; nil when the clock skipped it (the hour a change to summer
    /// time leaves out). Of a time that came twice (the hour a change back repeats), the first.
    package func epoch(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0) -> Int? {
        guard let local = Self.local(year: year, month: month, day: day, hour: hour, minute: minute, second: second) else { return nil }
        return zone.moments(atLocal: local).first
    }

    /// The next moment after `epoch` (seconds since 1970) at which the local clock reads `secondsSinceMidnight`:
    /// today or tomorrow, across a change to or from summer time as the local clock has it (a time the
    /// clock skipped is the moment after the skip, read with the offset before it, as `mktime` reads it;
    /// a time the clock showed twice is its first moment, or its second once the first has passed). A
    /// time that came less than `grace` seconds ago is now: `--at 07:00` typed at 07:00:20 starts at
    /// once, not tomorrow.
    package func nextEpoch(of secondsSinceMidnight: Int, after epoch: Double, nowWithin grace: Double = 60) -> Double {
        let today = day(of: Int(epoch.rounded(.down)))
        for offset in 0...2 {
            let local = (today + offset) * 86_400 + secondsSinceMidnight
            var candidates = zone.moments(atLocal: local)
            if candidates.isEmpty { candidates = [zone.momentPastSkip(atLocal: local)] }
            for result in candidates {
                let candidate = Double(result)
                if offset == 0, candidate <= epoch, epoch - candidate < grace { return epoch }
                if candidate > epoch { return candidate }
            }
        }
        return epoch
    }

    /// Seconds from `epoch` until the local clock next reads `secondsSinceMidnight` (a whole day when it
    /// reads it now).
    package func secondsFrom(_ epoch: Double, until secondsSinceMidnight: Int) -> Int {
        Int((nextEpoch(of: secondsSinceMidnight, after: epoch, nowWithin: 0) - epoch).rounded())
    }

    /// A local date and time as seconds since 1970-01-01T00:00:00 on the local clock; nil for a date
    /// or time that is none (a 31 April, a 24:00). Seconds past 59 run on into the next minute.
    private static func local(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int? {
        guard (1...12).contains(month), day >= 1, (0..<24).contains(hour), (0..<60).contains(minute), second >= 0 else { return nil }
        let lengths = [31, CivilDate.isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= lengths[month - 1] else { return nil }
        return CivilDate.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }
}
