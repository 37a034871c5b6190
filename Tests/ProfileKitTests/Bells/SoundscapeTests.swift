import Foundation
import Testing
@testable import Sound
import Players
@testable import ProfileKit
import SoundAnalysis

/// Issue 49's properties every soundscape shares, measured from the samples of the generator the stream
/// plays (``SoundscapeGenerator``), rendered a block at a time as the stream renders it: never
/// repeating, matched in loudness and under the bells, decorrelated stereo, no click, the same sound for
/// the same seed and another for another. Each texture's own character is measured in its own suite
/// (OceanTextureTests and the others).
@Suite("Soundscapes made live, measured from their samples", .disabled(if: Sanitizer.isOn, Sanitizer.note))
struct SoundscapeTests {
    static let rate = SoundscapeSynth.sampleRate
    /// How long the statistics below are taken over: the twenty minutes.
    static let measuredSeconds = 1_200.0
    /// The seed the tests make every texture from.
    static let seed: UInt64 = 0x7E57_0049

    /// Twenty minutes of each texture, measured as it is made (nothing kept but the statistics), once
    /// a test run; each texture apart, so that the tests of several are measured at once.
    enum Measured {
        static let brownNoise = measure(.brownNoise, seconds: measuredSeconds)
        static let rain = measure(.rain, seconds: measuredSeconds)
        static let ocean = measure(.ocean, seconds: measuredSeconds)
        static let stream = measure(.stream, seconds: measuredSeconds)
        static let wind = measure(.wind, seconds: measuredSeconds)
        static let fire = measure(.fire, seconds: measuredSeconds)
    }

    static func stats(_ texture: Texture) -> TextureStats {
        switch texture {
        case .brownNoise: Measured.brownNoise
        case .rain: Measured.rain
        case .ocean: Measured.ocean
        case .stream: Measured.stream
        case .wind: Measured.wind
        case .fire: Measured.fire
        }
    }

    static func measure(_ texture: Texture, seed: UInt64 = seed, seconds: Double) -> TextureStats {
        var generator = SoundscapeGenerator(texture, seed: seed)
        return TextureStats.measure(seconds: seconds, sampleRate: rate) { count, left, right in
            generator.render(count, left: &left, right: &right)
        }
    }

    /// `seconds` of `texture` from `seed`, both channels.
    static func samples(_ texture: Texture, seed: UInt64 = seed, seconds: Double) -> (left: [Float], right: [Float]) {
        var generator = SoundscapeGenerator(texture, seed: seed)
        return generator.samples(seconds: seconds)
    }

    /// Left and right averaged: what is measured of the scene as a whole.
    static func mono(_ texture: Texture, seed: UInt64 = seed, seconds: Double) -> [Float] {
        let (left, right) = samples(texture, seed: seed, seconds: seconds)
        return Channels.mono(left, right)
    }

    // MARK: Never repeating

    /// Item 1: over twenty minutes the 100 ms loudness envelope's correlation with itself stays under
    /// 0.3 at every lag from 30 s to 10 minutes. (A 30-second loop gives 1.0 at 30 s; the loops of
    /// before did.)
    @Test(arguments: Texture.allCases)
    func nothingRepeatsOverTwentyMinutes(_ texture: Texture) {
        let stats = Self.stats(texture)
        let (correlation, seconds) = stats.largestSelfCorrelation(from: 30, to: 600)
        #expect(correlation < 0.3, "\(texture): the envelope correlates \(correlation) with itself \(seconds) s later")
    }

    // MARK: Level, stereo, clicks

    /// Every texture is at ``SoundscapeSynth/loudness`` (−33 LUFS integrated, BS.1770-4 over both
    /// channels), within 1 LU, over twenty minutes.
    @Test(arguments: Texture.allCases)
    func everyTextureIsAtTheAmbiencesLoudness(_ texture: Texture) {
        let stats = Self.stats(texture)
        #expect(abs(stats.integratedLoudness - SoundscapeSynth.loudness) <= 1, "\(texture): \(stats.integratedLoudness) LUFS")
    }

    /// The two channels are one scene but not one signal: their correlation is under 0.6 and over −0.2
    /// (the loops of before: about 0.3).
    @Test(arguments: Texture.allCases)
    func theChannelsAreDecorrelated(_ texture: Texture) {
        let stats = Self.stats(texture)
        #expect(stats.channelCorrelation < 0.6 && stats.channelCorrelation > -0.2, "\(texture): \(stats.channelCorrelation)")
    }

    /// No click anywhere: over twenty minutes the largest step from one sample to the next, in either
    /// channel, is no larger than the texture's own 99.9th percentile of |x| (a click is a jump as large
    /// as the sound's loudest samples, which nothing in a texture made of filtered noise and rounded
    /// events makes).
    @Test(arguments: Texture.allCases)
    func noClickAnywhere(_ texture: Texture) {
        let stats = Self.stats(texture)
        let loud = stats.percentile(0.999)
        #expect(stats.largestStep <= loud, "\(texture): a step of \(stats.largestStep) at \(stats.largestStepAt) s; 99.9% of |x| is under \(loud)")
    }

    /// The soundscapes stay under the bells at the same volume: their loudest 400 ms at least 10 dB under
    /// every bell's loudest (each bell's momentary maximum is −18 LUFS in one channel, and a bell sounded
    /// in both channels is 3 dB louder still), and their integrated loudness at least 4 LU under every
    /// bell's over its ring (measured: the quietest bell's, in one channel, is −28.6 LUFS).
    @Test func theSoundscapesAreQuieterThanTheBells() {
        let bells = Bell.allCases.map { BellMeasurementTests.sound($0) }
        let bellMost = bells.map { Loudness.maxMomentary($0, sampleRate: BellSynth.sampleRate) }.min() ?? 0
        let bellIntegrated = bells.map { Loudness.integrated([$0], sampleRate: BellSynth.sampleRate) }.min() ?? 0
        for texture in Texture.allCases {
            let stats = Self.stats(texture)
            #expect(stats.loudestMomentary <= bellMost - 10, "\(texture): loudest 400 ms \(stats.loudestMomentary) LUFS; the bells' \(bellMost)")
            #expect(stats.integratedLoudness <= bellIntegrated - 4, "\(texture): \(stats.integratedLoudness) LUFS; the quietest bell \(bellIntegrated)")
        }
    }

    // MARK: Seeds and blocks

    /// The same seed gives the same samples, however the stream cuts its blocks; another seed another
    /// sound (two sits differ).
    @Test(arguments: Texture.allCases)
    func aSeedIsASoundAndAnotherSeedAnother(_ texture: Texture) {
        let whole = Self.samples(texture, seconds: 3)
        var generator = SoundscapeGenerator(texture, seed: Self.seed)
        var (left, right) = ([Float](), [Float]())
        var buffer = ([Float](repeating: 0, count: 4_096), [Float](repeating: 0, count: 4_096))
        var sizes = [1, 7, 512, 4_096, 333, 1_024]
        while left.count < whole.left.count {
            let count = min(sizes[left.count % sizes.count], whole.left.count - left.count)
            sizes.swapAt(0, sizes.count - 1)
            generator.render(count, left: &buffer.0, right: &buffer.1)
            left += buffer.0[0..<count]
            right += buffer.1[0..<count]
        }
        #expect(left == whole.left && right == whole.right, "\(texture): blocks of other sizes made other samples")
        let other = Self.samples(texture, seed: Self.seed + 1, seconds: 3)
        #expect(SoundMeasure.correlation(other.left, whole.left) < 0.5, "\(texture): seeds \(Self.seed) and \(Self.seed + 1) sound alike")
    }

    // MARK: Brown noise

    /// Brown noise's power spectrum goes as 1/f², −6.02 dB an octave (Wikipedia, "Brownian noise"; any
    /// acoustics text): the least-squares line through the octave bands from 125 Hz to 4 kHz falls 6 dB
    /// an octave, ±1.5. It stays as the loop of before made it; only now it is made live.
    @Test func brownNoiseFallsSixDecibelsAnOctave() {
        let spectrum = Self.averageSpectrum(Self.mono(.brownNoise, seconds: 6))
        // The mean power a bin in each band: the spectral density (a band's whole energy would fall 3 dB an
        // octave, the octaves doubling in width).
        let bands = [125.0, 250, 500, 1_000, 2_000, 4_000].map { Self.bandLevel(spectrum, centre: $0) - 10 * log10($0) }
        let slope = SoundMeasure.line(bands).slope
        #expect(abs(slope - -6.02) <= 1.5, "\(slope) dB an octave: \(bands)")
    }

    /// `profile sounds` says what each is in a few words; brown noise's figure is measured above, and
    /// each texture's suite measures its own.
    @Test func everySoundscapeSaysWhatItIs() {
        for soundscape in Soundscape.allCases { #expect(!soundscape.about.isEmpty && soundscape.about.count <= 50, "\(soundscape.about)") }
        #expect(Soundscape.brownNoise.about.contains("6 dB an octave"))
    }

    // MARK: Measurements

    /// The number just before the word `word` in `text`.
    static func figure(in text: String, before word: String) -> Double {
        let words = text.split(separator: " ").map(String.init)
        guard let at = words.firstIndex(where: { $0.hasPrefix(word) }), at > 0 else { return .nan }
        return Double(words[at - 1].replacingOccurrences(of: ",", with: "")) ?? .nan
    }

    static func correlation(_ a: [Float], _ b: [Float]) -> Double { SoundMeasure.correlation(a, b) }

    /// Welch's average of Hann-windowed 4,096-point power spectra, half overlapping.
    static func averageSpectrum(_ samples: [Float], size: Int = 4_096) -> (power: [Double], binWidth: Double) {
        SoundMeasure.averageSpectrum(samples, sampleRate: rate, size: size)
    }

    static func bandLevel(_ spectrum: (power: [Double], binWidth: Double), centre: Double) -> Double {
        SoundMeasure.bandLevel(spectrum, centre: centre)
    }

    static func dominantPeriod(_ values: [Double], step: Double, in range: ClosedRange<Double>) -> Double? {
        SoundMeasure.dominantPeriod(values, step: step, in: range)
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double { SoundMeasure.percentile(values, fraction) }

    static func transientsPerSecond(_ samples: [Float]) -> Double { SoundMeasure.transientsPerSecond(samples, sampleRate: rate) }
}
