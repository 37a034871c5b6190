import TextSupport
import ProfileKit
import Sound

/// The strike a bell choice repeats: a built-in bell (synthesized only when its samples are needed) or
/// a recording read from the library.
package enum BellStrike: Equatable, Sendable {
    case builtIn(Bell)
    case recorded(PCMSound)

    /// The strike's samples.
    package var sound: PCMSound {
        switch self {
        case let .builtIn(bell): PCMSound(bell: bell.instrument)
        case let .recorded(sound): sound
        }
    }

    /// Seconds from one strike to the next: the built-in bell's own, or a recording's ``StrikeMix/spacing``.
    package var spacing: Double {
        switch self {
        case let .builtIn(bell): BellSynth.spacing(for: bell.instrument)
        case .recorded: StrikeMix.spacing
        }
    }
}

/// Resolves bell choices to their strikes for one ringer, the stream's and the WAV players' alike: a
/// recording that cannot be read rings the default bell, and that is said once for each recording.
package struct BellStrikes {
    /// Where recorded sounds are read; nil rings the default bell for every recording.
    package let library: SoundLibrary?
    /// The recordings (by ``ProfileName/key(_:)``) already said to ring the default bell.
    private var told: Set<String> = []

    package init(library: SoundLibrary?) {
        self.library = library
    }

    /// The strike of `sound`, and, the first time a recording cannot be read, why the default bell rings
    /// instead: `there is no recorded sound "Gone Bowl" in /home/ann/.local/share/profile/sounds; ringing
    /// Singing Bowl instead`.
    package mutating func resolve(_ sound: BellSound) -> (strike: BellStrike, note: String?) {
        switch sound {
        case let .builtIn(bell):
            return (.builtIn(bell), nil)
        case let .recorded(recording):
            do throws(SoundError) {
                guard let library else { throw SoundError.unknown(recording, suggestion: nil) }
                return (.recorded(try library.sound(named: recording)), nil)
            } catch {
                guard told.insert(ProfileName.key(recording)).inserted else { return (.builtIn(.default), nil) }
                return (.builtIn(.default), "\(Self.why(recording, error, in: library)); ringing \(Bell.default.rawValue) instead")
            }
        }
    }

    /// Why `recording` cannot be rung: the library has none of that name (and where it looked), or the
    /// error reading it.
    private static func why(_ recording: String, _ error: SoundError, in library: SoundLibrary?) -> String {
        guard case .unknown = error else { return "\(error)" }
        return "there is no recorded sound \(quoted(recording))" + (library.map { " in \(escapedPath($0.folder))" } ?? "")
    }
}
