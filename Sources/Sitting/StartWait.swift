import ProfileKit

/// The wait before a sit that starts at a time of day (`run --at`): a countdown on a terminal, quiet
/// elsewhere; `q` cancels it, as Ctrl-C or a termination signal interrupts it.
///
/// It counts to a moment on the wall clock, read afresh at each wake-up: a wait is not a sum of sleeps,
/// so a slow wake-up or a clock set by NTP moves nothing.
package struct StartWait {
    /// How the wait ended.
    package enum Outcome: Hashable, Sendable {
        /// The time came: start the sit.
        case start
        /// `q` was pressed: no sit.
        case cancelled
        /// Ctrl-C or a termination signal came (or the output was lost): no sit.
        case interrupted
    }

    /// The longest single wait, in seconds, when nothing is shown between wake-ups: a machine whose
    /// monotonic clock stood still (a suspend that the sleep lock could not hold off) is noticed within it.
    package static let longestWait = 60.0

    /// Waits until the wall clock reads `target` (seconds since the epoch).
    ///
    /// - Parameters:
    ///   - wall: the wall clock, in seconds since the epoch.
    ///   - input: where keys and signals arrive.
    ///   - show: shows the whole seconds left; called when they change, if `countsDown`.
    ///   - countsDown: whether the seconds left are shown as they go (a terminal), or only once.
    ///   - suspending: told before the program stops (Ctrl-Z): the display leaves the terminal as the shell
    ///     expects it; the countdown is shown whole again when it continues.
    ///   - redraw: told when the terminal changed size or the program was continued from elsewhere: the
    ///     display's frame may be lost, and is shown whole again (`resized`: its lines may be wrapped anew).
    package static func wait(until target: Double, wall: () -> Double, input: RunInput, countsDown: Bool,
                             suspending: () -> Void = {}, redraw: (_ resized: Bool) -> Void = { _ in },
                             show: (Int) -> Void) -> Outcome {
        var shown: Int?
        while true {
            let left = target - wall()
            guard left > 0 else { return .start }
            let whole = Int(left.rounded(.up))
            if shown == nil || (countsDown && whole != shown) {
                show(whole)
                shown = whole
            }
            // On a terminal, wake as the next whole second is reached; elsewhere, once a minute at most.
            let fraction = left - left.rounded(.down)
            let step = countsDown ? (fraction > 0 ? fraction : 1) : min(left, longestWait)
            switch input.wait(upTo: step) {
            case .key(.quit): return .cancelled
            case .key(.interrupt): return .interrupted
            case .key(.suspend):
                suspending()
                input.suspend()
                shown = nil
            case .resized:
                redraw(true)
                shown = nil
            case .continued:
                redraw(false)
                shown = nil
            default: continue
            }
        }
    }
}
