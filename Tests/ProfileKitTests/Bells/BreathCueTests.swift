import Foundation
import SoundAnalysis
import Testing
import Breath
import ProfileKit
import TestDoubles
@testable import Sound
@testable import Players

/// Issue 48, items 3 and 5: the breathing cue in the one stream, measured from the samples: its phase
/// boundaries (the tone's dips and pitch, the ticks' onsets and pitch) against the pattern's times at
/// the start and the end of 20 minutes, its loudness (BS.1770) between the ambience's and the bells',
/// no clipping, its ducking under a bell, the volume keys and mute on it, and the ringer's placing of it
/// by the sit's seconds, stopped and resumed.
@Suite("the breathing cue", .disabled(if: Sanitizer.isOn, Sanitizer.note))
struct BreathCueTests {
    static let rate = StreamMixer.sampleRate
    static let hz = Double(rate)

    /// A pattern held full for long, to measure a steady tone: 1 s in, 30 s held, 1 s out.
    static let longHold = try! BreathPattern(inTenths: 10, holdIn: 300, outTenths: 10, holdOut: 0)

    static func pattern(_ name: String) -> BreathPattern {
        try! BreathPattern(parsing: name)
    }

    /// `seconds` more of `mixer`, its left channel.
    static func render(_ mixer: inout StreamMixer, seconds: Double) -> [Float] {
        var out: [Int16] = []
        mixer.render(StreamMixer.frames(seconds), into: &out)
        return SoundMeasure.left(out)
    }

    /// The pattern's boundaries (in seconds of the stream, its first in-breath at `origin` seconds) from
    /// `from` to `to`.
    static func expected(_ pattern: BreathPattern, origin: Double, from: Double, to: Double) -> [(time: Double, move: BreathMove)] {
        pattern.boundaries(from: from - origin, to: to - origin).map { ($0.time + origin, $0.phase.move) }
    }

    /// Each of `expected` (inside `window`, 0.2 s from its edges) against the nearest of `found`: the
    /// largest distance, and whether there are as many found as expected there.
    static func match(_ found: [Double], _ expected: [Double], window: ClosedRange<Double>) -> (worst: Double, counts: (Int, Int)) {
        let inner = (window.lowerBound + 0.2)...(window.upperBound - 0.2)
        let wanted = expected.filter { inner.contains($0) }
        let got = found.filter { inner.contains($0) }
        let worst = wanted.map { time in got.map { abs($0 - time) }.min() ?? .infinity }.max() ?? 0
        return (worst, (got.count, wanted.count))
    }

    // MARK: the synthesizer

    /// The cue's breath at each frame is ``BreathPattern/position(at:)``'s, to the frame.
    @Test(arguments: ["coherent", "box", "4-7-8", "sigh", "4,2,6,1"])
    func theCueFollowsThePatternsPosition(_ name: String) {
        let pattern = Self.pattern(name)
        let synth = BreathCueSynth(pattern: pattern, cue: .tone, volume: 1, origin: 1_000, end: nil)
        for time in stride(from: 0.0, to: 3 * pattern.cycleSeconds, by: 0.0137) {
            let frame = 1_000 + Int((time * Self.hz).rounded())
            let position = pattern.position(at: Double(frame - 1_000) / Self.hz)
            let place = synth.place(at: frame)
            #expect(abs(place.fullness - position.fullness) < 1e-9, "\(name) at \(time) s")
            if position.elapsed > 1e-6, position.remaining > 1e-6 {
                #expect(place.index == position.index, "\(name) at \(time) s")
            }
        }
    }

    // MARK: the tone over 20 minutes

    /// The tone's dips, found in the samples, mark every phase boundary within 20 ms of the pattern's
    /// time in the first 100 s and the last 100 s of a 20-minute sit: no drift. In-breaths rise in pitch
    /// and level, out-breaths fall, holds stay (a sigh's second in-breath rises further).
    @Test(arguments: ["coherent", "4-7-8", "sigh"])
    func theTonesBoundariesLandOnTimeOverTwentyMinutes(_ name: String) {
        let pattern = Self.pattern(name)
        let originFrame = 7_777
        let origin = Double(originFrame) / Self.hz
        var mixer = StreamMixer()
        mixer.startBreathCue(pattern, cue: .tone, volume: 1, origin: originFrame, end: nil)
        let total = 1_200.0, keep = 100.0
        let head = Self.render(&mixer, seconds: keep)
        var middle: [Int16] = []
        for _ in 0..<10 {
            middle.removeAll(keepingCapacity: true)
            mixer.render(StreamMixer.frames((total - 2 * keep) / 10), into: &middle)
        }
        let tail = Self.render(&mixer, seconds: keep)
        #expect(mixer.position == StreamMixer.frames(total))
        for (samples, start) in [(head, 0.0), (tail, total - keep)] {
            let dips = SoundMeasure.dips(samples, sampleRate: Self.rate).map { $0 + start }
            let wanted = Self.expected(pattern, origin: origin, from: start, to: start + keep).map(\.time)
            let (worst, counts) = Self.match(dips, wanted, window: start...(start + keep))
            #expect(worst <= 0.02, "\(name): a boundary \(Int(worst * 1000)) ms from the pattern's, at \(Int(start)) s")
            #expect(counts.0 == counts.1, "\(name): \(counts.0) dips for \(counts.1) boundaries at \(Int(start)) s")
            print("breath cue \(name) tone from \(Int(start)) s: \(counts.1) boundaries, the worst \(String(format: "%.1f", worst * 1000)) ms off")
        }
        // Pitch and level through the first breaths after the first 10 s.
        let phases = Self.expected(pattern, origin: origin, from: 10, to: 10 + 3 * pattern.cycleSeconds)
        let window = Int(0.1 * Self.hz)
        var lastInPitch = 0.0
        for (index, phase) in phases.enumerated().dropLast() {
            let length = phases[index + 1].time - phase.time
            func at(_ fraction: Double) -> (pitch: Double, level: Double) {
                let start = Int((phase.time + fraction * length) * Self.hz) - window / 2
                return (SoundMeasure.pitch(head, sampleRate: Self.rate, start: start, count: window, low: 150, high: 500),
                        SoundMeasure.level(head, start..<(start + window)))
            }
            let (early, late) = (at(0.25), at(0.75))
            switch phase.move {
            case .breatheIn, .topUp:
                #expect(late.pitch > early.pitch + 5 && late.level > early.level + 1, "\(name) \(phase.move) at \(phase.time): \(early) → \(late)")
                if phase.move == .topUp { #expect(late.pitch > lastInPitch, "the sigh's second in-breath rises further") }
                lastInPitch = at(0.9).pitch
            case .breatheOut:
                #expect(late.pitch < early.pitch - 5 && late.level < early.level - 1, "\(name) out at \(phase.time): \(early) → \(late)")
            case .hold:
                #expect(abs(late.pitch - early.pitch) < 1 && abs(late.level - early.level) < 0.3, "\(name) hold at \(phase.time): \(early) → \(late)")
            }
        }
    }

    /// The ticks start within 20 ms of every boundary at the start and the end of 20 minutes, their pitch
    /// telling in, hold and out apart.
    @Test func theTicksLandOnTimeOverTwentyMinutesAndTellThePhasesApart() {
        let pattern = BreathPattern.box
        let originFrame = 12_345
        let origin = Double(originFrame) / Self.hz
        var mixer = StreamMixer()
        mixer.startBreathCue(pattern, cue: .tick, volume: 1, origin: originFrame, end: nil)
        let total = 1_200.0, keep = 60.0
        let head = Self.render(&mixer, seconds: keep)
        var middle: [Int16] = []
        for _ in 0..<12 {
            middle.removeAll(keepingCapacity: true)
            mixer.render(StreamMixer.frames((total - 2 * keep) / 12), into: &middle)
        }
        let tail = Self.render(&mixer, seconds: keep)
        for (samples, start) in [(head, 0.0), (tail, total - keep)] {
            let onsets = SoundMeasure.onsets(samples, sampleRate: Self.rate, threshold: 0.005).map { $0 + start }
            let wanted = Self.expected(pattern, origin: origin, from: start, to: start + keep)
            let (worst, counts) = Self.match(onsets, wanted.map(\.time), window: start...(start + keep))
            #expect(worst <= 0.02, "a tick \(Int(worst * 1000)) ms from its boundary at \(Int(start)) s")
            #expect(counts.0 == counts.1, "\(counts.0) ticks for \(counts.1) boundaries at \(Int(start)) s")
            print("breath cue box ticks from \(Int(start)) s: \(counts.1) boundaries, the worst \(String(format: "%.1f", worst * 1000)) ms off")
            for boundary in wanted.prefix(4) where boundary.time > start + 0.1 {
                let at = Int((boundary.time - start + 0.005) * Self.hz)
                let pitch = SoundMeasure.pitch(samples, sampleRate: Self.rate, start: at, count: Int(0.06 * Self.hz))
                let want = switch boundary.move {
                case .breatheIn: BreathCueSynth.tickIn
                case .topUp: BreathCueSynth.tickTopUp
                case .hold: BreathCueSynth.tickHold
                case .breatheOut: BreathCueSynth.tickOut
                }
                #expect(abs(pitch - want) < 15, "a tick of \(boundary.move) at \(pitch) Hz, \(want) Hz wanted")
            }
        }
    }

    // MARK: loudness, clipping, ducking, the keys

    /// BS.1770: the tone's loudest 400 ms at least 6 LU under a bell's loudest and its integrated
    /// loudness at least 3 LU over the ambience's (−33 LUFS, ``SoundscapeSynth/loudness``, measured in
    /// SoundscapeTests); the tick's loudest between them too.
    @Test func theCueIsUnderTheBellsAndOverTheAmbience() {
        var tone = StreamMixer()
        tone.startBreathCue(.coherent, cue: .tone, volume: 1, origin: 0, end: nil)
        let toneSamples = Self.render(&tone, seconds: 60)
        var tick = StreamMixer()
        tick.startBreathCue(.box, cue: .tick, volume: 1, origin: 0, end: nil)
        let tickSamples = Self.render(&tick, seconds: 32)
        let toneLoudest = Loudness.blocks([toneSamples, toneSamples], sampleRate: Self.rate).max() ?? -.infinity
        let toneIntegrated = Loudness.integrated([toneSamples, toneSamples], sampleRate: Self.rate)
        let tickLoudest = Loudness.blocks([tickSamples, tickSamples], sampleRate: Self.rate).max() ?? -.infinity
        // Every bell rung in both channels, as the stream rings it: the quietest bell's loudest.
        let bells = Instrument.allCases.map { bell in
            let samples = BellSynth.samples(for: bell).map { Float($0) / 32768 }
            return Loudness.blocks([samples, samples], sampleRate: Self.rate).max() ?? -.infinity
        }
        let bellLoudest = bells.min() ?? 0
        let ambience = SoundscapeSynth.loudness
        print("breath cue loudness: tone loudest \(toneLoudest), integrated \(toneIntegrated); tick loudest \(tickLoudest); quietest bell's loudest \(bellLoudest); ambience \(ambience) LUFS")
        #expect(toneLoudest <= bellLoudest - 6)
        #expect(toneIntegrated >= ambience + 3)
        #expect(tickLoudest <= bellLoudest - 6 && tickLoudest >= ambience + 3)
    }

    /// Bells, ambience and cue all at full volume: nothing reaches the ends of the 16-bit range.
    @Test(arguments: [BreathCue.tone, .tick, .swell])
    func nothingClipsAtFullVolume(_ cue: BreathCue) {
        var mixer = StreamMixer(ambience: .generated(.ocean, seed: 1), ambienceVolume: 1)
        mixer.fadeAmbience(true, seconds: 0)
        mixer.startBreathCue(.coherent, cue: cue, volume: 1, origin: 0, end: nil)
        for (index, bell) in Instrument.allCases.enumerated() {
            mixer.add(BellSynth.samples(for: bell).map { Float($0) / 32768 }, at: StreamMixer.frames(5.5 * Double(index) + 2.7))
        }
        var out: [Int16] = []
        mixer.render(StreamMixer.frames(40), into: &out)
        let (peak, pinned) = SoundMeasure.peak(out)
        print("breath cue \(cue) with every bell and the ocean at full volume: peak \(peak) of 32767")
        #expect(pinned == 0 && peak < 32_767, "peak \(peak), \(pinned) samples pinned")
    }

    /// While a bell rings the cue is ducked (a ramp from 50 ms before the bell, no step), and comes back
    /// once it has faded. The cue is the stream with the bell less the bell alone.
    @Test func theCueIsDuckedWhileABellRings() {
        let bell = BellSynth.samples(for: .woodBlock).map { Float($0) / 32768 }
        let bellAt = StreamMixer.frames(5)
        var with = StreamMixer(), without = StreamMixer()
        with.startBreathCue(Self.longHold, cue: .tone, volume: 1, origin: 0, end: nil)
        with.add(bell, at: bellAt)
        without.add(bell, at: bellAt)
        let both = Self.render(&with, seconds: 20), alone = Self.render(&without, seconds: 20)
        let cue = zip(both, alone).map { $0 - $1 }
        func level(_ from: Double, _ to: Double) -> Double { SoundMeasure.level(cue, Int(from * Self.hz)..<Int(to * Self.hz)) }
        let before = level(3, 4), during = level(5.02, 5.3), bellEnds = Double(bell.count) / Self.hz
        print("breath cue ducking: \(before) dB before the bell, \(during) dB under it (a bell of \(bellEnds) s)")
        #expect(during <= before - 12, "\(before) → \(during) dB under the bell")
        #expect(level(4.995, 5.0) <= before - 10, "down before the strike")
        #expect(abs(level(18, 19) - before) < 0.5, "back once the bell faded")
        // A ramp, not a step: 5 ms levels never fall more than 6 dB from one to the next.
        let steps = SoundMeasure.levels(Array(cue[Int(4.8 * Self.hz)..<Int(5.2 * Self.hz)]), sampleRate: Self.rate, window: 0.005, step: 0.005)
        let fall = zip(steps, steps.dropFirst()).map { $0 - $1 }.max() ?? 0
        #expect(fall < 6, "a fall of \(fall) dB in 5 ms")
    }

    /// A long bell (a Singing Bowl at full volume rings for many seconds) holds the cue down for its
    /// strike and loud first seconds only: the cue is back, under the bell's ring, within 6 s, so the
    /// first breaths of a sit are heard.
    @Test func aLongBellHoldsTheCueDownOnlyForItsLoudStart() {
        let bell = BellSynth.samples(for: .singingBowl).map { Float($0) / 32768 }
        var with = StreamMixer(), without = StreamMixer()
        with.startBreathCue(Self.longHold, cue: .tone, volume: 1, origin: 0, end: nil)
        with.add(bell, at: StreamMixer.frames(5))
        without.add(bell, at: StreamMixer.frames(5))
        let both = Self.render(&with, seconds: 14), alone = Self.render(&without, seconds: 14)
        let cue = zip(both, alone).map { $0 - $1 }
        func level(_ from: Double, _ to: Double) -> Double { SoundMeasure.level(cue, Int(from * Self.hz)..<Int(to * Self.hz)) }
        #expect(Double(bell.count) / Self.hz > 12, "the bowl rings past the window")
        #expect(level(5.1, 5.5) <= level(3, 4) - 12, "down under the strike")
        #expect(abs(level(11, 12) - level(3, 4)) < 0.5, "back 6 s after the strike: \(level(11, 12)) dB, \(level(3, 4)) dB before")
    }

    /// A phase shorter than a tick (a hold of a tenth of a second) gets a tick as long as the phase,
    /// faded to nothing by its end: the next phase's tick starts on silence, not on a cut (a click).
    @Test func aTickNeverOutlastsItsPhase() throws {
        let pattern = try BreathPattern(inTenths: 40, holdIn: 1, outTenths: 60, holdOut: 0)
        var mixer = StreamMixer()
        mixer.startBreathCue(pattern, cue: .tick, volume: 1, origin: 0, end: nil)
        let samples = Self.render(&mixer, seconds: 4.2)
        let boundary = Int(4.1 * Self.hz)
        let lastMillisecond = samples[(boundary - Int(0.001 * Self.hz))..<boundary].map { abs($0) }.max() ?? 1
        #expect(lastMillisecond < 1e-3, "the hold's tick is at \(lastMillisecond) as the out-breath's starts")
        #expect((samples[(Int(4.0 * Self.hz))..<boundary].map { abs($0) }.max() ?? 0) > 0.01, "the hold has its tick")
    }

    /// The volume keys and mute act on the cue as on everything else.
    @Test func volumeAndMuteActOnTheCue() {
        var mixer = StreamMixer()
        mixer.startBreathCue(Self.longHold, cue: .tone, volume: 1, origin: 0, end: nil)
        let full = Self.render(&mixer, seconds: 3)
        mixer.setVolume(decibels: -9)
        let lower = Self.render(&mixer, seconds: 1)
        mixer.setMuted(true)
        let muted = Self.render(&mixer, seconds: 1)
        mixer.setMuted(false)
        let back = Self.render(&mixer, seconds: 1)
        let reference = SoundMeasure.level(full, Int(2 * Self.hz)..<Int(3 * Self.hz))
        #expect(abs(SoundMeasure.level(lower, Int(0.5 * Self.hz)..<lower.count) - (reference - 9)) < 0.1)
        #expect(SoundMeasure.level(muted, Int(0.5 * Self.hz)..<muted.count) == -.infinity)
        #expect(abs(SoundMeasure.level(back, Int(0.5 * Self.hz)..<back.count) - (reference - 9)) < 0.1)
        // Half the cue's volume: 6 dB down (linear, as the ambience's volume).
        var half = StreamMixer()
        half.startBreathCue(Self.longHold, cue: .tone, volume: 0.5, origin: 0, end: nil)
        let halfSamples = Self.render(&half, seconds: 3)
        #expect(abs(SoundMeasure.level(halfSamples, Int(2 * Self.hz)..<Int(3 * Self.hz)) - (reference - 6.02)) < 0.1)
    }

    /// The swell: the ambience 12 dB louder held full than held empty at volume 100%, rising with the
    /// in-breath; with no ambience to swell, the tone plays instead.
    @Test func theSwellMovesTheAmbience() {
        let (loop, _) = TestTone.loop()
        var mixer = StreamMixer(ambience: loop, ambienceVolume: 0.5)
        mixer.fadeAmbience(true, seconds: 0)
        mixer.startBreathCue(.box, cue: .swell, volume: 1, origin: 0, end: nil)
        #expect(mixer.breathCue == .swell)
        let samples = Self.render(&mixer, seconds: 32)
        func level(_ from: Double, _ to: Double) -> Double { SoundMeasure.level(samples, Int(from * Self.hz)..<Int(to * Self.hz)) }
        // The second breath: in 16–20, held full 20–24, out 24–28, held empty 28–32.
        let swing = level(21, 23) - level(29, 31)
        #expect(abs(swing - 12) < 0.3, "a swell of \(swing) dB")
        #expect(level(18.5, 19) > level(17, 17.5) + 3)
        #expect(level(26.5, 27) < level(25, 25.5) - 3)
        var bare = StreamMixer()
        bare.startBreathCue(.box, cue: .swell, volume: 1, origin: 0, end: nil)
        #expect(bare.breathCue == .tone)
        #expect(SoundMeasure.level(Self.render(&bare, seconds: 6), Int(5 * Self.hz)..<Int(6 * Self.hz)) > -40)
    }

    /// The cue costs little: measured on a minute of the tone against a minute with no cue.
    @Test func theCueIsCheap() {
        func time(_ cue: BreathCue?) -> Double {
            var mixer = StreamMixer()
            if let cue { mixer.startBreathCue(.coherent, cue: cue, volume: 1, origin: 0, end: nil) }
            var out: [Int16] = []
            out.reserveCapacity(2 * StreamMixer.frames(60))
            let clock = ContinuousClock()
            let elapsed = clock.measure { mixer.render(StreamMixer.frames(60), into: &out) }
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        let plain = time(nil), tone = time(.tone), tick = time(.tick)
        print("breath cue cost: a minute rendered in \(plain) s bare, \(tone) s with the tone, \(tick) s with ticks")
        // Under 3% of a core for the cue itself (at most 1.8 s of work for a minute of stream).
        #expect(tone - plain < 1.8 && tick - plain < 1.8)
    }

    // MARK: the ringer

    static func pacing(_ pattern: BreathPattern = .box, cue: BreathCue = .tick, start: Double = 0, end: Double? = nil) -> BreathPacing {
        BreathPacing(pattern: pattern, cue: cue, volume: 100, start: start, end: end)
    }

    /// A call at sit second S puts the pacing's start at the frame heard now plus (start − S), and
    /// every boundary after at its frame.
    @Test func theRingerPlacesTheCueByTheSitsSeconds() {
        let clock = ManualClock()
        let sink = FakeSink(clock: clock)
        let ringer = StreamRinger(sinks: [{ .success(sink) }], fallback: nil, clock: clock.sound)
        let start = clock.time
        #expect(ringer.setBreathCue(Self.pacing(start: 10), sitSeconds: 9.5, at: clock.time))
        StreamRingerTests.drive(ringer, clock: clock, until: start + 30)
        let onsets = SoundMeasure.onsets(sink.left, sampleRate: Self.rate, threshold: 0.005)
        let wanted = Self.expected(.box, origin: 0.5, from: 0, to: 29.5).map(\.time)
        #expect(onsets.count == wanted.count, "\(onsets) for \(wanted)")
        for (found, time) in zip(onsets, wanted) { #expect(abs(found - time) <= 0.02, "a tick at \(found) s for \(time) s") }
    }

    /// A call that comes late (the run decided at `at`, then made and rang a bell for 40 ms) places the
    /// cue by `at`, not by when it came: the ticks are where they would have been (at load in CI every
    /// boundary was 34 ms late in the stream when the call's own time was taken).
    @Test func aLateCallPlacesTheCueByTheRunsTime() {
        let clock = ManualClock()
        let sink = FakeSink(clock: clock)
        let ringer = StreamRinger(sinks: [{ .success(sink) }], fallback: nil, clock: clock.sound)
        let decided = clock.time
        // The start bell (a short knock) starts the stream: its frame 0 is heard at `decided`.
        _ = ringer.ring(BellChoice(.woodBlock))
        clock.time += 0.04
        #expect(ringer.setBreathCue(Self.pacing(start: 2), sitSeconds: 0, at: decided))
        StreamRingerTests.drive(ringer, clock: clock, until: decided + 20)
        let onsets = SoundMeasure.onsets(sink.left, sampleRate: Self.rate, threshold: 0.005).filter { $0 > 1.5 }
        let wanted = Self.expected(.box, origin: 2, from: 1.5, to: 19.5).map(\.time)
        #expect(onsets.count == wanted.count, "\(onsets) for \(wanted)")
        for (found, time) in zip(onsets, wanted) { #expect(abs(found - time) <= 0.005, "a tick at \(found) s for \(time) s") }
    }

    /// A late wake-up (the run slept a second past its time) does not make up what was missed: the
    /// stream goes on from the frame heard now, and the cue is placed again by the sit's time, so every
    /// tick after it is still heard at its time.
    @Test func aLateWakeUpMovesTheStreamAndTheCueWithIt() {
        let clock = ManualClock()
        let sink = FakeSink(clock: clock)
        let ringer = StreamRinger(sinks: [{ .success(sink) }], fallback: nil, clock: clock.sound)
        let start = clock.time
        #expect(ringer.setBreathCue(Self.pacing(), sitSeconds: 0, at: clock.time))
        StreamRingerTests.drive(ringer, clock: clock, until: start + 10)
        let written = sink.left.count
        #expect(Double(written) / Self.hz < 11)
        clock.time = start + 11
        _ = ringer.check()
        StreamRingerTests.drive(ringer, clock: clock, until: start + 30)
        // The frame `written` is heard at 11 s: a sample after it at 11 s plus its distance from it.
        let onsets = SoundMeasure.onsets(Array(sink.left[written...]), sampleRate: Self.rate, threshold: 0.005).map { 11 + $0 }
        #expect(onsets.count == 5 && zip(onsets, [12.0, 16, 20, 24, 28]).allSatisfy { abs($0 - $1) <= 0.02 }, "\(onsets)")
    }

    /// Stopped (nil: a pause) the cue fades and the stream goes quiet; resumed at the sit's seconds after
    /// the pause, its boundaries follow from there.
    @Test func theCueStopsAndResumesAcrossAPause() {
        let clock = ManualClock()
        let sink = FakeSink(clock: clock)
        let ringer = StreamRinger(sinks: [{ .success(sink) }], fallback: nil, clock: clock.sound)
        let start = clock.time
        let pacing = Self.pacing(.coherent, cue: .tone)
        #expect(ringer.setBreathCue(pacing, sitSeconds: 0, at: clock.time))
        StreamRingerTests.drive(ringer, clock: clock, until: start + 7)
        #expect(!ringer.setBreathCue(nil, sitSeconds: 7, at: clock.time))
        StreamRingerTests.drive(ringer, clock: clock, until: start + 17)
        #expect(!ringer.isSounding, "paused with nothing else: the stream goes idle")
        let paused = sink.left.count
        #expect(ringer.setBreathCue(pacing, sitSeconds: 7, at: clock.time))
        StreamRingerTests.drive(ringer, clock: clock, until: start + 40)
        let left = sink.left
        // Faded out over 0.15 s from the last frame written before the stop (0.35 s at most ahead),
        // then nothing more written: the stream went quiet.
        // (The top-up that wrote the fade's end writes on to the high water mark.)
        #expect(Double(paused) / Self.hz <= 7 + 2 * StreamPacer.highWater + StreamMixer.cueFadeSeconds, "\(Double(paused) / Self.hz) s")
        #expect(SoundMeasure.level(left, (paused - Int(0.01 * Self.hz))..<paused) < -50)
        #expect(SoundMeasure.level(left, Int(6.5 * Self.hz)..<Int(6.9 * Self.hz)) > -40, "heard until the stop")
        // After the pause the sit's second 11 (the next in-breath) is heard 4 s after the resume.
        let resumed = Double(paused) / Self.hz
        let dips = SoundMeasure.dips(Array(left[paused...]), sampleRate: Self.rate).map { $0 + resumed }
        let wanted = Self.expected(.coherent, origin: resumed - 7, from: resumed + 0.5, to: resumed + 23)
        let (worst, counts) = Self.match(dips, wanted.map(\.time), window: (resumed + 0.3)...(resumed + 23))
        #expect(worst <= 0.02 && counts.0 == counts.1, "resumed: \(dips) for \(wanted.map(\.time))")
        // Before the pause too.
        let early = SoundMeasure.dips(Array(left[..<paused]), sampleRate: Self.rate)
        #expect(early.contains { abs($0 - 5.5) <= 0.02 }, "\(early)")
    }

    /// Heard only with a stream and a cue to hear; a call that agrees with the playing cue moves nothing.
    @Test func theRingerSaysWhetherTheCueIsHeard() {
        let clock = ManualClock()
        let none = StreamRinger(sinks: [], fallback: nil, clock: clock.sound)
        #expect(!none.setBreathCue(Self.pacing(), sitSeconds: 0, at: clock.time))
        let sink = FakeSink(clock: clock)
        let ringer = StreamRinger(sinks: [{ .success(sink) }], fallback: nil, clock: clock.sound)
        #expect(!ringer.setBreathCue(Self.pacing(cue: .none), sitSeconds: 0, at: clock.time))
        #expect(!ringer.setBreathCue(Self.pacing(end: 60), sitSeconds: 60, at: clock.time), "the pacing is over")
        #expect(!ringer.setBreathCue(nil, sitSeconds: 0, at: clock.time))
        #expect(ringer.setBreathCue(Self.pacing(), sitSeconds: 0, at: clock.time))
        let start = clock.time
        StreamRingerTests.drive(ringer, clock: clock, until: start + 5)
        // The caller's clock a few milliseconds off: the cue stays where it is.
        #expect(ringer.setBreathCue(Self.pacing(), sitSeconds: 5.01, at: clock.time))
        StreamRingerTests.drive(ringer, clock: clock, until: start + 13)
        let onsets = SoundMeasure.onsets(sink.left, sampleRate: Self.rate, threshold: 0.005)
        #expect(onsets.count == 4 && zip(onsets, [0.0, 4, 8, 12]).allSatisfy { abs($0 - $1) <= 0.002 }, "\(onsets)")
    }
}
