import Foundation
import Testing
import TestSupport
import ProfileKit
import ProfileREPL
import TableKit
import TestDoubles

/// What `set` and `toggle` accept is one list (``Setting``, ``Switch``, ``ProfileSection``): the
/// command line's help and completion script, the editor's help and the manual all name every item.
@Suite("One list of settings")
struct OneListTests {
    static let settings = Setting.allCases.map(\.name)
    static let switches = Switch.allCases.map(\.rawValue)
    static let sections = ProfileSection.allCases.map(\.id)

    static func run(_ arguments: String...) throws -> String {
        let home = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try Harness.run(arguments, store: "\(home)/store", home: home)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    /// `text` with line breaks and the indentation of wrapped help lines taken out.
    static func unwrapped(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test func theCommandLinesHelpNamesEverySettingSwitchAndSection() throws {
        // `Settings: duration, warmup (on/off), …, intervals.bell (a bell of 'profile sounds').`: the names
        // in order, each with what it takes in parentheses.
        let set = Self.unwrapped(try Self.run("help", "set"))
        let settings = try #require(set.firstMatch(of: /Settings: (.*?)\. Durations:/)).output.1
        #expect(settings.split(separator: ", ").map { $0.split(separator: " (").first.map(String.init) ?? "" } == Self.settings)
        let toggle = Self.unwrapped(try Self.run("help", "toggle"))
        #expect(toggle.contains("Switches: \(Self.switches.joined(separator: ", "))."))
        let show = Self.unwrapped(try Self.run("help", "show"))
        #expect(show.contains("(values: \(Self.sections.joined(separator: ", ")))"))
        let overview = Self.unwrapped(try Self.run("--help"))
        for word in ["interval bells", "plan", "run", "edit"] { #expect(overview.contains(word), "the overview names \(word)") }
    }

    /// How each shell's script lists a command's values, in order.
    static func listed(_ words: [String], shell: String) -> String {
        switch shell {
        case "bash": words.map { "'\($0)'" }.joined(separator: "$'\\n'")
        case "zsh": "(" + words.map { "'\($0)'" }.joined(separator: " ") + ")"
        default: "'" + words.joined(separator: " ") + "'"
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func theCompletionScriptOffersEverySettingSwitchAndSection(_ shell: String) throws {
        let script = try Self.run("--generate-completion-script", shell)
        for list in [Self.settings, Self.switches, Self.sections] {
            #expect(script.contains(Self.listed(list, shell: shell)), "\(shell) script lacks \(list)")
        }
    }

    @Test func theEditorsHelpNamesEverySettingAndSwitch() throws {
        let session = try Session(store: try InMemoryProfileStore([Profile(name: "Doc")]), name: "Doc", mode: .script, options: RenderOptions(width: nil))
        let set = session.handle("help set").output
        #expect(set.contains("settings: \(Self.settings.joined(separator: ", "))\n"))
        let toggle = session.handle("help toggle").output
        #expect(toggle.contains("switches: \(Self.switches.joined(separator: ", "))\n"))
        let show = session.handle("help show").output
        let numbered = Self.sections.enumerated().map { "\($0.element) (\($0.offset))" }
        #expect(show.contains("sections: \(numbered.joined(separator: ", "))\n"))
    }

    @Test func theManualDescribesEverySettingSwitchAndSection() throws {
        let page = try String(contentsOf: ManPageTests.page1, encoding: .utf8)
        for setting in Self.settings { #expect(page.contains(".It Cm \(setting)\n"), "profile.1 lacks the setting \(setting)") }
        for toggle in Self.switches { #expect(page.contains("Cm \(toggle)"), "profile.1 lacks the switch \(toggle)") }
        #expect(page.contains("Fl -section Ar \(Self.sections.joined(separator: "|"))"), "profile.1 lacks a section of show --section")
    }
}
