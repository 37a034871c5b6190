import LocalTime
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
        guard let seconds = TimeOfDay.seconds(text) else {
            throw ProfileError.invalidOption(text, option: "start time", accepted: Self.acceptedForms)
        }
        self.init(secondsSinceMidnight: seconds)
    }

    /// The time of day on the local clock at `epoch` (seconds since 1970: the process's wall clock).
    package init(at epoch: Double, calendar: LocalCalendar) {
        self.init(secondsSinceMidnight: calendar.dayAndSecond(Int(epoch.rounded(.down))).second)
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
    /// Seconds from `epoch` until the local clock next reads `time` (a whole day when it reads it now):
    /// ``LocalCalendar/secondsFrom(_:until:)``.
    package static func secondsFrom(_ epoch: Double, until time: ClockTime, calendar: LocalCalendar) -> Int {
        calendar.secondsFrom(epoch, until: time.secondsSinceMidnight)
    }

    /// A start time as `plan --start` and the editor's `plan` read it: `HH:MM`, `HH:MM:SS` or `now` (any
    /// case), the time of day on the local clock now (`now`).
    package static func start(_ text: String, now: ClockTime) throws(ProfileError) -> ClockTime {
        guard text.lowercased() == "now" else { return try ClockTime(parsing: text) }
        return now
    }

    /// `HH:MM` or `HH:MM:SS` given with `option`.
    package static func timeOfDay(_ text: String, option: String) throws(ProfileError) -> ClockTime {
        do throws(ProfileError) {
            return try ClockTime(parsing: text)
        } catch {
            throw ProfileError.invalidOption(text, option: option, accepted: "a time of day: HH:MM on a 24-hour clock (07:30, 19:05) or HH:MM:SS")
        }
    }

    /// The next moment after `epoch` (seconds since 1970) at which the local clock reads `time`
    /// (``LocalCalendar/nextEpoch(of:after:nowWithin:)``): `--at 07:00` typed at 07:00:20 starts at once.
    package static func nextEpoch(of time: ClockTime, after epoch: Double, nowWithin grace: Double = 60, calendar: LocalCalendar) -> Double {
        calendar.nextEpoch(of: time.secondsSinceMidnight, after: epoch, nowWithin: grace)
    }
}

extension ClockTime {
    /// `--at`'s time of day (``timeOfDay(_:option:)``).
    package enum At: OptionRule {
        package static func read(_ text: String) throws(ProfileError) -> ClockTime { try ClockTime.timeOfDay(text, option: "--at") }
    }

    /// `--until`'s time of day (``timeOfDay(_:option:)``).
    package enum Until: OptionRule {
        package static func read(_ text: String) throws(ProfileError) -> ClockTime { try ClockTime.timeOfDay(text, option: "--until") }
    }
}

/// A moment as the local clock reads it, with its day counted from today: `07:00 tomorrow`. What `plan`
/// and `run` say of when a session starts and ends.
package struct LocalMoment: Hashable, Sendable, CustomStringConvertible {
    /// The time of day on the local clock.
    package let time: ClockTime
    /// Local days after today: 0 today, 1 tomorrow.
    package let daysFromToday: Int

    package init(time: ClockTime, daysFromToday: Int) {
        self.time = time
        self.daysFromToday = daysFromToday
    }

    /// The moment `epoch` (seconds since 1970, rounded to the second) on the local clock, its day
    /// counted from the local day of `now`: across a change to or from summer time as the clock has it.
    package init(epoch: Double, now: Double, calendar: LocalCalendar) {
        let (day, second) = calendar.dayAndSecond(Int(epoch.rounded()))
        self.init(time: ClockTime(secondsSinceMidnight: second), daysFromToday: day - calendar.day(of: Int(now.rounded(.down))))
    }

    /// `today`, `tomorrow`, `in 2 days` (or `2 days ago`, for a moment before today).
    package var dayText: String {
        switch daysFromToday {
        case 0: "today"
        case 1: "tomorrow"
        case -1: "yesterday"
        case let days where days > 1: "in \(days) days"
        case let days: "\(-days) days ago"
        }
    }

    /// `07:00 tomorrow`, `06:40:30 today`.
    package var description: String { "\(time) \(dayText)" }
}

/// Where a planned session lies on the local clock: the moment it starts, and now, to count days from.
/// Each event's clock time is read from its moment, so a change to or from summer time during the
/// session moves the clock times after it as the wall clock moves.
package struct PlanClock {
    /// The session's start, in whole seconds since 1970.
    package let start: Int
    /// Now, in seconds since 1970.
    package let now: Double
    /// Whether the session starts now (`--until` alone, `--start now`): its start's and end's days are
    /// then said from today (`ends 07:00 tomorrow`). A start at a time of day the plan was given is a
    /// session at that time, whichever day: its days are not said.
    package let startsNow: Bool
    private let calendar: LocalCalendar

    /// A session starting at `start` (seconds since 1970, rounded to the second), planned at `now`.
    package init(start: Double, now: Double, calendar: LocalCalendar) {
        self.start = Int(start.rounded())
        self.now = now
        startsNow = start == now
        self.calendar = calendar
    }

    /// The local time of day `offset` seconds into the session.
    package func time(at offset: Int) -> ClockTime {
        ClockTime(secondsSinceMidnight: calendar.dayAndSecond(start + offset).second)
    }

    /// Midnights the local clock passes between the session's start and `offset` seconds into it.
    package func daysAfterStart(at offset: Int) -> Int {
        calendar.day(of: start + offset) - calendar.day(of: start)
    }

    /// The moment `offset` seconds into the session, its day counted from today.
    package func moment(at offset: Int) -> LocalMoment {
        LocalMoment(epoch: Double(start + offset), now: now, calendar: calendar)
    }
}
