import ProfileKit
import Sound

// The model's catalog as Sound synthesizes it: a bell is an instrument, a soundscape a texture, and each
// is exported under the catalog's own name. Adding a bell or a soundscape to the catalog is a compile
// error here, and a new instrument or texture one in the tests' round trip.

extension Bell {
    /// The instrument Sound synthesizes for this bell.
    package var instrument: Instrument {
        switch self {
        case .singingBowl: .singingBowl
        case .templeBell: .templeBell
        case .gong: .gong
        case .tingsha: .tingsha
        case .woodBlock: .woodBlock
        }
    }
}

extension Soundscape {
    /// The texture Sound synthesizes for this soundscape.
    package var texture: Texture {
        switch self {
        case .brownNoise: .brownNoise
        case .rain: .rain
        case .ocean: .ocean
        case .stream: .stream
        case .wind: .wind
        case .fire: .fire
        }
    }
}

extension BellSynth {
    /// The file name a bell is exported as: `singing-bowl.wav`.
    package static func fileName(for bell: Bell) -> String {
        bell.rawValue.lowercased().replacingSpaces(with: "-") + ".wav"
    }
}

extension SoundscapeSynth {
    /// The file name a soundscape is exported as: `brown-noise.wav`, as bells are named.
    package static func fileName(for soundscape: Soundscape) -> String {
        soundscape.rawValue.lowercased().replacingSpaces(with: "-") + ".wav"
    }
}

extension String {
    func replacingSpaces(with separator: String) -> String {
        split(separator: " ").joined(separator: separator)
    }
}
