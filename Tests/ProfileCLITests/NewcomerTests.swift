import Foundation
import Testing
import TestSupport

/// Issue 27, item 4: `profile edit NAME` of a profile that does not exist says how to make one, and on a
/// terminal asks whether to; nothing is created unasked.
@Suite("Newcomers: edit of a missing profile", .serialized)
struct NewcomerTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try Harness.makeStore().home
    }

    func run(_ arguments: [String], stdin: String? = nil) throws -> Harness.Result {
        try Harness.run(arguments, stdin: stdin, store: store, home: home)
    }

    func terminal(_ arguments: [String]) throws -> PseudoTerminal {
        try PseudoTerminal(arguments: [Harness.binary.path] + arguments, environment: Harness.environment(store: store, home: home))
    }

    @Test func editOfAMissingProfileOffATerminalSaysHowToMakeItAndCreatesNothing() throws {
        let result = try run(["edit", "Nope"], stdin: "show\n")
        #expect(result.status == 66)
        #expect(result.stderr.contains("profile new Nope"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(store)/Nope.json"))
        // A name a shell would split is quoted in the hint.
        let spaced = try run(["edit", "Two words"], stdin: "")
        #expect(spaced.stderr.contains("profile new 'Two words'"), "\(spaced.stderr)")
        // Edit without a name still makes Default.
        #expect(try run(["edit"], stdin: "quit\n").status == 0)
        #expect(FileManager.default.fileExists(atPath: "\(store)/Default.json"))
    }

    @Test func editOfAMissingProfileOnATerminalAsksAndNoKeepsNothing() throws {
        let editor = try terminal(["edit", "Nope"])
        try editor.waitFor(#"No profile named "Nope". Create it? [y/N] "#)
        editor.send("n\r")
        #expect(editor.waitForExit() == 66)
        #expect(editor.output.contains("profile new Nope"))
        #expect(!FileManager.default.fileExists(atPath: "\(store)/Nope.json"))
    }

    @Test func editOfAMissingProfileOnATerminalAsksAndYesCreatesIt() throws {
        let editor = try terminal(["edit", "Nope"])
        try editor.waitFor("Create it? [y/N] ")
        editor.send("y\r")
        try editor.waitFor("profile:Nope> ")
        #expect(FileManager.default.fileExists(atPath: "\(store)/Nope.json"))
        editor.send("quit\r")
        #expect(editor.waitForExit() == 0)
    }

    // MARK: make check's summary

    /// Runs Scripts/check over a stand-in for swift test that prints `output` and exits `status`.
    func check(output: String, status: Int32) throws -> (Harness.Result, log: String) {
        let log = "\(home)/build/check.log"
        let script = Harness.root.appendingPathComponent("Scripts/check")
        let printer = "\(home)/fake-test-output"
        try output.write(toFile: printer, atomically: true, encoding: .utf8)
        let result = try Harness.run(executable: script, [log, "/bin/sh", "-c", "cat \"$0\"; exit \(status)", printer],
                                     environment: ["PATH": Harness.systemPath, "LANG": "C.UTF-8"])
        return (result, log)
    }

    @Test func makeCheckSummarizesTheTestsAndKeepsTheirStatus() throws {
        let output = """
            Building for debugging...
            Executed 0 tests, with 0 failures (0 unexpected) in 0.000 (0.000) seconds
            ◇ Test run started.
            ✔ Test one() passed after 0.1 seconds.
            ✘ Test two() recorded an issue at A.swift:3:5: Expectation failed: (text → "a
            second line") == "b"
            ↳ // a comment
            ✘ Test two() failed after 0.2 seconds with 1 issue.
            ✔ Test three(_:) with 4 test cases passed after 0.3 seconds.
            ➜ Test four() skipped: "no groff"
            ✘ Test run with 4 tests in 1 suite failed after 0.6 seconds with 1 issue.

            """
        let (result, log) = try check(output: output, status: 1)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.last == "2 passed, 1 failed", "\(result.stdout)")
        #expect(result.stdout.contains(log))
        #expect(result.stdout.contains("A.swift:3:5: Expectation failed: (text → \"a\nsecond line\") == \"b\"\n↳ // a comment"), "\(result.stdout)")
        #expect(result.stdout.contains("1 skipped"))
        #expect(!result.stdout.contains("Executed 0 tests") && !result.stdout.contains("Test one()"))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == output)

        let passing = try check(output: "✔ Test one() passed after 0.1 seconds.\n✔ Test run with 1 test in 1 suite passed after 0.1 seconds.\n", status: 0).0
        #expect(passing.status == 0)
        #expect(passing.stdout.hasSuffix("\n1 passed, 0 failed\n"), "\(passing.stdout)")
    }

    @Test func makeCheckSaysWhenNoTestRan() throws {
        let (result, _) = try check(output: "Compiling…\n/x/A.swift:1:1: error: cannot find 'x' in scope\n", status: 1)
        #expect(result.status == 1)
        #expect(result.stdout.contains("A.swift:1:1: error: cannot find 'x' in scope"))
        #expect(result.stdout.contains("no test ran"))
        #expect(!result.stdout.contains("passed, "))
    }
}
