import Testing
import Breath
import ProfileKit
import TestDoubles
import TableKit
import Players
@testable import Sitting

/// Issue 48, item 2: the screen breathes. While the pacer leads, the frame's breath line says the phase
/// and its seconds and draws a shape to the eighth of a cell that grows on the in-breath, stays on a hold
/// and shrinks on the out-breath; only its changed cells are written; the display wakes as often as it
/// changes (at most twelve times a second), and a log says when the pacing starts and ends.
@Suite("Run frame: the breath")
struct RunFrameBreathTests {
    static let timeline = Timeline(profile: Profile(name: "T", duration: .minutes(30)))
    static let coherent = BreathPacing(pattern: .coherent, cue: .tone, volume: 40, start: 0, end: 1800)
    static let fourSevenEight = BreathPacing(pattern: .fourSevenEight, cue: .tone, volume: 40, start: 0, end: 300)

    static func state(_ pacing: BreathPacing?, at elapsed: Double) -> RunState {
        var state = RunState(name: "T", timeline: timeline, elapsed: elapsed, sound: "paplay")
        state.pacing = pacing
        return state
    }

    static func blocks(_ count: Int) -> String { String(repeating: "█", count: count) }
    static func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }

    struct LineCase: CustomTestStringConvertible, Sendable {
        var id: String
        var pacing: BreathPacing
        var elapsed: Double
        var text: String
        var style: TextStyle
        var testDescription: String { id }
    }

    /// On a terminal 40 wide (no height known: the few lines), the words take 11 columns and the shape 28.
    static let lineCases: [LineCase] = [
        LineCase(id: "half way in", pacing: coherent, elapsed: 2.75, text: "in 3" + spaces(7) + blocks(14) + spaces(14), style: .boldCyan),
        LineCase(id: "the start of the in-breath: empty", pacing: coherent, elapsed: 0, text: "in 6" + spaces(7) + spaces(28), style: .boldCyan),
        LineCase(id: "a hold stays full", pacing: fourSevenEight, elapsed: 6, text: "hold 5" + spaces(5) + blocks(28), style: .boldYellow),
        LineCase(id: "half way out", pacing: fourSevenEight, elapsed: 15, text: "out 4" + spaces(6) + blocks(14) + spaces(14), style: .boldMagenta),
        LineCase(id: "an eighth past a whole cell", pacing: coherent, elapsed: 5.5 + 5.5 - 5.5 * 0.5, text: "out 3" + spaces(6) + blocks(14) + spaces(14),
                 style: .boldMagenta),
    ]

    @Test(arguments: lineCases)
    func theBreathLineSaysThePhaseAndDrawsTheShape(_ c: LineCase) throws {
        let frame = RunFrame(Self.state(c.pacing, at: c.elapsed), width: 40, keys: true)
        let line = try #require(frame.lines.first { $0.isDigits })
        #expect(line.text == c.text)
        #expect(line.style == c.style)
        #expect(frame.lines.firstIndex(of: line) == 1, "under the part's line")
    }

    @Test func theShapeIsDrawnToTheEighthOfACell() {
        #expect(RunFrame.breathShape(0.5, cells: 3) == "█▌ ")
        #expect(RunFrame.breathShape(1.0 / 32, cells: 4) == "▏   ")
        #expect(RunFrame.breathShape(3.0 / 32, cells: 4) == "▍   ")
        #expect(RunFrame.breathShape(1, cells: 4) == "████")
        #expect(RunFrame.breathShape(0, cells: 4) == "    ")
        // In-breath: it grows, eighth by eighth, as the breath fills.
        let widths = stride(from: 0.0, through: 5.5, by: 0.25).map {
            RunFrame.breathShape(BreathPattern.coherent.position(at: $0).fullness, cells: 20).filter { $0 != " " }.count
        }
        #expect(widths == widths.sorted() && widths.first == 0 && widths.last == 20, "\(widths)")
    }

    /// A pacer that does not lead yet (or any more) keeps its line, blank, so the frame keeps its size;
    /// paused, the breath is dim.
    @Test func theFrameKeepsItsSizeAndDimsThePausedBreath() {
        let leading = RunFrame(Self.state(Self.fourSevenEight, at: 10), width: 40, keys: true)
        let after = RunFrame(Self.state(Self.fourSevenEight, at: 400), width: 40, keys: true)
        let none = RunFrame(Self.state(nil, at: 400), width: 40, keys: true)
        #expect(leading.lines.count == after.lines.count && after.lines.count == none.lines.count + 1)
        #expect(after.lines[1] == RunFrame.Line(text: "", style: .plain))
        var paused = Self.state(Self.fourSevenEight, at: 10)
        paused.isPaused = true
        #expect(RunFrame(paused, width: 40, keys: true).lines[1].style == .dim)
    }

    /// On a large terminal the breath is centred under the big digits, its shape at its widest, its
    /// trailing spaces kept (its width is what lets its changed cells alone be written).
    @Test func aLargeTerminalCentresTheBreathUnderTheDigits() throws {
        let frame = RunFrame(Self.state(Self.coherent, at: 2.75), width: 80, height: 24, keys: true)
        #expect(frame.scale != nil)
        let line = try #require(frame.lines.first { $0.isDigits && $0.text.contains("in 3") })
        #expect(line.text == Self.spaces(10) + "in 3" + Self.spaces(7) + Self.blocks(24) + Self.spaces(24))
        // The same frame without a pacer has one line fewer, at the same scale.
        #expect(RunFrame(Self.state(nil, at: 2.75), width: 80, height: 24, keys: true).lines.count == frame.lines.count - 1)
    }

    /// The smallest terminal that shows the big digits (40 × 12) still shows them with the breath: its line
    /// takes the blank row under the digits, and the frame leaves the last row free.
    @Test func theSmallestTerminalForDigitsKeepsThemWithTheBreath() {
        let frame = RunFrame(Self.state(Self.coherent, at: 2.75), width: 40, height: 12, keys: true)
        #expect(frame.scale == 1)
        #expect(frame.lines.count <= 11, "\(frame.lines.count) lines")
        #expect(frame.lines.contains { $0.text.contains("in 3") })
        // Without a pacer, the blank row stays.
        let plain = RunFrame(Self.state(nil, at: 2.75), width: 40, height: 12, keys: true)
        #expect(plain.scale == 1 && plain.lines.count == frame.lines.count)
    }

    /// A terminal of a few rows never gets a frame taller than it, less one row (the cursor cannot go
    /// back up to a row that scrolled off, and the frame was rewritten over itself): the time stays first,
    /// then the breath; the stop question is never dropped.
    @Test(arguments: [2, 3, 4, 5, 6])
    func aShortTerminalGetsAFrameThatFits(_ height: Int) throws {
        for pacing in [Self.coherent, nil] {
            var state = Self.state(pacing, at: 2.75)
            let frame = RunFrame(state, width: 30, height: height, keys: true)
            #expect(frame.lines.count <= height - 1, "\(frame.lines.count) lines in \(height) rows")
            #expect(frame.lines.first?.text.hasPrefix("Main sit: ") == true)
            if pacing != nil, height >= 3 { #expect(frame.lines[1].text.hasPrefix("in 3")) }
            state.isConfirmingStop = true
            let asking = RunFrame(state, width: 30, height: height, keys: true)
            #expect(asking.lines.count <= height - 1)
            #expect(asking.lines.last?.text.hasPrefix("Stop") == true, "\(asking.lines.map(\.text))")
        }
    }

    /// A small terminal keeps the breath to one line, its shape as wide as the words leave room for.
    @Test func aNarrowTerminalKeepsTheBreathOnOneLine() {
        let frame = RunFrame(Self.state(Self.coherent, at: 2.75), width: 20, keys: true)
        #expect(frame.lines[1].text == "in 3" + Self.spaces(7) + Self.blocks(4) + Self.spaces(4))
        #expect(frame.lines.filter { $0.text.contains("in 3") }.count == 1)
    }

    /// Between two frames a tenth of a second apart in an in-breath, only the shape's changed cells are
    /// written: not the words, not the other lines.
    @Test func onlyTheChangedCellsAreWritten() {
        var screen = ""
        let live = LiveRunDisplay(write: { screen += $0 }, width: { 40 }, color: false, keys: true)
        live.tick(Self.state(Self.coherent, at: 2.0))
        screen = ""
        live.tick(Self.state(Self.coherent, at: 2.1))
        #expect(screen.contains { "▏▎▍▌▋▊▉█".contains($0) }, "\(screen.debugDescription)")
        #expect(!screen.contains("in 4"), "\(screen.debugDescription)")
        #expect(!screen.contains("\u{1B}[2K"), "no line cleared: \(screen.debugDescription)")
        #expect(screen.count < 30, "\(screen.debugDescription)")
    }

    struct ChangeCase: CustomTestStringConvertible, Sendable {
        var id: String
        var pacing: BreathPacing?
        var elapsed: Double
        var next: Double
        var testDescription: String { id }
    }

    static let changeCases: [ChangeCase] = [
        ChangeCase(id: "while the shape moves: twelve a second", pacing: coherent, elapsed: 1.0, next: 1.0 + RunFrame.breathFrame),
        ChangeCase(id: "on a hold: only when its seconds change", pacing: fourSevenEight, elapsed: 5.0, next: 6.0),
        ChangeCase(id: "on a hold, the words' second before the clock's", pacing: BreathPacing(pattern: .box, cue: .tone, volume: 40, start: 0.5, end: nil),
                   elapsed: 5.0, next: 5.5),
        ChangeCase(id: "after the pacing: once a second", pacing: fourSevenEight, elapsed: 301.5, next: 302),
        ChangeCase(id: "before it: once a second, and at its start", pacing: BreathPacing(pattern: .box, cue: .tone, volume: 40, start: 120.5, end: 240),
                   elapsed: 120.2, next: 120.5),
        ChangeCase(id: "no pacer: once a second", pacing: nil, elapsed: 1.0, next: 2.0),
    ]

    @Test(arguments: changeCases)
    func theDisplayWakesAsOftenAsItChanges(_ c: ChangeCase) {
        #expect(abs(RunFrame.nextChange(after: c.elapsed, pacing: c.pacing) - c.next) < 1e-9)
    }

    /// Piped, one line when the pacing starts and one when it ends.
    @Test func aLogSaysThePacingsStartAndEnd() {
        var lines: [String] = []
        let log = LogRunDisplay(write: { lines.append($0) }, wallClock: { "T" })
        log.paced(true, state: Self.state(Self.fourSevenEight, at: 0))
        log.paced(false, state: Self.state(Self.fourSevenEight, at: 300))
        #expect(lines == ["T  +00:00  breathing  breathe 4-7-8: in 4, hold 7, out 8\n",
                          "T  +05:00  breathing  breathing ends: 16 breaths led\n"])
        #expect(log.nextChange(after: 10) == nil, "no wake-up of its own")
    }

    /// `plan` says where the pacing starts and ends: a line under the table, two lines of plain output in
    /// time order (the start after the bell that starts the main sit), JSON's `breathing`.
    @Test func thePlanShowsWhereThePacingStartsAndEnds() {
        let timeline = Timeline(profile: SampleProfiles.run)
        let pacing = BreathPacing(pattern: .fourSevenEight, cue: .tick, volume: 40, start: 120, end: 420)
        let plain = ProfileRenderer.plan(timeline, name: "Run", start: nil, format: .plain, pacing: pacing)
        let events = plain.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        let order = events.map { "\($0[0]) \($0[2])" }
        #expect(Array(order.prefix(4)) == ["00:00 warmup-start", "02:00 main-start", "02:00 breathing-start", "07:00 breathing-end"], "\(order)")
        #expect(events[2].count == 8 && events[2][7] == "4-7-8")
        let table = ProfileRenderer.plan(timeline, name: "Run", start: nil, format: .table, pacing: pacing)
        #expect(table.contains("breathing: 4-7-8 (in 4, hold 7, out 8) from 02:00 to 07:00\n"))
        let json = ProfileRenderer.plan(timeline, name: "Run", start: nil, format: .json, pacing: pacing)
        #expect(json.contains(#""breathing": {"pattern": "4-7-8", "start": "02:00", "startSeconds": 120, "end": "07:00", "endSeconds": 420, "cue": "tick"}"#), "\(json)")
        // No pacer: as before, no word of it.
        #expect(!ProfileRenderer.plan(timeline, name: "Run", start: nil, format: .json).contains("breathing"))
    }
}
