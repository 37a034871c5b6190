import Foundation
import SoundAnalysis
import Testing
import ProfileKit
import Breath
import TestDoubles
@testable import Sound
@testable import Players

/// Issue 38, item 3: the run's one stream of sound, mixed in the program and paced by the clock, with a
/// fake clock and a fake sink: everything is measured from the samples the sink received and the times
/// it received them.
@Suite("one stream of sound")
struct StreamRingerTests {
    /// The clock the test moves (``ManualClock``), and the sink (``FakeSink``) and fallback
    /// (``NotingRinger``) it drives: TestDoubles'.
    typealias Clock = ManualClock
    typealias Fallback = NotingRinger

    static let rate = StreamMixer.sampleRate

    /// The test tone loop (200 Hz left, 300 Hz right, half scale) at `volume`.
    static func tone(_ volume: Int = 100) -> (source: AmbienceSource, volume: Int) {
        TestTone.loop(volume: volume)
    }

    /// A ringer over `sinks` on `clock`.
    static func ringer(_ sinks: [FakeSink], clock: Clock, ambience: (source: AmbienceSource, volume: Int)? = nil) -> StreamRinger {
        StreamRinger(sinks: sinks.map { sink in { .success(sink) } }, fallback: nil, ambience: ambience, clock: clock.sound)
    }

    /// Runs the ringer as the run does: wakes when ``StreamRinger/nextCheck`` asks (or after `idle` when
    /// it asks nothing), until `until`; returns the wake-ups.
    @discardableResult
    static func drive(_ ringer: StreamRinger, clock: Clock, until: Double, idle: Double = 1) -> Int {
        var wakes = 0
        while clock.time < until {
            clock.time = min(until, max(clock.time + 0.001, ringer.nextCheck ?? (clock.time + idle)))
            _ = ringer.check()
            wakes += 1
        }
        return wakes
    }

    /// The most bytes the sink ever held beyond the time elapsed since the stream's first byte, in seconds.
    static func mostAhead(_ sink: FakeSink) -> Double {
        guard let first = sink.arrivals.first else { return 0 }
        return sink.arrivals.map { Double($0.total) / Double(4 * rate) - ($0.time - first.time) }.max() ?? 0
    }

    @Test func withNothingToPlayNothingIsWrittenAndNoWakeUpAsked() {
        let clock = Clock()
        let sink = FakeSink(clock: clock)
        let ringer = Self.ringer([sink], clock: clock)
        #expect(ringer.nextCheck == nil)
        _ = ringer.check()
        clock.time += 60
        _ = ringer.check()
        #expect(sink.bytes.isEmpty)
        #expect(ringer.nextCheck == nil)
    }

    /// The ambience plays at most 0.5 s ahead of the clock, topped up a few times a second: ≤ 10 wake-ups
    /// a second (issue 38, item 6).
    @Test func theStreamIsPacedByTheClock() {
        let clock = Clock()
        let sink = FakeSink(clock: clock)
        let ringer = Self.ringer([sink], clock: clock, ambience: Self.tone(30))
        ringer.fadeAmbience(true, seconds: 0)
        let wakes = Self.drive(ringer, clock: clock, until: clock.time + 20)
        #expect(wakes <= 200 && wakes >= 40, "\(wakes) wake-ups in 20 s")
        #expect(Self.mostAhead(sink) <= StreamRinger.maximumAhead, "\(Self.mostAhead(sink)) s ahead")
        #expect(ringer.mostAhead <= StreamRinger.maximumAhead)
        let seconds = Double(sink.bytes.count) / Double(4 * Self.rate)
        #expect(seconds >= 20 && seconds <= 20.5, "\(seconds) s written in 20 s")
    }

    /// The ambience fades in over the given time: quiet at first, at its level once the fade is done.
    @Test func theAmbienceFadesIn() {
        let clock = Clock()
        let sink = FakeSink(clock: clock)
        let ringer = Self.ringer([sink], clock: clock, ambience: Self.tone(100))
        ringer.fadeAmbience(true, seconds: 8)
        Self.drive(ringer, clock: clock, until: clock.time + 10)
        let left = sink.left
        let first = SoundMeasure.level(left, 0..<Self.rate / 2)
        let full = SoundMeasure.level(left, 8 * Self.rate..<9 * Self.rate)
        // A half-scale sine is −9 dB RMS (−3 dB for a full-scale one, SoundMeasure.decibels).
        #expect(abs(full - -9.03) < 0.2, "\(full) dB once faded in")
        #expect(first < full - 20, "\(first) dB in the first half second")
        let seconds = (0..<8).map { SoundMeasure.level(left, $0 * Self.rate..<($0 + 1) * Self.rate) }
        #expect(zip(seconds, seconds.dropFirst()).allSatisfy { $0 < $1 }, "rising: \(seconds)")
    }

    /// Three presses of `-` (−9 dB) are heard within half a second; mute is silence, unmute brings the
    /// sound back; no step clicks (the change is a ramp of ``StreamMixer/gainSeconds``).
    @Test func volumeAndMuteAreHeardWithinHalfASecond() {
        let clock = Clock()
        let sink = FakeSink(clock: clock)
        let ringer = Self.ringer([sink], clock: clock, ambience: Self.tone(100))
        ringer.fadeAmbience(true, seconds: 0)
        let start = clock.time
        Self.drive(ringer, clock: clock, until: start + 2)
        ringer.setVolume(decibels: -9)
        Self.drive(ringer, clock: clock, until: start + 4)
        ringer.setMuted(true)
        Self.drive(ringer, clock: clock, until: start + 6)
        ringer.setMuted(false)
        Self.drive(ringer, clock: clock, until: start + 8)
        let left = sink.left
        let second = { (at: Double) in SoundMeasure.level(left, Int(at * Double(Self.rate))..<Int((at + 0.1) * Double(Self.rate))) }
        let before = second(1.8)
        #expect(second(2.5) <= before - 8.9 && second(2.5) >= before - 9.1, "\(before) → \(second(2.5)) dB half a second after −9 dB")
        #expect(second(4.5) == -.infinity, "muted: \(second(4.5)) dB")
        #expect(abs(second(6.5) - (before - 9)) < 0.1, "unmuted: \(second(6.5)) dB")
        let step = SoundMeasure.largestStep(left, sampleRate: Self.rate)
        #expect(step.decibels > -60, "the largest fall, \(step)")
    }

    /// A bell due while the ambience plays ahead lands at its time: the lead stops at its frame.
    @Test func aBellLandsAtItsTimeUnderTheAmbience() {
        let clock = Clock()
        let sink = FakeSink(clock: clock)
        let ringer = Self.ringer([sink], clock: clock, ambience: Self.tone(1))
        ringer.fadeAmbience(true, seconds: 0)
        let start = clock.time
        let bellAt = start + 3.3
        ringer.expectBell(at: bellAt)
        Self.drive(ringer, clock: clock, until: bellAt)
        _ = ringer.ring(BellChoice(.woodBlock))
        Self.drive(ringer, clock: clock, until: bellAt + 2)
        let left = sink.left
        // The tone at 1 % is 0.005 at most; the bell's first strike far louder.
        let onset = left.firstIndex { abs($0) > 0.02 }
        let heard = Double(onset ?? 0) / Double(Self.rate)
        #expect(abs(heard - 3.3) <= 0.02, "the bell's first sample at \(heard) s, planned at 3.3 s")
    }

    /// With nothing else sounding, a bell starts the stream, which rings it whole and then goes quiet.
    @Test func aBellAloneRingsWholeThenTheStreamGoesIdle() throws {
        let clock = Clock()
        let sink = FakeSink(clock: clock)
        let ringer = Self.ringer([sink], clock: clock)
        let choice = BellChoice(.woodBlock)
        let report = ringer.ring(choice)
        #expect(report.via == "fake" && report.sounded)
        #expect(ringer.isSounding)
        let wakes = Self.drive(ringer, clock: clock, until: clock.time + 30)
        let length = StrikeMix.seconds(of: PCMSound(bell: .woodBlock), strikes: 1, spacing: BellSynth.spacing(for: .woodBlock))
        let written = Double(sink.bytes.count) / Double(4 * Self.rate)
        #expect(written >= length && written <= length + 0.5, "\(written) s written for a bell of \(length) s")
        #expect(!ringer.isSounding)
        #expect(ringer.nextCheck == nil, "idle: no wake-up asked")
        #expect(Double(wakes) <= length / (StreamRinger.highWater - StreamRinger.lowWater) + 30 + 3, "\(wakes) wake-ups")
        // Both channels carry the bell, sample for sample as StrikeMix renders it.
        let mono = StrikeMix.render(PCMSound(bell: .woodBlock), strikes: 1, volume: 1, spacing: BellSynth.spacing(for: .woodBlock))
        #expect(Array(sink.left.prefix(1000)) == mono.prefix(1000).map { Float($0) / 32768 })
        #expect(sink.left == sink.right)
    }

    /// A sink that stops taking the sound is replaced by the next, and that is said once.
    @Test func aDeadSinkIsReplacedAndSaidOnce() {
        let clock = Clock()
        let first = FakeSink("first", clock: clock), second = FakeSink("second", clock: clock)
        let ringer = Self.ringer([first, second], clock: clock, ambience: Self.tone(30))
        ringer.fadeAmbience(true, seconds: 0)
        Self.drive(ringer, clock: clock, until: clock.time + 1)
        first.dead = true
        clock.time += 0.3
        let checked = ringer.check()
        #expect(checked.notes == ["first stopped; second plays the sound from now on"])
        Self.drive(ringer, clock: clock, until: clock.time + 1)
        #expect(ringer.check().notes.isEmpty)
        #expect(!second.bytes.isEmpty)
        #expect(first.closed)
    }

    /// The last sink lost within a bell's first seconds (a player with no server to play to): the bell
    /// rings again through the fallback, and the volume keys set before reach the fallback too.
    @Test func aBellTheLastSinkLostRingsThroughTheFallback() {
        let clock = Clock()
        let only = FakeSink("only", clock: clock)
        let fallback = Fallback()
        let ringer = StreamRinger(sinks: [{ .success(only) }], fallback: fallback, ambience: nil, clock: clock.sound)
        ringer.setVolume(decibels: -6)
        ringer.setMuted(false)
        _ = ringer.ring(BellChoice(.gong))
        only.dead = true
        clock.time += 0.3
        #expect(ringer.check().notes == ["only stopped; the bells' players ring the bells from now on"])
        #expect(fallback.rung == [BellChoice(.gong)])
        #expect(fallback.volumes == [-6] && fallback.muted == [false])
        // A bell rung longer ago than the grace is not rung twice.
        let later = FakeSink("later", clock: clock)
        let other = Fallback()
        let second = StreamRinger(sinks: [{ .success(later) }], fallback: other, ambience: nil, clock: clock.sound)
        _ = second.ring(BellChoice(.tingsha))
        Self.drive(second, clock: clock, until: clock.time + StreamRinger.ringAgainWithin + 0.5)
        later.dead = true
        clock.time += 0.1
        _ = second.check()
        #expect(other.rung.isEmpty)
    }

    /// Issue 48: a breathing cue playing when the last sink dies goes with it, and the note that says
    /// who rings the bells says so too; the cue is not heard when asked again.
    @Test func aCueTheLastSinkLostIsSaidNotHeard() {
        let clock = Clock()
        let only = FakeSink("only", clock: clock)
        let ringer = StreamRinger(sinks: [{ .success(only) }], fallback: Fallback(), ambience: nil, clock: clock.sound)
        let pacing = BreathPacing(pattern: .coherent, cue: .tone, volume: 50, start: 0, end: nil)
        #expect(ringer.setBreathCue(pacing, sitSeconds: 0, at: clock.time))
        Self.drive(ringer, clock: clock, until: 1)
        only.dead = true
        clock.time += 0.3
        #expect(ringer.check().notes == ["only stopped; the bells' players ring the bells from now on; the breath is shown, not heard"])
        #expect(!ringer.setBreathCue(pacing, sitSeconds: 1.3, at: clock.time))
        #expect(ringer.check().notes.isEmpty, "said once")
    }

    /// A sink that takes nothing cannot hold up the run: nothing piles up, the wake-ups stay few.
    @Test func aStuckSinkHangsNothing() {
        let clock = Clock()
        let sink = FakeSink(clock: clock)
        sink.capacity = 0
        let ringer = Self.ringer([sink], clock: clock, ambience: Self.tone(30))
        ringer.fadeAmbience(true, seconds: 0)
        let wakes = Self.drive(ringer, clock: clock, until: clock.time + 10)
        #expect(wakes <= 250, "\(wakes) wake-ups in 10 s")
        #expect(ringer.mostAhead <= StreamRinger.maximumAhead)
    }

    // MARK: issue 46, item 4: a sink that stops reading

    /// Drives `ringer` as the run does, noting each note with the clock's time.
    static func notes(_ ringer: StreamRinger, clock: Clock, until: Double) -> (notes: [(at: Double, note: String)], unsounded: Int) {
        var notes: [(at: Double, note: String)] = []
        var unsounded = 0
        while clock.time < until {
            clock.time = min(until, max(clock.time + 0.001, ringer.nextCheck ?? (clock.time + 0.1)))
            let checked = ringer.check()
            notes += checked.notes.map { (clock.time, $0) }
            unsounded += checked.unsounded
        }
        return (notes, unsounded)
    }

    /// A player that never reads fills its pipe and then takes nothing: 2 s of the ringer's clock later
    /// it has failed, said once in the words of the other failures, and the next plays the sound from
    /// where the mix is; the bell it held did not reach a sink, but the next reads the rest of it.
    @Test func aSinkThatReadsNothingFailsAfterTwoSecondsAndTheNextTakesOver() {
        let clock = Clock()
        let stuck = FakeSink("stuck", clock: clock), next = FakeSink("next", clock: clock)
        stuck.reading = false
        let ringer = Self.ringer([stuck, next], clock: clock)
        let start = clock.time
        #expect(ringer.ring(BellChoice(.singingBowl)).sounded)
        let before = Self.notes(ringer, clock: clock, until: start + StreamRinger.stallLimit - 0.1)
        #expect(before.notes.isEmpty && !stuck.closed, "failed early: \(before.notes)")
        #expect(stuck.unread > 0 && next.bytes.isEmpty)
        let after = Self.notes(ringer, clock: clock, until: start + StreamRinger.stallLimit + 1)
        #expect(after.notes.map(\.note) == ["stuck took no sound for 2 s and was stopped; next plays the sound from now on"])
        #expect(after.notes.allSatisfy { $0.at <= start + StreamRinger.stallLimit + 0.1 }, "said at \(after.notes.map(\.at))")
        #expect(stuck.closed && !next.bytes.isEmpty)
        // The singing bowl rings for many seconds: the next sink read the rest of it, so it sounded.
        #expect(before.unsounded + after.unsounded == 0)
        #expect(Self.notes(ringer, clock: clock, until: clock.time + 5).notes.isEmpty, "said once")
    }

    /// A bell no sink read is not counted: the count comes back as unsounded, and the run knows when it
    /// will know (``StreamRinger/soundedKnownBy``) instead of counting at once.
    @Test func aBellNoSinkReadIsNotCounted() throws {
        let clock = Clock()
        let stuck = FakeSink("stuck", clock: clock)
        stuck.reading = false
        let ringer = Self.ringer([stuck], clock: clock)
        let start = clock.time
        _ = ringer.ring(BellChoice(.woodBlock))
        let known = try #require(ringer.soundedKnownBy)
        #expect(abs(known - (start + StreamRinger.stallLimit)) < 0.01, "known by \(known - start) s")
        let driven = Self.notes(ringer, clock: clock, until: start + 3)
        #expect(driven.unsounded == 1)
        #expect(driven.notes.map(\.note) == ["stuck took no sound for 2 s and was stopped; no sound from now on"])
        #expect(ringer.soundedKnownBy == nil)
        // A sink that reads: known as soon as it read the bell's first frame, and counted.
        let reader = FakeSink("reader", clock: clock)
        let healthy = Self.ringer([reader], clock: clock)
        _ = healthy.ring(BellChoice(.woodBlock))
        #expect(healthy.soundedKnownBy == nil)
        #expect(Self.notes(healthy, clock: clock, until: clock.time + 3).unsounded == 0)
    }

    /// Three sinks in a row that never read (`pw-cat`, `pacat`, `aplay` stuck): each fails 2 s after it
    /// started and the next goes on from where the mix is, while the bell rung at 0 still sounds. None
    /// read a frame of it, so it did not sound: the next sink's first look (nothing written to it yet)
    /// does not confirm it, and it comes back as unsounded once no sink is left (hostile run, issue 46).
    @Test func aBellThreeStuckSinksNeverReadIsNotCounted() {
        let clock = Clock()
        let sinks = ["pw-cat", "pacat", "aplay"].map { FakeSink($0, clock: clock) }
        for sink in sinks { sink.reading = false }
        let fallback = Fallback()
        let ringer = StreamRinger(sinks: sinks.map { sink in { .success(sink) } }, fallback: fallback, ambience: nil,
                                  clock: clock.sound)
        let start = clock.time
        #expect(ringer.ring(BellChoice(.singingBowl)).sounded)
        let driven = Self.notes(ringer, clock: clock, until: start + 3 * StreamRinger.stallLimit + 1)
        #expect(driven.notes.map(\.note) == [
            "pw-cat took no sound for 2 s and was stopped; pacat plays the sound from now on",
            "pacat took no sound for 2 s and was stopped; aplay plays the sound from now on",
            "aplay took no sound for 2 s and was stopped; the bells' players ring the bells from now on",
        ])
        #expect(sinks.allSatisfy { $0.closed })
        // Rung 6 s before the last sink failed: not rung again by the players.
        #expect(fallback.rung.isEmpty)
        #expect(driven.unsounded == 1, "the bell no sink read: \(driven.unsounded) unsounded")
        #expect(ringer.soundedKnownBy == nil)
        // The next bell rings through the players and is not taken back.
        #expect(ringer.ring(BellChoice(.gong)).via == "players")
        #expect(Self.notes(ringer, clock: clock, until: clock.time + 1).unsounded == 0)
    }

    /// A stuck sink replaced by one that reads: the bell that goes on past the switch sounded, but only
    /// once the new sink read one of its frames, not at the new sink's first look.
    @Test func aBellTheNextSinkReadsIsCountedOnlyOnceItReadsAFrame() {
        let clock = Clock()
        let stuck = FakeSink("stuck", clock: clock), next = FakeSink("next", clock: clock)
        stuck.reading = false
        next.reading = false
        let ringer = Self.ringer([stuck, next], clock: clock)
        let start = clock.time
        _ = ringer.ring(BellChoice(.singingBowl))
        _ = Self.notes(ringer, clock: clock, until: start + StreamRinger.stallLimit + 0.5)
        #expect(stuck.closed && next.unread > 0, "the next sink holds what it was given")
        // Not read yet: the run still waits to know.
        #expect(ringer.soundedKnownBy != nil)
        next.reading = true
        next.unread = 0
        clock.time += 0.05
        let after = Self.notes(ringer, clock: clock, until: clock.time + 1)
        #expect(after.unsounded == 0 && ringer.soundedKnownBy == nil)
    }

    /// Whatever the sink does, a ring-out ends within its stated bound of the ringer's clock: one that
    /// never reads fails after ``StreamRinger/stallLimit``; one that reads a trickle (never 2 s without a
    /// byte, so never failed) is cut at ``StreamRinger/ringOutLimit``.
    @Test(arguments: ["never reads", "reads a trickle", "reads"])
    func aRingOutEndsWithinItsBound(_ behaviour: String) {
        let clock = Clock()
        let sink = FakeSink(clock: clock)
        switch behaviour {
        case "never reads": sink.reading = false
        case "reads a trickle": sink.capacity = 64
        default: break
        }
        let ringer = Self.ringer([sink], clock: clock)
        _ = ringer.ring(BellChoice(.singingBowl))
        Self.drive(ringer, clock: clock, until: clock.time + 0.5)
        let start = clock.time
        let limit = ringer.ringOutLimit
        var asked = 0
        ringer.ringOut { seconds in
            clock.time += seconds
            asked += 1
            return asked > 1_000_000
        }
        let took = clock.time - start
        #expect(took <= limit + 0.06, "\(behaviour): rang out for \(took) s, bound \(limit) s")
        #expect(sink.closed)
        if behaviour == "never reads" { #expect(took <= StreamRinger.stallLimit + 0.06, "\(took) s") }
        if behaviour == "reads" {
            let length = StrikeMix.seconds(of: PCMSound(bell: .singingBowl), strikes: 1, spacing: BellSynth.spacing(for: .singingBowl))
            #expect(took >= length - 0.5 - 0.1, "a healthy sink rings the bell out: \(took) of \(length) s")
        }
    }

    /// `finish(timeout:)` waits on the ringer's own clock (the run's): on a manual clock, with a sink that
    /// never reads, it ends once that clock has gone on by the timeout, having read no other.
    @Test func finishWaitsOnTheRingersClock() {
        let clock = Clock()
        let sink = FakeSink(clock: clock)
        sink.reading = false
        let ringer = Self.ringer([sink], clock: clock)
        _ = ringer.ring(BellChoice(.singingBowl))
        let start = clock.time
        ringer.finish(timeout: 1)
        #expect(clock.time >= start + 1 && clock.time < start + 1.1, "\(clock.time - start) s")
        #expect(sink.closed)
    }

    /// Getters only read: what plays is named without starting a sink, and whether the stream sounds is
    /// answered without writing to it.
    @Test func gettersStartAndWriteNothing() {
        let clock = Clock()
        let sink = FakeSink(clock: clock)
        var started = 0
        let ringer = StreamRinger(sinks: [{ started += 1; return .success(sink) }], fallback: nil, clock: clock.sound)
        #expect(ringer.soundName == SystemBellRinger.noSound && started == 0)
        _ = ringer.ring(BellChoice(.woodBlock))
        let written = sink.bytes.count
        clock.time += 0.3
        #expect(ringer.isSounding)
        #expect(sink.bytes.count == written, "isSounding wrote to the sink")
        #expect(ringer.soundName == "fake" && started == 1)
    }

    /// A sink that cannot be started, and a PROFILE_SINK that names no program, are said once before the
    /// sit with what plays instead, as PROFILE_PLAYER's is.
    @Test func aSinkThatCannotStartIsSaidOnceBeforeTheSit() {
        let clock = Clock()
        let good = FakeSink("pacat", clock: clock)
        let ringer = StreamRinger(sinks: [{ .failure(SinkFailure("typo could not be started (EACCES)")) }, { .success(good) }],
                                  fallback: nil, clock: clock.sound,
                                  note: "PROFILE_SINK names \"typo\", which is not an executable on PATH")
        #expect(ringer.preflight() == ["PROFILE_SINK names \"typo\", which is not an executable on PATH; typo could not be started (EACCES); pacat plays the sound"])
        #expect(ringer.preflight().isEmpty)
        let report = ringer.ring(BellChoice(.woodBlock))
        #expect(report.note == nil && report.via == "pacat")
        // Not asked before the sit: said with the first check, once.
        let other = StreamRinger(sinks: [], fallback: Fallback(), clock: clock.sound, note: "PROFILE_SINK names \"x\", which is not an executable on PATH")
        #expect(other.check().notes == ["PROFILE_SINK names \"x\", which is not an executable on PATH; the bells' players ring the bells"])
        #expect(other.check().notes.isEmpty)
    }

    /// Without ambience the mixer's gain ramps are pure: a volume of nil is silence, and `+` from there is
    /// −30 dB (the run machine's rule; the mixer takes the dB it is given).
    @Test func theMixerTakesDecibels() {
        var mixer = StreamMixer(ambience: Self.tone().source, ambienceVolume: 1)
        mixer.fadeAmbience(true, seconds: 0)
        mixer.setVolume(decibels: nil)
        var out: [Int16] = []
        mixer.render(Self.rate / 2, into: &out)
        #expect(out.suffix(2000).allSatisfy { $0 == 0 })
        mixer.setVolume(decibels: -30)
        out = []
        mixer.render(Self.rate / 2, into: &out)
        let left = stride(from: out.count / 2, to: out.count, by: 2).map { Float(out[$0]) / 32768 }
        let level = SoundMeasure.level(left, 0..<left.count)
        #expect(abs(level - (-9.03 - 30)) < 0.3, "\(level) dB at −30 dB")
    }
}
