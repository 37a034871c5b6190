import Breath
import LocalTime
import Testing
@testable import JournalCore
@testable import ProfileKit
import Sitting
import TableKit
import TextSupport

/// Issue 50, item 1: every table fits the terminal down to 60 columns by leaving out or narrowing its
/// least important columns first (``ColumnFit``); a name or an id is never cut while a minor column
/// stays whole, and a line under the table names the columns left out.
@Suite("Tables at 60 columns")
struct NarrowTablesTests {
    // MARK: The rule

    struct FitCase: CustomTestStringConvertible, Sendable {
        var id: String
        var natural: [Int]
        var fits: [ColumnFit]
        var width: Int
        var expected: [Int?]
        var testDescription: String { id }
    }

    static let fitCases = [
        FitCase(id: "fits: nothing given up", natural: [10, 5, 20], fits: [.key(narrowest: 5), .main(), .minor(narrowest: 8)],
                width: 80, expected: [10, 5, 20]),
        FitCase(id: "a minor column narrows before anything is left out", natural: [10, 5, 20],
                fits: [.key(narrowest: 5), .main(), .minor(narrowest: 8)], width: 40, expected: [10, 5, 15]),
        FitCase(id: "then it is left out, and the key stays whole", natural: [20, 5, 20],
                fits: [.key(narrowest: 5), .main(), .minor(narrowest: 8)], width: 36, expected: [20, 5, nil]),
        FitCase(id: "a detail goes before a minor column", natural: [10, 9, 14],
                fits: [.key(), .minor(), .detail()], width: 30, expected: [10, 9, nil]),
        FitCase(id: "of equal minor columns the last goes first", natural: [10, 7, 7],
                fits: [.key(), .minor(), .minor()], width: 30, expected: [10, 7, nil]),
        FitCase(id: "a main column is cut before a key", natural: [20, 20],
                fits: [.key(narrowest: 5), .main(narrowest: 5)], width: 37, expected: [20, 10]),
        FitCase(id: "the key is cut only at the last", natural: [20, 20, 5],
                fits: [.key(narrowest: 5), .main(narrowest: 5), .minor()], width: 25, expected: [13, 5, nil]),
        FitCase(id: "without a width nothing gives way", natural: [200, 300], fits: [.key(narrowest: 5), .minor()],
                width: 0, expected: [200, 300]),
    ]

    @Test(arguments: fitCases) func columnsGiveWayLeastImportantFirst(_ c: FitCase) {
        #expect(BoxTable.fittedWidths(c.natural, fits: c.fits, width: c.width == 0 ? nil : c.width) == c.expected)
    }

    // MARK: Each table at 60 columns

    static let narrow = RenderOptions(width: 60)
    static var calendar: LocalCalendar { LocalCalendar(zone: .utc) }

    /// The demo's profiles: a short name, a long one with a cool-down, and one with every part and a
    /// cool-down bell of three strikes, as the user had.
    static func profiles() throws -> [Profile] {
        var morning = makeProfile(warmUp: true, coolDown: true, bells: true, intervals: true)
        morning.name = "Morning"
        let bell = try Setting(named: "cooldown.bell").action(value: "temple bell x3", catalog: .builtIn)
        morning = try ProfileViewModel(profile: morning).performing(bell).profile
        var evening = makeProfile(coolDown: true)
        evening.name = "Evening wind-down"
        return [Profile(name: "Default"), evening, morning]
    }

    /// Every line of `text` fits `width` columns.
    func expectFits(_ text: String, _ width: Int = 60, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in text.split(separator: "\n") {
            #expect(DisplayWidth.of(line) <= width, "\(line)\n\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [false, true]) func theListKeepsEveryNameWhole(_ numbered: Bool) throws {
        let summaries = try Self.profiles().map(ProfileSummary.init)
        // `numbered` is the editor's profiles screen; the command line's `list` has no numbers.
        let text = ProfileRenderer.listTable(summaries).render(numbered: numbered, options: Self.narrow)
        expectFits(text)
        for name in ["Default", "Evening wind-down", "Morning"] { #expect(text.contains("│ \(name) "), "\(text)") }
        #expect(!text.contains("…"), "nothing is cut: columns are left out instead\n\(text)")
        #expect(text.contains("Time") && text.contains("Total"))
        let header = text.split(separator: "\n")[1]
        #expect(header.contains("Name") && !header.contains("Cool Down Bell") && !header.contains("Every"),
                "the cool-down's bell and the intervals go first\n\(text)")
        let note = text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(note.hasPrefix("not shown at this width: ") && note.contains("Cool Down Bell, Every"), "\(text)")
    }

    @Test func theListSaysWhoseBellItShows() throws {
        let text = ProfileRenderer.list(try Self.profiles(), format: .table, options: RenderOptions(width: 100))
        #expect(text.contains("│ Cool Down Bell │"), "\(text)")
        #expect(text.contains("Temple Bell ×3"))
        #expect(!text.contains("not shown"))
    }

    static func sits() -> [Sit] {
        let start = 1_795_414_500
        func sit(_ day: Int, _ profile: String?, note: String? = nil, breathing: SitBreathing? = nil) -> Sit {
            let at = start + 86_400 * day
            return Sit(id: "6d9dcbfe518\(day)", start: Timestamp(epoch: at, offset: 0), end: Timestamp(epoch: at + 1200, offset: 0),
                       profile: profile, seconds: 1200, plannedSeconds: 1200, outcome: .completed, bells: 2, note: note,
                       breathing: breathing)
        }
        return [sit(0, "Morning", note: "quiet, birds outside"), sit(1, "Evening wind-down"), sit(2, nil),
                sit(3, "Default", breathing: SitBreathing(pattern: "4-7-8", breaths: 16, seconds: 300))]
    }

    @Test func theLogKeepsIDsAndProfilesWhole() {
        let text = JournalRenderer.log(Self.sits(), format: .table, calendar: Self.calendar, options: Self.narrow)
        expectFits(text)
        for sit in Self.sits() {
            #expect(text.contains("│ \(sit.id) │"), "\(text)")
            if let profile = sit.profile { #expect(text.contains("│ \(profile) "), "\(text)") }
        }
        #expect(text.contains("not shown at this width:"), "\(text)")
        // At 120 columns nothing is left out.
        let wide = JournalRenderer.log(Self.sits(), format: .table, calendar: Self.calendar, options: RenderOptions(width: 120))
        #expect(!wide.contains("not shown") && wide.contains("quiet, birds outside") && wide.contains("4-7-8 ×16"), "\(wide)")
    }

    /// The line that names the columns left out costs a sit row, so that the table still fits the height.
    @Test func theLogStillFitsTheHeightWhenColumnsAreLeftOut() {
        let sits = (0..<30).map { index in
            let at = 1_795_414_500 + 86_400 * index
            return Sit(id: "s\(index)", start: Timestamp(epoch: at, offset: 0), end: Timestamp(epoch: at + 1200, offset: 0),
                       profile: "Evening wind-down", seconds: 1200, plannedSeconds: 1200, outcome: .completed, bells: 2,
                       note: "a long note about the morning's sit")
        }
        let text = JournalRenderer.log(sits, format: .table, calendar: Self.calendar, options: Self.narrow, height: 24)
        expectFits(text)
        #expect(text.split(separator: "\n").count <= 23, "\(text)")
        #expect(text.contains("not shown at this width:") && text.contains("earlier sits not shown"), "\(text)")
        // With every sit shown, the line takes the one kept for the earlier sits: no sit is hidden.
        for count in [3, 18] {
            let few = JournalRenderer.log(Array(sits.prefix(count)), format: .table, calendar: Self.calendar, options: Self.narrow, height: 24)
            #expect(few.split(separator: "\n").count == count + 5 && !few.contains("earlier"), "\(few)")
        }
    }

    @Test func statsKeepProfilesWhole() {
        let stats = JournalStats(sits: Self.sits(), days: Self.sits().map { $0.start.epoch / 86_400 },
                                 today: Self.sits()[3].start.epoch / 86_400)
        let text = JournalRenderer.stats(stats, format: .table, options: Self.narrow)
        expectFits(text)
        #expect(text.contains("│ Evening wind-down │") && text.contains("│ 4-7-8 "), "\(text)")
    }

    @Test func showRemindersSoundsAndPlanFit() throws {
        let morning = try Self.profiles()[2]
        let show = ProfileRenderer.sections(ProfileViewModel(profile: morning), format: .table, options: Self.narrow)
        expectFits(show)
        #expect(show.contains("Temple Bell ×3"))

        let reminders = ProfileRenderer.reminders([
            .init(id: 1, time: "07:00", days: "daily", profile: "Evening wind-down", enabled: true, unlessMet: true),
            .init(id: 12, time: "18:30", days: "mon, tue, wed, thu, fri", profile: "Morning", enabled: false),
        ], format: .table, options: Self.narrow)
        expectFits(reminders)
        #expect(reminders.contains("│ Evening wind-down │") && reminders.contains("│ 12 │"), "\(reminders)")

        let sounds = ProfileRenderer.sounds(.builtIn, format: .table, options: Self.narrow)
        expectFits(sounds)
        for name in ["Singing Bowl", "Temple Bell", "Brown Noise"] { #expect(sounds.contains("│ \(name) "), "\(sounds)") }

        let plan = ProfileRenderer.plan(Timeline(profile: morning), name: "Morning", start: nil, format: .table, options: Self.narrow)
        expectFits(plan.split(separator: "\n").filter { $0.hasPrefix("┌") || $0.hasPrefix("│") || $0.hasPrefix("├") || $0.hasPrefix("└") }
            .joined(separator: "\n"))
        #expect(plan.contains("Temple Bell ×3"), "\(plan)")
    }
}
