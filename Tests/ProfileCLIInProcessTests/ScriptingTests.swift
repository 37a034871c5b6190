import Foundation
import Testing
import TestSupport

/// What scripts read, through the command line in process: tables off a terminal cut nothing, every format carries
/// the same facts (totals in seconds, durations, dropped bells), and every error starts `profile:`.
@Suite("Scripting output")
struct ScriptingTests {
    let home: String
    var store: String { "\(home)/store" }

    /// Sixty characters: more than a table of 80 columns leaves its name column.
    static let longName = "A long sit for the first mornings of the retreat, all of it."

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        for name in ["Morning", "Default"] {
            try FileManager.default.copyItem(atPath: Harness.fixtures.appendingPathComponent("\(name).json").path,
                                             toPath: "\(store)/\(name).json")
        }
    }

    func run(_ arguments: String..., stdin: String? = nil, environment: [String: String] = [:]) throws -> Harness.Result {
        try InProcess.run(arguments, stdin: stdin, store: store, home: home, environment: environment)
    }

    // MARK: Widths

    @Test func aPipedEditorPrintsALongNameWholeAfterBack() throws {
        #expect(Self.longName.count == 60)
        #expect(try run("new", Self.longName).status == 0)
        let result = try run("edit", "Morning", stdin: "back\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        let header = try #require(lines.firstIndex { $0.hasPrefix("│ # │") }, "no list after back: \(result.stdout)")
        let end = try #require(lines[header...].firstIndex { $0.hasPrefix("└") })
        let list = lines[(header - 1)...end]
        #expect(list.contains { $0.contains("│ \(Self.longName) │") }, "\(list.joined(separator: "\n"))")
        #expect(!result.stdout.contains("…"))
        let widths = Set(list.map(\.count))
        #expect(widths.count == 1 && widths.first.map { $0 > 80 } == true, "the list keeps its natural width: \(widths)")
    }

    @Test func offATerminalTablesKeepTheirWidthUnlessColumnsIsSet() throws {
        #expect(try run("new", Self.longName).status == 0)
        let whole = try run("list", "--format", "table")
        #expect(whole.stdout.contains("│ \(Self.longName) │"))
        #expect(!whole.stdout.contains("…"))
        // Issue 50: at 80 columns the parts' columns are left out (the last line names them) and the
        // name stays whole; at 60 it is cut, as nothing else is left to give way.
        let fitted = try run("list", "--format", "table", environment: ["COLUMNS": "80"])
        let lines = fitted.stdout.split(separator: "\n")
        #expect(Set(lines.dropLast().map(\.count)) == [80], "\(fitted.stdout)")
        #expect(lines.last == "not shown at this width: Warm Up, Cool Down, Cool Down Bell, Every", "\(fitted.stdout)")
        #expect(fitted.stdout.contains("│ \(Self.longName) │"), "\(fitted.stdout)")
        let narrow = try run("list", "--format", "table", environment: ["COLUMNS": "60"])
        #expect(Set(narrow.stdout.split(separator: "\n").dropLast().map(\.count)) == [60], "\(narrow.stdout)")
        #expect(narrow.stdout.contains("…") && !narrow.stdout.contains(Self.longName), "\(narrow.stdout)")
    }

    // MARK: list

    @Test func listJSONGivesSecondsAndPlainTheDurationsTheTableShows() throws {
        let json = try run("list", "--format", "json")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let morning = try #require(objects.first { $0["name"] as? String == "Morning" })
        #expect(morning["timeSeconds"] as? Int == 30 * 60)
        #expect(morning["totalSeconds"] as? Int == 37 * 60)
        #expect(morning["total"] as? String == "37:00")
        #expect(morning["warmupDuration"] as? String == "02:00")
        #expect(morning["cooldownDuration"] as? String == "05:00")

        let plain = try run("list", "--format", "plain")
        let line = try #require(plain.stdout.split(separator: "\n").first { $0.hasPrefix("Morning\t") })
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        // The fields scripts had keep their places; the durations come after them.
        #expect(fields == ["Morning", "30:00", "37:00", "on", "on", "on", "Temple Bell", "off", "05:00", "Singing Bowl",
                           "02:00", "05:00", "Singing Bowl", "Singing Bowl", "", "off", "Rain", "30%",
                           "off", "Coherent 5.5", "first 5 min", "tone", "40%"])
        let table = try run("list", "--format", "table")
        let row = try #require(table.stdout.split(separator: "\n").first { $0.contains("Morning") })
        #expect(row.contains("│   02:00 │     05:00 │"), "the table shows the same durations: \(row)")
    }

    // MARK: plan

    @Test func planPlainHasALineForTheDroppedBellAsTableAndJSONHaveTheirNote() throws {
        #expect(try run("set", "Default", "duration", "30").status == 0)
        #expect(try run("set", "Default", "intervals", "on").status == 0)
        #expect(try run("set", "Default", "intervals.every", "10m").status == 0)
        let plain = try run("plan", "Default", "--start", "6:30", "--format", "plain")
        #expect(plain.status == 0 && plain.stderr.isEmpty)
        #expect(plain.stdout == """
            00:00\t06:30\tmain-start\tSinging Bowl\t1\t100\t
            10:00\t06:40\tinterval\tSinging Bowl\t1\t100\t
            20:00\t06:50\tinterval\tSinging Bowl\t1\t100\t
            30:00\t07:00\tdropped\t\t\t\t
            30:00\t07:00\tmain-end\t\t\t\t
            30:00\t07:00\tsession-end\tSinging Bowl\t1\t100\t

            """)
        let json = try run("plan", "Default", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["dropped"] as? [String] == ["30:00"])
        let table = try run("plan", "Default", "--format", "table")
        #expect(table.stdout.hasSuffix("dropped the interval bell at 30:00: it falls on the main sit's end or within 10 s of it\n"))
        // Without a dropped bell there is no such line.
        let morning = try run("plan", "Morning", "--format", "plain")
        #expect(!morning.stdout.contains("\tdropped\t"))
    }

    // MARK: show

    @Test func showGivesTheTotalUnderTheSectionsNeverAsARow() throws {
        let table = try run("show", "Morning", "--format", "table")
        #expect(table.stdout.hasSuffix("┘\nTotal: 37:00 (Warm Up 02:00 + Time 30:00 + Cool Down 05:00)\n"))
        let plain = try run("show", "Morning", "--format", "plain")
        let lines = plain.stdout.split(separator: "\n")
        #expect(lines.last == "session\t\tTotal\t37:00")
        // The seed's sections' rows are what they were, 1 + 2 + 4 + 1, the Bells section has its 2 and
        // the Ambience and Breathing sections their switches.
        let counts = Dictionary(grouping: lines.dropLast(), by: { $0.split(separator: "\t").first.map(String.init) ?? "" }).mapValues(\.count)
        #expect(counts == ["time": 1, "warmup": 2, "cooldown": 4, "intervals": 1, "bells": 2, "ambience": 1, "breathing": 1])
        let json = try run("show", "Morning", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["total"] as? String == "37:00")
        #expect(object["totalSeconds"] as? Int == 37 * 60)
        #expect(object["timeSeconds"] as? Int == 30 * 60)
        let rows = (object["sections"] as? [[String: Any]])?.map { ($0["rows"] as? [Any])?.count ?? -1 }
        #expect(rows == [1, 2, 4, 1, 2, 1, 1])
        // A profile with the main sit alone names no parts.
        #expect(try run("show", "Default", "--format", "table").stdout.hasSuffix("┘\nTotal: 20:00\n"))
    }

    @Test(arguments: ["table", "plain"])
    func oneSectionComesWithoutTheTotal(_ format: String) throws {
        let result = try run("show", "Morning", "--section", "cooldown", "--format", format)
        #expect(result.status == 0)
        #expect(!result.stdout.contains("Total"), "\(result.stdout)")
    }

    // MARK: Errors

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var status: Int32
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(arguments: ["--bogus"], status: 64),
        ErrorCase(arguments: ["set", "P", "duration", "nonsense-value"], status: 64),
        ErrorCase(arguments: ["set", "Morning", "duration", "nonsense-value"], status: 64),
        ErrorCase(arguments: ["show"], status: 64),
        ErrorCase(arguments: ["frobnicate"], status: 64),
        ErrorCase(arguments: ["list", "--format", "yaml"], status: 64),
        ErrorCase(arguments: ["show", "Morning", "--section", "chimes"], status: 64),
        ErrorCase(arguments: ["import", "-"], status: 64),
        ErrorCase(arguments: ["run", "Morning", "--speed"], status: 64),
        ErrorCase(arguments: ["show", "Mornin"], status: 66),
        ErrorCase(arguments: ["plan", "Morning", "--start", "7pm"], status: 64),
    ]

    @Test(arguments: errorCases)
    func everyErrorStartsWithProfileAndKeepsItsStatus(_ c: ErrorCase) throws {
        let result = try InProcess.run(c.arguments, store: store, home: home)
        #expect(result.status == c.status)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("profile: "), "\(result.stderr)")
        #expect(!result.stderr.contains("Error:"), "\(result.stderr)")
    }

    @Test func theArgumentParsersMessagesEscapeAndBoundWhatTheyEcho() throws {
        let escape = try run("show", "Morning", "--format", "\u{1B}[31mred")
        #expect(escape.status == 64)
        #expect(escape.stderr.hasPrefix("profile: The value '\\u{1B}[31mred' is invalid for '--format <format>'."), "\(escape.stderr)")
        #expect(!escape.stderr.contains("\u{1B}"))
        let long = try run(String(repeating: "x", count: 100_000))
        #expect(long.status == 64)
        #expect(long.stderr.hasPrefix("profile: Unexpected argument 'xxx"))
        #expect(long.stderr.utf8.count < 1000, "the argument is not echoed whole")
        #expect(long.stderr.split(separator: "\n").allSatisfy { $0.count <= 300 })
    }

    @Test(arguments: [["--help"], ["help", "plan"], ["plan", "--help"], ["--version"], ["--generate-completion-script", "fish"]])
    func helpVersionAndCompletionGoToStdoutWithStatus0(_ arguments: [String]) throws {
        let result = try InProcess.run(arguments, store: store, home: home)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(!result.stdout.isEmpty && !result.stdout.hasPrefix("profile: "))
        #expect(result.stdout.hasSuffix("\n") && !result.stdout.hasSuffix("\n\n\n"))
    }
}
