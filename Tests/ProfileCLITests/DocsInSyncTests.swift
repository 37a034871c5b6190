import Foundation
import Testing
import TestSupport

/// The README and the program's own help must name the same commands.
@Suite("Docs in sync")
struct DocsInSyncTests {
    /// Subcommand names from `profile --help`.
    static func helpSubcommands() throws -> Set<String> {
        let home = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let help = try Harness.run(["--help"], store: "\(home)/store", home: home).stdout
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        return Set(help[start.upperBound...].split(separator: "\n").compactMap { line in
            // A subcommand line is indented by two spaces; wrapped help text by more.
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }.filter { $0 != "See" })
    }

    /// Subcommand names from the README's usage block: lines `profile NAME …`.
    static func readmeSubcommands() throws -> Set<String> {
        let readme = try String(contentsOf: Harness.root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let usage = readme.range(of: "## Usage") else { return [] }
        let section = readme[usage.upperBound...].prefix { _ in true }
        let block = section.components(separatedBy: "```")[1]
        return Set(block.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            return words.first == "profile" && words.count > 1 ? String(words[1]) : nil
        })
    }

    @Test func readmeUsageListsEverySubcommandOfHelp() throws {
        let help = try Self.helpSubcommands()
        #expect(help.count >= 11)
        #expect(try Self.readmeSubcommands() == help)
    }
}
