/// Interval bells: a bell that rings every so often during the main sit, counted from its start.
///
/// A bell that would ring on the end of the main sit, or within ``guardSeconds`` of it, is dropped:
/// the end bell follows at once, and two bells in a row sound like a mistake.
public struct Intervals: Hashable, Sendable {
    /// Whether interval bells ring at all.
    public var enabled: Bool
    /// The time from the main sit's start to the first bell, and between bells.
    public var every: Duration
    /// Which bell of the catalog rings.
    public var bell: Bell

    /// Makes interval bells; by default off, every five minutes, with the catalog's default bell.
    public init(enabled: Bool = false, every: Duration = Intervals.defaultEvery, bell: Bell = .default) {
        self.enabled = enabled
        self.every = every
        self.bell = bell
    }

    /// The interval a profile gets when it has none: five minutes.
    public static let defaultEvery = Duration.minutes(5)

    /// The intervals allowed: from 10 seconds to the longest main sit.
    public static let allowedEvery = Duration(seconds: 10)...SegmentType.main.allowedDurations.upperBound

    /// How close to the end of the main sit an interval bell may ring: a bell at the end or within
    /// this many seconds of it is dropped.
    public static let guardSeconds = 10

    /// Checks `every` against ``allowedEvery``.
    ///
    /// - Throws: ``ProfileError/intervalOutOfRange(_:allowed:)``.
    public static func validate(_ every: Duration) throws(ProfileError) {
        guard allowedEvery.contains(every) else { throw ProfileError.intervalOutOfRange(every, allowed: allowedEvery) }
    }

    /// The offsets from the main sit's start at which bells ring in a main sit of `main`: every
    /// multiple of ``every`` that ends more than ``guardSeconds`` before the end. Empty when off.
    public func bellOffsets(inMainSitOf main: Duration) -> [Int] {
        multiples(upTo: main).filter { !isTooCloseToTheEnd($0, main) }
    }

    /// The offsets of the bells the rule drops: multiples of ``every`` on the end of the main sit or
    /// within ``guardSeconds`` of it. Empty when off.
    public func droppedOffsets(inMainSitOf main: Duration) -> [Int] {
        multiples(upTo: main).filter { isTooCloseToTheEnd($0, main) }
    }

    /// Every multiple of ``every`` from the first through the end of the main sit.
    private func multiples(upTo main: Duration) -> StrideThrough<Int> {
        guard enabled, every.seconds > 0 else { return stride(from: 1, through: 0, by: 1) }
        return stride(from: every.seconds, through: main.seconds, by: every.seconds)
    }

    private func isTooCloseToTheEnd(_ offset: Int, _ main: Duration) -> Bool {
        main.seconds - offset <= Self.guardSeconds
    }
}
