import Foundation
import Testing
import TestSupport

/// The README and the program's own help must name the same commands.
@Suite("Docs in sync")
struct DocsInSyncTests {
    /// Subcommand names from `profile --help`.
    static func helpSubcommands(_ command: [String] = []) throws -> Set<String> {
        Set(try helpSubcommandLines(command).map(\.name))
    }

    /// The subcommands `profile COMMAND --help` lists, in order, each with whether it is the default.
    static func helpSubcommandLines(_ command: [String]) throws -> [(name: String, isDefault: Bool)] {
        let home = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let help = try Harness.run(command + ["--help"], store: "\(home)/store", home: home).stdout
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n").compactMap { line in
            // A subcommand line is indented by two spaces; wrapped help text by more.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first, name != "See" else { return nil }
            return (String(name), line.contains(" (default) "))
        }
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

    /// Every subcommand of a command (`remind repoint`, `log import`) has a line of the README's usage:
    /// `profile remind repoint …`, or for the one a bare command runs (`log` is `log list`), `profile log …`.
    @Test func readmeUsageListsEverySubcommandOfEachCommand() throws {
        let lines = try DocsListTheProgramsListsTests.readmeLines().map { $0.split(separator: " ").map(String.init) }
        var checked = 0
        for command in try Self.helpSubcommands().sorted() {
            let subcommands = try Self.helpSubcommandLines([command])
            for subcommand in subcommands {
                let named = lines.contains { $0.count > 1 && $0[0] == command && $0[1] == subcommand.name }
                let bare = subcommand.isDefault && lines.contains { words in
                    words.first == command && !subcommands.contains { words.count > 1 && $0.name == words[1] }
                }
                #expect(named || bare, "the README's usage has no line for `profile \(command) \(subcommand.name)`")
                checked += 1
            }
        }
        #expect(checked >= 14, "\(checked) subcommands of commands")
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

    /// Issue 50, item 4: the README is for the person who sits. Its first screen says what it is, how to
    /// install it (with the first build's length) and how to sit, with the two commands of the developer
    /// guide; the engineering (figures, budgets, layout) is in `docs/`, linked; it stays short.
    @Test func theREADMEIsForThePersonWhoSits() throws {
        let readme = try Self.file("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 410, "the README has \(lines.count) lines: what is not for the person who sits goes to docs/")
        let firstScreen = lines.prefix(40).joined(separator: "\n")
        for words in ["## Install", "Swift 6.3", "Scripts/setup run", "sudo make install", "several minutes", "## A first sit",
                      "profile run 10m", "make run", "make check"] {
            #expect(firstScreen.contains(words), "the README's first screen lacks \(words)")
        }
        #expect(firstScreen.range(of: "## Install")?.lowerBound ?? firstScreen.endIndex
                < firstScreen.range(of: "make check")?.lowerBound ?? firstScreen.startIndex, "install comes before the tests")
        for figure in ["callgrind", "LUFS", "strace", "hyperfine", "wake-ups", "Budgets", "## Layout", "## Benchmarks", "## Reliability"] {
            #expect(!readme.contains(figure), "the README speaks of \(figure): that is for docs/")
        }
    }

    /// Every link of the README and of `docs/` to a file of the repository reaches one.
    @Test func everyLinkOfTheDocsReachesAFile() throws {
        let pages = ["README.md"] + ((try? FileManager.default.contentsOfDirectory(atPath: Harness.root.appendingPathComponent("docs").path)) ?? [])
            .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }
        #expect(pages.count >= 6)
        var linked: Set<String> = []
        for page in pages {
            // A page of docs/ links relative to docs/.
            let folder = page == "README.md" ? Harness.root : Harness.root.appendingPathComponent("docs")
            for link in try Self.file(page).matches(of: /\]\(([^)#:]+)(#[^)]*)?\)/) {
                let target = String(link.output.1)
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(target).standardized.path),
                        "\(page) links to \(target), which is not there")
                if page == "README.md" { linked.insert(target) }
            }
        }
        for page in pages.dropFirst() { #expect(linked.contains(page), "the README does not link to \(page)") }
    }

    /// The package a machine without GNU readline's headers needs has one name in the build's error, in
    /// SwiftPM's hint and in the set-up's list.
    @Test func theReadlinePackageHasOneName() throws {
        #expect(try Self.file("Sources/CReadline/shim.h").contains("#error \"GNU readline's headers are missing: install libreadline-dev (Debian, Ubuntu)"))
        #expect(try Self.file("Package.swift").contains(#"providers: [.apt(["libreadline-dev"])]"#))
        #expect(try Self.file("Scripts/setup").contains("\nrun     libreadline-dev "))
    }
}
