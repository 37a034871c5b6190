import Foundation
import Testing
import TestSupport

/// Issue 23's checks that wait in real time, half a minute each: a stop and a continue at `--speed 10`,
/// and strace over a piped run between bells. A suite of their own, so that they run beside the other
/// tests of `run` rather than after them.
@Suite("a sit timed in real time", .serialized)
struct SitTimingTests {
    let home: String
    let store: String

    init() throws {
        (home, store) = try Harness.makeStore(holding: ["Long Sit"])
    }

    /// A five-minute sit with a bell every minute: at `--speed 10`, bells at 0, 6, 12, 18 and 24 s and the
    /// end at 30 s.
    func minuteBells() throws -> String {
        let document = """
            {"version": 3, "duration": "05:00", "segments": [],
             "intervals": {"enabled": true, "every": "01:00", "bell": {"name": "Tingsha", "strikes": 1, "volume": 100}}}
            """
        try document.write(toFile: "\(store)/Minutes.json", atomically: true, encoding: .utf8)
        return "Minutes"
    }

    /// Issue 23's check: stopped with SIGSTOP 3 s after the start bell and continued at 16 s, the run hands the player one
    /// bell at 16 s (the two it missed, rung once), says it was late, and rings the end at 30 s as planned.
    @Test func aStoppedRunRingsWhatItMissedOnceAndKeepsItsEnd() throws {
        let name = try minuteBells()
        // A player that logs the wall clock's second each bell is handed to it; the silence played to
        // check the player before the sit is not a bell.
        let player = (bin: "\(home)/bin", log: "\(home)/bin/played.log")
        try FileManager.default.createDirectory(atPath: player.bin, withIntermediateDirectories: true)
        try "#!/bin/sh\ncase \"$1\" in *check-silence*) exit 0;; esac\ndate +%s.%N >> '\(player.log)'\n"
            .writeExecutable(to: "\(player.bin)/paplay")
        let (process, output) = try Harness.start(["run", name, "--speed", "10", "--no-log"], store: store, home: home,
                                                  extra: ["PATH": "\(player.bin):\(Harness.systemPath)"])
        // Times count from the start bell, handed as the sit starts: a debug build makes the bells' files
        // first, which takes a second or two on a busy machine, and the stop must fall inside the sit.
        let firstBell = Date().addingTimeInterval(20)
        while Date() < firstBell, process.isRunning, (try? String(contentsOfFile: player.log, encoding: .utf8))?.isEmpty ?? true {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let startLine = try String(contentsOfFile: player.log, encoding: .utf8).split(separator: "\n").first
        let started = Date(timeIntervalSince1970: try #require(startLine.flatMap { Double($0) }))
        Thread.sleep(until: started.addingTimeInterval(3))
        kill(process.processIdentifier, SIGSTOP)
        Thread.sleep(until: started.addingTimeInterval(16))
        kill(process.processIdentifier, SIGCONT)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        let handed = try String(contentsOfFile: player.log, encoding: .utf8).split(separator: "\n")
            .compactMap { Double($0) }.map { $0 - started.timeIntervalSince1970 }
        // The start bell, one bell for the two missed, the bells at 18 and 24 s, the end at 30 s.
        #expect(handed.count == 5, "bells handed at \(handed)")
        let missed = handed.filter { $0 > 1 && $0 < 17.5 }
        #expect(missed.count == 1 && missed.allSatisfy { $0 >= 15.9 }, "one bell on continuing, not two: \(handed)")
        // At 30 s, not 43 s (the 13 s stopped are not a pause); a player's shell starts slowly on a busy machine.
        #expect(handed.last.map { $0 > 29.9 && $0 < 32 } == true, "the end bell at 30 s: \(handed)")
        #expect(handed.filter { $0 > 17.5 && $0 < 29 }.count == 2, "later bells keep their times: \(handed)")
        let lateLines = text.split(separator: "\n").filter { $0.contains("  late ") }
        #expect(lateLines.count == 2, "both missed bells are said late, one rings: \(text)")
        #expect(text.contains("1 late"), "the summary counts the late bell: \(text)")
    }

    /// Issue 23: piped, a run between bells makes no periodic wake-ups: over 20 s of a sit whose next bell
    /// is minutes away, strace sees at most one waiting system call a second.
    @Test(.enabled(if: Harness.runs(needing: "strace")))
    func aPipedRunSleepsBetweenBells() throws {
        let trace = "\(home)/run.strace"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Harness.tool("strace") ?? "/usr/bin/strace")
        process.arguments = ["-f", "-e", "trace=poll,ppoll,select,pselect6,epoll_wait,epoll_pwait,nanosleep,clock_nanosleep",
                             "-o", trace, Harness.binary.path, "run", "Long Sit", "--silent", "--no-log"]
        process.environment = Harness.environment(store: store, home: home)
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        Thread.sleep(forTimeInterval: 20)
        // Ctrl-C to the run itself: strace, sent one, would let go of it and leave it running.
        let children = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/task/\(process.processIdentifier)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGINT) }
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            .filter { !$0.contains("---") && !$0.contains("+++") && !$0.contains("resumed>") }
        #expect(!calls.isEmpty, "strace saw the run wait")
        #expect(calls.count <= 20, "\(calls.count) waits in 20 s:\n\(calls.prefix(30).joined(separator: "\n"))")
    }
}
