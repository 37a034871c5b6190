import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 46, items 4 and 5, end to end: a `PROFILE_SINK` that never reads, one that leaves a child
/// behind, and one that cannot be run. Every run has a deadline that fails the test; the PATH holds no
/// player, so what follows a failed sink is the same on every machine. The stream plays at speed 1 only
/// (issue 47: `PROFILE_SINK` names its program, it does not choose it at other speeds), so these sits
/// are short ones at speed 1.
@Suite("a stream's sink that fails", .serialized)
struct SinkFailureTests {
    let home: String
    var store: String { "\(home)/store" }
    /// A folder on PATH with no player in it.
    var bin: String { "\(home)/bin" }

    init() throws {
        home = try Harness.makeStore().home
        try FileManager.default.createDirectory(atPath: "\(home)/bin", withIntermediateDirectories: true)
    }

    /// Runs `profile arguments…` with `PROFILE_SINK` set to `sink`, and fails the test (killing the run)
    /// when it has not ended within `deadline` seconds; its output and errors together, its status and
    /// how long it took.
    func run(sink: String, _ arguments: [String], deadline: Double = 20,
             extra: [String: String] = [:]) throws -> (output: String, status: Int32?, seconds: Double) {
        let started = Date()
        let (process, pipe) = try Harness.start(arguments, store: store, home: home,
                                                extra: ["PROFILE_SINK": sink, "PATH": bin].merging(extra) { $1 })
        let output = Output()
        let reader = Thread { output.take(pipe.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        while process.isRunning, Date().timeIntervalSince(started) < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let ended = !process.isRunning
        if !ended { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        let until = Date().addingTimeInterval(5)
        while !output.done, Date() < until { Thread.sleep(forTimeInterval: 0.01) }
        #expect(ended, "the run did not end within \(deadline) s: \(output.text)")
        return (output.text, ended ? process.terminationStatus : nil, seconds)
    }

    /// What the run wrote, from the reading thread.
    final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private var finished = false
        func take(_ bytes: Data) { lock.lock(); data = bytes; finished = true; lock.unlock() }
        var done: Bool { lock.lock(); defer { lock.unlock() }; return finished }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
    }

    /// The `note` lines of a run's log.
    static func notes(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            line.range(of: "  note  ").map { String(line[$0.upperBound...]) }
        }
    }

    /// The pid a script wrote to `file`, once it has.
    static func pid(in file: String) throws -> pid_t {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), "no pid in \(file)")
    }

    /// A sink that never reads: said once, 2 s in; its bells did not sound (none of the two counted, in
    /// the summary and the journal: no player is on PATH to ring them again); the run ends by itself
    /// within seconds of its end, and the sink's process is gone. A minute long, the shortest sit a run
    /// logs.
    @Test func aSinkThatNeverReadsFailsAndTheRunEndsByItself() throws {
        let sink = "\(home)/never-reads"
        let pids = "\(home)/never-reads.pid"
        try "#!/bin/sh\necho $$ > '\(pids)'\nexec /bin/sleep 1000\n".writeExecutable(to: sink)
        let journal = "\(home)/never.jsonl"
        let result = try run(sink: sink, ["run", "1m", "--log", "--no-inhibit"], deadline: 80, extra: ["PROFILE_JOURNAL": journal])
        #expect(result.status == 0, "\(result.output)")
        // A 60 s sit, the 2 s the sink is given, the settling: well under 70 s.
        #expect(result.seconds < 70, "took \(result.seconds) s")
        // Said once (with what the bells' players then found, when a bell came with it).
        let said = Self.notes(result.output).filter { $0.contains("never-reads") }
        #expect(said.count == 1 && said.first?.hasPrefix("never-reads took no sound for 2 s and was stopped; the bells' players ring the bells from now on") == true,
                "\(result.output)")
        #expect(result.output.contains("Session complete: 01:00, 0 of 2 bells rang"), "\(result.output)")
        let record = try #require(try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").first)
        #expect(record.contains("\"bells\":0"), "\(record)")
        #expect(RunTests.isGone(try Self.pid(in: pids)), "the sink still runs")
    }

    /// A wrapper that starts a child and then `exec`s a reader that exits part way: once the run is done
    /// with the sink, the child (in the sink's process group) is gone too, though its leader was reaped
    /// long before.
    @Test func aWrapperSinkLeavesNothingRunning() throws {
        let sink = "\(home)/wrapper"
        let pids = "\(home)/wrapper.pid"
        try "#!/bin/sh\n/bin/sleep 300 &\necho $! > '\(pids)'\nexec /usr/bin/head -c 100000 >/dev/null\n".writeExecutable(to: sink)
        let result = try run(sink: sink, ["run", "2s", "--no-log", "--no-inhibit"])
        #expect(result.status == 0, "\(result.output)")
        #expect(Self.notes(result.output).contains("wrapper stopped; the bells' players ring the bells from now on"), "\(result.output)")
        #expect(RunTests.isGone(try Self.pid(in: pids)), "the wrapper's sleep survived the run")
    }

    /// A `PROFILE_SINK` that cannot be run is said once, under the header, as `PROFILE_PLAYER`'s is.
    @Test(arguments: ["missing", "folder", "not a program"])
    func aSinkThatCannotBeRunIsSaidOnce(_ kind: String) throws {
        let (sink, said): (String, String) = switch kind {
        case "missing": ("no-such-sink", "PROFILE_SINK names \"no-such-sink\", which is not an executable on PATH")
        case "folder": (home, "PROFILE_SINK names \"\(home)\", which is not an executable on PATH")
        default: ("\(home)/plain", "plain could not be started (ENOEXEC)")
        }
        if kind == "not a program" { try "just words\n".writeExecutable(to: sink) }
        let result = try run(sink: sink, ["run", "1s", "--no-log", "--no-inhibit"])
        #expect(result.status == 0, "\(result.output)")
        let notes = Self.notes(result.output)
        #expect(notes.filter { $0.contains(said) } == ["\(said); the bells' players ring the bells"], "\(result.output)")
        #expect(notes.first == "\(said); the bells' players ring the bells", "said first, under the header")
    }
}
