import Testing
import ProfileKit
@testable import Sitting

/// The machine's sleep, as tables of events → effects: held for the whole session at its speed from
/// the first effect, and let go just before the last, however the run ends.
@Suite("Run machine: the sleep lock")
struct RunMachineSleepTests {
    /// A 30-minute main sit, no other bell but the start's and the end's.
    static let timeline = Timeline(profile: Profile(name: "T", duration: .minutes(30)))

    @Test(arguments: [(1.0, 1800.0), (60, 30), (2000, 0.9)])
    func sleepIsHeldForTheSessionAtItsSpeed(_ speed: Double, _ seconds: Double) {
        let machine = RunMachine(timeline: Self.timeline, speed: speed, start: 0, boot: 0)
        #expect(machine.opening() == [.holdSleep(seconds: seconds)])
    }

    @Test func anOpenSessionIsHeldAsLongAsItCouldLast() throws {
        let open = try SessionShape.open.timeline(of: Profile(name: "T", duration: .minutes(30)), startingAt: ClockTime(secondsSinceMidnight: 0),
                                                  secondsUntil: { _ in 0 })
        let machine = RunMachine(timeline: open, speed: 1, start: 0, boot: 0)
        guard case .holdSleep(let seconds) = machine.opening().first else {
            Issue.record("no hold: \(machine.opening())")
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
        var all: [RunEffect] = machine.opening()
        for wake in wakes { all += machine.handle(wake.events, at: wake.at) }
        #expect(all.first == .holdSleep(seconds: 1800), "\(name)")
        #expect(all.suffix(2) == [.releaseSleep, .finish(ending)], "\(name): \(all)")
        #expect(all.filter { $0 == .releaseSleep }.count == 1, "\(name): let go once")
    }
}
