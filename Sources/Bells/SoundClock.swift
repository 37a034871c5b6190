import Files

/// The monotonic clock a ringer reads and waits on, in seconds: the run's own, handed in, so that a test
/// on a manual clock never reads or sleeps on the real one.
package struct SoundClock {
    /// Seconds on the monotonic clock.
    package var now: () -> Double
    /// Waits `seconds` on that clock.
    package var sleep: (Double) -> Void

    package init(now: @escaping () -> Double, sleep: @escaping (Double) -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The process's monotonic clock (``POSIX/monotonicNow()``), waited on with ``POSIX/sleep(seconds:)``.
    package static var live: SoundClock { SoundClock(now: POSIX.monotonicNow, sleep: { POSIX.sleep(seconds: $0) }) }
}
