import Foundation

/// Measurements of a sound from its samples, written for the tests independently of the synthesizer:
/// levels over windows, a small FFT, a demodulating filter that follows one partial's envelope, a steep
/// high-pass, and the statistics of a texture (correlation, periodicity, transients, a linear predictor).
/// Its own target, compiled optimized in the debug build as the synthesis is (Package.swift): the tests
/// measure millions of samples, and at -Onone the measuring took most of the sound tests' time.
package enum SoundMeasure {
    /// dB of a mean square (full scale sine = −3 dB); −∞ for silence.
    package static func decibels(meanSquare: Double) -> Double {
        meanSquare > 0 ? 10 * log10(meanSquare) : -.infinity
    }

    /// Levels in dB (RMS re full scale) over `window` seconds, one every `step` seconds.
    package static func levels(_ samples: [Float], sampleRate: Int, window: Double = 0.05, step: Double = 0.005) -> [Double] {
        let size = Int(window * Double(sampleRate)), hop = max(1, Int(step * Double(sampleRate)))
        guard samples.count >= size, size > 0 else { return [] }
        var sums = [Double](repeating: 0, count: samples.count + 1)
        for index in samples.indices { sums[index + 1] = sums[index] + Double(samples[index]) * Double(samples[index]) }
        return stride(from: 0, through: samples.count - size, by: hop).map {
            decibels(meanSquare: max(0, sums[$0 + size] - sums[$0]) / Double(size))
        }
    }

    /// The level in dB of `samples[range]`.
    package static func level(_ samples: [Float], _ range: Range<Int>) -> Double {
        let range = range.clamped(to: samples.indices)
        guard !range.isEmpty else { return -.infinity }
        return decibels(meanSquare: samples[range].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(range.count))
    }

    /// The largest fall of the 50 ms level from one window to the window 50 ms later, anywhere, in dB.
    package static func largestStep(_ samples: [Float], sampleRate: Int) -> (decibels: Double, seconds: Double) {
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
    package static func fft(_ re: inout [Double], _ im: inout [Double]) {
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
    package static func spectrum(_ samples: [Float], sampleRate: Int, start: Int, count: Int, size: Int) -> (power: [Double], binWidth: Double) {
        var re = [Double](repeating: 0, count: size), im = [Double](repeating: 0, count: size)
        let count = min(count, size, max(0, samples.count - start))
        for index in 0..<count {
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(max(1, count - 1)))
            re[index] = Double(samples[start + index]) * window
        }
        fft(&re, &im)
        let power: [Double] = (0...(size / 2)).map { (bin: Int) -> Double in re[bin] * re[bin] + im[bin] * im[bin] }
        return (power, Double(sampleRate) / Double(size))
    }

    /// Local maxima of a spectrum, in Hz with their level in dB re the strongest, that stand at least
    /// `prominence` dB above the lowest point on either side within `neighbourhood` Hz, and no lower than
    /// `floor` dB: the partials.
    package static func peaks(_ spectrum: (power: [Double], binWidth: Double), floor: Double = -60, prominence: Double = 10,
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
    package static func envelope(_ samples: [Float], sampleRate: Int, frequency: Double, width: Double = 0.025,
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
    package static func line(_ values: [Double]) -> (slope: Double, intercept: Double) {
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
    package static func ripple(_ envelope: [Double], step: Double = 0.005) -> Double {
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
    package static func highPassed(_ samples: [Float], sampleRate: Int, frequency: Double) -> [Float] {
        steep(samples, sampleRate: sampleRate, frequency: frequency, highPass: true)
    }

    /// `samples` through four second-order Butterworth sections at `frequency` (RBJ's cookbook, Q 1/√2):
    /// a steep high-pass or low-pass.
    package static func steep(_ samples: [Float], sampleRate: Int, frequency: Double, highPass: Bool) -> [Float] {
        let omega = 2 * Double.pi * frequency / Double(sampleRate)
        let alpha = sin(omega) / (2 * 0.5.squareRoot()), c = cos(omega), a0 = 1 + alpha
        let b0 = highPass ? (1 + c) / 2 / a0 : (1 - c) / 2 / a0, b1 = highPass ? -(1 + c) / a0 : (1 - c) / a0
        let b2 = b0, a1 = -2 * c / a0, a2 = (1 - alpha) / a0
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

    // MARK: A texture's statistics

    /// The Pearson correlation of `a` and `b` (the same length).
    package static func correlation(_ a: [Float], _ b: [Float]) -> Double {
        let n = Double(a.count)
        let meanA = a.reduce(0.0) { $0 + Double($1) } / n, meanB = b.reduce(0.0) { $0 + Double($1) } / n
        var (ab, aa, bb) = (0.0, 0.0, 0.0)
        for index in a.indices {
            let (x, y) = (Double(a[index]) - meanA, Double(b[index]) - meanB)
            ab += x * y; aa += x * x; bb += y * y
        }
        return ab / (aa * bb).squareRoot()
    }

    /// Welch's average of Hann-windowed power spectra of `size` points, half overlapping.
    package static func averageSpectrum(_ samples: [Float], sampleRate: Int, size: Int = 4_096) -> (power: [Double], binWidth: Double) {
        var total = [Double](repeating: 0, count: size / 2 + 1)
        var count = 0, binWidth = 0.0
        for start in stride(from: 0, through: samples.count - size, by: size / 2) {
            let spectrum = spectrum(samples, sampleRate: sampleRate, start: start, count: size, size: size)
            for index in total.indices { total[index] += spectrum.power[index] }
            count += 1
            binWidth = spectrum.binWidth
        }
        return (total.map { $0 / Double(max(1, count)) }, binWidth)
    }

    /// The energy in dB of the octave band around `centre` (from centre/√2 to centre·√2).
    package static func bandLevel(_ spectrum: (power: [Double], binWidth: Double), centre: Double) -> Double {
        let low = centre / 2.0.squareRoot(), high = centre * 2.0.squareRoot()
        var energy = 0.0
        for index in spectrum.power.indices where Double(index) * spectrum.binWidth >= low && Double(index) * spectrum.binWidth < high {
            energy += spectrum.power[index]
        }
        return 10 * log10(max(energy, 1e-300))
    }

    /// The period of `values` (one every `step` seconds), read around the loop: the lag of the first
    /// peak of their circular autocorrelation (mean removed) after it has first gone negative, within
    /// `range` seconds.
    package static func dominantPeriod(_ values: [Double], step: Double, in range: ClosedRange<Double>) -> Double? {
        let mean = values.reduce(0, +) / Double(values.count)
        let centred = values.map { $0 - mean }
        func at(_ lag: Int) -> Double {
            var sum = 0.0
            for index in centred.indices { sum += centred[index] * centred[(index + lag) % centred.count] }
            return sum
        }
        let lags = 0...min(values.count - 1, Int(range.upperBound / step) + 1)
        let correlation = lags.map(at)
        guard let negative = correlation.firstIndex(where: { $0 < 0 }) else { return nil }
        let peak = (negative..<(correlation.count - 1)).first { (lag: Int) -> Bool in
            let here: Double = correlation[lag]
            return here >= correlation[lag - 1] && here > correlation[lag + 1]
        }
        return peak.map { Double($0) * step }.flatMap { range.contains($0) ? $0 : nil }
    }

    /// The value below which `fraction` of `values` lie (the nearest rank).
    package static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    /// The `fraction` percentile of the one-sample steps |x[n+1] − x[n]| inside `samples` (not across
    /// its ends).
    package static func stepPercentile(_ samples: [Float], _ fraction: Double) -> Float {
        var steps = [Float](repeating: 0, count: max(0, samples.count - 1))
        for index in steps.indices { steps[index] = abs(samples[index + 1] - samples[index]) }
        steps.sort()
        return steps[min(steps.count - 1, Int(Double(steps.count) * fraction))]
    }

    /// Transients a second: 5 ms frames of the sound above 2 kHz whose energy rises 6 dB over the median
    /// of the 101 frames around them, where the frame before did not.
    package static func transientsPerSecond(_ samples: [Float], sampleRate: Int) -> Double {
        let high = highPassed(samples, sampleRate: sampleRate, frequency: 2_000)
        let size = Int(0.005 * Double(sampleRate))
        let energy = stride(from: 0, through: high.count - size, by: size).map { start in
            high[start..<(start + size)].reduce(0.0) { $0 + Double($1) * Double($1) }
        }
        var onsets = 0, wasAbove = false
        for index in energy.indices {
            let around = energy[max(0, index - 50)..<min(energy.count, index + 51)].sorted()
            let above = energy[index] > 4 * around[around.count / 2]
            if above && !wasAbove { onsets += 1 }
            wasAbove = above
        }
        return Double(onsets) / (Double(samples.count) / Double(sampleRate))
    }

    // MARK: Prediction

    /// The coefficients a₁…aₚ of the order-`order` linear predictor of `x` (x[n] ≈ Σ aₖ x[n−k]), from its
    /// cyclic autocorrelation (the loop's end followed by its start) by the Levinson–Durbin recursion.
    package static func predictor(_ x: [Float], order: Int) -> [Double] {
        let n = x.count
        var r = [Double](repeating: 0, count: order + 1)
        x.withUnsafeBufferPointer { x in
            for lag in 0...order {
                var sum = 0.0
                for index in 0..<(n - lag) { sum += Double(x[index]) * Double(x[index + lag]) }
                for index in (n - lag)..<n { sum += Double(x[index]) * Double(x[index + lag - n]) }
                r[lag] = sum
            }
        }
        var a = [Double](repeating: 0, count: order + 1)
        var error = r[0]
        guard error > 0 else { return Array(a.dropFirst()) }
        for i in 1...order {
            var k = r[i]
            for j in 1..<i { k -= a[j] * r[i - j] }
            k /= error
            var next = a
            next[i] = k
            for j in 1..<i { next[j] = a[j] - k * a[i - j] }
            a = next
            error *= 1 - k * k
            if error <= 0 { break }
        }
        return Array(a.dropFirst())
    }

    /// The prediction error's energy in each window of `window` samples around the loop `x`, the first
    /// starting at the join (sample 0, predicted from the loop's last samples).
    package static func predictionErrorEnergies(_ x: [Float], predictor a: [Double], window: Int) -> [Double] {
        let n = x.count
        let p = a.count
        var energies: [Double] = []
        energies.reserveCapacity(n / window)
        x.withUnsafeBufferPointer { x in
            a.withUnsafeBufferPointer { a in
                for start in stride(from: 0, to: n - window + 1, by: window) {
                    var energy = 0.0
                    for index in start..<(start + window) {
                        var predicted = 0.0
                        for k in 1...p {
                            let past = index - k
                            predicted += a[k - 1] * Double(x[past >= 0 ? past : past + n])
                        }
                        let error = Double(x[index]) - predicted
                        energy += error * error
                    }
                    energies.append(energy)
                }
            }
        }
        return energies
    }
}
