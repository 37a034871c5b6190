import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `profile` running on a real pseudo-terminal, so that tests drive GNU readline as a person
/// would: keys in, screen text out.
///
/// The child is spawned (not forked: the test runner is multithreaded) into a new session, opens the
/// terminal's slave side as its standard input, which makes it the controlling terminal, and uses it
/// for output too.
public final class PseudoTerminal {
    private let master: Int32
    public let pid: pid_t
    private var buffer: [UInt8] = []
    private var exitStatus: Int32?

    /// Everything the program has written so far, with `\r\n` turned into `\n`.
    public var output: String { String(decoding: buffer, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n") }

    /// The text written after `mark`; use `mark` from ``checkpoint()``.
    public func output(since mark: Int) -> String {
        String(decoding: buffer[min(mark, buffer.count)...], as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// A place in the output to read from later.
    public func checkpoint() -> Int { buffer.count }

    /// The child's end, shared with the thread that watches its deadline.
    private final class Watch: @unchecked Sendable {
        private let lock = NSLock()
        private var reaped = false
        private var killed = false
        /// Marks the child reaped: its pid may be another process's from now on.
        func reap() { lock.withLock { reaped = true } }
        /// Kills the child's group unless it was reaped; whether it did.
        func kill(_ pid: pid_t) -> Bool {
            lock.withLock {
                guard !reaped else { return false }
                killed = true
                // The child leads its own session, so its own group: what it started goes with it.
                Glibc.kill(-pid, SIGKILL)
                return true
            }
        }
        var timedOut: Bool { lock.withLock { killed } }
        var isDone: Bool { lock.withLock { reaped || killed } }
    }
    private let watch = Watch()
    private var told = false
    /// The seconds the program may run (``DeadlineProcess/defaultDeadline`` unless the test names
    /// another): then its process group is killed and the next wait fails the test, naming the command.
    public let deadline: Double
    private let commandLine: String

    public init(arguments: [String], environment: [String: String], columns: UInt16 = 100, rows: UInt16 = 40,
                deadline: Double = DeadlineProcess.defaultDeadline) throws {
        self.deadline = deadline
        commandLine = arguments.enumerated().map { Harness.shellQuoted($0.offset == 0 ? URL(fileURLWithPath: $0.element).lastPathComponent : $0.element) }
            .joined(separator: " ")
        var masterFD: Int32 = -1
        var slaveFD: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&masterFD, &slaveFD, nil, nil, &size) == 0 else { throw POSIXError(.EIO) }
        guard let name = ttyname(slaveFD) else { throw POSIXError(.ENOTTY) }
        let slavePath = String(cString: name)
        _ = fcntl(masterFD, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slaveFD, F_SETFD, FD_CLOEXEC)
        master = masterFD
        defer { close(slaveFD) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        // POSIX_SPAWN_SETSID (0x80) is not exported by Swift's Glibc module.
        posix_spawnattr_setflags(&attributes, Int16(0x80 | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else {
            close(masterFD)
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO)
        }
        pid = child
        let (watch, started, spawned) = (self.watch, Date(), child)
        Thread.detachNewThread {
            while case let left = deadline - Date().timeIntervalSince(started), left > 0 {
                if watch.isDone { return }
                Thread.sleep(forTimeInterval: min(left, 0.05))
            }
            _ = watch.kill(spawned)
        }
    }

    deinit {
        if exitStatus == nil {
            // The whole group (the child leads its session): a child it started goes too.
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            watch.reap()
        }
        close(master)
    }

    /// Fails the test once, naming the command, when the deadline killed the program.
    private func tellDeadline() {
        guard watch.timedOut, !told else { return }
        told = true
        Issue.record(Comment(rawValue: "deadline: \(commandLine) still ran on its terminal after \(deadline) s; its process group was killed"))
    }

    /// Whether the deadline passed and the program's group was killed.
    public var timedOut: Bool { watch.timedOut }

    /// Types `text` (use `\r` for Enter, `\u{03}` for Ctrl-C, `\u{04}` for Ctrl-D, `\u{1B}[A` for Up).
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Types raw bytes, which need not be UTF-8 (a broken sequence, an 8-bit key).
    public func send(bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Changes the terminal's size, as a window resize does; the program gets SIGWINCH.
    public func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Reads whatever arrives within `seconds`.
    @discardableResult
    private func pump(_ seconds: Double) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(seconds * 1000)) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Waits until `text` appears after `mark`.
    ///
    /// - Throws: `TimeoutError` with the screen so far when it does not appear within `timeout` seconds.
    @discardableResult
    public func waitFor(_ text: String, since mark: Int = 0, timeout: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if output(since: mark).contains(text) { return output(since: mark) }
            pump(0.05)
        }
        tellDeadline()
        throw TimeoutError(waitingFor: text, output: output)
    }

    /// Waits until `condition` holds for the text written after `mark`, and returns that text.
    ///
    /// - Throws: `TimeoutError` with the screen so far when it does not hold within `timeout` seconds.
    @discardableResult
    public func waitUntil(_ what: String, since mark: Int = 0, timeout: Double = 10, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(output(since: mark)) { return output(since: mark) }
            pump(0.05)
        }
        tellDeadline()
        throw TimeoutError(waitingFor: what, output: output)
    }

    /// Reads whatever the program writes for `seconds`, and returns the text written after `mark`: for a
    /// test that something does not happen within a time (where waiting for it would wait forever).
    public func watch(for seconds: Double, since mark: Int) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while case let left = deadline.timeIntervalSinceNow, left > 0 { pump(min(left, 0.05)) }
        return output(since: mark)
    }

    /// Waits for the program to end and returns its exit status (nil when it did not end in time).
    public func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            pump(0.02)
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                reaped(status)
                while pump(0.02) {}
                tellDeadline()
                return exitStatus
            }
        }
        tellDeadline()
        return nil
    }

    /// Notes the child's end, as `waitpid` gave it.
    private func reaped(_ status: Int32) {
        watch.reap()
        exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Whether the program is still running.
    public var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            reaped(status)
            tellDeadline()
            return false
        }
        return true
    }
}

/// The text a pseudo-terminal test waited for did not appear.
public struct TimeoutError: Error, CustomStringConvertible {
    public let waitingFor: String
    public let output: String
    public var description: String { "timed out waiting for \(waitingFor.debugDescription); the screen so far:\n\(output)" }
}
