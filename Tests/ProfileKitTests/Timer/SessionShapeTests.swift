#if canImport(Glibc)
import Glibc
#endif
import LocalTime
import Testing
import ProfileKit
import TestDoubles
import Players
import TableKit
@testable import JournalCore
@testable import Sitting

/// Issue 26: sits of every shape — open-ended, sized to end at a time of day, started at one — on a
/// fake clock, and the journal's record of a sit with no planned length.
@Suite("Session shapes")
struct SessionShapeTests {
    typealias Runner = SessionRunnerTests

    /// Warm-up 2:00, main 30:00 with a bell every 7:00, cool-down 5:00 with its bell.
    static let profile = SampleProfiles.run

    static func runOpen(keys: [(Double, RunKey)], speed: Double = 1, showsTime: Bool = false) -> (summary: RunSummary, fired: [Timeline.Event], rung: Int) {
        let clock = Runner.FakeClock()
        let input = Runner.ScriptedInput(clock: clock, keys: keys.map { (clock.time + $0.0, $0.1) })
        let display = Runner.Recorder(clock: clock, showsTime: showsTime)
        let ringer = Runner.RecordingRinger()
        let runner = SessionRunner(name: "Run", timeline: Timeline(profile: profile, open: true), speed: speed, sound: "test",
                                   clock: clock, input: input, display: display, ringer: ringer)
        let summary = runner.run()
        return (summary, display.fired.map(\.event), ringer.rung.count)
    }

    // MARK: The open-ended timeline

    @Test func anOpenTimelineHasNoEndUntilTheSitterEndsIt() {
        let timeline = Timeline(profile: Self.profile, open: true)
        #expect(timeline.isOpen)
        #expect(timeline.end == .open(every: 420))
        #expect(!timeline.events.contains { [.mainEnd, .coolDownStart, .sessionEnd].contains($0.kind) })
        #expect(timeline.events.prefix(4).map(\.offset) == [0, 120, 540, 960], "warm-up, main sit, then a bell every 7:00")
        // The bells go on past the profile's own 30:00, to the longest main sit.
        #expect((timeline.events.last?.offset ?? 0) > 120 + 30 * 60)
        #expect((timeline.events.last?.offset ?? 0) <= 120 + Timeline.openHorizon)
        #expect(timeline.closing.events.map(\.kind) == [.mainEnd, .coolDownStart, .sessionEnd])
        #expect(timeline.closing.events.map(\.offset) == [0, 0, 300])
        #expect(timeline.droppedIntervals.isEmpty)
    }

    @Test func endingTheMainSitPlansTheCoolDownAndTheEndFromThere() {
        let ended = Timeline(profile: Self.profile, open: true).endingMainSit(at: 120 + 1000)
        #expect(ended.end == .fixed(seconds: 1120 + 300))
        #expect(ended.events.map(\.kind) == [.warmUpStart, .mainStart, .interval, .interval, .mainEnd, .coolDownStart, .sessionEnd])
        #expect(ended.events.map(\.offset) == [0, 120, 540, 960, 1120, 1120, 1420])
        #expect(ended.parts.map(\.type) == [.warmUp, .main, .coolDown])
        #expect(ended.parts.map(\.end) == [120, 1120, 1420])
        #expect(ended.bells.last?.bell == Self.profile.endBell)
        // The same profile planned at that length plans the same session, but for the interval rule's drops.
        #expect(ended.endingMainSit(at: 5) == ended, "a fixed session stays as it is")
    }

    /// One count of bells everywhere: the header, plan's title and the summary agree, and an open sit
    /// whose interval bells go on is never said to plan a day of them.
    @Test func anOpenSitCountsTheBellsItPlans() {
        let open = Timeline(profile: Self.profile, open: true)
        #expect(open.plannedBells == nil)
        #expect(open.bellsText == "3 bells and a bell every 07:00", "Start, the cool-down's and the End bell")
        var chosen = Self.profile
        chosen.intervals = Intervals(enabled: true, schedule: .at([.minutes(1), .minutes(2)]), bell: BellChoice(.tingsha))
        let at = Timeline(profile: chosen, open: true)
        #expect(at.plannedBells == 5)
        #expect(at.bellsText == "5 bells")
        #expect(at.endingMainSit(at: 1000).plannedBells == 5)
        #expect(Timeline(profile: Self.profile).bellsText == "7 bells")
        let cut = Self.runOpen(keys: [(1000, .interrupt)])
        #expect(cut.summary.bellsPlanned == nil)
        #expect(cut.summary.text(end: .open(every: 420)) == "Interrupted at 16:40 (open-ended); 3 bells rang.")
    }

    @Test func aProfileWithNoIntervalsIsOpenWithNoRepeatingBell() {
        var profile = Self.profile
        profile.intervals.enabled = false
        #expect(Timeline(profile: profile, open: true).end == .open(every: nil))
    }

    // MARK: Running open-ended

    /// q, then y, 25 minutes into the main sit: the main sit ends there, the cool-down and the End bell
    /// follow, and the run is complete with the time sat.
    @Test(arguments: [1.0, 60.0])
    func qThenYEndsTheMainSitAndTheSessionGoesOn(_ speed: Double) {
        let endAt = (120 + 25 * 60) / speed
        let run = Self.runOpen(keys: [(endAt, .quit), (endAt + 3 / speed, .yes)], speed: speed)
        #expect(run.summary.ending == .completed)
        #expect(run.summary.elapsed == 120 + 1500 + 300, "warm-up, 25:00 sat, the cool-down")
        #expect(run.fired.map(\.kind).suffix(3) == [.mainEnd, .coolDownStart, .sessionEnd])
        #expect(run.fired.filter { $0.kind == .interval }.count == 3, "7:00, 14:00, 21:00 into the main sit")
        #expect(run.fired.first { $0.kind == .mainEnd }?.offset == 1620, "the answer's seconds are not sat")
        #expect(run.summary.bellsPlanned == run.rung, "every bell of the session as it was ended rang")
        // The three seconds of the question are paused, and the question counts as a pause (issue 50:
        // the count and the paused time agree).
        #expect(run.summary.pauses == 1 && run.summary.pausedSeconds == Int((3 / speed).rounded()), "\(run.summary)")
    }

    @Test func anyOtherAnswerGoesOn() {
        let run = Self.runOpen(keys: [(600, .quit), (602, .other), (900, .quit), (901, .yes)])
        #expect(run.summary.ending == .completed)
        #expect(run.fired.first { $0.kind == .mainEnd }?.offset == 898, "900 s less the 2 s the first question took")
    }

    @Test func ctrlCInterruptsAnOpenSit() {
        let run = Self.runOpen(keys: [(700, .interrupt)])
        #expect(run.summary.ending == .interrupted)
        #expect(run.summary.elapsed == 700)
        #expect(RunSummary(ending: .interrupted, elapsed: 700, bellsRung: 2, bellsPlanned: 2, pauses: 0).text(end: .open(every: nil))
            == "Interrupted at 11:40 (open-ended); 2 of 2 bells rang.")
    }

    @Test func yInTheWarmUpStopsTheSessionAsInAnyRun() {
        let run = Self.runOpen(keys: [(60, .quit), (61, .yes)])
        #expect(run.summary.ending == .stopped)
        #expect(!run.fired.contains { $0.kind == .mainEnd })
    }

    @Test func yInTheCoolDownStopsTheSession() {
        let run = Self.runOpen(keys: [(1000, .quit), (1000, .yes), (1100, .quit), (1101, .yes)])
        #expect(run.summary.ending == .stopped)
        #expect(run.fired.last?.kind == .coolDownStart)
    }

    /// Nobody ends it: the main sit ends at the longest a main sit lasts, and the session completes.
    @Test func anOpenSitNobodyEndsEndsAtTheHorizon() {
        let run = Self.runOpen(keys: [], speed: 10_000)
        #expect(run.summary.ending == .completed)
        #expect(run.fired.first { $0.kind == .mainEnd }?.offset == 120 + Timeline.openHorizon)
        #expect(run.summary.elapsed == 120 + Timeline.openHorizon + 300)
    }

    @Test func theFrameShowsTheTimeSatAndNoBar() {
        var state = RunState(name: "Run", timeline: Timeline(profile: Self.profile, open: true), elapsed: 120 + 754, sound: "test")
        let frame = RunFrame(state, width: 80, keys: true).lines.map(\.text)
        #expect(frame.first == "Main sit: 12:34 sat · open-ended")
        #expect(!frame.contains { $0.contains("█") || $0.contains("░") })
        #expect(frame.last?.contains("q end the main sit") == true)
        state.isConfirmingStop = true
        #expect(RunFrame(state, width: 80, keys: true).lines.map(\.text).last == "End the main sit? y to end it, any other key to go on")
        state.elapsed = 60
        #expect(RunFrame(state, width: 80, keys: true).lines.map(\.text).first == "Warm Up: 01:00 left · open-ended")
    }

    // MARK: Until a time of day

    @Test func untilSizesTheMainSitSoTheSessionEndsThen() throws {
        let start = ClockTime(secondsSinceMidnight: 6 * 3600)
        let timeline = try SessionShape.until(ClockTime(secondsSinceMidnight: 6 * 3600 + 40 * 60)).timeline(of: Self.profile, startingAt: start)
        #expect(timeline.end == .fixed(seconds: 2400))
        #expect(timeline.parts.map(\.length) == [120, 2400 - 420, 300], "warm-up and cool-down kept")
        // Past midnight: the next such time is tomorrow's.
        let late = try SessionShape.until(ClockTime(secondsSinceMidnight: 30 * 60)).timeline(of: Self.profile, startingAt: ClockTime(secondsSinceMidnight: 23 * 3600 + 50 * 60))
        #expect(late.end == .fixed(seconds: 40 * 60))
    }

    @Test func untilRefusesLessThanAMinuteOfMainSit() {
        let start = ClockTime(secondsSinceMidnight: 6 * 3600)
        #expect(throws: ProfileError.self) {
            try SessionShape.until(ClockTime(secondsSinceMidnight: 6 * 3600 + 420 + 59)).timeline(of: Self.profile, startingAt: start)
        }
        #expect((try? SessionShape.until(ClockTime(secondsSinceMidnight: 6 * 3600 + 420 + 60)).timeline(of: Self.profile, startingAt: start))?.end == .fixed(seconds: 480))
        do {
            _ = try SessionShape.until(ClockTime(secondsSinceMidnight: 6 * 3600 + 20)).timeline(of: Profile(name: "Q", duration: .minutes(5)), startingAt: start)
            Issue.record("20 s ahead was taken")
        } catch {
            #expect("\(error)" == "invalid --until \"06:00:20\": use a time that leaves at least a minute for the main sit: from 06:00 it leaves 00:20")
        }
    }

    // MARK: When it ends, on the local clock (issue 40)

    /// 2026-11-27 16:55:00 UTC: `--until 14:55`, two hours before, is tomorrow's 14:55.
    static let afternoon = 1_795_759_200.0 + 10 * 3600 + 55 * 60

    @Test func anUntilTwoHoursBeforeNowEndsTomorrowAndThePlanSaysSo() throws {
        let now = Self.afternoon
        let calendar = LocalCalendar(zone: .utc)
        let until = ClockTime(secondsSinceMidnight: 14 * 3600 + 55 * 60)
        let timeline = try SessionShape.until(until).timeline(of: Self.profile, startingAt: ClockTime(at: now, calendar: calendar),
                                                              secondsUntil: { ClockTime.secondsFrom(now, until: $0, calendar: calendar) })
        #expect(timeline.end == .fixed(seconds: 22 * 3600))
        let clock = PlanClock(start: now, now: now, calendar: calendar)
        #expect(clock.moment(at: 22 * 3600) == LocalMoment(time: until, daysFromToday: 1))
        #expect(clock.moment(at: 22 * 3600).description == "14:55 tomorrow")
        #expect(clock.moment(at: 0).description == "16:55 today")
        let table = ProfileRenderer.plan(timeline, name: "Run", start: nil, on: clock, format: .table, options: RenderOptions(width: 100))
        #expect(table.contains("Run: 22:00:00, "), "\(table)")
        #expect(table.contains("starts 16:55 today, ends 14:55 tomorrow"), "\(table)")
        #expect(table.contains("Clock"), "each event's clock time beside its offset")
        let plain = ProfileRenderer.plan(timeline, name: "Run", start: nil, on: clock, format: .plain)
        #expect(plain.split(separator: "\n").first == "00:00\t16:55\twarmup-start\t\t\t\t")
        #expect(plain.split(separator: "\n").last?.hasPrefix("22:00:00\t14:55 +1d\tsession-end\t") == true, "\(plain)")
        let json = ProfileRenderer.plan(timeline, name: "Run", start: nil, on: clock, format: .json)
        #expect(json.contains(#""endsAt": "14:55","#) && json.contains(#""endsDaysFromToday": 1,"#), "\(json)")
        // With no clock, nothing is said of the end; an open-ended sit has none.
        let unknown = ProfileRenderer.plan(timeline, name: "Run", start: nil, format: .json)
        #expect(unknown.contains(#""endsAt": null,"#) && unknown.contains(#""endsDaysFromToday": null,"#))
        let open = ProfileRenderer.plan(Timeline(profile: Self.profile, open: true), name: "Run", start: nil, on: clock, format: .json)
        #expect(open.contains(#""endsAt": null"#))
        // A start at a time of day given (`--start 6:00`) is a session at that time: its clock times,
        // and no day said (whichever day the plan is read on).
        let morning = PlanClock(start: ClockTime.nextEpoch(of: ClockTime(secondsSinceMidnight: 6 * 3600), after: now, calendar: calendar), now: now,
                                calendar: calendar)
        #expect(!morning.startsNow && clock.startsNow)
        let early = ProfileRenderer.plan(Timeline(profile: Self.profile), name: "Run", start: nil, on: morning, format: .table,
                                         options: RenderOptions(width: 100))
        #expect(early.contains("Run: 37:00, 7 bells, 06:00 to 06:37 "), "\(early)")
        let earlyJSON = ProfileRenderer.plan(Timeline(profile: Self.profile), name: "Run", start: nil, on: morning, format: .json)
        #expect(earlyJSON.contains(#""endsAt": "06:37","#) && earlyJSON.contains(#""endsDaysFromToday": null,"#), "\(earlyJSON)")
    }

    @Test func momentsSayTheirDayFromToday() {
        #expect(LocalMoment(time: ClockTime(secondsSinceMidnight: 7 * 3600), daysFromToday: 0).description == "07:00 today")
        #expect(LocalMoment(time: ClockTime(secondsSinceMidnight: 7 * 3600 + 30), daysFromToday: 2).description == "07:00:30 in 2 days")
        #expect(SessionShape.until(ClockTime(secondsSinceMidnight: 0)).endsAtATime && !SessionShape.open.endsAtATime)
        var state = RunState(name: "M", timeline: Timeline(profile: Self.profile), elapsed: 0, sound: "s")
        #expect(state.endsText == "")
        state.ends = LocalMoment(time: ClockTime(secondsSinceMidnight: 7 * 3600), daysFromToday: 1)
        #expect(state.endsText == ", ends 07:00 tomorrow")
    }

    // MARK: Waiting for a time of day

    /// Keys on a script over the wall clock's reading (the input's clock: its waits move it).
    static func wallInput(wall: Double, keys: [(Double, RunKey)] = []) -> ScriptedInput {
        ScriptedInput(clock: ManualClock(wall), keys: keys)
    }

    @Test func theWaitCountsDownToItsTimeAndStarts() {
        let input = Self.wallInput(wall: 1000.25)
        var shown: [Int] = []
        let outcome = StartWait.wait(until: 1010, wall: { input.clock.time }, input: input, countsDown: true) { shown.append($0) }
        #expect(outcome == .start)
        #expect(shown == Array((1...10).reversed()), "each whole second left, once")
        #expect(input.clock.time >= 1010 && input.clock.time < 1010.001)
    }

    /// Piped, nothing is shown as it goes: one line, and a wake-up a minute at most.
    @Test func aPipedWaitWakesOnceAMinuteAtMost() {
        let input = Self.wallInput(wall: 0)
        var shown: [Int] = []
        let outcome = StartWait.wait(until: 600, wall: { input.clock.time }, input: input, countsDown: false) { shown.append($0) }
        #expect(outcome == .start)
        #expect(shown == [600])
        #expect(input.waits == Array(repeating: StartWait.longestWait, count: 10))
    }

    @Test func qCancelsTheWaitAndCtrlCInterruptsIt() {
        let quit = Self.wallInput(wall: 0, keys: [(30, .quit)])
        #expect(StartWait.wait(until: 600, wall: { quit.clock.time }, input: quit, countsDown: true) { _ in } == .cancelled)
        let interrupt = Self.wallInput(wall: 0, keys: [(30, .other), (31.5, .suspend), (40, .interrupt)])
        var shown: [Int] = [], suspending = 0
        #expect(StartWait.wait(until: 600, wall: { interrupt.clock.time }, input: interrupt, countsDown: true,
                               suspending: { suspending += 1 }) { shown.append($0) } == .interrupted)
        #expect(interrupt.suspends == 1, "Ctrl-Z stops the wait, as it stops a run")
        // Issue 50: the display is told first (it leaves the terminal as the shell expects it: no frame,
        // the cursor, the title) and, going on, the countdown is shown again at once, whole.
        #expect(suspending == 1)
        #expect(zip(shown, shown.dropFirst()).filter { $0 == $1 }.count == 1, "one second shown twice, before and after Ctrl-Z: \(shown.prefix(15))")
    }

    /// The wall clock is read at each wake-up: a clock set forward starts the sit at once.
    @Test func aClockSetForwardStartsTheSitAtOnce() {
        let input = Self.wallInput(wall: 0)
        var first = true
        let outcome = StartWait.wait(until: 600, wall: { () -> Double in
            if first { first = false; return input.clock.time }
            return input.clock.time + 3600
        }, input: input, countsDown: false) { _ in }
        #expect(outcome == .start)
        #expect(input.waits.count == 1)
    }

    // MARK: The journal's record of an open-ended sit

    @Test func anOpenEndedSitIsLoggedWithNoPlannedLength() throws {
        let sit = try #require(Sit.run(outcome: .completed, elapsed: 1920, total: nil, bells: 3, pausedSeconds: 0, speed: 1,
                                       started: 1_700_000_000, now: 1_700_001_920, profile: "Run", note: nil, calendar: LocalCalendar(zone: .utc)))
        #expect(sit.seconds == 1920)
        #expect(sit.plannedSeconds == nil)
        #expect(sit.line.contains(#""plannedSeconds":null"#))
        #expect(sit.lengthText == "32:00, open-ended")
        let line = Array(sit.line.utf8.dropLast())
        #expect(try SitLine.decode(line) == sit)
        #expect(line.withUnsafeBufferPointer { SitLine.fastDecode($0, 0..<line.count) } == sit)
        // A quick sit has no profile.
        let quick = Sit.run(outcome: .completed, elapsed: 120, total: 120, bells: 2, pausedSeconds: 0, speed: 1,
                            started: 1_700_000_000, now: 1_700_000_120, profile: nil, note: nil, calendar: LocalCalendar(zone: .utc))
        #expect(quick?.profile == nil)
        #expect(quick?.line.contains(#""profile":null"#) == true)
    }
}
