import Breath
import ProfileKit
import Players
import TextSupport

/// What holding off sleep gave: how to let the machine sleep again, and what the run's header says when
/// sleep could not be held off.
package struct SleepHold {
    /// Lets the machine sleep again; called once, when the sit ends in any way.
    package var release: () -> Void
    /// `the computer may sleep during the sit: its power manager cannot be reached`, when it could not be.
    package var note: String?

    package init(release: @escaping () -> Void = {}, note: String? = nil) {
        self.release = release
        self.note = note
    }
}

/// Everything a sit reaches outside its own rules, as one value: the clocks, the events it waits for,
/// the display, the bells, the machine's sleep and the journal. `run` builds the live one (the terminal,
/// the players, logind, the journal file); a test builds its own, and runs a whole sit without a clock,
/// a terminal, a player, a bus or a file.
package struct SitEnvironment {
    package var clock: RunClock
    package var input: RunInput
    package var display: RunDisplay
    package var ringer: BellRinger
    /// Checks, before the sit, that the bells can sound (a player that fails at once is replaced); what
    /// the header says about it.
    package var checkBells: () -> [String]
    /// How the bells sound, as the header says it (`paplay`, `terminal bell`, `silent`), once checked.
    package var sound: () -> String
    /// Holds off sleep for a sit of so many real seconds from now.
    package var holdOffSleep: (_ seconds: Double) -> SleepHold
    /// Logs the finished sit (or says why not); throws when the journal could not be written.
    package var record: (RunSummary) throws(CarriedError) -> Void
    /// Keeps the record of the sit in progress, for a sit that will be logged: what a later command
    /// logs if the run is cut off. ``record`` removes it once the sit is in the journal.
    package var progress: SitProgressStore?
    /// Whether the ringer plays an ambience under the bells (the profile's Ambience, at speed 1, not
    /// silent): the run fades it in and out and its `a` key switches it.
    package var ambience = false
    /// The session seconds from which a sit that ends is logged; nil when it is not logged at all. Before
    /// then the stop question says a stop now is not logged (``RunState/logsFrom``).
    package var logsFrom: Double?

    package init(clock: RunClock, input: RunInput, display: RunDisplay, ringer: BellRinger,
                 checkBells: @escaping () -> [String] = { [] }, sound: @escaping () -> String,
                 holdOffSleep: @escaping (Double) -> SleepHold = { _ in SleepHold() },
                 record: @escaping (RunSummary) throws(CarriedError) -> Void, progress: SitProgressStore? = nil) {
        self.clock = clock
        self.input = input
        self.display = display
        self.ringer = ringer
        self.checkBells = checkBells
        self.sound = sound
        self.holdOffSleep = holdOffSleep
        self.record = record
        self.progress = progress
    }
}

/// A sit from start to end, in its order: the bells made ready and checked, sleep held off, the session
/// run, sleep let go, the sit logged, and the end bell let ring out (unless the sit was cut short or a
/// key stops it).
package struct SitSession {
    package let name: String
    package let timeline: Timeline
    package let speed: Double
    /// When the session ends on the local clock, for the run's header (``RunState/ends``); nil when it
    /// is not said.
    package let ends: LocalMoment?
    /// The breathing pacer, if the sit has one (issue 48).
    package let pacing: BreathPacing?

    package init(name: String, timeline: Timeline, speed: Double, ends: LocalMoment? = nil, pacing: BreathPacing? = nil) {
        self.pacing = pacing
        self.name = name
        self.timeline = timeline
        self.speed = speed
        self.ends = ends
    }

    /// Runs the sit in `environment` and returns how it ended; throws when its record could not be written
    /// (after the sit, the summary shown and sleep let go).
    package func perform(in environment: SitEnvironment) throws(CarriedError) -> RunSummary {
        let ringer = environment.ringer
        ringer.prepare(timeline.bells.compactMap(\.bell))
        let notes = environment.checkBells()
        // Sleep is held from the warm-up to the end bell, pauses included, and let go however the session
        // ends: the run machine's first and last effects (``RunEffect/holdSleep(seconds:)``).
        let runner = SessionRunner(name: name, timeline: timeline, speed: speed, sound: environment.sound(), notes: notes, ends: ends,
                                   clock: environment.clock, input: environment.input, display: environment.display,
                                   ringer: ringer, progress: environment.progress, holdOffSleep: environment.holdOffSleep,
                                   ambience: environment.ambience, pacing: pacing, logsFrom: environment.logsFrom)
        let summary = runner.run()
        // The last bell rings out (a bell rings for up to a minute) after the sit is logged, unless the user
        // asked to stop; while it rings, q, Ctrl-C or a closed terminal stops it.
        let ringsOut = summary.ending == .completed && ringer.isSounding
        if !ringsOut { ringer.finish(timeout: 0) }
        try environment.record(summary)
        if ringsOut {
            environment.display.ringingOut()
            ringer.ringOut { seconds in
                switch environment.input.wait(upTo: seconds) {
                case .key(.quit), .key(.interrupt): true
                default: false
                }
            }
        }
        return summary
    }
}
