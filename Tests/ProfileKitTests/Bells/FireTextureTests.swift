import Foundation
import Testing
@testable import Sound
@testable import ProfileKit
import SoundAnalysis

/// Issue 49, the fire's character measured from its samples (FireTexture): crackles and pops, their
/// number drifting and their sizes spread wide, over a low roar that never stops. Two minutes of sound.
@Suite("the fire made live", .disabled(if: Sanitizer.isOn, Sanitizer.note))
struct FireTextureTests {
    static let rate = SoundscapeSynth.sampleRate
    static let sound = SoundscapeTests.samples(.fire, seconds: 120)
    static let mono = Channels.mono(sound.left, sound.right)
    /// The crackles: events above 1 kHz (over the roar) that rise 9 dB over the sound around them.
    static let crackles = EventMeasure.onsets(mono, sampleRate: rate, above: 1_000)

    /// Crackles come a few to a dozen or so a second (the texture draws about 6, drifting between 2 and
    /// 19), their number drifting: the counts in 5 s windows vary at least 2.5 times as much as a steady
    /// rate's would (a Poisson count's variance is its mean; a drifting rate adds its own).
    @Test func cracklesComeAndTheirNumberDrifts() {
        let perSecond = Double(Self.crackles.count) / 120
        #expect(perSecond >= 2 && perSecond <= 20, "\(perSecond) crackles a second")
        let counts = (0..<24).map { window in Double(Self.crackles.filter { Int($0.seconds / 5) == window }.count) }
        let (mean, deviation) = OceanMeasure.meanAndDeviation(counts)
        #expect(deviation * deviation >= 2.5 * mean, "crackles in each 5 s: \(counts)")
    }

    /// Crackles and pops: their sizes are spread wide, the loudest tenth at least 12 dB over the quietest
    /// tenth. Much of that is where each crackle's band lies (the measure hears over 1 kHz, and the bands
    /// run from 600 Hz to 2.4 kHz), so the size is also measured with the band's part taken out (the
    /// level less a least-squares line in the log of the crackle's spectral centroid over its first
    /// 10 ms): the 90th percentile at least 14 dB over the 10th. Measured here: 15.4 dB; with every
    /// crackle one size (the lognormal draw set to 1) 12.5 dB, and the test fails.
    @Test func cracklesAndPopsDifferInSize() {
        let sizes = Self.crackles.map(\.decibels)
        let spread = SoundMeasure.percentile(sizes, 0.9) - SoundMeasure.percentile(sizes, 0.1)
        #expect(spread >= 12, "crackle sizes spread \(spread) dB")
        // What the band explains taken out: a crackle's level over 1 kHz depends on where its band lies.
        let centroids = Self.crackles.map { crackle in
            let start = Int(crackle.seconds * Double(Self.rate))
            let spectrum = SoundMeasure.spectrum(Self.mono, sampleRate: Self.rate, start: start, count: 441, size: 1_024)
            var weighted = 0.0, total = 0.0
            for (bin, power) in spectrum.power.enumerated() where Double(bin) * spectrum.binWidth >= 300 {
                weighted += Double(bin) * spectrum.binWidth * power
                total += power
            }
            return log2(total > 0 ? weighted / total : 1)
        }
        let left = DensityMeasure.residuals(sizes, after: centroids).sorted()
        let residualSpread = left[left.count * 9 / 10] - left[left.count / 10]
        #expect(residualSpread >= 14, "less the band's part: \(residualSpread) dB over \(left.count) crackles")
    }

    /// Under them a low roar that never stops: the octave at 125 Hz at least 10 dB over the one at 2 kHz
    /// (the crackles are brief), and no 100 ms of the two minutes more than 15 dB under the median.
    @Test func aLowRoarUnderneath() {
        let spectrum = SoundMeasure.averageSpectrum(Self.mono, sampleRate: Self.rate)
        let low = SoundMeasure.bandLevel(spectrum, centre: 125), high = SoundMeasure.bandLevel(spectrum, centre: 2_000)
        #expect(low - high >= 10, "125 Hz \(low) dB, 2 kHz \(high) dB")
        let levels = OceanMeasure.levels(Self.mono, sampleRate: Self.rate, window: 0.1)
        let quietest = levels.min() ?? -.infinity, median = SoundMeasure.percentile(levels, 0.5)
        #expect(quietest >= median - 15, "quietest 100 ms \(quietest) dB, median \(median) dB")
    }

    /// Crackles are not too bright: the octave at 8 kHz is at least 25 dB under the one at 1 kHz (their
    /// bands lie under 2.4 kHz, rolled off over 3.5 kHz).
    @Test func cracklesAreNotTooBright() {
        let spectrum = SoundMeasure.averageSpectrum(Self.mono, sampleRate: Self.rate)
        let middle = SoundMeasure.bandLevel(spectrum, centre: 1_000), high = SoundMeasure.bandLevel(spectrum, centre: 8_000)
        #expect(middle - high >= 25, "1 kHz \(middle) dB, 8 kHz \(high) dB")
    }

    /// A crackle's onset is rounded and its band not too bright: no step from one sample to the next in
    /// the two minutes is over 60 % of the sound's 99.9th percentile of |x| (SoundscapeTests allows 100 %
    /// over twenty minutes).
    @Test func cracklesDoNotClick() {
        let steps = zip(Self.sound.left, Self.sound.left.dropFirst()).map { abs($1 - $0) }
        let loud = SoundMeasure.percentile(Self.sound.left.map { Double(abs($0)) }, 0.999)
        #expect(Double(steps.max() ?? 0) <= 0.6 * loud, "largest step \(steps.max() ?? 0), 99.9 % of |x| \(loud)")
    }
}
