import Foundation
import SoundAnalysis
import Testing
@testable import Sound

/// The recursive oscillators against the closed form they stand for: no drift over a minute, the glide's
/// phase, a swell that starts from nothing, and a twin that beats.
@Suite("Resonator")
struct ResonatorTests {
    static let rate = 44_100

    static func render(_ mode: Mode, seconds: Double) -> [Float] {
        var mix = [Float](repeating: 0, count: Int(seconds * Double(rate)))
        Resonator.add(Resonator.oscillators(mode), into: &mix, range: 0..<mix.count, sampleRate: rate, floor: 0)
        return mix
    }

    /// The worst difference from `exact` over `samples`, looked at every 97th sample.
    static func worst(_ samples: [Float], _ exact: (Double) -> Double) -> Double {
        stride(from: 0, to: samples.count, by: 97).reduce(0.0) { most, index in
            max(most, abs(Double(samples[index]) - exact(Double(index) / Double(rate))))
        }
    }

    @Test func aMinuteOfADampedSineIsTheClosedFormWithoutDrift() {
        let mode = Mode(frequency: 440, amplitude: 0.9, t60: 60, phase: 0.3)
        let samples = Self.render(mode, seconds: 60)
        let decay = log(1_000.0) / 60
        let error = Self.worst(samples) { 0.9 * exp(-decay * $0) * sin(2 * Double.pi * 440 * $0 + 0.3) }
        #expect(error < 1e-5, "off by \(error)")
        // T60: 60 dB down after 60 s.
        let start = SoundMeasure.level(samples, 0..<4_410), end = SoundMeasure.level(samples, (samples.count - 4_410)..<samples.count)
        #expect(abs(start - end - 60) < 0.5, "\(start - end) dB")
    }

    @Test func aGlideFollowsTheIntegralOfItsFrequency() {
        let mode = Mode(frequency: 200, amplitude: 1, t60: 20, glide: 0.02, glideTime: 0.5)
        let samples = Self.render(mode, seconds: 5)
        let decay = log(1_000.0) / 20
        let error = Self.worst(samples) { time in
            exp(-decay * time) * sin(2 * Double.pi * 200 * (time + 0.02 * 0.5 * (1 - exp(-time / 0.5))))
        }
        // Within a block of 512 samples the frequency is the block's mean, exact at its ends: at the
        // steepest (8 Hz a second) that is a phase error of about 1e-3 radian in its middle.
        #expect(error < 2e-3, "off by \(error)")
    }

    @Test func aSwellStartsFromNothingAndPeaksLater() {
        let mode = Mode(frequency: 3_000, amplitude: 1, t60: 5, rise: 0.2)
        let samples = Self.render(mode, seconds: 2)
        let levels = SoundMeasure.levels(samples, sampleRate: Self.rate, window: 0.02, step: 0.01)
        let loudest = levels.indices.max { levels[$0] < levels[$1] } ?? 0
        #expect(levels[0] < levels[loudest] - 10, "it starts 10 dB and more under its peak")
        // (1 − e^(−t/0.2)) e^(−t/0.72) peaks at t = 0.2 ln(1 + 0.72 / 0.2) ≈ 0.31 s.
        #expect(abs(Double(loudest) * 0.01 - 0.31) < 0.05, "it peaks at \(Double(loudest) * 0.01) s")
    }

    @Test func aTwinBeatsAtTheirDifference() {
        let mode = Mode(frequency: 500, amplitude: 1, t60: 100, beat: 2, twin: 0.5)
        let samples = Self.render(mode, seconds: 3)
        let envelope = SoundMeasure.envelope(samples, sampleRate: Self.rate, frequency: 501)
        // 1 ± 0.5: 20 log10(3) = 9.5 dB from crest to trough, twice a second.
        #expect(abs(SoundMeasure.ripple(envelope) - 9.5) < 1, "\(SoundMeasure.ripple(envelope)) dB")
        let crests = (1..<(envelope.count - 1)).filter { (index: Int) -> Bool in
            let here: Double = envelope[index]
            return here > envelope[index - 1] && here >= envelope[index + 1]
        }
        #expect(crests.count >= 5 && crests.count <= 7, "\(crests.count) crests in about 2.95 s")
    }

    @Test func aModeIsRenderedOnlyWhileAboveTheFloor() {
        var mix = [Float](repeating: 0, count: Self.rate * 2)
        let oscillator = Resonator.oscillators(Mode(frequency: 1_000, amplitude: 1, t60: 0.5))
        Resonator.add(oscillator, into: &mix, range: 0..<mix.count, sampleRate: Self.rate, floor: 1e-3)
        // 60 dB down (1e-3) after 0.5 s: nothing after that.
        let last = mix.lastIndex { $0 != 0 } ?? 0
        #expect(abs(Double(last) / Double(Self.rate) - 0.5) < 0.01, "last sample at \(Double(last) / Double(Self.rate)) s")
    }
}
