import Testing
import LocalTime
@testable import ProfileKit
import Sitting
import TableKit
import TextSupport

/// Interval bells at chosen times (`intervals.at`): reading the list, its refusals, the one row of two
/// modes, and the bells the timeline rings and drops.
@Suite("Interval bells at chosen times")
struct IntervalTimesTests {
    struct ListCase: CustomTestStringConvertible, Sendable {
        let text: String
        let seconds: [Int]
        var testDescription: String { text }
    }

    @Test(arguments: [
        ListCase(text: "10m, 25m", seconds: [600, 1500]),
        ListCase(text: "10:00 25:00", seconds: [600, 1500]),
        ListCase(text: "10m,25m", seconds: [600, 1500]),
        ListCase(text: " 10 ,  25 ", seconds: [600, 1500]),
        ListCase(text: "25m, 10m", seconds: [600, 1500]),
        ListCase(text: "1h30m, 90s 7:30", seconds: [90, 450, 5400]),
        ListCase(text: "1:05:00", seconds: [3900]),
        ListCase(text: "30m\t45m", seconds: [1800, 2700]),
        ListCase(text: "30m\n45m", seconds: [1800, 2700]),
    ])
    func listsReadInEveryForm(_ c: ListCase) throws {
        #expect(try IntervalSchedule(parsing: c.text, mode: .at) == .at(c.seconds.map { TimerDuration(seconds: $0) }))
    }

    struct RefusalCase: CustomTestStringConvertible, Sendable {
        let text: String
        let reason: String
        var testDescription: String { text }
    }

    @Test(arguments: [
        RefusalCase(text: "", reason: "no time given; give at least one, or turn interval bells off (intervals off)"),
        RefusalCase(text: "  ", reason: "no time given; give at least one, or turn interval bells off (intervals off)"),
        RefusalCase(text: "10m,,20m", reason: "an empty place between commas; write one time between each two"),
        RefusalCase(text: "10m, 20m,", reason: "an empty place between commas; write one time between each two"),
        RefusalCase(text: "10m 10:00", reason: "10:00 is given twice; each time rings one bell"),
        RefusalCase(text: "1h 30m", reason: "\"1h 30m\" could be one time or two; write 1h30m for one, or 1h, 30m for two"),
        RefusalCase(text: "10m 5s", reason: "\"10m 5s\" could be one time or two; write 10m5s for one, or 10m, 5s for two"),
        RefusalCase(text: "10m soon", reason: "\"soon\": it is not a number followed by h, m or s"),
        RefusalCase(text: "10m; 20m", reason: "\"10m;\": \";\" is not a number followed by h, m or s"),
        RefusalCase(text: "1h30m 90s", reason: "\"1h30m 90s\" could be one time or two; write 1h30m90s for one, or 1h30m, 90s for two"),
    ])
    func listsAreRefusedWithTheReason(_ c: RefusalCase) {
        let accepted = "use times into the main sit, separated by commas or spaces (10m, 25m or 10:00 25:00), each in minutes (20), units without spaces (20m, 90s, 1h30m) or clock time (7:30, 1:05:00)"
        #expect {
            try IntervalSchedule(parsing: c.text, mode: .at)
        } throws: { error in
            guard let error = error as? ProfileError, case .invalidIntervalTimes(c.text, reason: c.reason) = error else { return false }
            return error.description == "invalid interval bell times \(quoted(c.text)): \(c.reason); \(accepted)" && error.category == .usage
        }
    }

    @Test func atMostNinetyNineTimes() throws {
        let ninetyNine = (1...99).map { "\($0)m" }.joined(separator: " ")
        #expect(try IntervalSchedule(parsing: ninetyNine, mode: .at) == .at((1...99).map { TimerDuration.minutes($0) }))
        #expect(throws: ProfileError.invalidIntervalTimes(ninetyNine + " 100m", reason: "more than 99 times; a profile rings at most 99 interval bells at chosen times")) {
            try IntervalSchedule(parsing: ninetyNine + " 100m", mode: .at)
        }
        // A megabyte of commas is refused before any work is done on it.
        let huge = String(repeating: ",", count: 1 << 20)
        #expect(throws: ProfileError.self) { try IntervalSchedule(parsing: huge, mode: .at) }
    }

    @Test func theEditorsAnswerMayNameItsMode() {
        #expect(IntervalMode.splitting("at 10m, 25m", current: .every) == (.at, "10m, 25m"))
        #expect(IntervalMode.splitting("  EVERY 5m ", current: .at) == (.every, "5m"))
        #expect(IntervalMode.splitting("10m, 25m", current: .at) == (.at, "10m, 25m"))
        #expect(IntervalMode.splitting("every", current: .at) == (.at, "every"))
    }

    // MARK: Refusals at set: the main sit as it is now

    static func zazen(main: Int = 55, on: Bool = true) -> ProfileViewModel {
        var profile = Profile(name: "Zazen", duration: .minutes(main))
        profile.intervals.enabled = on
        return ProfileViewModel(profile: profile)
    }

    @Test(arguments: [0, 9, 3290, 3291, 3300, 3600, 86_400])
    func timesThatWouldNotRingAreRefused(_ seconds: Int) {
        let time = TimerDuration(seconds: seconds)
        let allowed = TimerDuration(seconds: 10)...TimerDuration(seconds: 3289)
        #expect(throws: ProfileError.intervalTimeOutOfRange(time, allowed: allowed, mainSit: .minutes(55))) {
            try Self.zazen().performing(.setIntervals(.at([.minutes(10), time].sorted())))
        }
    }

    @Test func theRefusalNamesTheValueAndTheRange() {
        #expect(ProfileError.intervalTimeOutOfRange(.minutes(55), allowed: TimerDuration(seconds: 10)...TimerDuration(seconds: 3289), mainSit: .minutes(55)).description
                == "interval bell time 55:00 is out of range: use 00:10 (10 seconds) to 54:49, more than 10 seconds before the main sit's end (55:00)")
        #expect(ProfileError.intervalTimeOutOfRange(.zero, allowed: TimerDuration(seconds: 10)...TimerDuration(seconds: 3289), mainSit: .minutes(55)).description
                == "interval bell time 00:00 is out of range (the Start bell rings at 00:00): use 00:10 (10 seconds) to 54:49, more than 10 seconds before the main sit's end (55:00)")
        #expect(ProfileError.intervalTimeOutOfRange(.minutes(1), allowed: nil, mainSit: TimerDuration(seconds: 20)).description
                == "interval bell time 01:00 is out of range: the main sit (00:20) is too short for bells at chosen times, which ring from 00:10 on and more than 10 seconds before the main sit's end (00:20); lengthen it first")
        #expect(ProfileError.intervalTimeOutOfRange(.zero, allowed: nil, mainSit: nil).category == .usage)
        // The last second that rings, and the main sit too short for any.
        #expect(Intervals.allowedTimes(inMainSitOf: TimerDuration(seconds: 21)) == TimerDuration(seconds: 10)...TimerDuration(seconds: 10))
        #expect(Intervals.allowedTimes(inMainSitOf: TimerDuration(seconds: 20)) == nil)
    }

    // MARK: One row, two modes

    @Test func settingTheTimesReloadsRowThreeOneAndSwitchingBackDoesToo() throws {
        let every = Self.zazen()
        let at = try every.performing(try Setting(named: "intervals.at").action(value: "25m, 30m", catalog: .builtIn))
        #expect(at.profile.intervals.schedule == .at([.minutes(25), .minutes(30)]))
        #expect(at.update.sections.map(\.section) == [3])
        #expect(at.update.sections.map(\.reloadedRows) == [[1]])
        #expect(at.update.sections.map(\.insertedRows) == [[]] && at.update.sections.map(\.deletedRows) == [[]])
        #expect(at.update.sections.map { [$0.before, $0.after] } == [[3, 3]])
        let row = try #require(at.update.sections.first?.changed.first)
        #expect(row.old.id == row.new.id && row.old.label == "Every" && row.new.label == "At")
        #expect(at.viewModel.sections[3].rows.map(\.detail) == ["on", "25:00, 30:00", "Singing Bowl"])
        #expect(try every.snapshot.applying(at.update) == at.viewModel.snapshot)

        let back = try at.viewModel.performing(.setIntervals(.every(.minutes(5))))
        #expect(back.update.sections.map(\.reloadedRows) == [[1]])
        #expect(back.viewModel.sections[3].rows.map(\.label) == ["Enabled", "Every", "Bell"])
        #expect(back.profile == every.profile)
    }

    @Test func settingTheTimesWithIntervalsOffLeavesThemOff() throws {
        let off = Self.zazen(on: false)
        let change = try off.performing(.setIntervals(.at([.minutes(25)])))
        #expect(change.update.isEmpty)
        #expect(!change.profile.intervals.enabled)
        #expect(change.viewModel.hiddenNote(.interval(.at)) == "Interval bell times are now 25:00; its row shows when Intervals is on\n")
        let on = try change.viewModel.toggling(.intervals)
        #expect(on.update.sections.map(\.insertedRows) == [[1, 2]])
        #expect(on.viewModel.sections[3].rows.map(\.label) == ["Enabled", "At", "Bell"])
        #expect(on.viewModel.numberOfRows(for: .intervals) == 3)
        #expect(try on.viewModel.toggling(.intervals).viewModel.numberOfRows(for: .intervals) == 1)
    }

    @Test func theSameTimesAreAlreadySet() throws {
        let at = try Self.zazen().performing(.setIntervals(.at([.minutes(25), .minutes(30)])))
        let again = try at.viewModel.performing(try Setting(named: "intervals.at").action(value: "30m 25m", catalog: .builtIn))
        #expect(again.profile == at.profile && again.update.isEmpty)
        #expect(at.viewModel.alreadyNote(.interval(.at)) == "Interval bell times are already 25:00, 30:00\n")
        // A plural title takes a plural verb (issue 40); a singular one keeps its own.
        #expect(at.viewModel.staysNote(.interval(.at)) == "Interval bell times stay 25:00, 30:00\n")
        #expect(at.viewModel.staysNote(.interval(.every)).hasPrefix("Time between interval bells stays "))
    }

    // MARK: The timeline

    @Test func aZazenPeriodRingsAtItsKinhinTimes() throws {
        let change = try Self.zazen().performing(.setIntervals(.at([.minutes(25), .minutes(30)])))
        var profile = change.profile
        profile[segment: .warmUp] = Segment(type: .warmUp, enabled: true, duration: .minutes(2))
        let timeline = Timeline(profile: profile)
        #expect(profile.intervals.bellOffsets(inMainSitOf: profile.duration) == [1500, 1800])
        // Offsets count from the main sit's start, after the warm-up.
        #expect(timeline.events.filter { $0.kind == .interval }.map(\.offset) == [1620, 1920])
        #expect(timeline.events.filter { $0.kind == .interval }.map(\.title) == ["Interval bell 1", "Interval bell 2"])
        #expect(timeline.droppedIntervals.isEmpty)
    }

    @Test func aShorterMainSitDropsTheTimesPastItsEnd() throws {
        let at = try Self.zazen(main: 30).performing(.setIntervals(.at([.minutes(10), .minutes(25)])))
        #expect(Timeline(profile: at.profile).events.filter { $0.kind == .interval }.map(\.offset) == [600, 1500])
        // The duration is not refused: the bells past the end are dropped, and the change says so.
        let shorter = try at.viewModel.performing(.setDuration(.main, .minutes(20)))
        #expect(shorter.profile.intervals.schedule == .at([.minutes(10), .minutes(25)]))
        let timeline = Timeline(profile: shorter.profile)
        #expect(timeline.events.filter { $0.kind == .interval }.map(\.offset) == [600])
        #expect(timeline.droppedIntervals == [1500])
        #expect(ProfileRenderer.droppedNote(before: at.profile, after: shorter.profile)
                == "dropped the interval bell at 25:00: it falls on or past the main sit's end or within 10 s of it\n")
        // Within the guard of the end, too; longer again, it rings again.
        let guarded = try at.viewModel.performing(.setDuration(.main, TimerDuration(seconds: 1510)))
        #expect(guarded.profile.intervals.droppedOffsets(inMainSitOf: guarded.profile.duration) == [1500])
        #expect(ProfileRenderer.droppedNote(before: at.profile, after: guarded.profile)
                == "dropped the interval bell at 25:00: it falls on the main sit's end or within 10 s of it\n")
        let longer = try shorter.viewModel.performing(.setDuration(.main, .minutes(30)))
        #expect(longer.profile.intervals.bellOffsets(inMainSitOf: longer.profile.duration) == [600, 1500])
        #expect(ProfileRenderer.droppedNote(before: shorter.profile, after: longer.profile) == "")
    }

    /// Issue 40: with a two-minute warm-up, `12m, 25m` then a 20-minute main sit drops the bell the user
    /// set at 25:00 of the main sit; the note names 25:00, never the session's 27:00.
    @Test func aDroppedTimeIsNamedOnTheMainSitsClockAfterAWarmUp() throws {
        var zazen = Self.zazen(main: 30).profile
        zazen[segment: .warmUp] = Segment(type: .warmUp, enabled: true, duration: .minutes(2))
        let at = try ProfileViewModel(profile: zazen).performing(.setIntervals(.at([.minutes(12), .minutes(25)])))
        let shorter = try at.viewModel.performing(.setDuration(.main, .minutes(20)))
        #expect(Timeline(profile: shorter.profile).droppedIntervals == [1620], "the timeline counts from the session's start")
        let note = ProfileRenderer.droppedNote(before: at.profile, after: shorter.profile)
        #expect(note == "dropped the interval bell at 25:00 into the main sit: it falls on or past the main sit's end or within 10 s of it\n")
        #expect(!note.contains("27:00"))
        // The plan's note says the same; only its table's offsets count the warm-up.
        let plan = ProfileRenderer.plan(Timeline(profile: shorter.profile), name: "Zazen", start: nil, format: .table)
        #expect(plan.hasSuffix(note), "\(plan)")
        // Two dropped, with the main sit's end exactly on one of them.
        let two = try at.viewModel.performing(.setDuration(.main, .minutes(12)))
        #expect(ProfileRenderer.droppedNote(before: at.profile, after: two.profile)
                == "dropped the interval bells at 12:00, 25:00 into the main sit: they fall on or past the main sit's end or within 10 s of it\n")
    }

    @Test func noTimesRingWhileIntervalsAreOff() {
        let intervals = Intervals(enabled: false, schedule: .at([.minutes(10)]))
        #expect(intervals.bellOffsets(inMainSitOf: .minutes(30)).isEmpty && intervals.droppedOffsets(inMainSitOf: .minutes(30)).isEmpty)
    }

    // MARK: What show and list print

    @Test func showAndListGiveTheTimes() throws {
        let at = try Self.zazen().performing(.setIntervals(.at([.minutes(25), .minutes(30)]))).viewModel
        let json = ProfileRenderer.sections(at, only: [3], format: .json)
        #expect(json.contains(#"{"path": "3.1", "label": "At", "kind": "value", "value": "25:00, 30:00", "times": ["25:00", "30:00"], "timesSeconds": [1500, 1800]}"#))
        #expect(ProfileRenderer.sections(at, only: [3], format: .plain) == "intervals\t0\tEnabled\ton\nintervals\t1\tAt\t25:00, 30:00\nintervals\t2\tBell\tSinging Bowl\n")
        // An every-mode row is as it was: no times.
        let every = ProfileRenderer.sections(Self.zazen(), only: [3], format: .json)
        #expect(every.contains(#"{"path": "3.1", "label": "Every", "kind": "value", "value": "05:00"}"#))

        let list = ProfileRenderer.list([at.profile], format: .json)
        #expect(list.contains(#""every": null"#) && list.hasSuffix("\"at\": [\"25:00\", \"30:00\"], \"ambience\": false, \"ambienceSound\": \"Rain\", \"ambienceVolume\": \"30%\", \"breathing\": false, \"breathingPattern\": \"Coherent 5.5\", \"breathingLead\": \"first 5 min\", \"breathingCue\": \"tone\", \"breathingVolume\": \"40%\"}\n]\n"))
        #expect(ProfileRenderer.list([Self.zazen().profile], format: .json).contains(#""every": "05:00""#))
        #expect(ProfileRenderer.list([at.profile], format: .plain).hasSuffix("\tSinging Bowl\t25:00, 30:00\toff\tRain\t30%\toff\tCoherent 5.5\tfirst 5 min\ttone\t40%\n"))
        #expect(ProfileSummary(at.profile).every == "at 25:00, 30:00")
        var three = at.profile
        three.intervals.schedule = .at([.minutes(5), .minutes(25), .minutes(30)])
        #expect(ProfileSummary(three).every == "at 05:00, 25:00, …")
    }

    @Test func aLongListIsCutToTheTableWidth() throws {
        var profile = Profile(name: "Many", duration: .minutes(100))
        profile.intervals = Intervals(enabled: true, schedule: .at((1...99).map { TimerDuration.minutes($0) }))
        let text = ProfileRenderer.sections(ProfileViewModel(profile: profile), only: [3], format: .table, options: RenderOptions(width: 60))
        for line in text.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= 60, "\(line)") }
        #expect(text.contains("01:00, 02:00"))
        #expect(text.contains("…"))
    }
}
