#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import Files
import ProfileKit
import TextSupport

/// A time of day, to the second, on a 24-hour clock: when a session starts, for `plan --start`.
package struct ClockTime: Hashable, Sendable, CustomStringConvertible {
    /// Seconds since midnight, 0 to 86 399.
    package let secondsSinceMidnight: Int

    /// Makes a time of day; values outside a day wrap around.
    package init(secondsSinceMidnight: Int) {
        self.secondsSinceMidnight = (secondsSinceMidnight % 86_400 + 86_400) % 86_400
    }

    /// What ``init(parsing:)`` accepts, for messages.
    package static let acceptedForms = "HH:MM on a 24-hour clock (07:30, 19:05), HH:MM:SS, or now"

    /// Reads `HH:MM` or `HH:MM:SS` on a 24-hour clock; the hour may have one digit (`7:30`).
    ///
    /// - Throws: ``ProfileError/invalidOption(_:option:accepted:)`` for the start time.
    package init(parsing text: String) throws(ProfileError) {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count),
              fields.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCIIDigit) }),
              fields.dropFirst().allSatisfy({ $0.count == 2 }) else {
            throw ProfileError.invalidOption(text, option: "start time", accepted: Self.acceptedForms)
        }
        let values = fields.compactMap { Int($0) }
        guard values.count == fields.count, values[0] < 24, values.dropFirst().allSatisfy({ $0 < 60 }) else {
            throw ProfileError.invalidOption(text, option: "start time", accepted: Self.acceptedForms)
        }
        self.init(secondsSinceMidnight: values[0] * 3600 + values[1] * 60 + (values.count == 3 ? values[2] : 0))
    }

    /// The time of day now, on the local clock.
    package static func now() -> ClockTime {
        var now = time_t(POSIX.now())
        var parts = tm()
        localtime_r(&now, &parts)
        return ClockTime(secondsSinceMidnight: Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec))
    }

    /// `HH:MM`, or `HH:MM:SS` when the seconds are not zero.
    package var description: String { formatted(withSeconds: secondsSinceMidnight % 60 != 0) }

    /// `HH:MM` or `HH:MM:SS`.
    package func formatted(withSeconds: Bool) -> String {
        let two = TimerDuration.twoDigits
        let hours = secondsSinceMidnight / 3600, minutes = secondsSinceMidnight / 60 % 60, seconds = secondsSinceMidnight % 60
        return withSeconds ? "\(two(hours)):\(two(minutes)):\(two(seconds))" : "\(two(hours)):\(two(minutes))"
    }

    /// The time `seconds` later, and how many midnights that passes.
    package func adding(_ seconds: Int) -> (time: ClockTime, days: Int) {
        let total = secondsSinceMidnight + seconds
        return (ClockTime(secondsSinceMidnight: total), total / 86_400)
    }
}
