import Foundation

/// Measurements of sounds made of many short events (a stream's bubbles, rain's drops), from their
/// samples: where each event starts, and how the pitch of one that rings moves as it rings (issue 49).
package enum DropsMeasure {
    /// Frames the onsets are found in, in seconds: 2 ms, shorter than a drop's impact and than all but
    /// the highest bubble's ring.
    package static let frame = 0.002

    /// Where events start, as sample indices into `samples`: the 2 ms frames of the sound above
    /// `highPass` Hz whose energy is over `rise` times the mean of the ten frames before (20 ms) and over
    /// `floor` times the median frame's, where the frame before was not. The first condition finds a
    /// sudden rise (noise rises so far in 2 ms about once in a million frames: a 2 ms frame of noise
    /// some kHz wide has tens of degrees of freedom); the second leaves out rises from near silence.
    package static func onsets(_ samples: [Float], sampleRate: Int, highPass: Double,
                               rise: Double = 4, floor: Double = 1) -> [Int] {
        let high = SoundMeasure.highPassed(samples, sampleRate: sampleRate, frequency: highPass)
        let size = Int(frame * Double(sampleRate))
        let energy = stride(from: 0, through: high.count - size, by: size).map { start in
            high[start..<(start + size)].reduce(0.0) { $0 + Double($1) * Double($1) }
        }
        guard energy.count > 11 else { return [] }
        let median = energy.sorted()[energy.count / 2]
        var found: [Int] = []
        var before = energy[0..<10].reduce(0, +), wasAbove = false
        for index in 10..<energy.count {
            let above = energy[index] > rise * before / 10 && energy[index] > floor * median
            if above && !wasAbove { found.append(index * size) }
            wasAbove = above
            before += energy[index] - energy[index - 10]
        }
        return found
    }

    /// The events a second in each `seconds`-long stretch of `onsets` (sample indices) over `count`
    /// samples.
    package static func rates(_ onsets: [Int], count: Int, sampleRate: Int, seconds: Double) -> [Double] {
        let length = Int(seconds * Double(sampleRate))
        guard length > 0 else { return [] }
        var counts = [Int](repeating: 0, count: count / length)
        for onset in onsets where onset / length < counts.count { counts[onset / length] += 1 }
        return counts.map { Double($0) / seconds }
    }

    /// The pitch of the ring that starts at `onset`, followed from period to period: from the loudest
    /// sample of the first 4 ms, each period between upward zero crossings (placed between samples by
    /// straight lines) while its largest |x| stays within `depth` dB of that loudest sample, for at most
    /// `longest` seconds. Returns (seconds after the first crossing, Hz) for each period.
    package static func pitchTrack(_ samples: [Float], onset: Int, sampleRate: Int, depth: Double = 20,
                                   longest: Double = 0.06, search: Double = 0.004) -> [(seconds: Double, hertz: Double)] {
        let rate = Double(sampleRate)
        let end = min(samples.count - 1, onset + Int(longest * rate))
        let search = min(end, onset + Int(search * rate))
        guard onset >= 0, search > onset else { return [] }
        let start = (onset..<search).max { abs(samples[$0]) < abs(samples[$1]) } ?? onset
        let least = Double(abs(samples[start])) * pow(10, -depth / 20)
        var crossings: [Double] = []
        var track: [(seconds: Double, hertz: Double)] = []
        var peak = 0.0
        for index in start..<end {
            let (a, b) = (Double(samples[index]), Double(samples[index + 1]))
            peak = max(peak, abs(a))
            guard a < 0, b >= 0 else { continue }
            let crossing = Double(index) + a / (a - b)
            if let last = crossings.last {
                guard peak >= least else { break }
                track.append(((last + crossing) / 2 / rate, rate / (crossing - last)))
            }
            crossings.append(crossing)
            peak = 0
        }
        guard let first = track.first?.seconds else { return [] }
        return track.map { ($0.seconds - first, $0.hertz) }
    }

    /// The pitch track of the ring at `onset` (``pitchTrack``) with the other rings around it filtered
    /// out: the ring's first three periods give its pitch, and the ring is followed again through a
    /// band-pass there (Q 3, the RBJ cookbook's, constant 0 dB peak). A pitch moving in the band is
    /// pulled a little towards the band's centre (the start), so a rise measured so is, if anything,
    /// too small; the rings of other bubbles, other pitches, are held down, and with them their
    /// crossings, which would otherwise make a ring seem to move as it fades among them.
    package static func bandPitchTrack(_ samples: [Float], onset: Int, sampleRate: Int, depth: Double = 20,
                                       longest: Double = 0.06) -> [(seconds: Double, hertz: Double)] {
        let raw = pitchTrack(samples, onset: onset, sampleRate: sampleRate, depth: depth, longest: longest)
        guard raw.count >= 3 else { return [] }
        let pitch = raw.prefix(3).reduce(0) { $0 + $1.hertz } / 3
        let end = min(samples.count, onset + Int(longest * Double(sampleRate)))
        let omega = 2 * Double.pi * pitch / Double(sampleRate)
        let alpha = sin(omega) / (2 * 3), a0 = 1 + alpha
        let (b0, b2, a1, a2) = (alpha / a0, -alpha / a0, -2 * cos(omega) / a0, (1 - alpha) / a0)
        var (x1, x2, y1, y2) = (0.0, 0.0, 0.0, 0.0)
        var filtered = [Float](repeating: 0, count: end - onset)
        for index in onset..<end {
            let x = Double(samples[index])
            let y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
            (x2, x1, y2, y1) = (x1, x, y1, y)
            filtered[index - onset] = Float(y)
        }
        // Its loudest sample comes later than the ring's (the band fills in a few periods).
        return pitchTrack(filtered, onset: 0, sampleRate: sampleRate, depth: depth, longest: longest, search: 0.006)
    }

    /// The least-squares line through `points`: the pitch at the first and the last point's time, as the
    /// line puts them (what a ring's pitch did, the wobble of single periods averaged out).
    package static func fittedEnds(_ points: [(seconds: Double, hertz: Double)]) -> (start: Double, end: Double) {
        let n = Double(points.count)
        guard points.count >= 2 else { return (.nan, .nan) }
        let mx = points.reduce(0) { $0 + $1.seconds } / n, my = points.reduce(0) { $0 + $1.hertz } / n
        let sxy = points.reduce(0) { $0 + ($1.seconds - mx) * ($1.hertz - my) }
        let sxx = points.reduce(0) { $0 + ($1.seconds - mx) * ($1.seconds - mx) }
        let slope = sxx > 0 ? sxy / sxx : 0
        let (first, last) = (points.first!.seconds, points.last!.seconds)
        return (my + slope * (first - mx), my + slope * (last - mx))
    }

    /// Pearson's correlation of `values` with themselves one place on.
    package static func lagOneCorrelation(_ values: [Double]) -> Double {
        guard values.count > 2 else { return 0 }
        let (a, b) = (Array(values.dropLast()), Array(values.dropFirst()))
        let (ma, mb) = (a.reduce(0, +) / Double(a.count), b.reduce(0, +) / Double(b.count))
        var (ab, aa, bb) = (0.0, 0.0, 0.0)
        for index in a.indices {
            let (x, y) = (a[index] - ma, b[index] - mb)
            ab += x * y; aa += x * x; bb += y * y
        }
        return aa > 0 && bb > 0 ? ab / (aa * bb).squareRoot() : 0
    }
}
