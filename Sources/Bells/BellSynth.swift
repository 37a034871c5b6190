#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import ProfileKit

/// Synthesizes the catalog's bells: each is a sum of partials (sine waves at ratios of a fundamental),
/// each with its own exponential decay, after a short linear attack. No recorded sound is used.
package enum BellSynth {
    /// Samples per second of every bell.
    package static let sampleRate = 44_100
    /// The loudest sample, as a fraction of full scale.
    static let peak = 0.8
    /// Changes whenever a bell's sound changes, so cached files are never stale.
    package static let version = 1

    /// One sine component of a bell.
    struct Partial {
        /// Frequency as a multiple of the fundamental.
        let ratio: Double
        /// Starting amplitude, relative to the other partials.
        let amplitude: Double
        /// Time constant of the decay in seconds: the partial falls to 1/e after this long.
        let decay: Double
    }

    /// How a bell is built.
    struct Voice {
        let fundamental: Double
        let partials: [Partial]
        /// Length of the linear fade-in, in seconds; a strike is a few milliseconds, a gong swells.
        let attack: Double
        /// Length of the sound in seconds.
        let length: Double
    }

    static func voice(for bell: Bell) -> Voice {
        switch bell {
        case .singingBowl:
            // A struck bowl: strongly inharmonic modes, the first two beating slowly.
            Voice(fundamental: 220, partials: [
                Partial(ratio: 1.000, amplitude: 1.00, decay: 3.2),
                Partial(ratio: 1.004, amplitude: 0.45, decay: 3.0),
                Partial(ratio: 2.760, amplitude: 0.50, decay: 2.0),
                Partial(ratio: 5.400, amplitude: 0.22, decay: 1.1),
                Partial(ratio: 8.930, amplitude: 0.10, decay: 0.6),
            ], attack: 0.004, length: 8)
        case .templeBell:
            // A cast bell's hum, prime, tierce, quint and nominal.
            Voice(fundamental: 262, partials: [
                Partial(ratio: 0.500, amplitude: 0.70, decay: 3.0),
                Partial(ratio: 1.000, amplitude: 1.00, decay: 2.2),
                Partial(ratio: 1.183, amplitude: 0.55, decay: 1.6),
                Partial(ratio: 1.506, amplitude: 0.35, decay: 1.2),
                Partial(ratio: 2.000, amplitude: 0.60, decay: 1.0),
                Partial(ratio: 2.514, amplitude: 0.20, decay: 0.6),
            ], attack: 0.003, length: 7)
        case .gong:
            // Many close inharmonic modes that swell in.
            Voice(fundamental: 98, partials: [
                Partial(ratio: 1.000, amplitude: 1.00, decay: 3.5),
                Partial(ratio: 1.470, amplitude: 0.70, decay: 3.0),
                Partial(ratio: 2.090, amplitude: 0.55, decay: 2.4),
                Partial(ratio: 2.560, amplitude: 0.40, decay: 2.0),
                Partial(ratio: 3.190, amplitude: 0.30, decay: 1.5),
                Partial(ratio: 3.970, amplitude: 0.20, decay: 1.1),
            ], attack: 0.040, length: 7)
        case .tingsha:
            // Two small cymbals a little out of tune, so they shimmer.
            Voice(fundamental: 1_400, partials: [
                Partial(ratio: 1.000, amplitude: 1.00, decay: 1.4),
                Partial(ratio: 1.009, amplitude: 0.90, decay: 1.4),
                Partial(ratio: 2.710, amplitude: 0.35, decay: 0.7),
                Partial(ratio: 4.920, amplitude: 0.15, decay: 0.35),
            ], attack: 0.002, length: 4)
        case .woodBlock:
            // A hollow knock: gone in a tenth of a second.
            Voice(fundamental: 820, partials: [
                Partial(ratio: 1.000, amplitude: 1.00, decay: 0.045),
                Partial(ratio: 2.290, amplitude: 0.50, decay: 0.025),
                Partial(ratio: 3.870, amplitude: 0.25, decay: 0.015),
            ], attack: 0.001, length: 0.5)
        }
    }

    /// The bell as 16-bit samples at ``sampleRate``, its loudest sample at 80 % of full scale.
    package static func samples(for bell: Bell) -> [Int16] {
        let voice = voice(for: bell)
        let count = Int(voice.length * Double(sampleRate))
        let attackSamples = max(1, Int(voice.attack * Double(sampleRate)))
        var mix = [Double](repeating: 0, count: count)
        for partial in voice.partials {
            // Each partial is a rotating phasor multiplied by a per-sample decay factor: one complex
            // multiplication per sample instead of a sine and an exponential.
            let omega = 2 * Double.pi * voice.fundamental * partial.ratio / Double(sampleRate)
            let damping = exp(-1 / (partial.decay * Double(sampleRate)))
            let stepCos = cos(omega) * damping, stepSin = sin(omega) * damping
            var re = partial.amplitude, im = 0.0
            for index in 0..<count {
                mix[index] += im
                (re, im) = (re * stepCos - im * stepSin, re * stepSin + im * stepCos)
            }
        }
        for index in 0..<min(attackSamples, count) { mix[index] *= Double(index) / Double(attackSamples) }
        // The last 20 ms fade to silence so that the sound never ends on a click.
        let fade = min(count, sampleRate / 50)
        for index in 0..<fade { mix[count - 1 - index] *= Double(index) / Double(fade) }
        let loudest = mix.reduce(0) { max($0, abs($1)) }
        let scale = loudest > 0 ? peak * Double(Int16.max) / loudest : 0
        return mix.map { Int16(($0 * scale).rounded()) }
    }

    /// The bell as a WAV file: RIFF, PCM, mono, 16-bit, ``sampleRate`` Hz.
    package static func wav(for bell: Bell) -> [UInt8] {
        WAV.encode(samples(for: bell), sampleRate: sampleRate)
    }

    /// The file name a bell is exported as: `singing-bowl.wav`.
    package static func fileName(for bell: Bell) -> String {
        bell.rawValue.lowercased().replacingSpaces(with: "-") + ".wav"
    }
}

/// The WAV container for 16-bit mono PCM.
package enum WAV {
    /// The 44-byte header followed by the samples, little-endian.
    package static func encode(_ samples: [Int16], sampleRate: Int) -> [UInt8] {
        let dataSize = samples.count * 2
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + dataSize)
        func append32(_ value: Int) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) } }
        func append16(_ value: Int) { bytes.append(UInt8(truncatingIfNeeded: value)); bytes.append(UInt8(truncatingIfNeeded: value >> 8)) }
        bytes += Array("RIFF".utf8); append32(36 + dataSize); bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8); append32(16)
        append16(1)                 // PCM
        append16(1)                 // mono
        append32(sampleRate)
        append32(sampleRate * 2)    // bytes per second
        append16(2)                 // bytes per frame
        append16(16)                // bits per sample
        bytes += Array("data".utf8); append32(dataSize)
        for sample in samples { append16(Int(sample)) }
        return bytes
    }
}

extension String {
    func replacingSpaces(with separator: String) -> String {
        split(separator: " ").joined(separator: separator)
    }
}
