#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif

/// A bell choice's strikes and volume made audible: the strike repeated, scaled and mixed into one
/// 16-bit mono sound that never clips.
///
/// Strike *k* (from 0) starts ``spacing`` seconds after strike *k* − 1, so *n* strikes of a sound *L*
/// seconds long last (*n* − 1) × 3 + *L* seconds. Each strike is scaled by the volume; where strikes
/// overlap they add up. Wherever the sum would go past ``ceiling`` (98 % of full scale) a limiter
/// lowers the gain just enough, fading in over a few milliseconds before the loudest sample and out over
/// about a quarter of a second after it; everything further from an over than that is left exactly as
/// mixed, so the first strike of a bell at 70 % peaks at exactly 70 % of the bell at 100 %.
package enum StrikeMix {
    /// Seconds from the start of one strike to the start of the next: 3.
    ///
    /// Man page: *Strikes of one bell start 3 seconds apart; a bell that rings longer than that
    /// overlaps the next strike, and the overlapping sounds add up without clipping.*
    package static let spacing = 3.0
    /// The numbers of strikes a choice may have.
    package static let strikeCounts = 1...9
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

    /// `strikes` strikes of `strike`, each scaled by `volume`, as 16-bit mono at the strike's sample rate.
    ///
    /// - Parameters:
    ///   - strikes: 1 to 9; other values are clamped into that range.
    ///   - volume: 0 to 1 (the choice's volume times the run's); clamped into that range, and NaN is 0.
    /// - Returns: (`strikes` − 1) × ``spacing`` seconds plus the strike's length; empty for an empty
    ///   strike.
    /// - Complexity: O(*strikes* × *n*) for a strike of *n* samples.
    package static func render(_ strike: PCMSound, strikes: Int, volume: Double) -> [Int16] {
        let strikes = min(max(strikes, strikeCounts.lowerBound), strikeCounts.upperBound)
        let gain = volume.isNaN ? 0 : Float(min(max(volume, 0), 1))
        let source = strike.samples
        guard !source.isEmpty, strike.sampleRate > 0 else { return [] }
        let step = strideSamples(sampleRate: strike.sampleRate)
        var mix = [Float](repeating: 0, count: (strikes - 1) * step + source.count)
        for index in 0..<strikes {
            let start = index * step
            for offset in source.indices { mix[start + offset] += gain * source[offset] }
        }
        limit(&mix, sampleRate: strike.sampleRate)
        return mix.map(sample)
    }

    /// ``render(_:strikes:volume:)`` as a WAV file (``WAV/encode(_:sampleRate:)``).
    package static func wav(_ strike: PCMSound, strikes: Int, volume: Double) -> [UInt8] {
        WAV.encode(render(strike, strikes: strikes, volume: volume), sampleRate: strike.sampleRate)
    }

    /// How long `strikes` strikes of `strike` last, in seconds.
    package static func seconds(of strike: PCMSound, strikes: Int) -> Double {
        guard strike.sampleRate > 0, !strike.samples.isEmpty else { return 0 }
        let strikes = min(max(strikes, strikeCounts.lowerBound), strikeCounts.upperBound)
        let count = (strikes - 1) * strideSamples(sampleRate: strike.sampleRate) + strike.samples.count
        return Double(count) / Double(strike.sampleRate)
    }

    /// A sample from -1 to 1 as 16 bits: times 32768, rounded to the nearest, clamped to the 16-bit
    /// range; NaN is 0. The inverse of ``PCMSound/init(int16:sampleRate:)``.
    package static func sample(_ value: Float) -> Int16 {
        guard !value.isNaN else { return 0 }
        let scaled = (value * 32768).rounded()
        if scaled >= 32767 { return .max }
        if scaled <= -32768 { return .min }
        return Int16(scaled)
    }

    /// ``spacing`` in samples at `sampleRate`.
    static func strideSamples(sampleRate: Int) -> Int {
        Int((spacing * Double(sampleRate)).rounded())
    }

    /// Brings every sample of `mix` to at most ``ceilingSample`` in magnitude, touching only the
    /// neighbourhood of the samples that were louder.
    ///
    /// The reduction each over needs (1 − ceiling / |sample|) is spread backwards with the ``attack``
    /// time constant and forwards with the ``release`` one, taking the largest at every sample: a
    /// look-ahead limiter computed in two passes, which never lets a sample through above the ceiling.
    ///
    /// - Complexity: O(*n*).
    static func limit(_ mix: inout [Float], sampleRate: Int) {
        let most = Float(ceilingSample) / 32768
        guard mix.contains(where: { abs($0) > most }) else { return }
        var reduction = mix.map { abs($0) > most ? 1 - most / abs($0) : 0 }
        let attackFactor = Float(exp(-1 / (attack * Double(sampleRate))))
        let releaseFactor = Float(exp(-1 / (release * Double(sampleRate))))
        var carried: Float = 0
        for index in reduction.indices.reversed() {
            carried = max(reduction[index], carried * attackFactor)
            if carried < negligible { carried = 0 }
            reduction[index] = carried
        }
        carried = 0
        for index in reduction.indices {
            carried = max(reduction[index], carried * releaseFactor)
            if carried < negligible { carried = 0 }
            reduction[index] = carried
        }
        for index in mix.indices {
            let lowered = reduction[index] > 0 ? mix[index] * (1 - reduction[index]) : mix[index]
            // Rounding (or a need below `negligible`) may leave a hair above the ceiling; the clamp takes
            // it off, and leaves every sample under the ceiling as it is.
            mix[index] = min(most, max(-most, lowered))
        }
    }
}
