/// The sections of the profile screen, in table order.
package enum ProfileSection: String, CaseIterable, Sendable {
    case time
    case warmUp = "warmup"
    case coolDown = "cooldown"
    case intervals
    case bells
    case ambience
    case breathing

    /// The section's identifier, as `--section` and `show` take it: `time`, `warmup`, `cooldown`,
    /// `intervals`, `bells`, `ambience`, `breathing`.
    package var id: String { rawValue }

    /// The section's place in the table, from zero.
    package var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// The section at `index`, or nil when the table has no such section.
    package init?(index: Int) {
        guard Self.allCases.indices.contains(index) else { return nil }
        self = Self.allCases[index]
    }

    /// The section's title: `Time`, `Warm Up`, `Cool Down`, `Intervals`, `Bells`, `Ambience`, `Breathing`.
    package var title: String {
        switch self {
        case .time: SegmentType.main.title
        case .warmUp: SegmentType.warmUp.title
        case .coolDown: SegmentType.coolDown.title
        case .intervals: "Intervals"
        case .bells: "Bells"
        case .ambience: "Ambience"
        case .breathing: "Breathing"
        }
    }

    /// Every row the section can show, top to bottom: the one typed list each section's rows come
    /// from, in the order of ``Setting/position``. Which of them show depends on the switches
    /// (``Setting/shownWhen``): Time shows 1 row; Warm Up 1 or 2; Cool Down 1, 3 or 4; Intervals 1 or 3;
    /// Bells always 2 (Start and End); Ambience 1 or 3; Breathing 1, 5, or 9 with Custom (the pattern
    /// chosen decides as a switch does: ``Setting/shownWithChoice``).
    package var possibleRows: [Setting] {
        Setting.allCases.filter { $0.section == self }
    }
}
