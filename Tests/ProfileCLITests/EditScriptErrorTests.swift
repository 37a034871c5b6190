import Files
import Foundation
import Testing
import TestSupport
import ProfileKit

/// A piped `profile edit` keeps the editor's errors typed to the end: a line the editor refuses exits
/// 65, an I/O error 74 and a lock 75, each with the message the command line prints for the same error.
@Suite("Edit script errors", .serialized)
struct EditScriptErrorTests {
    /// Runs `profile arguments…` under strace, which makes `syscall` fail with `errno` (on `path` alone,
    /// when one is given).
    static func runFailing(_ syscall: String, errno: String, on path: String?, _ arguments: [String], stdin: String,
                           store: String, home: String) throws -> Harness.Result {
        let strace = try #require(ReliabilityTests.strace, "strace is missing; .ci/run installs it")
        let tracing = ["-f", "-o", "/dev/null"] + (path.map { ["-P", $0] } ?? [])
            + ["-e", "trace=\(syscall)", "-e", "inject=\(syscall):error=\(errno)", Harness.binary.path]
        return try Harness.run(executable: URL(fileURLWithPath: strace), tracing + arguments, stdin: stdin,
                               environment: Harness.environment(store: store, home: home))
    }

    @Test(.enabled(if: ReliabilityTests.canInject, "strace is not installed (apt-get install strace)"))
    func anIOErrorWhileTheScriptRunsExits74WithTheCommandLinesMessage() throws {
        let (home, store) = try Harness.makeStore(holding: ["Morning", "Long Sit"])
        defer { try? FileManager.default.removeItem(atPath: home) }
        let before = Harness.snapshot(store)
        let path = "\(store)/Long Sit.json"
        let edit = try Self.runFailing("openat", errno: "EIO", on: path, ["edit", "Morning"],
                                       stdin: "set duration 5\nopen Long Sit\n", store: store, home: home)
        let show = try Self.runFailing("openat", errno: "EIO", on: path, ["show", "Long Sit"], stdin: "", store: store, home: home)
        #expect(show.status == 74)
        #expect(edit.status == 74, "\(edit.stderr)")
        #expect(edit.stderr == show.stderr.replacingOccurrences(of: "profile: ", with: "profile: <stdin>:2: ") + Self.nothingSaved)
        #expect(edit.stderr.contains("open failed: EIO"))
        #expect(Harness.snapshot(store) == before, "a failed script writes nothing")
    }

    @Test(.enabled(if: ReliabilityTests.canInject, "strace is not installed (apt-get install strace)"))
    func aSaveThatFailsOnAnIOErrorExits74() throws {
        let (home, store) = try Harness.makeStore(holding: ["Morning", "Long Sit"])
        defer { try? FileManager.default.removeItem(atPath: home) }
        let before = try Data(contentsOf: URL(fileURLWithPath: "\(store)/Morning.json"))
        let edit = try Self.runFailing("rename", errno: "EIO", on: nil, ["edit", "Morning"],
                                       stdin: "set duration 5\n", store: store, home: home)
        #expect(edit.status == 74, "\(edit.stderr)")
        #expect(edit.stderr.hasSuffix("Morning.json: rename failed: EIO (Input/output error)\n" + Self.nothingSaved), "\(edit.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(store)/Morning.json")) == before)
    }

    @Test func aLockedProfileExits75AndABadValue65() throws {
        let (home, store) = try Harness.makeStore(holding: ["Morning", "Long Sit"])
        defer { try? FileManager.default.removeItem(atPath: home) }
        // Held by pid 1 as it runs now (its start time and this boot are in the lock).
        try FileLock.record(for: 1).write(toFile: "\(store)/Morning.json.lock", atomically: true, encoding: .utf8)
        let locked = try Harness.run(["edit", "Morning"], stdin: "set duration 5\n", store: store, home: home,
                                     environment: ["PROFILE_LOCK_TIMEOUT": "0"])
        let cli = try Harness.run(["set", "Morning", "duration", "5"], store: store, home: home,
                                  environment: ["PROFILE_LOCK_TIMEOUT": "0"])
        #expect(cli.status == 75)
        #expect(locked.status == 75, "\(locked.stderr)")
        #expect(locked.stderr == cli.stderr + Self.nothingSaved, "the commit's error reads as the command line's")

        try FileManager.default.removeItem(atPath: "\(store)/Morning.json.lock")
        let bad = try Harness.run(["edit", "Morning"], stdin: "set duration 25h\n", store: store, home: home)
        let badCLI = try Harness.run(["set", "Morning", "duration", "25h"], store: store, home: home)
        #expect(badCLI.status == 64, "a bad value on the command line is a usage error")
        #expect(bad.status == 65, "in a script it is a data error: the script is the data")
        #expect(bad.stderr == badCLI.stderr.replacingOccurrences(of: "profile: ", with: "profile: <stdin>:1: ") + Self.nothingSaved)
    }

    /// A failed script's last word (issue 40).
    static let nothingSaved = "profile: nothing was saved\n"

    /// Issue 40, item 5: nothing looks saved that is not. A script that fails prints what ran before it,
    /// then the failing line, then `nothing was saved`; one that saves ends by saying what it saved.
    @Test func aFailedScriptSaysNothingWasSavedAndASavedOneWhat() throws {
        let (home, store) = try Harness.makeStore(holding: ["Morning", "Long Sit"])
        defer { try? FileManager.default.removeItem(atPath: home) }
        let before = Harness.snapshot(store)
        let failed = try Harness.run(["edit", "Morning"], stdin: "set duration 25m\nset duration banana\n", store: store, home: home)
        #expect(failed.status == 65)
        #expect(failed.stdout.contains("25:00"), "what ran before the failure is shown")
        #expect(failed.stderr.hasPrefix("profile: <stdin>:2: invalid duration \"banana\""), "\(failed.stderr)")
        #expect(failed.stderr.hasSuffix("\n" + Self.nothingSaved), "\(failed.stderr)")
        #expect(!failed.stdout.contains("saved"))
        #expect(Harness.snapshot(store) == before)

        let saved = try Harness.run(["edit", "Morning"], stdin: "set duration 25m\nopen Long Sit\nset duration 50m\n", store: store, home: home)
        #expect(saved.status == 0 && saved.stderr.isEmpty, "\(saved.stderr)")
        #expect(saved.stdout.hasSuffix("\nsaved \"Morning\" and \"Long Sit\"\n"), "\(saved.stdout)")
        let created = try Harness.run(["edit"], stdin: "set duration 15m\n", store: store, home: home)
        #expect(created.stdout.hasSuffix("\ncreated the profile \"Default\"\n"), "\(created.stdout)")
        let looked = try Harness.run(["edit", "Morning"], stdin: "show\n", store: store, home: home)
        #expect(looked.status == 0 && !looked.stdout.contains("saved"), "a script that changed nothing says nothing of saving")
    }
}
