import Foundation
import Testing
import TestSupport
import TableKit
import JournalCore

/// Issue 27, items 4 and 5 on a pseudo-terminal: `log` fits the terminal's height and `calendar` its
/// width. (Off a terminal: OutputAgreesTests, in process.)
@Suite("Output that agrees with the docs, on a terminal", .serialized)
struct OutputAgreesOnATerminalTests {
    let home: String
    var store: String { "\(home)/store" }
    var journal: String { "\(home)/journal.jsonl" }

    init() throws {
        home = try Harness.makeStore().home
    }

    func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Harness.Result {
        try Harness.run(arguments, stdin: stdin, store: store, home: home,
                        environment: ["PROFILE_JOURNAL": journal, "TZ": "UTC"].merging(environment) { $1 })
    }

    func run(_ arguments: String...) throws -> Harness.Result { try run(arguments) }

    func terminal(_ arguments: [String], columns: UInt16 = 100, rows: UInt16 = 40) throws -> PseudoTerminal {
        try PseudoTerminal(arguments: [Harness.binary.path] + arguments,
                           environment: Harness.environment(store: store, home: home, extra: ["PROFILE_JOURNAL": journal, "TZ": "UTC"]),
                           columns: columns, rows: rows)
    }

    /// Logs `count` sits of 20 minutes, one a day, the last yesterday.
    func logSits(_ count: Int) throws {
        try GoldenJournal.dailySits(count).write(toFile: journal, atomically: true, encoding: .utf8)
        let check = try run("log", "check")
        #expect(check.status == 0, "\(check.stderr)")
    }

    // MARK: log fits the terminal's height

    @Test func logOnATerminalShowsTheLastSitsThatFitAndSaysHowManyAreLeftOut() throws {
        try logSits(40)
        let rows: UInt16 = 16
        let log = try terminal(["log"], columns: 100, rows: rows)
        #expect(log.waitForExit() == 0)
        let lines = log.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count <= Int(rows) - 1, "\(log.output)")
        let shown = JournalRenderer.rowsFitting(height: Int(rows))
        #expect(lines.last == "… \(40 - shown) earlier sits not shown: --all shows every one, -n N the last N", "\(log.output)")
        #expect(log.output.contains("s39") && !log.output.contains("s0 "))

        let all = try terminal(["log", "--all"], columns: 100, rows: rows)
        #expect(all.waitForExit() == 0)
        #expect(all.output.contains("s0 ") && !all.output.contains("earlier sits"))

        let last = try terminal(["log", "-n", "3"], columns: 100, rows: rows)
        #expect(last.waitForExit() == 0)
        #expect(last.output.contains("s37") && !last.output.contains("s36") && !last.output.contains("earlier sits"))

        // Piped: every sit.
        let piped = try run("log")
        #expect(piped.stdout.split(separator: "\n").count == 40)
        #expect(try run("log", "--all", "-n", "3").status == 64)
    }

    @Test func theCalendarOnATerminalFitsIt() throws {
        try logSits(3)
        let calendar = try terminal(["calendar", "--weeks", "104", "--no-color"], columns: 80, rows: 30)
        #expect(calendar.waitForExit() == 0)
        for line in calendar.output.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 80, "\(line)") }
        #expect(calendar.output.contains("the last 75 of 104 weeks"))
    }
}
