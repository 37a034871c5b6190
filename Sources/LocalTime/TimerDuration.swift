import TextSupport

/// A whole number of seconds, the unit every time in a profile is kept in.
///
/// Formatting follows the timer apps: `MM:SS` under an hour, `HH:MM:SS` from an hour on.
/// Parsing accepts what people type; see ``init(parsing:)``.
package struct TimerDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The length in seconds; never negative.
    package let seconds: Int

    /// Makes a duration of `seconds` seconds; negative values are clamped to zero.
    package init(seconds: Int) {
        self.seconds = max(0, seconds)
    }

    /// Makes a duration of whole minutes.
    package static func minutes(_ minutes: Int) -> TimerDuration { TimerDuration(seconds: minutes * 60) }

    /// The zero duration, shown as `00:00`.
    package static let zero = TimerDuration(seconds: 0)

    package static func < (lhs: TimerDuration, rhs: TimerDuration) -> Bool { lhs.seconds < rhs.seconds }

    /// `MM:SS` under an hour, `HH:MM:SS` from an hour: 59 → `00:59`, 3600 → `01:00:00`.
    package var formatted: String {
        let hours = seconds / 3600
        let minutes = seconds / 60 % 60
        let secs = seconds % 60
        if hours > 0 {
            return "\(Self.twoDigits(hours)):\(Self.twoDigits(minutes)):\(Self.twoDigits(secs))"
        }
        return "\(Self.twoDigits(minutes)):\(Self.twoDigits(secs))"
    }

    package var description: String { formatted }

    /// The length in words when it is a whole number of one unit (`1 second`, `10 minutes`, `4 hours`),
    /// else the formatted time: `00:01` alone could be read as a minute.
    package var inWords: String {
        func count(_ value: Int, _ unit: String) -> String { "\(value) \(unit)\(value == 1 ? "" : "s")" }
        if seconds > 0, seconds % 3600 == 0 { return count(seconds / 3600, "hour") }
        if seconds > 0, seconds % 60 == 0 { return count(seconds / 60, "minute") }
        if seconds < 60 { return count(seconds, "second") }
        return formatted
    }

    /// An allowed range as error messages give it: `00:01 (1 second) to 01:00:00 (1 hour)`.
    package static func rangeText(_ range: ClosedRange<TimerDuration>) -> String {
        func bound(_ duration: TimerDuration) -> String {
            duration.inWords == duration.formatted ? duration.formatted : "\(duration.formatted) (\(duration.inWords))"
        }
        return "\(bound(range.lowerBound)) to \(bound(range.upperBound))"
    }

    /// `7` → `07`: the two-digit fields of clock-style times.
    package static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}

extension TimerDuration {
    /// The forms ``init(parsing:)`` accepts, for error messages and help.
    package static let acceptedForms =
        "minutes (20), units (20m, 90s, 1h30m, 1h 30m 15s) or clock time (7:30 for MM:SS, 1:05:00 for H:MM:SS)"

    /// The largest number of seconds the parser accepts before any range check: about 11 days.
    ///
    /// Larger inputs are almost certainly typos; refusing them early also keeps arithmetic far from
    /// `Int` overflow.
    package static let parseLimit = 999_999

    /// Parses what people type for a duration.
    ///
    /// - A bare number is minutes: `20`.
    /// - Units `h`, `m`, `s` in that order, each at most once, optionally separated by spaces:
    ///   `20m`, `90s`, `1h30m`, `1h 30m`.
    /// - Clock forms: `M:SS` (`7:30`) and `H:MM:SS` (`1:05:00`); the fields after the first have two
    ///   digits and stay below 60.
    ///
    /// - Throws: ``DurationError`` naming the input, why, and the accepted forms.
    package init(parsing input: String) throws(DurationError) {
        if let seconds = Self.clockFastPath(input) {
            self.init(seconds: seconds)
            return
        }
        let text = input.trimmingWhitespace()
        func fail(_ reason: String) -> DurationError { DurationError(input, reason: reason) }

        guard !text.isEmpty else { throw fail("it is empty") }
        if text.hasPrefix("-") { throw fail("a duration cannot be negative") }

        let total: Int
        if text.contains(":") {
            total = try Self.parseClock(text, fail: fail)
        } else if text.allSatisfy(\.isASCIIDigit) {
            guard let minutes = Self.number(text) else { throw fail("the number is too large") }
            total = minutes * 60
        } else {
            total = try Self.parseUnits(text, fail: fail)
        }
        guard total <= Self.parseLimit else {
            throw fail("it is longer than \(TimerDuration(seconds: Self.parseLimit).formatted)")
        }
        self.init(seconds: total)
    }

    /// `MM:SS` and `HH:MM:SS` exactly as the program writes them, read without building substrings:
    /// every stored duration takes this path. Anything else returns nil and goes the general way.
    private static func clockFastPath(_ input: String) -> Int? {
        input.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard bytes.count == 5 || bytes.count == 8 else { return nil }
            var total = 0
            for start in stride(from: 0, to: bytes.count, by: 3) {
                if start > 0 { guard bytes[start - 1] == UInt8(ascii: ":") else { return nil } }
                let tens = Int(bytes[start]) - 48
                let ones = Int(bytes[start + 1]) - 48
                guard (0...9).contains(tens), (0...9).contains(ones) else { return nil }
                let value = tens * 10 + ones
                if start > 0 { guard value < 60 else { return nil } }
                total = total * 60 + value
            }
            return total
        } ?? nil
    }

    /// The value of a run of ASCII digits; leading zeros are fine (`0020` is 20), more than nine
    /// significant digits are too many.
    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        let significant = digits.drop(while: { $0 == "0" })
        guard significant.count <= 9 else { return nil }
        return significant.isEmpty ? 0 : Int(significant)
    }

    private static func number(_ digits: String) -> Int? { number(digits[...]) }

    private static func parseClock(_ text: String, fail: (String) -> DurationError) throws(DurationError) -> Int {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count <= 3 else { throw fail("a clock time has at most three fields (H:MM:SS)") }
        guard fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else {
            throw fail("a clock time is digits separated by ':'")
        }
        var total = 0
        for (position, field) in fields.enumerated() {
            guard let value = number(field) else { throw fail("the number \(escaped(String(field))) is too large") }
            if position > 0 {
                guard field.count == 2 else { throw fail("\(quoted(String(field))) must have two digits") }
                guard value < 60 else { throw fail("\(escaped(String(field))) is not below 60") }
            }
            total = total * 60 + value
            if total > parseLimit { throw fail("it is longer than \(TimerDuration(seconds: parseLimit).formatted)") }
        }
        return total
    }

    private static func parseUnits(_ text: String, fail: (String) -> DurationError) throws(DurationError) -> Int {
        let units: [(Character, Int)] = [("h", 3600), ("m", 60), ("s", 1)]
        var rest = Substring(text.lowercased())
        var nextUnit = 0
        var total = 0
        while !rest.isEmpty {
            let digits = rest.prefix(while: \.isASCIIDigit)
            guard !digits.isEmpty else {
                // The input is named once already; a part of it is named as typed, not lowercased.
                let part = rest.count == text.count ? "it" : quoted(String(text.suffix(rest.count)))
                throw fail("\(part) is not a number followed by h, m or s")
            }
            rest = rest.dropFirst(digits.count)
            guard let unit = rest.first else { throw fail("\(quoted(String(digits))) has no unit (h, m or s)") }
            guard let index = units.firstIndex(where: { $0.0 == unit }) else {
                throw fail("\(quoted(String(unit))) is not a unit; use h, m or s")
            }
            guard index >= nextUnit else { throw fail("units go in the order h, m, s, each once") }
            guard let value = number(digits) else { throw fail("the number \(escaped(String(digits))) is too large") }
            total += value * units[index].1
            if total > parseLimit { throw fail("it is longer than \(TimerDuration(seconds: parseLimit).formatted)") }
            nextUnit = index + 1
            rest = rest.dropFirst().drop(while: { $0 == " " })
        }
        return total
    }
}

/// A duration ``TimerDuration/init(parsing:)`` could not read (64): the input as typed, and why.
///
/// Its words are the ones every duration refusal uses; the model's `ProfileError.invalidDuration` says
/// a refused duration with them too.
package struct DurationError: ReportedError, Equatable {
    /// The text as it was typed.
    package let input: String
    /// Why it is not a duration: `it is empty`, `"x" is not a unit; use h, m or s`.
    package let reason: String

    package init(_ input: String, reason: String) {
        self.input = input
        self.reason = reason
    }

    package var category: ErrorCategory { .usage }
    package var systemErrno: Int32? { nil }

    /// `invalid duration "x": it is not a number followed by h, m or s; use minutes (20), …`.
    package var description: String {
        "invalid duration \(quoted(input)): \(reason); use \(TimerDuration.acceptedForms)"
    }
}
