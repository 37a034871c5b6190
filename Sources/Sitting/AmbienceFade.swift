/// When a sit's ambience plays, as a rule of the session's time: it fades in over ``fadeIn`` seconds from
/// the session's start, plays through the warm-up, the main sit and the cool-down, and fades out over
/// the last ``fadeOut`` seconds before the end bell, which then rings out in silence. A pause fades it
/// down over ``pauseFade`` seconds and the resume brings it back as fast.
///
/// An open-ended main sit has no end to fade before until the sitter ends it: the fade-out starts then,
/// ``fadeOut`` before the end bell when the cool-down is that long, otherwise at once, over what is left.
package struct AmbienceFade: Hashable, Sendable {
    /// Seconds the ambience takes to fade in at the start (issue 38: 5 to 10 s).
    package static let fadeIn = 8.0
    /// Seconds before the end bell the ambience starts fading out, and the fade's length.
    package static let fadeOut = 8.0
    /// Seconds a pause's fade down, and a resume's back up, take.
    package static let pauseFade = 2.0

    /// The session's speed: fades are in real seconds.
    package let speed: Double
    /// What the ringer was last told: playing, or fading out; nil before the start.
    package private(set) var playing: Bool?

    package init(speed: Double) {
        self.speed = speed
    }

    /// Session seconds left before the end bell, nil while the end is open.
    private static func remaining(_ elapsed: Double, _ timeline: Timeline) -> Double? {
        if case .fixed(let seconds) = timeline.end { return Double(seconds) - elapsed }
        return nil
    }

    /// What to tell the ringer at session second `elapsed` (`paused`: the session's clock stands still):
    /// fade in or out, over how many real seconds; nil when nothing changes.
    package mutating func change(elapsed: Double, paused: Bool, timeline: Timeline) -> (playing: Bool, seconds: Double)? {
        let remaining = Self.remaining(elapsed, timeline)
        let wanted = !paused && (remaining.map { $0 > Self.fadeOut } ?? true)
        guard wanted != playing else { return nil }
        defer { playing = wanted }
        guard playing != nil else { return wanted ? (true, Self.fadeIn) : nil }
        if paused { return (wanted, Self.pauseFade) }
        if wanted { return (true, Self.pauseFade) }
        // The end is near: out over what is left of the fade-out, so that it is silent at the end bell.
        return (false, max(0, min(Self.fadeOut, remaining ?? 0)) / speed)
    }

    /// The session second, after `elapsed`, at which ``change(elapsed:paused:timeline:)`` will next have
    /// something to say by time alone (the fade-out's start); nil when none.
    package func nextChange(elapsed: Double, timeline: Timeline) -> Double? {
        guard playing == true, case .fixed(let seconds) = timeline.end else { return nil }
        let start = Double(seconds) - Self.fadeOut
        return start > elapsed ? start : nil
    }
}
