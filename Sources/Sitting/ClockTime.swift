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

extension ClockTime {
    /// Seconds from `epoch` until the local clock next reads `time` (a whole day when it reads it now).
    package static func secondsFrom(_ epoch: Double, until time: ClockTime) -> Int {
        Int((nextEpoch(of: time, after: epoch, nowWithin: 0) - epoch).rounded())
    }

    /// `HH:MM` or `HH:MM:SS` given with `option`.
    package static func timeOfDay(_ text: String, option: String) throws(ProfileError) -> ClockTime {
        do throws(ProfileError) {
            return try ClockTime(parsing: text)
        } catch {
            throw ProfileError.invalidOption(text, option: option, accepted: "a time of day: HH:MM on a 24-hour clock (07:30, 19:05) or HH:MM:SS")
        }
    }

    /// The next moment after `epoch` (seconds since the epoch) at which the local clock reads this time:
    /// today or tomorrow; across a change to or from summer time, as the local clock has it. A time that
    /// came less than a minute ago is now: `--at 07:00` typed at 07:00:20 starts at once, not tomorrow.
    package static func nextEpoch(of time: ClockTime, after epoch: Double, nowWithin grace: Double = 60) -> Double {
        var now = time_t(epoch.rounded(.down))
        var parts = tm()
        localtime_r(&now, &parts)
        for day in 0...2 {
            var wanted = parts
            wanted.tm_mday += Int32(day)
            wanted.tm_hour = Int32(time.secondsSinceMidnight / 3600)
            wanted.tm_min = Int32(time.secondsSinceMidnight / 60 % 60)
            wanted.tm_sec = Int32(time.secondsSinceMidnight % 60)
            wanted.tm_isdst = -1
            let candidate = Double(mktime(&wanted))
            if day == 0, candidate <= epoch, epoch - candidate < grace { return epoch }
            if candidate > epoch { return candidate }
        }
        return epoch
    }
}
