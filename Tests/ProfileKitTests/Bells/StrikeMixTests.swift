import Foundation
import SoundAnalysis
import Testing
@testable import Sound
import Players
@testable import ProfileKit

/// Strikes and volume: one strike at full volume is the bell itself, strikes start about a spacing apart
/// (each bell its own), each a little varied as a hand strikes, and add up; the volume scales the first
/// strike exactly, no strike's end shows in the mix, and nothing ever goes past the ceiling.
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
        let spacing = BellSynth.spacing(for: .templeBell)
        let one = StrikeMix.render(Self.bell, strikes: 1, volume: 1, spacing: spacing)
        let three = StrikeMix.render(Self.bell, strikes: 3, volume: 1, spacing: spacing)
        #expect(three.count == StrikeMix.start(ofStrike: 2, spacing: spacing, sampleRate: BellSynth.sampleRate) + one.count)
        let added = Double(three.count - one.count) / Double(BellSynth.sampleRate)
        #expect(abs(added - 2 * spacing) <= 0.05 * 2 * spacing, "two spacings, give or take a hand's few percent: \(added) s")
        #expect(added >= 4)
        #expect(StrikeMix.seconds(of: Self.bell, strikes: 3, spacing: spacing) == Double(three.count) / Double(BellSynth.sampleRate))
        #expect((2...5).contains(StrikeMix.spacing), "a recording's strikes come 2 to 5 seconds apart (issue 14)")
    }

    /// Issue 24: long bells (those that ring 10 s or more) are struck at least 5 s apart; the Wood Block,
    /// a knock, comes about once a second.
    @Test(arguments: Bell.allCases)
    func eachBellHasItsOwnSpacing(_ bell: Bell) {
        let spacing = BellSynth.spacing(for: bell.instrument)
        let rings = Double(BellMeasurementTests.sound(bell).count) / Double(BellSynth.sampleRate)
        if rings >= 10 {
            #expect(spacing >= 5, "\(bell) rings \(rings) s and is struck every \(spacing) s")
        } else {
            #expect(spacing >= rings && spacing <= 2, "\(bell) rings \(rings) s and is struck every \(spacing) s")
        }
    }

    /// Each strike after the first is a little early or late and a little softer or louder, by a fixed
    /// table: about ±1 dB and a few percent, so a mix is the same every time.
    @Test func strikesVaryAsAHandsDoWithinAboutOneDecibelAndAFewPercent() {
        let table = StrikeMix.variations
        #expect(table.count == StrikeMix.strikeCounts.upperBound)
        #expect(table[0].decibels == 0 && table[0].lateness == 0, "the first strike is the volume's reference")
        #expect(table.dropFirst().allSatisfy { abs($0.decibels) <= 1 && abs($0.lateness) <= 0.04 })
        #expect(Set(table.dropFirst().map(\.decibels)).count == table.count - 1, "no two strikes alike")
        #expect(table.dropFirst().contains { $0.decibels > 0 } && table.dropFirst().contains { $0.decibels < 0 })
        #expect(table.dropFirst().contains { $0.lateness > 0 } && table.dropFirst().contains { $0.lateness < 0 })
        // Measured in a mix: a click every strike, found where it starts and read at its height.
        let click = PCMSound(sampleRate: 8_000, samples: [0.5] + [Float](repeating: 0, count: 99))
        let mixed = StrikeMix.render(click, strikes: 9, volume: 1, spacing: 1)
        let onsets = mixed.indices.filter { mixed[$0] != 0 }
        #expect(onsets.count == 9)
        for (index, onset) in onsets.enumerated() {
            let late = Double(onset) / 8_000 - Double(index)
            #expect(abs(late - table[index].lateness) < 1.0 / 8_000, "strike \(index + 1) comes \(late) s late")
            let decibels = 20 * log10(Double(mixed[onset]) / 16_384)
            #expect(abs(decibels - table[index].decibels) < 0.01, "strike \(index + 1) is \(decibels) dB")
        }
        #expect(StrikeMix.render(click, strikes: 9, volume: 1, spacing: 1) == mixed, "the same every time")
    }

    /// Issue 24: in `Temple Bell x3` each earlier strike's end showed inside the mix as a 2.7 dB drop
    /// within 20 ms. Now each strike has rung out before it ends: what stops is 25 dB and more under the
    /// mix around it, a change of the mix's level of under 0.02 dB.
    @Test func noStrikesEndIsAudibleInsideTheMix() {
        let spacing = BellSynth.spacing(for: .templeBell)
        let mixed = StrikeMix.render(Self.bell, strikes: 3, volume: 1, spacing: spacing).map { Float($0) / 32_768 }
        let rate = BellSynth.sampleRate, window = rate / 20
        let strike = Self.bell.samples
        for index in 0..<2 {
            let end = StrikeMix.start(ofStrike: index, spacing: spacing, sampleRate: rate) + strike.count
            let ending = SoundMeasure.level(strike, (strike.count - window)..<strike.count) + 20 * log10(Double(StrikeMix.gain(ofStrike: index)))
            let around = SoundMeasure.level(mixed, (end - window)..<end)
            #expect(ending - around <= -25, "strike \(index + 1) ends \(ending - around) dB under the mix")
        }
        let step = SoundMeasure.largestStep(mixed, sampleRate: rate)
        #expect(step.decibels <= 12, "a fall of \(step.decibels) dB in 50 ms at \(step.seconds) s")
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
        let export = BellSynth.samples(for: c.bell.instrument)
        let spacing = BellSynth.spacing(for: c.bell.instrument)
        let mixed = StrikeMix.render(PCMSound(bell: c.bell.instrument), strikes: c.strikes, volume: c.volume, spacing: spacing)
        let firstStrike = mixed.prefix(min(export.count, StrikeMix.start(ofStrike: 1, spacing: spacing, sampleRate: BellSynth.sampleRate)))
        let ratio = Double(Self.peak(firstStrike)) / Double(Self.peak(export))
        #expect(abs(ratio - c.volume) <= 0.01 * c.volume, "peak ratio \(ratio)")
    }

    @Test func overlappingStrikesAddUp() {
        // A flat 4-second strike, 3 seconds apart: where the first and second overlap, and the second and
        // third, they add up, each at its own strike's gain.
        let strike = PCMSound(sampleRate: 8_000, samples: [Float](repeating: 0.25, count: 4 * 8_000))
        let mixed = StrikeMix.render(strike, strikes: 3, volume: 0.5)
        let start = (0..<3).map { StrikeMix.start(ofStrike: $0, spacing: StrikeMix.spacing, sampleRate: 8_000) }
        let level = (0..<3).map { Double(StrikeMix.gain(ofStrike: $0)) * 4_096 }
        #expect(mixed.count == start[2] + 4 * 8_000)
        #expect(mixed[0] == 4_096 && mixed[start[1] - 1] == 4_096)
        #expect(abs(Double(mixed[start[1] + 100]) - level[0] - level[1]) <= 1)
        #expect(abs(Double(mixed[start[2] + 100]) - level[1] - level[2]) <= 1)
        #expect(abs(Double(mixed[mixed.count - 1]) - level[2]) <= 1)
    }

    /// Ten seconds of a tone that never decays, nine times at full volume: up to four strikes overlap
    /// (3.8 × full scale), and the limiter keeps every sample under the ceiling, leaves the first strike
    /// alone until the second comes, and still sounds loud where it works.
    @Test(arguments: [8_000, 44_100])
    func aLoudOverlapNeverGoesPastTheCeiling(sampleRate: Int) {
        let tone = (0..<(10 * sampleRate)).map { Float(0.95 * sin(2 * Double.pi * 440 * Double($0) / Double(sampleRate))) }
        let strike = PCMSound(sampleRate: sampleRate, samples: tone)
        let mixed = StrikeMix.render(strike, strikes: 9, volume: 1)
        #expect(mixed.count == StrikeMix.start(ofStrike: 8, spacing: StrikeMix.spacing, sampleRate: sampleRate) + tone.count)
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
        #expect(StrikeMix.render(strike, strikes: 12, volume: 1).count == StrikeMix.start(ofStrike: 8, spacing: 3, sampleRate: 8_000) + 2)
        #expect(StrikeMix.render(strike, strikes: 2, volume: 1, spacing: .nan) == StrikeMix.render(strike, strikes: 2, volume: 1))
        #expect(StrikeMix.render(strike, strikes: 2, volume: 1, spacing: -1) == StrikeMix.render(strike, strikes: 2, volume: 1))
        #expect(StrikeMix.render(strike, strikes: 2, volume: 1, spacing: .infinity) == StrikeMix.render(strike, strikes: 2, volume: 1))
        #expect(StrikeMix.render(strike, strikes: 1, volume: 2) == [10_000, -10_000])
        #expect(StrikeMix.render(strike, strikes: 1, volume: -1) == [0, 0])
        #expect(StrikeMix.render(strike, strikes: 1, volume: .nan) == [0, 0])
        #expect(StrikeMix.render(PCMSound(sampleRate: 8_000, samples: []), strikes: 3, volume: 1).isEmpty)
    }

    @Test func samplesBecome16BitsRoundedAndClamped() {
        #expect(PCM16.sample(0) == 0)
        #expect(PCM16.sample(0.5) == 16_384)
        #expect(PCM16.sample(1.4 / 32_768) == 1)
        #expect(PCM16.sample(1.6 / 32_768) == 2)
        #expect(PCM16.sample(-1.6 / 32_768) == -2)
        #expect(PCM16.sample(1) == 32_767)
        #expect(PCM16.sample(-1) == -32_768)
        #expect(PCM16.sample(3) == 32_767)
        #expect(PCM16.sample(-3) == -32_768)
        #expect(PCM16.sample(.infinity) == 32_767)
        #expect(PCM16.sample(.nan) == 0)
    }

    @Test func aMixedWAVReadsBackAsTheSamplesRendered() throws {
        let strike = PCMSound(int16: [0, 3_000, -3_000, 12_000], sampleRate: 22_050)
        let sound = try WAVReader.decode(StrikeMix.wav(strike, strikes: 2, volume: 0.8))
        #expect(sound.sampleRate == 22_050)
        #expect(sound.samples.map(PCM16.sample) == StrikeMix.render(strike, strikes: 2, volume: 0.8))
    }
}
