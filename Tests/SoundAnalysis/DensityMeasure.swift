import Foundation

/// Measurements of how events made by chance vary in number and kind, from the samples alone (issue 49):
/// whether a stream's bubbles come more densely at some moments than a steady rate would make them, and
/// what each of rain's drops sounds like (the pitch it rings at, how loud it lands).
package enum DensityMeasure {
    /// `samples` through a steep low-pass at `frequency`: four second-order Butterworth sections (RBJ's
    /// cookbook, Q 1/√2), the mirror of ``SoundMeasure/highPassed(_:sampleRate:frequency:)``.
    package static func lowPassed(_ samples: [Float], sampleRate: Int, frequency: Double) -> [Float] {
        SoundMeasure.steep(samples, sampleRate: sampleRate, frequency: frequency, highPass: false)
    }

    /// The energy of `samples` between `low` and `high` Hz (steep filters at both) in each whole
    /// `seconds`, in dB.
    package static func bandLevels(_ samples: [Float], sampleRate: Int, low: Double, high: Double, seconds: Double) -> [Double] {
        let band = lowPassed(SoundMeasure.highPassed(samples, sampleRate: sampleRate, frequency: low),
                             sampleRate: sampleRate, frequency: high)
        let size = Int(seconds * Double(sampleRate))
        guard size > 0 else { return [] }
        return stride(from: 0, through: band.count - size, by: size).map { start in
            SoundMeasure.decibels(meanSquare: band[start..<(start + size)].reduce(0.0) { $0 + Double($1) * Double($1) })
        }
    }

    /// What a straight line in `explanatory` leaves of `values` (the same count): the residuals of the
    /// least-squares fit.
    package static func residuals(_ values: [Double], after explanatory: [Double]) -> [Double] {
        let n = Double(min(values.count, explanatory.count))
        guard n > 1 else { return values }
        let pairs = zip(explanatory, values)
        let mx = pairs.reduce(0) { $0 + $1.0 } / n, my = pairs.reduce(0) { $0 + $1.1 } / n
        let sxy = pairs.reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let sxx = pairs.reduce(0) { $0 + ($1.0 - mx) * ($1.0 - mx) }
        let slope = sxx > 0 ? sxy / sxx : 0
        return pairs.map { $0.1 - my - slope * ($0.0 - mx) }
    }

    /// One event heard after its onset: the pitch of the strongest peak of its spectrum, how far that
    /// peak stands over the median of the band it is sought in (a ring stands far over; a burst of
    /// noise does not), and how loud the event lands (the louder of its first two 2 ms frames, dB).
    package struct Ring: Sendable {
        package let hertz: Double
        package let prominence: Double
        package let level: Double
    }

    /// What each event of `onsets` (sample indices into `samples`, a sound already high-passed under the
    /// band) rings at: the power spectrum (Hann window, zero-padded to 4,096 points: 10.8 Hz bins at
    /// 44.1 kHz) of the `length` seconds from `delay` after the onset, its strongest bin between `low` and
    /// `high` Hz.
    package static func rings(_ samples: [Float], onsets: [Int], sampleRate: Int, delay: Double = 0.002,
                              length: Double = 0.010, low: Double, high: Double) -> [Ring] {
        let rate = Double(sampleRate)
        let (offset, count, frame) = (Int(delay * rate), Int(length * rate), Int(DropsMeasure.frame * rate))
        return onsets.compactMap { onset in
            let start = onset + offset
            guard onset >= 0, start + count <= samples.count, onset + 2 * frame <= samples.count else { return nil }
            let spectrum = SoundMeasure.spectrum(samples, sampleRate: sampleRate, start: start, count: count, size: 4_096)
            let bins = Int((low / spectrum.binWidth).rounded(.up))...Int(high / spectrum.binWidth)
            let band = bins.map { spectrum.power[$0] }
            guard let strongest = bins.max(by: { spectrum.power[$0] < spectrum.power[$1] }) else { return nil }
            let median = band.sorted()[band.count / 2]
            let energies = (0..<2).map { part in
                samples[(onset + part * frame)..<(onset + (part + 1) * frame)].reduce(0.0) { $0 + Double($1) * Double($1) }
            }
            return Ring(hertz: Double(strongest) * spectrum.binWidth,
                        prominence: SoundMeasure.decibels(meanSquare: spectrum.power[strongest] / max(median, 1e-300)),
                        level: SoundMeasure.decibels(meanSquare: energies.max() ?? 0))
        }
    }
}
