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
