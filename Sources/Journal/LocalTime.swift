#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import ProfileKit
import Files
import TextSupport

/// A moment as the journal writes it: seconds since 1970 (UTC) and the offset from UTC of the clock
/// it was read on, so that `2026-11-23T07:15:00+01:00` comes back as written.
package struct Timestamp: Hashable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    package var epoch: Int
    /// Seconds east of UTC.
    package var offset: Int

    package init(epoch: Int, offset: Int) {
        self.epoch = epoch
        self.offset = offset
    }

    /// `2026-11-23T07:15:00+01:00` (RFC 3339: ISO 8601 with the offset, to the second).
    package var text: String {
        var text = ByteText(capacity: 25)
        text.append(self)
        return text.text
    }

    /// `2026-11-22T07:02:00+0100`, as a run's log lines begin: the local date and time to the second and
    /// the offset as `±HHMM` (ISO 8601's basic form of it; what strftime's `%Y-%m-%dT%H:%M:%S%z` writes).
    /// An offset of seconds (a zone's old local mean time) is cut to its minutes; `+0000` for UTC.
    package var logText: String {
        let local = epoch + offset
        let days = Int((Double(local) / 86_400).rounded(.down))
        let second = local - days * 86_400
        let minutes = abs(offset) / 60
        return CivilDate.text(days) + "T" + CivilDate.pad(second / 3600, 2) + ":" + CivilDate.pad(second / 60 % 60, 2) + ":"
            + CivilDate.pad(second % 60, 2) + (offset < 0 ? "-" : "+") + CivilDate.pad(minutes / 60 * 100 + minutes % 60, 4)
    }

    /// Reads `YYYY-MM-DDTHH:MM:SS` followed by `Z` or `±HH:MM` (also `±HHMM`); nil for anything else.
    ///
    /// Written by hand: a journal of 100,000 sits is read in a few milliseconds, which no date formatter
    /// of Foundation's allows.
    package init?(parsing text: some StringProtocol) {
        var copy = String(text)
        guard let stamp = copy.withUTF8({ Timestamp.parse($0[...]) }) else { return nil }
        self = stamp
    }

    /// ``init(parsing:)`` over bytes.
    package static func parse(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Timestamp? {
        guard let base = bytes.base.baseAddress else { return nil }
        let p = base + bytes.startIndex
        let count = bytes.count
        guard count >= 20 else { return nil }
        @inline(__always) func digit(_ at: Int) -> Int {
            let byte = p[at]
            return byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : -1000
        }
        @inline(__always) func two(_ at: Int) -> Int { digit(at) * 10 + digit(at + 1) }
        let century = two(0), month = two(5), day = two(8), hour = two(11), minute = two(14), second = two(17)
        let year = century * 100 + two(2)
        guard century >= 0, two(2) >= 0, month >= 0, day >= 0, hour >= 0, minute >= 0, second >= 0,
              p[4] == 0x2D, p[7] == 0x2D, p[10] == 0x54 || p[10] == 0x74, p[13] == 0x3A, p[16] == 0x3A else { return nil }
        guard CivilDate.isValid(year: year, month: month, day: day), hour < 24, minute < 60, second < 60 else { return nil }
        var offset = 0
        switch p[19] {
        case 0x5A, 0x7A:
            guard count == 20 else { return nil }
        case 0x2B, 0x2D:
            let hours: Int, minutes: Int
            if count == 25, p[22] == 0x3A {
                (hours, minutes) = (two(20), two(23))
            } else if count == 24 {
                (hours, minutes) = (two(20), two(22))
            } else {
                return nil
            }
            guard hours >= 0, minutes >= 0, hours < 24, minutes < 60 else { return nil }
            offset = (hours * 60 + minutes) * 60 * (p[19] == 0x2D ? -1 : 1)
        default:
            return nil
        }
        let local = CivilDate.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Timestamp(epoch: local - offset, offset: offset)
    }
}

/// Dates of the proleptic Gregorian calendar as day numbers (days since 1970-01-01), after Howard
/// Hinnant's `days_from_civil`: exact for every year, with no table and no time zone.
package enum CivilDate {
    /// The day number of a date.
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number.
    package static func fromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The weekday of a day number: 0 for Monday to 6 for Sunday (ISO 8601).
    package static func weekday(_ days: Int) -> Int {
        // 1970-01-01 was a Thursday.
        ((days % 7) + 7 + 3) % 7
    }

    package static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard year >= 1, year <= 9999, month >= 1, month <= 12, day >= 1 else { return false }
        let lengths = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    package static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// `2026-11-23` for a day number.
    package static func text(_ days: Int) -> String {
        let (year, month, day) = fromDays(days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// The short English name of a month, 1 to 12.
    package static func monthName(_ month: Int) -> String {
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
    }

    /// The short English name of a weekday, 0 (Monday) to 6.
    package static func weekdayName(_ weekday: Int) -> String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][weekday]
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

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

    package init() {
        tzset()
    }

    /// Seconds east of UTC of the local clock at `epoch`.
    package func offset(at epoch: Int) -> Int {
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

    /// Now, as seconds since 1970: the file layer's one reading of the wall clock.
    package static func now() -> Int {
        Int(POSIX.now())
    }

    /// Today's local day number.
    package func today() -> Int { day(of: Self.now()) }

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
        // mktime moves a time the clock skipped; such a time does not exist here.
        guard parts.tm_hour == Int32(hour), parts.tm_min == Int32(minute), parts.tm_mday == Int32(day) else { return nil }
        // Of a repeated time, take the earlier moment.
        let earlier = Int(result) - 3600
        var check = time_t(earlier)
        var again = tm()
        if localtime_r(&check, &again) != nil, again.tm_hour == Int32(hour), again.tm_min == Int32(minute),
           again.tm_mday == Int32(day) {
            return earlier
        }
        return Int(result)
    }
}

/// A day as `--since` and `--until` take it: `YYYY-MM-DD`, `today` or `yesterday`.
package enum DayArgument {
    /// What the options accept, for messages and help.
    package static let accepted = "a date as YYYY-MM-DD, today or yesterday"

    /// The local day number `text` names.
    package static func parse(_ text: String, option: String, today: Int) throws(ProfileError) -> Int {
        switch text {
        case "today": return today
        case "yesterday": return today - 1
        default:
            guard let date = parseDate(text) else { throw .invalidOption(text, option: option, accepted: accepted) }
            return CivilDate.days(year: date.year, month: date.month, day: date.day)
        }
    }

    /// `YYYY-MM-DD` as numbers, checked against the calendar; nil otherwise.
    package static func parseDate(_ text: some StringProtocol) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              CivilDate.isValid(year: year, month: month, day: day) else { return nil }
        return (year, month, day)
    }
}
