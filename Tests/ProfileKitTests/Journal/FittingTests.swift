import LocalTime
import Testing
import ProfileKit
import TableKit
import TextSupport
@testable import JournalCore

/// Issue 27, item 5, in process: `log`'s table fits a height, `calendar` a width, and `stats` has
/// plain lines; the height and width are parameters, never read here.
@Suite("Output that fits")
struct FittingTests {
    static var calendar: LocalCalendar { LocalCalendar(zone: .utc) }

    /// `count` sits of 20 minutes, a day apart, with ids `s0`, `s1`, ….
    static func sits(_ count: Int) -> [Sit] {
        (0..<count).map { index in
            let start = 1_795_414_500 + 86_400 * index
            return Sit(id: "s\(index)", start: Timestamp(epoch: start, offset: 0), end: Timestamp(epoch: start + 1200, offset: 0),
                       profile: "Morning", seconds: 1200, plannedSeconds: 1200, outcome: .completed, bells: 2, note: nil)
        }
    }

    struct HeightCase: CustomTestStringConvertible, Sendable {
        var sits: Int
        var height: Int
        var testDescription: String { "\(sits) sits, \(height) lines" }
    }

    @Test(arguments: [HeightCase(sits: 40, height: 16), HeightCase(sits: 40, height: 24), HeightCase(sits: 10, height: 24),
                      HeightCase(sits: 18, height: 24), HeightCase(sits: 19, height: 24), HeightCase(sits: 5, height: 3)])
    func theLogTableFitsTheHeight(_ c: HeightCase) {
        let text = JournalRenderer.log(Self.sits(c.sits), format: .table, calendar: Self.calendar,
                                       options: RenderOptions(width: 100), height: c.height)
        let lines = text.split(separator: "\n")
        let shown = min(c.sits, max(1, c.height - 6))
        // The table's rows, and the shell's prompt after them, fit (a single row at least).
        #expect(lines.count <= max(c.height - 1, 6), "\(text)")
        #expect(lines.filter { $0.hasPrefix("│ s") }.count == shown, "\(text)")
        #expect(text.contains("│ s\(c.sits - 1) "), "the newest sit is always shown")
        if shown < c.sits {
            #expect(lines.last == "… \(c.sits - shown) earlier \(c.sits - shown == 1 ? "sit" : "sits") not shown: --all shows every one, -n N the last N")
            #expect(!text.contains("│ s\(c.sits - shown - 1) "))
        } else {
            #expect(!text.contains("earlier"))
        }
    }

    /// Issue 40 said a long imported id should not cost the note its columns; issue 50 says an id is
    /// never cut while a minor column stays whole. So at 80 columns the imported id is whole and the
    /// outcome gives way to the note; the id is cut, to the program's length at most, only where the
    /// note and the outcome are gone and the start has taken its short form.
    @Test func anImportedIDIsCutOnlyWhenNothingElseGivesWay() {
        func sit(_ id: String, _ day: Int) -> Sit {
            let start = 1_795_414_500 + 86_400 * day
            return Sit(id: id, start: Timestamp(epoch: start, offset: 0), end: Timestamp(epoch: start + 1200, offset: 0),
                       profile: "Morning", seconds: 1200, plannedSeconds: 1200, outcome: .completed, bells: 2,
                       note: "a quiet morning by the lake")
        }
        let sits = [sit("it0a1b2c3d4e5f6g7", 0), sit("0123456789ab", 1)]
        func table(_ width: Int) -> String {
            let text = JournalRenderer.log(sits, format: .table, calendar: Self.calendar, options: RenderOptions(width: width))
            for line in text.split(separator: "\n") { #expect(DisplayWidth.of(line) <= width, "\(line)") }
            return text
        }
        let wide = table(80)
        #expect(wide.contains("│ it0a1b2c3d4e5f6g7 │") && wide.contains("│ a quiet morning"), "\(wide)")
        #expect(wide.contains("not shown at this width: outcome"), "\(wide)")
        let narrow = table(50)
        #expect(narrow.contains("│ it0a1b2c3d4e… │") && narrow.contains("│ Morning │") && narrow.contains("│ 23 Nov 06:15 │"), "\(narrow)")
        #expect(narrow.contains("not shown at this width: outcome, note"), "\(narrow)")
    }

    @Test func withoutAHeightEverySitIsShownInEveryFormat() {
        let sits = Self.sits(40)
        let table = JournalRenderer.log(sits, format: .table, calendar: Self.calendar, options: RenderOptions(width: 100))
        #expect(table.split(separator: "\n").filter { $0.hasPrefix("│ s") }.count == 40)
        for format in [LogFormat.plain, .json, .csv] {
            let text = JournalRenderer.log(sits, format: format, calendar: Self.calendar, height: 10)
            #expect(text.contains("s0") && text.contains("s39"), "\(format)")
            #expect(!text.contains("earlier"))
        }
    }

    struct WidthCase: CustomTestStringConvertible, Sendable {
        var width: Int
        var weeks: Int
        var testDescription: String { "\(weeks) weeks in \(width) columns" }
    }

    static let widthCases = [40, 58, 80, 110, 111, 120, 200].flatMap { width in
        [1, 26, 53, 104, 260].map { WidthCase(width: width, weeks: $0) }
    }

    @Test(arguments: widthCases) func theCalendarNeverRunsPastTheWidth(_ c: WidthCase) {
        let today = CivilDate.days(year: 2026, month: 11, day: 25)
        let days = Dictionary(uniqueKeysWithValues: (0..<400).map { (today - $0, ($0 * 7) % 60 * 60) })
        let heatmap = CalendarHeatmap(secondsByDay: days, today: today, weeks: c.weeks)
        for color in [false, true] {
            let text = heatmap.render(color: color, width: c.width)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            for line in lines {
                let visible = line.replacing(/\u{1B}\[[0-9;]*m/, with: "")
                #expect(DisplayWidth.of(visible) <= c.width, "\(visible)")
            }
            let (weeks, cellWidth) = heatmap.layout(width: c.width)
            let rows = lines.filter { line in CivilDateNames.weekdays.contains { line.hasPrefix($0) } }
            #expect(rows.count == 7)
            #expect(weeks == min(c.weeks, c.width - 5))
            #expect(cellWidth == (5 + 2 * c.weeks <= c.width ? 2 : 1))
            #expect(text.contains("of \(c.weeks) weeks") == (weeks < c.weeks), "\(text)")
            if !color {
                // Monday's row: a cell a week, the first Monday shown first.
                #expect(DisplayWidth.of(rows[0]) == 5 + weeks * cellWidth)
            }
        }
    }

    @Test func aCalendarThatFitsShowsTheSameDaysAtEveryWidth() {
        let today = CivilDate.days(year: 2026, month: 11, day: 25)
        let heatmap = CalendarHeatmap(secondsByDay: [today: 3000, today - 1: 1200, today - 300: 600], today: today)
        let narrow = heatmap.render(color: false, width: 80)
        let wide = heatmap.render(color: false, width: 200)
        #expect(narrow == heatmap.render(color: false))
        let total = "1 h 20 min on 3 days of 367 in these 53 weeks"
        #expect(narrow.contains(total) && wide.contains(total))
        #expect(wide.contains("less ··░░▒▒▓▓██ more"))
        // Each day of the wide one is its narrow cell twice.
        let narrowRow = narrow.split(separator: "\n")[3]
        let wideRow = wide.split(separator: "\n")[3]
        let doubled = narrowRow.dropFirst(5).map { "\($0)\($0)" }.joined()
        #expect(String(wideRow.dropFirst(5)) == String(doubled.reversed().drop { $0 == " " }.reversed()))
    }

    @Test func plainStatsAreTheTablesRowsWithTabs() {
        let today = CivilDate.days(year: 2026, month: 11, day: 25)
        let stats = JournalStats(sits: Self.sits(3), days: [today - 2, today - 1, today], today: today)
        let plain = JournalRenderer.stats(stats, format: .plain)
        #expect(plain == """
            sits\t3 on 3 days
            total\t1 h 00 min
            average\t20 min
            current streak\t3 days
            longest streak\t3 days
            this week\t3 sits, 1 h 00 min
            last week\t0 sits, 0 min
            profile\tMorning\t3\t1 h 00 min

            """)
        #expect(!plain.unicodeScalars.contains { (0x2500...0x257F).contains($0.value) })
        #expect(JournalRenderer.stats(JournalStats(sits: [], days: [], today: today), format: .plain) == JournalRenderer.noSits(filter: nil))
    }
}
