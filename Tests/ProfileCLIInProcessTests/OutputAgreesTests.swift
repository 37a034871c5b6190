import Foundation
import Testing
import TestSupport
import TableKit

/// Issue 27, items 4 and 5, in process: output off a terminal is plain, a segment not made yet shows the
/// length it will have, and `calendar` fits the width it is given. (`log` and `calendar` on a terminal:
/// OutputAgreesOnATerminalTests, end to end.)
@Suite("Output that agrees with the docs", .serialized)
struct OutputAgreesTests {
    let home: String
    var store: String { "\(home)/store" }
    var journal: String { "\(home)/journal.jsonl" }

    init() throws {
        home = try Harness.makeStore().home
    }

    func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Harness.Result {
        try InProcess.run(arguments, stdin: stdin, store: store, home: home,
                        environment: ["PROFILE_JOURNAL": journal, "TZ": "UTC"].merging(environment) { $1 })
    }

    func run(_ arguments: String...) throws -> Harness.Result { try run(arguments) }

    /// Logs `count` sits of 20 minutes, one a day, the last yesterday.
    func logSits(_ count: Int) throws {
        try GoldenJournal.dailySits(count).write(toFile: journal, atomically: true, encoding: .utf8)
        let check = try run("log", "check")
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// The subcommands `profile --help` lists (as DocsInSyncTests reads them).
    func helpSubcommands() throws -> Set<String> {
        let help = try run("--help").stdout
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        return Set(help[start.upperBound...].split(separator: "\n").compactMap { line in
            // A subcommand line is indented by two spaces; wrapped help text by more.
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }.filter { $0 != "See" })
    }

    static func hasBoxDrawing(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x2500...0x257F).contains($0.value) }
    }

    // MARK: Plain off a terminal

    struct PipedCase: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// Every command that prints a table on a terminal, with its default format.
    static let pipedCases: [PipedCase] = [
        ["list"], ["show", "Morning"], ["show", "Morning", "--section", "cooldown"], ["plan", "Morning"], ["sounds"],
        ["stats"], ["log"], ["log", "list"], ["calendar"], ["set", "Morning", "warmup", "off"], ["toggle", "Morning", "intervals"],
        ["remind", "list"], ["new", "Piped"], ["copy", "Morning", "Copied"],
    ].map { PipedCase(arguments: $0) }

    @Test(arguments: pipedCases) func pipedOutputHasNoBoxDrawing(_ c: PipedCase) throws {
        try logSits(3)
        let result = try run(c.arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!Self.hasBoxDrawing(result.stdout), "\(result.stdout)")
        #expect(!Self.hasBoxDrawing(result.stderr), "\(result.stderr)")
    }

    /// Issue 50: bare `profile` is a screen of where to begin, each command it names one there is, and
    /// short: not the fifty lines of `--help`.
    @Test func bareProfileSaysWhereToBegin() throws {
        let bare = try run([String]())
        #expect(bare.status == 0 && bare.stderr.isEmpty, "\(bare.stderr)")
        let lines = bare.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 16, "\(lines.count) lines")
        let named = lines.filter { $0.hasPrefix("  profile ") }.compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
        let subcommands = try helpSubcommands()
        #expect(named.count >= 5 && Set(named).isSubset(of: subcommands), "\(named)")
        #expect(lines.allSatisfy { $0.count < 60 }, "a line of 60 columns or more: \(lines)")
    }

    @Test func everySubcommandIsAuditedOffATerminal() throws {
        // A new subcommand must join the list above (or the list of those that print no table).
        let printsNoTable: Set = ["new", "copy", "rename", "delete", "edit", "export", "import", "run", "help", "goal", "status"]
        let audited = Set(Self.pipedCases.map { $0.arguments[0] }).union(printsNoTable)
        for subcommand in try helpSubcommands() {
            #expect(audited.contains(subcommand), "profile \(subcommand) is not checked off a terminal")
        }
    }

    @Test func pipedStatsArePlainLinesAndTheTableIsAsked() throws {
        try logSits(2)
        let plain = try run("stats")
        #expect(plain.status == 0)
        #expect(plain.stdout.hasPrefix("sits\t2 on 2 days\ntotal\t40 min\n"), "\(plain.stdout)")
        #expect(plain.stdout.hasSuffix("profile\tMorning\t2\t40 min\n"), "\(plain.stdout)")
        #expect(Self.hasBoxDrawing(try run("stats", "--format", "table").stdout))
    }

    // MARK: A segment not made yet

    @Test func aNewProfileListsAndShowsTheLengthsItsSegmentsWillHave() throws {
        #expect(try run("new", "Fresh").status == 0)
        let list = try run("list", "--format", "json")
        let profiles = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let fresh = try #require(profiles.first { $0["name"] as? String == "Fresh" })
        #expect(fresh["warmupDuration"] as? String == "02:00")
        #expect(fresh["cooldownDuration"] as? String == "05:00")
        #expect(!(try run("show", "Fresh", "--format", "json").stdout.contains("00:00")))
        // Switched on, they have those lengths.
        #expect(try run("toggle", "Fresh", "cooldown").status == 0)
        #expect(try run("toggle", "Fresh", "warmup").status == 0)
        let show = try run("show", "Fresh", "--format", "plain").stdout
        #expect(show.contains("warmup\t1\tDuration\t02:00\n") && show.contains("cooldown\t1\tDuration\t05:00\n"), "\(show)")
    }

    @Test func settingTheLengthANewSegmentWillHaveSaysAlreadyAndWritesNothing() throws {
        #expect(try run("new", "Fresh").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: "\(store)/Fresh.json"))
        let same = try run("set", "Fresh", "cooldown.duration", "5m")
        #expect(same.status == 0)
        #expect(same.stdout == "Cool Down duration is already 05:00\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(store)/Fresh.json")) == before)
        let warm = try run("set", "Fresh", "warmup.duration", "2m")
        #expect(warm.stdout == "Warm Up duration is already 02:00\n")
        let other = try run("set", "Fresh", "cooldown.duration", "6m")
        #expect(other.stdout.hasPrefix("Cool Down duration is now 06:00"), "\(other.stdout)")
    }

    // MARK: calendar fits the width

    struct WidthCase: CustomTestStringConvertible, Sendable {
        var columns: Int
        var weeks: String?
        var testDescription: String { "\(columns) columns\(weeks.map { ", --weeks \($0)" } ?? "")" }
    }

    static let widthCases = [80, 120, 200].flatMap { columns in
        [nil, "104", "260", "1"].map { WidthCase(columns: columns, weeks: $0) }
    }

    @Test(arguments: widthCases) func theCalendarNeverRunsPastTheWidth(_ c: WidthCase) throws {
        try logSits(30)
        let result = try run(["calendar"] + (c.weeks.map { ["--weeks", $0] } ?? []), environment: ["COLUMNS": "\(c.columns)"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 11)
        for line in lines { #expect(DisplayWidth.of(line) <= c.columns, "\(line)") }
        let weeks = Int(c.weeks ?? "53") ?? 53
        let fits = 5 + weeks <= c.columns
        #expect(result.stdout.contains("in these \(weeks) weeks") == fits || weeks == 1, "\(result.stdout)")
        #expect(result.stdout.contains("weeks: all \(weeks) need \(5 + weeks) columns, and there are \(c.columns)") == !fits, "\(result.stdout)")
    }

    @Test func aWideTerminalGetsWiderCells() throws {
        try logSits(3)
        let narrow = try run(["calendar"], environment: ["COLUMNS": "80"])
        let wide = try run(["calendar"], environment: ["COLUMNS": "120"])
        let rowWidth = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("Mon") }.map { DisplayWidth.of($0) }.first ?? 0 }
        #expect(rowWidth(narrow.stdout) == 5 + 53)
        #expect(rowWidth(wide.stdout) == 5 + 2 * 53)
        #expect(wide.stdout.contains("less ··░░▒▒▓▓██ more"))
    }
}
