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

/// Issue 50, item 4: every list of the README and of profile(1) is the program's: its settings,
/// switches and sections (``Setting``, ``Switch``, ``ProfileSection``), and for each command the
/// options its help gives and the values each takes (`show --section`, `stats --format`, `log`'s
/// options), so a list cannot lag the program again.
@Suite("The docs' lists are the program's")
struct DocsListTheProgramsListsTests {
    /// An option of a command's help: its names (`-n`, `--last`) and, when it takes one of a few
    /// words, those words in order.
    struct HelpOption {
        var names: Set<String>
        var values: [String]?
    }

    /// Options every command takes or a journal command takes, said once in the docs, not on each line.
    static let shared: Set<String> = ["--store", "--no-color", "--journal", "--version", "-h", "--help"]

    /// The options of `profile help COMMAND…`, from its OPTIONS section.
    static func helpOptions(_ command: [String]) throws -> [HelpOption] {
        let home = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try Harness.run(["help"] + command, store: "\(home)/store", home: home)
        #expect(result.status == 0, "profile help \(command): \(result.stderr)")
        let help = result.stdout
        guard let start = help.range(of: "\nOPTIONS:\n") else { return [] }
        var options: [(header: String, text: String)] = []
        for line in help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty || !line.hasPrefix(" ") { break }
            if line.hasPrefix("  -") {
                let parts = line.dropFirst(2).components(separatedBy: "  ")
                options.append((parts[0], parts.dropFirst().joined(separator: " ")))
            } else if !options.isEmpty {
                options[options.count - 1].text += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        return options.map { header, text in
            // `-n, --last <N>`, `--log/--no-log`, `--start, --at <HH:MM|now>`
            let names = header.split(separator: " ").first { !$0.hasPrefix("<") }.map { _ in
                header.replacingOccurrences(of: "/", with: ", ").components(separatedBy: ", ")
                    .compactMap { $0.split(separator: " ").first.map(String.init) }
            } ?? []
            // `(values: text, json; default: text)`
            let values = text.firstMatch(of: /\(values: ([^);]*)/).map { String($0.output.1).components(separatedBy: ", ") }
            return HelpOption(names: Set(names), values: values)
        }
    }

    /// The command a docs line describes (`log add`; `log` alone is `log list`) and its text after it.
    static func commandOf(_ words: [String], subcommands: [String: [(name: String, isDefault: Bool)]]) -> (command: [String], rest: String)? {
        guard let first = words.first, first.first?.isLetter == true, first == first.lowercased() else { return nil }
        let under = subcommands[first] ?? []
        if words.count > 1, under.contains(where: { $0.name == words[1] }) {
            return ([first, words[1]], words.dropFirst(2).joined(separator: " "))
        }
        // A command with a default subcommand (`log` is `log list`) takes that one's options.
        let implied = under.first(where: \.isDefault).map { [$0.name] } ?? []
        return ([first] + implied, words.dropFirst().joined(separator: " "))
    }

    /// Each option a docs line names (`--format`, `-n`) with the words it lists (`table|plain|json`), if any.
    static func namedOptions(_ text: String) -> [(name: String, values: [String]?)] {
        let words = text.replacingOccurrences(of: "[", with: " ").replacingOccurrences(of: "]", with: " ")
            .split(separator: " ").map(String.init)
        return words.enumerated().flatMap { index, word -> [(name: String, values: [String]?)] in
            let names = word.split(separator: "|").map(String.init).filter { $0.wholeMatch(of: /--?[a-z][a-z-]*/) != nil }
            guard !names.isEmpty else { return [] }
            let next = index + 1 < words.count ? words[index + 1] : ""
            let values = next.wholeMatch(of: /[a-z][a-z0-9-]*(\|[a-z][a-z0-9-]*)+/) != nil && names.count == 1
                ? next.split(separator: "|").map(String.init) : nil
            return names.map { ($0, values) }
        }
    }

    /// The README's usage lines: `profile show NAME [--format table|plain|json] …`, comments left out.
    static func readmeLines() throws -> [String] {
        let readme = try DocsInSyncTests.file("README.md")
        let usage = try #require(readme.range(of: "## Usage")).upperBound
        let block = readme[usage...].components(separatedBy: "```")[1]
        return block.split(separator: "\n").filter { $0.hasPrefix("profile ") }.map {
            String($0.dropFirst("profile ".count).split(separator: "#", maxSplits: 1).first ?? "")
        }
    }

    /// An mdoc line as it reads: `Fl -format Ar table|plain|json` is `--format table|plain|json`
    /// (`Fl` puts a dash before each word up to the next macro).
    static func mdocText(_ line: String) -> String {
        let macros: Set<String> = ["Ar", "Op", "Oo", "Oc", "Cm", "Li", "Fl", "Ns", "Pa", "Ic", "Ev", "Xo", "Xc", "Nm"]
        var inFlag = false
        return line.split(separator: " ").compactMap { word -> String? in
            if macros.contains(String(word)) { inFlag = word == "Fl"; return nil }
            return inFlag && word != "|" ? "-" + word : String(word)
        }.joined(separator: " ")
    }

    /// profile(1)'s command lines: each SYNOPSIS entry and each command's `.It Cm` line.
    static func manualLines() throws -> [(place: String, text: String)] {
        let page = try String(contentsOf: ManPageTests.page1, encoding: .utf8)
        let synopsis = try #require(page.components(separatedBy: ".Sh SYNOPSIS\n").dropFirst().first?.components(separatedBy: "\n.Sh ").first)
        let entries = synopsis.components(separatedBy: ".Nm\n").dropFirst().map { entry in
            (place: "SYNOPSIS", text: mdocText(entry.split(separator: "\n").map { $0.drop { $0 == "." } }.joined(separator: " ")))
        }
        let items = page.split(separator: "\n").filter { $0.hasPrefix(".It Cm ") }.map { (place: "DESCRIPTION", text: mdocText(String($0.dropFirst(4)))) }
        return entries + items
    }

    /// Checks docs lines against the help of the commands they name: every option a line names is its
    /// command's, every list of words an option takes is the program's list of its values, and every
    /// option of a command is named on one of the lines for it (a SYNOPSIS gives a command in several
    /// forms, each with some of its options).
    static func expectMatch(_ lines: [(place: String, text: String)]) throws {
        let commands = try DocsInSyncTests.helpSubcommands()
        // Each command's own subcommands, as its help lists them (`remind repoint`, `log import`).
        var subcommands: [String: [(name: String, isDefault: Bool)]] = [:]
        for command in commands { subcommands[command] = try DocsInSyncTests.helpSubcommandLines([command]) }
        var helps: [[String]: [HelpOption]] = [:]
        var namedFor: [String: (command: [String], names: Set<String>, text: String)] = [:]
        for (place, text) in lines {
            guard let found = commandOf(text.split(separator: " ").map(String.init), subcommands: subcommands),
                  commands.contains(found.command[0]) else { continue }
            let (command, rest) = found
            if helps[command] == nil { helps[command] = try helpOptions(command) }
            let options = helps[command] ?? []
            let shown = "`profile \(command.joined(separator: " "))`"
            let named = namedOptions(rest)
            for (name, values) in named {
                let option = options.first { $0.names.contains(name) }
                #expect(option != nil, "\(place): \(shown) has no option \(name): \(text)")
                if let values, let option, let taken = option.values {
                    #expect(values == taken, "\(place): \(name) of \(shown) lists \(values.joined(separator: "|")); the program takes \(taken.joined(separator: "|"))")
                }
            }
            let key = "\(place) \(command)"
            namedFor[key, default: (command, [], text)].names.formUnion(named.map(\.name))
        }
        for (place, entry) in namedFor.sorted(by: { $0.key < $1.key }) {
            for option in helps[entry.command] ?? [] where option.names.isDisjoint(with: shared) {
                #expect(!option.names.isDisjoint(with: entry.names),
                        "\(place): `profile \(entry.command.joined(separator: " "))` leaves out \(option.names.sorted().joined(separator: ", ")): \(entry.text)")
            }
        }
    }

    @Test func theREADMEsUsageNamesEachCommandsOptionsAndValues() throws {
        let lines = try Self.readmeLines()
        #expect(lines.count >= 25)
        try Self.expectMatch(lines.map { (place: "README", text: $0) })
    }

    @Test func theManualsCommandLinesNameEachCommandsOptionsAndValues() throws {
        let lines = try Self.manualLines()
        #expect(lines.count >= 50)
        // Each DESCRIPTION item is checked alone; the SYNOPSIS's forms of a command together.
        try Self.expectMatch(lines.enumerated().map { index, line in
            (place: line.place == "SYNOPSIS" ? "profile.1 SYNOPSIS" : "profile.1 item \(index)", text: line.text)
        })
    }

    /// The README's lists of `Settings:`, `Switches:` and `Sections (show --section):`: their code
    /// words in order, what each takes (in parentheses) left out.
    static func readmeList(_ label: String) throws -> [String] {
        let readme = try DocsInSyncTests.file("README.md").replacingOccurrences(of: "\n", with: " ")
        let start = try #require(readme.range(of: "\(label) "), "the README has no list \(label)").upperBound
        let rest = String(readme[start...]).replacingOccurrences(of: #"\([^)]*\)"#, with: "", options: .regularExpression)
        let list = rest[..<(rest.range(of: ". ")?.lowerBound ?? rest.endIndex)]
        return list.matches(of: /`([^`]+)`/).map { String($0.output.1) }
    }

    @Test func theREADMEListsEverySettingSwitchSectionBellAndSoundscapeInOrder() throws {
        #expect(try Self.readmeList("Settings:") == OneListTests.settings)
        #expect(try Self.readmeList("Switches:") == OneListTests.switches)
        #expect(try Self.readmeList("Sections (`show --section`):") == OneListTests.sections)
        #expect(try Self.readmeList("The built-in bells:") == Bell.allCases.map(\.rawValue))
        #expect(try Self.readmeList("Soundscapes:") == Soundscape.allCases.map(\.rawValue))
    }
}
