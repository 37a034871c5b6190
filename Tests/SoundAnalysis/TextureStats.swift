import Foundation

/// What the soundscape tests measure of a long stereo sound, taken block by block as it is made, so that
/// twenty minutes (53 million frames a channel) are measured without being kept (issue 49):
///
/// - the loudness envelope: K-weighted mean square of both channels over each 100 ms (BS.1770-4's
///   weighting and channel sum, ITU-R BS.1770-4 (10/2015) equations (1)–(2)), in dB;
/// - the integrated loudness, gated as BS.1770-4 section 2.8 gates it, from those 100 ms sub-blocks (a
///   400 ms block every 100 ms is four consecutive sub-blocks);
/// - the correlation of the two channels (Pearson, over every sample);
/// - the largest one-sample step |x[n+1] − x[n]| of either channel, and the distribution of |x| to read
///   its percentiles (a histogram of the float's exponent and the top 6 bits of its mantissa: 64 bins an
///   octave, each at most 1.6% wide).
///
/// K-weighting here is written apart from the synthesis's (`Loudness`): the same analogue prototypes
/// (a high shelf at 1681.97 Hz, +4.0 dB, Q 0.7072; a high-pass at 38.135 Hz, Q 0.5003, as libebur128
/// derives them from BS.1770-4 Tables 1 and 2) mapped to the rate by the bilinear transform.
package struct TextureStats {
    package let sampleRate: Int
    /// 100 ms mean squares (K-weighted, both channels summed), one per whole 100 ms.
    package private(set) var envelopePower: [Double] = []
    package private(set) var frames = 0
    package private(set) var largestStep: Float = 0
    /// Where the largest step is, in seconds.
    package private(set) var largestStepAt = 0.0

    private var left: KWeighting, right: KWeighting
    private var blockSum = 0.0, blockFrames = 0
    private let blockLength: Int
    private var sums = (l: 0.0, r: 0.0, ll: 0.0, rr: 0.0, lr: 0.0)
    private var last: (Float, Float)?
    private var histogram = [Int](repeating: 0, count: TextureStats.bins)

    /// Every bin a Float's magnitude below 2 can fall in: 8 bits of exponent and 6 of mantissa.
    static let bins = 1 << 14

    package init(sampleRate: Int) {
        self.sampleRate = sampleRate
        left = KWeighting(sampleRate: sampleRate)
        right = KWeighting(sampleRate: sampleRate)
        blockLength = sampleRate / 10
    }

    /// Takes the next `count` frames of `l` and `r` (from index 0).
    package mutating func add(left l: [Float], right r: [Float], count: Int) {
        for index in 0..<count {
            let (a, b) = (l[index], r[index])
            let (kl, kr) = (left.next(Double(a)), right.next(Double(b)))
            blockSum += kl * kl + kr * kr
            blockFrames += 1
            if blockFrames == blockLength {
                envelopePower.append(blockSum / Double(blockLength))
                (blockSum, blockFrames) = (0, 0)
            }
            let (x, y) = (Double(a), Double(b))
            sums.l += x; sums.r += y; sums.ll += x * x; sums.rr += y * y; sums.lr += x * y
            if let (pa, pb) = last {
                let step = max(abs(a - pa), abs(b - pb))
                if step > largestStep { (largestStep, largestStepAt) = (step, Double(frames + index) / Double(sampleRate)) }
            }
            last = (a, b)
            histogram[Self.bin(a)] += 1
            histogram[Self.bin(b)] += 1
        }
        frames += count
    }

    /// The bin of |value|: its bits without the sign, shifted to keep the exponent and the top 6 bits of
    /// the mantissa (bins in the order of the magnitudes, 64 an octave); no logarithm a sample.
    @inline(__always)
    static func bin(_ value: Float) -> Int {
        min(bins - 1, Int((value.bitPattern & 0x7FFF_FFFF) >> 17))
    }

    /// The largest magnitude bin `bin` holds.
    static func upperEdge(_ bin: Int) -> Float {
        Float(bitPattern: UInt32(bin + 1) << 17)
    }

    /// The envelope in dB (10 log10 of each 100 ms mean square; −200 for silence).
    package var envelope: [Double] { envelopePower.map { $0 > 0 ? 10 * log10($0) : -200 } }

    /// The Pearson correlation of the envelope (dB) with itself `lag` blocks (100 ms each) later.
    package func selfCorrelation(lag: Int) -> Double {
        Self.selfCorrelation(envelope, lag: lag)
    }

    /// The largest self-correlation of the envelope at any lag from `from` to `to` seconds, and where.
    package func largestSelfCorrelation(from: Double, to: Double) -> (correlation: Double, seconds: Double) {
        let values = envelope
        var worst = (correlation: -Double.infinity, seconds: 0.0)
        for lag in Int((from * 10).rounded())...Int((to * 10).rounded()) where lag < values.count - 10 {
            let correlation = Self.selfCorrelation(values, lag: lag)
            if correlation > worst.correlation { worst = (correlation, Double(lag) / 10) }
        }
        return worst
    }

    /// Pearson's correlation of `values[0..<n−lag]` with `values[lag..<n]`.
    package static func selfCorrelation(_ values: [Double], lag: Int) -> Double {
        let n = values.count - lag
        guard n > 1 else { return 0 }
        var (sx, sy, sxx, syy, sxy) = (0.0, 0.0, 0.0, 0.0, 0.0)
        for index in 0..<n {
            let (x, y) = (values[index], values[index + lag])
            sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y
        }
        let count = Double(n)
        let cov = sxy / count - sx / count * sy / count
        let vx = sxx / count - sx / count * sx / count, vy = syy / count - sy / count * sy / count
        guard vx > 0, vy > 0 else { return 1 }
        return cov / (vx * vy).squareRoot()
    }

    /// The integrated loudness in LUFS, gated as BS.1770-4 (2.8): 400 ms blocks every 100 ms above −70
    /// LUFS, then those within 10 LU of their mean, averaged as powers.
    package var integratedLoudness: Double {
        let powers = envelopePower
        guard powers.count >= 4 else { return -.infinity }
        let blocks = Self.blocks(powers)
        func loudness(_ power: Double) -> Double { power > 0 ? -0.691 + 10 * log10(power) : -.infinity }
        let absolute = blocks.filter { loudness($0) > -70 }
        guard !absolute.isEmpty else { return -.infinity }
        let relative = loudness(absolute.reduce(0, +) / Double(absolute.count)) - 10
        let kept = absolute.filter { loudness($0) > relative }
        return loudness(kept.reduce(0, +) / Double(kept.count))
    }

    /// The loudest 400 ms block, in LUFS (the momentary loudness's maximum, on the 100 ms grid).
    package var loudestMomentary: Double {
        let powers = envelopePower
        guard powers.count >= 4 else { return -.infinity }
        let most = Self.blocks(powers).max() ?? 0
        return most > 0 ? -0.691 + 10 * log10(most) : -.infinity
    }

    /// The 400 ms blocks' mean squares, every 100 ms: four consecutive sub-blocks each.
    static func blocks(_ powers: [Double]) -> [Double] {
        guard powers.count >= 4 else { return [] }
        var blocks: [Double] = []
        blocks.reserveCapacity(powers.count - 3)
        for start in 0...(powers.count - 4) {
            let sum: Double = powers[start] + powers[start + 1] + powers[start + 2] + powers[start + 3]
            blocks.append(sum / 4)
        }
        return blocks
    }

    /// The correlation of the two channels.
    package var channelCorrelation: Double {
        let n = Double(max(1, frames))
        let cov = sums.lr / n - sums.l / n * sums.r / n
        let vl = sums.ll / n - sums.l / n * sums.l / n, vr = sums.rr / n - sums.r / n * sums.r / n
        return vl > 0 && vr > 0 ? cov / (vl * vr).squareRoot() : 1
    }

    /// The value of |x| below which `fraction` of both channels' samples lie (to 1.6%: the upper edge of
    /// its bin).
    package func percentile(_ fraction: Double) -> Float {
        let wanted = Int((Double(2 * frames) * fraction).rounded(.up))
        var seen = 0
        for (bin, count) in histogram.enumerated() {
            seen += count
            if seen >= wanted { return Self.upperEdge(bin) }
        }
        return 2
    }

    /// Renders `seconds` with `render` (which fills its two arrays' first `count` frames) in blocks of
    /// `block` frames, measuring as it goes.
    package static func measure(seconds: Double, sampleRate: Int, block: Int = 1_024,
                                _ render: (_ count: Int, _ left: inout [Float], _ right: inout [Float]) -> Void) -> TextureStats {
        var stats = TextureStats(sampleRate: sampleRate)
        var (l, r) = ([Float](repeating: 0, count: block), [Float](repeating: 0, count: block))
        var left = Int(seconds * Double(sampleRate))
        while left > 0 {
            let count = min(block, left)
            render(count, &l, &r)
            stats.add(left: l, right: r, count: count)
            left -= count
        }
        return stats
    }
}

/// BS.1770-4's K-weighting, a sample at a time: the shelf, then the high-pass.
private struct KWeighting {
    var shelf: (b0: Double, b1: Double, b2: Double, a1: Double, a2: Double)
    var highPass: (b0: Double, b1: Double, b2: Double, a1: Double, a2: Double)
    var s1 = (0.0, 0.0, 0.0, 0.0), s2 = (0.0, 0.0, 0.0, 0.0)

    init(sampleRate: Int) {
        let rate = Double(sampleRate)
        var k = tan(Double.pi * 1681.974450955533 / rate)
        let q = 0.7071752369554196
        let vh = pow(10, 3.999843853973347 / 20)
        let vb = pow(vh, 0.4996667741545416)
        var a0 = 1 + k / q + k * k
        shelf = ((vh + vb * k / q + k * k) / a0, 2 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0,
                 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0)
        k = tan(Double.pi * 38.13547087602444 / rate)
        let q2 = 0.5003270373238773
        a0 = 1 + k / q2 + k * k
        highPass = (1, -2, 1, 2 * (k * k - 1) / a0, (1 - k / q2 + k * k) / a0)
    }

    mutating func next(_ x: Double) -> Double {
        let y = shelf.b0 * x + shelf.b1 * s1.0 + shelf.b2 * s1.1 - shelf.a1 * s1.2 - shelf.a2 * s1.3
        s1 = (x, s1.0, y, s1.2)
        let z = highPass.b0 * y + highPass.b1 * s2.0 + highPass.b2 * s2.1 - highPass.a1 * s2.2 - highPass.a2 * s2.3
        s2 = (y, s2.0, z, s2.2)
        return z
    }
}
