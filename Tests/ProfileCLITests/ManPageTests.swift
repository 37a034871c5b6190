import Foundation
import Testing
import TestSupport
import ProfileKit
import TableKit
@testable import ProfileREPL
import TestDoubles

/// The manual pages are well-formed and name everything the program has.
@Suite("Manual pages")
struct ManPageTests {
    static let page1 = Harness.root.appendingPathComponent("man/profile.1")
    static let page5 = Harness.root.appendingPathComponent("man/profile.5")

    static var groff: String? {
        Harness.tool("groff")
    }

    /// groff is needed to check the pages; CI installs it, and there its absence is a failure.
    static var canLint: Bool { groff != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    @Test(.enabled(if: canLint, "groff is not installed (apt-get install groff-base)"), arguments: [page1, page5])
    func groffFindsNothingToWarnAbout(_ page: URL) throws {
        let groff = try #require(Self.groff, "groff is missing; .ci/run installs groff-base")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: groff)
        process.arguments = ["-mandoc", "-ww", "-z", page.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(messages == "")
        #expect(process.terminationStatus == 0)
    }

    /// The long options of a subcommand, read from its `--help`.
    static func options(of subcommand: String) throws -> Set<String> {
        let home = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let help = try Harness.run([subcommand, "--help"], store: "\(home)/s", home: home).stdout
        guard let start = help.range(of: "OPTIONS:") else { return [] }
        let matches = help[start.upperBound...].matches(of: /--([a-z][a-z-]*)/).map { String($0.output.1) }
        return Set(matches).subtracting(["help", "version"])
    }

    /// The page as `man -l` shows it (groff 1.22 on Debian 12), or as groff renders it where man is
    /// missing.
    static func rendered(_ page: URL) throws -> String {
        let man = Harness.tool("man")
        let groff = try #require(Self.groff, "groff is missing; .ci/run installs groff-base")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: man ?? groff)
        process.arguments = man != nil ? ["-l", page.path] : ["-mandoc", "-Tutf8", page.path]
        process.environment = ["PATH": Harness.systemPath, "LANG": "C.UTF-8", "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // Bold and underlining by overstrike, where the pager would have drawn them.
        return text.replacing(/.\u{08}/, with: "")
    }

    /// Issue 27: nested `Dq` and `Ql` rendered `“Wood Block”””””`, and a `.Pq` closed twice left a
    /// parenthesis with no partner. Every paragraph's parentheses and quotes now pair.
    @Test(.enabled(if: canLint, "groff is not installed (apt-get install groff-base)"), arguments: [page1, page5])
    func renderedQuotesAndParenthesesPair(_ page: URL) throws {
        let text = try Self.rendered(page)
        #expect(text.contains("NAME"))
        #expect(!text.contains("””"), "a doubled closing quote")
        #expect(!text.contains("’’"), "a doubled closing quote")
        for paragraph in text.components(separatedBy: "\n\n") {
            #expect(paragraph.count(where: { $0 == "(" }) == paragraph.count(where: { $0 == ")" }), "\(paragraph)")
            #expect(paragraph.count(where: { $0 == "“" }) == paragraph.count(where: { $0 == "”" }), "\(paragraph)")
        }
    }

    @Test func everySubcommandAndItsOptionsAreInProfile1() throws {
        let page = try String(contentsOf: Self.page1, encoding: .utf8)
        let subcommands = try DocsInSyncTests.helpSubcommands()
        #expect(subcommands.count >= 12)
        for subcommand in subcommands {
            #expect(page.contains(".It Cm \(subcommand)"), "profile.1 does not describe \(subcommand)")
            for option in try Self.options(of: subcommand) {
                #expect(page.contains("Fl -\(option)"), "profile.1 does not name \(subcommand) --\(option)")
            }
        }
    }

    /// Every command of every editor screen, read from the editor's own help on each screen.
    static var editorCommands: [String] {
        get throws {
            var names: Set<String> = []
            let store = try InMemoryProfileStore([Profile(name: "Doc")])
            // No width, as in a script: each command's entry is one line.
            let session = try Session(store: store, name: "Doc", mode: .script, options: RenderOptions(width: nil))
            for line in ["help", "bell", "help", "back", "back", "help"] {
                let reply = session.handle(line)
                if line == "help" {
                    for row in reply.output.split(separator: "\n") where row.hasPrefix("  ") {
                        // `quit, exit, q  leave the editor`: the command's name comes first.
                        if let word = row.split(separator: " ").first { names.insert(String(word.split(separator: ",")[0])) }
                    }
                }
            }
            return names.sorted()
        }
    }

    @Test func everySettingSwitchAndEditorCommandIsInProfile1() throws {
        let page = try String(contentsOf: Self.page1, encoding: .utf8)
        for setting in Setting.allCases {
            #expect(page.contains(".It Cm \(setting.name)\n"), "profile.1 does not describe the setting \(setting.name)")
        }
        for toggle in Switch.allCases {
            #expect(page.contains("Cm \(toggle.rawValue)"), "profile.1 does not name the switch \(toggle.rawValue)")
        }
        for command in try Self.editorCommands {
            #expect(page.contains(".It Ic \(command)"), "profile.1 does not describe the editor command \(command)")
        }
        for key in ["Tab", "Up, Down", "Ctrl-C", "Ctrl-D"] {
            #expect(page.contains(".It \(key)\n"), "profile.1 does not describe the key \(key)")
        }
        for variable in ["PROFILE_STORE", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "NO_COLOR", "COLUMNS", "LINES", "INPUTRC", "PROFILE_LOCK_TIMEOUT"] {
            #expect(page.contains(".It Ev \(variable)\n"), "profile.1 does not describe \(variable)")
        }
        for status in [0, 64, 65, 66, 73, 74, 75, 78] {
            #expect(page.contains(".It \(status)\n"), "profile.1 does not explain exit status \(status)")
        }
        for bell in Bell.allCases {
            #expect(page.contains(bell.rawValue), "profile.1 does not name the bell \(bell.rawValue)")
        }
    }

    @Test func everyDocumentKeyIsInProfile5() throws {
        let page = try String(contentsOf: Self.page5, encoding: .utf8)
        let keys = Set(ProfileDocument.keys.values.flatMap { $0 })
        #expect(keys.count >= 7)
        for key in keys {
            #expect(page.contains(".It Cm \(key)\n"), "profile.5 does not describe the key \(key)")
        }
        for type in SegmentType.allCases where type != .main {
            #expect(page.contains("\\(dq\(type.rawValue)\\(dq"), "profile.5 does not name the segment type \(type.rawValue)")
        }
        // The migration names every kind of sound of versions 1 and 2.
        for kind in LegacySounds.Kind.allCases {
            #expect(page.contains("Li \(kind.rawValue)") || page.contains("\\(dq\(kind.rawValue)\\(dq"), "profile.5 does not name the sound type \(kind.rawValue)")
        }
        for bell in Bell.allCases {
            #expect(page.contains("\\(dq\(bell.rawValue)\\(dq"), "profile.5 does not name the bell \(bell.rawValue)")
        }
        #expect(page.contains("Li \(ProfileDocument.currentVersion) ."), "profile.5 does not give the current version")
    }
}

/// `--generate-completion-script` completes what the issue names, and profile names come from the store.
@Suite("Shell completion")
struct CompletionTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func scriptsNameSubcommandsSettingsAndFormats(_ shell: String) throws {
        let home = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try Harness.run(["--generate-completion-script", shell], store: "\(home)/s", home: home)
        #expect(result.status == 0)
        let script = result.stdout
        for word in try DocsInSyncTests.helpSubcommands() {
            #expect(script.contains(word), "\(shell) completion lacks \(word)")
        }
        for word in Setting.allCases.map(\.name) + Switch.allCases.map(\.rawValue) + ProfileSection.allCases.map(\.id) + OutputFormat.allCases.map(\.rawValue) {
            #expect(script.contains(word), "\(shell) completion lacks \(word)")
        }
        #expect(script.contains("---completion"), "\(shell) completion does not ask profile for names")
    }

    @Test func profileNamesSettingValuesAndBellsComeFromTheProgram() throws {
        let home = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let store = "\(home)/store"
        for name in ["Morning", "禅 Zen"] {
            #expect(try Harness.run(["new", name], store: store, home: home).status == 0)
        }
        let names = try Harness.run(["---completion", "show", "--", "positional@0", "2", "0", "profile", "show", ""],
                                    store: store, home: home)
        #expect(names.stdout == "Morning\n禅 Zen\n")
        let bells = try Harness.run(["---completion", "set", "--", "positional@2", "4", "0", "profile", "set", "Morning", "cooldown.bell", ""],
                                    store: store, home: home)
        #expect(bells.stdout == "Singing Bowl\nTemple Bell\nGong\nTingsha\nWood Block\n")
        let onOff = try Harness.run(["---completion", "set", "--", "positional@2", "4", "0", "profile", "set", "Morning", "warmup", ""],
                                    store: store, home: home)
        #expect(onOff.stdout == "on\noff\n")
        // Issue 48: the Breathing section's values come from the same description.
        let patterns = try Harness.run(["---completion", "set", "--", "positional@2", "4", "0", "profile", "set", "Morning", "breathing.pattern", ""],
                                       store: store, home: home)
        #expect(patterns.stdout == "coherent\nbox\n4-7-8\nsigh\ncustom\n")
        let cues = try Harness.run(["---completion", "set", "--", "positional@2", "4", "0", "profile", "set", "Morning", "breathing.cue", ""],
                                   store: store, home: home)
        #expect(cues.stdout == "tone\nswell\ntick\nnone\n")
    }
}
