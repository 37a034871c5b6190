import RealModule

/// Loudness as ITU-R BS.1770-4 measures it for one channel: K-weighting, then the mean square over
/// 400 ms (momentary loudness), in LUFS.
///
/// The bells are matched by the loudest momentary loudness of each, so that they sound equally loud
/// rather than peak equally high.
package enum Loudness {
    /// −0.691 in L = −0.691 + 10 log10(mean square): the constant of BS.1770-4 equation (2), which makes
    /// a 997 Hz sine at 0 dBFS read −3.01 LUFS.
    static let offset = -0.691
    /// The momentary window of BS.1770-4 (and EBU Tech 3341): 400 ms.
    package static let momentaryWindow = 0.4

    /// A second-order IIR section, `y = b0 x + b1 x1 + b2 x2 − a1 y1 − a2 y2`.
    package struct Biquad: Equatable, Sendable {
        package var b0, b1, b2, a1, a2: Double

        /// Runs `samples` through the section, from rest.
        ///
        /// - Complexity: O(*n*).
        func filter(_ samples: inout [Double]) {
            var (x1, x2, y1, y2) = (0.0, 0.0, 0.0, 0.0)
            for index in samples.indices {
                let x = samples[index]
                let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
                (x2, x1, y2, y1) = (x1, x, y1, y)
                samples[index] = y
            }
        }
    }

    /// The two stages of the K-weighting filter at `sampleRate`: a high shelf (+4 dB above about 1.7 kHz,
    /// the head's effect) and a high-pass (the RLB curve, about 38 Hz).
    ///
    /// BS.1770-4 gives the coefficients at 48 kHz only (Tables 1 and 2). These are the analogue
    /// prototypes behind them (centre frequency, Q and gain, as libebur128 derives them), mapped with the
    /// bilinear transform to any rate; at 48 kHz they give the standard's tables to 1e-12.
    package static func kWeighting(sampleRate: Int) -> (shelf: Biquad, highPass: Biquad) {
        let rate = Double(sampleRate)
        var k = Double.tan(Double.pi * 1681.974450955533 / rate)
        let q = 0.7071752369554196
        let vh = Double.pow(10, 3.999843853973347 / 20)
        let vb = Double.pow(vh, 0.4996667741545416)
        var a0 = 1 + k / q + k * k
        let shelf = Biquad(b0: (vh + vb * k / q + k * k) / a0, b1: 2 * (k * k - vh) / a0, b2: (vh - vb * k / q + k * k) / a0,
                           a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
        k = Double.tan(Double.pi * 38.13547087602444 / rate)
        let q2 = 0.5003270373238773
        a0 = 1 + k / q2 + k * k
        let highPass = Biquad(b0: 1, b1: -2, b2: 1, a1: 2 * (k * k - 1) / a0, a2: (1 - k / q2 + k * k) / a0)
        return (shelf, highPass)
    }

    /// `samples` through the K-weighting filter, starting from rest.
    ///
    /// - Complexity: O(*n*).
    package static func kWeighted(_ samples: [Float], sampleRate: Int) -> [Double] {
        let (shelf, highPass) = kWeighting(sampleRate: sampleRate)
        var out = samples.map(Double.init)
        shelf.filter(&out)
        highPass.filter(&out)
        return out
    }

    /// The loudest momentary loudness of `samples`, in LUFS: the most of −0.691 + 10 log10 of the
    /// K-weighted mean square over any 400 ms. A sound shorter than 400 ms is measured as if silence
    /// followed it; silence is −∞.
    ///
    /// - Complexity: O(*n*): a running sum of squares, every window position tried.
    package static func maxMomentary(_ samples: [Float], sampleRate: Int) -> Double {
        guard sampleRate > 0, !samples.isEmpty else { return -.infinity }
        let weighted = kWeighted(samples, sampleRate: sampleRate)
        let window = max(1, Int((momentaryWindow * Double(sampleRate)).rounded()))
        // Sums of squares over the window, kept exactly enough by subtracting what leaves it; a
        // Kahan-style correction is not needed at these lengths (a minute is 2.6 million samples).
        var sum = 0.0
        var most = 0.0
        for index in weighted.indices {
            sum += weighted[index] * weighted[index]
            if index >= window { sum -= weighted[index - window] * weighted[index - window] }
            most = max(most, sum)
        }
        guard most > 0 else { return -.infinity }
        return offset + 10 * Double.log10(most / Double(window))
    }

    // MARK: Several channels, over time

    /// The gating blocks of BS.1770-4 (2.8): 400 ms every 100 ms (75% overlap).
    package static let blockStep = 0.1

    /// The loudness of each 400 ms block, every 100 ms, of `channels` played together, in LUFS: BS.1770-4
    /// equation (2), −0.691 + 10 log10 of the sum over the channels of each K-weighted mean square (the
    /// left and right channels weigh 1 each). All channels have the length of the first.
    ///
    /// - Complexity: O(*n*) in the samples of all channels.
    package static func blocks(_ channels: [[Float]], sampleRate: Int) -> [Double] {
        guard sampleRate > 0, let count = channels.first?.count else { return [] }
        let window = max(1, Int((momentaryWindow * Double(sampleRate)).rounded()))
        let step = max(1, Int((blockStep * Double(sampleRate)).rounded()))
        guard count >= window else { return [] }
        var sums = [Double](repeating: 0, count: count + 1)
        for channel in channels {
            let weighted = kWeighted(channel, sampleRate: sampleRate)
            var running = 0.0
            for index in 0..<count {
                running += weighted[index] * weighted[index]
                sums[index + 1] += running
            }
        }
        return stride(from: 0, through: count - window, by: step).map { start in
            let power = max(0, sums[start + window] - sums[start]) / Double(window)
            return power > 0 ? offset + 10 * Double.log10(power) : -.infinity
        }
    }

    /// The integrated loudness of `channels` played together, in LUFS, as BS.1770-4 (2.8) gates it: the
    /// 400 ms blocks (``blocks(_:sampleRate:)``) above −70 LUFS, then those above their own mean
    /// loudness less 10 LU, averaged as powers. −∞ when no block passes.
    ///
    /// - Complexity: O(*n*) in the samples of all channels.
    package static func integrated(_ channels: [[Float]], sampleRate: Int) -> Double {
        func power(_ loudness: Double) -> Double { Double.pow(10, (loudness - offset) / 10) }
        func mean(_ blocks: [Double]) -> Double {
            blocks.isEmpty ? -.infinity : offset + 10 * Double.log10(blocks.reduce(0) { $0 + power($1) } / Double(blocks.count))
        }
        let absolute = blocks(channels, sampleRate: sampleRate).filter { $0 > -70 }
        let relative = mean(absolute) - 10
        return mean(absolute.filter { $0 > relative })
    }
}
