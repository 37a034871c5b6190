import Testing
import ProfileKit
import Players
@testable import Sitting

/// The machine's sleep, as tables of events → effects: held for the whole session at its speed from
/// the first effect, and let go just before the last, however the run ends.
@Suite("Run machine: the sleep lock")
struct RunMachineSleepTests {
    /// A 30-minute main sit, no other bell but the start's and the end's.
    static let timeline = Timeline(profile: Profile(name: "T", duration: .minutes(30)))

    @Test(arguments: [(1.0, 1800.0), (60, 30), (2000, 0.9)])
    func sleepIsHeldForTheSessionAtItsSpeed(_ speed: Double, _ seconds: Double) {
        #expect(RunMachine.opening(timeline: Self.timeline, speed: speed) == [.holdSleep(seconds: seconds)])
    }

    @Test func anOpenSessionIsHeldAsLongAsItCouldLast() throws {
        let open = try SessionShape.open.timeline(of: Profile(name: "T", duration: .minutes(30)), startingAt: ClockTime(secondsSinceMidnight: 0),
                                                  secondsUntil: { _ in 0 })
        let opening = RunMachine.opening(timeline: open, speed: 1)
        guard case .holdSleep(let seconds) = opening.first else {
            Issue.record("no hold: \(opening)")
            return
        }
        #expect(seconds >= Double(Timeline.openHorizon), "\(seconds)")
    }

    /// The events that end a run, each way it can end.
    static let endings: [(String, [(events: [RunInputEvent], at: Double)], RunSummary.Ending)] = [
        ("completed", [([.time(0)], 0), ([.time(1800)], 1800)], .completed),
        ("stopped with q, then y", [([.time(0)], 0), ([.key(.quit, at: 60)], 60), ([.key(.yes, at: 61)], 61)], .stopped),
        ("interrupted", [([.time(0)], 0), ([.key(.interrupt, at: 60)], 60)], .interrupted),
        ("interrupted while paused", [([.time(0)], 0), ([.key(.pause, at: 10)], 10), ([.key(.interrupt, at: 900)], 900)], .interrupted),
    ]

    @Test(arguments: endings.indices)
    func sleepIsLetGoJustBeforeEveryEnding(_ index: Int) {
        let (name, wakes, ending) = Self.endings[index]
        var machine = RunMachine(timeline: Self.timeline, speed: 1, start: 0, boot: 0)
        var all: [RunEffect] = RunMachine.opening(timeline: Self.timeline, speed: 1)
        for wake in wakes { all += machine.handle(wake.events, at: wake.at) }
        #expect(all.first == .holdSleep(seconds: 1800), "\(name)")
        #expect(all.suffix(2) == [.releaseSleep, .finish(ending)], "\(name): \(all)")
        #expect(all.filter { $0 == .releaseSleep }.count == 1, "\(name): let go once")
    }
}

/// The driver takes the lock before the run's clock starts: a logind that is slow to answer costs the
/// sitter no time and makes no bell late.
@Suite("Session runner: the sleep lock")
struct SessionRunnerSleepTests {
    @Test func aSlowLockIsNoTimeSatAndNoBellLate() {
        let clock = SessionRunnerTests.FakeClock()
        let display = SessionRunnerTests.Recorder(clock: clock, showsTime: false)
        var held: [Double] = []
        let runner = SessionRunner(name: "T", timeline: RunMachineSleepTests.timeline, speed: 60, sound: "silent", clock: clock,
                                   input: SessionRunnerTests.ScriptedInput(clock: clock), display: display,
                                   ringer: SilentRinger(), holdOffSleep: { seconds in
                                       held.append(seconds)
                                       // logind takes 2 real seconds to answer: 2 minutes of session at 60x.
                                       clock.time += 2
                                       return SleepHold(note: "held")
                                   })
        let summary = runner.run()
        #expect(held == [30])
        #expect(display.fired.allSatisfy { $0.late == nil }, "\(display.fired.map { ($0.event.kind, $0.late) })")
        #expect(summary.ending == .completed && summary.elapsed == 1800 && summary.pausedSeconds == 0)
        #expect(display.notesShown == ["held"], "the hold's note is in the header")
    }
}
