import Testing
import Breath
import ProfileKit
import TestDoubles
import Players
@testable import Sitting

/// Issue 48, item 2: the run leads the breath, and every rule of it is the machine's: when the pacer's
/// cue plays and stops, when the display says the pacer leads, what is said once when the cue cannot be
/// heard, and the breaths it led. Tables of what the driver hands the machine against what it answers,
/// with no clock.
@Suite("Run machine: the breathing pacer")
struct RunMachineBreathTests {
    /// A 30-minute main sit: the start bell at 0, the main sit's end and the end bell at 1800.
    static let timeline = Timeline(profile: Profile(name: "T", duration: .minutes(30)))
    static let start = timeline.events[0]
    static let mainEnd = timeline.events[1]
    static let end = timeline.events[2]
    /// Coherent breathing over the whole main sit, with a tone.
    static let whole = BreathPacing(pattern: .coherent, cue: .tone, volume: 40, start: 0, end: 1800)
    /// 4-7-8 for the first five minutes.
    static let firstFive = BreathPacing(pattern: .fourSevenEight, cue: .tone, volume: 40, start: 0, end: 300)

    static func chores() -> [RunEffect] { [.expectBell(at: nil), .check, .tick, .wait] }
    static func wake(_ at: Double) -> [RunInputEvent] { [.clocks(at, boot: at, loginWoke: false), .time(at)] }
    static func key(_ key: RunKey, _ at: Double) -> [RunInputEvent] { [.clocks(at, boot: at, loginWoke: false), .key(key, at: at)] }
    static let opening = Row(events: [.held(note: nil, at: 0, boot: 0)], at: 0, effects: [.begin, .wait])
    static let ending: [RunEffect] = [.releaseSleep, .settle(grace: RunMachine.finishGrace, limit: RunMachine.settleLimit), .finish(.completed)]

    struct Row: Sendable {
        var events: [RunInputEvent]
        var at: Double
        var effects: [RunEffect]
    }

    struct BreathCase: CustomTestStringConvertible, Sendable {
        var id: String
        var pacing: BreathPacing?
        var rows: [Row]
        var testDescription: String { id }
    }

    static let cases: [BreathCase] = [
        BreathCase(id: "the cue plays from the start, stops on every pause and plays again from where the sit is", pacing: whole, rows: [
            opening,
            Row(events: wake(0), at: 0, effects: [.fire(start, ring: start.bell, late: nil), .paced(true),
                                                  .breathCue(whole, sitSeconds: 0, at: 0)] + chores()),
            Row(events: [.cueHeard(true)], at: 0, effects: []),
            // Space: stopped; space again: from session second 100, where the pause held it.
            Row(events: key(.pause, 100), at: 100, effects: [.paused(true, at: 100), .breathCue(nil, sitSeconds: 100, at: 100)] + chores()),
            Row(events: key(.pause, 130), at: 130, effects: [.paused(false, at: 130), .breathCue(whole, sitSeconds: 100, at: 130)] + chores()),
            // The stop question stops it; any other key goes on, and so does the cue.
            Row(events: key(.quit, 200), at: 200, effects: [.breathCue(nil, sitSeconds: 170, at: 200)] + chores()),
            Row(events: key(.other, 210), at: 210, effects: [.breathCue(whole, sitSeconds: 170, at: 210)] + chores()),
            // Ctrl-Z: stopped before the program stops; back paused, it waits for space.
            Row(events: key(.suspend, 300), at: 300, effects: [.breathCue(nil, sitSeconds: 260, at: 300), .suspend]),
            Row(events: [.continued(at: 400)], at: 400, effects: [.continued(after: 100)] + chores()),
            Row(events: key(.pause, 400), at: 400, effects: [.paused(false, at: 400), .breathCue(whole, sitSeconds: 260, at: 400)] + chores()),
            // The end: the cue stops and the pacer is said to be done before sleep is let go.
            Row(events: wake(1940), at: 1940, effects: [.fire(mainEnd, ring: nil, late: nil), .fire(end, ring: end.bell, late: nil),
                                                        .breathCue(nil, sitSeconds: 1800, at: 1940), .paced(false)] + ending),
        ]),
        BreathCase(id: "a cue that is not heard is said once and never asked for again", pacing: whole, rows: [
            opening,
            Row(events: wake(0), at: 0, effects: [.fire(start, ring: start.bell, late: nil), .paced(true),
                                                  .breathCue(whole, sitSeconds: 0, at: 0)] + chores()),
            Row(events: [.cueHeard(false)], at: 0, effects: [.note(RunMachine.cueUnheardNote)]),
            Row(events: key(.pause, 10), at: 10, effects: [.paused(true, at: 10)] + chores()),
            Row(events: key(.pause, 20), at: 20, effects: [.paused(false, at: 20)] + chores()),
            Row(events: [.cueHeard(false)], at: 20, effects: []),
        ]),
        BreathCase(id: "the pacing's end stops the cue and is said", pacing: firstFive, rows: [
            opening,
            Row(events: wake(0), at: 0, effects: [.fire(start, ring: start.bell, late: nil), .paced(true),
                                                  .breathCue(firstFive, sitSeconds: 0, at: 0)] + chores()),
            Row(events: wake(150), at: 150, effects: chores()),
            Row(events: wake(300), at: 300, effects: [.paced(false), .breathCue(nil, sitSeconds: 300, at: 300)] + chores()),
            // Paused and resumed after it: nothing of the pacer again.
            Row(events: key(.pause, 400), at: 400, effects: [.paused(true, at: 400)] + chores()),
            Row(events: key(.pause, 410), at: 410, effects: [.paused(false, at: 410)] + chores()),
        ]),
        BreathCase(id: "a cue of none is never asked for, and the pacer is still said", pacing: BreathPacing(pattern: .box, cue: .none, volume: 40, start: 0, end: 60), rows: [
            opening,
            Row(events: wake(0), at: 0, effects: [.fire(start, ring: start.bell, late: nil), .paced(true)] + chores()),
            Row(events: wake(60), at: 60, effects: [.paced(false)] + chores()),
        ]),
        BreathCase(id: "a pacer that starts later is handed its cue half a second ahead, to wait for its start in the stream",
                   pacing: BreathPacing(pattern: .box, cue: .tick, volume: 40, start: 120, end: 240), rows: [
            opening,
            Row(events: wake(0), at: 0, effects: [.fire(start, ring: start.bell, late: nil)] + chores()),
            Row(events: wake(119.5), at: 119.5, effects: [.breathCue(BreathPacing(pattern: .box, cue: .tick, volume: 40, start: 120, end: 240),
                                                                     sitSeconds: 119.5, at: 119.5)] + chores()),
            Row(events: wake(120), at: 120, effects: [.paced(true)] + chores()),
            Row(events: wake(240), at: 240, effects: [.paced(false), .breathCue(nil, sitSeconds: 240, at: 240)] + chores()),
        ]),
        BreathCase(id: "Ctrl-C stops the cue before the end", pacing: whole, rows: [
            opening,
            Row(events: wake(0), at: 0, effects: [.fire(start, ring: start.bell, late: nil), .paced(true),
                                                  .breathCue(whole, sitSeconds: 0, at: 0)] + chores()),
            Row(events: key(.interrupt, 90), at: 90, effects: [.breathCue(nil, sitSeconds: 90, at: 90), .paced(false), .releaseSleep,
                                                               .settle(grace: RunMachine.finishGrace, limit: RunMachine.settleLimit),
                                                               .finish(.interrupted)]),
        ]),
        BreathCase(id: "a sit with no pacer asks nothing of it", pacing: nil, rows: [
            opening,
            Row(events: wake(0), at: 0, effects: [.fire(start, ring: start.bell, late: nil)] + chores()),
            Row(events: key(.pause, 10), at: 10, effects: [.paused(true, at: 10)] + chores()),
            Row(events: key(.pause, 20), at: 20, effects: [.paused(false, at: 20)] + chores()),
        ]),
    ]

    @Test(arguments: cases)
    func eventsBecomeEffects(_ c: BreathCase) {
        var machine = RunMachine(timeline: Self.timeline, speed: 1, start: -50, boot: -50, pacing: c.pacing)
        for (index, row) in c.rows.enumerated() {
            let effects = machine.step(row.events, at: row.at)
            #expect(effects == row.effects, "row \(index) at \(row.at)")
        }
    }

    /// An open main sit ended early ends its pacing there: the cue, stopped by the question, does not
    /// play again, and the pacer is said to be done.
    @Test func anOpenMainSitEndedEarlyEndsThePacing() {
        var profile = Profile(name: "T", duration: .minutes(30))
        profile[segment: .coolDown] = Segment(type: .coolDown, enabled: true, duration: .minutes(2))
        let open = Timeline(profile: profile, open: true)
        let pacing = BreathPacing(pattern: .coherent, cue: .tone, volume: 40, start: 0, end: nil)
        var machine = RunMachine(timeline: open, speed: 1, start: 0, boot: 0, pacing: pacing)
        _ = machine.step([.held(note: nil, at: 0, boot: 0)], at: 0)
        #expect(machine.step(Self.wake(0), at: 0).contains(.breathCue(pacing, sitSeconds: 0, at: 0)))
        #expect(machine.step(Self.key(.quit, 600), at: 600).contains(.breathCue(nil, sitSeconds: 600, at: 600)))
        let ended = machine.step(Self.key(.yes, 610), at: 610)
        #expect(ended.contains(.mainSitEnded))
        #expect(!ended.contains { if case .breathCue = $0 { true } else { false } }, "\(ended)")
        #expect(ended.contains(.paced(false)), "\(ended)")
        #expect(machine.pacing?.end == 600)
        let later = machine.step(Self.wake(650), at: 650)
        #expect(!later.contains { if case .breathCue = $0 { true } else { false } }, "\(later)")
    }

    /// The machine wakes for the pacing's cue half a second ahead of its start (not from the sit's first
    /// second: the stream would run, silent, for a whole warm-up), for its start and its end (piped, its
    /// one line each), not more.
    @Test func theMachineWakesForThePacingsStartAndEnd() {
        let later = BreathPacing(pattern: .box, cue: .tone, volume: 40, start: 120, end: 240)
        var machine = RunMachine(timeline: Self.timeline, speed: 1, start: 0, boot: 0, pacing: later)
        _ = machine.step([.held(note: nil, at: 0, boot: 0)], at: 0)
        let first = machine.step(Self.wake(0), at: 0)
        #expect(!first.contains { if case .breathCue = $0 { true } else { false } }, "\(first)")
        func timeout(_ now: Double) -> Double { machine.timeout(at: now, nextFrame: { _ in nil }, nextCheck: nil) ?? -1 }
        #expect(abs(timeout(0) - (120 - RunMachine.cueLead + RunMachine.margin)) < 1e-9)
        let ahead = machine.step(Self.wake(119.5), at: 119.5)
        #expect(ahead.contains(.breathCue(later, sitSeconds: 119.5, at: 119.5)) && !ahead.contains(.paced(true)), "\(ahead)")
        #expect(abs(timeout(119.5) - (RunMachine.cueLead + RunMachine.margin)) < 1e-9)
        #expect(machine.step(Self.wake(120), at: 120).contains(.paced(true)))
        #expect(abs(timeout(120) - (120 + RunMachine.margin)) < 1e-9)
        _ = machine.step(Self.wake(240), at: 240)
        #expect(abs(timeout(240) - (1560 + RunMachine.margin)) < 1e-9)
    }

    /// The record of the sit in progress and the summary carry the breathing led: the pattern as
    /// `--breathe` writes it, the breaths begun and the seconds paced, pauses left out.
    @Test func theRecordAndTheSummaryCountTheBreathsLed() {
        var machine = RunMachine(timeline: Self.timeline, speed: 1, start: 0, records: true, boot: 0, pacing: Self.firstFive)
        _ = machine.step([.held(note: nil, at: 0, boot: 0)], at: 0)
        _ = machine.step(Self.wake(0), at: 0)
        _ = machine.step(Self.key(.pause, 30), at: 30)
        _ = machine.step(Self.key(.pause, 90), at: 90)
        // 40 s sat: a 4-7-8 breath is 19 s, so three begun.
        #expect(machine.progress(at: 100).breathing == SitBreathing(pattern: "4-7-8", breaths: 3, seconds: 40))
        // Past its end: the five minutes, and the breaths begun in them (300 / 19: 16 begun).
        #expect(machine.progress(at: 460).breathing == SitBreathing(pattern: "4-7-8", breaths: 16, seconds: 300))
        _ = machine.step(Self.key(.interrupt, 500), at: 500)
        #expect(machine.summary(.interrupted).breathing == SitBreathing(pattern: "4-7-8", breaths: 16, seconds: 300))
        var plain = RunMachine(timeline: Self.timeline, speed: 1, start: 0, records: true, boot: 0)
        #expect(plain.progress(at: 100).breathing == nil)
        _ = plain.step([.held(note: nil, at: 0, boot: 0)], at: 0)
        // A sit stopped before its pacer began (in a warm-up) led no breathing.
        let afterWarmUp = BreathPacing(pattern: .box, cue: .tone, volume: 40, start: 120, end: 420)
        var early = RunMachine(timeline: Self.timeline, speed: 1, start: 0, records: true, boot: 0, pacing: afterWarmUp)
        _ = early.step([.held(note: nil, at: 0, boot: 0)], at: 0)
        _ = early.step(Self.wake(0), at: 0)
        #expect(early.progress(at: 90).breathing == nil)
        _ = early.step(Self.key(.interrupt, 100), at: 100)
        #expect(early.summary(.interrupted).breathing == nil)
    }

    /// A cue the ringer never made heard is said once; one it made heard and lost later (the stream's
    /// last player gone) is not said again here: the ringer said so with the player's failure.
    @Test func aCueNotHeardIsSaidOnceAndALostOneNotAgain() {
        var machine = RunMachine(timeline: Self.timeline, speed: 1, start: 0, boot: 0, pacing: Self.whole)
        _ = machine.step([.held(note: nil, at: 0, boot: 0)], at: 0)
        _ = machine.step(Self.wake(0), at: 0)
        #expect(machine.step([.cueHeard(false)], at: 0) == [.note(RunMachine.cueUnheardNote)])
        #expect(machine.step([.cueHeard(false)], at: 0).isEmpty)
        var lost = RunMachine(timeline: Self.timeline, speed: 1, start: 0, boot: 0, pacing: Self.whole)
        _ = lost.step([.held(note: nil, at: 0, boot: 0)], at: 0)
        _ = lost.step(Self.wake(0), at: 0)
        #expect(lost.step([.cueHeard(true)], at: 0).isEmpty)
        _ = lost.step(Self.key(.pause, 100), at: 100)
        #expect(lost.step(Self.key(.pause, 110), at: 110).contains(.breathCue(Self.whole, sitSeconds: 100, at: 110)))
        #expect(lost.step([.cueHeard(false)], at: 110).isEmpty, "the ringer said it")
        #expect(!lost.step(Self.key(.pause, 200), at: 200).contains { if case .breathCue = $0 { true } else { false } }, "not asked again")
    }
}
