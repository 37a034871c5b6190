import Foundation
import Testing
@testable import Sound
import SoundAnalysis

/// Rain's character, measured from its samples (issue 49): drops, counted, their number drifting over
/// minutes, of varied size and distance. Three minutes of it; ``SoundscapeTests`` measures twenty
/// minutes of what every texture shares.
@Suite("Rain: drops counted, the shower drifting", .disabled(if: Sanitizer.isOn, Sanitizer.note))
struct RainTextureTests {
    static let rate = SoundscapeSynth.sampleRate
    static let seconds = 180.0
    static let sound: [Float] = SoundscapeTests.mono(.rain, seconds: seconds)
    /// The drops' impacts, above 1 kHz (over most of the hiss): 2 ms frames at least twice the mean of
    /// the 20 ms before and twice the median frame (DropsMeasure.onsets). The far drops, and those that
    /// land together, are not counted: the count follows the shower, it is not every drop.
    static let onsets = DropsMeasure.onsets(sound, sampleRate: rate, highPass: 1_000, rise: 2, floor: 2)

    /// Drops are counted from the sound: at least 10 a second, with a stricter rise than the drift's
    /// count below (a 2 ms frame three times the 20 ms before, where the hiss's own rises are rare).
    /// Made at 45 a second times the drift; measured: 14.9 a second over the three minutes, and with the
    /// drops made at 3 a second, 2.7: the test fails.
    @Test func dropsAreCounted() {
        let counted = DropsMeasure.onsets(Self.sound, sampleRate: Self.rate, highPass: 1_000, rise: 3, floor: 2)
        let perSecond = Double(counted.count) / Self.seconds
        #expect(perSecond >= 10 && perSecond < 100, "\(perSecond) drops a second")
    }

    /// The shower drifts over minutes (issue 49): the drops counted in each half minute vary, the most at
    /// least 1.3 times the fewest, and the count in one 10 s follows the count in the 10 s before (a
    /// correlation of at least 0.5: a drift, not chance). Measured: 30.6 down to 20.7 a second, 0.65.
    /// With the rate held steady (rateSwing 0) the test fails: 25.1 to 22.1, 0.17.
    @Test func theShowerDriftsOverMinutes() {
        let halfMinutes = DropsMeasure.rates(Self.onsets, count: Self.sound.count, sampleRate: Self.rate, seconds: 30)
        let tens = DropsMeasure.rates(Self.onsets, count: Self.sound.count, sampleRate: Self.rate, seconds: 10)
        let (most, fewest) = (halfMinutes.max() ?? 0, halfMinutes.min() ?? 0)
        #expect(most >= 1.3 * fewest, "drops a second in each half minute: \(halfMinutes)")
        let following = DropsMeasure.lagOneCorrelation(tens)
        #expect(following >= 0.5, "10 s counts correlate \(following) with the 10 s before: \(tens)")
    }

    /// What each drop counted rings at, and how loud it lands (DensityMeasure.rings: the sound above
    /// 1 kHz, its spectrum over the 10 ms from 2 ms after the onset, when the bubble a drop leaves rings
    /// and its impact, 1.5 to 5 ms long, has mostly died), kept where the strongest peak between 1 and
    /// 5 kHz stands at least 20 dB over the band's median: the drops heard ringing, a bubble's pitch.
    static let rings = DensityMeasure.rings(SoundMeasure.highPassed(sound, sampleRate: rate, frequency: 1_000),
                                            onsets: onsets, sampleRate: rate, low: 1_000, high: 5_000)
        .filter { $0.prominence >= 20 }

    /// Drops of varied size (issue 49): a drop's size sets the bubble it leaves, and a bigger bubble
    /// rings lower (Minnaert: f₀ = 3.26 / r, van den Doel 2005), so the drops heard ringing ring at many
    /// pitches: the 90th percentile at least 1.3 times the 10th, over at least 100 rings. (Made from
    /// 1.2 to 4.5 kHz; the smallest, softest and shortest are rarely heard ringing.) Measured: 686 rings,
    /// 1,378 to 2,056 Hz (1.49 times); with every drop the same size (0.5), 23 rings, 2,498 to 2,659 Hz
    /// (1.06 times), and the test fails.
    @Test func dropsAreOfVariedSize() {
        let pitches = Self.rings.map(\.hertz).sorted()
        guard pitches.count >= 100 else {
            Issue.record("only \(pitches.count) drops heard ringing")
            return
        }
        let (low, high) = (pitches[pitches.count / 10], pitches[pitches.count * 9 / 10])
        #expect(high >= 1.3 * low, "over \(pitches.count) rings, 10th percentile \(low) Hz, 90th \(high) Hz")
    }

    /// Drops at varied distances (issue 49): a drop's distance makes it softer, the whole of it, by 0 to
    /// 20 dB. The level each drop heard ringing lands at, less what its pitch explains (bigger bubbles
    /// are louder, a ∝ r^(3/2): a straight line in dB against log pitch, fitted by least squares),
    /// spreads: the 90th percentile at least 5.5 dB over the 10th. (The impact's noise and the drops
    /// landing together spread it by themselves.) Measured: 6.9 dB over 686 rings; with every drop at
    /// one distance (−8 dB), 4.4 dB over 400, and the test fails.
    @Test func dropsAreAtVariedDistances() {
        guard Self.rings.count >= 100 else {
            Issue.record("only \(Self.rings.count) drops heard ringing")
            return
        }
        let left = DensityMeasure.residuals(Self.rings.map(\.level), after: Self.rings.map { log2($0.hertz) }).sorted()
        let (low, high) = (left[left.count / 10], left[left.count * 9 / 10])
        #expect(high - low >= 5.5, "over \(left.count) rings, the level less the pitch's part spreads from \(low) to \(high) dB (10th to 90th percentile)")
    }

    /// A soft bed under the drops (issue 49): between them the rain never falls silent (no 100 ms of the
    /// three minutes more than 10 dB under the median), and the bed is soft: the drops' 10 ms frames (the
    /// 99th percentile) stand at least 6 dB over the bed's (the 10th). Measured here: the quietest 100 ms
    /// 3.0 dB under the median, the drops 8.1 dB over the bed; with no bed (hissLevel 0) the quietest
    /// 100 ms is silence, and the test fails.
    @Test func aSoftBedUnderTheDrops() {
        let levels = OceanMeasure.levels(Self.sound, sampleRate: Self.rate, window: 0.1)
        let quietest = levels.min() ?? -.infinity, median = SoundMeasure.percentile(levels, 0.5)
        #expect(quietest >= median - 10, "quietest 100 ms \(quietest) dB, median \(median) dB")
        let frames = OceanMeasure.levels(Self.sound, sampleRate: Self.rate, window: 0.01)
        let bed = SoundMeasure.percentile(frames, 0.1), drops = SoundMeasure.percentile(frames, 0.99)
        #expect(drops - bed >= 6, "the drops' 10 ms frames \(drops) dB, the bed's \(bed) dB")
    }
}
