#if canImport(Glibc)
import Glibc
#else
#error("run's signal handling uses Glibc's sigaction.__sigaction_handler (Darwin: __sigaction_u); only Linux is supported")
#endif
import ProfileKit
import Bells
import Sitting

/// Set by SIGINT, SIGTERM and SIGHUP during `run`; the key loop turns it into ``RunKey/interrupt``.
nonisolated(unsafe) private var runStopSignal: Int32 = 0
/// Set by SIGTSTP (Ctrl-Z) during `run`; the key loop turns it into ``RunKey/suspend``, and the run
/// stops itself once the terminal is put back.
nonisolated(unsafe) private var runSuspendSignal: Int32 = 0

/// Keys from the terminal on standard input, read one at a time without echo; or, when standard input
/// is not a terminal, no keys at all, only the waiting. Either way SIGINT, SIGTERM and SIGHUP stop the
/// run (a closed terminal is a hang-up: the run ends as on Ctrl-C), and so does output that could not be
/// written: a run whose log or display is lost does not go on unseen.
final class TerminalKeys: RunInput {
    /// The signals that stop a run, each as Ctrl-C does.
    static let stopSignals = [SIGINT, SIGTERM, SIGHUP]

    /// Whether keys are read (standard input is a terminal).
    let readsKeys: Bool
    /// Whether the run was stopped because its output could not be written, rather than by a signal.
    private(set) var stoppedByLostOutput = false
    private var saved = termios()
    private var changed = false

    init() {
        readsKeys = isatty(0) == 1
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in runStopSignal = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: poll returns EINTR and the loop sees the flag at once
        for signal in Self.stopSignals { sigaction(signal, &action, nil) }
        // A parent may hand down these signals blocked; a run must still stop on them.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in Self.stopSignals + [SIGTSTP, SIGCONT] { sigaddset(&signals, signal) }
        sigprocmask(SIG_UNBLOCK, &signals, nil)
        var suspend = sigaction()
        suspend.__sigaction_handler.sa_handler = { _ in runSuspendSignal = 1 }
        sigemptyset(&suspend.sa_mask)
        suspend.sa_flags = 0
        sigaction(SIGTSTP, &suspend, nil)
        if readsKeys, tcgetattr(0, &saved) == 0 { enterRawMode() }
    }

    /// Keys one at a time, without echo; `saved` holds the terminal as it was.
    private func enterRawMode() {
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        // Read returns as soon as one byte is there.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        changed = tcsetattr(0, TCSANOW, &raw) == 0
    }

    /// Puts the terminal back as it was.
    func restore() {
        if changed { tcsetattr(0, TCSANOW, &saved) }
        changed = false
    }

    /// Ctrl-Z: the terminal goes back to the shell as it was, the program stops as SIGTSTP's default
    /// does, and when continued (`fg`) it takes the terminal again, as it may have been changed meanwhile.
    func suspend() {
        runSuspendSignal = 0
        let hadTerminal = changed
        restore()
        var previous = sigaction()
        var fallback = sigaction()
        fallback.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&fallback.sa_mask)
        sigaction(SIGTSTP, &fallback, &previous)
        raise(SIGTSTP)
        // Runs again here after SIGCONT.
        sigaction(SIGTSTP, &previous, nil)
        if hadTerminal, tcgetattr(0, &saved) == 0 { enterRawMode() }
    }

    deinit { restore() }

    func key(waitingUpTo timeout: Double) -> RunKey? {
        if runStopSignal != 0 { return .interrupt }
        if runSuspendSignal != 0 { return .suspend }
        if Output.stdoutError != nil {
            stoppedByLostOutput = true
            return .interrupt
        }
        let milliseconds = Int32(max(0, min(timeout, 3600)) * 1000)
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let ready = readsKeys ? poll(&descriptor, 1, milliseconds) : poll(nil, 0, milliseconds)
        if runStopSignal != 0 { return .interrupt }
        if runSuspendSignal != 0 { return .suspend }
        guard ready > 0, descriptor.revents & Int16(POLLIN) != 0 else {
            // End of input or an error on the terminal: stop reading keys, keep timing.
            return nil
        }
        var byte: UInt8 = 0
        guard read(0, &byte, 1) == 1 else { return nil }
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "p"): return .pause
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): return .quit
        case UInt8(ascii: "y"), UInt8(ascii: "Y"): return .yes
        case 3: return .interrupt
        default: return .other
        }
    }
}

extension Terminal {
    /// The local time as logs write it: `2026-11-22T07:02:00+0100`.
    static func wallClock() -> String {
        var now = time_t(0)
        time(&now)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The variables the bell player reads.
    static var soundEnvironment: [String: String] {
        var result: [String: String] = [:]
        for name in ["PROFILE_PLAYER", "PATH", "XDG_CACHE_HOME", "HOME", "TMPDIR"] {
            if let value = variable(name) { result[name] = value }
        }
        return result
    }

    /// The bell ringer `run`, `sounds --play` and the editor's picker share. With neither standard output
    /// nor standard error a terminal there is no terminal bell to fall back on, and its reports say so.
    /// `volume` scales every bell (`run --volume`); recordings come from the sound library.
    static func bellRinger(volume: Int = 100) -> SystemBellRinger {
        let terminalBell: (() -> Void)? = isTerminal(1) || isTerminal(2) ? { ringTerminalBell() } : nil
        return SystemBellRinger(environment: soundEnvironment, terminalBell: terminalBell, volume: volume,
                                library: Context.soundLibrary())
    }

    /// Rings the terminal bell where the user hears it: the terminal on standard output or standard error.
    private static func ringTerminalBell() {
        if isTerminal(1) {
            Output.stdout("\u{07}")
        } else if isTerminal(2) {
            Output.stderr("\u{07}")
        }
    }
}
