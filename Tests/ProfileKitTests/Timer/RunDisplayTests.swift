import Testing
import ProfileKit
import TestDoubles
import TableKit
import Players
@testable import Sitting

/// The run displays, in process: the live one draws with ANSI codes, the log one prints lines.
@Suite("Run displays")
struct RunDisplayTests {
    static let profile = SampleProfiles.run

    /// A bell that came late says how late, on the log and on the screen; one rung with another says so.
    @Test func lateBellsSayHowLate() {
        var lines: [String] = []
        let log = LogRunDisplay(write: { lines.append($0) }, wallClock: { "T" })
        let timeline = Timeline(profile: Self.profile)
        let state = RunState(name: "Run", timeline: timeline, elapsed: 0, sound: "paplay")
        log.fired(timeline.events[2], report: nil, late: Lateness(seconds: 100.4, rings: false), state: state)
        log.fired(timeline.events[3], report: RingReport(via: "paplay"), late: Lateness(seconds: 13, rings: true), state: state)
        log.end(RunSummary(ending: .completed, elapsed: 2220, bellsRung: 6, bellsPlanned: 7, pauses: 0, lateBells: 1), state: state)
        #expect(lines == [
            "T  +09:00  interval  Interval bell 1  bell: Tingsha (paplay)  late 01:40, rang with another bell\n",
            "T  +16:00  interval  Interval bell 2  bell: Tingsha (paplay)  late 00:13\n",
            "T  +37:00  completed  Session complete: 37:00, 6 of 7 bells rang, 1 late.\n",
        ])
        var screen = ""
        let live = LiveRunDisplay(write: { screen += $0 }, width: { 60 }, color: false, keys: true)
        live.fired(timeline.events[3], report: RingReport(via: "paplay"), late: Lateness(seconds: 13, rings: true), state: state)
        #expect(screen == "16:00  Interval bell 2 (Tingsha) (late 00:13)\n")
    }

    /// A sleep and a stop are said on the log and on the screen, with how long they lasted.
    @Test func sleepsAndStopsAreSaid() {
        var lines: [String] = []
        let log = LogRunDisplay(write: { lines.append($0) }, wallClock: { "T" })
        var state = RunState(name: "Run", timeline: Timeline(profile: Self.profile), elapsed: 130, sound: "paplay")
        log.slept(60, state: state)
        state.isPaused = true
        log.slept(723.4, state: state)
        log.continued(after: 13, state: state)
        #expect(lines == [
            "T  +02:10  slept  the computer slept 01:00 — not counted as sitting\n",
            "T  +02:10  slept  the computer slept 12:03 — paused; space goes on, q stops\n",
            "T  +02:10  continued  stopped 00:13 — paused; space goes on, q stops\n",
        ])
        // Without keys nothing waits for space: the stop is said as time not sat.
        lines = []
        state.isPaused = false
        log.continued(after: 13, state: state)
        #expect(lines == ["T  +02:10  continued  stopped 00:13 — not counted as sitting\n"])
        state.isPaused = true
        var screen = ""
        let live = LiveRunDisplay(write: { screen += $0 }, width: { 60 }, color: false, keys: true)
        live.slept(723, state: state)
        #expect(screen.hasPrefix("02:10  the computer slept 12:03 — paused; space goes on, q stops\n"))
        #expect(screen.contains("PAUSED"))
    }

    @Test func displaysShowTheStateOfTheRun() {
        var lines: [String] = []
        let log = LogRunDisplay(write: { lines.append($0) }, wallClock: { "2026-11-22T07:00:00+0000" })
        let timeline = Timeline(profile: Self.profile)
        var state = RunState(name: "Run", timeline: timeline, elapsed: 0, sound: "paplay")
        log.begin(state)
        log.fired(timeline.events[1], report: RingReport(via: "terminal bell", note: "no audio player found"), state: state)
        log.end(RunSummary(ending: .completed, elapsed: 2220, bellsRung: 7, bellsPlanned: 7, pauses: 0), state: state)
        #expect(lines == [
            "2026-11-22T07:00:00+0000  +00:00  run Run: 37:00, 7 bells, sound: paplay\n",
            "2026-11-22T07:00:00+0000  +02:00  main-start  Main sit starts  bell: Singing Bowl (terminal bell)\n",
            "2026-11-22T07:00:00+0000  +02:00  note  no audio player found\n",
            "2026-11-22T07:00:00+0000  +37:00  completed  Session complete: 37:00, 7 of 7 bells rang.\n",
        ])

        var screen = ""
        let live = LiveRunDisplay(write: { screen += $0 }, width: { 60 }, color: false, keys: true)
        state.elapsed = 130.5
        live.tick(state)
        #expect(screen.contains("Main sit: 29:50 left · session: 34:50 left"))
        #expect(screen.contains("Next bell: Interval bell 1 (Tingsha) at 09:00, in 06:50"))
        #expect(screen.contains("space pause · q stop · - + volume · m mute · sound: paplay"))
        #expect(screen.contains("\n██" + String(repeating: "░", count: 48) + " 5%\n"), "130.5 s of 2220 s fill 2 of 50 cells")
        state.isPaused = true
        state.isConfirmingStop = true
        screen = ""
        live.tick(state)
        // The title says it is paused. Only the first and last lines changed: each is written again from
        // its start, and the cursor goes back to the last line; the bar and the next bell are left as they are.
        #expect(screen == "\u{1B}]0;29:50 left, paused · Run\u{1B}\\"
                + "\u{1B}[3A\r\u{1B}[2KMain sit: 29:50 left · session: 34:50 left  PAUSED"
                + "\u{1B}[3B\r\u{1B}[2KStop the session? y to stop, any other key to go on")
        for line in screen.split(separator: "\r") { #expect(DisplayWidth.of(line) < 60 + 8) }
        screen = ""
        live.tick(state)
        #expect(screen.isEmpty, "nothing changed, nothing is written")
        // A second later the countdowns change; the hint and the bar do not.
        state.isPaused = false
        state.isConfirmingStop = false
        live.tick(state)
        screen = ""
        state.elapsed = 131.2
        #expect(live.nextChange(after: 130.5) == 131)
        live.tick(state)
        #expect(screen == "\u{1B}]0;29:49 left · Run\u{1B}\\"
                + "\u{1B}[3A\r\u{1B}[2KMain sit: 29:49 left · session: 34:49 left"
                + "\u{1B}[2B\r\u{1B}[2KNext bell: Interval bell 1 (Tingsha) at 09:00, in 06:49\u{1B}[1B")
        // A frame that may have been lost (a resize) is drawn whole, below what was there.
        screen = ""
        live.redraw(resized: false)
        live.tick(state)
        #expect(screen.hasPrefix("\n\u{1B}[?25l\u{1B}]0;29:49 left · Run\u{1B}\\Main sit: 29:49 left") && screen.contains("\n██"))
        // A resize: the frame's lines (at most 59 columns) wrapped anew at 30 columns take 2 rows each.
        var columns = 60
        var resized = ""
        let narrow = LiveRunDisplay(write: { resized += $0 }, width: { columns }, color: false, keys: true)
        narrow.tick(state)
        columns = 30
        resized = ""
        narrow.redraw(resized: true)
        #expect(resized.hasPrefix("\r\u{1B}[7A\u{1B}[J"), "\(resized.debugDescription)")
    }

    /// The terminal's title says the time left and the profile while the run lasts: saved (xterm's title
    /// stack) and set at the first frame, given back at Ctrl-Z and set again after it, given back at the
    /// end; never touched while the run is in the background.
    @Test func theTitleIsSetWhileTheRunLastsAndGivenBack() {
        var screen = ""
        var foreground = true
        let live = LiveRunDisplay(write: { screen += $0 }, width: { 80 }, height: { 24 }, color: false, keys: true,
                                  drawsFrame: { foreground })
        var state = RunState(name: "Run", timeline: Timeline(profile: Self.profile), elapsed: 130.5, sound: "paplay")
        live.begin(state)
        #expect(!screen.contains("\u{1B}]"), "no title before the first frame")
        live.tick(state)
        #expect(screen.contains("\u{1B}[22;0t\u{1B}]0;29:50 left · Run\u{1B}\\"))
        screen = ""
        live.suspending(state)
        #expect(screen == "\n\u{1B}]0;\u{1B}\\\u{1B}[23;0t\u{1B}[?25h", "an empty title, then the shell's popped")
        // Continued into the background (`bg`): nothing is drawn, the title is left to the shell.
        foreground = false
        screen = ""
        state.isPaused = true
        live.continued(after: 3, state: state)
        live.tick(state)
        #expect(!screen.contains("\u{1B}]") && !screen.contains("\u{1B}[22"), "\(screen.debugDescription)")
        foreground = true
        screen = ""
        live.tick(state)
        #expect(screen.hasPrefix("\u{1B}[22;0t\u{1B}]0;29:50 left, paused · Run\u{1B}\\"), "\(screen.debugDescription)")
        screen = ""
        live.end(RunSummary(ending: .interrupted, elapsed: 130, bellsRung: 1, bellsPlanned: 7, pauses: 1), state: state)
        #expect(screen.contains("\u{1B}]0;\u{1B}\\\u{1B}[23;0tInterrupted at 02:10"), "\(screen.debugDescription)")
        #expect(screen.hasSuffix("\u{1B}[?25h"))
        // A run that never drew a frame gives back no title it never took.
        screen = ""
        let never = LiveRunDisplay(write: { screen += $0 }, width: { 80 }, height: { 24 }, color: false, keys: true, drawsFrame: { false })
        never.tick(state)
        never.end(RunSummary(ending: .interrupted, elapsed: 130, bellsRung: 1, bellsPlanned: 7, pauses: 1), state: state)
        #expect(!screen.contains("\u{1B}]") && !screen.contains("t\u{1B}"), "\(screen.debugDescription)")
        #expect(!screen.contains("\u{07}"), "a title ends with ST, never BEL")
    }

    /// A name from a file reaches the title escaped: no ESC, BEL or C1 control of its own.
    @Test func aHostileNameIsEscapedInTheTitle() {
        var screen = ""
        let live = LiveRunDisplay(write: { screen += $0 }, width: { 80 }, height: { 24 }, color: false, keys: true)
        let state = RunState(name: "x\u{07}\u{1B}]0;owned\u{1B}\\\u{9C}$(reboot)`id`", timeline: Timeline(profile: Self.profile),
                             elapsed: 130.5, sound: "paplay")
        live.tick(state)
        guard let start = screen.range(of: "\u{1B}]0;") else {
            Issue.record("no title: \(screen.debugDescription)")
            return
        }
        let title = screen[start.upperBound...].prefix { $0 != "\u{1B}" }
        #expect(title == #"29:50 left · x\u{7}\u{1B}]0;owned\u{1B}\\\u{9C}$(reboot)`id`"#)
        #expect(!title.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    /// At 80 × 24 the frame is the big digits and the lines below them; a second later only the cells
    /// of the digits that changed are written, and the countdowns' digits: a few hundred bytes, not the
    /// frame.
    @Test func theBigFrameWritesOnlyWhatChangedEachSecond() {
        var screen = ""
        let live = LiveRunDisplay(write: { screen += $0 }, width: { 80 }, height: { 24 }, color: true, keys: true)
        var state = RunState(name: "Run", timeline: Timeline(profile: Self.profile), elapsed: 130.5, sound: "paplay")
        live.tick(state)
        #expect(screen.components(separatedBy: "\n").count == 16, "a blank line, ten rows of digits, a blank line, four lines")
        #expect(screen.contains("\u{1B}[1;36m"), "the main sit's digits in bold cyan")
        let whole = screen.utf8.count
        var seconds: [Int] = []
        for second in 1...60 {
            screen = ""
            state.elapsed = 130.5 + Double(second)
            live.tick(state)
            seconds.append(screen.utf8.count)
            #expect(!screen.contains("\n"), "redrawn in place")
            #expect(!screen.contains("\u{07}"), "no BEL: the title ends with ST")
            #expect(screen.components(separatedBy: "\u{1B}[1;36m").count <= 2, "the digits' colour is turned on once a second")
            #expect(screen.hasSuffix("\u{1B}[0m") || !screen.contains("\u{1B}[1;36m") || screen.contains("\u{1B}[0m\u{1B}["),
                    "and off again: \(screen.debugDescription)")
        }
        #expect(seconds.allSatisfy { $0 < whole / 2 }, "\(seconds) bytes a second; the whole frame is \(whole)")
        #expect(seconds.reduce(0, +) < 60 * 600, "\(seconds.reduce(0, +)) bytes a minute")
    }

    /// Issue 50: the wait for `--at` on a terminal says the sleep lock's note once, broken at spaces to
    /// the width (at 60 columns it broke mid-word), then counts down in a frame, the window's title with
    /// it; the end of the wait takes the frame and the title away and shows the cursor. In a log, the
    /// note and the wait are a line each, once.
    @Test func theWaitForAtSaysItsNoteOnceWrappedAndClearsItsFrame() {
        var screen = ""
        let live = LiveRunDisplay(write: { screen += $0 }, width: { 60 }, height: { 24 }, color: false, keys: true)
        let note = "the computer may sleep during the sit: its power manager cannot be reached"
        live.waiting("Morning starts at 07:00", left: 754, note: note)
        live.waiting("Morning starts at 07:00", left: 753, note: note)
        #expect(screen.components(separatedBy: "the computer may sleep").count == 2, "said once")
        #expect(screen.contains("  the computer may sleep during the sit: its power manager\n    cannot be reached\n"), "\(screen)")
        #expect(screen.contains("\u{1B}]0;in 12:34 · Morning starts at 07:00\u{1B}\\") && screen.contains("in 12:33 · Morning"))
        #expect(screen.contains("Morning starts at 07:00, in 12:33"))
        screen = ""
        live.doneWaiting()
        #expect(screen.hasSuffix("\u{1B}[23;0t\u{1B}[?25h") && screen.contains("\u{1B}[J"), "\(screen.debugDescription)")
        var lines: [String] = []
        let log = LogRunDisplay(write: { lines.append($0) }, wallClock: { "T" })
        log.waiting("Morning starts at 07:00", left: 754, note: note)
        log.waiting("Morning starts at 07:00", left: 700, note: note)
        #expect(lines == ["T  note  \(note)\n", "T  waiting: Morning starts at 07:00, in 12:34\n", "T  waiting: Morning starts at 07:00, in 11:40\n"])
    }
}
