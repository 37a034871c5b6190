import Testing
import LocalTime
import ProfileKit
import TestDoubles
import TableKit
import Sound
import Players
@testable import Sitting

/// Acceptance 3: `run` on a fake clock.
@Suite("Session runner")
struct SessionRunnerTests {
    /// The run's doubles, from TestDoubles: a clock that moves only when the input waits, keys on a
    /// script, a ringer that writes down its bells.
    typealias FakeClock = ManualClock
    typealias ScriptedInput = TestDoubles.ScriptedInput
    typealias RecordingRinger = TestDoubles.RecordingRinger

    final class Recorder: RunDisplay {
        let clock: FakeClock
        var fired: [(event: Timeline.Event, at: Double, report: RingReport?, late: Lateness?)] = []
        var pauses: [(Bool, Double)] = []
        var continued: [(after: Double, elapsed: Double, isPaused: Bool)] = []
        var suspended = 0
        var ticks = 0
        var summary: RunSummary?
        var lastState: RunState?

        /// Whether the display shows time passing (as the live one does), so the runner wakes each second.
        let showsTime: Bool
        init(clock: FakeClock, showsTime: Bool = true) {
            self.clock = clock
            self.showsTime = showsTime
        }
        func nextChange(after elapsed: Double) -> Double? { showsTime ? elapsed.rounded(.down) + 1 : nil }
        var notesShown: [String] = []
        var sound = ""
        var ringOuts = 0
        var endsShown: LocalMoment?
        func begin(_ state: RunState) {
            notesShown = state.notes
            endsShown = state.ends
            sound = state.sound
        }
        func ringingOut() { ringOuts += 1 }
        func fired(_ event: Timeline.Event, report: RingReport?, late: Lateness?, state: RunState) { fired.append((event, clock.time, report, late)) }
        func paused(_ isPaused: Bool, state: RunState) { pauses.append((isPaused, state.elapsed)) }
        func suspending(_ state: RunState) { suspended += 1 }
        var slept: [(seconds: Double, elapsed: Double, isPaused: Bool)] = []
        func slept(_ seconds: Double, state: RunState) { slept.append((seconds, state.elapsed, state.isPaused)) }
        func continued(after seconds: Double, state: RunState) { continued.append((seconds, state.elapsed, state.isPaused)) }
        var notes: [String] = []
        func note(_ text: String, state: RunState) { notes.append(text) }
        func tick(_ state: RunState) { ticks += 1; lastState = state }
        func end(_ summary: RunSummary, state: RunState) { self.summary = summary }
        var waits: [(title: String, left: Int, note: String?)] = []
        func waiting(_ title: String, left seconds: Int, note: String?) { waits.append((title, seconds, note)) }
        var waitsDone = 0
        func doneWaiting() { waitsDone += 1 }
    }

    /// Counts what the runner keeps of the sit in progress, and when (clock time).
    final class CountingStore: SitProgressStore {
        let clock: FakeClock
        var saves: [(progress: SitProgress, at: Double)] = []
        /// What `save` answers: a failure's note, or nil.
        var failure: String?
        init(clock: FakeClock) { self.clock = clock }
        func save(_ progress: SitProgress) -> String? {
            saves.append((progress, clock.time))
            return failure
        }
    }

    static let profile = SampleProfiles.run

    struct Run {
        let clock: FakeClock
        let input: ScriptedInput
        let display: Recorder
        let ringer: RecordingRinger
        let summary: RunSummary
        let start: Double
    }

    static func run(speed: Double = 1, keys: [(Double, RunKey)] = [], oversleep: Double = 0,
                    stoppedFor: Double = 0, sleeps: [(Double, Double)] = [], readsKeys: Bool = true,
                    showsTime: Bool = true, profile: Profile = profile, progress: ((FakeClock) -> SitProgressStore)? = nil,
                    perRead: Double = 0) -> Run {
        let clock = FakeClock()
        clock.perRead = perRead
        let start = clock.time
        let input = ScriptedInput(clock: clock, keys: keys.map { (start + $0.0, $0.1) }, oversleep: oversleep)
        input.stoppedFor = stoppedFor
        input.sleeps = sleeps.map { (at: start + $0.0, seconds: $0.1) }
        input.readsKeys = readsKeys
        input.whenStuck = { Issue.record("the runner waits for ever with no key to come") }
        let display = Recorder(clock: clock, showsTime: showsTime)
        let ringer = RecordingRinger()
        let runner = SessionRunner(name: profile.name, timeline: Timeline(profile: profile), speed: speed,
                                   sound: "test", clock: clock, input: input, display: display, ringer: ringer,
                                   progress: progress?(clock))
        let summary = runner.run()
        return Run(clock: clock, input: input, display: display, ringer: ringer, summary: summary, start: start)
    }

    @Test(arguments: [1.0, 60.0, 1_000.0])
    func eventsFireOnTime(_ speed: Double) {
        let run = Self.run(speed: speed)
        let timeline = Timeline(profile: Self.profile)
        #expect(run.display.fired.map(\.event) == timeline.events, "every event fires once, in order")
        for fired in run.display.fired {
            let due = run.start + Double(fired.event.offset) / speed
            #expect(fired.at >= due - 1e-9, "\(fired.event.title) fired early")
            #expect(fired.at <= due + 0.001, "\(fired.event.title) fired \(fired.at - due) s late")
        }
        #expect(run.ringer.rung.map(\.sound) == [.builtIn(.singingBowl), .builtIn(.tingsha), .builtIn(.tingsha), .builtIn(.tingsha), .builtIn(.tingsha), .builtIn(.gong), .builtIn(.singingBowl)])
        #expect(run.summary == RunSummary(ending: .completed, elapsed: 2220, bellsRung: 7, bellsPlanned: 7, pauses: 0))
        // A display that shows time is redrawn once a session second, and at most ten times a second.
        let redraw = max(RunMachine.shortestRedraw, 1 / speed) + 0.001
        #expect(run.input.waits.allSatisfy { $0 <= redraw }, "a wait of \(run.input.waits.max() ?? 0) s")
        #expect(Double(run.input.waits.count) <= 2220 / (redraw - 0.001) + 20, "\(run.input.waits.count) waits")
    }

    /// A display that shows nothing between events (a log) lets the runner sleep from one event to the
    /// next: one wait each, whatever the speed.
    @Test(arguments: [1.0, 60.0])
    func aLogRunWakesOnlyForItsEvents(_ speed: Double) {
        let run = Self.run(speed: speed, showsTime: false)
        let times = Set(Timeline(profile: Self.profile).events.map(\.offset))
        // One look, without waiting, for what came before the sit; then one wait for each later time.
        #expect(run.input.waits.first == 0)
        #expect(run.input.waits.count == 1 + times.count - 1, "\(run.input.waits.count) waits for \(times.count) times")
        #expect(run.display.fired.count == Timeline(profile: Self.profile).events.count)
        #expect(run.summary.ending == .completed)
    }

    /// Each wait ends late; because time is read from the clock rather than added up, lateness never
    /// accumulates: the last bell is as punctual as the first.
    @Test(arguments: [0.001, 0.05, 0.099])
    func lateWakeUpsDoNotDrift(_ oversleep: Double) {
        let run = Self.run(speed: 1, oversleep: oversleep)
        #expect(run.input.waits.count > 2_000, "many waits (\(run.input.waits.count)) over 37 minutes")
        for fired in run.display.fired {
            let due = run.start + Double(fired.event.offset)
            #expect(fired.at >= due - 1e-9 && fired.at <= due + 0.001 + oversleep, "\(fired.event.title): \(fired.at - due) s late")
        }
    }

    /// Every wait takes ten minutes longer than asked: each event is shown once and in order, but the bells
    /// that came due together ring once, said as late, and never two within ten seconds.
    @Test func aSuspendedMachineRingsWhatItMissedOnceTogether() {
        let run = Self.run(oversleep: 600)
        #expect(run.display.fired.map(\.event) == Timeline(profile: Self.profile).events)
        #expect(run.summary.ending == .completed)
        let rang = run.display.fired.filter { $0.report != nil }
        #expect(rang.count == run.ringer.rung.count)
        #expect(run.ringer.rung.count < 7, "late bells merged: \(run.ringer.rung.count) rang")
        #expect(run.summary.bellsRung == run.ringer.rung.count)
        #expect(run.summary.lateBells == rang.filter { $0.late != nil }.count && run.summary.lateBells > 0)
        #expect(zip(rang, rang.dropFirst()).allSatisfy { $1.at - $0.at >= RunMachine.lateGap }, "two bells within 10 s")
        #expect(rang.last?.event.kind == .sessionEnd, "the end bell rings")
        let late = run.display.fired.compactMap(\.late)
        #expect(late.allSatisfy { $0.seconds > 1 })
    }

    @Test func pauseAndResumeKeepThePlan() throws {
        // Pause 100 s in for 300 s, then again at 1000 s (session 700 s) for 50 s.
        let run = Self.run(keys: [(100, .pause), (400, .pause), (1000, .pause), (1050, .pause)])
        let timeline = Timeline(profile: Self.profile)
        #expect(run.display.fired.map(\.event) == timeline.events, "the same events, at the same session offsets")
        for fired in run.display.fired {
            let offset = Double(fired.event.offset)
            let shift: Double = offset < 100 ? 0 : offset < 700 ? 300 : 350
            let due = run.start + offset + shift
            #expect(fired.at >= due - 1e-9 && fired.at <= due + 0.1, "\(fired.event.title) at \(fired.at - run.start)")
        }
        #expect(run.display.pauses.map(\.0) == [true, false, true, false])
        // The session time shown while paused does not move.
        #expect(abs(run.display.pauses[0].1 - 100) < 1e-6 && abs(run.display.pauses[1].1 - 100) < 1e-6)
        #expect(abs(run.display.pauses[2].1 - 700) < 1e-6)
        #expect(run.summary == RunSummary(ending: .completed, elapsed: 2220, bellsRung: 7, bellsPlanned: 7, pauses: 2, pausedSeconds: 350))
        #expect(abs(run.clock.time - run.start - 2220 - 350) <= 0.1)
    }

    /// The time said with "Paused" and "Resumed" is the session's at the key, not when the display is told:
    /// at --speed 400 a session second is 2.5 ms, and a clock read a few milliseconds later moved the
    /// resumed time on (RunTests' live display saw 02:01 paused, 02:02 resumed).
    @Test func pauseAndResumeAreSaidAtTheKeysTime() {
        let run = Self.run(speed: 400, keys: [(1, .pause), (2, .pause)], perRead: 0.003)
        #expect(run.display.pauses.map(\.0) == [true, false])
        #expect(run.display.pauses.count == 2 && abs(run.display.pauses[0].1 - run.display.pauses[1].1) < 1e-6,
                "paused at \(run.display.pauses.first?.1 ?? -1), resumed at \(run.display.pauses.last?.1 ?? -1)")
    }

    @Test func nothingFiresWhilePaused() {
        // Paused from 110 s (before the main sit starts at 120 s) until 10 000 s.
        let run = Self.run(keys: [(110, .pause), (10_000, .pause)])
        let main = run.display.fired.first { $0.event.kind == .mainStart }
        #expect(main.map { abs($0.at - run.start - (120 + 9_890)) <= 0.1 } == true, "the main sit starts 9 890 s late")
        #expect(run.display.fired.count == Timeline(profile: Self.profile).events.count)
    }

    @Test func quittingAsksAndStopsCleanly() {
        // q then another key goes on; q then y stops at 600 s. The two seconds of each asking are not sat:
        // they are paused, and each asking is counted as a pause (issue 50: the count and the seconds agree).
        let run = Self.run(keys: [(300, .quit), (302, .other), (598, .quit), (600, .yes)])
        #expect(run.summary == RunSummary(ending: .stopped, elapsed: 596, bellsRung: 2, bellsPlanned: 7, pauses: 2, pausedSeconds: 4))
        #expect(run.display.fired.map(\.event.kind) == [.warmUpStart, .mainStart, .interval])
        #expect(run.ringer.rung.map(\.sound) == [.builtIn(.singingBowl), .builtIn(.tingsha)])
        #expect(abs(run.clock.time - run.start - 600) < 1e-9, "the runner returns at once")
        #expect(RunSummary(ending: .stopped, elapsed: 600, bellsRung: 2, bellsPlanned: 7, pauses: 0).text(end: .fixed(seconds: 2220))
                == "Stopped at 10:00 of 37:00; 2 of 7 bells rang.")
    }

    /// The question stops the clock: no bell rings between `q` and the answer, and the plan resumes after it.
    @Test func theClockWaitsWhileTheQuestionIsAsked() {
        // Asked 10 s before the first interval bell (9:00), answered an hour later.
        let run = Self.run(keys: [(530, .quit), (4_130, .other)])
        let interval = run.display.fired.first { $0.event.kind == .interval }
        #expect(interval.map { abs($0.at - run.start - (540 + 3_600)) <= 0.1 } == true, "the bell waits for the answer")
        #expect(run.display.fired.allSatisfy { $0.late == nil }, "nothing is late for the time spent asking")
        #expect(run.summary == RunSummary(ending: .completed, elapsed: 2220, bellsRung: 7, bellsPlanned: 7, pauses: 1, pausedSeconds: 3600))
    }

    /// Space while paused then `q`, then no: still paused, and space goes on.
    @Test func theQuestionLeavesAPauseAsItWas() {
        var machine = RunMachine(timeline: Timeline(profile: Self.profile), speed: 1, start: 0)
        _ = machine.handle(.key(.pause, at: 10))
        _ = machine.handle(.key(.quit, at: 20))
        #expect(machine.isConfirmingStop && machine.isPaused)
        _ = machine.handle(.key(.other, at: 30))
        #expect(!machine.isConfirmingStop && machine.isPaused)
        #expect(machine.elapsed(at: 40) == 10)
        #expect(machine.handle(.key(.pause, at: 50)) == [.paused(false, at: 50)])
        #expect(machine.elapsed(at: 60) == 20)
    }

    /// Ctrl-Z at 100 s, stopped for 13 minutes: the stop is a pause, said with its length; nothing fires
    /// while paused, and space goes on with the plan shifted by the whole pause.
    @Test func ctrlZStopsAndTheRunComesBackPaused() {
        let run = Self.run(keys: [(100, .suspend), (100 + 780 + 60, .pause)], stoppedFor: 780)
        #expect(run.display.suspended == 1)
        #expect(run.display.continued.count == 1)
        #expect(run.display.continued.first.map { abs($0.after - 780) < 1e-9 && abs($0.elapsed - 100) < 1e-9 && $0.isPaused } == true)
        #expect(run.display.pauses.map(\.0) == [false], "space resumes")
        let main = run.display.fired.first { $0.event.kind == .mainStart }
        #expect(main.map { abs($0.at - run.start - (120 + 840)) <= 0.1 } == true, "the main sit starts after the pause")
        #expect(run.display.fired.allSatisfy { $0.late == nil }, "a stop is a pause, not lateness")
        #expect(run.summary == RunSummary(ending: .completed, elapsed: 2220, bellsRung: 7, bellsPlanned: 7, pauses: 1, pausedSeconds: 840))
    }

    /// The machine sleeps 12:03 at 100 s: no bell slides or bursts; the run wakes paused and says so, and
    /// space goes on with the plan shifted by the pause after waking only (the sleep was never counted).
    @Test func aSleepIsAPauseSaidOnWaking() {
        let run = Self.run(keys: [(200, .pause)], sleeps: [(100, 723)])
        #expect(run.display.slept.count == 1)
        #expect(run.display.slept.first.map { abs($0.seconds - 723) < 1e-9 && abs($0.elapsed - 100) <= 0.1 && $0.isPaused } == true)
        #expect(run.display.pauses.map(\.0) == [false], "space goes on")
        let main = run.display.fired.first { $0.event.kind == .mainStart }
        #expect(main.map { abs($0.at - run.start - (120 + 100)) <= 0.2 } == true, "the main sit starts after the pause")
        #expect(run.display.fired.allSatisfy { $0.late == nil }, "a sleep is a pause, not lateness")
        #expect(run.summary == RunSummary(ending: .completed, elapsed: 2220, bellsRung: 7, bellsPlanned: 7, pauses: 1, pausedSeconds: 823))
    }

    /// Without keys (stdin not a terminal) a sleep is said but nothing waits for space.
    @Test func withoutKeysASleepIsSaidAndTheRunGoesOn() {
        let run = Self.run(sleeps: [(100, 60)], readsKeys: false)
        #expect(run.display.slept.map(\.isPaused) == [false])
        #expect(run.summary == RunSummary(ending: .completed, elapsed: 2220, bellsRung: 7, bellsPlanned: 7, pauses: 0, pausedSeconds: 60))
        #expect(abs(run.clock.time - run.start - 2220) <= 0.1, "the sleep was not counted, and nothing waited")
    }

    /// Ctrl-Z after a pause: the stop is said with its own length, not the pause's before it.
    @Test func aStopIsSaidWithItsOwnLength() {
        let run = Self.run(keys: [(100, .pause), (200, .suspend), (300 + 60, .pause)], stoppedFor: 60)
        #expect(run.display.continued.map { Int($0.after.rounded()) } == [60], "\(run.display.continued)")
    }

    /// The end bell's player fails at once: the ringer says so at the end, and the bell is not counted.
    @Test func anEndBellThatDidNotSoundIsNotCounted() {
        let failingEnd = RecordingRinger(via: "paplay")
        var failed = false
        failingEnd.looks = { ringer in
            guard ringer.rung.count == 7, !failed else { return RingerCheck() }
            failed = true
            return RingerCheck(notes: ["paplay failed with status 1; no terminal for the terminal bell either"], unsounded: 1)
        }
        let clock = FakeClock()
        let display = Recorder(clock: clock)
        let summary = SessionRunner(name: "Run", timeline: Timeline(profile: Self.profile), speed: 60, sound: "paplay",
                                    clock: clock, input: ScriptedInput(clock: clock), display: display, ringer: failingEnd).run()
        #expect(summary.bellsRung == 6 && summary.ending == .completed)
        #expect(display.notes == ["paplay failed with status 1; no terminal for the terminal bell either"])
    }

    /// A stream's sink found stuck by the last look of the end's wait (its `isSounding`, just as the
    /// time to know came): the end bell it never read is not counted, and the failure is said.
    @Test func anEndBellAStuckSinkNeverReadIsNotCounted() {
        let clock = FakeClock()
        let stuckAtTheEnd = RecordingRinger(via: "sink")
        var found = false
        var told = false
        stuckAtTheEnd.knownBy = { ringer in ringer.rung.count == 7 && !found ? clock.time : nil }
        stuckAtTheEnd.soundingNow = { ringer in
            if ringer.rung.count == 7 { found = true }
            return false
        }
        stuckAtTheEnd.looks = { _ in
            guard found, !told else { return RingerCheck() }
            told = true
            return RingerCheck(notes: ["sink took no sound for 2 s and was stopped; no sound from now on"], unsounded: 1)
        }
        let display = Recorder(clock: clock)
        let summary = SessionRunner(name: "Run", timeline: Timeline(profile: Self.profile), speed: 60, sound: "sink",
                                    clock: clock, input: ScriptedInput(clock: clock), display: display, ringer: stuckAtTheEnd).run()
        #expect(summary.bellsRung == 6 && summary.ending == .completed)
        #expect(display.notes == ["sink took no sound for 2 s and was stopped; no sound from now on"])
    }

    /// `run 10s` over a stream whose three sinks never read (the hostile run of issue 46, item 4): each is
    /// replaced after 2 s, then the bells' players ring the end bell. The start bell reached no sink: the
    /// summary counts 1 of 2, not 2 of 2.
    @Test func aStartBellThreeStuckSinksNeverReadIsNotCounted() {
        let clock = FakeClock()
        let sinkClock = ManualClock()
        let sinks = ["pw-cat", "pacat", "aplay"].map { FakeSink($0, clock: sinkClock) }
        for sink in sinks { sink.reading = false }
        let fallback = NotingRinger()
        let ringer = StreamRinger(sinks: sinks.map { sink in { .success(sink) } }, fallback: fallback,
                                  clock: SoundClock(now: { clock.time }, sleep: { clock.time += $0 }))
        let display = Recorder(clock: clock)
        let summary = SessionRunner(name: "Ten", timeline: Timeline(profile: Profile(name: "Ten", duration: TimerDuration(seconds: 10))),
                                    speed: 1, sound: "pw-cat", clock: clock, input: ScriptedInput(clock: clock), display: display,
                                    ringer: ringer).run()
        #expect(display.notes == [
            "pw-cat took no sound for 2 s and was stopped; pacat plays the sound from now on",
            "pacat took no sound for 2 s and was stopped; aplay plays the sound from now on",
            "aplay took no sound for 2 s and was stopped; the bells' players ring the bells from now on",
        ])
        #expect(fallback.rung.count == 1, "the end bell, through the players")
        #expect(summary.ending == .completed && summary.bellsPlanned == 2)
        #expect(summary.bellsRung == 1, "\(summary.bellsRung) of 2 bells counted")
    }

    /// The driver hands the ringer what the machine says: the ambience's fades, the keys' sound
    /// controls, and each next bell's time for a stream.
    @Test func theRingerHearsTheFadesTheKeysAndTheNextBell() {
        let clock = FakeClock()
        let start = clock.time
        let ringer = RecordingRinger()
        let input = ScriptedInput(clock: clock, keys: [(start + 300, .volumeDown), (start + 301, .mute), (start + 302, .ambience)])
        input.whenStuck = { Issue.record("the runner waits for ever with no key to come") }
        let summary = SessionRunner(name: "Run", timeline: Timeline(profile: Self.profile), speed: 1, sound: "test", clock: clock,
                                    input: input, display: Recorder(clock: clock, showsTime: false), ringer: ringer, ambience: true).run()
        #expect(summary.ending == .completed)
        // In over 8 s at the start; out over what is left of the last 8 s once the runner wakes for it.
        #expect(ringer.fades.map(\.playing) == [true, false] && ringer.fades.first?.seconds == AmbienceFade.fadeIn)
        #expect(ringer.fades.last.map { abs($0.seconds - AmbienceFade.fadeOut) < 0.01 } == true, "\(ringer.fades)")
        #expect(ringer.volumes == [-3] && ringer.mutes == [true] && ringer.switches == [false])
        // The main sit's start bell, at 2:00, is expected from the first look on.
        #expect(ringer.expected.first == start + 120, "\(ringer.expected.prefix(3))")
        #expect(ringer.expected.compactMap { $0 }.allSatisfy { time in Timeline(profile: Self.profile).bells.contains { abs(start + Double($0.offset) - time) < 1e-6 } })
    }

    /// Ctrl-C before the sit started (while the bells were checked): no bell rings, nothing fires.
    @Test func anInterruptBeforeTheSitRingsNothing() {
        let run = Self.run(keys: [(0, .interrupt)])
        #expect(run.summary.ending == .interrupted)
        #expect(run.display.fired.isEmpty && run.ringer.rung.isEmpty)
    }

    /// A stop over the end: the end bell rings when the run runs again, said late and counted late; the
    /// interval bell missed with it is said to ring with it.
    @Test func aStopOverTheEndRingsTheEndLate() {
        var machine = RunMachine(timeline: Timeline(profile: Self.profile), speed: 1, start: 0)
        let timeline = Timeline(profile: Self.profile)
        let lastInterval = timeline.events.last { $0.kind == .interval }!
        _ = machine.handle(.time(Double(lastInterval.offset) - 5))
        let effects = machine.handle(.time(2220 + 150))
        let fired = effects.compactMap { effect -> (Timeline.Event, BellChoice?, Lateness?)? in
            if case .fire(let event, let ring, let late, _) = effect { return (event, ring, late) } else { return nil }
        }
        let end = fired.first { $0.0.kind == .sessionEnd }
        #expect(end?.1 != nil && end?.2?.seconds == 150 && end?.2?.rings == true, "\(fired)")
        #expect(fired.filter { $0.1 != nil }.count == 1, "one bell rings: \(fired)")
        #expect(effects.last == .finish(.completed))
    }

    /// Late bells carried to a next bell that itself comes late (a second stop) still ring: one bell.
    @Test func bellsCarriedToALateBellStillRing() {
        let timeline = Timeline(profile: Self.profile)
        let main = timeline.events.first { $0.kind == .mainStart }!
        let interval = timeline.events.first { $0.kind == .interval }!
        var machine = RunMachine(timeline: timeline, speed: 1, start: 0)
        _ = machine.handle(.time(Double(main.offset) - 10))
        // Stopped over the main sit's start until 5 s before the first interval: carried to it.
        let first = machine.handle(.time(Double(interval.offset) - 5))
        #expect(first.allSatisfy { if case .fire(_, let ring, _, _) = $0 { ring == nil } else { true } })
        // Stopped again over that interval: a bell rings now.
        let second = machine.handle(.time(Double(interval.offset) + 20))
        let rung = second.filter { if case .fire(_, let ring, _, _) = $0 { ring != nil } else { false } }
        #expect(rung.count == 1, "\(second)")
    }

    @Test func yesWithoutTheQuestionDoesNothing() {
        let run = Self.run(speed: 100, keys: [(1, .yes), (2, .other)])
        #expect(run.summary.ending == .completed)
    }

    @Test func theQuestionIsShownWhileItIsAsked() {
        let run = Self.run(keys: [(300, .quit), (2219, .other)])
        #expect(run.summary.ending == .completed)
        let run2 = Self.run(keys: [(300, .quit), (5_000, .interrupt)])
        #expect(run2.display.lastState?.isConfirmingStop == true)
        #expect(run2.summary.elapsed == 300, "asking is not sat")
    }

    @Test func anInterruptStopsAtOnce() {
        let run = Self.run(keys: [(1_000, .interrupt)])
        #expect(run.summary.ending == .interrupted)
        #expect(run.summary.elapsed == 1_000)
        #expect(RunSummary(ending: .interrupted, elapsed: 1_000, bellsRung: 3, bellsPlanned: 7, pauses: 1).text(end: .fixed(seconds: 2220))
                == "Interrupted at 16:40 of 37:00; 3 of 7 bells rang, paused 1 time.")
        #expect(RunSummary(ending: .completed, elapsed: 2220, bellsRung: 7, bellsPlanned: 7, pauses: 2, pausedSeconds: 450).text(end: .fixed(seconds: 2220))
                == "Session complete: 37:00, 7 of 7 bells rang, 07:30 paused (2 times).")
        #expect(RunSummary(ending: .completed, elapsed: 2220, bellsRung: 7, bellsPlanned: 7, pauses: 0, pausedSeconds: 4).text(end: .fixed(seconds: 2220))
                == "Session complete: 37:00, 7 of 7 bells rang, 00:04 paused.", "the stop question is not a pause the user made")
    }

    // MARK: The record of the sit in progress (issue 30)

    /// A run that is logged keeps its record as it goes: at the start, at every event, at each pause and
    /// resume, and once a minute of session time in between, so that a run cut off at any moment loses
    /// at most a minute. A log display wakes for nothing else.
    @Test(arguments: [true, false])
    func theRecordIsKeptAtEveryChangeAndOnceAMinute(_ showsTime: Bool) throws {
        var store: CountingStore?
        let run = Self.run(keys: [(100, .pause), (400, .pause)], showsTime: showsTime) { clock in
            let made = CountingStore(clock: clock)
            store = made
            return made
        }
        let saves = try #require(store?.saves)
        let start = run.start
        #expect(saves.first.map { $0.progress.elapsed == 0 && $0.progress.pausedSeconds == 0 && $0.at == start } == true,
                "the first save is the start's: \(saves.first.map { "\($0)" } ?? "none")")
        #expect(zip(saves, saves.dropFirst()).allSatisfy { $0.progress.elapsed <= $1.progress.elapsed && $0.at <= $1.at })
        // Never more than a minute of session time between two saves.
        let gaps = zip(saves, saves.dropFirst()).map { $1.progress.elapsed - $0.progress.elapsed }
        #expect(gaps.allSatisfy { $0 <= 60 }, "\(gaps)")
        // The pause and the resume, at 100 s: before and after the 300 s paused.
        #expect(saves.contains { $0.progress == SitProgress(elapsed: 100, pausedSeconds: 0, bellsRung: $0.progress.bellsRung) && $0.at == start + 100 })
        #expect(saves.contains { $0.progress.elapsed == 100 && $0.progress.pausedSeconds == 300 && $0.at == start + 400 })
        // Every event that rang a bell is in a save at its time, but the end's: it ends the run, and is
        // logged with it.
        for fired in run.display.fired where fired.report != nil && fired.event.kind != .sessionEnd {
            #expect(saves.contains { $0.at == fired.at }, "\(fired.event.title) at \(fired.at - start)")
        }
        #expect(saves.last?.progress.bellsRung == 6, "every bell but the end's, which ends the run and is logged with it")
        let events = Set(Timeline(profile: Self.profile).events.map(\.offset)).count
        let minutes = 2220 / 60
        #expect(saves.count <= 1 + events + 2 + minutes && saves.count >= minutes, "\(saves.count) saves")
        if !showsTime {
            // A piped run: one wait per event, per minute and per key, and none besides.
            #expect(run.input.waits.count <= 1 + events + minutes + 2, "\(run.input.waits.count) waits")
        }
    }

    /// A paused piped run waits for the key that resumes it and for nothing else: the record was kept
    /// as it paused, and no minute passes while it is paused.
    @Test func aPausedRunDoesNotWakeToKeepItsRecord() throws {
        var store: CountingStore?
        let run = Self.run(keys: [(100, .pause), (4_000, .pause)], showsTime: false) { clock in
            let made = CountingStore(clock: clock)
            store = made
            return made
        }
        #expect(run.input.waits.filter { $0 == .infinity }.count == 1, "one wait for the key, with no time set")
        let during = try #require(store?.saves).filter { $0.at > run.start + 100 && $0.at < run.start + 4_000 }
        #expect(during.isEmpty, "\(during)")
    }

    /// The stop question is a pause too: the record is kept as it is asked and as it is answered no.
    @Test func theStopQuestionKeepsTheRecord() throws {
        var store: CountingStore?
        let run = Self.run(keys: [(100, .quit), (160, .other)], showsTime: false) { clock in
            let made = CountingStore(clock: clock)
            store = made
            return made
        }
        let saves = try #require(store?.saves)
        #expect(saves.contains { $0.at == run.start + 100 && $0.progress.pausedSeconds == 0 }, "as it is asked")
        #expect(saves.contains { $0.at == run.start + 160 && $0.progress.pausedSeconds == 60 && $0.progress.elapsed == 100 }, "as it is answered")
    }

    /// At a high speed a minute of session time passes many times a second: the record is still kept
    /// no more than once a real second, apart from the events and the start.
    @Test func atAHighSpeedTheRecordIsKeptOnceARealSecond() throws {
        var store: CountingStore?
        let run = Self.run(speed: 600, showsTime: false) { clock in
            let made = CountingStore(clock: clock)
            store = made
            return made
        }
        let saves = try #require(store?.saves)
        let eventTimes = Set(run.display.fired.map(\.at))
        let periodic = saves.filter { !eventTimes.contains($0.at) }
        #expect(zip(periodic, periodic.dropFirst()).allSatisfy { $1.at - $0.at >= RecordCadence.shortest - 1e-9 },
                "\(periodic.map { $0.at - run.start })")
        #expect(periodic.count <= Int(2220.0 / 600) + 1)
    }

    /// Ctrl-Z: the record is kept as the run stops (a run killed while stopped is recovered as it stood)
    /// and again as it comes back, with the stop counted as paused.
    @Test func aStopKeepsTheRecordBeforeAndAfter() throws {
        var store: CountingStore?
        _ = Self.run(keys: [(100, .suspend), (100 + 780 + 60, .pause)], stoppedFor: 780) { clock in
            let made = CountingStore(clock: clock)
            store = made
            return made
        }
        let saves = try #require(store?.saves)
        let atStop = saves.filter { $0.progress.elapsed == 100 }
        #expect(atStop.map(\.progress.pausedSeconds) == [0, 780, 840], "before the stop, on coming back, on resuming: \(atStop)")
    }

    /// A record that cannot be kept is said once, however many saves fail, and the run goes on.
    @Test func aRecordThatCannotBeKeptIsSaidOnce() throws {
        var store: CountingStore?
        let run = Self.run(showsTime: false) { clock in
            let made = CountingStore(clock: clock)
            made.failure = "the sit is not kept against a crash: no space left on device"
            store = made
            return made
        }
        #expect(try #require(store?.saves.count) > 10)
        #expect(run.display.notes == ["the sit is not kept against a crash: no space left on device"])
        #expect(run.summary.ending == .completed)
    }
}
