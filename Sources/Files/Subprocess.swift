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

    /// Why a program could not be started: the `errno` of `posix_spawn` (ENOENT, EACCES, ENOEXEC…).
    package struct Failure: Error, Hashable, Sendable {
        package var errno: Int32

        package init(errno: Int32) {
            self.errno = errno
        }

        /// The errno's symbolic name: also ENOEXEC, which a file that is no program (no `#!`, not ELF)
        /// gives and the file layer's names leave out.
        package var name: String { errno == ENOEXEC ? "ENOEXEC" : errnoName(errno) }
    }

    /// Starts `path` with `arguments` (after its name), standard input from `input` (a descriptor of
    /// this process, given to the child as 0) or `/dev/null`, output and errors to `/dev/null`, every
    /// signal at its default and none blocked (whatever this process ignores or blocks: `profile` ignores
    /// SIGPIPE and blocks the signals it reads from a descriptor), in a process group of its own.
    ///
    /// - Throws: ``Failure`` with `posix_spawn`'s error.
    package init(_ path: String, arguments: [String], input: Int32? = nil) throws(Failure) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
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
        guard result == 0 else { throw Failure(errno: result) }
        pid = child
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

    /// Waits up to `seconds` (real time, polled every 10 ms) for the leader to end; whether it did.
    @discardableResult
    package func wait(upTo seconds: Double) -> Bool {
        var waited = 0.0
        while !poll() {
            if waited >= seconds { return false }
            POSIX.sleep(seconds: 0.01)
            waited += 0.01
        }
        return true
    }

    /// Lets the leader end by itself for up to `seconds`, then ends the whole group (``terminateGroup()``):
    /// what the program calls when it is done with the program. Returns within `seconds` plus
    /// ``terminateGrace`` and a few milliseconds, whatever the group does.
    package func end(within seconds: Double) {
        wait(upTo: seconds)
        terminateGroup()
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
