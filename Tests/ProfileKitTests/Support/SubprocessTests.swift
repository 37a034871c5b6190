#if canImport(Glibc)
import Glibc
#endif
import Files
import Foundation
import Testing
import TestSupport

/// Issue 46, item 5: a program the process started runs in a group of its own, and ending it ends the
/// whole group, also once the leader has exited and been reaped.
@Suite("Subprocess: the whole group ends", .serialized)
struct SubprocessTests {
    static func isGone(_ pid: pid_t) -> Bool { Harness.processIsGone(pid) }

    /// Runs `script` under /bin/sh as a Subprocess; the pid of the `sleep` it leaves behind.
    static func start(_ script: String, in folder: String) throws -> (Subprocess, pid_t) {
        let file = "\(folder)/child.pid"
        let process = try Subprocess("/bin/sh", arguments: ["-c", "\(script)"])
        let deadline = Date().addingTimeInterval(10)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            if text.hasSuffix("\n") { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return (process, try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))))
    }

    /// A wrapper that starts a `sleep 300` and exits at once: the leader is reaped, and ending the group
    /// still ends the sleep.
    @Test func aChildLeftByAReapedLeaderIsEnded() throws {
        let folder = try makeTemporaryDirectory()
        let (process, sleeper) = try Self.start("/bin/sleep 300 & echo $! > '\(folder)/child.pid'; exit 0", in: folder)
        #expect(process.wait(upTo: 10), "the wrapper did not exit")
        #expect(process.status == 0)
        #expect(getpgid(sleeper) == process.pid, "the sleep is in the wrapper's group")
        #expect(kill(sleeper, 0) == 0, "the sleep runs after its leader was reaped")
        let started = Date()
        process.end(within: 0)
        #expect(Date().timeIntervalSince(started) < Subprocess.terminateGrace + 0.5)
        #expect(Self.isGone(sleeper), "the sleep survived")
    }

    /// A leader that runs on (and ignores SIGTERM) is killed with its group within the stated bound.
    @Test func aLeaderThatIgnoresTermIsKilledWithItsGroup() throws {
        let folder = try makeTemporaryDirectory()
        let (process, sleeper) = try Self.start("trap '' TERM; /bin/sleep 300 & echo $! > '\(folder)/child.pid'; while :; do /bin/sleep 1; done",
                                                 in: folder)
        let started = Date()
        process.end(within: 0.2)
        let took = Date().timeIntervalSince(started)
        #expect(took < 0.2 + Subprocess.terminateGrace + 0.5, "\(took) s")
        #expect(process.status.map { $0 & 0x7f } == SIGKILL)
        #expect(Self.isGone(sleeper))
    }

    /// Issue 47, item 3: a wrapper that waits for what it started (`sleep 300 & wait`) never ends by
    /// itself: once the deadline has passed, it and its child are ended together, within the bound.
    @Test func aWaitingWrapperAndItsChildAreEndedAtTheDeadline() throws {
        let folder = try makeTemporaryDirectory()
        let (process, sleeper) = try Self.start("/bin/sleep 300 & echo $! > '\(folder)/child.pid'; wait", in: folder)
        let started = Date()
        let ended = process.end(within: 0.3)
        let took = Date().timeIntervalSince(started)
        #expect(!ended, "the wrapper cannot have ended by itself")
        #expect(took >= 0.3 && took < 0.3 + Subprocess.terminateGrace + 0.5, "\(took) s")
        #expect(process.status.map { $0 & 0x7f } == SIGTERM, "the wrapper was ended by the group's SIGTERM")
        #expect(Self.isGone(sleeper), "the wrapper's child outlived it")
    }

    /// The child's streams as chosen: a pipe in and a pipe out (its errors on the same pipe), read here.
    @Test func pipesInAndOut() throws {
        let process = try Subprocess("/bin/sh", arguments: ["-c", "read line; echo \"got $line\"; echo oops >&2"],
                                     input: .pipe, output: .pipe, errors: .pipe)
        defer { close(process.output) }
        #expect(process.input >= 0 && process.output >= 0)
        let line = Array("hello\n".utf8)
        #expect(write(process.input, line, line.count) == line.count)
        close(process.input)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            let count = read(process.output, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            output += chunk[0..<count]
        }
        #expect(process.end(within: 10), "the shell ended by itself")
        #expect(process.status == 0)
        #expect(String(decoding: output, as: UTF8.self) == "got hello\noops\n")
    }

    /// A program that cannot be started says why.
    @Test func aProgramThatCannotStartSaysWhy() throws {
        let folder = try makeTemporaryDirectory()
        #expect(throws: Subprocess.Failure(errno: ENOENT)) { try Subprocess("\(folder)/nothing", arguments: []) }
        #expect(throws: Subprocess.Failure(errno: EACCES)) { try Subprocess(folder, arguments: []) }
        #expect(Subprocess.Failure(errno: ENOEXEC).name == "ENOEXEC")
    }
}
