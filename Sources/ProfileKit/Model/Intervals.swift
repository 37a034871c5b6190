/// Interval bells: a bell that rings every so often during the main sit, counted from its start.
///
/// A bell that would ring on the end of the main sit, or within ``guardSeconds`` of it, is dropped:
/// the end bell follows at once, and two bells in a row sound like a mistake.
package struct Intervals: Hashable, Sendable {
    /// Whether interval bells ring at all.
    package var enabled: Bool
    /// The time from the main sit's start to the first bell, and between bells.
    package var every: TimerDuration
    /// The bell that rings.
    package var bell: BellChoice

    /// Makes interval bells; by default off, every five minutes, with the catalog's default bell.
    package init(enabled: Bool = false, every: TimerDuration = Intervals.defaultEvery, bell: BellChoice = .default) {
        self.enabled = enabled
        self.every = every
        self.bell = bell
    }

    /// The interval a profile gets when it has none: five minutes.
    package static let defaultEvery = TimerDuration.minutes(5)

    /// The intervals allowed: from 10 seconds to the longest main sit.
    package static let allowedEvery = TimerDuration(seconds: 10)...SegmentType.main.allowedDurations.upperBound

    /// How close to the end of the main sit an interval bell may ring: a bell at the end or within
    /// this many seconds of it is dropped.
    package static let guardSeconds = 10

    /// Checks `every` against ``allowedEvery``.
    ///
    /// - Throws: ``ProfileError/intervalOutOfRange(_:allowed:)``.
    package static func validate(_ every: TimerDuration) throws(ProfileError) {
        guard allowedEvery.contains(every) else { throw ProfileError.intervalOutOfRange(every, allowed: allowedEvery) }
    }

    /// The offsets from the main sit's start at which bells ring in a main sit of `main`: every
    /// multiple of ``every`` that ends more than ``guardSeconds`` before the end. Empty when off.
    package func bellOffsets(inMainSitOf main: TimerDuration) -> [Int] {
        multiples(upTo: main).filter { !isTooCloseToTheEnd($0, main) }
    }

    /// The offsets of the bells the rule drops: multiples of ``every`` on the end of the main sit or
    /// within ``guardSeconds`` of it. Empty when off.
    package func droppedOffsets(inMainSitOf main: TimerDuration) -> [Int] {
        multiples(upTo: main).filter { isTooCloseToTheEnd($0, main) }
    }

    /// Every multiple of ``every`` from the first through the end of the main sit.
    private func multiples(upTo main: TimerDuration) -> StrideThrough<Int> {
        guard enabled, every.seconds > 0 else { return stride(from: 1, through: 0, by: 1) }
        return stride(from: every.seconds, through: main.seconds, by: every.seconds)
    }

    private func isTooCloseToTheEnd(_ offset: Int, _ main: TimerDuration) -> Bool {
        main.seconds - offset <= Self.guardSeconds
    }
}
