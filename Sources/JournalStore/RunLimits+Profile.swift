import JournalCore
import ProfileKit

extension Sit.RunLimits {
    /// The model's limits of a session, which a record of a sit in progress is checked against
    /// (``Sit/checkRecordedByRun(written:now:limits:)``): the shortest interval bell, the most chosen
    /// times, the shortest main sit. JournalCore imports no model, so they are handed in from here.
    package static let profile = Sit.RunLimits(
        shortestInterval: Intervals.allowedEvery.lowerBound.seconds,
        mostChosenTimes: Intervals.maximumTimes,
        shortestSession: SegmentType.main.allowedDurations.lowerBound.seconds)
}
