import LocalTime
import ProfileKit
import TableKit
import Players
import Breath

/// The display on a terminal: a frame kept up to date in place (on a terminal of 40 × 12 or more, the time
/// left in big digits; then the part, the time left, the progress bar, the next bell, the keys; see
/// ``RunFrame``), with each event printed above it as it happens, and the terminal's title saying the time
/// left and the profile while the run lasts. Its text changes once a session second, and only what changed
/// is written again: the lines that changed, and of the rows of the big digits the cells that changed.
///
/// The frame stays inline, below the run's header and events, rather than on the alternate screen: the
/// events stay in the scrollback as they happen, and a stop (Ctrl-Z), `bg`, a resize or the end leave
/// the terminal as any program's output does.
package final class LiveRunDisplay: RunDisplay {
    private let write: (String) -> Void
    private let width: () -> Int
    private let height: () -> Int
    private let color: Bool
    private let keys: Bool
    /// The lines of the frame on the screen, as drawn, so the next one can replace them; the cursor is on
    /// the last.
    private var drawn: [RunFrame.Line] = []
    private var drawnLines: Int { drawn.count }
    /// Whether the terminal's title was saved (xterm's title stack) and set, and the title it was set to.
    private var titleSet = false
    private var shownTitle: String?
    /// The sit's breathing pacer, as the last state showed it: the frame changes with its breath.
    private var pacing: BreathPacing?

    /// - Parameters:
    ///   - write: writes to the terminal.
    ///   - width: the terminal's width now.
    ///   - keys: whether keys can be read (the hint line shows them only then).
    /// Whether the frame may be drawn now: not while the run is in the background (`bg`), where moving the
    /// cursor up and clearing would wipe what the shell shows; events are still printed, as any job's output.
    private let drawsFrame: () -> Bool

    /// - Parameter height: the terminal's height now (0: unknown, the few small lines).
    package init(write: @escaping (String) -> Void, width: @escaping () -> Int, height: @escaping () -> Int = { 0 },
                 color: Bool, keys: Bool, drawsFrame: @escaping () -> Bool = { true }) {
        self.write = write
        self.width = width
        self.height = height
        self.color = color
        self.keys = keys
        self.drawsFrame = drawsFrame
    }

    package func begin(_ state: RunState) {
        write("\u{1B}[?25l")  // hide the cursor while the frame is redrawn
        write(TextStyle.bold.apply(wrapped("\(state.name): \(state.timeline.end.text), \(state.timeline.bellsText), sound: \(state.sound)\(state.endsText)"), color: color) + "\n")
        for note in state.notes { write(TextStyle.dim.apply(wrapped("  \(note)"), color: color) + "\n") }
    }

    package func note(_ text: String, state: RunState) {
        write(clear() + TextStyle.dim.apply(wrapped("\(TimerDuration(seconds: Int(state.elapsed)).formatted)  \(text)"), color: color) + "\n")
        tick(state)
    }

    package func fired(_ event: Timeline.Event, report: RingReport?, late: Lateness?, state: RunState) {
        var line = "\(TimerDuration(seconds: event.offset).formatted)  \(event.titleWithBell)"
        if let report, report.via != state.sound { line += " [\(report.via)]" }
        if let late, event.bell != nil { line += " (\(late.text))" }
        var text = clear() + line + "\n"
        if let note = report?.note { text += TextStyle.dim.apply(wrapped("  \(note)"), color: color) + "\n" }
        write(text)
    }

    package func paused(_ isPaused: Bool, state: RunState) {
        write(clear() + "\(TimerDuration(seconds: Int(state.elapsed)).formatted)  \(isPaused ? "Paused" : "Resumed")\n")
        tick(state)
    }

    package func slept(_ seconds: Double, state: RunState) {
        write(clear() + "\(TimerDuration(seconds: Int(state.elapsed)).formatted)  \(sleptText(seconds, state: state))\n")
        tick(state)
    }

    package func suspending(_ state: RunState) {
        // The frame stays where it is, the cursor shows again and the shell's "Stopped" goes below it;
        // the shell's title comes back while the run is stopped.
        write("\n" + restoreTitle() + "\u{1B}[?25h")
        drawn = []
    }

    package func continued(after seconds: Double, state: RunState) {
        write("\u{1B}[?25l" + "\(TimerDuration(seconds: Int(state.elapsed)).formatted)  \(stoppedText(seconds, state: state))\n")
        tick(state)
    }

    package func nextChange(after elapsed: Double) -> Double? {
        RunFrame.nextChange(after: elapsed, pacing: pacing)
    }

    package func paced(_ leads: Bool, state: RunState) {
        write(clear() + "\(TimerDuration(seconds: Int(state.elapsed)).formatted)  \(pacedText(leads, state: state))\n")
        tick(state)
    }

    package func ringingOut() {
        if keys { write("The bell rings out; q stops it.\n") }
    }

    package func redraw(resized: Bool) {
        if resized, !drawn.isEmpty {
            // A terminal that wraps its lines anew to the new width (tmux, VTE) moved the frame's lines onto
            // more rows: up by as many as they take now, and clear from there.
            let columns = max(1, width())
            let rows = drawn.reduce(0) { $0 + max(1, (DisplayWidth.of($1.text) + columns - 1) / columns) }
            write("\r" + (rows > 1 ? "\u{1B}[\(rows - 1)A" : "") + "\u{1B}[J")
        } else if !drawn.isEmpty {
            // Whatever was on the screen may be gone or moved: the frame starts again on a line of its own.
            write("\n")
        }
        drawn = []
        // The title too may have been changed meanwhile (a program run while this one was stopped).
        shownTitle = nil
        write("\u{1B}[?25l")
    }

    package func tick(_ state: RunState) {
        pacing = state.pacing
        draw(RunFrame(state, width: width(), height: height(), keys: keys).lines, title: RunFrame.title(state))
    }

    package func waiting(_ title: String, left seconds: Int, note: String?) {
        if !isWaiting {
            // The cursor hidden while the frame counts down; the note said once, above it (not again when
            // the wait goes on after Ctrl-Z).
            write("\u{1B}[?25l" + (waitNoteSaid ? "" : note.map { TextStyle.dim.apply(wrapped("  \($0)"), color: color) + "\n" } ?? ""))
            waitNoteSaid = true
        }
        isWaiting = true
        draw(RunFrame(waiting: title, left: seconds, width: width(), height: height(), keys: keys).lines,
             title: RunFrame.waitingTitle(title, left: seconds))
    }

    package func doneWaiting() {
        guard isWaiting else { return }
        isWaiting = false
        write(clear() + restoreTitle() + "\u{1B}[?25h")
    }

    /// Whether the wait's frame is up, and whether its note was said.
    private var isWaiting = false
    private var waitNoteSaid = false

    /// `line` broken at spaces to the terminal's width (one column short of it, as the frame's lines),
    /// its continued lines indented: a long note wrapped by the terminal broke mid-word (issue 50).
    private func wrapped(_ line: String) -> String {
        WordWrap.lines(line, width: max(20, width() - 1)).joined(separator: "\n")
    }

    /// Draws `lines` in place of the frame drawn last (only what changed), the terminal's title `title`.
    private func draw(_ lines: [RunFrame.Line], title text: String) {
        guard drawsFrame() else {
            // Back in the foreground, the frame starts again on a line of its own.
            if !drawn.isEmpty { write("\n") }
            drawn = []
            return
        }
        let title = showTitle(text)
        guard lines.count == drawn.count, !drawn.isEmpty else {
            write(title + clear() + lines.map { $0.style.apply($0.text, color: color) }.joined(separator: "\n"))
            drawn = lines
            return
        }
        // Only the lines that changed (of the digits, only the cells); then back to the last line. The
        // digits' colour is turned on once for all their rows, not once a changed cell.
        var output = title
        var row = lines.count - 1
        var styled: TextStyle?
        for (index, line) in lines.enumerated() where line != drawn[index] {
            let old = drawn[index]
            if color, line.isDigits, old.isDigits, old.style == line.style, let on = line.style.opening {
                if styled != line.style { output += (styled == nil ? "" : "\u{1B}[0m") + on }
                styled = line.style
                output += move(from: row, to: index) + old.rewritten(as: line, color: false)
            } else {
                if styled != nil { output += "\u{1B}[0m" }
                styled = nil
                output += move(from: row, to: index) + old.rewritten(as: line, color: color)
            }
            row = index
        }
        if styled != nil { output += "\u{1B}[0m" }
        guard !output.isEmpty else { return }
        // The row matters, not the column: every write to the frame starts with a carriage return.
        output += move(from: row, to: lines.count - 1)
        write(output)
        drawn = lines
    }

    /// The bytes that set the terminal's title to `title`, saving the shell's first (xterm's title stack,
    /// `CSI 22;0 t`; a terminal without one ignores it); empty when it says that already. OSC 0 sets the
    /// icon's name too: what a minimized window shows. The sequence ends with ST (`ESC \`), not BEL: a
    /// run that rings no bell writes no BEL.
    private func showTitle(_ title: String) -> String {
        var output = ""
        if !titleSet {
            output += "\u{1B}[22;0t"
            titleSet = true
        }
        if title != shownTitle {
            output += "\u{1B}]0;\(title)\u{1B}\\"
            shownTitle = title
        }
        return output
    }

    /// The bytes that put the shell's title back: an empty title first, for a terminal without the title
    /// stack (tmux) would otherwise keep the run's time, then the saved one popped (`CSI 23;0 t`).
    private func restoreTitle() -> String {
        guard titleSet else { return "" }
        titleSet = false
        shownTitle = nil
        return "\u{1B}]0;\u{1B}\\\u{1B}[23;0t"
    }

    /// The cursor movement from frame line `from` to frame line `to`.
    private func move(from: Int, to: Int) -> String {
        from == to ? "" : from > to ? "\u{1B}[\(from - to)A" : "\u{1B}[\(to - from)B"
    }

    package func end(_ summary: RunSummary, state: RunState) {
        write(clear() + restoreTitle() + summary.text(end: state.timeline.end) + "\n" + "\u{1B}[?25h")
    }

    /// Moves to the first line of the frame and clears it and everything below.
    private func clear() -> String {
        defer { drawn = [] }
        guard drawnLines > 0 else { return "" }
        return "\r" + (drawnLines > 1 ? "\u{1B}[\(drawnLines - 1)A" : "") + "\u{1B}[J"
    }
}

/// The display elsewhere (a pipe, a file, a log): one line per event, with the wall-clock time and the
/// offset from the start.
package final class LogRunDisplay: RunDisplay {
    private let write: (String) -> Void
    private let wallClock: () -> String

    /// - Parameter wallClock: the time of day as a log shows it (`2026-11-22T07:02:00+0100`).
    package init(write: @escaping (String) -> Void, wallClock: @escaping () -> String) {
        self.write = write
        self.wallClock = wallClock
    }

    private func line(_ offset: Double, _ text: String) {
        write("\(wallClock())  +\(TimerDuration(seconds: Int(offset)).formatted)  \(text)\n")
    }

    package func begin(_ state: RunState) {
        line(0, "run \(state.name): \(state.timeline.end.text), \(state.timeline.bellsText), sound: \(state.sound)\(state.endsText)")
        for note in state.notes { line(0, "note  \(note)") }
    }

    package func note(_ text: String, state: RunState) {
        line(state.elapsed, "note  \(text)")
    }

    package func fired(_ event: Timeline.Event, report: RingReport?, late: Lateness?, state: RunState) {
        var text = "\(event.kind.rawValue)  \(event.title)"
        if let bell = event.bell {
            text += "  bell: \(bell) (\(report?.via ?? state.sound))"
            if let late { text += "  \(late.text)" }
        }
        line(Double(event.offset), text)
        if let note = report?.note { line(Double(event.offset), "note  \(note)") }
    }

    package func paused(_ isPaused: Bool, state: RunState) {
        line(state.elapsed, isPaused ? "paused" : "resumed")
    }

    package func paced(_ leads: Bool, state: RunState) {
        line(state.elapsed, "breathing  \(pacedText(leads, state: state))")
    }

    package func suspending(_ state: RunState) {
        line(state.elapsed, "stopping")
    }

    package func slept(_ seconds: Double, state: RunState) {
        line(state.elapsed, "slept  \(sleptText(seconds, state: state))")
    }

    package func continued(after seconds: Double, state: RunState) {
        line(state.elapsed, "continued  \(stoppedText(seconds, state: state))")
    }

    /// Whether the stop question was printed, so that it is printed once per asking.
    private var asked = false

    package func tick(_ state: RunState) {
        if state.isConfirmingStop && !asked {
            line(state.elapsed, "question  Stop the session? \(state.unloggedStop.map { "\($0); " } ?? "")y to stop, any other key to go on")
        }
        asked = state.isConfirmingStop
    }

    /// Whether the wait's note was said.
    private var saidWaitNote = false

    package func waiting(_ title: String, left seconds: Int, note: String?) {
        if let note, !saidWaitNote { write("\(wallClock())  note  \(note)\n") }
        saidWaitNote = true
        write("\(wallClock())  waiting: \(title), in \(countdown(Double(seconds)))\n")
    }

    package func doneWaiting() {}

    package func end(_ summary: RunSummary, state: RunState) {
        let word = switch summary.ending {
        case .completed: "completed"
        case .stopped: "stopped"
        case .interrupted: "interrupted"
        }
        line(Double(summary.elapsed), "\(word)  \(summary.text(end: state.timeline.end))")
    }
}

/// `breathe 4-7-8: in 4, hold 7, out 8`, said when the pacer begins to lead, and `breathing ends: 12
/// breaths led` when it stops.
func pacedText(_ leads: Bool, state: RunState) -> String {
    guard let pacing = state.pacing else { return leads ? "breathe" : "breathing ends" }
    guard leads else {
        let breaths = pacing.breathsBegun(by: state.elapsed)
        return "breathing ends: \(breaths) breath\(breaths == 1 ? "" : "s") led"
    }
    return "breathe \(pacing.pattern.text): \(ProfileRenderer.phasesText(pacing.pattern))"
}

/// What a run paused by a stop or a sleep waits for.
private let pausedHint = "paused; space goes on, q stops"

/// `stopped 00:13 — paused; space goes on, q stops`, said when the program runs again after Ctrl-Z.
func stoppedText(_ seconds: Double, state: RunState) -> String {
    "stopped \(TimerDuration(seconds: Int(seconds.rounded())).formatted) — "
        + (state.isPaused ? pausedHint : "not counted as sitting")
}

/// `the computer slept 12:03 — paused; space goes on, q stops`, or, where no key can resume the run,
/// `the computer slept 12:03 — not counted as sitting`.
func sleptText(_ seconds: Double, state: RunState) -> String {
    "the computer slept \(TimerDuration(seconds: Int(seconds.rounded())).formatted) — "
        + (state.isPaused ? pausedHint : "not counted as sitting")
}
