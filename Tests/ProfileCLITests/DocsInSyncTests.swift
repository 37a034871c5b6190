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

    /// A file of the repository, as text.
    static func file(_ path: String) throws -> String {
        try String(contentsOf: Harness.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The `make` commands of the README's code: its `sh` blocks and inline code.
    static func readmeMakeTargets() throws -> Set<String> {
        var code: [Substring] = []
        var inBlock = false
        for line in try file("README.md").split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock = line == "```sh"
            } else if inBlock {
                code.append(line)
            } else {
                code += line.matches(of: /`([^`]+)`/).map(\.output.1)
            }
        }
        return Set(code.compactMap { $0.firstMatch(of: /^(?:sudo )?make ([a-z]+)/).map { String($0.output.1) } })
    }

    @Test func everyMakeTargetOfTheReadmeIsAPhonyTargetOfTheMakefile() throws {
        let makefile = try Self.file("Makefile")
        let phony = Set(try #require(makefile.firstMatch(of: /\n\.PHONY:([^\n]*)/)).output.1.split(separator: " ").map(String.init))
        let named = try Self.readmeMakeTargets()
        #expect(named.isSuperset(of: ["run", "check", "install", "uninstall"]))
        for target in named {
            #expect(phony.contains(target), "the Makefile does not declare `make \(target)` phony")
            #expect(makefile.contains("\n\(target):"), "the Makefile has no rule for `make \(target)`")
        }
    }

    /// The package a machine without GNU readline's headers needs has one name in the build's error, in
    /// SwiftPM's hint and in the set-up's list.
    @Test func theReadlinePackageHasOneName() throws {
        #expect(try Self.file("Sources/CReadline/shim.h").contains("#error \"GNU readline's headers are missing: install libreadline-dev (Debian, Ubuntu)"))
        #expect(try Self.file("Package.swift").contains(#"providers: [.apt(["libreadline-dev"])]"#))
        #expect(try Self.file("Scripts/setup").contains("\nrun     libreadline-dev "))
    }
}
