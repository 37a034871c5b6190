import LocalTime

/// A meditation-timer profile: a main duration and the optional segments around it.
///
/// The main sit is the profile's ``duration``; ``segments`` holds the optional warm-up and cool-down.
/// Segments are found by type, never by position, and created on first use by the setters.
package struct Profile: Hashable, Sendable {
    /// The profile's name; the store keeps it as the file name.
    package var name: String
    /// The length of the main sit (the Time section).
    package var duration: TimerDuration
    /// The optional segments, at most one of each type, in the order they were created.
    package private(set) var segments: [Segment]
    /// The bells that ring during the main sit.
    package var intervals: Intervals
    /// The bell at the start of the main sit (the Bells section's Start row); nil rings none.
    package var startBell: BellChoice?
    /// The bell at the end of the session (the Bells section's End row); nil rings none.
    package var endBell: BellChoice?
    /// What plays under the bells (the Ambience section): off in a new profile.
    package var ambience: Ambience
    /// The breathing pacer (the Breathing section): off in a new profile.
    package var breathing: Breathing

    /// A new profile as a user first sees it: Time 20:00, Warm Up, Cool Down and intervals off, the
    /// default bell at the start of the main sit and at the end of the session.
    package init(name: String, duration: TimerDuration = SegmentType.main.defaultDuration, segments: [Segment] = [],
                intervals: Intervals = Intervals(), startBell: BellChoice? = .default, endBell: BellChoice? = .default,
                ambience: Ambience = Ambience(), breathing: Breathing = Breathing()) {
        self.name = name
        self.duration = duration
        self.intervals = intervals
        self.startBell = startBell
        self.endBell = endBell
        self.ambience = ambience
        self.breathing = breathing
        self.segments = []
        for segment in segments where segment.type != .main { self[segment: segment.type] = segment }
    }

    /// The segment of `type`, if the profile has one. The main sit is not a stored segment.
    package func segment(ofType type: SegmentType) -> Segment? {
        segments.first { $0.type == type }
    }

    /// The segment of `type`, created on first use (off, default duration) when a setter needs it.
    ///
    /// Setting `.main` changes nothing: the main sit lives in ``duration``.
    package subscript(segment type: SegmentType) -> Segment {
        get { segment(ofType: type) ?? Segment(type: type) }
        set {
            guard type != .main else { return }
            var segment = newValue
            segment.type = type
            if let index = segments.firstIndex(where: { $0.type == type }) {
                segments[index] = segment
            } else {
                segments.append(segment)
            }
        }
    }

    /// The length of each part that is on, added up: warm-up + main + cool-down.
    package var totalDuration: TimerDuration {
        TimerDuration(seconds: segments.filter(\.enabled).reduce(duration.seconds) { $0 + $1.duration.seconds })
    }
}

extension Profile {
    /// Every bell the profile holds, rung or not: the Start and End bells, the cool-down's and the
    /// interval bell.
    package var bellChoices: [BellChoice] {
        [startBell, endBell, segment(ofType: .coolDown)?.bell, intervals.bell].compactMap { $0 }
    }

    /// Whether any of the profile's bells is the recording `name` (ignoring case, as names are found).
    package func uses(recording name: String) -> Bool {
        bellChoices.contains { $0.sound.matches(.recorded(name)) }
    }
}
