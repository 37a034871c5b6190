import Foundation
import Testing
@testable import Sound
@testable import ProfileKit
import SoundAnalysis

/// Issue 49, the wind's character measured from its samples (WindTexture): slow gusts, a band that moves
/// with them, and now and then a whistle. Three minutes of sound.
@Suite("the wind made live", .disabled(if: Sanitizer.isOn, Sanitizer.note))
struct WindTextureTests {
    static let rate = SoundscapeSynth.sampleRate
    static let step = 0.25
    static let sound = SoundscapeTests.samples(.wind, seconds: 180)
    static let mono = Channels.mono(sound.left, sound.right)
    static let levels = OceanMeasure.smoothed(OceanMeasure.levels(mono, sampleRate: rate, window: step), width: 5)

    /// Gusts: the level swells and falls by several dB (its standard deviation at least 0.9 dB), slowly:
    /// it stays correlated (over 0.5) with itself a second later and has lost most of that (under 0.5)
    /// within 20 s.
    @Test func theWindGustsSlowly() {
        let (_, deviation) = OceanMeasure.meanAndDeviation(Self.levels)
        #expect(deviation >= 0.9, "level deviation \(deviation) dB")
        let second = TextureStats.selfCorrelation(Self.levels, lag: Int(1 / Self.step))
        let later = TextureStats.selfCorrelation(Self.levels, lag: Int(20 / Self.step))
        #expect(second > 0.5 && later < 0.5, "self-correlation after 1 s \(second), after 20 s \(later)")
    }

    /// A band that moves: the spectral centroid spreads by at least 1.4 times between its 10th and 90th
    /// percentiles, rising with the gusts (its correlation with the level at least 0.4).
    @Test func theBandMovesWithTheGusts() {
        let centroids = OceanMeasure.smoothed(OceanMeasure.centroids(Self.mono, sampleRate: Self.rate, window: Self.step), width: 5)
        let spread = SoundMeasure.percentile(centroids, 0.9) / SoundMeasure.percentile(centroids, 0.1)
        #expect(spread >= 1.4, "centroid spread \(spread)")
        let count = min(centroids.count, Self.levels.count)
        let together = SoundMeasure.correlation(centroids[0..<count].map(Float.init), Self.levels[0..<count].map(Float.init))
        #expect(together >= 0.4, "centroid and level correlate \(together)")
    }

    /// An occasional whistle: a tone standing at least 10 dB over the noise around it (500 Hz to 2 kHz)
    /// in some of the half seconds, but not most: between 3 % and 50 % of them.
    @Test func nowAndThenAWhistle() {
        let size = Self.rate / 2
        let tonal = stride(from: 0, through: Self.mono.count - size, by: size).map {
            EventMeasure.tonalPeak(Self.mono, sampleRate: Self.rate, start: $0, count: size, low: 450, high: 2_000).decibels
        }
        let share = Double(tonal.filter { $0 >= 10 }.count) / Double(tonal.count)
        #expect(share >= 0.03 && share <= 0.5, "whistling in \(share) of the half seconds; the noise's peaks \(SoundMeasure.percentile(tonal, 0.5)) dB")
    }
}
