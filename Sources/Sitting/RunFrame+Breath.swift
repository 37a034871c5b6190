import Breath
import TableKit

/// The run screen's breath (issue 48): while the pacer leads, one line with the phase in words and
/// seconds (`in 3`, `hold 7`, `out 5`) and a shape that grows on the in-breath, stays on a hold and
/// shrinks on the out-breath, in block characters to an eighth of a cell (as ``BigDigits`` are blocks),
/// coloured by the phase.
///
/// The line is a picture (``RunFrame/Line/isDigits``): it keeps its width as it changes, so only the
/// cells that changed are written again (a few a tenth of a second while the shape moves, the count once
/// a second on a hold).
extension RunFrame {
    /// A cell filled from the left by one eighth to eight eighths.
    static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]
    /// Columns the words take, so that the shape starts at the same column in every phase: `in again 10`.
    static let breathWordsWidth = 11
    /// The widest shape, in cells: wider, a breath would write many cells a second for little.
    static let widestBreath = 48
    /// Session seconds between two frames while the shape moves: at most twelve frames a second at speed 1
    /// (and the machine draws at most ten a real second, ``RunMachine/shortestRedraw``).
    package static let breathFrame = 1.0 / 12

    /// `in 3`, `in again 1`, `hold 7`, `out 5`: the phase and the whole seconds left of it, rounded up.
    package static func breathWords(_ position: BreathPosition) -> String {
        "\(position.phase.move.rawValue) \(max(1, Int(position.remaining.rounded(.up))))"
    }

    /// The shape of a breath `fullness` full (0 to 1) in `cells` cells, to the eighth of a cell, padded
    /// with spaces to its width: `█████▍    `.
    package static func breathShape(_ fullness: Double, cells: Int) -> String {
        let cells = max(1, cells)
        // To the nearest eighth: a breath half full is half the cells, not an eighth short of it.
        let eighthsFilled = Int((min(1, max(0, fullness)) * Double(cells * 8)).rounded())
        let full = eighthsFilled / 8, part = eighthsFilled % 8
        var shape = String(repeating: "█", count: full)
        if part > 0 { shape.append(eighths[part - 1]) }
        return shape + String(repeating: " ", count: cells - full - (part > 0 ? 1 : 0))
    }

    /// The breath's line for `state` in `columns` (one fewer than the terminal's width), nil while the
    /// pacer does not lead: the words padded to ``breathWordsWidth``, then the shape.
    static func breathLine(_ state: RunState, columns: Int) -> Line? {
        guard let position = state.breath else { return nil }
        let words = breathWords(position)
        let padded = words + String(repeating: " ", count: max(1, breathWordsWidth - DisplayWidth.of(words)))
        // A frame is at least 20 columns wide: the shape has 8 cells or more.
        let cells = max(1, min(widestBreath, columns - breathWordsWidth))
        return Line(text: padded + breathShape(position.fullness, cells: cells), style: breathStyle(state, position), isDigits: true)
    }

    /// The breath's look: a colour for each move (the in-breath cyan, a hold yellow, the out-breath
    /// magenta), dim while the run is paused.
    static func breathStyle(_ state: RunState, _ position: BreathPosition) -> TextStyle {
        if state.isPaused || state.isConfirmingStop { return .dim }
        return switch position.phase.move {
        case .breatheIn, .topUp: .boldCyan
        case .hold: .boldYellow
        case .breatheOut: .boldMagenta
        }
    }

    /// Session seconds, after `elapsed`, at which the frame next changes by time alone with `pacing`:
    /// the countdowns' next second; while the pacer leads, also the breath's words' next second and, while
    /// the shape moves, the next ``breathFrame``; its start and end.
    package static func nextChange(after elapsed: Double, pacing: BreathPacing?) -> Double {
        var next = nextChange(after: elapsed)
        guard let pacing else { return next }
        if let end = pacing.end, elapsed >= end { return next }
        guard elapsed >= pacing.start else { return min(next, pacing.start) }
        let position = pacing.pattern.position(at: elapsed - pacing.start)
        // The words change as the seconds left of the phase pass a whole number; the phase ends at 0.
        let wordsChange = position.remaining - (position.remaining.rounded(.up) - 1)
        next = min(next, elapsed + max(0.001, wordsChange))
        if position.phase.move != .hold { next = min(next, elapsed + breathFrame) }
        if let end = pacing.end { next = min(next, end) }
        return next
    }
}
