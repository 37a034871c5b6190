import TableKit

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
    /// Seconds sat per local day number.
    package var secondsByDay: [Int: Int]
    package var today: Int
    /// How many weeks, the current one last.
    package var weeks: Int

    /// The weeks `--weeks` accepts: up to five years.
    package static let weekRange = 1...260
    /// The default: a year and the week under way, in 57 columns.
    package static let defaultWeeks = 53

    package init(secondsByDay: [Int: Int], today: Int, weeks: Int = defaultWeeks) {
        self.secondsByDay = secondsByDay
        self.today = today
        self.weeks = weeks
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

    /// One cell: a character, or a coloured square.
    private static func cell(_ level: Int, color: Bool) -> String {
        color ? "\u{1B}[38;5;\(colors[level])m■\u{1B}[0m" : String(characters[level])
    }

    /// The first Monday shown.
    package var firstMonday: Int { today - CivilDate.weekday(today) - 7 * (weeks - 1) }

    /// The heatmap, its legend and a line of totals for the days shown.
    package func render(color: Bool) -> String {
        let start = firstMonday
        var lines: [String] = []

        // Months above the week in which each begins, where the last label leaves room.
        var header = [Character](repeating: " ", count: Self.labelWidth + weeks + 3)
        let months = (0..<weeks).map { CivilDate.fromDays(start + 7 * $0).month }
        let changes = (1..<max(weeks, 1)).filter { months[$0] != months[$0 - 1] }
        // The first column is labelled with its month only when the next month's label leaves room.
        var labelled = (changes.first ?? weeks) >= 4 ? [0] : []
        labelled += changes
        var free = 0
        for column in labelled where column >= free {
            for (offset, character) in CivilDate.monthName(months[column]).enumerated() {
                header[Self.labelWidth + column + offset] = character
            }
            free = column + 4
        }
        lines.append(String(header).trimmingTrailingSpaces())

        var shown = 0
        var seconds = 0
        var daysSat = 0
        for weekday in 0..<7 {
            var line = CivilDate.weekdayName(weekday) + "  "
            var pending = ""
            for column in 0..<weeks {
                let day = start + 7 * column + weekday
                guard day <= today else {
                    pending += " "
                    continue
                }
                let sat = secondsByDay[day] ?? 0
                shown += 1
                seconds += sat
                if sat > 0 { daysSat += 1 }
                line += pending + Self.cell(Self.level(seconds: sat), color: color)
                pending = ""
            }
            lines.append(line)
        }
        let legend = (0...4).map { Self.cell($0, color: color) }.joined()
        let dim = { (text: String) in TextStyle.dim.apply(text, color: color) }
        lines.append("")
        lines.append(String(repeating: " ", count: Self.labelWidth) + "less " + legend + " more" + dim("   minutes a day: 0, 1–14, 15–29, 30–44, 45+"))
        let span = weeks == 1 ? "this week" : "these \(weeks) weeks"
        lines.append(String(repeating: " ", count: Self.labelWidth)
            + "\(JournalRenderer.hoursAndMinutes(seconds)) on \(JournalRenderer.days(daysSat)) of \(shown) in \(span)")
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
