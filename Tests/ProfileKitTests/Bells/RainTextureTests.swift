import Foundation
import Testing
@testable import Sound
import SoundAnalysis

/// Rain's character, measured from its samples (issue 49): drops, counted, their number drifting over
/// minutes. Three minutes of it; ``SoundscapeTests`` measures twenty minutes of what every
/// texture shares.
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
    /// Made at 45 a second times the drift; measured: 15.1 a second over the first minute, and with the
    /// drops made at 3 a second, 2.9: the test fails.
    @Test func dropsAreCounted() {
        let counted = DropsMeasure.onsets(Self.sound, sampleRate: Self.rate, highPass: 1_000, rise: 3, floor: 2)
        let perSecond = Double(counted.count) / Self.seconds
        #expect(perSecond >= 10 && perSecond < 100, "\(perSecond) drops a second")
    }

    /// The shower drifts over minutes (issue 49): the drops counted in each half minute vary, the most at
    /// least 1.3 times the fewest, and the count in one 10 s follows the count in the 10 s before (a
    /// correlation of at least 0.5: a drift, not chance). Measured: 30.3 down to 21.4 a second, 0.71.
    /// With the rate held steady (rateSwing 0) the test fails: 28.8 to 25.7, 0.41.
    @Test func theShowerDriftsOverMinutes() {
        let halfMinutes = DropsMeasure.rates(Self.onsets, count: Self.sound.count, sampleRate: Self.rate, seconds: 30)
        let tens = DropsMeasure.rates(Self.onsets, count: Self.sound.count, sampleRate: Self.rate, seconds: 10)
        let (most, fewest) = (halfMinutes.max() ?? 0, halfMinutes.min() ?? 0)
        #expect(most >= 1.3 * fewest, "drops a second in each half minute: \(halfMinutes)")
        let following = DropsMeasure.lagOneCorrelation(tens)
        #expect(following >= 0.5, "10 s counts correlate \(following) with the 10 s before: \(tens)")
    }
}
