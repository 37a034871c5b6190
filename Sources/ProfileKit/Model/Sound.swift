/// A bell that a segment rings at one moment (its begin, its end, or repeatedly).
package struct Sound: Hashable, Sendable {
    /// When in the segment the bell rings; a segment has at most one sound of each type.
    package var type: SoundType
    /// Whether the bell rings at all.
    package var enabled: Bool
    /// Which bell of the catalog rings.
    package var bell: Bell

    /// Makes a sound; by default off, with the catalog's default bell.
    package init(type: SoundType, enabled: Bool = false, bell: Bell = .default) {
        self.type = type
        self.enabled = enabled
        self.bell = bell
    }
}
