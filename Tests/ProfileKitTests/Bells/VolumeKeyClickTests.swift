import Foundation
import Testing
import ProfileKit
import Sound

/// Issue 47, item 8: a volume or mute key while the ambience plays changes the gain over a ramp
/// (``StreamMixer/gainSeconds``), not in one step, which is a click. `StreamRingerTests`' check of the
/// largest fall (`step.decibels > -60`, over 50 ms windows) could not fail and could not see a 30 ms
/// ramp; this measures what a click is: the largest change from one sample to the next.
///
/// The mixer alone, frame by frame (no clock): a sine loop of 441 Hz, 100 frames a period at 44.1 kHz,
/// and each key pressed just before a frame where the sine is at its crest, so that a step in gain
/// there is a step in the wave as large as the change of gain times the crest.
@Suite("a volume key does not click")
struct VolumeKeyClickTests {
    static let rate = StreamMixer.sampleRate
    /// Frames a period of the sine.
    static let period = 100
    static let amplitude: Float = 0.5

    /// One second of the sine in both channels (a whole number of periods: the loop joins smoothly).
    static let sine: StereoLoop = {
        let samples = (0..<rate).map { amplitude * Float(sin(2 * Double.pi * Double($0) / Double(period))) }
        return StereoLoop(sampleRate: rate, left: samples, right: samples)
    }()

    /// The largest change from one sample to the next the sine has on its own at full level.
    static let ownStep: Float = 2 * amplitude * Float(sin(Double.pi / Double(period)))

    /// A key the run's listener presses.
    enum Key: String, CaseIterable, CustomTestStringConvertible {
        case quieter, louder, mute, unmute, silence
        var testDescription: String { rawValue }
    }

    /// Renders 0.5 s of the sine at full volume (one press first, for `.louder` and `.unmute`), presses
    /// `key` just before a crest, renders 0.2 s more; the left channel, as -1…1.
    static func left(pressing key: Key) -> (samples: [Float], pressedAt: Int) {
        var mixer = StreamMixer(ambience: .loop(sine), ambienceVolume: 1)
        mixer.fadeAmbience(true, seconds: 0)
        var out: [Int16] = []
        switch key {
        case .louder: mixer.setVolume(decibels: -9)
        case .unmute: mixer.setMuted(true)
        default: break
        }
        // Half a second in, at a crest: a quarter period into a period.
        let pressedAt = (rate / 2 / period) * period + period / 4
        mixer.render(pressedAt, into: &out)
        switch key {
        case .quieter: mixer.setVolume(decibels: -9)
        case .louder: mixer.setVolume(decibels: 0)
        case .mute: mixer.setMuted(true)
        case .unmute: mixer.setMuted(false)
        case .silence: mixer.setVolume(decibels: nil)
        }
        mixer.render(rate / 5, into: &out)
        let left = stride(from: 0, to: out.count, by: 2).map { Float(out[$0]) / 32_768 }
        return (left, pressedAt)
    }

    /// The largest |x[n+1] − x[n]| of `samples` in `range`, and where.
    static func largestStep(_ samples: [Float], in range: Range<Int>) -> (step: Float, at: Int) {
        var worst: (step: Float, at: Int) = (0, range.lowerBound)
        for index in range.dropLast() where abs(samples[index + 1] - samples[index]) > worst.step {
            worst = (abs(samples[index + 1] - samples[index]), index)
        }
        return worst
    }

    /// Around the press (10 ms before to 50 ms after), no sample-to-sample step is larger than the sine's
    /// own (with a 16-bit sample's rounding to spare): a step in gain from full to -9 dB or to silence at a
    /// crest would be 0.32 or 0.5 of full scale, thirty times the sine's own 0.016.
    @Test(arguments: Key.allCases)
    func noSampleStepsPastTheWavesOwn(_ key: Key) {
        let (left, pressedAt) = Self.left(pressing: key)
        let window = (pressedAt - Self.rate / 100)..<(pressedAt + Self.rate / 20)
        let worst = Self.largestStep(left, in: window)
        let allowed = Self.ownStep * 1.05 + 2 / 32_768
        #expect(worst.step <= allowed,
                "\(key): a step of \(worst.step) at frame \(worst.at) (pressed before frame \(pressedAt)); the sine's own largest is \(Self.ownStep)")
    }

    /// The ramp is there and short: the key is heard within ``StreamMixer/gainSeconds`` (the level a
    /// period after the ramp is the new one), and not at once (a period after the press it is still
    /// on its way): a test that cannot pass by dropping the change.
    @Test func theChangeIsARampOfGainSeconds() {
        let (left, pressedAt) = Self.left(pressing: .quieter)
        let ramp = StreamMixer.frames(StreamMixer.gainSeconds)
        func crest(after frames: Int) -> Float {
            // The crest of the period that starts `frames` after the press's crest.
            let start = pressedAt + frames
            return left[start..<(start + Self.period)].map(abs).max() ?? 0
        }
        let target = Self.amplitude * Float(pow(10, -9.0 / 20))
        #expect(abs(crest(after: ramp + Self.period) - target) < 0.002, "after the ramp: \(crest(after: ramp + Self.period)), wanted \(target)")
        let early = crest(after: 0)
        #expect(early > target + 0.05, "at once: \(early), a step to \(target) would be a click")
    }
}
