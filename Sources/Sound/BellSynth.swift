import RealModule

/// Synthesizes the catalog's bells from the instruments' modes (``BellVoices``): damped sines, some in
/// beating pairs, some swelling or gliding, after a burst of noise for the strike. No recorded sound is
/// used.
///
/// Every bell rings until it is 60 dB under its loudest 50 ms, then closes over half a second (20 dB
/// more, so it never ends on a cut), and is scaled to the same loudest momentary loudness
/// (``loudness``, BS.1770).
package enum BellSynth {
    /// Samples per second of every bell.
    package static let sampleRate = 44_100
    /// Changes whenever a bell's sound changes, so cached files are never stale.
    package static let version = 3
    /// The loudest momentary loudness (BS.1770, K-weighted, 400 ms) of every built-in bell, in LUFS.
    ///
    /// The Wood Block sets it: a knock of less than half a second is short against a 400 ms window, so it
    /// needs the highest peak for its loudness (76% of full scale here, leaving room for a strike 1 dB
    /// louder under the mix's ceiling); the ringing bells peak at 29–50%.
    package static let loudness = -18.0
    /// Where a bell is rung out: this many dB under its loudest 50 ms.
    package static let ringOut = -60.0
    /// The closing after a bell has rung out: a further fall of ``closingRate`` dB a second on top of its
    /// own decay, for ``closing`` seconds (or half the time it took to ring out, when that is shorter).
    /// Ending 20 dB further down, a strike's end is lost under the next strikes of a mix, and 2 dB per
    /// 50 ms keeps even the Wood Block's fast decay under 12 dB per 50 ms.
    static let closing = 0.5
    static let closingRate = 40.0
    /// The windows a bell's level is taken over to find where it has rung out: 50 ms, every 10 ms.
    static let levelWindow = 0.05
    static let levelStep = 0.01
    /// Seconds rendered before the loudest 50 ms is known: every bell's loudest moment is well inside.
    static let probe = 3.0
    /// A mode is not rendered once it is this far (120 dB) under the sum of the bell's amplitudes: that
    /// is 91 dB under the loudest 50 ms for the Gong (its 327 oscillators add up to much more than it
    /// ever sounds) and more for the others, under one step of 16 bits.
    static let floor = 1e-6
    /// The longest a bell may be rendered, in seconds: a guard against a table whose modes never die.
    static let longest = 300.0

    /// Seconds from one strike of `bell` to the next.
    package static func spacing(for bell: Instrument) -> Double { voice(for: bell).spacing }

    /// The bell as 16-bit samples at ``sampleRate``, at the loudness ``loudness``.
    ///
    /// - Complexity: O(*m* × *n*) for *m* modes and *n* samples, with a short mode costing only its own
    ///   length.
    package static func samples(for bell: Instrument) -> [Int16] {
        // TPDF dither (two uniform values of half a step each, summed): a bell's last half second falls to
        // about one step of 16 bits, where rounding alone would leave stretches of digital silence and
        // distortion instead of a smooth fade. Seeded, so the samples are the same every time.
        var random = SplitMix64(seed: 0xB311 &+ UInt64(Instrument.allCases.firstIndex(of: bell) ?? 0))
        return sound(for: bell).map { sample in
            PCM16.sample(Double(sample), dither: random.nextUnit() - random.nextUnit())
        }
    }

    /// The bell as floating-point samples from −1 to 1, before it becomes 16 bits.
    static func sound(for bell: Instrument) -> [Float] {
        let voice = voice(for: bell)
        let rate = Double(sampleRate)
        let groups = voice.modes.map(Resonator.oscillators)
        let oscillators = groups.flatMap { $0 }
        let floor = Self.floor * oscillators.reduce(0) { $0 + abs($1.amplitude) }
        var mix = [Float](repeating: 0, count: Int(probe * rate))
        for burst in voice.bursts { burst.add(into: &mix, sampleRate: sampleRate) }
        Resonator.add(oscillators, into: &mix, range: 0..<mix.count, sampleRate: sampleRate, floor: floor)
        let loudest = levels(mix).max() ?? 0
        guard loudest > 0 else { return [] }
        let threshold = loudest * Double.pow(10, ringOut / 20)
        // How long to render: where the modes' summed power should fall under the threshold, then more
        // while the sound made still has not rung out before its end.
        var count = Int((min(estimatedEnd(groups, under: threshold), longest - closing - levelWindow) + closing + levelWindow) * rate)
        var end = 0, closingCount = 0
        while true {
            if count > mix.count {
                let made = mix.count
                mix += [Float](repeating: 0, count: count - made)
                Resonator.add(oscillators, into: &mix, range: made..<count, sampleRate: sampleRate, floor: floor)
            }
            end = ringEnd(mix, threshold: threshold)
            closingCount = min(Int(closing * rate), end / 2)
            if end + closingCount <= mix.count { break }
            guard mix.count < Int(longest * rate) else {
                end = mix.count - closingCount
                break
            }
            count = min(mix.count + mix.count / 4 + closingCount, Int(longest * rate))
        }
        mix.removeLast(mix.count - (end + closingCount))
        for index in 0..<closingCount {
            mix[end + index] *= Float(Double.pow(10, -closingRate * Double(index) / rate / 20))
        }
        let gain = Double.pow(10, (loudness - Loudness.maxMomentary(mix, sampleRate: sampleRate)) / 20)
        return mix.map { $0 * Float(gain) }
    }

    /// RMS levels (not in dB) over ``levelWindow`` every ``levelStep``.
    static func levels(_ samples: [Float]) -> [Double] {
        let window = Int(levelWindow * Double(sampleRate)), step = Int(levelStep * Double(sampleRate))
        guard samples.count >= window else { return [] }
        var sums = [Double](repeating: 0, count: samples.count + 1)
        for index in samples.indices { sums[index + 1] = sums[index] + Double(samples[index]) * Double(samples[index]) }
        return stride(from: 0, through: samples.count - window, by: step).map { start in
            (max(0, sums[start + window] - sums[start]) / Double(window)).squareRoot()
        }
    }

    /// The sample where the bell has rung out: the end of the last window whose level is above
    /// `threshold`.
    static func ringEnd(_ samples: [Float], threshold: Double) -> Int {
        let window = Int(levelWindow * Double(sampleRate)), step = Int(levelStep * Double(sampleRate))
        guard let last = levels(samples).lastIndex(where: { $0 > threshold }) else { return min(samples.count, window) }
        return last * step + window
    }

    /// The time at which the modes' summed power, each mode with its twin and swell as one, falls under
    /// `threshold` (an RMS level): a guess at where the bell rings out, checked on the samples after.
    static func estimatedEnd(_ groups: [[Resonator.Oscillator]], under threshold: Double) -> Double {
        func level(at time: Double) -> Double {
            let power = groups.reduce(0.0) { total, group in
                let magnitude = group.reduce(0.0) { $0 + abs($1.amplitude) * Double.exp(-$1.decay * time) }
                return total + magnitude * magnitude / 2
            }
            return power.squareRoot()
        }
        var low = 0.0, high = 600.0
        guard level(at: high) < threshold else { return high }
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if level(at: middle) < threshold { high = middle } else { low = middle }
        }
        return high
    }

    /// The bell as a WAV file: RIFF, PCM, mono, 16-bit, ``sampleRate`` Hz.
    package static func wav(for bell: Instrument) -> [UInt8] {
        WAV.encode(samples(for: bell), sampleRate: sampleRate)
    }
}
