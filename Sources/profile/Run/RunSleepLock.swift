import Desktop
import Journal

extension RunCommand {
    /// Holds off sleep for a session of `seconds` (as the clock runs, speed included) that starts now;
    /// nil when the lock could not be taken, after adding the one line the run's header says about it.
    ///
    /// A bus that is not there answers at once; one that hangs is given ``SleepLock/timeout`` seconds.
    static func holdOffSleep(profile: String, seconds: Double, notes: inout [String]) -> SleepLock? {
        let ends = LocalCalendar.now() + Int(seconds.rounded(.up))
        do {
            return try SleepLock(why: SleepLock.reason(profile: profile, until: LocalCalendar().timeOfDay(ends)))
        } catch {
            notes.append("sleep is not held off: \(error.text)")
            return nil
        }
    }
}
