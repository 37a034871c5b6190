import Foundation
import Testing
@testable import Sound
@testable import ProfileKit
import SoundAnalysis

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

    /// The join's window energy and the 99.9th percentile of all windows', in one channel.
    static func seam(_ channel: [Float]) -> (join: Double, typical: Double) {
        let energies = SoundMeasure.predictionErrorEnergies(channel, predictor: SoundMeasure.predictor(channel, order: order), window: window)
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

    /// Rain's drops (about 6× its bed's power, laid over the joined bed and wrapping round the join) set
    /// the texture's 99.9th percentile so high that a splice of the bed under them goes unseen in the loop
    /// (measured: 0.03× with the crossfade left out, where the other textures stand 4–38× out). So each
    /// soundscape's bed, the one part of the loop that is joined (``SoundscapeSynth/bed(for:)``), is
    /// measured alone the same way.
    @Test(arguments: Soundscape.allCases)
    func theBedUnderTheLayersJoinsAsItsTextureDoes(_ soundscape: Soundscape) {
        let (left, right) = SoundscapeSynth.bed(for: soundscape.texture)
        Self.check(StereoLoop(sampleRate: SoundscapeSynth.sampleRate, left: left.map(Float.init), right: right.map(Float.init)),
                   "\(soundscape)'s bed")
    }
}
