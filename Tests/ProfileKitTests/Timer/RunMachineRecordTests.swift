import Testing
import ProfileKit
import TestDoubles
@testable import Sitting

/// The run machine's own rules for the record of the sit in progress and for sleep, as tables of events
/// → effects, with no clock: the cadence that was once the driver's locals (the start, every change,
/// once a session minute but at most once a real second, before a stop) and the boot clock's gain.
@Suite("Run machine: records and sleep")
struct RunMachineRecordTests {
    /// A 30-minute main sit, no other bell but the start's and the end's.
    static let timeline = Timeline(profile: Profile(name: "T", duration: .minutes(30)))

    /// One wake-up of the driver: its events at monotonic time `at`.
    struct Wake: Sendable {
        var events: [RunInputEvent]
        var at: Double
        /// Whether the machine's effects must hold a record.
        var records: Bool
    }

    struct MachineCase: CustomTestStringConvertible, Sendable {
        var id: String
        var speed: Double = 1
        var wakes: [Wake]
        var testDescription: String { id }
    }

    static func time(_ at: Double, records: Bool) -> Wake { Wake(events: [.time(at)], at: at, records: records) }

    static let cases = [
        MachineCase(id: "the start is kept, then nothing until a minute has passed",
                    wakes: [time(0, records: true), time(30, records: false), time(59.9, records: false), time(60.001, records: true),
                            time(90, records: false), time(120.5, records: true)]),
        MachineCase(id: "each change is kept: a pause, its resume",
                    wakes: [time(0, records: true), Wake(events: [.key(.pause, at: 10)], at: 10, records: true),
                            time(100, records: false), Wake(events: [.key(.pause, at: 200)], at: 200, records: true)]),
        MachineCase(id: "no minute passes while paused",
                    wakes: [time(0, records: true), Wake(events: [.key(.pause, at: 1)], at: 1, records: true),
                            time(500, records: false), time(5000, records: false)]),
        MachineCase(id: "the stop question asked and answered no are each kept",
                    wakes: [time(0, records: true), Wake(events: [.key(.quit, at: 5)], at: 5, records: true),
                            Wake(events: [.key(.other, at: 8)], at: 8, records: true), time(20, records: false)]),
        MachineCase(id: "at speed 600 a minute passes each 0.1 s, but records come a second apart",
                    speed: 600,
                    wakes: [time(0, records: true), time(0.2, records: false), time(0.5, records: false), time(0.99, records: false),
                            time(1.01, records: true), time(1.5, records: false), time(2.02, records: true)]),
    ]

    @Test(arguments: cases)
    func recordsComeAsTheCadenceSays(_ c: MachineCase) {
        var machine = RunMachine(timeline: Self.timeline, speed: c.speed, start: 0, records: true, boot: 0)
        for (index, wake) in c.wakes.enumerated() {
            let effects = machine.handleRinging(wake.events, at: wake.at)
            let finished = effects.contains { if case .finish = $0 { true } else { false } }
            #expect(effects.contains { $0.isRecord } == (wake.records && !finished), "wake \(index) at \(wake.at): \(effects)")
            #expect(effects.filter(\.isRecord).count <= 1, "one record a wake-up")
        }
    }

    /// The end is no record: the journal takes the finished sit. Nor is anything kept by a run that is
    /// not logged.
    @Test func theEndAndAnUnloggedRunKeepNoRecord() {
        var machine = RunMachine(timeline: Self.timeline, speed: 1, start: 0, records: true, boot: 0)
        #expect(machine.handleRinging([.time(0)], at: 0).contains { $0.isRecord })
        let end = machine.handleRinging([.time(1800.001)], at: 1800.001)
        #expect(end.contains(.finish(.completed)) && !end.contains { $0.isRecord }, "\(end)")
        var unlogged = RunMachine(timeline: Self.timeline, speed: 1, start: 0, records: false, boot: 0)
        for at in [0.0, 10, 61, 125] { #expect(!unlogged.handle([.time(at), .key(.pause, at: at)], at: at).contains { $0.isRecord }) }
        #expect(unlogged.nextRecord(at: 0) == nil)
    }

    /// A stop keeps the record before the program stops (a run killed while stopped is recovered as it
    /// stood); the continue after it is a change too.
    @Test func aStopIsRecordedBeforeTheProgramStops() {
        var machine = RunMachine(timeline: Self.timeline, speed: 1, start: 0, records: true, boot: 0)
        _ = machine.handle([.time(0)], at: 0)
        let stop = machine.handle([.key(.suspend, at: 30)], at: 30)
        let record = stop.firstIndex(where: \.isRecord), suspend = stop.firstIndex(of: .suspend)
        #expect(record != nil && suspend != nil && record! < suspend!, "\(stop)")
        #expect(machine.handle([.continued(at: 90)], at: 90).contains { $0.isRecord })
    }

    /// When the next minute's record is due: from the last record, a session minute later, at least a
    /// real second after it; none while paused.
    @Test func theNextRecordIsDueAMinuteOfSessionTimeLater() throws {
        var machine = RunMachine(timeline: Self.timeline, speed: 2, start: 0, records: true, boot: 0)
        _ = machine.handle([.time(0)], at: 0)
        #expect(try #require(machine.nextRecord(at: 10)) == 30)
        _ = machine.handle([.key(.pause, at: 10)], at: 10)
        #expect(machine.nextRecord(at: 20) == nil)
        var fast = RunMachine(timeline: Self.timeline, speed: 600, start: 0, records: true, boot: 0)
        _ = fast.handle([.time(0)], at: 0)
        #expect(try #require(fast.nextRecord(at: 0.05)) == 1)
    }

    struct SleepCase: CustomTestStringConvertible, Sendable {
        var id: String
        /// Each reading: monotonic time, boot time, whether logind said the machine woke.
        var readings: [(now: Double, boot: Double, woke: Bool)]
        /// The seconds slept each reading tells, or nil.
        var slept: [Double?]
        var testDescription: String { id }
    }

    static let sleeps = [
        SleepCase(id: "the clocks move together: no sleep", readings: [(10, 10, false), (20, 20, false)], slept: [nil, nil]),
        SleepCase(id: "the boot clock gains 300 s: a sleep of 300 s", readings: [(10, 310, false), (20, 320, false)], slept: [300, nil]),
        SleepCase(id: "a gain of a second or less is no sleep", readings: [(10, 11, false)], slept: [nil]),
        SleepCase(id: "logind's word alone is a sleep too short to measure",
                  readings: [(10, 10, true)], slept: [0]),
        SleepCase(id: "logind's word within 10 s of a sleep said is that sleep",
                  readings: [(10, 310, false), (15, 315, true), (30, 330, true)], slept: [300, nil, 0]),
    ]

    @Test(arguments: sleeps)
    func theBootClocksGainIsASleep(_ c: SleepCase) {
        var machine = RunMachine(timeline: Self.timeline, speed: 1, start: 0, records: false, boot: 0)
        _ = machine.handle([.time(0)], at: 0)
        for (reading, slept) in zip(c.readings, c.slept) {
            let effects = machine.handle([.clocks(reading.now, boot: reading.boot, loginWoke: reading.woke), .time(reading.now)], at: reading.now)
            let said = effects.compactMap { if case .slept(let seconds) = $0 { seconds } else { nil } }
            #expect(said == (slept.map { [$0] } ?? []), "at \(reading.now): \(effects)")
        }
    }
}
