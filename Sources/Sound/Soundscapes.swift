import RealModule

/// What the ambience's soundscapes share: their rate, their loudness, how they are exported, and the
/// crossfade that makes a recording a seamless loop. The soundscapes themselves are made live, never
/// repeating, by ``SoundscapeGenerator`` (issue 49); until then they were 30-second loops made here.
package enum SoundscapeSynth {
    /// Frames per second of every soundscape: the bells' rate.
    package static let sampleRate = BellSynth.sampleRate
    /// Changes whenever a soundscape's sound changes, so cached or exported files can tell.
    package static let version = 3
    /// The integrated loudness (BS.1770-4, both channels, gated) of every soundscape at full volume, in
    /// LUFS.
    ///
    /// The bells are scaled to a loudest momentary loudness of −18 LUFS (``BellSynth/loudness``) in one
    /// channel (3 dB more played the same on both), and the quietest bell's integrated loudness over its
    /// ring is −28.6 LUFS (measured in SoundscapeTests). At −33 LUFS a soundscape's integrated loudness is
    /// 4 LU under the quietest bell's, and its loudest 400 ms (an ocean's break) stay well under every
    /// bell's at the same volume: a bed under the bells, not over them.
    package static let loudness = -33.0

    /// The seed `sounds --export` and `sounds --play` make a soundscape from when none is given: the same
    /// file every time.
    package static let exportSeed: UInt64 = 0x5C_0049
    /// How long `sounds --export` makes each soundscape when no length is given.
    package static let exportSeconds = 60.0

    /// `seconds` of the soundscape made from `seed` as a WAV file: 16-bit stereo PCM at ``sampleRate``,
    /// scaled by `volume` (0 to 1).
    package static func wav(for texture: Texture, seed: UInt64 = exportSeed, seconds: Double, volume: Float = 1) -> [UInt8] {
        var generator = SoundscapeGenerator(texture, seed: seed)
        var (left, right) = generator.samples(seconds: seconds)
        if volume != 1 {
            for index in left.indices {
                left[index] *= volume
                right[index] *= volume
            }
        }
        return WAV.encode(left: left, right: right, sampleRate: sampleRate)
    }

    /// The first `frames` samples of `samples`, with what follows them faded into their start: sample
    /// *i* of the first *f* (the rest's length) becomes sin(π/2 · t) · x[*i*] + cos(π/2 · t) · x[frames
    /// + *i*], t = (*i* + ½) / *f*, an equal-power crossfade (uncorrelated noise keeps its power through
    /// it). The last sample is then followed by (nearly) x[frames], the sample made after it.
    ///
    /// - Precondition: `samples.count` ≥ `frames`.
    package static func seamless(_ samples: [Double], frames: Int) -> [Double] {
        precondition(samples.count >= frames, "a loop is made from at least its own length")
        let fade = min(samples.count - frames, frames)
        var result = Array(samples.prefix(frames))
        for index in 0..<fade {
            let t = (Double(index) + 0.5) / Double(fade)
            result[index] = Double.sin(Double.pi / 2 * t) * samples[index] + Double.cos(Double.pi / 2 * t) * samples[frames + index]
        }
        return result
    }
}
