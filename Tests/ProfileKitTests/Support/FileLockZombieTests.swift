#if canImport(Glibc)
import Glibc
#endif
import Files
import Foundation
import Testing
import TestSupport

/// Issue 37, item 6: a lock whose owner has exited but is not yet reaped (a zombie) is free.
@Suite("File lock: a zombie owner")
struct FileLockZombieTests {
    final class Notices: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [String] = []
        func add(_ message: String) { lock.lock(); messages.append(message); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return messages }
    }

    /// A child forked, exited at once and not reaped: a zombie until `waitpid`. The caller reaps it.
    static func zombie() throws -> pid_t {
        let pid = fork()
        if pid == 0 { _exit(0) }
        try #require(pid > 0, "fork failed: errno \(errno)")
        // Waits for the child to exit without reaping it (WNOWAIT): it stays a zombie.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
            try #require(errno == EINTR, "waitid failed: errno \(errno)")
        }
        return pid
    }

    @Test func aLockOfAZombieIsBroken() throws {
        let pid = try Self.zombie()
        defer { var status: Int32 = 0; waitpid(pid, &status, 0) }
        #expect(POSIX.processExists(pid), "a zombie's pid is still taken (kill 0 succeeds)")
        #expect(POSIX.processState(pid) == UInt8(ascii: "Z"))
        let folder = try makeTemporaryDirectory()
        let lockPath = "\(folder)/journal.jsonl.lock"
        // Its own full record: the host, its start time and this boot, so only its state tells it dead.
        let record = FileLock.record(for: pid)
        #expect(record.split(separator: " ").count == 4, "\(record)")
        try record.write(toFile: lockPath, atomically: false, encoding: .utf8)
        let notices = Notices()
        let lock = FileLock(timeout: 0.3, notice: { notices.add($0) })
        try lock.acquire(lockPath)
        #expect(notices.all == ["\(lockPath): broke a stale lock left by pid \(pid), which has exited (a zombie its parent has not reaped yet)"])
        #expect(try String(contentsOfFile: lockPath, encoding: .utf8) == FileLock.record(for: getpid()), "the lock is ours now")
        unlink(lockPath)
    }

    /// A live process's lock still holds (the check does not take every process for a zombie).
    @Test func aLockOfALiveProcessHolds() throws {
        let folder = try makeTemporaryDirectory()
        let lockPath = "\(folder)/journal.jsonl.lock"
        try FileLock.record(for: getpid()).write(toFile: lockPath, atomically: false, encoding: .utf8)
        #expect(POSIX.processState(getpid()).map { $0 != UInt8(ascii: "Z") } == true)
        #expect(throws: FileError.self) { try FileLock(timeout: 0.1).acquire(lockPath) }
    }
}
