import Foundation
import Testing
import TestSupport

/// Issue 40, item 6: on a terminal, `new`, `copy`, `rename`, `delete` and `import` say in one line what
/// they did, and to a pipe they stay silent; `set` and `toggle` say an update in the editor's words, with
/// `--format json` as it was.
@Suite("Confirmation and plain words", .serialized)
struct ConfirmationTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try Harness.makeStore().home
    }

    func run(_ arguments: [String], stdin: String? = nil) throws -> Harness.Result {
        try Harness.run(arguments, stdin: stdin, store: store, home: home)
    }

    /// Runs `profile arguments…` on a pseudo-terminal and returns what it showed and its status.
    func onTerminal(_ arguments: [String]) throws -> (output: String, status: Int32?) {
        let screen = try PseudoTerminal(arguments: [Harness.binary.path] + arguments, environment: Harness.environment(store: store, home: home))
        let status = screen.waitForExit()
        return (screen.output, status)
    }

    @Test func onATerminalEachStoreCommandSaysWhatItDid() throws {
        #expect(try onTerminal(["new", "Dawn", "--duration", "30m"]) == ("created \"Dawn\": 30:00, session 30:00\n", 0))
        #expect(try onTerminal(["copy", "dawn", "Dusk"]) == ("copied \"Dawn\" to \"Dusk\"\n", 0), "the source by its stored name")
        #expect(try onTerminal(["rename", "Dusk", "Evening"]) == ("renamed \"Dusk\" to \"Evening\"\n", 0))
        #expect(try onTerminal(["delete", "--force", "Evening"]) == ("deleted \"Evening\"\n", 0))
        let document = "\(home)/Zazen.json"
        #expect(try run(["export", "Dawn"]).status == 0)
        try run(["export", "Dawn"]).stdout.write(toFile: document, atomically: true, encoding: .utf8)
        #expect(try onTerminal(["import", document]) == ("imported \"Zazen\": 30:00, session 30:00\n", 0))
        #expect(try onTerminal(["import", "--force", "--name", "Dawn", document])
                == ("imported \"Dawn\", replacing the profile of that name: 30:00, session 30:00\n", 0))
    }

    @Test func toAPipeTheyStaySilent() throws {
        for arguments in [["new", "Dawn"], ["copy", "Dawn", "Dusk"], ["rename", "Dusk", "Evening"], ["delete", "--force", "Evening"]] {
            let result = try run(arguments)
            #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(arguments): \(result.stdout)")
        }
        let imported = try run(["import", "-", "--name", "Zazen"], stdin: try run(["export", "Dawn"]).stdout)
        #expect(imported.status == 0 && imported.stdout.isEmpty, "\(imported.stdout)")
    }

    @Test func toggleAndSetSayTheUpdateAsTheEditorDoes() throws {
        #expect(try run(["new", "P"]).status == 0)
        let toggled = try run(["toggle", "P", "cooldown"])
        #expect(toggled.stdout == "Cool Down: + 2.1 Duration 05:00, + 2.2 Bells off\n")
        #expect(toggled.stdout.contains("Duration") && toggled.stdout.contains("05:00"))
        #expect(try run(["set", "P", "cooldown.duration", "7m"]).stdout == "Cool Down: ~ 2.1 Duration 07:00\n")
        #expect(try run(["toggle", "P", "cooldown"]).stdout == "Cool Down: - 2.1 Duration 07:00, - 2.2 Bells off\n")
        // The editor says the same of the same change.
        let editor = try run(["edit", "P"], stdin: "toggle cooldown\n")
        #expect(editor.stdout.hasPrefix("Cool Down: + 2.1 Duration 07:00, + 2.2 Bells off\n"), "\(editor.stdout)")
        // JSON stays the machine-readable update it was (its golden, toggle-sequence, is unchanged).
        let json = try run(["toggle", "P", "warmup", "--format", "json"]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let updates = try #require(object["updates"] as? [[String: Any]])
        #expect(updates.first?["inserted"] as? [Int] == [1] && updates.first?["before"] as? Int == 1, "\(json)")
        #expect(!json.contains("Duration"))
    }
}
