import Foundation

/// Measurements of a texture's slow shape, for the live soundscapes' own suites (issue 49): its level
/// and brightness over time, the swells of its level (the ocean's waves, the wind's gusts) found as
/// peaks, and the balance of its two channels.
package enum OceanMeasure {
    /// Levels in dB of `samples` over consecutive windows of `window` seconds.
    package static func levels(_ samples: [Float], sampleRate: Int, window: Double) -> [Double] {
        let size = max(1, Int(window * Double(sampleRate)))
        return stride(from: 0, through: samples.count - size, by: size).map { SoundMeasure.level(samples, $0..<($0 + size)) }
    }

    /// The loudness envelope in dB: the K-weighted mean square of both channels over each 100 ms
    /// (BS.1770-4's weighting, as ``TextureStats`` measures it).
    package static func loudness(left: [Float], right: [Float], sampleRate: Int) -> [Double] {
        var stats = TextureStats(sampleRate: sampleRate)
        stats.add(left: left, right: right, count: min(left.count, right.count))
        return stats.envelope
    }

    /// The moving average of `values` over `width` values (centred; shorter at the ends).
    package static func smoothed(_ values: [Double], width: Int) -> [Double] {
        let half = width / 2
        return values.indices.map { index in
            let range = max(0, index - half)..<min(values.count, index + half + 1)
            return values[range].reduce(0, +) / Double(range.count)
        }
    }

    /// The swells of `levels` (dB, one every `step` seconds): the indices of local maxima that are the
    /// highest within `apart` seconds either side and stand at least `prominence` dB above the lowest
    /// point between them and the swell before (the first against the start).
    package static func swells(_ levels: [Double], step: Double, apart: Double, prominence: Double) -> [Int] {
        let reach = max(1, Int(apart / step))
        var found: [Int] = []
        for index in levels.indices {
            let range = max(0, index - reach)..<min(levels.count, index + reach + 1)
            guard range.count == 2 * reach + 1, levels[range].max() == levels[index] else { continue }
            if let last = found.last, index - last <= reach { continue }
            let from = found.last ?? max(0, index - 3 * reach)
            let trough = levels[from...index].min() ?? levels[index]
            if levels[index] - trough >= prominence { found.append(index) }
        }
        return found
    }

    /// The mean and the coefficient of variation (standard deviation over mean) of `values`.
    package static func meanAndVariation(_ values: [Double]) -> (mean: Double, variation: Double) {
        let (mean, deviation) = meanAndDeviation(values)
        return (mean, deviation / mean)
    }

    package static func meanAndDeviation(_ values: [Double]) -> (mean: Double, deviation: Double) {
        guard !values.isEmpty else { return (.nan, .nan) }
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        return (mean, variance.squareRoot())
    }

    /// The spectral centroid in Hz (the power-weighted mean frequency) of consecutive windows of
    /// `window` seconds, each a Hann-windowed FFT of its first `size` samples: how bright the sound is.
    package static func centroids(_ samples: [Float], sampleRate: Int, window: Double, size: Int = 4_096) -> [Double] {
        let hop = max(1, Int(window * Double(sampleRate)))
        return stride(from: 0, through: samples.count - hop, by: hop).map { start in
            let spectrum = SoundMeasure.spectrum(samples, sampleRate: sampleRate, start: start, count: min(size, hop), size: size)
            var weighted = 0.0, total = 0.0
            for (index, power) in spectrum.power.enumerated() {
                weighted += Double(index) * spectrum.binWidth * power
                total += power
            }
            return total > 0 ? weighted / total : 0
        }
    }

    /// The balance of the channels in dB (left's level minus right's) over consecutive windows of
    /// `window` seconds.
    package static func balance(left: [Float], right: [Float], sampleRate: Int, window: Double) -> [Double] {
        zip(levels(left, sampleRate: sampleRate, window: window), levels(right, sampleRate: sampleRate, window: window)).map { $0 - $1 }
    }
}

/// Measurements of short events and tones in a texture (the fire's crackles, the wind's whistle).
package enum EventMeasure {
    /// The onsets of short events in `samples` above `frequency` Hz: 2 ms frames of the high-passed sound
    /// whose energy is over `factor` times the median of the 201 frames around them, where the frame
    /// before was not; with the peak level (dB) of each event (its loudest frame before it falls back).
    package static func onsets(_ samples: [Float], sampleRate: Int, above frequency: Double, factor: Double = 8) -> [(seconds: Double, decibels: Double)] {
        let high = SoundMeasure.highPassed(samples, sampleRate: sampleRate, frequency: frequency)
        let size = max(1, Int(0.002 * Double(sampleRate)))
        let energy = stride(from: 0, through: high.count - size, by: size).map { start in
            high[start..<(start + size)].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(size)
        }
        // The running median, over blocks of 50 frames (a 100 ms step), of the 201 frames around.
        var medians = [Double](repeating: 0, count: energy.count)
        for block in stride(from: 0, to: energy.count, by: 50) {
            let around = energy[max(0, block - 75)..<min(energy.count, block + 126)].sorted()
            for index in block..<min(energy.count, block + 50) { medians[index] = around[around.count / 2] }
        }
        var found: [(Double, Double)] = [], peak = -Double.infinity, inside = false
        for index in energy.indices {
            let above = energy[index] > factor * medians[index]
            if above && !inside { found.append((Double(index * size) / Double(sampleRate), 0)); peak = -.infinity }
            if above { peak = max(peak, SoundMeasure.decibels(meanSquare: energy[index])); found[found.count - 1].1 = peak }
            inside = above
        }
        return found
    }

    /// How tonal `samples[start..<start+count]` is between `low` and `high` Hz: the largest power of three
    /// adjacent bins (8,192-point spectrum) over the median power of three bins within 300 Hz of them, in
    /// dB, and where. Noise gives a few dB; a whistle over it, much more.
    package static func tonalPeak(_ samples: [Float], sampleRate: Int, start: Int, count: Int, low: Double, high: Double) -> (decibels: Double, frequency: Double) {
        let spectrum = SoundMeasure.spectrum(samples, sampleRate: sampleRate, start: start, count: count, size: 8_192)
        let power = spectrum.power, width = spectrum.binWidth
        let triple = power.indices.map { index in index == 0 || index == power.count - 1 ? power[index] : power[index - 1] + power[index] + power[index + 1] }
        let reach = Int(300 / width)
        var best = (decibels: -Double.infinity, frequency: 0.0)
        for index in max(reach, Int(low / width))...min(power.count - 1 - reach, Int(high / width)) {
            let around = triple[(index - reach)...(index + reach)].sorted()
            let ratio = 10 * log10(max(triple[index], 1e-300) / max(around[around.count / 2], 1e-300))
            if ratio > best.decibels { best = (ratio, Double(index) * width) }
        }
        return best
    }
}
