import Foundation
import SoundAnalysis
import Testing
@testable import Sound
import Players
@testable import ProfileKit

/// Issue 24's properties of the built-in bells, measured from the samples they are exported as: how
/// long each rings and how it ends, its partials, beating and decay, its strike, and its loudness.
@Suite("Bells measured from their samples", .disabled(if: Sanitizer.isOn, Sanitizer.note))
struct BellMeasurementTests {
    static let rate = BellSynth.sampleRate
    /// Every bell once per test run, as the 16-bit samples of its file (read back as −1…1).
    static let sounds: [Bell: [Float]] = Dictionary(uniqueKeysWithValues: Bell.allCases.map { bell in
        (bell, BellSynth.samples(for: bell.instrument).map { Float($0) / 32768 })
    })

    static func sound(_ bell: Bell) -> [Float] { sounds[bell] ?? [] }
    static func seconds(_ bell: Bell) -> Double { Double(sound(bell).count) / Double(rate) }
    static func samples(_ seconds: Double) -> Int { Int(seconds * Double(rate)) }

    // MARK: 1. Every bell rings out

    struct Length: CustomTestStringConvertible, Sendable {
        let bell: Bell
        let atLeast: Double
        let under: Double
        var testDescription: String { bell.rawValue }
    }

    /// The shortest lengths; a Wood Block under a second.
    static let lengths = [
        Length(bell: .singingBowl, atLeast: 25, under: 60), Length(bell: .templeBell, atLeast: 40, under: 90),
        Length(bell: .gong, atLeast: 25, under: 60), Length(bell: .tingsha, atLeast: 15, under: 40),
        Length(bell: .woodBlock, atLeast: 0.2, under: 1),
    ]

    @Test(arguments: lengths)
    func ringsUntilSixtyDecibelsDownWithoutACut(_ c: Length) {
        let sound = Self.sound(c.bell)
        #expect(Self.seconds(c.bell) >= c.atLeast && Self.seconds(c.bell) < c.under, "\(Self.seconds(c.bell)) s")
        let loudest = SoundMeasure.levels(sound, sampleRate: Self.rate).max() ?? 0
        let last = SoundMeasure.level(sound, (sound.count - Self.samples(0.05))..<sound.count)
        #expect(last - loudest <= -60, "the last 50 ms are \(last - loudest) dB under the loudest 50 ms")
        let step = SoundMeasure.largestStep(sound, sampleRate: Self.rate)
        #expect(step.decibels <= 12, "a fall of \(step.decibels) dB in 50 ms at \(step.seconds) s")
        // Still ringing 60 dB down is the end: 10 dB above that, it is not yet over.
        let levels = SoundMeasure.levels(sound, sampleRate: Self.rate)
        let lastAboveFifty = (levels.lastIndex { $0 > loudest - 50 } ?? 0)
        #expect(Double(levels.count - lastAboveFifty) * 0.005 < 0.3 * Self.seconds(c.bell) + 0.2,
                "the file goes on long after the bell has rung out")
    }

    /// Made twice, a bell is the same samples: the cache of files relies on it.
    @Test func synthesisIsDeterministic() {
        #expect(BellSynth.samples(for: .singingBowl).map { Float($0) / 32768 } == Self.sound(.singingBowl))
    }

    /// `profile sounds` says what each bell is with figures (`Himalayan bowl: 220 Hz, …, 29 s`): they are
    /// the sound's, measured.
    @Test(arguments: Bell.allCases)
    func theWordsOfProfileSoundsAreTheSoundsFigures(_ bell: Bell) throws {
        let words = bell.about.split(separator: " ").map(String.init)
        let secondsWord = try #require(words.lastIndex(of: "s"), "\(bell.about)")
        let stated = try #require(Double(words[secondsWord - 1]), "\(bell.about)")
        #expect(abs(stated - Self.seconds(bell)) <= (stated < 1 ? 0.1 : 0.6), "says \(stated) s, rings \(Self.seconds(bell)) s")
        guard let unit = words.firstIndex(where: { $0.hasPrefix("Hz") || $0.hasPrefix("kHz") }) else { return }
        let number = try #require(Double(words[unit - 1].replacingOccurrences(of: ",", with: "")), "\(bell.about)")
        let hertz = words[unit].hasPrefix("kHz") ? number * 1_000 : number
        // The strongest partial, or for a bell whose strongest is not its lowest (the temple bell's hum),
        // the lowest strong one.
        let peaks = Self.partials(bell, size: 131_072)
        let named = try #require(peaks.min { abs($0.frequency - hertz) < abs($1.frequency - hertz) })
        #expect(abs(named.frequency / hertz - 1) < 0.01 && named.decibels > -10, "says \(hertz) Hz; the nearest partial is \(named)")
    }

    // MARK: 2. Modes from measurements

    /// The strongest peaks of a bell's spectrum from `start` for about 1.5 s.
    static func partials(_ bell: Bell, from start: Double = 0.1, size: Int = 65_536, floor: Double = -50) -> [(frequency: Double, decibels: Double)] {
        SoundMeasure.peaks(SoundMeasure.spectrum(sound(bell), sampleRate: rate, start: samples(start), count: size, size: size), floor: floor)
    }

    @Test func theBowlsPartialsSitWhereHimalayanBowlsHaveThem() throws {
        let peaks = Self.partials(.singingBowl)
        let fundamental = try #require(peaks.filter { $0.frequency < 400 }.max { $0.decibels < $1.decibels }).frequency
        for (low, high) in [(2.6, 2.9), (4.7, 5.3), (7.4, 8.5)] {
            #expect(peaks.contains { $0.frequency / fundamental >= low && $0.frequency / fundamental <= high },
                    "no partial within \(low)–\(high)× \(fundamental) Hz: \(peaks.map { Int($0.frequency) })")
        }
        // Nothing stronger than −40 dB where a metal bar would have its partials and a bowl has none.
        #expect(!peaks.contains { $0.frequency / fundamental > 2.95 && $0.frequency / fundamental < 4.6 && $0.decibels > -40 })
    }

    @Test func theBowlsFundamentalBeats() throws {
        let peaks = Self.partials(.singingBowl)
        let fundamental = try #require(peaks.filter { $0.frequency < 400 }.max { $0.decibels < $1.decibels }).frequency
        let envelope = SoundMeasure.envelope(Array(Self.sound(.singingBowl)[Self.samples(0.5)..<Self.samples(12.5)]),
                                             sampleRate: Self.rate, frequency: fundamental)
        let ripple = SoundMeasure.ripple(envelope)
        #expect(ripple >= 3, "the fundamental's envelope swings \(ripple) dB")
        // Every partial is a doublet: the 2.7× partial beats too.
        let second = try #require(peaks.first { $0.frequency / fundamental >= 2.6 && $0.frequency / fundamental <= 2.9 }).frequency
        let secondEnvelope = SoundMeasure.envelope(Array(Self.sound(.singingBowl)[Self.samples(0.5)..<Self.samples(8.5)]),
                                                   sampleRate: Self.rate, frequency: second)
        #expect(SoundMeasure.ripple(secondEnvelope) >= 3)
    }

    /// The T60 of the sound near `frequency`, from the slope of its envelope between two times.
    static func t60(_ bell: Bell, near frequency: Double, from start: Double, to end: Double) -> Double {
        let envelope = SoundMeasure.envelope(Array(sound(bell)[samples(start)..<min(sound(bell).count, samples(end))]),
                                             sampleRate: rate, frequency: frequency)
        let slope = SoundMeasure.line(envelope).slope / 0.005
        return slope < 0 ? -60 / slope : .infinity
    }

    @Test func theTempleBellHumsLowAndLongAndItsUpperPartialsDieWithinSeconds() throws {
        let peaks = Self.partials(.templeBell, size: 131_072)
        let hum = try #require(peaks.min { $0.frequency < $1.frequency })
        #expect(hum.frequency >= 80 && hum.frequency <= 160, "the hum is at \(hum.frequency) Hz")
        #expect(peaks.contains { abs($0.frequency / hum.frequency - 2.47) < 0.05 }, "\(peaks.map { Int($0.frequency) })")
        #expect(peaks.contains { abs($0.frequency / hum.frequency - 2.87) < 0.05 })
        #expect(peaks.contains { abs($0.frequency / hum.frequency - 5.1) < 0.1 })
        let humT60 = Self.t60(.templeBell, near: hum.frequency, from: 2, to: 30)
        #expect(humT60 >= 40 && humT60 <= 90, "the hum's T60 is \(humT60) s")
        let upper = Self.t60(.templeBell, near: hum.frequency * 2.47, from: 0.2, to: 4)
        #expect(upper < 10, "the 2.47× partial's T60 is \(upper) s")
        let envelope = SoundMeasure.envelope(Array(Self.sound(.templeBell)[Self.samples(8)..<Self.samples(24)]),
                                             sampleRate: Self.rate, frequency: hum.frequency)
        #expect(SoundMeasure.ripple(envelope) >= 3, "the hum beats slowly")
    }

    @Test func theTingshaIsHighBeatsAsTwoCymbalsAndRingsAboutFifteenSeconds() throws {
        let peaks = Self.partials(.tingsha)
        let strongest = try #require(peaks.max { $0.decibels < $1.decibels })
        #expect(strongest.frequency >= 2_300 && strongest.frequency <= 3_200, "\(strongest.frequency) Hz")
        #expect(peaks.contains { abs($0.frequency / strongest.frequency - 2.27) < 0.05 }, "\(peaks.map { Int($0.frequency) })")
        // The beat: the strongest swing in the envelope's spectrum, between 5 and 40 Hz.
        let envelope = SoundMeasure.envelope(Array(Self.sound(.tingsha)[Self.samples(0.2)..<Self.samples(4.4)]),
                                             sampleRate: Self.rate, frequency: strongest.frequency + 7, width: 0.004, step: 1 / 1_000)
        let fit = SoundMeasure.line(envelope)
        let detrended = envelope.enumerated().map { $0.element - fit.intercept - fit.slope * Double($0.offset) }
        let spectrum = SoundMeasure.spectrum(detrended.map(Float.init), sampleRate: 1_000, start: 0, count: detrended.count, size: 4_096)
        let band = (Int(5 / spectrum.binWidth)...Int(40 / spectrum.binWidth))
        let beat = Double(try #require(band.max { spectrum.power[$0] < spectrum.power[$1] })) * spectrum.binWidth
        #expect(beat >= 12 && beat <= 16, "the cymbals beat at \(beat) Hz")
        let t60 = Self.t60(.tingsha, near: strongest.frequency + 7, from: 0.5, to: 12)
        #expect(t60 >= 12 && t60 <= 20, "T60 \(t60) s")
    }

    @Test func theGongIsDenseAndBrightWithHighsThatBuildAndAGlide() throws {
        let sound = Self.sound(.gong)
        let peaks = Self.partials(.gong, from: 0.2, floor: -70)
        let high = peaks.filter { $0.frequency >= 1_000 }
        #expect(high.count >= 40, "\(high.count) partials above 1 kHz")
        #expect((high.map(\.frequency).max() ?? 0) >= 5_000, "the spectrum reaches \(high.map(\.frequency).max() ?? 0) Hz")
        // The highs build: above 2 kHz the sound grows for a fraction of a second after the strike.
        let highs = SoundMeasure.levels(SoundMeasure.highPassed(Array(sound.prefix(Self.samples(2))), sampleRate: Self.rate, frequency: 2_000),
                                        sampleRate: Self.rate)
        let afterStrike = highs[6]  // 30–80 ms
        let most = try #require(highs.indices.dropFirst(6).max { highs[$0] < highs[$1] })
        #expect(highs[most] - afterStrike >= 6, "the highs grow by \(highs[most] - afterStrike) dB")
        #expect(Double(most) * 0.005 >= 0.1 && Double(most) * 0.005 <= 1, "the highs are loudest at \(Double(most) * 0.005) s")
        // A slight glide down: the lowest strong partial is higher at first than later.
        let early = Self.partials(.gong, from: 0, size: 32_768).filter { $0.frequency < 400 }.max { $0.decibels < $1.decibels }
        let late = Self.partials(.gong, from: 4, size: 131_072).filter { $0.frequency < 400 }.max { $0.decibels < $1.decibels }
        let glide = try #require(early).frequency / (try #require(late)).frequency - 1
        #expect(glide >= 0.002 && glide <= 0.03, "the gong glides down by \(glide * 100)%")
        // And it beats.
        let envelope = SoundMeasure.envelope(Array(sound[Self.samples(6)..<Self.samples(18)]), sampleRate: Self.rate,
                                             frequency: try #require(late).frequency)
        #expect(SoundMeasure.ripple(envelope) >= 3)
    }

    /// Issue 38, item 7: the gong's highs have no wall. In its first 2 s, the energy in 1 kHz bands
    /// centred at 8, 9, 10, 11 and 12 kHz falls from each band to the next, and never by more than 12 dB
    /// (the old gong's wall fell 42 dB from the 10 to the 11 kHz band, −67 to −109 dB; measured now: −61, −66, −72,
    /// −75, −80 dB, steps of 4 to 5 dB, checked with scipy's Welch spectrum too). A tam-tam's sound is
    /// broadband, its energy spreading up from the struck low modes into ever higher ones (Fletcher &
    /// Rossing, "The Physics of Musical Instruments", 2nd ed., ch. 20); nothing stops it at one frequency.
    @Test func theGongsHighsFallGraduallyWithNoWall() {
        let sound = Array(Self.sound(.gong).prefix(Self.samples(2)))
        let size = 4_096
        var power = [Double](repeating: 0, count: size / 2 + 1), binWidth = 0.0
        for start in stride(from: 0, through: sound.count - size, by: size / 2) {
            let spectrum = SoundMeasure.spectrum(sound, sampleRate: Self.rate, start: start, count: size, size: size)
            for index in power.indices { power[index] += spectrum.power[index] }
            binWidth = spectrum.binWidth
        }
        let bands = [8_000.0, 9_000, 10_000, 11_000, 12_000].map { centre in
            10 * log10(power.indices.filter { abs(Double($0) * binWidth - centre) < 500 }.reduce(0.0) { $0 + power[$1] })
        }
        for (lower, upper) in zip(bands, bands.dropFirst()) {
            #expect(upper < lower && lower - upper <= 12, "bands at 8–12 kHz: \(bands) dB")
        }
    }

    @Test func theWoodBlockIsAShortKnockWithNoise() throws {
        let sound = Self.sound(.woodBlock)
        let levels = SoundMeasure.levels(sound, sampleRate: Self.rate)
        let loudest = levels.max() ?? 0
        let over = Double(levels.lastIndex { $0 > loudest - 60 } ?? 0) * 0.005 + 0.05
        #expect(over <= 0.5, "the knock is over \(over) s after the strike")
        // Noise: in the first 10 ms, energy well away from its two modes (above 4 kHz).
        let spectrum = SoundMeasure.spectrum(sound, sampleRate: Self.rate, start: 0, count: Self.samples(0.01), size: 1_024)
        let total = spectrum.power.reduce(0, +)
        let noise = spectrum.power.indices.filter { Double($0) * spectrum.binWidth >= 4_000 }.reduce(0.0) { $0 + spectrum.power[$1] }
        #expect(10 * log10(noise / total) >= -40, "noise above 4 kHz is \(10 * log10(noise / total)) dB of the knock")
    }

    // MARK: 3. A strike

    struct StrikeCase: CustomTestStringConvertible, Sendable {
        let bell: Bell
        let atLeast: Double
        var testDescription: String { bell.rawValue }
    }

    /// Energy above 8 kHz in the first 30 ms, measured two ways: through a steep high-pass, against the
    /// loudest 50 ms; and as the share of a Hann-windowed spectrum of the first 30 ms (the window keeps
    /// little of the first few ms, so a click of 2 ms would not pass).
    @Test(arguments: [StrikeCase(bell: .singingBowl, atLeast: -50), StrikeCase(bell: .templeBell, atLeast: -50),
                      StrikeCase(bell: .gong, atLeast: -50), StrikeCase(bell: .tingsha, atLeast: -40)])
    func theStrikeHasEnergyAboveEightKilohertz(_ c: StrikeCase) {
        let sound = Self.sound(c.bell)
        let first = Self.samples(0.03)
        let loudest = SoundMeasure.levels(sound, sampleRate: Self.rate).max() ?? 0
        let high = SoundMeasure.level(SoundMeasure.highPassed(Array(sound.prefix(Self.samples(0.2))), sampleRate: Self.rate, frequency: 8_000), 0..<first)
        #expect(high - loudest >= c.atLeast, "above 8 kHz: \(high - loudest) dB re the loudest 50 ms")
        let spectrum = SoundMeasure.spectrum(sound, sampleRate: Self.rate, start: 0, count: first, size: 2_048)
        let share = spectrum.power.indices.filter { Double($0) * spectrum.binWidth >= 8_000 }.reduce(0.0) { $0 + spectrum.power[$1] }
            / spectrum.power.reduce(0, +)
        #expect(10 * log10(share) >= c.atLeast, "above 8 kHz: \(10 * log10(share)) dB of the first 30 ms")
    }

    // MARK: 4. Matched loudness

    @Test func everyBellIsAtTheLoudnessTargetUnderTheCeiling() {
        let loudness = Bell.allCases.map { Loudness.maxMomentary(Self.sound($0), sampleRate: Self.rate) }
        for (bell, value) in zip(Bell.allCases, loudness) {
            #expect(abs(value - BellSynth.loudness) <= 0.5, "\(bell): \(value) LUFS")
            let peak = Double(Self.sound(bell).reduce(0) { max($0, abs($1)) })
            // Room for a strike 1 dB louder than the first (StrikeMix.variations) under the ceiling.
            #expect(peak * pow(10, 1.0 / 20) <= StrikeMix.ceiling, "\(bell) peaks at \(peak)")
        }
        #expect((loudness.max() ?? 0) - (loudness.min() ?? 0) <= 2, "\(loudness)")
    }
}

/// The BS.1770 meter against the standard's own figures.
@Suite("Loudness meter (ITU-R BS.1770-4)")
struct LoudnessTests {
    static func sine(frequency: Double, decibels: Double, seconds: Double, sampleRate: Int) -> [Float] {
        let amplitude = pow(10, decibels / 20)
        return (0..<Int(seconds * Double(sampleRate))).map { Float(amplitude * sin(2 * Double.pi * frequency * Double($0) / Double(sampleRate))) }
    }

    /// BS.1770-4, 2.1: a 0 dB FS 997 Hz sine in one channel reads −3.01 LKFS (LUFS).
    @Test(arguments: [44_100, 48_000])
    func aFullScaleSineAt997HertzReadsMinus3Point01(sampleRate: Int) {
        let value = Loudness.maxMomentary(Self.sine(frequency: 997, decibels: 0, seconds: 2, sampleRate: sampleRate), sampleRate: sampleRate)
        #expect(abs(value - -3.01) <= 0.02, "\(value) LUFS")
        let quieter = Loudness.maxMomentary(Self.sine(frequency: 997, decibels: -20, seconds: 2, sampleRate: sampleRate), sampleRate: sampleRate)
        #expect(abs(quieter - -23.01) <= 0.02, "\(quieter) LUFS")
    }

    /// BS.1770-4 Tables 1 and 2: the filter's coefficients at 48 kHz.
    @Test func theKWeightingAt48KilohertzIsTheStandardsTable() {
        let (shelf, highPass) = Loudness.kWeighting(sampleRate: 48_000)
        let table = [1.53512485958697, -2.69169618940638, 1.19839281085285, -1.69065929318241, 0.73248077421585]
        for (value, expected) in zip([shelf.b0, shelf.b1, shelf.b2, shelf.a1, shelf.a2], table) {
            #expect(abs(value - expected) < 1e-12, "\(value) against \(expected)")
        }
        for (value, expected) in zip([highPass.b0, highPass.b1, highPass.b2, highPass.a1, highPass.a2],
                                     [1, -2, 1, -1.99004745483398, 0.99007225036621]) {
            #expect(abs(value - expected) < 1e-12, "\(value) against \(expected)")
        }
    }

    /// The K-weighting's shape: about +4 dB at high frequencies, a steep fall below 40 Hz.
    @Test func highsWeighMoreAndTheLowestBassLess() {
        let at = { (frequency: Double) in
            Loudness.maxMomentary(Self.sine(frequency: frequency, decibels: 0, seconds: 2, sampleRate: 44_100), sampleRate: 44_100)
        }
        #expect(abs(at(8_000) - -3.01 - 4) < 0.8)
        #expect(at(20) < -3.01 - 10)
    }

    @Test func silenceAndNothingAreMinusInfinityAndAShortSoundIsMeasuredOver400Milliseconds() {
        #expect(Loudness.maxMomentary([], sampleRate: 44_100) == -.infinity)
        #expect(Loudness.maxMomentary([Float](repeating: 0, count: 1_000), sampleRate: 44_100) == -.infinity)
        #expect(Loudness.maxMomentary([0.5], sampleRate: 0) == -.infinity)
        // 100 ms of the sine: a quarter of the window, 6 dB under the full sine.
        let short = Loudness.maxMomentary(Self.sine(frequency: 997, decibels: 0, seconds: 0.1, sampleRate: 44_100), sampleRate: 44_100)
        #expect(abs(short - (-3.01 - 6.02)) < 0.1, "\(short)")
    }
}
