import Bells

/// A monotonic clock the test moves: read as ``time``; what waits on it (``sound``'s `sleep`) moves it
/// on by the time waited, so a wait on it always ends.
package final class ManualClock: @unchecked Sendable {
    /// Seconds on the clock.
    package var time: Double

    package init(_ time: Double = 100) {
        self.time = time
    }

    /// The clock as a ringer reads and waits on it.
    package var sound: SoundClock {
        SoundClock(now: { [unowned self] in time }, sleep: { [unowned self] seconds in time += max(0, seconds) })
    }
}
