import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import Breath
import Players
import Sound
import Desktop
import LocalTime
import ProfileKit
import Sitting
import TestDoubles
import TestSupport
import TextSupport
@testable import LiveSit

/// The live sit as `run` and the editor's `run` start it, with the process replaced: a scripted clock
/// and keys, a display that writes down what it is shown, an in-memory store, and the journal, the
/// record of the sit in progress and the last-run file in a temporary folder.
@Suite("Live sit")
struct LiveSitTests {
    typealias FakeClock = SessionRunnerTests.FakeClock
    typealias ScriptedInput = SessionRunnerTests.ScriptedInput
    typealias Recorder = SessionRunnerTests.Recorder

    /// Keys on a script: the runner's waits move the fake clock.
    final class Keys: SitKeys {
        let input: ScriptedInput
        var stoppedByLostOutput = false
        var sleepWatch: SleepWatch?
        var restored = 0
        init(_ input: ScriptedInput) { self.input = input }
        func wait(upTo timeout: Double?) -> RunWake { input.wait(upTo: timeout) }
        func suspend() { input.suspend() }
        var readsKeys: Bool { input.readsKeys }
        func restore() { restored += 1 }
    }

    /// What the process was told.
    final class Said: @unchecked Sendable {
        var out: [String] = []
        var errors: [String] = []
        var holds: [(profile: String, seconds: Double, inhibit: Bool)] = []
        var questions: [String] = []
    }

    /// The answer to a question on the terminal.
    var answer = false

    /// 2026-11-27 06:00:00 UTC, the wall clock's fixed reading.
    static let wall = 1_795_759_200.0

    let folder: String
    let said = Said()
    let clock = FakeClock()

    init() throws {
        // The sit sizes its timeline and its journal's days in the host's zone: UTC (the host's TZ is
        // what the record names, not the zone).
        folder = try makeTemporaryDirectory()
    }

    var journalPath: String { "\(folder)/journal.jsonl" }

    func host(stdinIsTerminal: Bool = false) -> SitHost {
        let said = said
        let answer = answer
        return SitHost(environment: ["HOME": folder, "XDG_STATE_HOME": "\(folder)/state", "TZ": "UTC"],
                       passwordHome: { nil }, now: { Self.wall + 0 }, calendar: LocalCalendar(zone: .utc), stdinIsTerminal: stdinIsTerminal,
                       say: { said.out.append($0) }, diagnostic: { said.errors.append($0) },
                       logStamp: { "2026-11-27T06:00:00+0000" }, clock: clock,
                       holdOffSleep: { profile, seconds, inhibit, _, _ in
                           said.holds.append((profile, seconds, inhibit))
                           return SleepHold(note: inhibit ? "sleep is not held off: a test" : nil)
                       },
                       confirm: { question in
                           said.questions.append(question)
                           return answer
                       })
    }

    /// A one-minute profile with no warm-up, cool-down or interval bells.
    static func minute(_ name: String = "Minute") -> Profile {
        var profile = Profile(name: name, duration: .minutes(1))
        profile[segment: .warmUp] = Segment(type: .warmUp, enabled: false, duration: .minutes(2))
        profile[segment: .coolDown] = Segment(type: .coolDown, enabled: false, duration: .minutes(5))
        profile.intervals = Intervals(enabled: false, every: .minutes(7), bell: BellChoice(.tingsha))
        return profile
    }

    func sit(_ options: SitOptions, given: Profile? = nil, profiles: [Profile] = [minute()], keys: [(Double, RunKey)] = [],
             stdinIsTerminal: Bool = false, live: Bool = false) throws(CarriedError) -> (end: LiveSit.End, keys: Keys, display: Recorder) {
        let store = try CarriedError.carrying { () throws(ProfileError) in try InMemoryProfileStore(profiles) }
        let input = ScriptedInput(clock: clock, keys: keys.map { (clock.time + $0.0, $0.1) })
        let sitKeys = Keys(input)
        let display = Recorder(clock: clock, showsTime: false)
        let end = try LiveSit.run(options, given: given, store: store, host: host(stdinIsTerminal: stdinIsTerminal), live: live,
                                  makeKeys: { sitKeys }, makeDisplay: { _ in display }, makeRinger: { _ in nil })
        return (end, sitKeys, display)
    }

    func journalLines() -> [String] {
        ((try? String(contentsOfFile: journalPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func aSitIsLoggedKeptAsRunLastAndSaidInTheLogStyle() throws {
        var options = SitOptions()
        options.name = "Minute"
        options.journal = journalPath
        let (end, keys, display) = try sit(options)
        #expect(end == .finished)
        #expect(display.summary?.ending == .completed && display.summary?.elapsed == 60)
        let lines = journalLines()
        #expect(lines.count == 1)
        #expect(lines.first?.contains(#""profile":"Minute","seconds":60,"plannedSeconds":60,"outcome":"completed""#) == true, "\(lines)")
        // The log display's line: the stamp, the time sat, what was logged.
        #expect(said.out.last?.hasPrefix("2026-11-27T06:00:00+0000  +01:00  logged: ") == true, "\(said.out)")
        #expect(try LastRun(folder: "\(folder)/state/profile").name() == "Minute")
        #expect(said.holds.map(\.profile) == ["Minute"] && said.holds.first?.inhibit == true)
        #expect(keys.restored >= 1, "the terminal is given back")
        #expect(said.errors.isEmpty, "\(said.errors)")
    }

    /// The players a live sit starts read and wait on the run's clock, not the real one: on a manual
    /// clock, the clock handed to them says its time, and a wait of theirs (as `finish(timeout:)` makes)
    /// moves it on by the time waited, at once. PlayerChainTests' `finishWaitsOnTheRunsClock` shows the
    /// players' `finish(timeout: 1)` ending that way with a player that never ends.
    @Test func thePlayersReadAndWaitOnTheRunsClock() throws {
        var options = SitOptions()
        options.name = "Minute"
        options.log = false
        options.inhibit = false
        let store = try CarriedError.carrying { () throws(ProfileError) in try InMemoryProfileStore([Self.minute()]) }
        let input = ScriptedInput(clock: clock, keys: [])
        var handed: SoundClock?
        let end = try LiveSit.run(options, given: nil, store: store, host: host(), live: false,
                                  makeKeys: { Keys(input) }, makeDisplay: { [clock] _ in Recorder(clock: clock, showsTime: false) },
                                  makeRinger: { clock in
                                      handed = clock
                                      return nil
                                  })
        #expect(end == .finished)
        let players = try #require(handed, "the sit handed its players no clock")
        #expect(players.now() == clock.time)
        let before = clock.time
        let started = Date()
        players.sleep(1)
        #expect(clock.time == before + 1, "a wait of 1 s moved the run's clock by \(clock.time - before) s")
        #expect(Date().timeIntervalSince(started) < 0.5, "the players' wait slept on the real clock")
    }

    @Test func theEditorsProfileRunsAsGivenAndIsNotKeptWhenUnlogged() throws {
        var options = SitOptions()
        options.log = false
        options.journal = journalPath
        options.inhibit = false
        let (end, _, display) = try sit(options, given: Self.minute("Unsaved"), profiles: [])
        #expect(end == .finished && display.summary?.ending == .completed)
        #expect(journalLines().isEmpty && !FileManager.default.fileExists(atPath: journalPath), "--no-log opens no journal")
        #expect(try LastRun(folder: "\(folder)/state/profile").name() == "Unsaved", "the profile run last is the editor's")
        #expect(said.holds.first?.inhibit == false)
    }

    @Test func qThenYStopsAndCtrlCInterrupts() throws {
        var options = SitOptions()
        options.name = "Minute"
        options.log = false
        let stopped = try sit(options, keys: [(10, .quit), (11, .yes)])
        #expect(stopped.end == .stopped)
        let interrupted = try sit(options, keys: [(10, .interrupt)])
        #expect(interrupted.end == .interrupted)
    }

    @Test func aLostOutputEndsAsFinishedForTheProcessToFail() throws {
        var options = SitOptions()
        options.name = "Minute"
        options.log = false
        let store = try InMemoryProfileStore([Self.minute()])
        let input = ScriptedInput(clock: clock, keys: [(clock.time + 5, .interrupt)])
        let keys = Keys(input)
        keys.stoppedByLostOutput = true
        let end = try LiveSit.run(options, given: nil, store: store, host: host(), live: false, makeKeys: { keys },
                                  makeDisplay: { _ in Recorder(clock: clock, showsTime: false) }, makeRinger: { _ in nil })
        #expect(end == .finished, "74 comes from the process's check of its output, not 130")
    }

    @Test func aQuickSitTakesNoShapeAndOpenNeedsATerminal() throws {
        var quick = SitOptions()
        quick.name = "20m"
        quick.shape = .open
        #expect(throws: CarriedError(ProfileError.invalidOption("20m", option: "--open with the length",
                                                                accepted: "a profile's name, or no --open: a quick sit lasts the length it is given"))) {
            try sit(quick, stdinIsTerminal: true)
        }
        var open = SitOptions()
        open.name = "Minute"
        open.shape = .open
        do {
            _ = try sit(open, stdinIsTerminal: false)
            Issue.record("--open without a terminal ran")
        } catch {
            #expect("\(error)".contains("a terminal on standard input for --open"), "\(error)")
        }
    }

    @Test func aQuickSitIsLoggedWithNoProfileAndNotKeptAsRunLast() throws {
        var options = SitOptions()
        options.name = "1m"
        options.journal = journalPath
        let (end, _, _) = try sit(options, profiles: [])
        #expect(end == .finished)
        let line = try #require(journalLines().first)
        #expect(!line.contains(#""profile""#) || line.contains(#""profile":null"#), "\(line)")
        #expect(try LastRun(folder: "\(folder)/state/profile").name() == nil)
    }

    @Test func aWaitForAtIsCancelledByQAndInterruptedByCtrlC() throws {
        var options = SitOptions()
        options.name = "Minute"
        options.journal = journalPath
        // An hour after the wall clock's 06:00 UTC.
        options.at = ClockTime(secondsSinceMidnight: 7 * 3600)
        let cancelled = try sit(options, keys: [(1, .quit)])
        #expect(cancelled.end == .stopped)
        #expect(said.out.last == "cancelled: \"Minute\" did not start\n", "\(said.out)")
        #expect(said.holds.first.map { ($0.seconds - 3600).magnitude < 1 } == true, "sleep is held off for the wait: \(said.holds)")
        // The lock's note goes to the display with the wait, which says it once (RunDisplays).
        #expect(cancelled.display.waits.first?.note == "sleep is not held off: a test", "\(cancelled.display.waits)")
        #expect(cancelled.display.waits.first?.title == "Minute starts at 07:00" && cancelled.display.waitsDone == 1)
        let interrupted = try sit(options, keys: [(1, .interrupt)])
        #expect(interrupted.end == .interrupted)
        #expect(said.out.last == "interrupted: \"Minute\" did not start\n")
        #expect(journalLines().isEmpty, "no sit")
    }

    // MARK: A sit says when it ends (issue 40)

    /// The wall clock reads 06:00 UTC: `--until 04:00`, two hours before, is tomorrow's, 22 hours on.
    @Test func aLongSitThatUntilMadeIsAskedAboutOnATerminal() throws {
        var options = SitOptions()
        options.name = "Minute"
        options.journal = journalPath
        options.shape = .until(ClockTime(secondsSinceMidnight: 4 * 3600))
        let declined = try sit(options, stdinIsTerminal: true)
        #expect(declined.end == .stopped)
        #expect(said.questions == ["Minute with --until 04:00 lasts 22:00:00, ending 04:00 tomorrow. Start it"])
        #expect(said.out == ["cancelled: \"Minute\" did not start\n"])
        #expect(declined.display.summary == nil && journalLines().isEmpty && said.holds.isEmpty, "nothing started")
        // Piped, it is refused (64) unless --yes.
        do {
            _ = try sit(options, stdinIsTerminal: false)
            Issue.record("a sit of 22 hours started piped without --yes")
        } catch {
            #expect("\(error)" == "invalid --until \"04:00\": use --yes to start a sit longer than 3 hours without being asked (standard input is not a terminal to ask on): \"Minute\" would last 22:00:00, ending 04:00 tomorrow")
            #expect(error.category == .usage)
        }
        #expect(said.questions.count == 1, "not asked piped")
        options.yes = true
        options.speed = 10_000
        let started = try sit(options, stdinIsTerminal: false)
        #expect(started.end == .finished && started.display.summary?.ending == .completed)
        #expect(said.questions.count == 1, "--yes asks nothing")
        #expect(started.display.endsShown == nil, "at another speed the session's clock is not the wall clock's")
    }

    /// Three hours or less is not asked about; at speed 1 the header says when the sit ends.
    @Test func aSitUntilATimeSaysWhenItEndsAndAShortOneIsNotAsked() throws {
        var options = SitOptions()
        options.name = "Minute"
        options.log = false
        options.shape = .until(ClockTime(secondsSinceMidnight: 6 * 3600 + 10 * 60))
        let short = try sit(options, stdinIsTerminal: true)
        #expect(short.end == .finished)
        #expect(said.questions.isEmpty)
        #expect(short.display.endsShown == LocalMoment(time: ClockTime(secondsSinceMidnight: 6 * 3600 + 10 * 60), daysFromToday: 0))
        // Exactly three hours is not asked either.
        options.shape = .until(ClockTime(secondsSinceMidnight: 9 * 3600))
        options.speed = 10_000
        #expect(try sit(options, stdinIsTerminal: false).end == .finished)
        // A profile's own shape says nothing of its end.
        var planned = SitOptions()
        planned.name = "Minute"
        planned.log = false
        #expect(try sit(planned).display.endsShown == nil)
    }

    @Test func speedAndVolumeAreReadOrRefusedNamingWhatIsAccepted() throws {
        #expect(try SitOptions.speed("60") == 60)
        #expect(try SitOptions.speed("0.01") == 0.01)
        for bad in ["0", "10001", "nan", "inf", "-1", "", "fast"] {
            #expect(throws: ProfileError.invalidOption(bad, option: "--speed", accepted: "a number from 0.01 to 10000, such as 60 (a minute in a second)")) {
                try SitOptions.speed(bad)
            }
        }
        #expect(try SitOptions.volume("50") == 50)
        #expect(throws: ProfileError.invalidOption("101", option: "--volume", accepted: "a whole percentage from \(BellChoice.allowedVolume.lowerBound) to \(BellChoice.allowedVolume.upperBound), such as 50")) {
            try SitOptions.volume("101")
        }
    }

    /// Issue 48: `run 1m --breathe 4-7-8 --speed 60`, in process: the pacer leads the whole quick sit,
    /// the breath is said once to be shown and not heard (no stream here), and the summary the journal
    /// logs from carries the pattern, the breaths led and the seconds paced.
    @Test func aQuickSitPacedByBreatheCountsItsBreaths() throws {
        var options = SitOptions()
        options.name = "1m"
        options.speed = 60
        options.log = false
        options.breathe = try BreathPattern(parsing: "4-7-8")
        let (end, _, display) = try sit(options, profiles: [])
        #expect(end == .finished)
        // 60 s of 19-second breaths: four begun.
        #expect(display.summary?.breathing == SitBreathing(pattern: "4-7-8", breaths: 4, seconds: 60))
        #expect(display.notes.filter { $0 == RunMachine.cueUnheardNote }.count == 1, "\(display.notes)")
        var plain = SitOptions()
        plain.name = "1m"
        plain.speed = 60
        plain.log = false
        #expect(try sit(plain, profiles: []).display.summary?.breathing == nil)
    }

    /// Where `--breathe` and a profile's Breathing put the pacer: a profile's own span, cue and volume
    /// with `--breathe`'s pattern; with its Breathing off, the whole main sit after the warm-up; an open
    /// main sit's pacer has no end; no pacer without either.
    @Test func breatheLeadsWhereTheProfileSays() throws {
        var profile = Profile(name: "P", duration: .minutes(20))
        profile[segment: .warmUp] = Segment(type: .warmUp, enabled: true, duration: .minutes(2))
        let timeline = Timeline(profile: profile)
        #expect(SitOptions.pacing(of: profile, breathe: nil, timeline: timeline) == nil)
        #expect(SitOptions.pacing(of: profile, breathe: .box, timeline: timeline)
                == BreathPacing(pattern: .box, cue: .tone, volume: Breathing.defaultVolume, start: 120, end: 1320))
        profile.breathing = Breathing(isEnabled: true, choice: .coherent, lead: .firstMinutes(5), cue: .tick, volume: 25)
        #expect(SitOptions.pacing(of: profile, breathe: nil, timeline: Timeline(profile: profile))
                == BreathPacing(pattern: .coherent, cue: .tick, volume: 25, start: 120, end: 420))
        #expect(SitOptions.pacing(of: profile, breathe: .fourSevenEight, timeline: Timeline(profile: profile))
                == BreathPacing(pattern: .fourSevenEight, cue: .tick, volume: 25, start: 120, end: 420))
        profile.breathing.lead = .wholeSit
        #expect(SitOptions.pacing(of: profile, breathe: nil, timeline: Timeline(profile: profile, open: true))?.end == nil)
        // Leading a warm-up that is off: nothing by itself; with --breathe, the main sit (its cue kept).
        profile.breathing.lead = .warmUp
        profile[segment: .warmUp].enabled = false
        #expect(SitOptions.pacing(of: profile, breathe: nil, timeline: Timeline(profile: profile)) == nil)
        #expect(SitOptions.pacing(of: profile, breathe: .box, timeline: Timeline(profile: profile))
                == BreathPacing(pattern: .box, cue: .tick, volume: 25, start: 0, end: 1200))
    }
}
