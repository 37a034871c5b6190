#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TextSupport

/// The lock file every writer of this program takes before it changes a file: `<file>.lock` beside the
/// real file, created with `O_CREAT|O_EXCL`, holding its owner (`<pid> <host> <start time> <boot id>`),
/// waited for up to a timeout, and broken with a notice when the process that left it is gone.
///
/// Readers never lock: every change is an atomic replace (``AtomicFile``) or an append of whole lines,
/// so a reader sees the old file or the new. (A POSIX `fcntl` lock would be dropped when any descriptor
/// of the file closes, and `flock` on a file later replaced by a rename protects nothing: FIELD-NOTES.)
package struct FileLock: Sendable {
    /// How long to wait for a lock another live process holds, in seconds.
    package var timeout: Double
    /// Told each stale lock broken, as a line to print.
    package var notice: @Sendable (String) -> Void

    package init(timeout: Double, notice: @escaping @Sendable (String) -> Void = { _ in }) {
        self.timeout = timeout
        self.notice = notice
    }

    /// Runs `body` holding the lock of the file at `path` (`<path>.lock`, beside the file the path
    /// names once its links are resolved); errors of the lock become the caller's through `failure`.
    package func withLock<T, E: Error>(on path: String, failure: (FileError) -> E,
                                       _ body: () throws(E) -> T) throws(E) -> T {
        let lockPath = (POSIX.realPath(path) ?? path) + ".lock"
        do throws(FileError) {
            try acquire(lockPath)
        } catch {
            throw failure(error)
        }
        defer { unlink(lockPath) }
        return try body()
    }

    /// Runs `body` holding the lock of the file at `path`, the lock's errors carried in `body`'s own
    /// error type.
    package func withLock<T, E: FileFailure>(on path: String, _ body: () throws(E) -> T) throws(E) -> T {
        try withLock(on: path, failure: E.init, body)
    }

    /// Takes an exclusive `flock` on the file open as `fd` itself (at `path`, for the error), waiting up
    /// to ``timeout``: the lock of the file, whatever name reached it (a hard link, a bind mount), which
    /// `<file>.lock` beside one name cannot be. It goes with the descriptor's last close, so a killed
    /// holder leaves none. The caller checks that its path still names the file once it holds it (a
    /// rename may have put another file there meanwhile).
    ///
    /// - Throws: ``FileError/busy(path:)`` after the timeout; ``FileError/io(path:operation:errno:)``.
    package func lockFile(_ fd: Int32, path: String) throws(FileError) {
        let deadline = POSIX.monotonicNow() + timeout
        var delay = 0.001
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            switch errno {
            case EINTR: continue
            case EWOULDBLOCK:
                guard POSIX.monotonicNow() < deadline else { throw .busy(path: path) }
                POSIX.sleep(seconds: delay)
                delay = min(delay * 2, 0.05)
            default: throw POSIX.failure(path, "lock")
            }
        }
    }

    /// What one try for the `flock` of a file found.
    package enum Attempt: Equatable, Sendable {
        /// The lock is this descriptor's now.
        case taken
        /// Another descriptor holds it (EWOULDBLOCK): a live run holds its record so.
        case held
        /// `flock` failed otherwise, with this errno.
        case failed(Int32)
    }

    /// Tries once, without waiting, for the `flock` of the file open as `fd` (exclusive, or `shared`),
    /// retried on EINTR: the lock of a record of a sit in progress, which its run holds while it lives
    /// and goes with the descriptor's last close. ``lockFile(_:path:)`` waits for it instead.
    package static func tryLock(_ fd: Int32, shared: Bool = false) -> Attempt {
        while flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0 {
            switch errno {
            case EINTR: continue
            case EWOULDBLOCK: return .held
            case let code: return .failed(code)
            }
        }
        return .taken
    }

    /// Whether a process's program name is this program's (`profile`, or a renamed copy such as
    /// `profile-1.2`).
    package static func isProfileProgram(_ name: String) -> Bool { name.hasPrefix("profile") }

    /// What a lock file holds: `<pid> <host> <start time> <boot id>`; the last two, where the system
    /// gives them, tell this process from a later one given the same pid.
    package static func record(for pid: Int32) -> String {
        var fields = ["\(pid)", POSIX.hostName]
        if let started = POSIX.processStartTime(pid), let boot = POSIX.bootID { fields += ["\(started)", boot] }
        return fields.joined(separator: " ") + "\n"
    }

    /// Takes the lock file `lockPath`, waiting up to ``timeout`` for a live owner and breaking a stale
    /// one; the caller unlinks it when done.
    package func acquire(_ lockPath: String) throws(FileError) {
        let deadline = POSIX.monotonicNow() + timeout
        var delay = 0.001
        let owner = Array(Self.record(for: getpid()).utf8)
        while true {
            let fd = POSIX.openFile(lockPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            if fd >= 0 {
                defer { close(fd) }
                do throws(FileError) {
                    try POSIX.writeAll(fd, owner, path: lockPath)
                } catch {
                    unlink(lockPath)
                    throw error
                }
                return
            }
            guard errno == EEXIST else {
                if errno == EINTR { continue }
                throw POSIX.failure(lockPath, "create lock")
            }
            switch try inspect(lockPath) {
            case .gone, .broken:
                continue
            case let .held(pid, host):
                guard POSIX.monotonicNow() < deadline else { throw .locked(path: lockPath, pid: pid, host: host) }
                POSIX.sleep(seconds: delay)
                delay = min(delay * 2, 0.05)
            }
        }
    }

    private enum State {
        case gone
        case broken
        case held(pid: Int32, host: String)
    }

    /// Looks at an existing lock and breaks it when its owner is dead.
    ///
    /// Breakers serialize on `flock` of the lock file itself and unlink only while the path still names
    /// the inode they inspected, so two processes breaking the same stale lock cannot remove a fresh one.
    private func inspect(_ lockPath: String) throws(FileError) -> State {
        let fd = POSIX.openFile(lockPath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ENOENT { return .gone }
            throw POSIX.failure(lockPath, "open lock")
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw POSIX.failure(lockPath, "flock") }
        }
        let content = String(decoding: (try POSIX.readAll(fd, path: lockPath, limit: 4096)) ?? [], as: UTF8.self)
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw POSIX.failure(lockPath, "fstat") }
        let fields = content.split(whereSeparator: { $0 == " " || $0 == "\n" })
        let pid = fields.first.flatMap { Int32($0) }
        let host = fields.count > 1 ? String(fields[1]) : ""
        let started = fields.count > 2 ? UInt64(fields[2]) : nil
        let boot = fields.count > 3 ? String(fields[3]) : nil
        let age = POSIX.now() - POSIX.modificationTime(info)

        let reason: String
        if let pid, !host.isEmpty {
            // Another host's processes cannot be seen from here: its locks are never broken.
            guard host == POSIX.hostName, let why = Self.staleReason(pid: pid, started: started, boot: boot) else {
                return .held(pid: pid, host: host)
            }
            reason = why
        } else {
            // Its owner died between creating the lock and writing its pid into it, or is doing so now.
            guard age > 2 else { return .held(pid: pid ?? 0, host: host.isEmpty ? POSIX.hostName : host) }
            reason = "with no owner written in it, \(Int(age)) s old"
        }
        guard let now = try POSIX.lstatIfExists(lockPath), now.st_ino == info.st_ino, now.st_dev == info.st_dev else {
            return .gone
        }
        guard unlink(lockPath) == 0 || errno == ENOENT else { throw POSIX.failure(lockPath, "unlink stale lock") }
        notice("\(lockPath): broke a stale lock \(reason)")
        return .broken
    }

    /// Why the process a lock of this host names cannot be the lock's owner, or nil when it may be.
    ///
    /// A process that has exited but is not yet reaped (a zombie, state `Z`) is dead: its pid is still
    /// taken, but it holds no lock. After a crash and a reboot the pid may run again, as another
    /// program: a lock records its process's start time and the boot, and an older lock without them
    /// takes a pid that does not run `profile` as another program. Where the system says none of this,
    /// a live pid holds its lock.
    package static func staleReason(pid: Int32, started: UInt64?, boot: String?) -> String? {
        if let boot, let current = POSIX.bootID, boot != current {
            return "left by pid \(pid) before the system restarted"
        }
        guard POSIX.processExists(pid) else { return "left by pid \(pid), which no longer exists" }
        // Killed or exited, but not yet reaped by its parent: it holds nothing and never runs again.
        if let state = POSIX.processState(pid), state == UInt8(ascii: "Z") || state == UInt8(ascii: "X") {
            return "left by pid \(pid), which has exited (a zombie its parent has not reaped yet)"
        }
        if let started {
            guard let now = POSIX.processStartTime(pid), now != started else { return nil }
            return "left by pid \(pid), which now belongs to another process"
        }
        guard let program = POSIX.programName(pid), !isProfileProgram(program) else { return nil }
        return "left by pid \(pid), which is now \(quoted(program)), not profile"
    }
}
