import Foundation
import Testing
@testable import Sound
@testable import Players
@testable import ProfileKit

/// A recording made into an ambience's loop (issue 38): the same seamless join as the soundscapes'.
@Suite("A recording as a loop", .disabled(if: Sanitizer.isOn, Sanitizer.note))
struct RecordingLoopTests {
    static func sine(_ frequency: Double, seconds: Double, sampleRate: Int, amplitude: Double = 0.5) -> PCMSound {
        PCMSound(sampleRate: sampleRate, samples: (0..<Int(seconds * Double(sampleRate))).map {
            Float(amplitude * sin(2 * Double.pi * frequency * Double($0) / Double(sampleRate)))
        })
    }

    /// A 440.75 Hz sine of 5 s ends at its trough, having started at zero (a jump of its whole amplitude); as a
    /// loop, the step from its last sample to its first is no larger than any step inside it.
    @Test func aSineWhoseEndMissesItsStartJoinsWithoutAClick() throws {
        let recording = Self.sine(440.75, seconds: 5, sampleRate: 44_100)
        let rawJump = abs(recording.samples[0] - recording.samples[recording.samples.count - 1])
        let rawSteps = zip(recording.samples.dropFirst(), recording.samples).map { abs($0 - $1) }.max() ?? 0
        #expect(rawJump > 3 * rawSteps, "the test's sine must not meet its start: \(rawJump) against \(rawSteps)")
        let loop = try #require(StereoLoop(recording: recording))
        #expect(loop.sampleRate == 44_100 && loop.left == loop.right)
        #expect(loop.seconds >= 3 && loop.seconds < 5, "\(loop.seconds) s")
        let steps = zip(loop.left.dropFirst(), loop.left).map { abs($0 - $1) }
        let join = abs(loop.left[0] - loop.left[loop.frameCount - 1])
        #expect(join <= (steps.max() ?? 0), "the join steps \(join), the loop at most \(steps.max() ?? 0)")
        // And no sample is a click: every step stays within a sine's largest at the loop's peak.
        let peak = Double(loop.left.map(abs).max() ?? 0)
        #expect(Double(steps.max() ?? 0) <= 2 * Double.pi * 440.75 / 44_100 * peak * 1.01)
    }

    /// Noise recorded at 48 kHz: resampled to 44.1 kHz, at the soundscapes' loudness, its join's 400 ms
    /// within 1 dB of those around it.
    @Test func noiseAtAnotherRateComesToTheSoundscapesRateAndLoudness() throws {
        var random = SplitMix64(seed: 42)
        let recording = PCMSound(sampleRate: 48_000, samples: (0..<(48_000 * 6)).map { _ in Float(0.3 * random.nextSigned()) })
        let loop = try #require(StereoLoop(recording: recording))
        #expect(loop.sampleRate == 44_100)
        #expect(abs(loop.seconds - 4.5) < 0.01, "6 s less a crossfade of a quarter of it: \(loop.seconds) s")
        let loudness = Loudness.integrated([loop.left, loop.right], sampleRate: 44_100)
        #expect(abs(loudness - SoundscapeSynth.loudness) <= 0.5, "\(loudness) LUFS")
        let around = 44_100
        let across = Array(loop.left.suffix(around) + loop.left.prefix(around))
        let blocks = Loudness.blocks([across, across], sampleRate: 44_100)
        let centre = (around - 8_820) / 4_410
        #expect(abs(blocks[centre] - (blocks[centre - 4] + blocks[centre + 4]) / 2) <= 1, "\(blocks)")
    }

    /// A 1 kHz sine at 22,050 Hz is still 1 kHz at 44.1 kHz (its zero crossings counted).
    @Test func resamplingKeepsThePitch() throws {
        let loop = try #require(StereoLoop(recording: Self.sine(1_000, seconds: 4, sampleRate: 22_050)))
        let middle = Array(loop.left[44_100..<88_200])
        let crossings = zip(middle, middle.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
        #expect(abs(crossings - 1_000) <= 1, "\(crossings) cycles in a second")
    }

    /// A recording shorter than 3 s is no loop.
    @Test func aShortRecordingIsRefused() {
        #expect(StereoLoop(recording: Self.sine(440, seconds: 2.9, sampleRate: 44_100)) == nil)
        #expect(StereoLoop(recording: Self.sine(440, seconds: 3, sampleRate: 44_100)) != nil)
    }
}

/// The soundscapes' files (`sounds --export`): 16-bit stereo WAV that the reader takes back.
@Suite("Stereo WAV files")
struct StereoWAVTests {
    @Test func twoChannelsAreWrittenInterleavedAndReadBack() throws {
        let left: [Float] = [0, 0.5, -0.5, 1], right: [Float] = [0.25, -0.25, 0, -1]
        let bytes = WAV.encode(left: left, right: right, sampleRate: 44_100)
        #expect(bytes.count == 44 + 16 && bytes[22] == 2 && bytes[32] == 4)
        let sound = try WAVReader.decode(bytes)
        // The reader mixes two channels into one: their mean, to a step of 16 bits.
        for (index, sample) in sound.samples.enumerated() {
            #expect(abs(sample - (left[index] + right[index]) / 2) < 1e-4, "frame \(index): \(sample)")
        }
    }

    @Test func aSoundscapeFileIsNamedAsBellsAreAndLastsItsLoop() {
        #expect(SoundscapeSynth.fileName(for: .brownNoise) == "brown-noise.wav")
        let bytes = SoundscapeSynth.wav(for: .stream, seconds: 1)
        #expect(bytes.count == 44 + 4 * 44_100)
    }
}
