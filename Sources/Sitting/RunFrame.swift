import ProfileKit
import TableKit

/// The lines a live run display keeps up to date, as a pure function of the run's state and the
/// terminal's width: the part under way and the time left, the progress bar, the next bell, and the keys
/// (or the stop question). The display only writes them.
package struct RunFrame: Hashable, Sendable {
    /// One line: its text, cut to the width, and how it is styled.
    package struct Line: Hashable, Sendable {
        package var text: String
        package var style: TextStyle
    }

    package var lines: [Line]

    /// The frame of `state` for a terminal `width` columns wide; `keys` says whether the keys are read
    /// (the hint shows them only then).
    package init(_ state: RunState, width: Int, keys: Bool) {
        let columns = max(20, width)
        var lines: [(String, TextStyle)] = []
        let status = state.isPaused ? "  PAUSED" : ""
        let partTime = state.remainingInPart.map { "\(countdown($0)) left" }
            ?? "\(TimerDuration(seconds: Int(state.satInPart.rounded(.down))).formatted) sat"
        let sessionTime = state.remaining.map { "session: \(countdown($0)) left" } ?? "open-ended"
        lines.append(("\(state.part.title): \(partTime) · \(sessionTime)\(status)", .plain))
        if let progress = state.progress {
            let barWidth = max(10, min(50, columns - 8))
            let filled = Int((progress * Double(barWidth)).rounded(.down))
            let percent = Int((progress * 100).rounded(.down))
            lines.append((String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + " \(percent)%", .plain))
        }
        if let bell = state.nextBell {
            lines.append(("Next bell: \(bell.titleWithBell) at \(TimerDuration(seconds: bell.offset).formatted), in \(countdown(Double(bell.offset) - state.elapsed))", .plain))
        } else {
            lines.append(("Next bell: none", .plain))
        }
        let endsMainSit = state.timeline.isOpen && state.part.type == .main
        if state.isConfirmingStop {
            lines.append((endsMainSit ? "End the main sit? y to end it, any other key to go on" : "Stop the session? y to stop, any other key to go on", .bold))
        } else if keys {
            lines.append(("space \(state.isPaused ? "resume" : "pause") · q \(endsMainSit ? "end the main sit" : "stop") · sound: \(state.sound)", .dim))
        } else {
            lines.append(("sound: \(state.sound)", .dim))
        }
        // One column short of the width: a line that filled it would wrap on some terminals.
        self.lines = lines.map { Line(text: DisplayWidth.truncate($0.0, to: columns - 1), style: $0.1) }
    }

    /// Session seconds, after `elapsed`, at which the frame's text next changes by time alone: the
    /// countdowns show whole seconds, rounded up, so they change as the session passes each second.
    package static func nextChange(after elapsed: Double) -> Double {
        elapsed.rounded(.down) + 1
    }
}
