import LocalTime

/// The parts of a session: the main sit, and the optional warm-up before it and cool-down after it.
package enum SegmentType: String, CaseIterable, Sendable {
    case main
    case warmUp = "warm-up"
    case coolDown = "cool-down"

    /// The section title the view model shows for this segment.
    package var title: String {
        switch self {
        case .main: "Time"
        case .warmUp: "Warm Up"
        case .coolDown: "Cool Down"
        }
    }

    /// The length a segment of this type gets when it is created on first use.
    package var defaultDuration: TimerDuration {
        switch self {
        case .main: .minutes(20)
        case .warmUp: .minutes(2)
        case .coolDown: .minutes(5)
        }
    }

    /// The lengths a segment of this type may have.
    package var allowedDurations: ClosedRange<TimerDuration> {
        switch self {
        case .main: TimerDuration(seconds: 1)...TimerDuration(seconds: 23 * 3600 + 59 * 60 + 59)
        case .warmUp, .coolDown: TimerDuration(seconds: 1)...TimerDuration(seconds: 3600)
        }
    }

    /// Checks `duration` against ``allowedDurations``.
    ///
    /// - Throws: ``ProfileError/durationOutOfRange(_:segment:allowed:)``.
    package func validate(_ duration: TimerDuration) throws(ProfileError) {
        guard allowedDurations.contains(duration) else {
            throw ProfileError.durationOutOfRange(duration, segment: self, allowed: allowedDurations)
        }
    }
}
