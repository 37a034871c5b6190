import Foundation

/// Measurements for the breathing cue (issue 48), written independently of its synthesizer: where its
/// level dips (the tone's mark of each phase change), where a tick starts, the pitch of a stretch (the
/// FFT's strongest bin, refined), and the power at one frequency (Goertzel).
extension SoundMeasure {
    /// The times, in seconds from `samples`' start, of the dips of the level: the 10 ms level (one every
    /// millisecond) at its lowest within ±`span` seconds and at least `depth` dB under its highest within
    /// ±1.5 `span`. A level that only rises or falls has none; a hold's flat level has none.
    package static func dips(_ samples: [Float], sampleRate: Int, depth: Double = 3, span: Double = 0.1) -> [Double] {
        let window = 0.01
        let levels = levels(samples, sampleRate: sampleRate, window: window, step: 0.001)
        // levels(…) steps by whole samples: 44 at 44.1 kHz, not quite a millisecond.
        let hop = max(1, Int(0.001 * Double(sampleRate)))
        let step = Double(hop) / Double(sampleRate)
        let near = Int(span / step), far = Int(1.5 * span / step)
        var found: [Double] = []
        var index = near
        while index < levels.count - near {
            let value = levels[index]
            let around = levels[(index - near)...(index + near)]
            if value.isFinite, value <= around.min()!,
               levels[max(0, index - far)...min(levels.count - 1, index + far)].max()! - value >= depth {
                // A flat bottom: its middle.
                var last = index
                while last + 1 < levels.count, levels[last + 1] == value { last += 1 }
                found.append((Double(index + last) / 2 * step) + Double(Int(window * Double(sampleRate))) / Double(sampleRate) / 2)
                index = last + near
            } else {
                index += 1
            }
        }
        return found
    }

    /// The times, in seconds, at which `samples` first exceed `threshold` after at least `gap` seconds
    /// at or under it (or from the start): where each tick begins.
    package static func onsets(_ samples: [Float], sampleRate: Int, threshold: Float, gap: Double = 0.3) -> [Double] {
        let quiet = Int(gap * Double(sampleRate))
        var found: [Double] = []
        var lastLoud = -quiet - 1
        for index in samples.indices where abs(samples[index]) > threshold {
            if index - lastLoud > quiet { found.append(Double(index) / Double(sampleRate)) }
            lastLoud = index
        }
        return found
    }

    /// The pitch of `samples[start ..< start + count]` in Hz: the strongest bin of its Hann-windowed
    /// spectrum (zero-padded to 32,768 points) between `low` and `high`, refined by the parabola through
    /// it and its neighbours (in dB).
    package static func pitch(_ samples: [Float], sampleRate: Int, start: Int, count: Int, low: Double = 50, high: Double = 5000) -> Double {
        let (power, width) = spectrum(samples, sampleRate: sampleRate, start: start, count: count, size: 32_768)
        let from = max(1, Int(low / width)), to = min(power.count - 2, Int(high / width))
        guard from < to else { return 0 }
        let peak = (from...to).max { power[$0] < power[$1] }!
        let (a, b, c) = (10 * log10(power[peak - 1] + 1e-300), 10 * log10(power[peak] + 1e-300), 10 * log10(power[peak + 1] + 1e-300))
        let denominator = a - 2 * b + c
        let offset = denominator == 0 ? 0 : 0.5 * (a - c) / denominator
        return (Double(peak) + offset) * width
    }

    /// The mean power of `samples[range]` at `frequency` (Goertzel), as a level in dB: a sine of
    /// amplitude *A* at that frequency reads 20 log10(*A* / √2) as ``level(_:_:)`` does.
    package static func goertzel(_ samples: [Float], _ range: Range<Int>, frequency: Double, sampleRate: Int) -> Double {
        let range = range.clamped(to: samples.indices)
        guard !range.isEmpty else { return -.infinity }
        let omega = 2 * Double.pi * frequency / Double(sampleRate)
        let coefficient = 2 * cos(omega)
        var (s1, s2) = (0.0, 0.0)
        for index in range {
            let s = Double(samples[index]) + coefficient * s1 - s2
            (s2, s1) = (s1, s)
        }
        let power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
        let n = Double(range.count)
        // |X|² = (A n / 2)²: the mean square of the sine is A² / 2 = 2 |X|² / n².
        return decibels(meanSquare: 2 * power / (n * n))
    }
}

extension SoundMeasure {
    /// The left channel of interleaved 16-bit stereo, as samples from −1 to 1.
    package static func left(_ interleaved: [Int16]) -> [Float] {
        var out = [Float](repeating: 0, count: interleaved.count / 2)
        for index in out.indices { out[index] = Float(interleaved[2 * index]) / 32768 }
        return out
    }

    /// The largest magnitude of interleaved 16-bit samples, and how many sit at the ends of the range.
    package static func peak(_ interleaved: [Int16]) -> (peak: Int, pinned: Int) {
        var most = 0, pinned = 0
        for sample in interleaved {
            let magnitude = abs(Int(sample))
            most = max(most, magnitude)
            if sample == .max || sample == .min { pinned += 1 }
        }
        return (most, pinned)
    }
}
