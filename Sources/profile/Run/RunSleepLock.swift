import Desktop
import Journal
import Sitting

extension RunCommand {
    /// Holds off sleep for a session of `seconds` (as the clock runs, speed included) that starts now,
    /// unless `inhibit` is false (`--no-inhibit`); when the lock could not be taken, the one line the run's
    /// header says about it. Where there is a bus, `keys` also hears logind say when the machine wakes.
    ///
    /// A bus that is not there answers at once; one that hangs is given ``SleepLock/timeout`` seconds.
    static func holdOffSleep(profile: String, seconds: Double, inhibit: Bool, keys: TerminalKeys) -> SleepHold {
        guard inhibit else {
            keys.sleepWatch = try? SleepWatch()
            return SleepHold()
        }
        let ends = WallClock.now() + Int(seconds.rounded(.up))
        do {
            let held = HeldSleepLock(try SleepLock(why: SleepLock.reason(profile: profile, until: LocalCalendar().timeOfDay(ends))))
            keys.sleepWatch = try? SleepWatch()
            return SleepHold(release: held.release)
        } catch {
            return SleepHold(note: "sleep is not held off: \(error.text)")
        }
    }
}

/// A sleep lock kept until the sit ends, for a closure to let go of.
private final class HeldSleepLock {
    private var lock: SleepLock?

    init(_ lock: consuming SleepLock) { self.lock = consume lock }

    /// Lets the machine sleep again; a second call does nothing.
    func release() { lock.take()?.release() }
}
