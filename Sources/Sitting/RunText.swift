import LocalTime
import ProfileKit

extension RunSummary {
    /// `Session complete: 37:00, 5 of 5 bells rang.` or `Stopped at 12:00 of 37:00; 2 of 5 bells rang.`;
    /// bells that made no sound are not counted, and why is said: `0 of 5 bells rang (silent)`; time not
    /// sat is said in real time: `07:30 paused (2 times)`.
    /// An open-ended sit ended another way than by its sitter says only the time sat: `Stopped at 12:00
    /// (open-ended); …`.
    package func text(end: Timeline.End) -> String {
        let of = switch end {
        case .fixed(let seconds): " of \(TimerDuration(seconds: seconds).formatted)"
        case .open: " (open-ended)"
        }
        let total = switch end {
        case .fixed(let seconds): seconds
        case .open: elapsed
        }
        let bells = (bellsPlanned.map { "\(bellsRung) of \($0) \($0 == 1 ? "bell" : "bells")" } ?? "\(bellsRung) \(bellsRung == 1 ? "bell" : "bells")") + " rang"
            + (silence.map { " (\($0))" } ?? "") + (lateBells == 0 ? "" : ", \(lateBells) late")
            + (bellsMuted == 0 ? "" : ", \(bellsMuted) muted")
        let times = "\(pauses) \(pauses == 1 ? "time" : "times")"
        let paused = pausedSeconds > 0
            ? ", \(TimerDuration(seconds: pausedSeconds).formatted) paused" + (pauses == 0 ? "" : " (\(times))")
            : pauses == 0 ? "" : ", paused \(times)"
        let volume = !volumeChanged ? "" : endedMuted ? "; ended \(volumeText(endVolume, muted: true))" : "; ended at \(volumeText(endVolume, muted: false))"
        switch ending {
        case .completed:
            return "Session complete: \(TimerDuration(seconds: total).formatted), \(bells)\(paused)\(volume)."
        case .stopped:
            return "Stopped at \(TimerDuration(seconds: elapsed).formatted)\(of); \(bells)\(paused)\(volume)."
        case .interrupted:
            return "Interrupted at \(TimerDuration(seconds: elapsed).formatted)\(of); \(bells)\(paused)\(volume)."
        }
    }
}

extension Timeline.Event {
    /// `Interval bell 2 (Tingsha)`, for displays.
    package var titleWithBell: String { title + (bell.map { " (\($0))" } ?? "") }
}

extension Lateness {
    /// `late 00:13`, or `late 01:40, rang with another bell` for a late bell rung together with another.
    package var text: String {
        "late \(TimerDuration(seconds: Int(seconds.rounded())).formatted)" + (rings ? "" : ", rang with another bell")
    }
}

/// Formats remaining time for the display, rounding up so that `00:00` shows only at the end.
package func countdown(_ seconds: Double) -> String {
    TimerDuration(seconds: Int(seconds.rounded(.up))).formatted
}


extension Timeline.End {
    /// The session's length as a run's header says it: `37:00`.
    package var text: String {
        switch self {
        case .fixed(let seconds): TimerDuration(seconds: seconds).formatted
        case .open: "open-ended"
        }
    }
}

extension RunState {
    /// `, ends 07:00 tomorrow` for the header, when the run says when it ends; otherwise nothing.
    package var endsText: String { ends.map { ", ends \($0)" } ?? "" }
}

/// The sit's volume as the run screen and the summary say it: `volume −9 dB`, `volume off` (silence),
/// `muted` (then the volume it comes back to: `muted (volume −6 dB)`), `volume 0 dB`.
package func volumeText(_ decibels: Double?, muted: Bool) -> String {
    let level = decibels.map { $0 == 0 ? "volume 0 dB" : "volume \u{2212}\(Int(-$0.rounded())) dB" } ?? "volume off"
    guard muted else { return level }
    return decibels == 0 ? "muted" : "muted (\(level))"
}
