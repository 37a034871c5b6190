import Testing
import LocalTime
@testable import ProfileKit
import Sitting

/// Acceptance 2: the session's timeline.
@Suite("Timeline")
struct TimelineTests {
    static func profile(main: Int, every: Int? = nil, warmUp: Int? = nil, coolDown: Int? = nil, bells: Bool = false) -> Profile {
        var profile = Profile(name: "T", duration: TimerDuration(seconds: main))
        if let every { profile.intervals = Intervals(enabled: true, every: TimerDuration(seconds: every), bell: BellChoice(.tingsha)) }
        if let warmUp { profile[segment: .warmUp] = Segment(type: .warmUp, enabled: true, duration: TimerDuration(seconds: warmUp)) }
        if let coolDown {
            profile[segment: .coolDown] = Segment(type: .coolDown, enabled: true, duration: TimerDuration(seconds: coolDown),
                                                  bellEnabled: bells, bell: BellChoice(.gong))
        }
        return profile
    }

    /// `offset kind bell` per event, for compact expectations.
    static func lines(_ timeline: Timeline) -> [String] {
        timeline.events.map { "\(TimerDuration(seconds: $0.offset).formatted) \($0.kind.rawValue)\($0.bell.map { " \($0)" } ?? "")" }
    }

    @Test func theMainSitAlone() {
        let timeline = Timeline(profile: Self.profile(main: 1200))
        #expect(Self.lines(timeline) == ["00:00 main-start Singing Bowl", "20:00 main-end", "20:00 session-end Singing Bowl"])
        #expect(timeline.end == .fixed(seconds: 1200))
        #expect(timeline.parts.map(\.type) == [.main])
        #expect(timeline.bells.count == 2)
    }

    @Test func exactDivisionDropsTheBellOnTheEnd() {
        // 30:00 every 10:00: 10:00 and 20:00; 30:00 is the end.
        let timeline = Timeline(profile: Self.profile(main: 1800, every: 600))
        #expect(timeline.events.filter { $0.kind == .interval }.map(\.offset) == [600, 1200])
        #expect(timeline.events.filter { $0.kind == .interval }.map(\.title) == ["Interval bell 1", "Interval bell 2"])
        #expect(timeline.droppedIntervals == [1800])
    }

    @Test func inexactDivisionKeepsEveryBellBeforeTheEnd() {
        // 30:00 every 7:00: 7, 14, 21, 28 minutes; the last is two minutes before the end.
        let timeline = Timeline(profile: Self.profile(main: 1800, every: 420))
        #expect(timeline.events.filter { $0.kind == .interval }.map(\.offset) == [420, 840, 1260, 1680])
        #expect(timeline.droppedIntervals.isEmpty)
        // 20:00 every 7:00: 7 and 14 minutes; 21 minutes is past the end and is no bell at all.
        let short = Timeline(profile: Self.profile(main: 1200, every: 420))
        #expect(short.events.filter { $0.kind == .interval }.map(\.offset) == [420, 840])
        #expect(short.droppedIntervals.isEmpty)
    }

    struct Collision: CustomTestStringConvertible, Sendable {
        let secondsBeforeEnd: Int
        let rings: Bool
        var testDescription: String { "\(secondsBeforeEnd) s before the end \(rings ? "rings" : "is dropped")" }
    }

    /// A bell 0, 9 or 10 seconds before the end is dropped; 11 seconds before, it rings.
    @Test(arguments: [Collision(secondsBeforeEnd: 0, rings: false), Collision(secondsBeforeEnd: 9, rings: false),
                      Collision(secondsBeforeEnd: 10, rings: false), Collision(secondsBeforeEnd: 11, rings: true)])
    func collisionRule(_ c: Collision) {
        // Every 5:00; the second bell falls at 10:00, `secondsBeforeEnd` before the end.
        let main = 600 + c.secondsBeforeEnd
        for warmUp in [nil, 90] {
            let timeline = Timeline(profile: Self.profile(main: main, every: 300, warmUp: warmUp))
            let start = warmUp ?? 0
            let intervals = timeline.events.filter { $0.kind == .interval }.map(\.offset)
            #expect(intervals == (c.rings ? [start + 300, start + 600] : [start + 300]))
            #expect(timeline.droppedIntervals == (c.rings ? [] : [start + 600]))
            #expect(Intervals(enabled: true, every: .minutes(5)).bellOffsets(inMainSitOf: TimerDuration(seconds: main))
                    == (c.rings ? [300, 600] : [300]))
        }
    }

    @Test func aBellWithinTheGuardOfTheEndIsDroppedEvenWhenItIsTheOnlyOne() {
        let timeline = Timeline(profile: Self.profile(main: 305, every: 300))
        #expect(timeline.events.filter { $0.kind == .interval }.isEmpty)
        #expect(timeline.droppedIntervals == [300])
        // An interval longer than the main sit gives no bell and drops none.
        let long = Timeline(profile: Self.profile(main: 600, every: 900))
        #expect(long.events.filter { $0.kind == .interval }.isEmpty && long.droppedIntervals.isEmpty)
    }

    @Test func intervalsOffGiveNoBellsWhateverTheirValues() {
        var profile = Self.profile(main: 1800, every: 300)
        profile.intervals.enabled = false
        let timeline = Timeline(profile: profile)
        #expect(!timeline.events.contains { $0.kind == .interval })
        #expect(timeline.droppedIntervals.isEmpty)
    }

    @Test func everySegmentOn() {
        let timeline = Timeline(profile: Self.profile(main: 1800, every: 600, warmUp: 120, coolDown: 300, bells: true))
        #expect(Self.lines(timeline) == [
            "00:00 warmup-start",
            "02:00 main-start Singing Bowl",
            "12:00 interval Tingsha",
            "22:00 interval Tingsha",
            "32:00 main-end",
            "32:00 cooldown-start Gong",
            "37:00 session-end Singing Bowl",
        ])
        #expect(timeline.end == .fixed(seconds: 2220))
        #expect(timeline.parts.map(\.type) == [.warmUp, .main, .coolDown])
        #expect(timeline.parts.map(\.start) == [0, 120, 1920])
        #expect(timeline.parts.map(\.end) == [120, 1920, 2220])
        #expect(timeline.droppedIntervals == [1920])
        #expect(timeline.end == Timeline(profile: Self.profile(main: 1800, warmUp: 120, coolDown: 300)).end,
                "interval bells do not change the length")
    }

    @Test func coolDownWithoutBellsStartsQuietly() {
        let timeline = Timeline(profile: Self.profile(main: 600, coolDown: 300, bells: false))
        #expect(Self.lines(timeline) == ["00:00 main-start Singing Bowl", "10:00 main-end", "10:00 cooldown-start",
                                        "15:00 session-end Singing Bowl"])
    }

    @Test func segmentsThatAreOffTakeNoTime() {
        var profile = Self.profile(main: 600, every: 120, warmUp: 60, coolDown: 60, bells: true)
        profile[segment: .warmUp].enabled = false
        profile[segment: .coolDown].enabled = false
        let timeline = Timeline(profile: profile)
        #expect(timeline.end == .fixed(seconds: 600))
        #expect(timeline.parts.map(\.type) == [.main])
        #expect(!timeline.events.contains { $0.kind == .warmUpStart || $0.kind == .coolDownStart })
        #expect(timeline.events.filter { $0.kind == .interval }.map(\.offset) == [120, 240, 360, 480])
    }

    @Test func sessionsOverAnHour() {
        // 1:30:00 every 20:00 after a 5:00 warm-up, then a 10:00 cool-down: 1:45:00 in all.
        let timeline = Timeline(profile: Self.profile(main: 5400, every: 1200, warmUp: 300, coolDown: 600, bells: true))
        #expect(timeline.end == .fixed(seconds: 6300))
        #expect(timeline.events.filter { $0.kind == .interval }.map { TimerDuration(seconds: $0.offset).formatted }
                == ["25:00", "45:00", "01:05:00", "01:25:00"])
        #expect(Self.lines(timeline).suffix(3) == ["01:35:00 main-end", "01:35:00 cooldown-start Gong", "01:45:00 session-end Singing Bowl"])
        // The longest main sit, every 10 seconds: the bells stop 11 seconds or more before the end.
        let longest = Timeline(profile: Self.profile(main: 86_399, every: 10))
        let last = longest.events.filter { $0.kind == .interval }.last?.offset ?? 0
        #expect(last == 86_380)
        #expect(longest.droppedIntervals == [86_390])
        #expect(longest.events.count == 8_638 + 3)
    }

    @Test func partAtAnyMoment() {
        let timeline = Timeline(profile: Self.profile(main: 600, warmUp: 60, coolDown: 60))
        #expect(timeline.part(at: 0).type == .warmUp)
        #expect(timeline.part(at: 59.9).type == .warmUp)
        #expect(timeline.part(at: 60).type == .main)
        #expect(timeline.part(at: 660).type == .coolDown)
        #expect(timeline.part(at: 9_999).type == .coolDown)
    }

    @Test func clockTimes() throws {
        #expect(try ClockTime(parsing: "7:05").description == "07:05")
        #expect(try ClockTime(parsing: "23:59:30").description == "23:59:30")
        #expect(try ClockTime(parsing: "23:50").adding(1200) == (ClockTime(secondsSinceMidnight: 600), 1))
        for bad in ["24:00", "7", "7:5", "07:60", "-1:00", "7:00:00:00", "seven", "", "7:00pm", "１:00"] {
            #expect(throws: ProfileError.invalidOption(bad, option: "start time", accepted: ClockTime.acceptedForms)) { try ClockTime(parsing: bad) }
        }
        #expect(ProfileError.invalidOption("24:00", option: "start time", accepted: ClockTime.acceptedForms).description
                == "invalid start time \"24:00\": use HH:MM on a 24-hour clock (07:30, 19:05), HH:MM:SS, or now")
    }

    @Test func planFormats() {
        let timeline = Timeline(profile: Self.profile(main: 1800, every: 600, warmUp: 120, coolDown: 300, bells: true))
        let start = ClockTime(secondsSinceMidnight: 23 * 3600 + 45 * 60)
        let plain = ProfileRenderer.plan(timeline, name: "T", start: start, format: .plain)
        #expect(plain.split(separator: "\n").first == "00:00\t23:45\twarmup-start\t\t\t\t")
        #expect(plain.split(separator: "\n").last == "37:00\t00:22 +1d\tsession-end\tSinging Bowl\t1\t100\t")
        let table = ProfileRenderer.plan(timeline, name: "T", start: nil, format: .table)
        #expect(table.contains("T: 37:00, 5 bells"))
        // The note names the bell on the clock it was set on, the main sit's (30:00); the table's offsets
        // and JSON's `dropped` count from the session's start, the warm-up's two minutes too (32:00).
        #expect(table.hasSuffix("dropped the interval bell at 30:00 into the main sit: it falls on the main sit's end or within 10 s of it\n"))
        let json = ProfileRenderer.plan(timeline, name: "T", start: nil, format: .json)
        #expect(json.contains(#""dropped": ["32:00"]"#))
        #expect(json.contains(#"{"offset": "00:00", "seconds": 0, "clock": null, "event": "warmup-start", "title": "Warm-up starts", "bell": null, "strikes": null, "volume": null, "missing": false}"#))
    }
}
