#if canImport(Glibc)
import Glibc
#else
#error("signal handlers are installed with Glibc's sigaction.__sigaction_handler (Darwin: __sigaction_u); only Linux is supported")
#endif

/// The writing end of the one live ``SignalPipe``; -1 when there is none. Signal handlers can reach only
/// globals, and a process waits in one place at a time (a run, or `remind`'s systemctl).
nonisolated(unsafe) private var signalPipeWritingEnd: Int32 = -1

/// A self-pipe for signals: while it lives, each of its signals writes its number to a pipe, so that the
/// one `poll` a command waits in wakes for a signal as for its other news, and the handler does nothing a
/// handler may not (one `write`, `errno` kept). `run`'s keys and `remind`'s wait for systemctl use it.
package final class SignalPipe {
    /// The reading end, to poll; -1 when no pipe could be made (the signals then keep what they did).
    package let readingEnd: Int32
    private let writingEnd: Int32
    /// What each signal did before, put back by ``restore()``.
    private var previous: [(Int32, sigaction)] = []
    /// The signal mask before, when it is to be put back.
    private var previousMask: sigset_t?

    /// Takes `signals` through a new pipe.
    ///
    /// - Parameters:
    ///   - keepIgnored: signals left ignored when the process was started ignoring them (`nohup`, a
    ///     shell's background job): those must not stop the program.
    ///   - noChildStop: `SA_NOCLDSTOP`: a child that stops is no news, one that ends is.
    ///   - restoresMask: whether ``restore()`` puts back the signal mask as it was; the signals are
    ///     unblocked either way (a parent, or a test runner, may hand them down blocked).
    package init(signals: [Int32], keepIgnored: Set<Int32>, noChildStop: Bool = false, restoresMask: Bool = false) {
        var ends: [Int32] = [-1, -1]
        // pipe2 is a GNU extension Glibc's module leaves out: the flags are set one by one.
        guard pipe(&ends) == 0 else {
            readingEnd = -1
            writingEnd = -1
            return
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readingEnd = ends[0]
        writingEnd = ends[1]
        signalPipeWritingEnd = ends[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            // Only what is safe in a handler: one write, with errno kept for the code it interrupted.
            let saved = errno
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(signalPipeWritingEnd, &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        // Restarted calls: the pipe wakes the poll, so nothing else needs to see EINTR.
        action.sa_flags = SA_RESTART | (noChildStop ? SA_NOCLDSTOP : 0)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in signals {
            var inherited = sigaction()
            sigaction(signal, nil, &inherited)
            if keepIgnored.contains(signal),
               unsafeBitCast(inherited.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                continue
            }
            previous.append((signal, inherited))
            sigaction(signal, &action, nil)
            sigaddset(&unblock, signal)
        }
        var mask = sigset_t()
        sigprocmask(SIG_UNBLOCK, &unblock, &mask)
        if restoresMask { previousMask = mask }
    }

    /// The numbers of the signals that came since the last look, in the order they came.
    package func drain() -> [Int32] {
        guard readingEnd >= 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: 64)
        var signals: [Int32] = []
        while true {
            let count = read(readingEnd, &bytes, bytes.count)
            guard count > 0 else { break }
            signals += bytes[0..<count].map { Int32($0) }
        }
        return signals
    }

    /// Waits up to `seconds` (none: until one comes) for a signal, and returns those that came (none when
    /// the time ran out): for a program whose one news is its signals, such as a reminder's bell waiting
    /// for its player to end (SIGCHLD) or to be told to stop.
    package func wait(upTo seconds: Double?) -> [Int32] {
        guard readingEnd >= 0 else {
            if let seconds { POSIX.sleep(seconds: seconds) }
            return []
        }
        let milliseconds = seconds.map { Int32((max(0, min($0, 86_400)) * 1000).rounded(.up)) } ?? -1
        var descriptor = pollfd(fd: readingEnd, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready > 0 ? drain() : []
        }
    }

    /// Puts each signal back as it was (and the mask, when asked); the pipe stops taking them.
    package func restore() {
        for (signal, action) in previous {
            var action = action
            sigaction(signal, &action, nil)
        }
        previous = []
        if var mask = previousMask {
            sigprocmask(SIG_SETMASK, &mask, nil)
            previousMask = nil
        }
        if signalPipeWritingEnd == writingEnd { signalPipeWritingEnd = -1 }
    }

    deinit {
        restore()
        if writingEnd >= 0 { close(writingEnd) }
        if readingEnd >= 0 { close(readingEnd) }
    }
}
