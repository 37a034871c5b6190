import Files
import Desktop
import LocalTime
import Sitting

/// What a live sit reads from the keyboard and the process's signals, beyond what the runner waits for:
/// the executable's terminal keys (standard input without echo, the stop signals through a pipe).
package protocol SitKeys: RunInput {
    /// Whether the sit was stopped because its output could not be written, rather than by a signal.
    var stoppedByLostOutput: Bool { get }
    /// logind's word that the machine sleeps and wakes, once the sit listens to it.
    var sleepWatch: SleepWatch? { get set }
    /// Puts the terminal back as it was before the sit.
    func restore()
}

/// The run's clocks in the process: `CLOCK_MONOTONIC` beside `CLOCK_BOOTTIME`, as Files reads them;
/// unaffected by changes to the wall clock.
package final class MonotonicClock: RunClock {
    package init() {}
    package func now() -> Double { POSIX.monotonicNow() }
    package func boot() -> Double { POSIX.bootNow() }
    package func sleep(seconds: Double) { POSIX.sleep(seconds: seconds) }
}

/// The process around a live sit, as the executable hands it in: the variables the program reads, the
/// home the password database names, the wall clock, the standard streams and the terminal. The one
/// place a sit meets the process, so that everything else about it is a library's.
package struct SitHost {
    /// The environment variables the program reads (TZ and the store's, the journal's and the records'
    /// variables among them).
    package var environment: [String: String]
    /// The home folder of the password database, for when `HOME` is unset.
    package var passwordHome: () -> String?
    /// Now, in seconds since 1970 with their fraction: the process's one reading of the wall clock.
    package var now: () -> Double
    /// The local calendar of the process's zone, read once where the program starts.
    package var calendar: LocalCalendar
    /// Whether standard input is a terminal (keys can end an open-ended sit).
    package var stdinIsTerminal: Bool
    /// Asks a question on the terminal (`… Start it` shown as `… Start it? [y/N] `): true for yes.
    package var confirm: (String) -> Bool
    /// Writes to standard output (a failure is kept by the process and stops the sit's keys).
    package var say: (String) -> Void
    /// Writes one diagnostic line to standard error.
    package var diagnostic: @Sendable (String) -> Void
    /// The local time as the log lines write it (`2026-11-22T07:02:00+0100`).
    package var logStamp: () -> String
    /// The sit's clocks (monotonic and boot time): ``MonotonicClock`` in the process.
    package var clock: RunClock
    /// Holds off the machine's sleep for a sit of a profile (`profile`, `seconds` of it from now) and
    /// hands `keys` logind's word of a wake-up: ``LiveSit/logindSleep(profile:seconds:inhibit:keys:host:)``
    /// in the process. `inhibit` false (`--no-inhibit`) takes no lock.
    package var holdOffSleep: (_ profile: String, _ seconds: Double, _ inhibit: Bool, _ keys: SitKeys, _ host: SitHost) -> SleepHold

    package init(environment: [String: String], passwordHome: @escaping () -> String?, now: @escaping () -> Double, calendar: LocalCalendar,
                 stdinIsTerminal: Bool, say: @escaping (String) -> Void, diagnostic: @escaping @Sendable (String) -> Void,
                 logStamp: @escaping () -> String, clock: RunClock = MonotonicClock(),
                 holdOffSleep: @escaping (String, Double, Bool, SitKeys, SitHost) -> SleepHold = LiveSit.logindSleep,
                 confirm: @escaping (String) -> Bool = { _ in false }) {
        self.confirm = confirm
        self.environment = environment
        self.passwordHome = passwordHome
        self.now = now
        self.calendar = calendar
        self.stdinIsTerminal = stdinIsTerminal
        self.say = say
        self.diagnostic = diagnostic
        self.logStamp = logStamp
        self.clock = clock
        self.holdOffSleep = holdOffSleep
    }

    /// Now, in whole seconds since 1970.
    package var wholeNow: Int { Int(now()) }
}
