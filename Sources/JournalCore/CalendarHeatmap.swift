import LocalTime
import TableKit
import TextSupport

/// `profile calendar`: weeks as columns (Monday at the top), days shaded by the minutes sat, with the
/// months above, the weekdays at the left and a legend below.
///
/// ```
///      Dec    Jan    Feb …
/// Mon  ··░▒··▓█·…
/// ```
///
/// Without colour the shades are characters of growing density (`·░▒▓█`); with colour they are
/// squares from grey to deep green. A day after today is left blank.
package struct CalendarHeatmap: Sendable {
    /// The days sat, whose seconds shade them.
    package var ledger: DayLedger
    package var today: Int
    /// How many weeks, the current one last.
    package var weeks: Int
    /// The daily goal in seconds: with one, a day is shaded by its share of it, a met day brightest.
    package var goal: Int?

    /// The weeks `--weeks` accepts: up to five years.
    package static let weekRange = 1...260
    /// The default: a year and the week under way, in 57 columns.
    package static let defaultWeeks = 53

    /// `--weeks`'s value: a whole number in ``weekRange``.
    ///
    /// - Throws: ``JournalError/invalidOption(_:option:accepted:)`` naming the range.
    package static func weeks(_ text: String) throws(JournalError) -> Int {
        guard let value = Int(text), weekRange.contains(value) else {
            throw JournalError.invalidOption(text, option: "--weeks", accepted: "a number of weeks from \(weekRange.lowerBound) to \(weekRange.upperBound), such as 26")
        }
        return value
    }

    package init(ledger: DayLedger, today: Int, weeks: Int = defaultWeeks, goal: Int? = nil) {
        self.ledger = ledger
        self.today = today
        self.weeks = weeks
        self.goal = goal
    }

    /// A heatmap of seconds sat per local day number.
    package init(secondsByDay: [Int: Int], today: Int, weeks: Int = defaultWeeks, goal: Int? = nil) {
        self.init(ledger: DayLedger(secondsByDay: secondsByDay), today: today, weeks: weeks, goal: goal)
    }

    /// The shade of a day against a daily `goal`: 0 (nothing sat), 1 under a third of it, 2 under two
    /// thirds, 3 under the goal, 4 the goal met.
    package static func goalLevel(seconds: Int, goal: Int) -> Int {
        switch seconds {
        case ...0: 0
        case _ where seconds >= goal: 4
        case _ where 3 * seconds < goal: 1
        case _ where 3 * seconds < 2 * goal: 2
        default: 3
        }
    }

    /// The shade of a day: by its share of ``goal`` when there is one, else by minutes.
    func shade(_ seconds: Int) -> Int {
        goal.map { Self.goalLevel(seconds: seconds, goal: $0) } ?? Self.level(seconds: seconds)
    }

    /// The shade of a day, 0 (nothing sat) to 4, by minutes: under 15, under 30, under 45, 45 or more.
    package static func level(seconds: Int) -> Int {
        switch seconds {
        case ...0: 0
        case ..<(15 * 60): 1
        case ..<(30 * 60): 2
        case ..<(45 * 60): 3
        default: 4
        }
    }

    static let characters: [Character] = ["·", "░", "▒", "▓", "█"]
    /// 256-colour greys and greens, as the code-hosting sites shade their contribution graphs.
    static let colors = [238, 22, 28, 34, 40]
    /// The weekday labels' width: `Mon ` and a space.
    static let labelWidth = 5

    /// One cell, `width` columns wide: a character (doubled in two columns), or a coloured square (with
    /// a space after it in two columns, so that the squares stand apart as a grid).
    private static func cell(_ level: Int, color: Bool, width: Int) -> String {
        if color { return "\u{1B}[38;5;\(colors[level])m■\u{1B}[0m" + String(repeating: " ", count: width - 1) }
        return String(repeating: String(characters[level]), count: width)
    }

    /// The first Monday of the weeks asked for.
    package var firstMonday: Int { today - CivilDate.weekday(today) - 7 * (weeks - 1) }

    /// How the heatmap fits `width` columns (nil: no width to fit, as in a pipe): its cells two columns
    /// wide when all the weeks fit so, else one; and when even one column a week is too wide, only the
    /// last weeks that fit.
    package func layout(width: Int?) -> (weeks: Int, cellWidth: Int) {
        guard let width else { return (weeks, 1) }
        if Self.labelWidth + 2 * weeks <= width { return (weeks, 2) }
        return (min(weeks, max(1, width - Self.labelWidth)), 1)
    }

    /// The heatmap, its legend and a line of totals for the days shown, no line wider than `width`
    /// (when given): the weeks asked for, in cells as wide as fit, or the last weeks that fit, with a
    /// line saying so.
    package func render(color: Bool, width: Int? = nil) -> String {
        let (shownWeeks, cellWidth) = layout(width: width)
        let start = firstMonday + 7 * (weeks - shownWeeks)
        var lines: [String] = []

        // Months above the week in which each begins, where the last label leaves room.
        var header = [Character](repeating: " ", count: Self.labelWidth + shownWeeks * cellWidth + 3)
        let months = (0..<shownWeeks).map { CivilDate.fromDays(start + 7 * $0).month }
        let changes = (1..<max(shownWeeks, 1)).filter { months[$0] != months[$0 - 1] }
        // The first column is labelled with its month only when the next month's label leaves room.
        var labelled = (changes.first ?? shownWeeks) * cellWidth >= 4 ? [0] : []
        labelled += changes
        var free = 0
        // A label that would run past the width is left out.
        let room = width ?? Int.max
        for column in labelled where column * cellWidth >= free && Self.labelWidth + column * cellWidth + 3 <= room {
            for (offset, character) in CivilDate.monthName(months[column]).enumerated() {
                header[Self.labelWidth + column * cellWidth + offset] = character
            }
            free = column * cellWidth + 4
        }
        lines.append(String(header).trimmingTrailingSpaces())

        var shown = 0
        var seconds = 0
        var daysSat = 0
        let blank = String(repeating: " ", count: cellWidth)
        for weekday in 0..<7 {
            var line = CivilDate.weekdayName(weekday) + "  "
            var pending = ""
            for column in 0..<shownWeeks {
                let day = start + 7 * column + weekday
                guard day <= today else {
                    pending += blank
                    continue
                }
                let sat = ledger.seconds(on: day)
                shown += 1
                seconds += sat
                if sat > 0 { daysSat += 1 }
                line += pending + Self.cell(shade(sat), color: color, width: cellWidth)
                pending = ""
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        let legend = (0...4).map { Self.cell($0, color: color, width: cellWidth) }.joined()
        let dim = { (text: String) in TextStyle.dim.apply(text, color: color) }
        let indent = String(repeating: " ", count: Self.labelWidth)
        // With a goal, the shares of it: 80 columns keep the key for goals up to 23 h 59 min.
        let key = goal.map { "   daily goal \(JournalRenderer.hoursAndMinutes($0)): 0, <1/3, <2/3, <goal, met" }
            ?? "   minutes a day: 0, 1–14, 15–29, 30–44, 45+"
        let scale = indent + "less " + legend + " more"
        let scaleWidth = Self.labelWidth + 10 + 5 * cellWidth
        lines.append("")
        // The key to the shades is left out where it would not fit.
        lines.append(width.map { scaleWidth + DisplayWidth.of(key) > $0 } == true ? scale : scale + dim(key))
        let span = shownWeeks == 1 ? "this week" : "these \(shownWeeks) weeks"
        var notes = [indent + "\(JournalRenderer.hoursAndMinutes(seconds)) on \(JournalRenderer.days(daysSat)) of \(shown) in \(span)"]
        if shownWeeks < weeks, let width {
            notes.append(indent + "the last \(shownWeeks) of \(weeks) weeks: all \(weeks) need \(Self.labelWidth + weeks) columns, and there are \(width)")
        }
        for note in notes { lines.append(width.map { DisplayWidth.truncate(note, to: $0) } ?? note) }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension CalendarHeatmap {
    /// `--weeks`' number of weeks (``weeks(_:)``).
    package enum Weeks: OptionRule {
        package static func read(_ text: String) throws(JournalError) -> Int { try CalendarHeatmap.weeks(text) }
    }
}
