import Foundation
import Testing
@testable import Sound
@testable import ProfileKit

/// Issue 47, item 8: each soundscape's join (its last sample followed by its first) is measured against
/// the texture's own statistics, not against a threshold one texture sets. The seam test of
/// `SoundscapeTests` compares the join's one-sample step with the 99.9th percentile of the loop's steps,
/// which catches a missing crossfade only for Brown Noise: rain's, the ocean's and the stream's own
/// steps are as large as a splice of two unrelated pieces of them.
///
/// What a splice breaks is what the texture lets one predict: a texture is noise shaped by its filters,
/// so each sample is partly foretold by the ones before it, and a piece of it spliced onto another is
/// foretold wrongly for as long as the prediction reaches back. So: a linear predictor is fitted to each
/// texture (its own autocorrelation, order ``order``), the prediction error is taken sample by sample
/// around the loop (cyclically, across the join as anywhere), and the error's energy in a window of
/// ``window`` samples just after the join is compared with the same in every window of the loop. With
/// the crossfade the join's window is one of the crowd; without it, it stands far out.
@Suite("Soundscapes: the join measured against each texture's own statistics", .disabled(if: Sanitizer.isOn, Sanitizer.note))
struct SoundscapeSeamTests {
    /// The predictor's order: about 0.7 ms, as far back as these textures' filters remember much.
    static let order = 32
    /// Samples in a window of prediction error.
    static let window = 32
    /// How far past the texture's own 99.9th percentile the join may go before it is a seam.
    static let margin = 2.0

    /// The coefficients a₁…aₚ of the order-`order` predictor of `x` (x[n] ≈ Σ aₖ x[n−k]), from its cyclic
    /// autocorrelation by the Levinson–Durbin recursion.
    static func predictor(_ x: [Float], order: Int) -> [Double] {
        let n = x.count
        var r = [Double](repeating: 0, count: order + 1)
        x.withUnsafeBufferPointer { x in
            for lag in 0...order {
                var sum = 0.0
                for index in 0..<(n - lag) { sum += Double(x[index]) * Double(x[index + lag]) }
                // The loop's own wrap: its end is followed by its start.
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

    /// The prediction error's energy in each window of ``window`` samples around the loop, the first
    /// starting at the join (sample 0, predicted from the loop's last samples).
    static func windowEnergies(_ x: [Float], predictor a: [Double]) -> [Double] {
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
                        if index >= p {
                            for k in 1...p { predicted += a[k - 1] * Double(x[index - k]) }
                        } else {
                            for k in 1...p {
                                let past = index - k
                                predicted += a[k - 1] * Double(x[past >= 0 ? past : past + n])
                            }
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

    /// The join's window energy and the 99.9th percentile of all windows', in one channel.
    static func seam(_ channel: [Float]) -> (join: Double, typical: Double) {
        let energies = windowEnergies(channel, predictor: predictor(channel, order: order))
        let sorted = energies.sorted()
        return (energies[0], sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.999))])
    }

    static func check(_ loop: StereoLoop, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (side, channel) in [("left", loop.left), ("right", loop.right)] {
            let (join, typical) = seam(channel)
            #expect(join <= margin * typical,
                    "\(name), \(side): the prediction error's energy just after the join is \(join / typical)× the texture's own 99.9th percentile (\(typical)); a seam",
                    sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: Soundscape.allCases)
    func theJoinIsNoOutlierOfTheTexturesOwnPredictionError(_ soundscape: Soundscape) {
        Self.check(SoundscapeTests.loop(soundscape), "\(soundscape)")
    }
}
