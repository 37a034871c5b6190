import Foundation
import Testing
@testable import Sound
import Players
@testable import ProfileKit
import SoundAnalysis

/// Issue 38's properties of the ambience's soundscapes, measured from their samples: each a loop of at
/// least 30 s that joins without a click or a jump in loudness, decorrelated stereo, matched in loudness
/// and under the bells, and each with the character of its name.
@Suite("Soundscapes measured from their samples", .disabled(if: Sanitizer.isOn, Sanitizer.note))
struct SoundscapeTests {
    static let rate = SoundscapeSynth.sampleRate
    /// Every soundscape once per test run.
    static let loops: [Soundscape: StereoLoop] = Dictionary(uniqueKeysWithValues: Soundscape.allCases.map {
        ($0, SoundscapeSynth.loop(for: $0.texture))
    })

    static func loop(_ soundscape: Soundscape) -> StereoLoop {
        loops[soundscape] ?? StereoLoop(sampleRate: rate, left: [0], right: [0])
    }

    static func samples(_ seconds: Double) -> Int { Int(seconds * Double(rate)) }

    /// Left and right averaged: what is measured of the scene as a whole.
    static func mono(_ soundscape: Soundscape, seconds: Double? = nil) -> [Float] {
        let loop = loop(soundscape)
        let count = seconds.map { min(loop.frameCount, samples($0)) } ?? loop.frameCount
        return (0..<count).map { (loop.left[$0] + loop.right[$0]) / 2 }
    }

    // MARK: The loop

    @Test(arguments: Soundscape.allCases)
    func aLoopOfAtLeastThirtySecondsInStereoUnderFullScale(_ soundscape: Soundscape) {
        let loop = Self.loop(soundscape)
        #expect(loop.sampleRate == 44_100)
        #expect(loop.seconds >= 30, "\(loop.seconds) s")
        #expect(loop.left.count == loop.right.count)
        let peak = max(loop.left.map(abs).max() ?? 0, loop.right.map(abs).max() ?? 0)
        #expect(peak > 0 && peak <= 0.9, "peaks at \(peak)")
    }

    /// The join: the step from the last sample to the first is no larger than the 99.9th percentile of
    /// the steps inside the loop, in each channel; and the loudness of the 400 ms around the join
    /// (BS.1770-4's momentary window) is within 1 dB of the mean of the windows 400 ms before and after
    /// it, so there is neither a click nor a jump in loudness.
    @Test(arguments: Soundscape.allCases)
    func theEndJoinsTheStartWithoutAClickOrAJump(_ soundscape: Soundscape) {
        let loop = Self.loop(soundscape)
        for (name, channel) in [("left", loop.left), ("right", loop.right)] {
            let typical = SoundMeasure.stepPercentile(channel, 0.999)
            let join = abs(channel[0] - channel[channel.count - 1])
            #expect(join <= typical, "\(name): the join steps \(join), 99.9% of steps are under \(typical)")
        }
        let around = Self.samples(1.2)
        let across = [loop.left, loop.right].map { Array($0.suffix(around) + $0.prefix(around)) }
        let blocks = Loudness.blocks(across, sampleRate: Self.rate)
        // Blocks start every 100 ms; the one centred on the join starts 200 ms before it.
        let centre = (around - Self.samples(0.2)) / Self.samples(0.1)
        let neighbours = (blocks[centre - 4] + blocks[centre + 4]) / 2
        #expect(abs(blocks[centre] - neighbours) <= 1, "the join is \(blocks[centre]) LUFS, around it \(neighbours)")
    }

    /// Not one channel copied: the Pearson correlation of left and right is well under 1.
    @Test(arguments: Soundscape.allCases)
    func theChannelsAreDecorrelated(_ soundscape: Soundscape) {
        let loop = Self.loop(soundscape)
        let correlation = Self.correlation(loop.left, loop.right)
        #expect(correlation < 0.5 && correlation > -0.2, "correlation \(correlation)")
    }

    /// BS.1770-4 integrated loudness over both channels: within 1 LU of each other and at the target.
    @Test func theSoundscapesAreMatchedInLoudness() {
        let loudness = Soundscape.allCases.map { Loudness.integrated([Self.loop($0).left, Self.loop($0).right], sampleRate: Self.rate) }
        for (soundscape, value) in zip(Soundscape.allCases, loudness) {
            #expect(abs(value - SoundscapeSynth.loudness) <= 0.5, "\(soundscape): \(value) LUFS")
        }
        #expect((loudness.max() ?? 0) - (loudness.min() ?? 0) <= 1, "\(loudness)")
    }

    /// Under the bells at the same volume, measured with the same meter: each soundscape's loudest 400 ms
    /// over both channels is at least 10 dB under every bell's loudest 400 ms in one channel (a bell
    /// sounded in both channels is 3 dB louder still), and its integrated loudness at least 4 LU under
    /// every bell's over its ring (measured: the quietest bell's, in one channel, is −28.6 LUFS).
    @Test func theSoundscapesAreQuieterThanTheBells() {
        let bells = Bell.allCases.map { BellMeasurementTests.sound($0) }
        let bellMost = bells.map { Loudness.maxMomentary($0, sampleRate: BellSynth.sampleRate) }.min() ?? 0
        let bellIntegrated = bells.map { Loudness.integrated([$0], sampleRate: BellSynth.sampleRate) }.min() ?? 0
        for soundscape in Soundscape.allCases {
            let loop = Self.loop(soundscape)
            let most = Loudness.blocks([loop.left, loop.right], sampleRate: Self.rate).max() ?? 0
            #expect(most <= bellMost - 10, "\(soundscape): loudest 400 ms \(most) LUFS; the bells' \(bellMost)")
            let integrated = Loudness.integrated([loop.left, loop.right], sampleRate: Self.rate)
            #expect(integrated <= bellIntegrated - 4, "\(soundscape): \(integrated) LUFS; the quietest bell \(bellIntegrated)")
        }
    }

    @Test func theSynthesisIsDeterministic() {
        #expect(SoundscapeSynth.loop(for: .brownNoise) == Self.loop(.brownNoise))
    }

    // MARK: Their character

    /// Brown noise's power spectrum goes as 1/f², −6.02 dB an octave (Wikipedia, "Brownian noise"; any
    /// acoustics text): the least-squares line through the octave bands from 125 Hz to 4 kHz falls 6 dB
    /// an octave, ±1.5.
    @Test func brownNoiseFallsSixDecibelsAnOctave() {
        let spectrum = Self.averageSpectrum(Self.mono(.brownNoise, seconds: 6))
        // The mean power a bin in each band: the spectral density (a band's whole energy would fall 3 dB an
        // octave, the octaves doubling in width).
        let bands = [125.0, 250, 500, 1_000, 2_000, 4_000].map { Self.bandLevel(spectrum, centre: $0) - 10 * log10($0) }
        let slope = SoundMeasure.line(bands).slope
        #expect(abs(slope - -6.02) <= 1.5, "\(slope) dB an octave: \(bands)")
    }

    /// An ocean swells and ebbs: the level in 100 ms frames has its strongest periodicity (the highest
    /// autocorrelation, read around the loop, which repeats) between 4 and 15 s (wind waves reach a
    /// shore every 5 to 15 s: NOAA, "What is the difference between a wave's period and its height";
    /// the range here is wider for a measurement over a 30 s loop), and its swells are several dB deep
    /// (the 90th percentile of the levels at least 6 dB over the 10th).
    @Test func theOceanSwellsWithAPeriodOfSeveralSeconds() throws {
        let levels = SoundMeasure.levels(Self.mono(.ocean), sampleRate: Self.rate, window: 0.1, step: 0.1)
        let period = try #require(Self.dominantPeriod(levels, step: 0.1, in: 2...20))
        #expect(period >= 4 && period <= 15, "the waves come every \(period) s")
        let depth = Self.percentile(levels, 0.9) - Self.percentile(levels, 0.1)
        #expect(depth >= 6, "the swells are \(depth) dB deep")
        #expect(abs(depth - Self.figure(in: Soundscape.ocean.about, before: "dB")) <= 2, "\(Soundscape.ocean.about): measured \(depth) dB")
    }

    /// Rain is broadband: the octave bands at 1, 2, 4 and 8 kHz are within 6 dB of each other; and it is
    /// made of many small transients: in the first 10 s, dozens a second of 5 ms frames above 2 kHz jump
    /// 6 dB over the median of the half second around them, where a stream's steady water makes few.
    @Test func rainIsBroadbandWithManySmallTransients() {
        let spectrum = Self.averageSpectrum(Self.mono(.rain, seconds: 6))
        let bands = [1_000.0, 2_000, 4_000, 8_000].map { Self.bandLevel(spectrum, centre: $0) }
        #expect((bands.max() ?? 0) - (bands.min() ?? 0) <= 6, "octave bands \(bands) dB")
        let rain = Self.transientsPerSecond(Array(Self.loop(.rain).left.prefix(Self.samples(10))))
        #expect(rain >= 20, "\(rain) transients a second")
        let stream = Self.transientsPerSecond(Array(Self.loop(.stream).left.prefix(Self.samples(10))))
        #expect(stream < rain / 4, "the stream has \(stream) a second, rain \(rain)")
        let stated = Self.figure(in: Soundscape.rain.about, before: "clear")
        #expect(rain >= stated * 0.5 && rain <= stated * 1.5, "\(Soundscape.rain.about): counted \(rain) a second")
    }

    /// A stream is brighter and steadier: its spectral centroid is above rain's and brown noise's, and the
    /// coefficient of variation of its level in 100 ms frames is under the ocean's and rain's.
    @Test func theStreamIsBrighterAndSteadier() {
        func centroid(_ soundscape: Soundscape) -> Double {
            let spectrum = Self.averageSpectrum(Self.mono(soundscape, seconds: 6))
            let bins = spectrum.power.indices.filter { Double($0) * spectrum.binWidth <= 16_000 }
            let total = bins.reduce(0.0) { $0 + spectrum.power[$1] }
            return bins.reduce(0.0) { $0 + Double($1) * spectrum.binWidth * spectrum.power[$1] } / total
        }
        let stream = centroid(.stream)
        #expect(stream > centroid(.rain) && stream > centroid(.brownNoise), "centroids \(stream), \(centroid(.rain)), \(centroid(.brownNoise)) Hz")
        func variation(_ soundscape: Soundscape) -> Double {
            let rms = SoundMeasure.levels(Self.mono(soundscape), sampleRate: Self.rate, window: 0.1, step: 0.1).map { pow(10, $0 / 20) }
            let mean = rms.reduce(0, +) / Double(rms.count)
            return (rms.reduce(0.0) { $0 + ($1 - mean) * ($1 - mean) } / Double(rms.count)).squareRoot() / mean
        }
        let steady = variation(.stream)
        #expect(steady < variation(.ocean) && steady < variation(.rain) && steady < 0.2,
                "variation \(steady) against the ocean's \(variation(.ocean)) and rain's \(variation(.rain))")
        let kilohertz = Self.figure(in: Soundscape.stream.about, before: "kHz")
        #expect(abs(stream / 1_000 - kilohertz) <= 0.5, "\(Soundscape.stream.about): centroid \(stream) Hz")
    }

    /// `profile sounds` says brown noise falls 6 dB an octave; the measurement above checks the sound.
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
