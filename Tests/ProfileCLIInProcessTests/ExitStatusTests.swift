import Foundation
import Testing
import TestSupport
@testable import ProfileCLI

/// The README's table of exit statuses, profile(1)'s EXIT STATUS and the statuses the program exits
/// with are the same list.
@Suite("Exit statuses")
struct ExitStatusTests {
    /// The statuses of the README's `| exit | meaning |` table.
    static func readmeStatuses() throws -> [Int32] {
        let readme = try String(contentsOf: Harness.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex(of: "| exit | meaning |"), "the README has no exit table")
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.compactMap { row in
            row.split(separator: "|").first.flatMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
        }
    }

    /// The statuses of profile(1)'s EXIT STATUS section: its `.It N` items.
    static func manualStatuses() throws -> [Int32] {
        let page = try String(contentsOf: Harness.root.appendingPathComponent("man/profile.1"), encoding: .utf8)
        let start = try #require(page.range(of: ".Sh EXIT STATUS\n"), "profile.1 has no EXIT STATUS")
        let section = page[start.upperBound...].prefix { _ in true }
        let end = section.range(of: "\n.Sh ")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n").compactMap { line in
            line.hasPrefix(".It ") ? Int32(line.dropFirst(4)) : nil
        }
    }

    @Test func theREADMEProfile1AndTheCodeListTheSameStatuses() throws {
        let code = ExitStatus.allCases.map(\.rawValue)
        #expect(code == code.sorted())
        #expect(try Self.readmeStatuses() == code)
        #expect(try Self.manualStatuses() == code)
    }

    /// The argument parser's usage status is the list's, end to end.
    @Test func theArgumentParsersUsageStatusIs64() throws {
        let home = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try InProcess.run(["list", "--bogus"], store: "\(home)/store", home: home)
        #expect(result.status == ExitStatus.usage.rawValue)
    }

    /// A value an option refuses is said in the program's words and status, in the order the command
    /// reads its values, and `--help` after it still shows the help.
    @Test func aRefusedValueIsSaidAsEveryErrorAndHelpStillWins() throws {
        let (home, store) = try Harness.makeStore()
        func run(_ arguments: String...) throws -> Harness.Result { try InProcess.run(arguments, store: store, home: home) }
        for arguments in [["run", "--speed", "0", "--help"], ["calendar", "--weeks", "0", "--help"], ["log", "-n", "0", "--help"]] {
            let help = try InProcess.run(arguments, store: store, home: home)
            #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: "), "\(arguments): \(help.stderr)")
        }
        let speed = try run("run", "Morning", "--speed", "0")
        #expect(speed.status == 64 && speed.stderr == "profile: invalid --speed \"0\": use a number from 0.01 to 10000, such as 60 (a minute in a second)\n")
        // --speed is read before --at, whatever their order on the line.
        #expect(try run("run", "--at", "25:00", "--speed", "abc").stderr.hasPrefix("profile: invalid --speed \"abc\""))
        #expect(try run("plan", "Morning", "--open", "--until", "25:00").stderr.contains("no --until with --open"))
        let both = try run("log", "-n", "0", "--since", "bogus")
        #expect(both.status == 64 && both.stderr.hasPrefix("profile: invalid --since \"bogus\""), "\(both.stderr)")
    }
}
