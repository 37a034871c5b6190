import Foundation
import Testing
@testable import Sound
import SoundAnalysis

/// The stream's character, measured from its samples (issue 49): bubbles, tens a second, in the
/// hundreds of hertz to a few kilohertz, each one's pitch rising as it rings (van den Doel 2005), their
/// density varying. One minute of it (two for the density); ``SoundscapeTests`` measures twenty minutes
/// of what every texture shares.
@Suite("The stream: bubbles over a bed", .disabled(if: Sanitizer.isOn, Sanitizer.note))
struct StreamTextureTests {
    static let rate = SoundscapeSynth.sampleRate
    static let seconds = 60.0
    /// A minute of the stream, both channels averaged. (Its pitch is followed unfiltered: a steep
    /// high-pass rings at its corner when a bubble starts, and lengthens the first periods.)
    static let sound: [Float] = SoundscapeTests.mono(.stream, seconds: seconds)
    /// Where the rings followed below start: a 2 ms frame above 300 Hz (under the bubbles' lowest,
    /// 450 Hz, and over most of the bed) at least twice (3 dB) the mean of the 20 ms before it
    /// (DropsMeasure.onsets). Some are the bed's own rises: followed, they do not rise in pitch.
    static let onsets = DropsMeasure.onsets(sound, sampleRate: rate, highPass: 300, rise: 2)

    /// The rings of bubbles heard alone (no other onset from 10 ms before to 40 ms after), followed
    /// period by period through a band at their own pitch while within 20 dB of their loudest, at least
    /// four periods (DropsMeasure.bandPitchTrack: followed unfiltered, the other bubbles' rings, more of
    /// them higher than the loud low ones heard alone, made a ring seem to rise by 17 % with the pitch
    /// frozen).
    static let rings: [[(seconds: Double, hertz: Double)]] = {
        let (before, after) = (Int(0.010 * Double(rate)), Int(0.040 * Double(rate)))
        return onsets.indices.compactMap { index in
            let onset = onsets[index]
            if index > 0, onset - onsets[index - 1] < before { return nil }
            if index + 1 < onsets.count, onsets[index + 1] - onset < after { return nil }
            let track = DropsMeasure.bandPitchTrack(sound, onset: onset, sampleRate: rate, longest: 0.04)
            return track.count >= 4 ? track : nil
        }
    }()

    /// Tens of bubbles a second (issue 49): counted from the sound with a stricter rise (a 2 ms frame
    /// three times the 20 ms before: the bed, a few hundred hertz wide, rises twice as much in 2 ms often
    /// enough to be counted), at least 10 a second. Made at 80 a second on average; those that start
    /// under a louder ring are not counted. Measured: 17.1 a second; with the bubbles made at 3 a second,
    /// 8.2 (the bed's rises), and the test fails.
    @Test func bubblesComeTensASecond() {
        let counted = DropsMeasure.onsets(Self.sound, sampleRate: Self.rate, highPass: 300, rise: 3)
        let perSecond = Double(counted.count) / Self.seconds
        #expect(perSecond >= 10 && perSecond < 100, "\(perSecond) bubbles a second")
    }

    /// The bubbles ring in the hundreds of hertz to a few kilohertz (issue 49; Minnaert's f₀ = 3.26 / r
    /// for radii of 1.1 to 7.2 mm): the pitch at the start of each ring heard alone, its 10th percentile
    /// over 300 Hz and its 90th under 4 kHz, and they are many pitches (the 90th at least 1.5 times the
    /// 10th). Measured: 500, 686 and 1,081 Hz at the 10th, 50th and 90th percentiles; with every bubble at
    /// 1 kHz, 1,026 and 1,161 Hz, and the test fails.
    @Test func bubblesRingInTheHundredsOfHertzToAFewKilohertz() {
        let pitches = Self.rings.map { DropsMeasure.fittedEnds($0).start }.sorted()
        guard pitches.count >= 100 else {
            Issue.record("only \(pitches.count) rings heard alone")
            return
        }
        let (low, high) = (pitches[pitches.count / 10], pitches[pitches.count * 9 / 10])
        #expect(low > 300 && high < 4_000 && high >= 1.5 * low , "10th percentile \(low) Hz, 90th \(high) Hz")
    }

    /// Each bubble's pitch rises as it rings (van den Doel 2005: f(t) = f₀ (1 + 2ξ d t), ξ = 0.1; to
    /// 20 dB down, t = ln 10 / d, a rise of 46 %): the straight line through each ring's periods ends
    /// higher than it starts, by at least 7 % in the median ring heard alone and 15 % at the 75th
    /// percentile. Measured: 13.7 % and 22 % (the band the ring is followed through pulls it towards
    /// its start). With ξ = 0 (the pitch frozen) the test fails: 1.4 % and 9.3 %.
    @Test func aBubblesPitchRisesAsItRings() {
        let rises = Self.rings.map { ring -> Double in
            let ends = DropsMeasure.fittedEnds(ring)
            return ends.end / ends.start
        }.sorted()
        guard rises.count >= 100 else {
            Issue.record("only \(rises.count) rings heard alone")
            return
        }
        let (median, upper) = (rises[rises.count / 2], rises[rises.count * 3 / 4])
        #expect(median >= 1.07 && upper >= 1.15, "over \(rises.count) rings the median rise is \(median), the 75th percentile \(upper)")
    }

    /// The bubbles' density varies (issue 49: "varying in density"; StreamTexture makes them at 80 a
    /// second times e^(0.25 x), x a drift of time constant 6 s). Counting them cannot show it: the count
    /// hears about 17 of the 80 a second (bubblesComeTensASecond), fewer where they crowd, and counts
    /// over 2 or 3 s spread about as chance's do with the rate drifting or steady (an index of
    /// dispersion of 1.0 to 1.3 either way, above 1.5 or 2 kHz, measured in writing this test). Their
    /// energy can: over two minutes, the energy of each
    /// second between 450 Hz and 3 kHz (the bubbles' pitches, and the top of the bed), less what the
    /// bed's own level explains (its level between 100 and 350 Hz, under the bubbles, fitted by least
    /// squares in dB: the bed's level sways by itself over seconds), correlates with itself 1, 2 and 3 s
    /// later. Bubbles made at a steady rate come as a Poisson process and ring under a quarter of a
    /// second each, so one second's bubbles tell nothing of the next's: about 0, give or take 0.09
    /// (1/√120). A rate drifting over seconds carries from one second to the next: at least 0.2 on
    /// average over the three lags. Measured: 0.43, 0.36 and 0.41 (0.40); with rateSwing 0 (a steady
    /// rate), −0.03, 0.01 and −0.03 (−0.02), and the test fails.
    @Test func theBubblesDensityVaries() {
        let sound = SoundscapeTests.mono(.stream, seconds: 120)
        let bubbles = DensityMeasure.bandLevels(sound, sampleRate: Self.rate, low: 450, high: 3_000, seconds: 1)
        let bed = DensityMeasure.bandLevels(sound, sampleRate: Self.rate, low: 100, high: 350, seconds: 1)
        let left = DensityMeasure.residuals(bubbles, after: bed)
        let lags = [1, 2, 3].map { TextureStats.selfCorrelation(left, lag: $0) }
        let mean = lags.reduce(0, +) / Double(lags.count)
        #expect(mean >= 0.2, "the bubbles' energy a second, the bed's sway taken out, correlates \(lags) with itself 1, 2, 3 s later")
    }
}
