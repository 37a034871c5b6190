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
}
