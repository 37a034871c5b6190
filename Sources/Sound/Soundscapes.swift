import RealModule

/// Synthesizes the ambience's soundscapes (``Texture``) as seamless stereo loops, from seeded noise
/// only: the same samples on every machine and every run, like the bells (``BellSynth``).
///
/// Each loop is ``loopSeconds`` long. How it joins its end to its start without a click or a jump in
/// loudness: the noise is made ``crossfadeSeconds`` longer than the loop and that tail is faded into the
/// head with an equal-power crossfade (``seamless(_:frames:)``), so the last sample is followed by the
/// sample that followed it when it was made; what varies slowly (an ocean's waves, a stream's flutter)
/// is a function of the time within the loop that repeats with it, and a raindrop that falls near the
/// end rings on into the start. The two channels share part of their noise and have part each, so they
/// are decorrelated (an interchannel correlation of about 0.3) but still one scene.
///
/// Every loop is scaled to the same integrated loudness (``loudness``, BS.1770-4 over both channels),
/// well under the bells'.
package enum SoundscapeSynth {
    /// Frames per second of every loop: the bells' rate.
    package static let sampleRate = BellSynth.sampleRate
    /// How long one pass of a loop lasts.
    package static let loopSeconds = 30.0
    /// How much of the tail is faded into the head.
    static let crossfadeSeconds = 2.0
    /// Changes whenever a soundscape's sound changes, so cached or exported files can tell.
    package static let version = 2
    /// The integrated loudness (BS.1770-4, both channels, gated) of every soundscape at full volume, in
    /// LUFS.
    ///
    /// The bells are scaled to a loudest momentary loudness of −18 LUFS (``BellSynth/loudness``) in one
    /// channel (3 dB more played the same on both), and the quietest bell's integrated loudness over its
    /// ring is −28.6 LUFS (measured in SoundscapeTests). At −33 LUFS a soundscape's loudest 400 ms (an
    /// ocean's crest, −28 LUFS) are 10 dB under every bell's at the same volume, and its integrated
    /// loudness 4 LU under the quietest bell's: a bed under the bells, not over them.
    package static let loudness = -33.0
    /// The part of each channel's noise both channels share (its power), the rest being each channel's
    /// own: the interchannel correlation of plain noise made this way.
    static let shared = 0.3

    /// The soundscape as one pass of its loop.
    ///
    /// - Complexity: O(*n*) in the loop's frames (a few filters a sample; rain adds its drops).
    package static func loop(for soundscape: Texture) -> StereoLoop {
        var (left, right) = bed(for: soundscape)
        switch soundscape {
        case .brownNoise: break
        case .rain: addDrops(&left, &right)
        case .ocean: swell(&left, &right)
        case .stream: flutter(&left, &right)
        }
        return scaled(left, right, to: loudness)
    }

    /// The soundscape's bed, each channel made longer than the loop and crossfaded into it
    /// (``seamless(_:frames:)``): the one part of a loop whose end must be made to join its start. What
    /// ``loop(for:)`` lays over it repeats with the loop by construction (rain's drops wrap round the
    /// join; the ocean's swell and the stream's flutter are gains of whole periods), so a texture whose
    /// layer hides a splice from a measurement of the loop (rain's drops) has its join measured here.
    package static func bed(for soundscape: Texture) -> (left: [Double], right: [Double]) {
        let frames = Int(loopSeconds * Double(sampleRate))
        let made = frames + Int(crossfadeSeconds * Double(sampleRate))
        let (left, right): ([Double], [Double])
        switch soundscape {
        case .brownNoise: (left, right) = brownNoise(count: made)
        case .rain: (left, right) = rain(count: made)
        case .ocean: (left, right) = ocean(count: made)
        case .stream: (left, right) = stream(count: made)
        }
        return (seamless(left, frames: frames), seamless(right, frames: frames))
    }

    /// The soundscape as a WAV file: 16-bit stereo PCM at ``sampleRate``, `seconds` long (one pass of the
    /// loop when nil; longer plays it on round), scaled by `volume` (0 to 1).
    package static func wav(for soundscape: Texture, seconds: Double? = nil, volume: Float = 1) -> [UInt8] {
        let loop = loop(for: soundscape)
        let frames = seconds.map { Int($0 * Double(sampleRate)) } ?? loop.frameCount
        var (left, right) = ([Float](), [Float]())
        left.reserveCapacity(frames)
        right.reserveCapacity(frames)
        for index in 0..<frames {
            let frame = loop.frame(index)
            left.append(frame.left * volume)
            right.append(frame.right * volume)
        }
        return WAV.encode(left: left, right: right, sampleRate: sampleRate)
    }

    // MARK: The four soundscapes

    /// Brown (red) noise: white noise integrated, so its power falls as 1/f², 6 dB an octave (Wikipedia,
    /// "Brownian noise"). The integrator leaks below 15 Hz, so the sound never drifts away from zero.
    static func brownNoise(count: Int) -> ([Double], [Double]) {
        let leak = Double.exp(-2 * Double.pi * 15 / Double(sampleRate))
        func brown(_ seed: UInt64) -> [Double] {
            var random = SplitMix64(seed: seed)
            var level = 0.0
            // A quarter second first, so the integrator has settled when the sound begins.
            for _ in 0..<(sampleRate / 4) { level = leak * level + random.nextSigned() }
            return (0..<count).map { _ in
                level = leak * level + random.nextSigned()
                return level
            }
        }
        return mixed(shared: brown(0x5C_0001), left: brown(0x5C_0002), right: brown(0x5C_0003))
    }

    /// Rain: a bed of pink noise from 300 Hz to 10 kHz, the hiss of rain on many surfaces at once; the
    /// drops themselves (``addDrops(_:_:)``) are added after the loop is joined.
    static func rain(count: Int) -> ([Double], [Double]) {
        func bed(_ seed: UInt64) -> [Double] {
            var noise = pink(count: count, seed: seed)
            Burst.butterworth(.high, 300, sampleRate: Double(sampleRate)).filter(&noise)
            Burst.butterworth(.low, 10_000, sampleRate: Double(sampleRate)).filter(&noise)
            return noise
        }
        return mixed(shared: bed(0x5C_0101), left: bed(0x5C_0102), right: bed(0x5C_0103))
    }

    /// An ocean's surf: pink noise from 60 Hz to 5 kHz (the waves' rush and hiss), shaped into waves by
    /// ``swell(_:_:)`` after the loop is joined.
    static func ocean(count: Int) -> ([Double], [Double]) {
        func surf(_ seed: UInt64) -> [Double] {
            var noise = pink(count: count, seed: seed)
            Burst.butterworth(.high, 60, sampleRate: Double(sampleRate)).filter(&noise)
            Burst.butterworth(.low, 5_000, sampleRate: Double(sampleRate)).filter(&noise)
            return noise
        }
        return mixed(shared: surf(0x5C_0201), left: surf(0x5C_0202), right: surf(0x5C_0203))
    }

    /// A stream: white noise through a band from 1.2 to 6 kHz (water running over stones, brighter than
    /// rain's broad hiss), made to flutter by ``flutter(_:_:)``.
    static func stream(count: Int) -> ([Double], [Double]) {
        func water(_ seed: UInt64) -> [Double] {
            var random = SplitMix64(seed: seed)
            var noise = (0..<count).map { _ in random.nextSigned() }
            let rate = Double(sampleRate)
            Burst.butterworth(.high, 1_200, sampleRate: rate).filter(&noise)
            Burst.butterworth(.high, 1_200, sampleRate: rate).filter(&noise)
            Burst.butterworth(.low, 6_000, sampleRate: rate).filter(&noise)
            return noise
        }
        return mixed(shared: water(0x5C_0301), left: water(0x5C_0302), right: water(0x5C_0303))
    }

    // MARK: What repeats with the loop

    /// Rain's drops: short bursts of noise, each falling somewhere in the loop (one near the end rings on
    /// into the start), at a random place between the channels and a random strength, so that a few are
    /// near and many are far: 100 a second peak 8 to 24 dB over the bed's RMS (about 30 a second are heard
    /// as drops apart from the rest, SoundscapeTests counts), and 150 more a second are
    /// small enough to be heard only as texture. A drop's noise is softened above 5 kHz (two one-pole
    /// low-passes), and as the bed's, part of it is shared by the channels and part is each one's own
    /// (a drop reaches the two ears by different paths).
    static func addDrops(_ left: inout [Double], _ right: inout [Double]) {
        let frames = left.count
        var random = SplitMix64(seed: 0x5C_0110)
        // The bed's level sets the drops'.
        let bed = (left.reduce(0) { $0 + $1 * $1 } / Double(max(1, frames))).squareRoot()
        let rate = Double(sampleRate)
        let smoothing = 1 - Double.exp(-2 * Double.pi * 5_000 / rate)
        // The RMS of uniform noise (1/3 its power) through the two low-passes, whose impulse response is
        // c² (n + 1) rⁿ (r = 1 − c): a drop's level is its noise's RMS.
        let r2 = (1 - smoothing) * (1 - smoothing)
        let noiseRMS = (Double.pow(smoothing, 4) * (1 + r2) / Double.pow(1 - r2, 3) / 3).squareRoot()
        let (a, b) = (shared.squareRoot(), (1 - shared).squareRoot())
        let drops = [(count: Int(100 * loopSeconds), loudest: 24.0, range: 16.0),
                     (count: Int(150 * loopSeconds), loudest: 0.0, range: 12.0)]
        for kind in drops {
            for _ in 0..<kind.count {
                let start = Int(random.nextUnit() * Double(frames))
                let level = bed * Double.pow(10, (kind.loudest - kind.range * random.nextUnit()) / 20) / noiseRMS
                let decay = 0.0006 + 0.0025 * random.nextUnit()
                let angle = Double.pi / 2 * (0.1 + 0.8 * random.nextUnit())
                let (toLeft, toRight) = (Double.cos(angle) * 2.0.squareRoot(), Double.sin(angle) * 2.0.squareRoot())
                let length = Int(decay * rate * 7)
                let fall = Double.exp(-1 / (decay * rate))
                var envelope = level
                var (l1, l2, r1, r2) = (0.0, 0.0, 0.0, 0.0)
                for offset in 0..<length {
                    let common = random.nextSigned()
                    l1 += smoothing * (a * common + b * random.nextSigned() - l1)
                    l2 += smoothing * (l1 - l2)
                    r1 += smoothing * (a * common + b * random.nextSigned() - r1)
                    r2 += smoothing * (r1 - r2)
                    let at = (start + offset) % frames
                    left[at] += l2 * envelope * toLeft
                    right[at] += r2 * envelope * toRight
                    envelope *= fall
                }
            }
        }
    }

    /// An ocean's waves, as a gain that repeats with the loop: each wave builds over 35% of its period
    /// and ebbs over the rest (a raised cosine each way, so the gain never jumps), its period between
    /// 6 and 12 s (wind waves arrive every 5 to 15 s: NOAA, "What is the difference between a wave's
    /// period and its height", oceanservice.noaa.gov; and any oceanography text), its height random;
    /// between waves the surf falls to 15% of the highest. The waves' periods are stretched a little so
    /// that a whole number of them fills the loop.
    static func swell(_ left: inout [Double], _ right: inout [Double]) {
        let frames = left.count
        var random = SplitMix64(seed: 0x5C_0210)
        var periods: [Double] = []
        while periods.reduce(0, +) < loopSeconds - 3 { periods.append(6 + 6 * random.nextUnit()) }
        let stretch = loopSeconds / periods.reduce(0, +)
        var gain = [Double](repeating: 0, count: frames)
        var start = 0.0
        for period in periods.map({ $0 * stretch }) {
            let height = 0.6 + 0.4 * random.nextUnit()
            let first = Int(start * Double(sampleRate)), last = min(frames, Int((start + period) * Double(sampleRate)))
            for index in first..<last {
                let phase = (Double(index) / Double(sampleRate) - start) / period
                let shape = phase < 0.35 ? (1 - Double.cos(Double.pi * phase / 0.35)) / 2 : (1 + Double.cos(Double.pi * (phase - 0.35) / 0.65)) / 2
                gain[index] = 0.15 + height * shape
            }
            start += period
        }
        for index in 0..<frames {
            left[index] *= gain[index]
            right[index] *= gain[index]
        }
    }

    /// A stream's flutter: the water's level wobbles by about ±6% at 2 to 8 Hz (a sum of sines whose
    /// frequencies are whole numbers of cycles a loop, so it repeats with it), differently in each
    /// channel; it has no slow swell.
    static func flutter(_ left: inout [Double], _ right: inout [Double]) {
        var random = SplitMix64(seed: 0x5C_0310)
        func wobble() -> [(frequency: Double, phase: Double)] {
            (0..<6).map { _ in
                let cycles = (2 + 6 * random.nextUnit()) * loopSeconds
                return (cycles.rounded() / loopSeconds, 2 * Double.pi * random.nextUnit())
            }
        }
        let (forLeft, forRight) = (wobble(), wobble())
        for index in left.indices {
            let time = Double(index) / Double(sampleRate)
            let l = forLeft.reduce(0.0) { $0 + Double.sin(2 * Double.pi * $1.frequency * time + $1.phase) }
            let r = forRight.reduce(0.0) { $0 + Double.sin(2 * Double.pi * $1.frequency * time + $1.phase) }
            left[index] *= 1 + 0.06 * l / 6.0.squareRoot()
            right[index] *= 1 + 0.06 * r / 6.0.squareRoot()
        }
    }

    // MARK: Parts

    /// Pink noise (power falling 3 dB an octave), by Paul Kellet's "refined" filter of white noise
    /// (musicdsp.org, "Filter to make pink noise from white", 1999: within ±0.05 dB of 1/f above 9.2 Hz
    /// at 44.1 kHz).
    static func pink(count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        var (b0, b1, b2, b3, b4, b5, b6) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        func next() -> Double {
            let white = random.nextSigned()
            b0 = 0.99886 * b0 + white * 0.0555179
            b1 = 0.99332 * b1 + white * 0.0750759
            b2 = 0.96900 * b2 + white * 0.1538520
            b3 = 0.86650 * b3 + white * 0.3104856
            b4 = 0.55000 * b4 + white * 0.5329522
            b5 = -0.7616 * b5 - white * 0.0168980
            let value = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362
            b6 = white * 0.115926
            return value
        }
        // Two seconds first: the slowest stage (a time constant of 0.2 s) has settled.
        for _ in 0..<(2 * sampleRate) { _ = next() }
        return (0..<count).map { _ in next() }
    }

    /// Each channel: the shared noise and its own, in the powers ``shared`` and 1 − ``shared``.
    static func mixed(shared: [Double], left: [Double], right: [Double]) -> ([Double], [Double]) {
        let (a, b) = (Self.shared.squareRoot(), (1 - Self.shared).squareRoot())
        return (zip(shared, left).map { a * $0 + b * $1 }, zip(shared, right).map { a * $0 + b * $1 })
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

    /// The two channels scaled to the integrated loudness `target` (LUFS) as one loop.
    static func scaled(_ left: [Double], _ right: [Double], to target: Double) -> StereoLoop {
        let (l, r) = (left.map(Float.init), right.map(Float.init))
        let measured = Loudness.integrated([l, r], sampleRate: sampleRate)
        let gain = measured.isFinite ? Float(Double.pow(10, (target - measured) / 20)) : 1
        return StereoLoop(sampleRate: sampleRate, left: l.map { $0 * gain }, right: r.map { $0 * gain })
    }
}
