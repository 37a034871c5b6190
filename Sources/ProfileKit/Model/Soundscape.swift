import TextSupport

/// The catalog of ambient soundscapes a sit can play under its bells (the Ambience section). Each is
/// synthesized by the Sound target as a seamless stereo loop; this target knows only their names, as it
/// knows the bells' (``Bell``).
package enum Soundscape: String, CaseIterable, Sendable, CustomStringConvertible {
    case brownNoise = "Brown Noise"
    case rain = "Rain"
    case ocean = "Ocean"
    case stream = "Stream"
    case wind = "Wind"
    case fire = "Fire"

    /// The soundscape a new profile's ambience gets.
    package static let `default` = Soundscape.rain

    package var description: String { rawValue }

    /// Finds a soundscape by name, ignoring case and runs of spaces, hyphens or underscores, as bells are
    /// found: `brown noise`, `Brown-Noise` and `BROWN_NOISE` all name "Brown Noise". Nil when none is.
    package init?(matching name: String) {
        if let exact = Self(rawValue: name) {
            self = exact
            return
        }
        let key = Bell.key(name)
        guard let found = Self.allCases.first(where: { Bell.key($0.rawValue) == key }) else { return nil }
        self = found
    }
}

/// What the ambience plays: a synthesized soundscape, or a recording the user added (`profile sounds
/// add`), looped. As with bells (``BellSound``), a recording may be missing on this machine; the profile
/// still shows and edits.
package enum AmbienceSound: Hashable, Sendable, CustomStringConvertible {
    case builtIn(Soundscape)
    case recorded(String)

    /// The name tables, messages and documents use: `Rain`, `Grandmother's Garden`.
    package var name: String {
        switch self {
        case let .builtIn(soundscape): soundscape.rawValue
        case let .recorded(name): name
        }
    }

    package var description: String { name }

    /// Finds what `name` means on this machine: a soundscape (``Soundscape/init(matching:)``), else a
    /// recording of `catalog` by its name ignoring case.
    ///
    /// - Throws: ``ProfileError/unknownSoundscape(_:known:suggestion:)`` listing every soundscape and
    ///   recording.
    package init(named name: String, catalog: SoundCatalog) throws(ProfileError) {
        let trimmed = name.trimmingWhitespace()
        if let soundscape = Soundscape(matching: trimmed) {
            self = .builtIn(soundscape)
        } else if let recording = catalog.recorded.first(where: { ProfileName.key($0) == ProfileName.key(trimmed) }) {
            self = .recorded(recording)
        } else {
            let known = Soundscape.allCases.map(\.rawValue) + catalog.recorded
            throw .unknownSoundscape(name, known: known, suggestion: closestMatch(to: name, in: known))
        }
    }

    /// The sound a document names: a soundscape when the name is one, otherwise a recording of that name.
    package init(documentName name: String) {
        if let soundscape = Soundscape(matching: name) {
            self = .builtIn(soundscape)
        } else {
            self = .recorded(name)
        }
    }
}

/// A profile's ambience: whether it plays, what, and how loud (a percentage of full scale, as a bell's
/// volume is, applied to the soundscape's own level, which is set below the bells').
package struct Ambience: Hashable, Sendable {
    /// The volumes a profile accepts.
    package static let volumes = 0...100
    /// The volume a new profile's ambience gets.
    package static let defaultVolume = 30

    /// Whether ambience plays under the bells (the section's Enabled switch; off by default).
    package var isEnabled: Bool
    /// What plays.
    package var sound: AmbienceSound
    /// How loud, 0 to 100 (percent).
    package var volume: Int

    /// Reads a volume as people type it: `30%` or `30`, from 0 to 100.
    ///
    /// - Throws: ``ProfileError/invalidVolume(_:)``.
    package static func volume(parsing text: String) throws(ProfileError) -> Int {
        let trimmed = text.trimmingWhitespace()
        let digits = trimmed.hasSuffix("%") ? String(trimmed.dropLast()).trimmingWhitespace() : trimmed
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCIIDigitCharacter), let volume = Int(digits),
              volumes.contains(volume) else { throw .invalidVolume(text) }
        return volume
    }

    /// `volume` when a profile may have it.
    ///
    /// - Throws: ``ProfileError/invalidVolume(_:)``.
    package static func checked(volume: Int) throws(ProfileError) -> Int {
        guard volumes.contains(volume) else { throw .invalidVolume("\(volume)%") }
        return volume
    }

    package init(isEnabled: Bool = false, sound: AmbienceSound = .builtIn(.default), volume: Int = Ambience.defaultVolume) {
        self.isEnabled = isEnabled
        self.sound = sound
        self.volume = volume
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
