import RealModule

/// A bell choice's strikes and volume made audible: the strike repeated, scaled and mixed into one
/// 16-bit mono sound that never clips.
///
/// Strike *k* (from 0) starts about *k* × `spacing` seconds in: each built-in bell has its own spacing
/// (``BellSynth/spacing(for:)``), a recording ``spacing``. As a hand strikes, no two strikes are quite
/// alike: from the second on each comes a few percent early or late and up to 1 dB softer or louder
/// (``variations``, a fixed table, so a mix is the same every time and the cache holds). Each strike is
/// scaled by the volume; where strikes overlap they add up. Wherever the sum would go past ``ceiling``
/// (98 % of full scale) a limiter lowers the gain just enough, fading in over a few milliseconds before
/// the loudest sample and out over about a quarter of a second after it; everything further from an over
/// than that is left exactly as mixed, so the first strike of a bell at 70 % peaks at exactly 70 % of
/// the bell at 100 %.
package enum StrikeMix {
    /// Seconds from the start of one strike of a recording to the start of the next: 3.
    ///
    /// Man page: *a recording's strikes come 3 seconds apart; a sound that rings longer than that
    /// overlaps the next strike, and the overlapping sounds add up without clipping.*
    package static let spacing = 3.0
    /// The numbers of strikes a choice may have: the model's `BellChoice.allowedStrikes`, which Sound does
    /// not import (a test checks that the two agree).
    package static let strikeCounts = 1...9
    /// Changes whenever the mix of strikes changes (their spacing, their variation, the limiter), so
    /// cached files are never stale.
    package static let version = 3
    /// The loudest a mixed sample may be, as a fraction of full scale.
    package static let ceiling = 0.98
    /// ``ceiling`` as the largest magnitude of a 16-bit sample: 32111.
    package static let ceilingSample = Int16((ceiling * Double(Int16.max)).rounded(.down))
    /// Time constant of the limiter's fade into an over, in seconds: the gain starts falling about
    /// 25 ms before the loudest sample and is mostly down in the last 5 ms.
    static let attack = 0.002
    /// Time constant of the limiter's recovery after an over, in seconds.
    static let release = 0.050
    /// A gain reduction smaller than this is none: it keeps the limiter's exponential tails from
    /// touching samples far from an over.
    static let negligible: Float = 1e-6

    /// How each strike differs from a machine's: its level in dB, and how late it comes as a fraction of
    /// the spacing (negative is early). The first is exact, so that a bell's volume is its first
    /// strike's peak; the others stay within ±1 dB and ±3.5 %.
    package static let variations: [(decibels: Double, lateness: Double)] = [
        (0, 0), (-0.7, 0.025), (0.4, -0.015), (-1.0, 0.035), (0.8, -0.03), (-0.3, 0.01), (0.9, -0.02), (-0.8, 0.03), (0.2, -0.01),
    ]

    /// Where strike `index` (from 0) starts, in samples.
    package static func start(ofStrike index: Int, spacing: Double, sampleRate: Int) -> Int {
        let lateness = variations.indices.contains(index) ? variations[index].lateness : 0
        return Int(((Double(index) + lateness) * usable(spacing) * Double(sampleRate)).rounded())
    }

    /// The gain of strike `index` (from 0), before the volume.
    package static func gain(ofStrike index: Int) -> Float {
        let decibels = variations.indices.contains(index) ? variations[index].decibels : 0
        return Float(Double.pow(10, decibels / 20))
    }

    /// `strikes` strikes of `strike`, `spacing` seconds apart, each scaled by `volume`, as 16-bit mono at
    /// the strike's sample rate.
    ///
    /// - Parameters:
    ///   - strikes: 1 to 9; other values are clamped into that range.
    ///   - volume: 0 to 1 (the choice's volume times the run's); clamped into that range, and NaN is 0.
    ///   - spacing: seconds between strikes; one that is not a positive number is ``spacing``.
    /// - Returns: from the start of the first strike to the end of the last; empty for an empty strike.
    /// - Complexity: O(*strikes* × *n*) for a strike of *n* samples.
    package static func render(_ strike: PCMSound, strikes: Int, volume: Double, spacing: Double = spacing) -> [Int16] {
        let strikes = min(max(strikes, strikeCounts.lowerBound), strikeCounts.upperBound)
        let gain = volume.isNaN ? 0 : Float(min(max(volume, 0), 1))
        let source = strike.samples
        guard !source.isEmpty, strike.sampleRate > 0 else { return [] }
        var mix = [Float](repeating: 0, count: start(ofStrike: strikes - 1, spacing: spacing, sampleRate: strike.sampleRate) + source.count)
        mix.withUnsafeMutableBufferPointer { mixed in
            source.withUnsafeBufferPointer { source in
                for index in 0..<strikes {
                    let start = Self.start(ofStrike: index, spacing: spacing, sampleRate: strike.sampleRate)
                    let scale = gain * Self.gain(ofStrike: index)
                    for offset in source.indices { mixed[start + offset] += scale * source[offset] }
                }
            }
        }
        limit(&mix, sampleRate: strike.sampleRate)
        return mix.map(PCM16.sample)
    }

    /// ``render(_:strikes:volume:spacing:)`` as a WAV file (``WAV/encode(_:sampleRate:)``).
    package static func wav(_ strike: PCMSound, strikes: Int, volume: Double, spacing: Double = spacing) -> [UInt8] {
        WAV.encode(render(strike, strikes: strikes, volume: volume, spacing: spacing), sampleRate: strike.sampleRate)
    }

    /// How long `strikes` strikes of `strike`, `spacing` seconds apart, last, in seconds.
    package static func seconds(of strike: PCMSound, strikes: Int, spacing: Double = spacing) -> Double {
        guard strike.sampleRate > 0, !strike.samples.isEmpty else { return 0 }
        let strikes = min(max(strikes, strikeCounts.lowerBound), strikeCounts.upperBound)
        let count = start(ofStrike: strikes - 1, spacing: spacing, sampleRate: strike.sampleRate) + strike.samples.count
        return Double(count) / Double(strike.sampleRate)
    }

    /// `spacing` when it is a positive number of seconds (at most an hour), else ``spacing``.
    static func usable(_ spacing: Double) -> Double {
        spacing.isFinite && spacing > 0 ? min(spacing, 3_600) : Self.spacing
    }

    /// How long the limiter holds its lowest gain around an over, each way, in seconds: longer than half
    /// the period of the lowest partial that matters (100 Hz), so the gain is flat across a whole peak
    /// and the wave is made quieter, never squared off.
    static let hold = 0.005

    /// Brings every sample of `mix` to at most ``ceilingSample`` in magnitude, touching only the
    /// neighbourhood of the samples that were louder.
    ///
    /// Each sample needs a gain of at most ceiling / |sample|. The gain applied is the least that need
    /// within ``hold`` either side (so a peak is lowered as a whole), then eased: going back from an
    /// over the gain returns to 1 with the ``attack`` time constant, going on with the ``release`` one.
    /// Easing only ever lowers the gain, so no sample is left above the ceiling and nothing is clipped;
    /// a gain within ``negligible`` of 1 is 1, so samples far from an over are left exactly as mixed.
    ///
    /// - Complexity: O(*n*).
    static func limit(_ mix: inout [Float], sampleRate: Int) {
        let most = Float(ceilingSample) / 32768
        guard mix.contains(where: { abs($0) > most }) else { return }
        let need = mix.map { abs($0) > most ? most / abs($0) : 1 }
        var gain = slidingMinimum(need, radius: max(1, Int(hold * Double(sampleRate))))
        let attackStep = 1 - Float(Double.exp(-1 / (attack * Double(sampleRate))))
        let releaseStep = 1 - Float(Double.exp(-1 / (release * Double(sampleRate))))
        // Eased as the reduction 1 − gain, which decays without the rounding of a gain near 1.
        func eased(_ reduction: Float, _ step: Float, _ gain: Float) -> Float {
            var value = max(1 - gain, reduction * (1 - step))
            if value < negligible { value = 0 }
            return value
        }
        var carried: Float = 0
        for index in gain.indices.reversed() {
            carried = eased(carried, attackStep, gain[index])
            gain[index] = 1 - carried
        }
        carried = 0
        for index in gain.indices {
            carried = eased(carried, releaseStep, gain[index])
            gain[index] = 1 - carried
        }
        for index in mix.indices where gain[index] < 1 {
            // The gain is at most the sample's need, so this lands at or under the ceiling; the clamp only
            // takes off a rounding error.
            mix[index] = min(most, max(-most, mix[index] * gain[index]))
        }
    }

    /// The least of `values` within `radius` of each index, by a monotonic queue.
    ///
    /// - Complexity: O(*n*).
    static func slidingMinimum(_ values: [Float], radius: Int) -> [Float] {
        var result = [Float](repeating: 1, count: values.count)
        var queue: [Int] = []
        queue.reserveCapacity(2 * radius + 2)
        var head = 0
        var next = 0
        for index in values.indices {
            // Take in every value up to `radius` ahead, keeping the queue's values rising.
            while next < values.count, next <= index + radius {
                while queue.count > head, values[queue[queue.count - 1]] >= values[next] { queue.removeLast() }
                queue.append(next)
                next += 1
            }
            while queue[head] < index - radius { head += 1 }
            result[index] = values[queue[head]]
            if head > 4096 {
                queue.removeFirst(head)
                head = 0
            }
        }
        return result
    }
}
