/// One optional part of a session, such as the warm-up or the cool-down.
package struct Segment: Hashable, Sendable {
    /// Which part of the session this is; a profile has at most one segment of each type.
    package var type: SegmentType
    /// Whether the segment is part of the session.
    package var enabled: Bool
    /// How long the segment lasts when enabled.
    package var duration: TimerDuration
    /// The segment's sounds, at most one of each ``SoundType``, found by type.
    package private(set) var sounds: [Sound]

    /// Makes a segment; by default off, with its type's default duration and no sounds.
    package init(type: SegmentType, enabled: Bool = false, duration: TimerDuration? = nil, sounds: [Sound] = []) {
        self.type = type
        self.enabled = enabled
        self.duration = duration ?? type.defaultDuration
        self.sounds = []
        for sound in sounds { self[sound: sound.type] = sound }
    }

    /// The sound of `type`, if the segment has one.
    package func sound(ofType type: SoundType) -> Sound? {
        sounds.first { $0.type == type }
    }

    /// The sound of `type`, created on first use (off, default bell) when a setter needs it.
    package subscript(sound type: SoundType) -> Sound {
        get { sound(ofType: type) ?? Sound(type: type) }
        set {
            if let index = sounds.firstIndex(where: { $0.type == type }) {
                sounds[index] = Sound(type: type, enabled: newValue.enabled, bell: newValue.bell)
            } else {
                sounds.append(Sound(type: type, enabled: newValue.enabled, bell: newValue.bell))
            }
        }
    }
}
