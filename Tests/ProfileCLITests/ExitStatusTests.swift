import Foundation
import Testing
import TestSupport
@testable import profile

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
        let result = try Harness.run(["list", "--bogus"], store: "\(home)/store", home: home)
        #expect(result.status == ExitStatus.usage.rawValue)
    }
}
