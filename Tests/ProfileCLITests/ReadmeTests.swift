import Foundation
import Testing
import TestSupport
import ProfileKit
@testable import Sitting

/// Every command in the `console` blocks of the README and of each page of `docs/` runs, in order, in
/// one fresh store a page, and prints what the page shows. `profile edit NAME` followed by
/// `profile:NAME>` lines runs on a pseudo-terminal, typing each line at its prompt.
@Suite("README examples")
struct ReadmeTests {
    struct Example {
        var command: String
        var expected: String
        /// Where its `$` line is in the README (from 0).
        var line = 0
    }

    /// The pages whose examples run: the README, then each page of `docs/` (issue 50: what is not for
    /// the person who sits moved there, and is checked as it was).
    static func documents() -> [String] {
        let folder = Harness.root.appendingPathComponent("docs").path
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        return ["README.md"] + pages.map { "docs/\($0)" }
    }

    static func examples(in document: String = "README.md") throws -> [Example] {
        let readme = try String(contentsOf: Harness.root.appendingPathComponent(document), encoding: .utf8)
        var examples: [Example] = []
        var inBlock = false
        for (number, line) in readme.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                inBlock = line == "```console"
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ ") {
                examples.append(Example(command: String(line.dropFirst(2)), expected: "", line: number))
            } else if !examples.isEmpty {
                examples[examples.count - 1].expected += line + "\n"
            }
        }
        return examples
    }

    /// A capture of the run screen in a ```text block: `$ profile run …  # COLUMNS × ROWS`, the header and
    /// events the run printed, a blank line, and the frame, as tmux's pane shows it.
    struct RunCapture {
        var command: String
        var columns: Int
        var rows: Int
        var lines: [String]
        /// Where its `$` line is in the README (from 0).
        var line: Int
    }

    static func runCaptures(in document: String) throws -> [RunCapture] {
        let readme = try String(contentsOf: Harness.root.appendingPathComponent(document), encoding: .utf8)
        var captures: [RunCapture] = []
        var inBlock = false
        var inCapture = false
        for (number, line) in readme.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                inBlock = line == "```text"
                inCapture = false
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ profile run "), let mark = line.range(of: "  # ") {
                let size = line[mark.upperBound...].split(separator: " ")
                let command = line[line.index(line.startIndex, offsetBy: 2)..<mark.lowerBound].trimmingCharacters(in: .whitespaces)
                captures.append(RunCapture(command: command, columns: Int(size.first ?? "") ?? 0, rows: Int(size.last ?? "") ?? 0,
                                           lines: [], line: number))
                inCapture = true
            } else if inCapture {
                captures[captures.count - 1].lines.append(line)
            }
        }
        return captures
    }

    /// The captures of the run screen (in the README or `docs/`) are what the program draws: the header
    /// and the events above the frame are what the run printed, on a pseudo-terminal of the capture's
    /// size, and the frame is the one the run draws at that size at some second of the session (found by
    /// trying each).
    @Test func theRunScreenCapturesAreWhatTheRunDraws() throws {
        let documents = Self.documents()
        #expect(try documents.map { try Self.runCaptures(in: $0).count }.reduce(0, +) == 4)
        for document in documents where try !Self.runCaptures(in: document).isEmpty {
            try expectCapturesAreDrawn(in: document)
        }
    }

    /// Runs `document`'s examples in a fresh store up to each of its captures, then checks the capture.
    func expectCapturesAreDrawn(in document: String) throws {
        let captures = try Self.runCaptures(in: document)
        let (home, store, environment) = try Self.freshStore()
        defer { try? FileManager.default.removeItem(atPath: home) }
        // The examples above each capture run first: the store is the reader's at that point.
        var examples = try Self.examples(in: document)[...]
        for capture in captures {
            var lastStatus: Int32 = 0
            while let example = examples.first, example.line < capture.line {
                examples.removeFirst()
                let output = try run(example, environment: environment, lastStatus: &lastStatus)
                #expect(output == example.expected, "\(document): $ \(example.command)")
            }
            let blank = try #require(capture.lines.firstIndex(of: ""), "a blank line under the events: \(capture.command)")
            let header = Array(capture.lines[..<blank])
            // The frame begins with a blank row of its own, under the events.
            var frame = Array(capture.lines[blank...])
            while frame.last == "" { frame.removeLast() }
            // The header and events, as the run prints them (sped up, so that the test does not wait).
            var words = capture.command.split(separator: " ").map(String.init)
            if let speed = words.firstIndex(of: "--speed") { words[speed + 1] = "10000" }
            var terminal = environment
            terminal["TERM"] = "tmux-256color"
            let run = try PseudoTerminal(arguments: [Harness.binary.path] + words.dropFirst(), environment: terminal,
                                         columns: UInt16(capture.columns), rows: UInt16(capture.rows))
            #expect(run.waitForExit() == 0, "\(capture.command)")
            // A line longer than the terminal is wide goes on on the next row, as the pane shows it.
            let printed = Self.plainLines(run.output).flatMap { line in
                stride(from: 0, to: max(line.count, 1), by: capture.columns).map {
                    String(line.dropFirst($0).prefix(capture.columns))
                }
            }
            // In order, with the frame's rows between them (an event is written above the frame, which is
            // then drawn again); a small pane shows only the last of them.
            var shown = header[...]
            for line in printed where shown.first.map({ line.hasSuffix($0) }) == true { shown.removeFirst() }
            #expect(shown.isEmpty, "\(document): \(capture.command) printed no \(shown.first ?? ""); it printed \(printed.prefix(4))")
            #expect(header.count + frame.count <= capture.rows, "\(document): \(capture.command) shows more rows than its pane")
            // The frame at the capture's size, at the second of the session it shows.
            let name = words[2]
            let profile = try FileProfileStore(directory: store).load(name).profile
            let timeline = Timeline(profile: profile, open: words.contains("--open"))
            // At every volume the keys give (0 dB, 3 dB steps to −30 dB, silence; muted or not).
            // (Only a frame that shows a volume is looked for at another.)
            let showsVolume = frame.contains { $0.contains(" dB · ") || $0.contains("muted · ") }
            let volumes: [Double?] = showsVolume ? stride(from: 0.0, through: -30, by: -3).map { $0 } + [nil] : [0]
            let states = (0...(timeline.isOpen ? 7200 : timeline.events.last?.offset ?? 0)).flatMap { second in
                volumes.flatMap { volume in (showsVolume ? [false, true] : [false]).map { muted in (second, volume, muted) } }
            }
            let drawn = states.lazy.map { second, volume, muted in
                var state = RunState(name: name, timeline: timeline, elapsed: Double(second), sound: "silent")
                state.volume = volume
                state.isMuted = muted
                return RunFrame(state, width: capture.columns, height: capture.rows, keys: true).lines
                    .map { $0.text.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
            }
            #expect(drawn.contains(frame), "\(document): the frame of \(capture.command) at \(capture.columns) × \(capture.rows) is none the run draws")
        }
    }

    /// Output as a terminal shows it line by line, without its control sequences (the frame's drawing).
    static func plainLines(_ output: String) -> [String] {
        let plain = output.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]|\u{1B}\\][^\u{07}\u{1B}]*(\u{07}|\u{1B}\\\\)", with: "", options: .regularExpression)
        // A carriage return alone starts the line again, as the display does before it writes an event.
        return plain.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: CharacterSet(charactersIn: "\r\n"))
    }

    /// An empty store in a fresh home, and the environment that runs the built binary on it.
    static func freshStore() throws -> (home: String, store: String, environment: [String: String]) {
        let home = try makeTemporaryDirectory()
        let store = "\(home)/store"
        let binaryFolder = Harness.binary.deletingLastPathComponent().path
        let environment = Harness.environment(store: store, home: home, extra: ["PATH": "\(binaryFolder):\(Harness.systemPath)"])
        return (home, store, environment)
    }

    @Test(arguments: documents())
    func everyExampleGivesTheOutputShown(_ document: String) throws {
        let examples = try Self.examples(in: document)
        // The pages whose examples run, each with at least what it has now: a `console` fence written
        // another way would otherwise leave its examples unchecked, with nothing failing.
        let least = ["README.md": 10, "docs/running.md": 3, "docs/sound.md": 1]
        #expect(examples.count >= least[document, default: 0], "\(document): \(examples.count) examples")
        let (home, _, environment) = try Self.freshStore()
        defer { try? FileManager.default.removeItem(atPath: home) }
        var lastStatus: Int32 = 0
        for example in examples {
            let output = try run(example, environment: environment, lastStatus: &lastStatus)
            #expect(output == example.expected, "\(document): $ \(example.command)")
        }
    }

    /// profile(1)'s EXAMPLES: each command runs, in order, in one fresh store, and every line the page
    /// shows under it is a line it prints (`...` standing for what the page leaves out). A run at
    /// speed 1, the editor at its prompt and `source` are left out: they show nothing, and a run would
    /// take the session's length.
    @Test func theManualsExamplesPrintWhatTheyShow() throws {
        let page = try String(contentsOf: ManPageTests.page1, encoding: .utf8)
        let section = try #require(page.components(separatedBy: ".Sh EXAMPLES\n").dropFirst().first?.components(separatedBy: "\n.Sh ").first)
        var examples: [Example] = []
        var inBlock = false
        for line in section.components(separatedBy: "\n") {
            if line.hasPrefix(".Bd -literal") { inBlock = true; continue }
            if line == ".Ed" { inBlock = false; continue }
            guard inBlock else { continue }
            let text = line.replacingOccurrences(of: "\\e", with: "\\")
            if text.hasPrefix("$ ") {
                examples.append(Example(command: String(text.dropFirst(2)), expected: ""))
            } else if let last = examples.indices.last, !examples[last].expected.contains("profile:") {
                examples[last].expected += text + "\n"
            }
        }
        #expect(examples.count >= 10)
        #expect(examples.filter { !$0.expected.isEmpty }.count >= 4)
        let (home, _, environment) = try Self.freshStore()
        defer { try? FileManager.default.removeItem(atPath: home) }
        var lastStatus: Int32 = 0
        for example in examples {
            let words = example.command.split(separator: " ")
            if words.first == "source" || (words.starts(with: ["profile", "run"]) && !words.contains("--speed"))
                || example.expected.hasPrefix("profile:") { continue }
            let printed = try run(example, environment: environment, lastStatus: &lastStatus).components(separatedBy: "\n")
            for shown in example.expected.split(separator: "\n") {
                // `...` stands for what the page leaves out.
                let pattern = shown.components(separatedBy: "...").map(NSRegularExpression.escapedPattern(for:)).joined(separator: ".*")
                #expect(printed.contains { $0.range(of: "^\(pattern)$", options: .regularExpression) != nil },
                        "profile(1) EXAMPLES: $ \(example.command) printed no \(shown): \(printed)")
            }
        }
    }

    /// Runs an example as a reader would (the editor's typed lines at its prompts, a command that confirms
    /// on a terminal on one), and gives what it printed; `echo $?` prints `lastStatus`, which each
    /// command sets.
    func run(_ example: Example, environment: [String: String], lastStatus: inout Int32) throws -> String {
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
        return output
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

