import Testing
import ProfileKit
import TestDoubles
import Players
@testable import Sitting

/// Issue 47, item 1: every rule of a sit is the machine's. What the driver hands it (wake-ups and the
/// reports of its effects) against what it answers, as tables with no clock: the driver only does what
/// these effects say.
@Suite("Run machine: a sit's steps")
struct RunMachineStepTests {
    /// A 30-minute main sit: the start bell at 0, the main sit's end and the end bell at 1800.
    static let timeline = Timeline(profile: Profile(name: "T", duration: .minutes(30)))
    static let start = timeline.events[0]
    static let end = timeline.events[timeline.events.count - 1]
    static let startBell = start.bell!
    static let endBell = end.bell!
    /// Warm-up 2:00 with no bell, then the main sit's start bell.
    static let warmed = Timeline(profile: SampleProfiles.run)

    /// What every wake-up ends with: the next bell's time for a stream, a look at the ringer, a frame, a wait.
    static func chores(_ nextBell: Double? = nil) -> [RunEffect] { [.expectBell(at: nextBell), .check, .tick, .wait] }
    static func wake(_ at: Double) -> [RunInputEvent] { [.clocks(at, boot: at, loginWoke: false), .time(at)] }
    static func key(_ key: RunKey, _ at: Double) -> [RunInputEvent] { [.clocks(at, boot: at, loginWoke: false), .key(key, at: at)] }
    static let sounded = RingReport(via: "paplay")
    static let ending: [RunEffect] = [.releaseSleep, .settle(grace: RunMachine.finishGrace, limit: RunMachine.settleLimit), .finish(.completed)]

    /// One thing handed to the machine at monotonic `at`, and all it answers.
    struct Row: Sendable {
        var events: [RunInputEvent]
        var at: Double
        var effects: [RunEffect]
    }

    struct StepCase: CustomTestStringConvertible, Sendable {
        var id: String
        var timeline = RunMachineStepTests.timeline
        var records = false
        var ambience = false
        var rows: [Row]
        var testDescription: String { id }
    }

    static let cases: [StepCase] = [
        StepCase(id: "the hold starts the clock; a key typed before the sit comes after what is due at its start", rows: [
            Row(events: [.held(note: "held", at: 5, boot: 5)], at: 5, effects: [.begin, .wait]),
            Row(events: key(.volumeDown, 5), at: 5, effects: [.fire(start, ring: startBell, late: nil), .setVolume(-3)] + chores()),
        ]),
        StepCase(id: "the stream is told when the next bell is due", timeline: warmed, rows: [
            Row(events: [.held(note: nil, at: 0, boot: 0)], at: 0, effects: [.begin, .wait]),
            Row(events: wake(0), at: 0, effects: [.fire(warmed.events[0], ring: nil, late: nil)] + chores(120)),
            Row(events: wake(60), at: 60, effects: chores(120)),
        ]),
        StepCase(id: "a muted bell is not rung, is shown muted and counted muted", rows: [
            Row(events: [.held(note: nil, at: 0, boot: 0)], at: 0, effects: [.begin, .wait]),
            Row(events: wake(0), at: 0, effects: [.fire(start, ring: startBell, late: nil)] + chores()),
            Row(events: [.rang(start, sounded, late: nil, muted: false)], at: 0, effects: [.fired(start, report: sounded, late: nil)]),
            Row(events: key(.mute, 10), at: 10, effects: [.mute(true)] + chores()),
            Row(events: wake(1800), at: 1800, effects: [.fire(timeline.events[1], ring: nil, late: nil),
                                                        .fire(end, ring: nil, late: nil, muted: true)] + ending),
            Row(events: [.rang(end, nil, late: nil, muted: true)], at: 1800,
                effects: [.fired(end, report: RingReport(via: "muted", sounded: false), late: nil)]),
        ]),
        StepCase(id: "a late bell that the ringer later finds unsounded is taken back", rows: [
            Row(events: [.held(note: nil, at: 0, boot: 0)], at: 0, effects: [.begin, .wait]),
            Row(events: wake(0), at: 0, effects: [.fire(start, ring: startBell, late: nil)] + chores()),
            Row(events: [.rang(start, sounded, late: nil, muted: false)], at: 0, effects: [.fired(start, report: sounded, late: nil)]),
            // Stopped over the end for 100 s: the end bell rings late, and is said to.
            Row(events: wake(1900), at: 1900, effects: [
                .fire(timeline.events[1], ring: nil, late: Lateness(seconds: 100, rings: false)),
                .fire(end, ring: endBell, late: Lateness(seconds: 100, rings: true))] + ending),
            Row(events: [.rang(end, sounded, late: Lateness(seconds: 100, rings: true), muted: false)], at: 1900,
                effects: [.fired(end, report: sounded, late: Lateness(seconds: 100, rings: true))]),
            // Its player failed at once: the settle's look says so.
            Row(events: [.unsounded(1, notes: ["paplay failed with status 1"])], at: 1900.25, effects: [.note("paplay failed with status 1")]),
        ]),
        StepCase(id: "the ambience fades in at the start and out before the end", ambience: true, rows: [
            Row(events: [.held(note: nil, at: 0, boot: 0)], at: 0, effects: [.begin, .wait]),
            Row(events: wake(0), at: 0, effects: [.fire(start, ring: startBell, late: nil),
                                                  .fadeAmbience(playing: true, seconds: AmbienceFade.fadeIn)] + chores()),
            Row(events: wake(1000), at: 1000, effects: chores()),
            Row(events: key(.pause, 1000), at: 1000, effects: [.paused(true, at: 1000), .fadeAmbience(playing: false, seconds: AmbienceFade.pauseFade)] + chores()),
            Row(events: key(.pause, 1010), at: 1010, effects: [.paused(false, at: 1010), .fadeAmbience(playing: true, seconds: AmbienceFade.pauseFade)] + chores()),
            Row(events: wake(1802), at: 1802, effects: [.fadeAmbience(playing: false, seconds: AmbienceFade.fadeOut)] + chores()),
        ]),
        StepCase(id: "a resize and a continue from elsewhere redraw", rows: [
            Row(events: [.held(note: nil, at: 0, boot: 0)], at: 0, effects: [.begin, .wait]),
            Row(events: wake(0), at: 0, effects: [.fire(start, ring: startBell, late: nil)] + chores()),
            Row(events: [.clocks(100, boot: 100, loginWoke: false), .resized(at: 100)], at: 100, effects: [.redraw(resized: true)] + chores()),
            Row(events: [.clocks(200, boot: 200, loginWoke: false), .continuedFromElsewhere(at: 200)], at: 200,
                effects: [.redraw(resized: false)] + chores()),
        ]),
        StepCase(id: "the record counts the bell it waited for, the pause and the time paused", records: true, rows: [
            Row(events: [.held(note: nil, at: 0, boot: 0)], at: 0, effects: [.begin, .wait]),
            Row(events: wake(0), at: 0, effects: [.fire(start, ring: startBell, late: nil)] + chores()),
            Row(events: [.rang(start, sounded, late: nil, muted: false)], at: 0,
                effects: [.fired(start, report: sounded, late: nil), .record(SitProgress(elapsed: 0, pausedSeconds: 0, bellsRung: 1))]),
            Row(events: key(.pause, 100), at: 100, effects: [.paused(true, at: 100), .record(SitProgress(elapsed: 100, pausedSeconds: 0, bellsRung: 1))] + chores()),
            Row(events: key(.pause, 400), at: 400,
                effects: [.paused(false, at: 400), .record(SitProgress(elapsed: 100, pausedSeconds: 300, bellsRung: 1))] + chores()),
            Row(events: [.notKept("no space left on device")], at: 400, effects: [.note("no space left on device")]),
            Row(events: wake(461), at: 461, effects: [.record(SitProgress(elapsed: 161, pausedSeconds: 300, bellsRung: 1))] + chores()),
            Row(events: [.notKept("no space left on device")], at: 461, effects: []),
        ]),
        StepCase(id: "Ctrl-Z keeps the record and stops; the continue says for how long", records: true, rows: [
            Row(events: [.held(note: nil, at: 0, boot: 0)], at: 0, effects: [.begin, .wait]),
            Row(events: wake(0), at: 0, effects: [.fire(start, ring: startBell, late: nil)] + chores()),
            Row(events: [.rang(start, sounded, late: nil, muted: false)], at: 0,
                effects: [.fired(start, report: sounded, late: nil), .record(SitProgress(elapsed: 0, pausedSeconds: 0, bellsRung: 1))]),
            Row(events: key(.suspend, 50), at: 50, effects: [.record(SitProgress(elapsed: 50, pausedSeconds: 0, bellsRung: 1)), .suspend]),
            Row(events: [.continued(at: 80)], at: 80,
                effects: [.continued(after: 30), .record(SitProgress(elapsed: 50, pausedSeconds: 30, bellsRung: 1))] + chores()),
        ]),
        StepCase(id: "the end lets the last bells settle, then counts what they found", rows: [
            Row(events: [.held(note: nil, at: 0, boot: 0)], at: 0, effects: [.begin, .wait]),
            Row(events: wake(0), at: 0, effects: [.fire(start, ring: startBell, late: nil)] + chores()),
            Row(events: [.rang(start, sounded, late: nil, muted: false)], at: 0, effects: [.fired(start, report: sounded, late: nil)]),
            Row(events: wake(1800), at: 1800, effects: [.fire(timeline.events[1], ring: nil, late: nil),
                                                        .fire(end, ring: endBell, late: nil)] + ending),
            Row(events: [.rang(end, sounded, late: nil, muted: false)], at: 1800, effects: [.fired(end, report: sounded, late: nil)]),
            Row(events: [.unsounded(0)], at: 1800.25, effects: []),
        ]),
        StepCase(id: "Ctrl-C before the sit rings nothing and ends", rows: [
            Row(events: [.held(note: nil, at: 0, boot: 0)], at: 0, effects: [.begin, .wait]),
            Row(events: key(.interrupt, 0), at: 0,
                effects: [.releaseSleep, .settle(grace: RunMachine.finishGrace, limit: RunMachine.settleLimit), .finish(.interrupted)]),
        ]),
    ]

    @Test(arguments: cases)
    func eventsBecomeEffects(_ c: StepCase) {
        var shown = RunState(name: "T", timeline: c.timeline, elapsed: 0, sound: "paplay")
        shown.hasAmbience = c.ambience
        var machine = RunMachine(timeline: c.timeline, speed: 1, start: -50, records: c.records, boot: -50, shown: shown)
        for (index, row) in c.rows.enumerated() {
            let effects = machine.step(row.events, at: row.at)
            #expect(effects == row.effects, "row \(index) at \(row.at)")
        }
    }

    /// What the machine counts is what the summary and the journal say.
    @Test func theCountsAreTheMachines() {
        var machine = RunMachine(timeline: Self.timeline, speed: 1, start: 0, boot: 0)
        _ = machine.step([.held(note: "sleep is not held off: no system bus", at: 0, boot: 0)], at: 0)
        _ = machine.step(Self.wake(0), at: 0)
        _ = machine.step([.rang(Self.start, Self.sounded, late: nil, muted: false)], at: 0)
        _ = machine.step(Self.key(.mute, 10), at: 10)
        _ = machine.step(Self.key(.mute, 20), at: 20)
        _ = machine.step(Self.key(.volumeDown, 30), at: 30)
        _ = machine.step(Self.wake(1900), at: 1900)
        _ = machine.step([.rang(Self.end, Self.sounded, late: Lateness(seconds: 100, rings: true), muted: false)], at: 1900)
        #expect(machine.state(at: 2000).notes == ["sleep is not held off: no system bus"])
        var expected = RunSummary(ending: .completed, elapsed: 1800, bellsRung: 2, bellsPlanned: 2, pauses: 0, lateBells: 1)
        expected.volumeChanged = true
        expected.endVolume = -3
        #expect(machine.summary(.completed) == expected)
        _ = machine.step([.unsounded(1, notes: [])], at: 1900.25)
        expected.bellsRung = 1
        #expect(machine.summary(.completed) == expected, "a bell found unsounded is not counted")
        var silent = RunMachine(timeline: Self.timeline, speed: 1, start: 0, boot: 0)
        _ = silent.step(Self.wake(0), at: 0)
        _ = silent.step([.rang(Self.start, RingReport(via: "silent", sounded: false), late: nil, muted: false)], at: 0)
        #expect(silent.state(at: 1).silence == "silent" && silent.state(at: 1).bellsRung == 0)
    }

    struct WaitCase: CustomTestStringConvertible, Sendable {
        var id: String
        var ambience = false
        var paused = false
        var now: Double
        var frame: Double?
        var check: Double?
        var timeout: Double?
        var testDescription: String { id }
    }

    static let margin = RunMachine.margin
    static let waits: [WaitCase] = [
        WaitCase(id: "the next event", now: 100, timeout: 1700 + margin),
        WaitCase(id: "the display's next second", now: 100.5, frame: 101, timeout: 0.5 + margin),
        WaitCase(id: "at most ten frames a second", now: 100.98, frame: 101, timeout: RunMachine.shortestRedraw + margin),
        WaitCase(id: "the ringer's next look", now: 100, frame: 101, check: 100.2, timeout: 0.2),
        WaitCase(id: "the ambience's fade-out", ambience: true, now: 100, timeout: 1692 + margin),
        WaitCase(id: "paused: no frame, no fade, no event", ambience: true, paused: true, now: 100, frame: 101, timeout: nil),
        WaitCase(id: "paused, a ringer's look still", paused: true, now: 100, frame: 101, check: 103, timeout: 3),
    ]

    /// The one deadline the driver waits for.
    @Test(arguments: waits)
    func theMachineSaysWhenItNeedsTheDriver(_ c: WaitCase) {
        var shown = RunState(name: "T", timeline: Self.timeline, elapsed: 0, sound: "paplay")
        shown.hasAmbience = c.ambience
        var machine = RunMachine(timeline: Self.timeline, speed: 1, start: 0, boot: 0, shown: shown)
        _ = machine.step(Self.wake(0), at: 0)
        if c.paused { _ = machine.step(Self.key(.pause, c.now), at: c.now) }
        let timeout = machine.timeout(at: c.now, nextFrame: { _ in c.frame }, nextCheck: c.check)
        #expect(timeout.map { abs($0 - c.timeout!) < 1e-9 } ?? (c.timeout == nil), "\(String(describing: timeout))")
    }
}
