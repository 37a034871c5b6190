#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif

/// The local calendar of this process (`TZ`, else the system's zone): which day a moment falls on, and
/// the moment of a local date and time.
///
/// A day is a local calendar day: a sit at 23:30 belongs to the day it started on, wherever the clock
/// was changed that night.
package final class LocalCalendar {
    /// The last hour looked up and its offset from UTC: sits come in runs of nearby times, and
    /// `localtime_r` costs more than the rest of reading a record.
    private var cachedHour = Int.min
    private var cachedOffset = 0
    /// The zone's offsets when given in place of the C library's (``init(offsets:)``).
    private let offsets: ((Int) -> Int)?

    package init() {
        tzset()
        offsets = nil
    }

    /// A calendar whose local clock is `offsets` (seconds east of UTC at a moment) rather than `TZ`'s:
    /// for a zone known without setting `TZ` in a process where other work reads it. Only what follows
    /// from ``offset(at:)`` (days, stamps, times of day) follows it; ``epoch(year:month:day:hour:minute:second:)``
    /// and ``nextEpoch(of:after:nowWithin:)`` still ask the C library.
    package init(offsets: @escaping (Int) -> Int) {
        self.offsets = offsets
    }

    /// Seconds east of UTC of the local clock at `epoch`.
    package func offset(at epoch: Int) -> Int {
        if let offsets { return offsets(epoch) }
        // Zones change their offset on the quarter hour at the finest (most on the hour).
        let quarter = Int((Double(epoch) / 900).rounded(.down))
        if quarter == cachedHour { return cachedOffset }
        var time = time_t(epoch)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        cachedHour = quarter
        cachedOffset = Int(parts.tm_gmtoff)
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
        guard let (result, parts) = Self.makeTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        // mktime moves a time the clock skipped; such a time does not exist here.
        guard parts.tm_hour == Int32(hour), parts.tm_min == Int32(minute), parts.tm_mday == Int32(day) else { return nil }
        // Of a repeated time, take the earlier moment.
        let earlier = result - 3600
        var check = time_t(earlier)
        var again = tm()
        if localtime_r(&check, &again) != nil, again.tm_hour == Int32(hour), again.tm_min == Int32(minute),
           again.tm_mday == Int32(day) {
            return earlier
        }
        return result
    }

    /// The next moment after `epoch` (seconds since 1970) at which the local clock reads `secondsSinceMidnight`:
    /// today or tomorrow, across a change to or from summer time as the local clock has it (a time the
    /// clock skipped is the moment after the skip). A time that came less than `grace` seconds ago is
    /// now: `--at 07:00` typed at 07:00:20 starts at once, not tomorrow.
    package func nextEpoch(of secondsSinceMidnight: Int, after epoch: Double, nowWithin grace: Double = 60) -> Double {
        let today = day(of: Int(epoch.rounded(.down)))
        for offset in 0...2 {
            let date = CivilDate.fromDays(today + offset)
            guard let (result, _) = Self.makeTime(year: date.year, month: date.month, day: date.day, hour: secondsSinceMidnight / 3600,
                                                  minute: secondsSinceMidnight / 60 % 60, second: secondsSinceMidnight % 60) else { continue }
            let candidate = Double(result)
            if offset == 0, candidate <= epoch, epoch - candidate < grace { return epoch }
            if candidate > epoch { return candidate }
        }
        return epoch
    }

    /// Seconds from `epoch` until the local clock next reads `secondsSinceMidnight` (a whole day when it
    /// reads it now).
    package func secondsFrom(_ epoch: Double, until secondsSinceMidnight: Int) -> Int {
        Int((nextEpoch(of: secondsSinceMidnight, after: epoch, nowWithin: 0) - epoch).rounded())
    }

    /// The one call of `mktime`: a local date and time as the C library reads it (summer time found by
    /// itself; a skipped time moved past the skip), with the fields it settled on; nil when it fails.
    private static func makeTime(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> (Int, tm)? {
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        parts.tm_isdst = -1
        let result = mktime(&parts)
        guard result != -1 || (year == 1969 && month == 12 && day == 31) else { return nil }
        return (Int(result), parts)
    }
}
