import LocalTime
import ProfileKit

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
