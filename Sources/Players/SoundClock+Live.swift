import Files
import Sound

extension SoundClock {
    /// The process's monotonic clock (``POSIX/monotonicNow()``), waited on with ``POSIX/sleep(seconds:)``:
    /// here, beside the players, because Sound reads no clock of its own.
    package static var live: SoundClock { SoundClock(now: POSIX.monotonicNow, sleep: { POSIX.sleep(seconds: $0) }) }
}
