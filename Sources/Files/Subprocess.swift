#if canImport(Glibc)
import Glibc
#else
#error("Files spawns programs with Glibc's posix_spawn_file_actions_t; only Linux is supported")
#endif

/// A program the process started and owns: the leader of a process group of its own, so that ending it
/// ends whatever it started too (a wrapper script's `sleep 300 &` as much as the player it `exec`s).
///
/// The group is ended with `kill(-pgid, …)`, which still reaches the leader's children after the leader
/// has exited and been reaped (FIELD-NOTES, fourth round): ``end(within:)`` is what the program calls when
/// it is done with a player, whether the leader is still running or long gone. While any member is left
/// the kernel keeps the group's id from being given to another process, so the signal cannot stray.
package final class Subprocess {
    /// The leader's process id, which is also its group's id.
    package let pid: pid_t
    /// The leader's wait status once it was reaped; nil while it runs.
    package private(set) var status: Int32?
    /// Whether the group was ended: a second ``terminateGroup()`` has nothing to do.
    private var groupEnded = false

    /// Seconds the group is given to go after SIGTERM before it gets SIGKILL: a player stops at once on
    /// SIGTERM, and this bounds the wait for one that ignores it.
    package static let terminateGrace = 0.25

    /// Why a program could not be started: the `errno` of `posix_spawn` (ENOENT, EACCES, ENOEXEC…), or
    /// of `pipe` when ``pipe`` is true.
    package struct Failure: Error, Hashable, Sendable {
        package var errno: Int32
        /// Whether it was the pipe to it that could not be made (the program was not started).
        package var pipe: Bool

        package init(errno: Int32, pipe: Bool = false) {
            self.errno = errno
            self.pipe = pipe
        }

        /// The errno's symbolic name: also ENOEXEC, which a file that is no program (no `#!`, not ELF)
        /// gives and the file layer's names leave out.
        package var name: String { errno == ENOEXEC ? "ENOEXEC" : errnoName(errno) }
    }

    /// What one of the child's standard descriptors (0, 1, 2) is.
    package enum Stream: Equatable, Sendable {
        /// `/dev/null`.
        case null
        /// This process's own descriptor of that number, as it is.
        case inherit
        /// A descriptor of this process (the caller's, which stays open here).
        case descriptor(Int32)
        /// A new pipe: the child gets one end, this process the other (``input``, ``output``). Output and
        /// errors both `.pipe` share one pipe.
        case pipe
    }

    /// The writing end of the pipe to the child's standard input when it is ``Stream/pipe``, else -1:
    /// the caller's to close (the child reads to its end once it is closed).
    package let input: Int32
    /// The reading end of the pipe from the child's output (and errors) when it is ``Stream/pipe``, else
    /// -1: the caller's to close.
    package let output: Int32

    /// Starts `path` with `arguments` (after its name), its standard input, output and errors as
    /// `input`, `output` and `errors` say (`/dev/null` unless told), every signal at its default and none
    /// blocked (whatever this process ignores or blocks: `profile` ignores SIGPIPE and blocks the signals
    /// it reads from a descriptor), in a process group of its own. A pipe's ends are close-on-exec, so
    /// no other child started meanwhile holds one.
    ///
    /// - Throws: ``Failure`` with `posix_spawn`'s error (or `pipe`'s); nothing is left open.
    package init(_ path: String, arguments: [String], input: Stream = .null, output: Stream = .null,
                 errors: Stream = .null) throws(Failure) {
        var inputEnds: [Int32] = [-1, -1], outputEnds: [Int32] = [-1, -1]
        func closeAll() { for end in inputEnds + outputEnds where end >= 0 { close(end) } }
        if input == .pipe { guard pipe(&inputEnds) == 0 else { throw Failure(errno: errno, pipe: true) } }
        if output == .pipe || errors == .pipe {
            guard pipe(&outputEnds) == 0 else {
                let code = errno
                closeAll()
                throw Failure(errno: code, pipe: true)
            }
        }
        for end in inputEnds + outputEnds where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (number, stream) in [(Int32(0), input), (1, output), (2, errors)] {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, number, "/dev/null", number == 0 ? O_RDONLY : O_WRONLY, 0)
            case .inherit: break
            case let .descriptor(fd): posix_spawn_file_actions_adddup2(&actions, fd, number)
            case .pipe: posix_spawn_file_actions_adddup2(&actions, number == 0 ? inputEnds[0] : outputEnds[1], number)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        // Its own group (pgid = its pid): a terminal's Ctrl-C does not reach it, and ending the group ends
        // what it started.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, &attributes, &argv, environ)
        guard result == 0 else {
            closeAll()
            throw Failure(errno: result)
        }
        pid = child
        // The child's ends are the child's alone now.
        if inputEnds[0] >= 0 { close(inputEnds[0]) }
        if outputEnds[1] >= 0 { close(outputEnds[1]) }
        self.input = inputEnds[1]
        self.output = outputEnds[0]
    }

    /// Whether the leader has ended, reaping it if it just did (never waits).
    @discardableResult
    package func poll() -> Bool {
        guard status == nil else { return true }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, WNOHANG)
        if result == pid {
            status = raw
        } else if result < 0, errno != EINTR {
            // Not ours to wait for any more (ECHILD: reaped elsewhere): nothing more to learn of it.
            status = 0
        }
        return status != nil
    }

    /// Waits up to `seconds` (on the monotonic clock, polled every 10 ms at most) for the leader to end;
    /// whether it did.
    @discardableResult
    package func wait(upTo seconds: Double) -> Bool {
        let deadline = POSIX.monotonicNow() + seconds
        while !poll() {
            let left = deadline - POSIX.monotonicNow()
            if left <= 0 { return false }
            POSIX.sleep(seconds: min(0.01, left))
        }
        return true
    }

    /// Lets the leader end by itself for up to `seconds`, then ends the whole group (``terminateGroup()``):
    /// what the program calls when it is done with the program, the one "wait, then end the group".
    /// Returns within `seconds` plus ``terminateGrace`` and a few milliseconds, whatever the group does.
    ///
    /// - Returns: whether the leader ended by itself in time (its ``status`` is then its own).
    @discardableResult
    package func end(within seconds: Double) -> Bool {
        let ended = wait(upTo: seconds)
        terminateGroup()
        return ended
    }

    /// Ends the whole group, the leader alive or already reaped: SIGTERM to `-pid`, up to
    /// ``terminateGrace`` for every member to go, then SIGKILL to what is left; the leader is reaped.
    package func terminateGroup() {
        guard !groupEnded else { return }
        groupEnded = true
        // The leader by its pid as well: one that left the group (setsid) is still ours to end, and its
        // pid cannot be another process's until it is reaped.
        if !poll() { kill(pid, SIGTERM) }
        // ESRCH: no member left (the leader reaped, nothing it started still running).
        if kill(-pid, SIGTERM) == 0 || !poll() {
            var waited = 0.0
            while waited < Self.terminateGrace {
                // The leader is ours to reap; the members it left behind are init's, and gone once it has.
                if poll(), kill(-pid, 0) != 0 { return }
                POSIX.sleep(seconds: 0.01)
                waited += 0.01
            }
            kill(-pid, SIGKILL)
        }
        if !poll() {
            kill(pid, SIGKILL)
            reapBlocking()
        }
    }

    /// Waits for the leader, which was sent SIGKILL, to be reaped.
    private func reapBlocking() {
        var raw: Int32 = 0
        while true {
            let result = waitpid(pid, &raw, 0)
            if result == pid { status = raw; return }
            if result < 0, errno == EINTR { continue }
            status = 0
            return
        }
    }
}
