import Testing
import ProfileKit
import TestDoubles
import TableKit
@testable import Sitting

/// A frame line is rewritten with only what changed; played on a one-line screen, the bytes turn the old
/// line into the new one, whatever the two are.
@Suite("Run frame: rewriting a line")
struct RunFrameRewriteTests {
    /// A one-line terminal: characters at columns (a wide one takes two), a cursor; it understands what
    /// a rewrite writes (carriage return, cursor forward, erase to the end of the line or the whole line,
    /// colours).
    struct Row {
        /// Each column's character; nil in the second column of a wide one.
        var cells: [Character?] = []
        var cursor = 0

        mutating func play(_ bytes: String) {
            var characters = Array(bytes)[...]
            while let character = characters.popFirst() {
                switch character {
                case "\r":
                    cursor = 0
                case "\u{1B}":
                    guard characters.popFirst() == "[" else { Issue.record("not a CSI: \(bytes.debugDescription)"); return }
                    var parameter = ""
                    while let next = characters.popFirst() {
                        if next.isNumber || next == ";" { parameter.append(next); continue }
                        switch next {
                        case "C": cursor += Int(parameter) ?? 1
                        case "K": cells = Array(cells.prefix(parameter == "2" ? 0 : cursor))
                        case "m": break
                        default: Issue.record("unexpected CSI \(parameter)\(next)")
                        }
                        break
                    }
                default:
                    #expect(character != "\n", "a rewrite stays on its row")
                    let width = DisplayWidth.of(character)
                    while cells.count < cursor + width { cells.append(" ") }
                    cells[cursor] = character
                    if width == 2 { cells[cursor + 1] = nil }
                    cursor += width
                }
            }
        }

        /// What the row shows, trailing blanks left out (as a terminal shows them).
        var text: String {
            var text = String(cells.compactMap { $0 })
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    static let times = ["29:50", "29:49", "29:40", "29:39", "20:00", "19:59", "10:00", "09:59", "00:01", "00:00"]

    static func played(_ old: RunFrame.Line, _ new: RunFrame.Line, color: Bool) -> (row: Row, bytes: String) {
        var row = Row()
        row.play("\r" + old.style.apply(old.text, color: color))
        let bytes = old.rewritten(as: new, color: color)
        row.play(bytes)
        return (row, bytes)
    }

    /// Every row of the digits of one time rewritten as the same row of another, at scales 1 to 3, with
    /// and without colour.
    @Test(arguments: [1, 2, 3])
    func digitRowsRoundTrip(_ scale: Int) {
        for old in Self.times {
            for new in Self.times {
                for (before, after) in zip(BigDigits.lines(old, scale: scale), BigDigits.lines(new, scale: scale)) {
                    for color in [false, true] {
                        let from = RunFrame.Line(text: RunFrame.centred(before, in: 79), style: .boldCyan, isDigits: true)
                        let to = RunFrame.Line(text: RunFrame.centred(after, in: 79), style: .boldCyan, isDigits: true)
                        let (row, bytes) = Self.played(from, to, color: color)
                        #expect(bytes.hasPrefix("\r"))
                        #expect(row.text == to.text, "\(old) → \(new) × \(scale): \(bytes.debugDescription)")
                    }
                }
            }
        }
    }

    /// Lines of other lengths, other widths and other styles, as text and as if they were digits.
    @Test(arguments: [false, true])
    func otherLinesRoundTrip(_ asDigits: Bool) {
        let lines = [
            RunFrame.Line(text: "Main sit: 29:50 left · session: 34:50 left", style: .plain),
            RunFrame.Line(text: "Main sit: 29:49 left · session: 34:49 left", style: .plain),
            RunFrame.Line(text: "Main sit: 29:49 left · session: 34:49 left  PAUSED", style: .plain),
            RunFrame.Line(text: "Main sit: 9:49", style: .plain),
            RunFrame.Line(text: "", style: .plain),
            RunFrame.Line(text: "Stop the session? y to stop, any other key to go on", style: .bold),
            RunFrame.Line(text: "🧘 Calm: 29:49 left", style: .plain),
            RunFrame.Line(text: "🧘 Calm: 29:48 left", style: .plain),
            RunFrame.Line(text: "ab Calm: 29:48 left", style: .plain),
            RunFrame.Line(text: "██████░░░░ 60%", style: .plain),
            RunFrame.Line(text: "███████░░░ 70%", style: .plain),
        ]
        .map { RunFrame.Line(text: $0.text, style: $0.style, isDigits: asDigits) }
        for from in lines {
            for to in lines where to != from {
                let (row, bytes) = Self.played(from, to, color: false)
                #expect(row.text == to.text, "\(from.text) → \(to.text): \(bytes.debugDescription)")
            }
        }
    }

    /// Of a row of digits only the changed runs are written, the unchanged middle moved over; a line of
    /// text is written whole, so that what it says is in the output as it reads.
    @Test func onlyTheChangedRunsOfTheDigitsAreWritten() {
        let from = RunFrame.Line(text: "  █▀▀ ▄▄▄ ███ ▄▄  █▀▀ ", style: .plain, isDigits: true)
        let to = RunFrame.Line(text: "  █▀▄ ▄▄▄ ███ ▄▄  ██▀ ", style: .plain, isDigits: true)
        #expect(from.rewritten(as: to, color: false) == "\r\u{1B}[4C▄\u{1B}[14C█")
        let text = RunFrame.Line(text: "Main sit: 29:50 left · session: 34:50 left", style: .plain)
        let next = RunFrame.Line(text: "Main sit: 29:49 left · session: 34:49 left", style: .plain)
        #expect(text.rewritten(as: next, color: false) == "\r\u{1B}[2K" + next.text)
        // A change of style writes the row whole.
        let bold = RunFrame.Line(text: to.text, style: .bold, isDigits: true)
        #expect(from.rewritten(as: bold, color: true) == "\r\u{1B}[2K\u{1B}[1m\(to.text)\u{1B}[0m")
        // A second of the big digits at scale 2 writes a few cells a row, not the row.
        let rows = zip(BigDigits.lines("29:50", scale: 2), BigDigits.lines("29:49", scale: 2))
        let written = rows.map { RunFrame.Line(text: RunFrame.centred($0, in: 79), style: .plain, isDigits: true)
            .rewritten(as: RunFrame.Line(text: RunFrame.centred($1, in: 79), style: .plain, isDigits: true), color: false).utf8.count }
        let whole = BigDigits.lines("29:49", scale: 2).map { RunFrame.centred($0, in: 79).utf8.count }
        #expect(written.reduce(0, +) * 2 < whole.reduce(0, +), "\(written) bytes of \(whole)")
    }
}
