#if canImport(Glibc)
import Glibc
#else
#error("run's signal handling uses Glibc's sigaction.__sigaction_handler (Darwin: __sigaction_u); only Linux is supported")
#endif
import LocalTime
import Files
import ProfileKit
import Sound
import Players
import Sitting
import Desktop
import LiveSit

/// What `run` waits for, in one `poll`: keys from the terminal on standard input, read one at a time
/// without echo (when standard input is a terminal), and the signals that matter to a run, through a
/// pipe their handlers write to: SIGINT, SIGTERM and SIGHUP stop it (a closed terminal is a hang-up: the
/// run ends as on Ctrl-C), SIGTSTP (Ctrl-Z) suspends it, SIGCONT after a stop from elsewhere takes the
/// terminal back, SIGWINCH redraws, SIGCHLD says a bell's player ended. Output that could not be written
/// stops the run too: a run whose log or display is lost does not go on unseen.
final class TerminalKeys: SitKeys {
    /// The signals that stop a run, each as Ctrl-C does.
    static let stopSignals = [SIGINT, SIGTERM, SIGHUP]
    /// Every signal the run takes through its pipe.
    static let signals = stopSignals + [SIGTSTP, SIGCONT, SIGWINCH, SIGCHLD]

    /// Whether keys are read (standard input is a terminal).
    let readsKeys: Bool
    /// Standard input's descriptor: the invocation's.
    private let input = Terminal.descriptor(0)
    /// Whether the run was stopped because its output could not be written, rather than by a signal.
    private(set) var stoppedByLostOutput = false
    private var saved = termios()
    private var changed = false
    /// Whether standard input is still worth polling: not after its end, or an error on it.
    private var keysOpen: Bool
    /// The signals, as the one poll reads them.
    private let signalPipe: SignalPipe
    /// Whether the run had the terminal (was in its foreground) when it last looked.
    private var hadTerminal = true
    /// What came and was not yet handed on, first first.
    private var pending: [RunWake] = []
    /// logind's word that the machine sleeps and wakes, when the system bus is there: a run that sleeps
    /// until its next bell wakes with the machine.
    var sleepWatch: SleepWatch?

    init() {
        readsKeys = Terminal.isTerminal(0)
        keysOpen = readsKeys
        // A signal the run was started ignoring stays ignored: `nohup profile run` must outlive the
        // hang-up, and a shell's background job the terminal's Ctrl-C. A player that stops is not news;
        // one that ends is.
        signalPipe = SignalPipe(signals: Self.signals, keepIgnored: Set(Self.stopSignals + [SIGTSTP]), noChildStop: true)
        if readsKeys, tcgetattr(input, &saved) == 0 { enterRawMode() }
    }

    /// Keys one at a time, without echo; `saved` holds the terminal as it was. Not while the run is in
    /// the background (after Ctrl-Z and `bg`): changing the terminal would stop it again (SIGTTOU); the
    /// SIGCONT of a later `fg` takes it then.
    private func enterRawMode() {
        guard Self.hasTerminal else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        // Read returns as soon as one byte is there.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        changed = tcsetattr(input, TCSANOW, &raw) == 0
    }

    /// Whether the run may use the terminal on standard input now: it is in the terminal's foreground, or
    /// the terminal is not its controlling one (`setsid`, a redirect from another terminal), where no job
    /// control stops a reader.
    private static var hasTerminal: Bool { ownsTerminal(Terminal.descriptor(0)) }

    /// Whether the run is in the foreground of the terminal on `descriptor`, or that terminal is not its
    /// controlling one (no job control applies there).
    static func ownsTerminal(_ descriptor: Int32) -> Bool {
        let group = tcgetpgrp(descriptor)
        return group == -1 || group == getpgrp()
    }

    /// Puts the terminal back as it was; not from the background, where the shell owns the terminal's
    /// modes (it set its own when the run left the foreground) and a change would stop the run (SIGTTOU).
    func restore() {
        if changed, Self.hasTerminal { tcsetattr(input, TCSANOW, &saved) }
        changed = false
    }

    /// Ctrl-Z: the terminal goes back to the shell as it was, the program stops as SIGTSTP's default
    /// does, and when continued (`fg`) it takes the terminal again, as it may have been changed meanwhile.
    func suspend() {
        restore()
        var previous = sigaction()
        var fallback = sigaction()
        fallback.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&fallback.sa_mask)
        sigaction(SIGTSTP, &fallback, &previous)
        raise(SIGTSTP)
        // Runs again here after SIGCONT, whose news is this: it is not a stop from elsewhere.
        sigaction(SIGTSTP, &previous, nil)
        readSignals()
        pending.removeAll { $0 == .continued }
        // The terminal's modes are read again only in the foreground, where the shell has just put its own
        // back for `fg`; continued into the background (`bg`), the shell's line editor may hold it.
        if readsKeys, Self.hasTerminal, tcgetattr(input, &saved) == 0 { enterRawMode() }
    }

    deinit {
        restore()
        // The signals go back to what they did before the run; the pipe closes with this value.
        signalPipe.restore()
    }

    func wait(upTo timeout: Double?) -> RunWake {
        while true {
            if Output.stdoutError != nil {
                stoppedByLostOutput = true
                return .key(.interrupt)
            }
            if !pending.isEmpty { return pending.removeFirst() }
            var descriptors = [pollfd(fd: signalPipe.readingEnd, events: Int16(POLLIN), revents: 0)]
            // Keys only while the run has the terminal: read from the background (`&`, or Ctrl-Z then `bg`),
            // the terminal would stop it (SIGTTIN) and no bell would ring; `fg` continues it (SIGCONT),
            // which wakes this poll to look again.
            let foreground = keysOpen && Self.hasTerminal
            if foreground && !hadTerminal {
                // Back in the foreground (`fg` of a run that went on in the background): the terminal is
                // the shell's, as it left it, and the frame is below what the shell wrote.
                hadTerminal = true
                enterRawMode()
                pending.append(.continued)
                continue
            }
            hadTerminal = foreground
            let readsNow = foreground
            if readsNow { descriptors.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
            // The bus is read dry before the poll: it asks for POLLIN only when nothing is queued.
            if let watch = sleepWatch, !watch.isLost, watch.news().contains(.woke) { pending.append(.woke) }
            if !pending.isEmpty { continue }
            let watch = sleepWatch.flatMap { $0.isLost ? nil : $0 }
            if let watch { descriptors.append(pollfd(fd: watch.descriptor, events: watch.events, revents: 0)) }
            // Up to the millisecond above, so that the wait never ends before its time; -1 waits for news.
            // In the background, a look each second for the foreground: `fg` of a running job sends no signal.
            let limit = keysOpen && !foreground ? min(timeout ?? 1, 1) : timeout
            let milliseconds = limit.map { Int32((max(0, min($0, 86_400)) * 1000).rounded(.up)) } ?? -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            // (In the background the runner asks again: a wake a second there, and none in the foreground.)
            if ready == 0 { return .timeout }
            if ready < 0 {
                if errno == EINTR { continue }
                // poll itself failed (no memory): wait out the time asked rather than spin on the failure.
                POSIX.sleep(seconds: min(limit ?? 1, 1))
                return .timeout
            }
            if descriptors[0].revents != 0 { readSignals() }
            if let watch, descriptors[descriptors.count - 1].revents != 0, watch.news().contains(.woke) {
                pending.append(.woke)
            }
            if readsNow, descriptors[1].revents != 0, let key = readKey() { pending.append(.key(key)) }
        }
    }

    /// Takes what the signal handlers wrote, the stopping signals first.
    private func readSignals() {
        let wakes = RunWake.decode(signals: signalPipe.drain())
        if wakes.contains(.continued), readsKeys { enterRawMode() }
        pending = wakes.filter { $0 == .key(.interrupt) } + pending + wakes.filter { $0 != .key(.interrupt) }
    }

    /// The key on standard input; nil at its end or on an error, after which it is no longer read.
    private func readKey() -> RunKey? {
        var byte: UInt8 = 0
        let count = read(input, &byte, 1)
        guard count == 1 else {
            if count == 0 || (errno != EAGAIN && errno != EINTR) { keysOpen = false }
            return nil
        }
        return RunKey(byte: byte)
    }
}

extension Terminal {
    /// The local time now as logs write it: `2026-11-22T07:02:00+0100`.
    static func logStamp() -> String { LocalZone.calendar.logStamp(Int(WallClock.live())) }

    /// The variables the bell players read (``SystemBellRinger/variableNames``).
    static var soundEnvironment: [String: String] { variables(SystemBellRinger.variableNames) }

    /// The bell ringer `run`, `sounds --play` and the editor's picker share. With neither standard output
    /// nor standard error a terminal there is no terminal bell to fall back on, and its reports say so.
    /// `volume` scales every bell (`run --volume`); recordings come from the sound library; `clock` is
    /// the run's (``SoundClock/live`` outside one).
    static func bellRinger(volume: Int = 100, clock: SoundClock) -> SystemBellRinger {
        let terminalBell: (() -> Void)? = isTerminal(1) || isTerminal(2) ? { ringTerminalBell() } : nil
        return SystemBellRinger(environment: soundEnvironment, terminalBell: terminalBell, volume: volume,
                                library: Context.soundLibrary(), clock: clock)
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
