import LocalTime

extension Timestamp {
    /// `2026-11-23T07:15:00+01:00` (RFC 3339: ISO 8601 with the offset, to the second).
    package var text: String {
        var text = ByteText(capacity: 25)
        text.append(self)
        return text.text
    }
}

/// A day as `--since` and `--until` take it: `YYYY-MM-DD`, `today` or `yesterday`.
package enum DayArgument {
    /// What the options accept, for messages and help.
    package static let accepted = "a date as YYYY-MM-DD, today or yesterday"

    /// The local day number `text` names.
    package static func parse(_ text: String, option: String, today: Int) throws(JournalError) -> Int {
        switch text {
        case "today": return today
        case "yesterday": return today - 1
        default:
            guard let date = CivilDate.parse(text) else { throw .invalidOption(text, option: option, accepted: accepted) }
            return CivilDate.days(year: date.year, month: date.month, day: date.day)
        }
    }
}

extension LocalCalendar {
    /// Refuses (64) a moment the journal cannot record: a local clock more than a day off UTC (the zone
    /// `zoneName`, TZ's value, is named), or a year outside 0000–9999, which no reader of RFC 3339
    /// times takes.
    package func checkRecordable(_ epoch: Int, zoneName: String?) throws(JournalError) {
        let stamp = timestamp(epoch)
        guard abs(stamp.offset) < 86_400 else {
            throw JournalError.invalidOption(zoneName ?? "", option: "TZ",
                                             accepted: "a time zone less than 24 hours off UTC (this one is \(stamp.offset < 0 ? "-" : "+")\(abs(stamp.offset) / 3600) hours \(abs(stamp.offset) / 60 % 60) minutes off)")
        }
        let year = CivilDate.fromDays(Int((Double(epoch + stamp.offset) / 86_400).rounded(.down))).year
        guard (0...9999).contains(year) else {
            throw JournalError.invalidOption(stamp.text, option: "time", accepted: "a time in the years 0000 to 9999")
        }
    }
}
