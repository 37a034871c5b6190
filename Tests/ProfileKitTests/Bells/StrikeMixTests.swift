import Foundation
import Testing
@testable import Bells
@testable import ProfileKit

/// Strikes and volume: one strike at full volume is the bell itself, strikes start ``StrikeMix/spacing``
/// apart and add up, the volume scales the first strike exactly, and nothing ever goes past the ceiling.
@Suite("Strike mix")
struct StrikeMixTests {
    static let bell = PCMSound(bell: .templeBell)

    static func peak(_ samples: some Collection<Int16>) -> Int { samples.reduce(0) { max($0, abs(Int($1))) } }

    @Test func oneStrikeAtFullVolumeIsTheExportedBellSampleForSample() {
        let single = StrikeMix.render(Self.bell, strikes: 1, volume: 1)
        #expect(single == BellSynth.samples(for: .templeBell))
        #expect(StrikeMix.wav(Self.bell, strikes: 1, volume: 1) == BellSynth.wav(for: .templeBell))
    }

    @Test func oneStrikeIsTheStrikeScaledByTheVolume() {
        let strike = PCMSound(int16: [0, 1_000, -1_000, 20_000, -32_768, 7], sampleRate: 8_000)
        #expect(StrikeMix.render(strike, strikes: 1, volume: 0.5) == [0, 500, -500, 10_000, -16_384, 4])
        #expect(StrikeMix.render(strike, strikes: 1, volume: 0) == [0, 0, 0, 0, 0, 0])
    }

    @Test func threeStrikesLastTwoSpacingsMoreAndAtLeastFourSecondsLonger() {
        let one = StrikeMix.render(Self.bell, strikes: 1, volume: 1)
        let three = StrikeMix.render(Self.bell, strikes: 3, volume: 1)
        let spacing = Int(StrikeMix.spacing * Double(BellSynth.sampleRate))
        #expect(three.count == 2 * spacing + one.count)
        #expect(Double(three.count - one.count) / Double(BellSynth.sampleRate) >= 4)
        #expect(StrikeMix.seconds(of: Self.bell, strikes: 3) == Double(three.count) / Double(BellSynth.sampleRate))
        #expect((2...5).contains(StrikeMix.spacing), "the issue asks for strikes 2 to 5 seconds apart")
    }

    struct VolumeCase: CustomTestStringConvertible, Sendable {
        let bell: Bell
        let strikes: Int
        let volume: Double
        var testDescription: String { "\(bell) ×\(strikes) at \(Int((volume * 100).rounded()))%" }
    }

    static let volumes: [VolumeCase] = [
        VolumeCase(bell: .templeBell, strikes: 3, volume: 0.7),
        VolumeCase(bell: .templeBell, strikes: 1, volume: 0.7),
        VolumeCase(bell: .singingBowl, strikes: 9, volume: 0.05),
        VolumeCase(bell: .gong, strikes: 2, volume: 0.35),
        VolumeCase(bell: .woodBlock, strikes: 9, volume: 1),
        VolumeCase(bell: .tingsha, strikes: 5, volume: 0.49), // 70 % of a run's 70 %
    ]

    /// The acceptance check of issue 14: at 70 % the first strike peaks at 70 % of the one-strike
    /// export at 100 % (65–75 % is asked for; it is within 1 %).
    @Test(arguments: volumes)
    func theFirstStrikePeaksAtTheVolumeTimesTheBellsPeak(_ c: VolumeCase) {
        let export = BellSynth.samples(for: c.bell)
        let mixed = StrikeMix.render(PCMSound(bell: c.bell), strikes: c.strikes, volume: c.volume)
        let firstStrike = mixed.prefix(min(export.count, Int(StrikeMix.spacing * Double(BellSynth.sampleRate))))
        let ratio = Double(Self.peak(firstStrike)) / Double(Self.peak(export))
        #expect(abs(ratio - c.volume) <= 0.01 * c.volume, "peak ratio \(ratio)")
    }

    @Test func overlappingStrikesAddUp() {
        // A flat 4-second strike: from 3 s to 4 s the first and second overlap, from 6 s the second and third.
        let strike = PCMSound(sampleRate: 8_000, samples: [Float](repeating: 0.25, count: 4 * 8_000))
        let mixed = StrikeMix.render(strike, strikes: 3, volume: 0.5)
        #expect(mixed.count == 10 * 8_000)
        #expect(mixed[0] == 4_096 && mixed[2 * 8_000] == 4_096)
        #expect(mixed[3 * 8_000 + 100] == 8_192)
        #expect(mixed[6 * 8_000 + 100] == 8_192)
        #expect(mixed[9 * 8_000] == 4_096)
    }

    /// Ten seconds of a tone that never decays, nine times at full volume: up to four strikes overlap
    /// (3.8 × full scale), and the limiter keeps every sample under the ceiling, leaves the first strike
    /// alone until the second comes, and still sounds loud where it works.
    @Test(arguments: [8_000, 44_100])
    func aLoudOverlapNeverGoesPastTheCeiling(sampleRate: Int) {
        let tone = (0..<(10 * sampleRate)).map { Float(0.95 * sin(2 * Double.pi * 440 * Double($0) / Double(sampleRate))) }
        let strike = PCMSound(sampleRate: sampleRate, samples: tone)
        let mixed = StrikeMix.render(strike, strikes: 9, volume: 1)
        #expect(mixed.count == 8 * Int(StrikeMix.spacing * Double(sampleRate)) + tone.count)
        #expect(Self.peak(mixed) <= Int(StrikeMix.ceilingSample))
        #expect(Self.peak(mixed) >= Int(StrikeMix.ceilingSample) - 2, "the limiter brings overs to the ceiling, not far under it")
        let untouched = Int(2.9 * Double(sampleRate))
        #expect(Array(mixed.prefix(untouched)) == Array(StrikeMix.render(strike, strikes: 1, volume: 1).prefix(untouched)))
        // The gain is held across whole peaks, so the wave is made quieter, not squared off: hardly a
        // peak touches the ceiling at one sample, never along a flat top of several.
        let top = Int(StrikeMix.ceilingSample) - 1
        let flat = (2..<mixed.count).filter { index in (index - 2...index).allSatisfy { abs(Int(mixed[$0])) >= top } }
        #expect(flat.isEmpty, "flat tops at \(flat.prefix(5))")
        // Where four strikes overlap the sum is far over; the limited sound is still near full scale.
        let overlapped = mixed[(9 * sampleRate)..<(10 * sampleRate)]
        #expect(Self.peak(overlapped) >= Int(0.9 * Double(StrikeMix.ceilingSample)))
    }

    @Test func aFullScaleRecordingIsBroughtUnderTheCeilingAndItsGainChangesSmoothly() {
        // A square wave at full scale: every sample is over, so the gain is steady after the attack.
        let square = PCMSound(sampleRate: 8_000, samples: (0..<8_000).map { $0 % 20 < 10 ? 1 : -1 })
        let mixed = StrikeMix.render(square, strikes: 1, volume: 1)
        #expect(Self.peak(mixed) == Int(StrikeMix.ceilingSample))
        // A short burst over the ceiling in quiet sound: the samples around it are lowered a little, with
        // no step bigger than the burst needs, and the quiet sound far from it is untouched.
        var samples = [Float](repeating: 0.5, count: 8_000)
        for index in 4_000..<4_010 { samples[index] = 1 }
        let limited = StrikeMix.render(PCMSound(sampleRate: 8_000, samples: samples), strikes: 1, volume: 1)
        #expect(limited[0] == 16_384 && limited[7_999] == 16_384)
        #expect(limited[3_999] < 16_384 && limited[3_999] > 15_000, "the attack starts before the over")
        #expect(limited[4_010] < 16_384 && limited[4_010] > 15_000, "the release follows it")
        #expect(Self.peak(limited) <= Int(StrikeMix.ceilingSample))
        let steps = zip(limited[3_900..<3_999], limited[3_901..<4_000]).map { abs(Int($0) - Int($1)) }
        #expect(steps.allSatisfy { $0 < 400 }, "no click before the over: steps \(steps.max() ?? 0)")
    }

    @Test func outOfRangeArgumentsAreClamped() {
        let strike = PCMSound(int16: [10_000, -10_000], sampleRate: 8_000)
        #expect(StrikeMix.render(strike, strikes: 0, volume: 1) == StrikeMix.render(strike, strikes: 1, volume: 1))
        #expect(StrikeMix.render(strike, strikes: 12, volume: 1).count == 8 * 24_000 + 2)
        #expect(StrikeMix.render(strike, strikes: 1, volume: 2) == [10_000, -10_000])
        #expect(StrikeMix.render(strike, strikes: 1, volume: -1) == [0, 0])
        #expect(StrikeMix.render(strike, strikes: 1, volume: .nan) == [0, 0])
        #expect(StrikeMix.render(PCMSound(sampleRate: 8_000, samples: []), strikes: 3, volume: 1).isEmpty)
    }

    @Test func samplesBecome16BitsRoundedAndClamped() {
        #expect(StrikeMix.sample(0) == 0)
        #expect(StrikeMix.sample(0.5) == 16_384)
        #expect(StrikeMix.sample(1.4 / 32_768) == 1)
        #expect(StrikeMix.sample(1.6 / 32_768) == 2)
        #expect(StrikeMix.sample(-1.6 / 32_768) == -2)
        #expect(StrikeMix.sample(1) == 32_767)
        #expect(StrikeMix.sample(-1) == -32_768)
        #expect(StrikeMix.sample(3) == 32_767)
        #expect(StrikeMix.sample(-3) == -32_768)
        #expect(StrikeMix.sample(.infinity) == 32_767)
        #expect(StrikeMix.sample(.nan) == 0)
    }

    @Test func aMixedWAVReadsBackAsTheSamplesRendered() throws {
        let strike = PCMSound(int16: [0, 3_000, -3_000, 12_000], sampleRate: 22_050)
        let sound = try WAVReader.decode(StrikeMix.wav(strike, strikes: 2, volume: 0.8))
        #expect(sound.sampleRate == 22_050)
        #expect(sound.samples.map(StrikeMix.sample) == StrikeMix.render(strike, strikes: 2, volume: 0.8))
    }
}
