import Breath
import ProfileKit

/// Rings nothing (`--silent`).
package final class SilentRinger: BellRinger {
    package init() {}
    package func ring(_ choice: BellChoice) -> RingReport { RingReport(via: "silent", sounded: false) }
    package func finish(timeout: Double) {}
    package func prepare(_ choices: [BellChoice]) {}
    package func ringOut(stop: (Double) -> Bool) {}
    package var isSounding: Bool { false }
    package func check() -> RingerCheck { RingerCheck() }
    package var nextCheck: Double? { nil }
    package func setVolume(decibels: Double?) {}
    package func setMuted(_ muted: Bool) {}
    package func setAmbienceSwitch(_ on: Bool) {}
    package func fadeAmbience(_ playing: Bool, seconds: Double) {}
    package func expectBell(at time: Double?) {}
    package var soundedKnownBy: Double? { nil }
    package func setBreathCue(_ pacing: BreathPacing?, sitSeconds: Double, at time: Double) -> Bool { false }
}
