import LocalTime
import ProfileKit
import TableKit
import TextSupport

/// The lines a live run display keeps up to date, as a pure function of the run's state and the
/// terminal's size: the part under way and the time left, the progress bar, the next bell, and the keys
/// (or the stop question), with the sit's volume when the keys changed it; for a sit with a breathing
/// pacer, the breath's line under the first (``breathLine(_:columns:)``: blank while the pacer does not
/// lead). The display only writes them.
///
/// On a terminal of at least ``bigMinimum`` (40 × 12), the time left in the part under way (or sat, in
/// an open-ended main sit) comes first in ``BigDigits``, centred, at the largest scale that fits (up to
/// ``largestScale``), with the few lines below it, centred too; a smaller terminal, or one too narrow for
/// the time at scale 1 (`01:05:00` takes 39 columns), gets the few lines alone.
package struct RunFrame: Hashable, Sendable {
    /// One line: its text, cut to the width, and how it is styled.
    package struct Line: Hashable, Sendable {
        package var text: String
        package var style: TextStyle
        /// Whether the line is a row of the big digits: a picture, rewritten cell by cell where it changed,
        /// where a line of text is written whole (so that what it says is in the output as it reads).
        package var isDigits: Bool

        package init(text: String, style: TextStyle, isDigits: Bool = false) {
            self.text = text
            self.style = style
            self.isDigits = isDigits
        }
    }

    package var lines: [Line]
    /// The scale of the big digits, or nil when the frame is the few lines alone.
    package var scale: Int?

    /// The smallest terminal, columns × rows, that shows the big digits.
    package static let bigMinimum = (width: 40, height: 12)
    /// The largest scale of the big digits: beyond it they would take much of a large terminal and many
    /// bytes a second (every changed row is written again).
    package static let largestScale = 3
    /// Rows a frame at a scale above 1 leaves above it, for the run's header and its latest events.
    static let roomAbove = 6

    /// The frame of `state` for a terminal `width` columns wide and `height` rows tall (0: unknown, the
    /// few lines); `keys` says whether the keys are read (the hint shows them only then).
    package init(_ state: RunState, width: Int, height: Int = 0, keys: Bool) {
        let columns = max(20, width)
        var lines: [(String, TextStyle)] = []
        let status = state.isPaused ? "  PAUSED" : ""
        let partTime = state.remainingInPart.map { "\(countdown($0)) left" } ?? "\(Self.sat(state)) sat"
        let sessionTime = state.remaining.map { "session: \(countdown($0)) left" } ?? "open-ended"
        // A line too long for the terminal loses words before it loses its time or its question.
        let fit = { (variants: [String]) in variants.first { DisplayWidth.of($0) <= columns - 1 } ?? variants[variants.count - 1] }
        lines.append((fit(["\(state.part.title): \(partTime) · \(sessionTime)\(status)",
                           "\(state.part.title): \(partTime) · \(state.remaining.map { "\(countdown($0)) in all" } ?? "open-ended")\(status)",
                           "\(state.part.title): \(partTime)\(status)"]), .plain))
        if let progress = state.progress {
            let barWidth = max(10, min(50, columns - 8))
            let filled = Int((progress * Double(barWidth)).rounded(.down))
            let percent = Int((progress * 100).rounded(.down))
            lines.append((String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + " \(percent)%", .plain))
        }
        if let bell = state.nextBell {
            let at = "at \(TimerDuration(seconds: bell.offset).formatted)"
            let whole = "\(at), in \(countdown(Double(bell.offset) - state.elapsed))"
            lines.append((fit(["Next bell: \(bell.titleWithBell) \(whole)", "Next bell: \(bell.title) \(whole)",
                               "Next: \(bell.title) \(whole)", "Next bell \(whole)", "Next bell \(at)"]), .plain))
        } else {
            lines.append(("Next bell: none", .plain))
        }
        let endsMainSit = state.timeline.isOpen && state.part.type == .main
        if state.isConfirmingStop, let unlogged = state.unloggedStop {
            // Under a minute a stop is not logged: the question says so just when a few seconds more would count.
            lines.append((fit(["Stop the session? \(unlogged); y stops, any other key goes on", "Stop? \(unlogged); y stops, other keys go on",
                               "Stop? \(unlogged); y stops", "Stop? Not logged yet; y stops", "Stop? y stops"]), .bold))
        } else if state.isConfirmingStop {
            lines.append((fit(endsMainSit ? ["End the main sit? y to end it, any other key to go on", "End the main sit? y ends it, other keys go on",
                                             "End main sit? y ends, other keys go on", "End the main sit? y ends it", "End? y ends it"]
                                          : ["Stop the session? y to stop, any other key to go on", "Stop the session? y stops, other keys go on",
                                             "Stop? y stops, other keys go on", "Stop the session? y stops", "Stop? y stops"]), .bold))
        } else if keys {
            // The volume first when the keys changed it; then the keys, losing words before the keys.
            let level = state.volume != 0 || state.isMuted ? "\(volumeText(state.volume, muted: state.isMuted)) · " : ""
            let stop = "\(level)space \(state.isPaused ? "resume" : "pause") · q \(endsMainSit ? "end the main sit" : "stop")"
            let ambience = state.hasAmbience ? " · a ambience\(state.ambienceOn ? "" : " (off)")" : ""
            // The volume keys only where the sound has a volume (not the terminal bell's beep).
            let volume = state.soundHasVolume ? " · - + volume" : ""
            lines.append((fit(["\(stop)\(volume) · m mute\(ambience) · sound: \(state.sound)",
                               "\(stop)\(volume) · m mute\(ambience)",
                               "\(stop) · \(state.soundHasVolume ? "- + " : "")m\(state.hasAmbience ? " a" : "")",
                               stop]), .dim))
        } else {
            lines.append(("sound: \(state.sound)", .dim))
        }
        // One column short of the width: a line that filled it would wrap on some terminals.
        var small = lines.map { Line(text: DisplayWidth.truncate($0.0, to: columns - 1), style: $0.1) }
        // A sit with a pacer keeps a line for the breath from start to end, so the frame keeps its size
        // (and its digits their scale) as the pacer begins and stops: blank while it does not lead.
        if state.pacing != nil {
            small.insert(Self.breathLine(state, columns: columns - 1) ?? Line(text: "", style: .plain), at: 1)
        }
        // A terminal too short for every line (fewer rows than the lines and one to spare) keeps the
        // most telling: the cursor cannot move back up to a row that scrolled off, so a frame taller than
        // the terminal would be rewritten over itself. Dropped first: the progress bar, the keys' hint,
        // the next bell, the breath; the time and the stop question stay.
        if height > 0, small.count > max(1, height - 1) {
            let room = max(1, height - 1)
            let breath = state.pacing != nil ? 1 : nil
            let progress = state.progress != nil ? 1 + (breath ?? 0) : nil
            let last = small.count - 1
            let order = [progress, state.isConfirmingStop ? nil : last, last - 1, breath].compactMap { $0 }
            var dropped = Set<Int>()
            for index in order where small.count - dropped.count > room { dropped.insert(index) }
            var kept = small.indices.filter { !dropped.contains($0) }
            if kept.count > room { kept = state.isConfirmingStop ? (room > 1 ? [0, last] : [last]) : Array(kept.prefix(room)) }
            small = kept.map { small[$0] }
        }
        let time = Self.bigTime(state)
        // The breath's line takes the blank row under the digits where that alone keeps them (40 × 12).
        var gap = true
        var fitted = Self.scale(for: time, width: width, height: height, linesBelow: small.count)
        if fitted == nil, state.pacing != nil, Self.scale(for: time, width: width, height: height, linesBelow: small.count - 1) != nil {
            (fitted, gap) = (1, false)
        }
        guard let scale = fitted else {
            self.lines = small
            self.scale = nil
            return
        }
        let style = Self.digitStyle(state)
        let digits = BigDigits.lines(time, scale: scale).map { Line(text: Self.centred($0, in: width - 1), style: style, isDigits: true) }
        let blank = Line(text: "", style: .plain)
        self.lines = [blank] + digits + (gap ? [blank] : []) + small.map { line in
            // The breath keeps its trailing spaces: its width is what lets only its changed cells be written.
            guard line.isDigits else { return Line(text: Self.centred(line.text, in: width - 1), style: line.style) }
            let pad = max(0, (width - 1 - DisplayWidth.of(line.text)) / 2)
            return Line(text: String(repeating: " ", count: pad) + line.text, style: line.style, isDigits: true)
        }
        self.scale = scale
    }

    /// The frame of the wait before a sit that starts at a time of day (`run --at`, issue 50): the time
    /// left in big digits where they fit, as the sit's own frame shows its time, then `title` with the
    /// time left (`Morning starts at 07:00, in 12:34`) and, when keys are read, that `q` cancels.
    package init(waiting title: String, left seconds: Int, width: Int, height: Int = 0, keys: Bool) {
        let columns = max(20, width)
        let time = countdown(Double(seconds))
        // The time left is what a glance wants: kept first when the whole line does not fit.
        let whole = "\(title), in \(time)"
        let line = DisplayWidth.of(whole) <= columns - 1 ? whole : "in \(time) · \(title)"
        var small = [Line(text: DisplayWidth.truncate(line, to: columns - 1), style: .plain)]
        if keys { small.append(Line(text: "q cancels", style: .dim)) }
        if height > 0, small.count > max(1, height - 1) { small = Array(small.prefix(max(1, height - 1))) }
        guard let scale = Self.scale(for: time, width: width, height: height, linesBelow: small.count) else {
            lines = small
            self.scale = nil
            return
        }
        let digits = BigDigits.lines(time, scale: scale).map { Line(text: Self.centred($0, in: width - 1), style: .bold, isDigits: true) }
        let blank = Line(text: "", style: .plain)
        lines = [blank] + digits + [blank] + small.map { Line(text: Self.centred($0.text, in: width - 1), style: $0.style) }
        self.scale = scale
    }

    /// The terminal's title while a sit is waited for: `in 12:34 · Morning starts at 07:00`.
    package static func waitingTitle(_ title: String, left seconds: Int) -> String {
        "in \(countdown(Double(seconds))) · \(title)"
    }

    /// What the big digits show: the time left in the part under way, or the time sat in an open-ended
    /// main sit.
    package static func bigTime(_ state: RunState) -> String {
        state.remainingInPart.map(countdown) ?? sat(state)
    }

    /// The scale of the big digits for `time` on a terminal of `width` × `height` with `linesBelow` lines
    /// under them; nil when they do not fit at scale 1.
    package static func scale(for time: String, width: Int, height: Int, linesBelow: Int) -> Int? {
        guard width >= bigMinimum.width, height >= bigMinimum.height, BigDigits.canDraw(time) else { return nil }
        var best: Int?
        for scale in 1...largestScale {
            // A blank line above the digits and one below them.
            let rows = 1 + BigDigits.height * scale + 1 + linesBelow
            // At scale 1 the frame may take all but one row; larger, it leaves room above.
            let room = scale == 1 ? height - 1 : height - roomAbove
            guard BigDigits.width(of: time, scale: scale) <= width - 1, rows <= room else { break }
            best = scale
        }
        return best
    }

    /// The digits' look: the part's colour, dim while paused.
    static func digitStyle(_ state: RunState) -> TextStyle {
        if state.isPaused || state.isConfirmingStop { return .dim }
        return switch state.part.type {
        case .warmUp: .boldYellow
        case .main: .boldCyan
        case .coolDown: .boldMagenta
        }
    }

    /// `text` with spaces before it that centre it in `columns`, then its trailing spaces dropped (they
    /// count for the centring: every row of the digits starts at the same column).
    static func centred(_ text: String, in columns: Int) -> String {
        let pad = max(0, (columns - DisplayWidth.of(text)) / 2)
        var trimmed = Substring(text)
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        return trimmed.isEmpty ? "" : String(repeating: " ", count: pad) + trimmed
    }

    /// `12:34`: the time sat in the part under way.
    static func sat(_ state: RunState) -> String {
        TimerDuration(seconds: Int(state.satInPart.rounded(.down))).formatted
    }

    /// Session seconds, after `elapsed`, at which the frame's text next changes by time alone: the
    /// countdowns show whole seconds, rounded up, so they change as the session passes each second.
    package static func nextChange(after elapsed: Double) -> Double {
        elapsed.rounded(.down) + 1
    }

    /// The terminal's title while the run lasts: `29:50 left · Morning`, `12:34 sat · Morning` in an
    /// open-ended main sit, `29:50 left, paused · Morning`. The name comes from a file: its control and
    /// invisible characters are escaped (an ESC or BEL must never reach the terminal raw) and it is cut
    /// after ``TextSupport/Echo/limit`` characters.
    package static func title(_ state: RunState) -> String {
        let time = state.remainingInPart.map { "\(countdown($0)) left" } ?? "\(sat(state)) sat"
        return "\(time)\(state.isPaused ? ", paused" : "") · \(escaped(state.name))"
    }
}
