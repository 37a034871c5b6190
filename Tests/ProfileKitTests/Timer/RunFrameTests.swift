import Testing
import LocalTime
import ProfileKit
import TestDoubles
import TableKit
import TextSupport
@testable import Sitting

/// The live display's frame is a pure function of the run's state and the terminal's width.
@Suite("Run frame")
struct RunFrameTests {
    static let timeline = Timeline(profile: SampleProfiles.run)

    @Test func theFrameSaysThePartTheTimeLeftTheBarAndTheNextBell() {
        let state = RunState(name: "Run", timeline: Self.timeline, elapsed: 130.5, sound: "paplay")
        let frame = RunFrame(state, width: 60, keys: true)
        #expect(frame.lines.map(\.text) == [
            "Main sit: 29:50 left · session: 34:50 left",
            "██" + String(repeating: "░", count: 48) + " 5%",
            "Next bell: Interval bell 1 (Tingsha) at 09:00, in 06:50",
            "space pause · q stop · - + volume · m mute · sound: paplay",
        ])
        #expect(frame.lines.map(\.style) == [.plain, .plain, .plain, .dim])
    }

    @Test func theQuestionAndAPauseShow() {
        var state = RunState(name: "Run", timeline: Self.timeline, elapsed: 2219.2, sound: "aplay")
        state.isPaused = true
        #expect(RunFrame(state, width: 80, keys: true).lines.last?.text == "space resume · q stop · - + volume · m mute · sound: aplay")
        #expect(RunFrame(state, width: 80, keys: false).lines.last?.text == "sound: aplay", "no keys, no hint of them")
        state.isConfirmingStop = true
        let frame = RunFrame(state, width: 80, keys: true)
        #expect(frame.lines[0].text == "Cool Down: 00:01 left · session: 00:01 left  PAUSED")
        #expect(frame.lines[2].text == "Next bell: Session ends (Singing Bowl) at 37:00, in 00:01")
        #expect(frame.lines.last == RunFrame.Line(text: "Stop the session? y to stop, any other key to go on", style: .bold))
    }

    /// Issue 50, item 7: asked to stop before a minute, the question says a stop now is not logged and
    /// how long until one is; from the minute on, or in a run that is not logged, it asks as before.
    @Test func theQuestionSaysWhenAStopWouldNotBeLogged() {
        var state = RunState(name: "Run", timeline: Self.timeline, elapsed: 55.2, sound: "aplay")
        state.isConfirmingStop = true
        state.logsFrom = 60
        #expect(RunFrame(state, width: 100, keys: true).lines.last
                == RunFrame.Line(text: "Stop the session? not logged before 01:00, 00:05 to go; y stops, any other key goes on", style: .bold))
        #expect(RunFrame(state, width: 80, keys: true).lines.last?.text == "Stop? not logged before 01:00, 00:05 to go; y stops, other keys go on")
        #expect(RunFrame(state, width: 60, keys: true).lines.last?.text == "Stop? not logged before 01:00, 00:05 to go; y stops")
        var lines: [String] = []
        let log = LogRunDisplay(write: { lines.append($0) }, wallClock: { "T" })
        log.tick(state)
        #expect(lines == ["T  +00:55  question  Stop the session? not logged before 01:00, 00:05 to go; y to stop, any other key to go on\n"])
        state.elapsed = 60
        #expect(RunFrame(state, width: 80, keys: true).lines.last?.text == "Stop the session? y to stop, any other key to go on")
        state.elapsed = 30
        state.logsFrom = nil
        #expect(RunFrame(state, width: 80, keys: true).lines.last?.text == "Stop the session? y to stop, any other key to go on", "a run not logged")
    }

    /// Issue 50: the terminal bell has no volume: its run offers no volume keys, and they change nothing.
    @Test func theTerminalBellHasNoVolumeKeys() {
        var state = RunState(name: "Run", timeline: Self.timeline, elapsed: 130.5, sound: "terminal bell")
        #expect(RunFrame(state, width: 100, keys: true).lines.last?.text == "space pause · q stop · m mute · sound: terminal bell")
        #expect(RunFrame(state, width: 30, keys: true).lines.last?.text == "space pause · q stop · m mute")
        state.sound = "paplay"
        #expect(RunFrame(state, width: 100, keys: true).lines.last?.text == "space pause · q stop · - + volume · m mute · sound: paplay")
        var machine = RunMachine(timeline: Self.timeline, speed: 1, start: 0, keys: true, records: false, boot: 0,
                                 shown: RunState(name: "Run", timeline: Self.timeline, elapsed: 0, sound: "terminal bell"))
        let effects = machine.step([.key(.volumeDown, at: 10)], at: 10)
        #expect(!effects.contains { if case .setVolume = $0 { true } else { false } } && machine.state(at: 10).volume == 0, "\(effects)")
    }

    /// Every line fits one column short of the width (a full line wraps on some terminals), however narrow.
    @Test(arguments: [1, 20, 33, 60, 200])
    func linesFitTheWidth(_ width: Int) {
        let state = RunState(name: "Run", timeline: Self.timeline, elapsed: 600, sound: "a player with a long name")
        for line in RunFrame(state, width: width, keys: true).lines {
            #expect(DisplayWidth.of(line.text) <= max(20, width) - 1, "\(line.text)")
        }
    }

    /// Issue 40: from 40 columns up, the next bell keeps its time and the stop question its answer;
    /// words go first (`Next: Interval bell 1 at 09:00, in 06:50`), and nothing is cut with `…`.
    @Test(arguments: Array(40...64))
    func theTimeAndTheQuestionKeepTheirWords(_ width: Int) {
        var state = RunState(name: "Run", timeline: Self.timeline, elapsed: 130.5, sound: "paplay")
        state.isConfirmingStop = true
        state.isPaused = true
        let lines = RunFrame(state, width: width, keys: true).lines.map { $0.text.trimmingWhitespace() }
        let next = lines.first { $0.hasPrefix("Next") }
        #expect(next?.hasSuffix("at 09:00, in 06:50") == true, "\(String(describing: next))")
        #expect(lines.last?.hasPrefix("Stop") == true && (lines.last?.contains("y to stop") == true || lines.last?.contains("y stops") == true), "\(String(describing: lines.last))")
        for line in lines { #expect(!line.contains("…") && DisplayWidth.of(line) <= width - 1, "\(line)") }
    }

    /// The text changes once a session second: the countdowns round up.
    @Test func theTextChangesOnTheSecond() {
        var state = RunState(name: "Run", timeline: Self.timeline, elapsed: 130.01, sound: "paplay")
        let before = RunFrame(state, width: 60, keys: true)
        state.elapsed = 130.99
        #expect(RunFrame(state, width: 60, keys: true) == before)
        #expect(RunFrame.nextChange(after: 130.01) == 131)
        state.elapsed = 131.001
        #expect(RunFrame(state, width: 60, keys: true) != before)
    }
}

/// On a terminal of 40 × 12 or more the frame leads with the time in big digits, centred.
@Suite("Run frame: big digits")
struct RunFrameBigTests {
    static let timeline = Timeline(profile: SampleProfiles.run)
    static let state = RunState(name: "Run", timeline: timeline, elapsed: 130.5, sound: "paplay")

    @Test func atEightyByTwentyFourTheTimeLeftIsTenRowsOfDigitsWithTheLinesBelow() throws {
        let frame = RunFrame(Self.state, width: 80, height: 24, keys: true)
        #expect(frame.scale == 2)
        let texts = frame.lines.map(\.text)
        // A blank line, the digits, a blank line, then today's lines, centred.
        #expect(texts.count == 1 + 10 + 1 + 4)
        #expect(texts[0].isEmpty && texts[11].isEmpty)
        let digits = Array(texts[1...10])
        let expected = BigDigits.lines("29:50", scale: 2)
        for (row, line) in zip(digits, expected) {
            var trimmed = Substring(line)
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            #expect(row == String(repeating: " ", count: (79 - 50) / 2) + trimmed)
        }
        #expect(texts[12].drop { $0 == " " } == "Main sit: 29:50 left · session: 34:50 left")
        #expect(texts[13].contains("5%") && texts[14].contains("Next bell: Interval bell 1 (Tingsha)"))
        #expect(texts[15].drop { $0 == " " } == "space pause · q stop · - + volume · m mute · sound: paplay")
        #expect(frame.lines[1].style == .boldCyan, "the main sit's colour")
        #expect(frame.lines[15].style == .dim)
        for line in texts { #expect(DisplayWidth.of(line) <= 79) }
    }

    /// The digits sit in the middle of the width, whatever the width, and every row starts at the same
    /// column (a 7 or a 1 last, whose rows end in blanks, too).
    @Test(arguments: [40, 41, 57, 80, 81, 132])
    func theDigitsAreCentred(_ width: Int) throws {
        for (elapsed, time) in [(130.5, "29:50"), (133.0, "29:47"), (2219.0, "00:01")] {
            var state = Self.state
            state.elapsed = elapsed
            #expect(RunFrame.bigTime(state) == time)
            let frame = RunFrame(state, width: width, height: 14, keys: true)
            let scale = try #require(frame.scale)
            let glyphs = BigDigits.lines(time, scale: scale)
            let digitsWidth = BigDigits.width(of: time, scale: scale)
            let pad = (width - 1 - digitsWidth) / 2
            for (row, glyphRow) in zip(frame.lines[1...], glyphs) {
                #expect(row.text.prefix(pad).allSatisfy { $0 == " " })
                #expect(glyphRow.hasPrefix(row.text.dropFirst(pad)), "\(row.text) is not \(glyphRow) after \(pad) spaces")
                #expect(row.text.last != " ", "trailing blanks are not written")
            }
            let right = width - 1 - pad - digitsWidth
            #expect(abs(pad - right) <= 1, "\(pad) columns left, \(right) right")
            for line in frame.lines { #expect(DisplayWidth.of(line.text) <= width - 1) }
        }
    }

    @Test func smallTerminalsKeepTheFewLines() {
        let small = RunFrame(Self.state, width: 60, keys: true)
        #expect(small.scale == nil)
        for (width, height) in [(30, 10), (39, 24), (80, 11), (200, 0)] {
            let frame = RunFrame(Self.state, width: width, height: height, keys: true)
            #expect(frame.scale == nil, "\(width) × \(height)")
            #expect(frame.lines.count == 4)
            #expect(frame.lines[0].text.hasPrefix("Main sit: 29:50 left"))
        }
        #expect(RunFrame(Self.state, width: 40, height: 12, keys: true).scale == 1, "40 × 12 is enough")
    }

    /// Over an hour the time is HH:MM:SS: 39 columns at scale 1, which 40 columns fit; narrower, the few
    /// lines; a tall and wide terminal takes it larger.
    @Test func overAnHourTheTimeIsHoursMinutesAndSeconds() throws {
        var profile = SampleProfiles.run
        profile.duration = TimerDuration(seconds: 2 * 3600)
        let state = RunState(name: "Long", timeline: Timeline(profile: profile), elapsed: 3000, sound: "paplay")
        #expect(RunFrame.bigTime(state).count == 8, "\(RunFrame.bigTime(state))")
        let frame = RunFrame(state, width: 40, height: 12, keys: true)
        #expect(frame.scale == 1)
        #expect(frame.lines[1].text.count == 39)
        #expect(RunFrame(state, width: 39, height: 40, keys: true).scale == nil, "39 columns cannot fit 01:xx:xx")
        #expect(RunFrame(state, width: 80, height: 24, keys: true).scale == 2)
        #expect(RunFrame(state, width: 250, height: 60, keys: true).scale == RunFrame.largestScale)
    }

    /// A terminal too short for the larger scales takes a smaller one; the frame always leaves a row.
    @Test(arguments: [12, 13, 15, 21, 22, 26, 27, 40])
    func theScaleFitsTheHeight(_ height: Int) throws {
        let frame = RunFrame(Self.state, width: 200, height: height, keys: true)
        let scale = try #require(frame.scale)
        #expect(frame.lines.count <= height - 1)
        #expect(frame.lines.count == 1 + 5 * scale + 1 + 4)
        if scale > 1 { #expect(frame.lines.count <= height - 6, "room above for the header and events") }
        let larger = 1 + 5 * (scale + 1) + 1 + 4
        #expect(scale == RunFrame.largestScale || larger > height - 6)
    }

    @Test func anOpenSitShowsTheTimeSat() {
        let state = RunState(name: "Run", timeline: Timeline(profile: SampleProfiles.run, open: true), elapsed: 120 + 754.2, sound: "paplay")
        let frame = RunFrame(state, width: 80, height: 24, keys: true)
        #expect(RunFrame.bigTime(state) == "12:34")
        #expect(Array(frame.lines[1...10].map(\.text)) == BigDigits.lines("12:34", scale: 2).map { RunFrame.centred($0, in: 79) })
        #expect(frame.lines.contains { $0.text.contains("Main sit: 12:34 sat · open-ended") })
        #expect(!frame.lines.contains { $0.text.contains("%") }, "no bar without an end")
        #expect(RunFrame.title(state) == "12:34 sat · Run")
    }

    @Test func theDigitsTakeThePartsColourAndDimWhilePaused() {
        var state = RunState(name: "Run", timeline: Self.timeline, elapsed: 10, sound: "paplay")
        #expect(RunFrame(state, width: 80, height: 24, keys: true).lines[1].style == .boldYellow, "warm-up")
        state.elapsed = 2200
        #expect(RunFrame(state, width: 80, height: 24, keys: true).lines[1].style == .boldMagenta, "cool-down")
        state.isPaused = true
        #expect(RunFrame(state, width: 80, height: 24, keys: true).lines[1].style == .dim)
    }

    @Test func theTitleSaysTheTimeLeftAndTheProfile() {
        var state = Self.state
        #expect(RunFrame.title(state) == "29:50 left · Run")
        state.isPaused = true
        #expect(RunFrame.title(state) == "29:50 left, paused · Run")
        // A name from a file never reaches the terminal raw: ESC, BEL, C1 controls (ST, OSC) are escaped.
        state.isPaused = false
        state.name = "Evil\u{1B}]0;pwned\u{07}\u{9C}\u{9D}$(x)`y`"
        let title = RunFrame.title(state)
        #expect(!title.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(title.debugDescription)")
        #expect(title == #"29:50 left · Evil\u{1B}]0;pwned\u{7}\u{9C}\u{9D}$(x)`y`"#)
        state.name = String(repeating: "n", count: 500)
        #expect(RunFrame.title(state).count < 120, "a long name is cut")
    }
}

/// Issue 50, item 8: the wait for `run --at` is a screen like the sit's, for the glance from the cushion.
@Suite("Run frame: the wait for --at")
struct RunFrameWaitingTests {
    @Test func atEightyByTwentyFourTheTimeLeftIsInBigDigitsWithTheTitleBelow() {
        let frame = RunFrame(waiting: "Morning starts at 07:00", left: 754, width: 80, height: 24, keys: true)
        #expect(frame.scale == 2)
        let texts = frame.lines.map(\.text)
        #expect(texts.count == 1 + 10 + 1 + 2)
        #expect(Array(texts[1...10]) == BigDigits.lines("12:34", scale: 2).map { RunFrame.centred($0, in: 79) })
        #expect(frame.lines[1...10].allSatisfy { $0.isDigits })
        #expect(texts[12].drop { $0 == " " } == "Morning starts at 07:00, in 12:34")
        #expect(texts[13].drop { $0 == " " } == "q cancels" && frame.lines[13].style == .dim)
        for line in texts { #expect(DisplayWidth.of(line) <= 79) }
        #expect(RunFrame.waitingTitle("Morning starts at 07:00", left: 754) == "in 12:34 · Morning starts at 07:00")
    }

    @Test func aSmallTerminalGetsTheLinesAloneAndNoKeysNoHint() {
        let small = RunFrame(waiting: "Morning starts at 07:00 tomorrow", left: 30_000, width: 30, height: 10, keys: true)
        #expect(small.scale == nil)
        // The time left kept first where the whole line does not fit (issue 50: at 20 columns it was cut).
        #expect(small.lines.map(\.text) == ["in 08:20:00 · Morning starts…", "q cancels"])
        let keyless = RunFrame(waiting: "Morning starts at 07:00", left: 5, width: 80, height: 24, keys: false)
        #expect(keyless.lines.last?.text.drop { $0 == " " } == "Morning starts at 07:00, in 00:05")
        let short = RunFrame(waiting: "Morning starts at 07:00", left: 5, width: 80, height: 2, keys: true)
        #expect(short.lines.count == 1, "a frame no taller than the terminal")
    }
}
