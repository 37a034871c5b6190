import Foundation
import Testing
import TestSupport

/// Every command in the README's `console` blocks runs, in order, in one fresh store, and prints what
/// the README shows. `profile edit NAME` followed by `profile:NAME>` lines runs on a pseudo-terminal,
/// typing each line at its prompt.
@Suite("README examples")
struct ReadmeTests {
    struct Example {
        var command: String
        var expected: String
    }

    static func examples() throws -> [Example] {
        let readme = try String(contentsOf: Harness.root.appendingPathComponent("README.md"), encoding: .utf8)
        var examples: [Example] = []
        var inBlock = false
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inBlock = line == "```console"
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ ") {
                examples.append(Example(command: String(line.dropFirst(2)), expected: ""))
            } else if !examples.isEmpty {
                examples[examples.count - 1].expected += line + "\n"
            }
        }
        return examples
    }

    @Test func everyExampleGivesTheOutputShown() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 10)
        let home = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let store = "\(home)/store"
        let binaryFolder = Harness.binary.deletingLastPathComponent().path
        let environment = Harness.environment(store: store, home: home, extra: ["PATH": "\(binaryFolder):\(Harness.systemPath)"])
        var lastStatus: Int32 = 0
        for example in examples {
            let output: String
            if example.command == "echo $?" {
                output = "\(lastStatus)\n"
            } else if example.command.hasPrefix("profile edit "), example.expected.contains("\nprofile:") {
                output = try runOnTerminal(example, environment: environment)
            } else if Self.confirmsOnATerminal(example.command) {
                (output, lastStatus) = try runInShellOnTerminal(example.command, environment: environment)
            } else {
                (output, lastStatus) = try runInShell(example.command, environment: environment)
            }
            #expect(output == example.expected, "README: $ \(example.command)")
        }
    }

    /// Runs a command line in bash, with stderr folded into stdout as a terminal would show them.
    func runInShell(_ command: String, environment: [String: String]) throws -> (String, Int32) {
        Harness.ignoreBrokenPipes
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    /// Whether `command` is one that says what it changed on a terminal and nothing to a pipe (`profile
    /// new Morning`): the README shows what a reader sees, so it runs on a pseudo-terminal.
    static func confirmsOnATerminal(_ command: String) -> Bool {
        let words = command.split(separator: " ")
        return words.first == "profile" && words.count > 1 && ["new", "copy", "rename", "delete", "import"].contains(words[1])
            && !command.contains("|") && !command.contains(">")
    }

    /// Runs a command line in bash on a pseudo-terminal, its output as the terminal shows it.
    func runInShellOnTerminal(_ command: String, environment: [String: String]) throws -> (String, Int32) {
        let shell = try PseudoTerminal(arguments: ["/bin/bash", "-c", command], environment: environment)
        let status = shell.waitForExit() ?? -1
        return (shell.output, status)
    }

    /// Starts the editor on a pseudo-terminal and types each prompted line of the example.
    func runOnTerminal(_ example: Example, environment: [String: String]) throws -> String {
        let words = example.command.split(separator: " ").map(String.init)
        let editor = try PseudoTerminal(arguments: [Harness.binary.path] + words.dropFirst(), environment: environment)
        let prompt = "profile:\(words.last ?? "")> "
        let typed = example.expected.components(separatedBy: "\n").filter { $0.hasPrefix(prompt) }.map { String($0.dropFirst(prompt.count)) }
        try editor.waitFor(prompt)
        for line in typed {
            let mark = editor.checkpoint()
            editor.send(line + "\r")
            if line == "quit" { break }
            try editor.waitFor("\n" + prompt, since: mark)
        }
        _ = editor.waitForExit()
        return editor.output
    }
}
