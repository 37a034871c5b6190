/// A bell that a segment rings at one moment (its begin, its end, or repeatedly).
public struct Sound: Hashable, Sendable {
    /// When in the segment the bell rings; a segment has at most one sound of each type.
    public var type: SoundType
    /// Whether the bell rings at all.
    public var enabled: Bool
    /// Which bell of the catalog rings.
    public var bell: Bell

    /// Makes a sound; by default off, with the catalog's default bell.
    public init(type: SoundType, enabled: Bool = false, bell: Bell = .default) {
        self.type = type
        self.enabled = enabled
        self.bell = bell
    }
}
