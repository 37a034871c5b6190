import Foundation
import Testing
@testable import Sound
@testable import ProfileKit
import SoundAnalysis

/// Issue 49, the ocean's character measured from its samples (OceanTexture): waves of varying period
/// (mean 8–12 s, coefficient of variation at least 0.15) and height, each a break and a wash whose
/// spectrum opens and closes, and a scene that moves between the channels. Four minutes of sound, about
/// 24 waves.
@Suite("the ocean made live", .disabled(if: Sanitizer.isOn, Sanitizer.note))
struct OceanTextureTests {
    static let rate = SoundscapeSynth.sampleRate
    /// The loudness is read every 100 ms, the brightness every quarter second.
    static let step = 0.1, brightnessStep = 0.25
    static let sound = SoundscapeTests.samples(.ocean, seconds: 240)
    static let mono = Channels.mono(sound.left, sound.right)
    /// The loudness (K-weighted, both channels, as BS.1770 hears it) 100 ms at a time, smoothed over 0.9 s
    /// (the noise's own flutter is not a wave).
    static let levels = OceanMeasure.smoothed(OceanMeasure.loudness(left: sound.left, right: sound.right, sampleRate: rate), width: 9)
    /// The waves: swells of the level at least 4 s apart standing 3 dB over the trough before them.
    static let waves = OceanMeasure.swells(levels, step: step, apart: 4, prominence: 3)

    /// The waves' intervals have a mean of 8–12 s and a coefficient of variation of at least 0.15 (issue
    /// 49); `profile sounds` says "about every 10 s", which the mean is within 1 s of.
    @Test func wavesComeAboutEveryTenSecondsButIrregularly() {
        let intervals = zip(Self.waves, Self.waves.dropFirst()).map { Double($1 - $0) * Self.step }
        let (mean, variation) = OceanMeasure.meanAndVariation(intervals)
        #expect(intervals.count >= 15, "\(intervals.count) waves in 4 minutes")
        #expect(mean >= 8 && mean <= 12 && abs(mean - 10) <= 1, "mean interval \(mean) s")
        #expect(variation >= 0.15, "coefficient of variation \(variation): \(intervals)")
        let figure = SoundscapeTests.figure(in: Soundscape.ocean.about, before: "s,")
        #expect(abs(figure - mean) <= 1, "\(Soundscape.ocean.about): measured \(mean) s")
    }

    /// The waves differ in height: their peak levels spread with a standard deviation of at least 0.6 dB
    /// (the texture draws them with one of about 1.2 dB: a wave 1.5 dB over the mean at most, to stay under the bells).
    /// With every wave of height 1 the peaks spread 0.11 dB and the test fails (measured here).
    @Test func wavesDifferInHeight() {
        let heights = Self.waves.map { Self.levels[$0] }
        let (_, deviation) = OceanMeasure.meanAndDeviation(heights)
        #expect(deviation >= 0.6, "wave peaks \(heights)")
    }

    /// Each wave breaks and washes back: the spectrum opens to the break and closes in the wash. The
    /// spectral centroid at the peak is at least 1.5 times that 1.5 s before it (opening) and 3 s after
    /// it (closing), for the median wave, and the level falls more slowly than it rose (the wash is
    /// longer than the rise).
    @Test func eachWaveBreaksAndWashesBack() {
        let centroids = OceanMeasure.smoothed(OceanMeasure.centroids(Self.mono, sampleRate: Self.rate, window: Self.brightnessStep), width: 3)
        let (before, after) = (Int(1.5 / Self.brightnessStep), Int(3 / Self.brightnessStep))
        let peaks = Self.waves.map { Int(Double($0) * Self.step / Self.brightnessStep) }.filter { $0 >= before && $0 + after < centroids.count }
        let opening = peaks.map { centroids[$0] / centroids[$0 - before] }
        let closing = peaks.map { centroids[$0] / centroids[$0 + after] }
        #expect(SoundMeasure.percentile(opening, 0.5) >= 1.5, "opening \(opening)")
        #expect(SoundMeasure.percentile(closing, 0.5) >= 1.5, "closing \(closing); centroids at the peaks \(peaks.map { centroids[$0] })")
        // The level 1.5 s before the peak and 1.5 s after: the wash is still loud when the rise was not.
        let (back, waves) = (Int(1.5 / Self.step), Self.waves.filter { $0 >= 15 && $0 + 15 < Self.levels.count })
        let rise = waves.map { Self.levels[$0] - Self.levels[$0 - back] }
        let fall = waves.map { Self.levels[$0] - Self.levels[$0 + back] }
        #expect(SoundMeasure.percentile(fall, 0.5) < SoundMeasure.percentile(rise, 0.5), "fall \(fall); rise \(rise)")
    }

    /// The scene moves between the channels: the balance of a second's levels spreads over at least 4 dB
    /// between its 10th and 90th percentiles (noise alone, steady in the middle, spreads about 1 dB).
    @Test func theWavesMoveAcrossTheScene() {
        let balance = OceanMeasure.balance(left: Self.sound.left, right: Self.sound.right, sampleRate: Self.rate, window: 1)
        let spread = SoundMeasure.percentile(balance, 0.9) - SoundMeasure.percentile(balance, 0.1)
        #expect(spread >= 4, "balance spread \(spread) dB")
    }
}
