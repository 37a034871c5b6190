import LocalTime

/// One optional part of a session, such as the warm-up or the cool-down.
package struct Segment: Hashable, Sendable {
    /// Which part of the session this is; a profile has at most one segment of each type.
    package var type: SegmentType
    /// Whether the segment is part of the session.
    package var enabled: Bool
    /// How long the segment lasts when enabled.
    package var duration: TimerDuration
    /// Whether a bell rings as the segment starts (the Cool Down section's Bells switch). Only the
    /// cool-down has this bell; the warm-up's is never set, and its document has no such key.
    package var bellEnabled: Bool
    /// The bell that rings as the segment starts when ``bellEnabled``; kept while it is off, as a hidden
    /// row keeps its value.
    package var bell: BellChoice

    /// Makes a segment; by default off, with its type's default duration and its bell off.
    package init(type: SegmentType, enabled: Bool = false, duration: TimerDuration? = nil,
                bellEnabled: Bool = false, bell: BellChoice = .default) {
        self.type = type
        self.enabled = enabled
        self.duration = duration ?? type.defaultDuration
        self.bellEnabled = bellEnabled
        self.bell = bell
    }
}
