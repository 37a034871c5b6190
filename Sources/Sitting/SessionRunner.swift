import Breath
import LocalTime
import ProfileKit
import Players

/// The run's clocks in seconds: its only source of time.
package protocol RunClock: AnyObject {
    /// Seconds since some fixed moment, not counting time the machine was suspended; never goes back.
    func now() -> Double
    /// Seconds since boot, counting time the machine was suspended: where it grows faster than ``now()``,
    /// the machine slept.
    func boot() -> Double
    /// Waits `seconds` on this clock, for the players' own short waits (a ringer's ``SoundClock``): the
    /// process sleeps on the real one; a manual clock moves on by them, so a wait on it always ends.
    func sleep(seconds: Double)
}

/// A key the user pressed during a run.
package enum RunKey: Hashable, Sendable {
    /// Space: pause or resume.
    case pause
    /// `q`: ask to stop.
    case quit
    /// `y`: yes to the question.
    case yes
    /// Ctrl-C or a termination signal: stop now.
    case interrupt
    /// Ctrl-Z (SIGTSTP): stop the program for now.
    case suspend
    /// `-`: the sit's sound 3 dB quieter.
    case volumeDown
    /// `+` or `=`: the sit's sound 3 dB louder, up to the profile's own volumes.
    case volumeUp
    /// `m`: mute or unmute everything.
    case mute
    /// `a`: the ambience off or on.
    case ambience
    /// Anything else (also no to the question).
    case other
}

/// What ended a wait of the runner's.
package enum RunWake: Hashable, Sendable {
    /// The time asked for came, and nothing else happened.
    case timeout
    /// A key was pressed, or a signal came that acts as one (Ctrl-C, SIGTERM, SIGHUP, Ctrl-Z).
    case key(RunKey)
    /// The program runs again after being stopped from elsewhere (SIGSTOP, then SIGCONT): the terminal
    /// was taken back, and a live display is drawn anew.
    case continued
    /// The terminal changed size: a live display is drawn anew.
    case resized
    /// A bell's player ended.
    case child
    /// The machine woke from sleep, as logind said; the boot clock says for how long it slept.
    case woke
}

/// Where the runner waits: for the first of a key, a signal, a player ending or the time it asks for.
/// Live, one `poll` over the terminal and a pipe the signal handlers write to; in tests, a script.
package protocol RunInput: AnyObject {
    /// Waits up to `timeout` real seconds (nil: until something happens) and says what ended the wait.
    func wait(upTo timeout: Double?) -> RunWake
    /// Puts the terminal back, stops the program until it is continued, then takes the terminal again.
    func suspend()
    /// Whether keys are read: without them a pause that waits for space would never end.
    var readsKeys: Bool { get }
}

/// What a display is shown of a run.
package struct RunState: Sendable {
    /// The profile's name.
    package var name: String
    /// The plan.
    package var timeline: Timeline
    /// Seconds of the session gone (session time: real time × speed, pauses left out).
    package var elapsed: Double
    /// Whether the session is paused.
    package var isPaused = false
    /// Whether the user is being asked to confirm stopping.
    package var isConfirmingStop = false
    /// How bells ring: a player's name, `terminal bell` or `silent`.
    package var sound: String
    /// Whether the sound has a volume the keys can change: not the terminal bell's beep, nor no sound at
    /// all (issue 50: `-` said `volume −3 dB` for a terminal bell). A `--silent` run keeps its keys: the
    /// volume set is the one its bells would ring at.
    package var soundHasVolume: Bool { ![SystemBellRinger.terminalBellName, SystemBellRinger.noSound].contains(sound) }
    /// How many bells sounded so far.
    package var bellsRung = 0
    /// How many bells came while everything was muted (`m`): shown and counted as muted, not rung.
    package var bellsMuted = 0
    /// The sit's volume in dB (0: the profile's own volumes; nil: silence), as the keys set it.
    package var volume: Double? = 0
    /// Whether everything is muted (`m`).
    package var isMuted = false
    /// Whether the sit plays an ambience (its `a` key then switches it), and whether it is switched on.
    package var hasAmbience = false
    package var ambienceOn = true
    /// Why a bell that was due made no sound (`silent`, `no sound`), once one did not.
    package var silence: String?
    /// What the run says once under its header: `the computer may sleep during the sit: its power manager cannot be reached`.
    package var notes: [String] = []
    /// When the session ends on the local clock, for the header to say (`ends 07:00 tomorrow`): given to a
    /// run at speed 1 that `--until` sized or `--at` started.
    package var ends: LocalMoment?
    /// The breathing pacer of the sit, if it has one (issue 48).
    package var pacing: BreathPacing?
    /// The session seconds from which a sit that ends is logged (a minute); nil when the run is not
    /// logged at all. The stop question asked before then says a stop is not logged (issue 50).
    package var logsFrom: Double?

    /// Where the paced breath is, while the pacer leads; nil otherwise.
    package var breath: BreathPosition? {
        guard let pacing, pacing.leads(at: elapsed) else { return nil }
        return pacing.pattern.position(at: elapsed - pacing.start)
    }

    /// The part under way.
    package var part: Timeline.Part { timeline.part(at: elapsed) }

    /// What the stop question adds when a stop now would not be logged: `not logged before 01:00, 00:05
    /// to go` while the session is short of ``logsFrom``; nil when a stop is logged, or the run is not.
    package var unloggedStop: String? {
        guard let logsFrom, elapsed < logsFrom else { return nil }
        // A session shorter than that is never logged: no time to go would make it so.
        if case let .fixed(seconds) = timeline.end, Double(seconds) < logsFrom {
            return "not logged: a sit under \(TimerDuration(seconds: Int(logsFrom)).formatted) never is"
        }
        return "not logged before \(TimerDuration(seconds: Int(logsFrom)).formatted), \(countdown(logsFrom - elapsed)) to go"
    }
    /// Seconds left in the part under way; nil in an open-ended main sit, which has no planned end.
    package var remainingInPart: Double? {
        let part = part
        if part.type == .main, timeline.isOpen { return nil }
        return max(0, Double(part.end) - elapsed)
    }
    /// Seconds sat in the part under way.
    package var satInPart: Double { max(0, elapsed - Double(part.start)) }
    /// Seconds left in the session; nil while its main sit is open-ended.
    package var remaining: Double? {
        switch timeline.end {
        case .fixed(let seconds): max(0, Double(seconds) - elapsed)
        case .open: nil
        }
    }
    /// The next event that rings a bell, if any is left.
    package var nextBell: Timeline.Event? { timeline.bells.first { Double($0.offset) > elapsed } }
    /// How far through the session, 0 to 1; nil while its main sit is open-ended.
    package var progress: Double? {
        switch timeline.end {
        case .fixed(let seconds): seconds > 0 ? min(1, elapsed / Double(seconds)) : 1
        case .open: nil
        }
    }
}

/// How a run ended.
package struct RunSummary: Hashable, Sendable {
    package enum Ending: Hashable, Sendable {
        /// The session ran to its end.
        case completed
        /// The user stopped it (q, then y).
        case stopped
        /// A signal stopped it (Ctrl-C, SIGTERM, SIGHUP), or the input did for its own reason (`run` stops
        /// when its output cannot be written).
        case interrupted
    }

    package var ending: Ending
    /// Session seconds that ran.
    package var elapsed: Int
    /// Bells that sounded, and bells the plan has.
    package var bellsRung: Int
    /// Nil for an open-ended sit cut off while its interval bells went on every so often.
    package var bellsPlanned: Int?
    /// How many times the session was paused.
    package var pauses: Int
    /// Why bells that were due made no sound (`silent`, `no sound`), if any did not.
    package var silence: String? = nil
    /// Bells that sounded late, for bells that came due while the program could not run.
    package var lateBells = 0
    /// Real seconds not sat: pauses of every kind, the stop question, stops (Ctrl-Z) and sleeps.
    package var pausedSeconds = 0
    /// Bells that came while everything was muted: not rung.
    package var bellsMuted = 0
    /// The volume the sit ended at, in dB (nil: silence), when the keys changed it from 0; nil when
    /// they did not (``volumeChanged``).
    package var endVolume: Double? = nil
    /// Whether the keys left the volume other than where the sit started (0 dB, not muted).
    package var volumeChanged = false
    /// Whether the sit ended muted.
    package var endedMuted = false
    /// The breathing the pacer led; nil for a sit without one.
    package var breathing: SitBreathing? = nil
}

/// Shows a run: a live display on a terminal, a log line per event elsewhere.
package protocol RunDisplay: AnyObject {
    func begin(_ state: RunState)
    /// An event happened; `report` says how its bell rang, if it has one, and `late` how late it came.
    func fired(_ event: Timeline.Event, report: RingReport?, late: Lateness?, state: RunState)
    /// The session was paused or resumed.
    func paused(_ isPaused: Bool, state: RunState)
    /// The machine slept for `seconds` (real seconds); the run is paused when keys can resume it.
    func slept(_ seconds: Double, state: RunState)
    /// The program is about to stop (Ctrl-Z): the display leaves the terminal as the shell expects it.
    func suspending(_ state: RunState)
    /// The program runs again after being stopped for `seconds` real seconds, and the run is paused.
    func continued(after seconds: Double, state: RunState)
    /// Something to tell the user once, as it happens (a bell player failed and was replaced).
    func note(_ text: String, state: RunState)
    /// Time passed, or something changed: a live display draws what changed since it last drew.
    func tick(_ state: RunState)
    /// Session seconds, after `elapsed`, at which what the display shows next changes by time alone;
    /// nil when it shows nothing between events (a log). The runner wakes then, and no more often.
    func nextChange(after elapsed: Double) -> Double?
    /// The frame may have been lost: the terminal changed size (`resized`: its lines may have been wrapped
    /// anew), or the program was stopped and continued from elsewhere (the shell wrote below it). The next
    /// ``tick(_:)`` draws it whole.
    func redraw(resized: Bool)
    /// The sit is over and logged, and its end bell rings on: a display that reads keys says q stops it.
    func ringingOut()
    /// The breathing pacer began leading (true) or stopped (false).
    func paced(_ leads: Bool, state: RunState)
    func end(_ summary: RunSummary, state: RunState)
    /// The wait before a sit that starts at a time of day (`run --at`): `title` (`Morning starts at
    /// 07:00`) and the whole seconds left, each time they change on a terminal, once elsewhere; `note`
    /// (the sleep lock's) is said once, above.
    func waiting(_ title: String, left seconds: Int, note: String?)
    /// The wait is over (the sit begins, or it was cancelled): a live display takes its frame away.
    func doneWaiting()
}

extension RunDisplay {
    package func nextChange(after elapsed: Double) -> Double? { nil }
    package func redraw(resized: Bool) {}
    package func ringingOut() {}
    package func paced(_ leads: Bool, state: RunState) {}

    /// An event that came on time.
    package func fired(_ event: Timeline.Event, report: RingReport?, state: RunState) {
        fired(event, report: report, late: nil, state: state)
    }
}

/// Drives a run: does what the ``RunMachine`` says (rings, shows, keeps the record, waits) and hands it
/// back what came of it; every rule of the sit is the machine's.
///
/// It sleeps until the first of: the next event's time, the next time the display's text changes (for a
/// live display, once a session second; a log shows nothing between events), the ringer's next look at
/// its players, or something the input reports (a key, a signal, a player ending). Piped, a run between
/// two bells is one wait.
///
/// The record of the sit in progress (a ``SitProgressStore``) is saved at the start, whenever an effect
/// changes the sit (an event, a pause, a resume, a stop, a sleep), and once a minute of session time but
/// no more than once a second of real time: the one periodic wake-up of a piped run; on a terminal the
/// minute falls on a second the display wakes for anyway.
package final class SessionRunner {
    package let timeline: Timeline
    package let speed: Double
    private let name: String
    private let clock: RunClock
    private let input: RunInput
    private let display: RunDisplay
    private let ringer: BellRinger
    private let sound: String
    private let notes: [String]
    private let ends: LocalMoment?
    private let progress: SitProgressStore?
    private let holdOffSleep: (Double) -> SleepHold
    private let ambience: Bool
    private let pacing: BreathPacing?
    private let logsFrom: Double?

    /// - Parameters:
    ///   - notes: what the run says once under its header (a player replaced before the sit).
    ///   - ends: when the session ends on the local clock, for the header (``RunState/ends``).
    ///   - progress: where the record of the sit in progress is kept; nil for a run that is not logged.
    ///   - holdOffSleep: holds off the machine's sleep for so many real seconds, when the machine says
    ///     (``RunEffect/holdSleep(seconds:)``); its note (`the computer may sleep during the sit: …`) joins `notes`.
    ///   - ambience: whether the ringer plays an ambience: it fades in and out as ``AmbienceFade`` says.
    ///   - pacing: the sit's breathing pacer, if it has one (the machine's: ``RunMachine``).
    ///   - logsFrom: the session seconds from which the sit is logged (``RunState/logsFrom``).
    package init(name: String, timeline: Timeline, speed: Double = 1, sound: String, notes: [String] = [], ends: LocalMoment? = nil,
                 clock: RunClock, input: RunInput, display: RunDisplay, ringer: BellRinger, progress: SitProgressStore? = nil,
                 holdOffSleep: @escaping (Double) -> SleepHold = { _ in SleepHold() }, ambience: Bool = false,
                 pacing: BreathPacing? = nil, logsFrom: Double? = nil) {
        precondition(speed > 0, "speed must be positive")
        self.logsFrom = logsFrom
        self.pacing = pacing
        self.ambience = ambience
        self.name = name
        self.timeline = timeline
        self.speed = speed
        self.sound = sound
        self.notes = notes
        self.ends = ends
        self.clock = clock
        self.input = input
        self.display = display
        self.ringer = ringer
        self.progress = progress
        self.holdOffSleep = holdOffSleep
    }

    /// What came of an effect: what to hand the machine, or the run's end.
    private enum Outcome {
        case reported([RunInputEvent])
        case ended(RunSummary)
    }

    /// Runs the session to its end, a confirmed stop or an interruption: does the machine's effects one
    /// by one, handing it what each found, until it says the run is over.
    package func run() -> RunSummary {
        var shown = RunState(name: name, timeline: timeline, elapsed: 0, sound: sound)
        (shown.notes, shown.ends, shown.hasAmbience, shown.logsFrom) = (notes, ends, ambience, logsFrom)
        var machine = RunMachine(timeline: timeline, speed: speed, start: clock.now(), keys: input.readsKeys,
                                 records: progress != nil, boot: clock.boot(), shown: shown, pacing: pacing)
        var sleep: SleepHold?
        var effects = RunMachine.opening(timeline: timeline, speed: speed)
        while true {
            switch perform(effects.removeFirst(), machine: machine, sleep: &sleep) {
            case .reported(let events): effects = machine.step(events, at: clock.now()) + effects
            case .ended(let summary): return summary
            }
        }
    }

    /// Does `effect`, and says what came of it.
    private func perform(_ effect: RunEffect, machine: RunMachine, sleep: inout SleepHold?) -> Outcome {
        let now = clock.now()
        switch effect {
        case .holdSleep(let seconds):
            sleep = holdOffSleep(seconds)
            return .reported([.held(note: sleep?.note, at: clock.now(), boot: clock.boot())])
        case .begin: display.begin(machine.state(at: now))
        case .fire(let event, let bell, let late, let muted):
            return .reported([.rang(event, bell.map { ringer.ring($0) }, late: late, muted: muted)])
        case .fired(let event, let report, let late): display.fired(event, report: report, late: late, state: machine.state(at: now))
        case .paused(let isPaused, let at): display.paused(isPaused, state: machine.state(at: at))
        case .setVolume(let decibels): ringer.setVolume(decibels: decibels)
        case .mute(let muted): ringer.setMuted(muted)
        case .ambience(let on): ringer.setAmbienceSwitch(on)
        case .fadeAmbience(let playing, let seconds): ringer.fadeAmbience(playing, seconds: seconds)
        case .expectBell(let time): ringer.expectBell(at: time)
        case .check:
            let checked = ringer.check()
            return .reported([.unsounded(checked.unsounded, notes: checked.notes)])
        case .note(let text): display.note(text, state: machine.state(at: now))
        case .tick: display.tick(machine.state(at: now))
        case .redraw(let resized): display.redraw(resized: resized)
        case .wait:
            let wake = input.wait(upTo: machine.timeout(at: now, nextFrame: { display.nextChange(after: $0) }, nextCheck: ringer.nextCheck))
            return .reported(RunMachine.events(of: wake, at: clock.now(), boot: clock.boot()))
        case .suspend:
            display.suspending(machine.state(at: now))
            input.suspend()
            return .reported([.continued(at: clock.now())])
        case .continued(let seconds): display.continued(after: seconds, state: machine.state(at: now))
        case .slept(let seconds): display.slept(seconds, state: machine.state(at: now))
        case .mainSitEnded: break
        case .breathCue(let pacing, let seconds, let at): return .reported([.cueHeard(ringer.setBreathCue(pacing, sitSeconds: seconds, at: at))])
        case .paced(let leads): display.paced(leads, state: machine.state(at: now))
        case .record(let sit): return .reported([progress?.save(sit)].compactMap { $0 }.map { .notKept($0) })
        case .releaseSleep:
            sleep?.release()
            sleep = nil
        case .settle(let grace, let limit): return .reported([settle(grace: grace, limit: limit)])
        case .finish(let ending):
            let summary = machine.summary(ending)
            display.end(summary, state: machine.state(at: now))
            return .ended(summary)
        }
        return .reported([])
    }

    /// Lets the players of the last bells fail if they fail at once (for up to `grace`), and a stream's
    /// sink read them or be found stuck (for up to `limit`); says what the ringer found. A key or a signal
    /// cuts the wait for the sink short.
    private func settle(grace: Double, limit: Double) -> RunInputEvent {
        let start = clock.now()
        let until = start + grace
        var checked = ringer.check()
        while true {
            let now = clock.now()
            if let known = ringer.soundedKnownBy.map({ min($0, start + limit) }), now < known {
                let wake = input.wait(upTo: max(0, min(known, ringer.nextCheck ?? known) - now))
                if case .key = wake { break }
            } else if !(ringer.isSounding && now < until && input.wait(upTo: until - now) == .child) {
                break
            }
            let more = ringer.check()
            checked.notes += more.notes
            checked.unsounded += more.unsounded
        }
        // What the last look found (a sink found stuck just as the wait ended) counts too.
        let last = ringer.check()
        return .unsounded(checked.unsounded + last.unsounded, notes: checked.notes + last.notes)
    }
}
