import Breath

/// How far a sit has come, as the record of a sit in progress keeps it (issue 30): what the journal
/// logs of the sit if the run is cut off now.
package struct SitProgress: Hashable, Sendable {
    /// Session seconds reached, pauses left out.
    package var elapsed: Int
    /// Real seconds not sat so far: pauses of every kind, the stop question, stops and sleeps.
    package var pausedSeconds: Int
    /// Bells that sounded so far.
    package var bellsRung: Int
    /// The breathing the pacer led so far; nil for a sit without one (issue 48).
    package var breathing: SitBreathing?

    package init(elapsed: Int, pausedSeconds: Int, bellsRung: Int, breathing: SitBreathing? = nil) {
        self.elapsed = elapsed
        self.pausedSeconds = pausedSeconds
        self.bellsRung = bellsRung
        self.breathing = breathing
    }
}


/// Where a run keeps the record of its sit while it lasts. The runner saves at the start, at every
/// pause and resume (space, the stop question, Ctrl-Z, a sleep), at every event (each bell), and once a
/// minute of session time in between; the live store writes a file a later command recovers the sit
/// from, a test's counts the saves.
package protocol SitProgressStore: AnyObject {
    /// Keeps `progress` in place of the last. Returns what to tell the user when it could not be kept
    /// (`the sit is not kept against a crash: …`); the runner shows the first such note, once.
    func save(_ progress: SitProgress) -> String?
}
