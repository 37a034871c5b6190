import LocalTime
import ProfileKit

/// The shape of a sit, beside its profile: as the profile plans it, open-ended, or sized to end at a
/// time of day.
package enum SessionShape: Hashable, Sendable {
    /// As the profile plans it.
    case planned
    /// The main sit counts up with no end, until the sitter ends it (``Timeline/End/open(every:)``).
    case open
    /// The main sit is sized so that the session ends at the next such time of day after its start,
    /// warm-up and cool-down kept.
    case until(ClockTime)

    /// Whether the session is sized to end at a time of day (`--until`).
    package var endsAtATime: Bool {
        if case .until = self { return true }
        return false
    }

    /// The shortest main sit `until` may leave, in seconds.
    package static let shortestMainSit = 60

    /// The timeline of `profile` in this shape, for a session starting at `start` (the time of day).
    ///
    /// - Throws: ``ProfileError/invalidOption(_:option:accepted:)`` naming `--until` when the session
    ///   would leave the main sit less than ``shortestMainSit`` or more than the longest main sit.
    /// - Parameter secondsUntil: the seconds from the start until the local clock next reads a time of day
    ///   (a whole day when it reads it at the start): the wall clock's arithmetic, which a change to or
    ///   from summer time bends; by default that of a clock that never changes.
    package func timeline(of profile: Profile, startingAt start: ClockTime,
                          secondsUntil: ((ClockTime) -> Int)? = nil) throws(ProfileError) -> Timeline {
        switch self {
        case .planned:
            return Timeline(profile: profile)
        case .open:
            return Timeline(profile: profile, open: true)
        case .until(let end):
            var sized = profile
            let session = secondsUntil?(end) ?? Self.clockSeconds(from: start, until: end)
            sized.duration = TimerDuration(seconds: try Self.mainSeconds(of: profile, from: start, until: end, session: session))
            return Timeline(profile: sized)
        }
    }

    /// Seconds of main sit that end a session of `profile` started at `start` at the next `end` (a whole
    /// day later when they are the same time).
    static func clockSeconds(from start: ClockTime, until end: ClockTime) -> Int {
        let seconds = (end.secondsSinceMidnight - start.secondsSinceMidnight + 86_400) % 86_400
        return seconds == 0 ? 86_400 : seconds
    }

    /// Seconds of main sit that end a session of `session` seconds of `profile`, warm-up and cool-down kept.
    static func mainSeconds(of profile: Profile, from start: ClockTime, until end: ClockTime, session: Int) throws(ProfileError) -> Int {
        let around = [SegmentType.warmUp, .coolDown].reduce(0) { sum, type in
            sum + (profile.segment(ofType: type).map { $0.enabled ? $0.duration.seconds : 0 } ?? 0)
        }
        let main = session - around
        let format = { (seconds: Int) in TimerDuration(seconds: seconds).formatted }
        let parts = around > 0 ? " after the warm-up and cool-down (\(format(around)))" : ""
        guard main >= shortestMainSit else {
            throw ProfileError.invalidOption(end.description, option: "--until", accepted: """
                a time that leaves at least a minute for the main sit: from \(start) it leaves \(format(max(main, 0)))\(parts)
                """)
        }
        let longest = SegmentType.main.allowedDurations.upperBound.seconds
        guard main <= longest else {
            throw ProfileError.invalidOption(end.description, option: "--until", accepted: """
                a time that leaves at most \(format(longest)) for the main sit: from \(start) it leaves \(format(main))\(parts)
                """)
        }
        return main
    }
}
