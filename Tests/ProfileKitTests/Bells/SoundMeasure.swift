import Foundation

/// Measurements of a sound from its samples, written for the tests independently of the synthesizer:
/// levels over windows, a small FFT, a demodulating filter that follows one partial's envelope, and a
/// steep high-pass.
enum SoundMeasure {
    /// dB of a mean square (full scale sine = −3 dB); −∞ for silence.
    static func decibels(meanSquare: Double) -> Double {
        meanSquare > 0 ? 10 * log10(meanSquare) : -.infinity
    }

    /// Levels in dB (RMS re full scale) over `window` seconds, one every `step` seconds.
    static func levels(_ samples: [Float], sampleRate: Int, window: Double = 0.05, step: Double = 0.005) -> [Double] {
        let size = Int(window * Double(sampleRate)), hop = max(1, Int(step * Double(sampleRate)))
        guard samples.count >= size, size > 0 else { return [] }
        var sums = [Double](repeating: 0, count: samples.count + 1)
        for index in samples.indices { sums[index + 1] = sums[index] + Double(samples[index]) * Double(samples[index]) }
        return stride(from: 0, through: samples.count - size, by: hop).map {
            decibels(meanSquare: max(0, sums[$0 + size] - sums[$0]) / Double(size))
        }
    }

    /// The level in dB of `samples[range]`.
    static func level(_ samples: [Float], _ range: Range<Int>) -> Double {
        let range = range.clamped(to: samples.indices)
        guard !range.isEmpty else { return -.infinity }
        return decibels(meanSquare: samples[range].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(range.count))
    }

    /// The largest fall of the 50 ms level from one window to the window 50 ms later, anywhere, in dB.
    static func largestStep(_ samples: [Float], sampleRate: Int) -> (decibels: Double, seconds: Double) {
        let levels = levels(samples, sampleRate: sampleRate)
        let lag = 10  // 50 ms in 5 ms steps
        var worst = (decibels: 0.0, seconds: 0.0)
        for index in levels.indices.dropLast(lag) where levels[index] - levels[index + lag] > worst.decibels {
            worst = (levels[index] - levels[index + lag], Double(index) * 0.005)
        }
        return worst
    }

    // MARK: Spectra

    /// The radix-2 FFT of `re` + i `im`, in place; the count must be a power of two.
    static func fft(_ re: inout [Double], _ im: inout [Double]) {
        let n = re.count
        var j = 0
        for i in 1..<n {
            var bit = n >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j { re.swapAt(i, j); im.swapAt(i, j) }
        }
        var length = 2
        while length <= n {
            let angle = -2 * Double.pi / Double(length)
            let stepRe = cos(angle), stepIm = sin(angle)
            for start in stride(from: 0, to: n, by: length) {
                var wRe = 1.0, wIm = 0.0
                for k in 0..<(length / 2) {
                    let a = start + k, b = a + length / 2
                    let tRe = re[b] * wRe - im[b] * wIm, tIm = re[b] * wIm + im[b] * wRe
                    re[b] = re[a] - tRe; im[b] = im[a] - tIm
                    re[a] += tRe; im[a] += tIm
                    (wRe, wIm) = (wRe * stepRe - wIm * stepIm, wRe * stepIm + wIm * stepRe)
                }
            }
            length <<= 1
        }
    }

    /// The power spectrum of `samples[start...]` under a Hann window, zero-padded to `size` (a power of
    /// two): one value per bin, with the bin width.
    static func spectrum(_ samples: [Float], sampleRate: Int, start: Int, count: Int, size: Int) -> (power: [Double], binWidth: Double) {
        var re = [Double](repeating: 0, count: size), im = [Double](repeating: 0, count: size)
        let count = min(count, size, max(0, samples.count - start))
        for index in 0..<count {
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(max(1, count - 1)))
            re[index] = Double(samples[start + index]) * window
        }
        fft(&re, &im)
        return ((0...(size / 2)).map { re[$0] * re[$0] + im[$0] * im[$0] }, Double(sampleRate) / Double(size))
    }

    /// Local maxima of a spectrum, in Hz with their level in dB re the strongest, that stand at least
    /// `prominence` dB above the lowest point on either side within `neighbourhood` Hz, and no lower than
    /// `floor` dB: the partials.
    static func peaks(_ spectrum: (power: [Double], binWidth: Double), floor: Double = -60, prominence: Double = 10,
                      neighbourhood: Double = 40) -> [(frequency: Double, decibels: Double)] {
        let power = spectrum.power
        guard let strongest = power.max(), strongest > 0 else { return [] }
        let db = power.map { 10 * log10(max($0, 1e-300) / strongest) }
        let reach = max(2, Int(neighbourhood / spectrum.binWidth))
        var result: [(Double, Double)] = []
        for index in 1..<(db.count - 1) where db[index] >= db[index - 1] && db[index] > db[index + 1] && db[index] >= floor {
            let left = db[max(0, index - reach)..<index].min() ?? db[index]
            let right = db[(index + 1)...min(db.count - 1, index + reach)].min() ?? db[index]
            guard db[index] - max(left, right) >= prominence else { continue }
            // The true peak between bins, from a parabola through the three bins around it.
            let (a, b, c) = (db[index - 1], db[index], db[index + 1])
            let offset = (a - c) / (2 * (a - 2 * b + c))
            result.append(((Double(index) + (offset.isFinite ? offset : 0)) * spectrum.binWidth, db[index]))
        }
        return result
    }

    // MARK: Envelopes

    /// The envelope of the sound near `frequency`, in dB, one value per `step` seconds: the sound is
    /// shifted down by `frequency` (multiplied by e^(−iωt)) and averaged over two cascaded windows of
    /// `width` seconds, which keeps what is within about 1 / `width` Hz of it and rejects the rest.
    static func envelope(_ samples: [Float], sampleRate: Int, frequency: Double, width: Double = 0.025,
                         step: Double = 0.005) -> [Double] {
        let rate = Double(sampleRate)
        let omega = -2 * Double.pi * frequency / rate
        var re = [Double](repeating: 0, count: samples.count), im = re
        for index in samples.indices {
            re[index] = Double(samples[index]) * cos(omega * Double(index))
            im[index] = Double(samples[index]) * sin(omega * Double(index))
        }
        let size = max(1, Int(width * rate))
        func average(_ values: [Double]) -> [Double] {
            var sums = [Double](repeating: 0, count: values.count + 1)
            for index in values.indices { sums[index + 1] = sums[index] + values[index] }
            return (0..<max(0, values.count - size)).map { (sums[$0 + size] - sums[$0]) / Double(size) }
        }
        let (smoothRe, smoothIm) = (average(average(re)), average(average(im)))
        let hop = max(1, Int(step * rate))
        return stride(from: 0, to: smoothRe.count, by: hop).map { (index: Int) -> Double in
            let power: Double = smoothRe[index] * smoothRe[index] + smoothIm[index] * smoothIm[index]
            return 20 * log10(max(2 * power.squareRoot(), 1e-12))
        }
    }

    /// The least-squares line through `values` (y against index): slope and intercept.
    static func line(_ values: [Double]) -> (slope: Double, intercept: Double) {
        let n = Double(values.count)
        guard n > 1 else { return (0, values.first ?? 0) }
        let meanX = (n - 1) / 2, meanY = values.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0
        for (index, value) in values.enumerated() {
            sxy += (Double(index) - meanX) * (value - meanY)
            sxx += (Double(index) - meanX) * (Double(index) - meanX)
        }
        let slope = sxy / sxx
        return (slope, meanY - slope * meanX)
    }

    /// How much an envelope (dB, one value per `step` seconds) swings about its decay: the straight
    /// line of the decay is taken out, and the median over 2-second stretches of their highest less
    /// lowest point is the ripple.
    static func ripple(_ envelope: [Double], step: Double = 0.005) -> Double {
        let fit = line(envelope)
        let residual = envelope.enumerated().map { $0.element - (fit.intercept + fit.slope * Double($0.offset)) }
        let stretch = Int(2 / step)
        let swings = stride(from: 0, through: residual.count - stretch, by: stretch / 2).map { start in
            let part = residual[start..<(start + stretch)]
            return (part.max() ?? 0) - (part.min() ?? 0)
        }.sorted()
        return swings.isEmpty ? 0 : swings[swings.count / 2]
    }

    /// `samples` through a steep high-pass at `frequency`: four second-order Butterworth sections.
    static func highPassed(_ samples: [Float], sampleRate: Int, frequency: Double) -> [Float] {
        let omega = 2 * Double.pi * frequency / Double(sampleRate)
        let alpha = sin(omega) / (2 * 0.5.squareRoot()), c = cos(omega), a0 = 1 + alpha
        let b0 = (1 + c) / 2 / a0, b1 = -(1 + c) / a0, b2 = b0, a1 = -2 * c / a0, a2 = (1 - alpha) / a0
        var values = samples.map(Double.init)
        for _ in 0..<4 {
            var (x1, x2, y1, y2) = (0.0, 0.0, 0.0, 0.0)
            for index in values.indices {
                let x = values[index]
                let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
                (x2, x1, y2, y1) = (x1, x, y1, y)
                values[index] = y
            }
        }
        return values.map(Float.init)
    }
}
