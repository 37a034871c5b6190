import Breath
import ProfileKit
import Players

/// Why the session's clock stands still.
package enum PauseReason: Hashable, Sendable {
    /// The user pressed space.
    case space
    /// The user is being asked whether to stop: time spent answering is not sat, and no bell rings
    /// between `q` and the answer.
    case question
    /// The program was stopped (Ctrl-Z); after `fg` the run stays paused until space.
    case stopped
    /// The machine slept (suspended, lid closed); on waking the run stays paused until space.
    case slept
}

/// How late an event came, when the program could not run at its time (a stopped process, a busy or
/// suspended machine).
package struct Lateness: Hashable, Sendable {
    /// Session seconds between the event's time and when it fired.
    package var seconds: Double
    /// Whether this event's bell is the one rung for the late bells; the others ring with it (once).
    package var rings: Bool
}

/// Something the run asks its driver to do. The driver does each as it comes and hands what it found
/// (a ring's report, the ringer's look, a wake-up) back to ``RunMachine/step(_:at:)``; it decides nothing.
package enum RunEffect: Hashable, Sendable {
    /// An event is due: ring `ring` (nil when the event has no bell, its bell rings with another one, or
    /// everything is muted: `muted`), then hand the machine ``RunInputEvent/rang(_:_:late:muted:)``.
    case fire(Timeline.Event, ring: BellChoice?, late: Lateness?, muted: Bool = false)
    /// Show that an event fired and how its bell rang (`muted`, when it was muted), `late` when it came late.
    case fired(Timeline.Event, report: RingReport?, late: Lateness?)
    /// The session was paused or resumed at monotonic `at` (the key's time): what the display says is
    /// the session's time then, not when the effect is done (at --speed 400 a session second is 2.5 ms).
    case paused(Bool, at: Double)
    /// The sitter ended the open-ended main sit: ``RunMachine/timeline`` now plans what follows it.
    case mainSitEnded
    /// Stop the program (Ctrl-Z): restore the terminal, stop, and on continuing hand the machine
    /// ``RunInputEvent/continued(at:)``.
    case suspend
    /// The program runs again after being stopped for `seconds` (real seconds); the run is paused.
    case continued(after: Double)
    /// The machine slept for `seconds` (real seconds); the run is paused when keys can resume it.
    case slept(Double)
    /// Keep the record of the sit in progress as `progress` says (a logged run only): at the start, after
    /// every change (an event, a pause, a resume, a stop, a sleep, the stop question), and once a minute
    /// of session time but at most once a real second (``RecordCadence``). A record that cannot be kept
    /// comes back as ``RunInputEvent/notKept(_:)``.
    case record(SitProgress)
    /// Hold off the machine's sleep for `seconds` of real time from now: the whole session at its speed,
    /// pauses included (an open-ended one as long as it could last). The first effect of a run; its hold
    /// comes back as ``RunInputEvent/held(note:at:boot:)``.
    case holdSleep(seconds: Double)
    /// Let the machine sleep again: just before ``finish(_:)``, however the run ends.
    case releaseSleep
    /// Let the bells still sounding at the end fail if they fail at once (for up to `grace` real seconds),
    /// and a stream's sink read them or be found stuck (for up to `limit`); a key or a signal cuts the
    /// wait for the sink short. What the ringer found comes back as ``RunInputEvent/unsounded(_:notes:)``.
    case settle(grace: Double, limit: Double)
    /// The run is over: show its summary (``RunMachine/summary(_:)``).
    case finish(RunSummary.Ending)
    /// The sit's volume is now `decibels` (0: the profile's own volumes; nil: silence): the `-` and `+` keys.
    case setVolume(Double?)
    /// Everything is muted (true) or heard again: the `m` key.
    case mute(Bool)
    /// The ambience is switched on (true) or off: the `a` key.
    case ambience(Bool)
    /// Fade the ambience in (true) or out (false) over `seconds` real seconds, as ``AmbienceFade`` says.
    case fadeAmbience(playing: Bool, seconds: Double)
    /// The monotonic time the next bell is due, nil when the next event rings none: a stream keeps what
    /// it writes ahead from passing it.
    case expectBell(at: Double?)
    /// Look after the ringer's players (``BellRinger/check()``) and hand back what it found as
    /// ``RunInputEvent/unsounded(_:notes:)``.
    case check
    /// Tell the user `text`, once, as it happens.
    case note(String)
    /// Show the run as it stands (``RunMachine/state(at:)``): the start's header.
    case begin
    /// Time passed, or something changed: a live display draws what changed.
    case tick
    /// The frame may have been lost (`resized`: the terminal changed size; else the program was continued
    /// from elsewhere): the next tick draws it whole.
    case redraw(resized: Bool)
    /// Play the breathing pacer's cue from session second `sitSeconds` (``BellRinger/setBreathCue(_:sitSeconds:)``),
    /// or stop it (nil); hand the machine whether it is heard as ``RunInputEvent/cueHeard(_:)``.
    case breathCue(BreathPacing?, sitSeconds: Double, at: Double)
    /// The pacer began leading the breath (true) or stopped (false): a log says so in a line.
    case paced(Bool)
    /// Wait for the first of a key, a signal, a player's end and the machine's next deadline
    /// (``RunMachine/timeout(at:nextFrame:nextCheck:)``), then hand the machine what came
    /// (``RunMachine/events(of:at:boot:)``).
    case wait
}

/// What happens to a run: the driver feeds these to ``RunMachine/step(_:at:)``. The first are what
/// happened (time passing, keys, signals); the last are reports of what an effect found.
package enum RunInputEvent: Hashable, Sendable {
    /// The monotonic clock reads `now` (real seconds).
    case time(Double)
    /// A key was pressed at `now`.
    case key(RunKey, at: Double)
    /// The program runs again at `now` after ``RunEffect/suspend``.
    case continued(at: Double)
    /// The machine slept for `seconds` (the boot clock grew that much more than the monotonic one) and
    /// woke before `now`.
    case slept(Double, at: Double)
    /// The driver woke at monotonic time `now`, when the boot clock read `boot`; `loginWoke` when logind
    /// said the machine woke. The machine tells a sleep from them (``SleepClocks``).
    case clocks(Double, boot: Double, loginWoke: Bool)
    /// The terminal changed size at `now` (SIGWINCH).
    case resized(at: Double)
    /// The program runs again at `now` after being stopped from elsewhere (SIGSTOP, then SIGCONT).
    case continuedFromElsewhere(at: Double)
    /// Sleep is held off (``RunEffect/holdSleep(seconds:)``), with what to say of it, and the run's clock
    /// starts at monotonic `now`, the boot clock reading `boot`: the wait for the lock is no time sat.
    case held(note: String?, at: Double, boot: Double)
    /// What ``RunEffect/fire(_:ring:late:muted:)`` rang: the ringer's report (nil when it rang nothing).
    case rang(Timeline.Event, RingReport?, late: Lateness?, muted: Bool)
    /// The ringer found `count` bells it had reported as sounded did not sound, and has `notes` to say.
    case unsounded(Int, notes: [String] = [])
    /// A record of the sit in progress could not be kept: `note` says why.
    case notKept(String)
    /// What ``RunEffect/breathCue(_:sitSeconds:)`` found: whether the cue is heard.
    case cueHeard(Bool)

    /// Whether the event is something that happened (a wake-up's), not an effect's report.
    var isWake: Bool {
        switch self {
        case .time, .key, .continued, .slept, .clocks, .resized, .continuedFromElsewhere: true
        case .held, .rang, .unsounded, .notKept, .cueHeard: false
        }
    }
}

/// The rules of a run as a value: it takes events (time passing, keys) and returns effects (fire an
/// event, ring, pause, finish); it never reads a clock, so every rule is tested without one.
///
/// Session time is computed from the monotonic clock: `(now − start − time paused) × speed`. Nothing is
/// accumulated from sleeps, so late wake-ups never add up to drift, and a paused session resumes exactly
/// where it was.
///
/// Missed bells: bells that came due while the program could not run (more than ``lateAfter`` real
/// seconds before it looked) ring once, together, as soon as it runs again: the most important of them
/// (the end before the cool-down before the main sit before an interval) is rung and the others are shown
/// as ringing with it. When the next bell on time is due within ``lateGap`` session seconds, the late bells
/// ring with it instead, so lateness never puts two bells within ten seconds; later bells keep their times.
package struct RunMachine: Sendable {
    /// Real seconds after its time that an event counts as late rather than merely a slow wake-up.
    package static let lateAfter = 1.0
    /// Real seconds the boot clock must gain on the monotonic one to count as the machine having slept.
    package static let sleepAfter = 1.0
    /// Session seconds within which a late bell and the next bell would both sound: the late one rings with it.
    package static let lateGap = 10.0

    /// The plan; an open-ended main sit becomes a fixed one when the sitter ends it.
    package private(set) var timeline: Timeline
    package let speed: Double
    /// Real seconds after an event's time that the driver wakes for it, so that the clock has surely
    /// passed it (a wake on the dot could read a hair before it and wait again for nothing).
    package static let margin = 0.000_5
    /// The shortest time between two redraws, in real seconds, whatever the speed.
    package static let shortestRedraw = 0.1
    /// Real seconds the bells still sounding at the end are given to fail before they are counted: a
    /// player that fails at once on the end bell is known (and replaced, or the bell not counted).
    package static let finishGrace = 0.25
    /// The longest the run waits at the end for a stream's sink to show that it read the last bells
    /// (``BellRinger/soundedKnownBy``): a sink that reads nothing fails by then.
    package static let settleLimit = StreamRinger.stallLimit + 0.5

    var start: Double
    private var pausedAt: Double?
    private var pausedTotal = 0.0
    /// Why the clock stands still; empty while it runs.
    package private(set) var pausedFor: Set<PauseReason> = []
    /// Whether the user paused the session (space), as the display says.
    package var isPaused: Bool { !pausedFor.isDisjoint(with: [.space, .stopped, .slept]) }
    /// Whether keys are read, so that a pause after a stop or a sleep can be ended with space.
    private let keys: Bool
    /// How many times the session was paused.
    package private(set) var pauses = 0
    /// Whether the user is being asked to confirm stopping.
    package var isConfirmingStop: Bool { pausedFor.contains(.question) }
    /// The sit's volume in dB: 0 (the profile's own volumes, where a sit starts) down to ``quietest`` in
    /// steps of ``volumeStep``; nil is silence, one `-` past the quietest.
    package private(set) var volume: Double? = 0
    /// Whether everything is muted (`m`).
    package private(set) var isMuted = false
    /// Whether the ambience is on (`a` switches it; a sit starts with it on).
    package private(set) var ambienceOn = true
    /// dB a press of `-` or `+` changes the volume by.
    package static let volumeStep = 3.0
    /// The quietest volume before silence, in dB.
    package static let quietest = -30.0
    /// The index of the next event to fire.
    package private(set) var next = 0
    /// When the program was stopped (Ctrl-Z), until it runs again.
    private var suspendedAt: Double?
    /// Real seconds the machine slept: the monotonic clock never counted them.
    private var slept = 0.0
    /// Events that came late and ring with the next bell.
    private var carried: [Timeline.Event] = []
    /// How the run ended, once it has.
    package private(set) var ending: RunSummary.Ending?
    /// When the record of the sit in progress was kept; nil when the run keeps none.
    var recording: RecordCadence?
    /// The boot clock against the monotonic one, to tell a sleep.
    var sleepClocks: SleepClocks
    /// Whether the run has just begun: keys typed before it (a Ctrl-C while the bells were checked) are
    /// taken before its first bell, without waiting.
    var opening = false
    /// What the display shows that is not the machine's: the name, how bells ring, the notes, the end.
    var shown: RunState
    /// When the ambience fades, for a sit that plays one.
    var fade: AmbienceFade?
    /// Bells that sounded, as the ringer reported them and its later looks left them.
    package private(set) var bellsRung = 0
    /// Bells that came while everything was muted: not rung.
    package private(set) var bellsMuted = 0
    /// Bells that sounded late.
    package private(set) var lateBells = 0
    /// Why a bell that was due made no sound, once one did not.
    var silence: String?
    /// When the run ended: the summary's moment, however long its last bells take to settle.
    var endedAt: Double?
    /// Bells of the last wake-up whose reports a record due waits for (it counts them), and its moment.
    var recordAwaits = 0
    var recordAt = 0.0
    /// Whether a record that could not be kept was said: once.
    private var notKeptSaid = false
    /// The breathing pacer's span and pattern, for a sit it leads (its end cut where an open main sit ends).
    package internal(set) var pacing: BreathPacing?
    /// Whether the ringer was last asked to play the cue (not to stop it).
    var cuePlaying = false
    /// Whether the ringer said it cannot make the cue heard: said once, and not asked again.
    var cueUnheard = false
    /// Whether the ringer has made the cue heard at all: a cue lost later went with the stream.
    var cueWasHeard = false
    /// Whether the pacer leads, as last shown (``RunEffect/paced(_:)``).
    var pacedShown = false

    /// The run's first effects, before its clock starts and anything is shown: sleep held off for as
    /// long as a session of `timeline` at `speed` can last in real time (``RunEffect/holdSleep(seconds:)``).
    /// Static, since the machine starts only once they are done: a lock logind is slow to give is no
    /// time sat.
    package static func opening(timeline: Timeline, speed: Double) -> [RunEffect] {
        let seconds = switch timeline.end {
        case .fixed(let seconds): Double(seconds) / speed
        // As long as it could last: the sitter ends it.
        case .open: Double(Timeline.openHorizon + (timeline.closing.events.last?.offset ?? 0)) / speed
        }
        return [.holdSleep(seconds: seconds)]
    }

    /// The last effects of a run that ends as `ending`: the pacer stopped, sleep let go, then the end.
    private mutating func finishing(_ ending: RunSummary.Ending, at now: Double) -> [RunEffect] {
        pacerStopped(at: now) + [.releaseSleep, .finish(ending)]
    }

    /// A run of `timeline` starting at monotonic time `start`.
    /// - Parameter keys: whether keys are read; without them a stop or a sleep is still left out of the
    ///   session, but the run goes on at once instead of waiting for space.
    /// - Parameters:
    ///   - records: whether the run keeps a record of its sit in progress: the machine then asks for
    ///     ``RunEffect/record`` as ``RecordCadence`` says.
    ///   - boot: the boot clock at `start`, from which ``RunInputEvent/clocks(_:boot:loginWoke:)`` tells a sleep.
    ///   - shown: what the display shows besides the machine's own state (the name, how bells ring, the
    ///     header's notes, the end on the local clock); its `hasAmbience` says that the sit plays an
    ///     ambience, which then fades as ``AmbienceFade`` says.
    ///   - pacing: the breathing pacer of the sit, if it has one: the machine starts and stops its cue and
    ///     counts the breaths it led.
    package init(timeline: Timeline, speed: Double, start: Double, keys: Bool = true, records: Bool = false, boot: Double? = nil,
                 shown: RunState? = nil, pacing: BreathPacing? = nil) {
        precondition(speed > 0, "speed must be positive")
        self.keys = keys
        self.timeline = timeline
        self.speed = speed
        self.start = start
        recording = records ? RecordCadence(start: start) : nil
        sleepClocks = SleepClocks(ahead: (boot ?? start) - start)
        self.shown = shown ?? RunState(name: "", timeline: timeline, elapsed: 0, sound: "")
        fade = self.shown.hasAmbience ? AmbienceFade(speed: speed) : nil
        self.pacing = pacing
    }

    /// Session seconds gone at monotonic time `now`, pauses left out.
    package func elapsed(at now: Double) -> Double {
        let elapsed = sessionTime(at: now)
        switch timeline.end {
        case .fixed(let seconds): return min(elapsed, Double(seconds))
        case .open: return min(elapsed, Double(openMainEnd))
        }
    }

    /// Session seconds gone at `now`, pauses left out, past the end too: how late an event is.
    private func sessionTime(at now: Double) -> Double {
        ((pausedAt ?? now) - start - pausedTotal) * speed
    }

    /// Real seconds not sat by `now`: every pause (space, the stop question, Ctrl-Z) and every sleep.
    package func pausedSeconds(at now: Double) -> Double {
        pausedTotal + (pausedAt.map { now - $0 } ?? 0) + slept
    }

    /// Where an open-ended main sit ends when nobody ends it: ``Timeline/openHorizon`` after its start.
    private var openMainEnd: Int {
        timeline.parts.first { $0.type == .main }?.end ?? 0
    }

    /// Real seconds from `now` until the next event is due (for an open-ended main sit with no bell left,
    /// its end at the horizon); nil while paused or when the run is over.
    package func untilNextEvent(at now: Double) -> Double? {
        guard pausedFor.isEmpty, ending == nil else { return nil }
        let due: Int
        if next < timeline.events.count {
            due = timeline.events[next].offset
        } else if timeline.isOpen {
            due = openMainEnd
        } else {
            return nil
        }
        return (Double(due) - elapsed(at: now)) / speed
    }

    /// Whether `y` to the stop question ends the main sit rather than the session: an open-ended main
    /// sit under way (in its warm-up, or once it has been ended, `y` stops the session as in any run).
    package func endsMainSit(at now: Double) -> Bool {
        timeline.isOpen && timeline.part(at: elapsed(at: now)).type == .main
    }

    /// Ends an open-ended main sit at session second `end`: the events before it have fired, and the
    /// main sit's end, the cool-down and the End bell come next.
    private mutating func endMainSit(at end: Int) {
        timeline = timeline.endingMainSit(at: end)
        next = timeline.events.firstIndex { $0.kind == .mainEnd } ?? timeline.events.count
        pacing = pacing.map { Self.cut($0, mainEnd: Double(end)) }
    }

    /// Takes an event and returns what to do, in order.
    package mutating func handle(_ input: RunInputEvent) -> [RunEffect] {
        switch input {
        case .held(let note, let now, let boot):
            // The clock starts once sleep is held off: a lock logind is slow to give is no time sat.
            start = now
            recording = recording.map { _ in RecordCadence(start: now) }
            sleepClocks = SleepClocks(ahead: boot - now)
            shown.notes += note.map { [$0] } ?? []
            opening = true
            return [.begin, .wait]
        case .rang(let event, let report, let late, let muted):
            return rang(event, report: report, late: late, muted: muted)
        case .unsounded(let count, let notes):
            bellsRung -= min(count, bellsRung)
            return notes.map { .note($0) }
        case .notKept(let note):
            defer { notKeptSaid = true }
            return notKeptSaid ? [] : [.note(note)]
        case .cueHeard(let heard):
            return cueHeard(heard)
        default:
            guard ending == nil else { return [] }
            return happen(input)
        }
    }

    /// Takes what happened while the run goes on.
    private mutating func happen(_ input: RunInputEvent) -> [RunEffect] {
        switch input {
        case .time(let now):
            return advance(to: now)
        case .resized(let now):
            return [.redraw(resized: true)] + advance(to: now)
        case .continuedFromElsewhere(let now):
            return [.redraw(resized: false)] + advance(to: now)
        case .held, .rang, .unsounded, .notKept, .cueHeard:
            return []
        case .key(let key, let now):
            // Ctrl-C stops now, before anything due would fire: one that came before the sit started (while
            // the bells were checked) rings no bell.
            var effects = key == .interrupt ? [] : advance(to: now)
            guard ending == nil else { return effects }
            effects += press(key, at: now)
            return effects
        case .continued(let now):
            // The stop's own length: a pause before it (space, the question) is not part of it.
            let effects: [RunEffect] = [.continued(after: suspendedAt.map { now - $0 } ?? 0)]
            suspendedAt = nil
            if !keys { resume(from: .stopped, at: now) }
            return effects
        case .clocks(let now, let boot, let loginWoke):
            guard let seconds = sleepClocks.slept(now: now, boot: boot, loginWoke: loginWoke) else { return [] }
            return handle(.slept(seconds, at: now))
        case .slept(let seconds, let now):
            slept += seconds
            // The monotonic clock did not count the sleep, so the session already leaves it out; the run
            // pauses from waking so that the sitter, perhaps gone, finds it where it was.
            if keys {
                if !isPaused { pauses += 1 }
                stop(for: .slept, at: now)
            }
            return [.slept(seconds)]
        }
    }

    private mutating func press(_ key: RunKey, at now: Double) -> [RunEffect] {
        switch key {
        case .interrupt:
            ending = .interrupted
            endedAt = now
            return finishing(.interrupted, at: now)
        case .yes where isConfirmingStop && endsMainSit(at: now):
            // The time spent answering is not sat: the main sit ends where the question stopped the clock.
            endMainSit(at: Int(elapsed(at: now)))
            resume(from: .question, at: now)
            return [.mainSitEnded] + advance(to: now)
        case .yes where isConfirmingStop:
            ending = .stopped
            endedAt = now
            return finishing(.stopped, at: now)
        case .quit where !isConfirmingStop:
            // The clock stands still while the question is asked: a pause, counted as one, so that the
            // summary's count and its paused time agree (issue 50: `00:05 paused (1 time)` counted the
            // question's seconds but not the question).
            if !isPaused { pauses += 1 }
            stop(for: .question, at: now)
            return []
        case .suspend:
            let wasPaused = isPaused
            suspendedAt = now
            stop(for: .stopped, at: now)
            if !wasPaused { pauses += 1 }
            // The cue stops with the program; it starts again when the run goes on.
            return cueStopped(at: now) + [.suspend]
        case .pause where !isConfirmingStop:
            if isPaused {
                pausedFor.subtract([.stopped, .slept])
                resume(from: .space, at: now)
                return [.paused(false, at: now)]
            }
            stop(for: .space, at: now)
            pauses += 1
            return [.paused(true, at: now)]
        case .volumeDown where !isConfirmingStop:
            guard shown.soundHasVolume, let volume else { return [] }
            let lower = volume - Self.volumeStep
            self.volume = lower < Self.quietest ? nil : lower
            return [.setVolume(self.volume)]
        case .volumeUp where !isConfirmingStop:
            guard shown.soundHasVolume, volume != 0 else { return [] }
            volume = volume.map { min(0, $0 + Self.volumeStep) } ?? Self.quietest
            return [.setVolume(volume)]
        case .mute where !isConfirmingStop:
            isMuted.toggle()
            return [.mute(isMuted)]
        case .ambience where !isConfirmingStop:
            ambienceOn.toggle()
            return [.ambience(ambienceOn)]
        default:
            if isConfirmingStop { resume(from: .question, at: now) }
            return []
        }
    }

    /// Stands the clock still for `reason` (it may already stand still for another).
    private mutating func stop(for reason: PauseReason, at now: Double) {
        if pausedFor.isEmpty { pausedAt = now }
        pausedFor.insert(reason)
    }

    /// Lets the clock go on once no reason holds it.
    private mutating func resume(from reason: PauseReason, at now: Double) {
        pausedFor.remove(reason)
        if pausedFor.isEmpty, let since = pausedAt {
            pausedTotal += now - since
            pausedAt = nil
        }
    }

    /// Fires every event due at `now`, merging late bells.
    private mutating func advance(to now: Double) -> [RunEffect] {
        var ended: [RunEffect] = []
        if timeline.isOpen, elapsed(at: now) >= Double(openMainEnd) {
            // Nobody ended the open-ended main sit before the longest a main sit lasts: it ends there.
            endMainSit(at: openMainEnd)
            ended = [.mainSitEnded]
        }
        return ended + fireDue(at: now)
    }

    private mutating func fireDue(at now: Double) -> [RunEffect] {
        let events = timeline.events
        let elapsed = elapsed(at: now)
        // Lateness from the session time not cut at the end: an end bell rung after a stop is late too.
        let reached = sessionTime(at: now)
        var due: [Timeline.Event] = []
        while next < events.count, Double(events[next].offset) <= elapsed {
            due.append(events[next])
            next += 1
        }
        var effects: [RunEffect] = []
        let lateSession = Self.lateAfter * speed
        let late = due.filter { reached - Double($0.offset) > lateSession }
        let onTime = due.filter { reached - Double($0.offset) <= lateSession }
        let lateHere = late.filter { $0.bell != nil }
        let lateBells = carried + lateHere
        carried = []
        // The late bells ring with the next bell when it is due soon; with the one rung now otherwise.
        var ringer: Timeline.Event?
        if !lateBells.isEmpty {
            let soon = onTime.contains { $0.bell != nil }
                || (next < events.count && events[next...].first { $0.bell != nil }.map {
                    Double($0.offset) - elapsed < Self.lateGap } == true)
            if soon {
                carried = onTime.contains { $0.bell != nil } ? [] : lateBells
            } else {
                // Of equals, the latest: it is the least late. A bell of this batch rings, so that bells
                // carried to a next bell that itself came late (a second stop) never go unrung.
                let pool = lateHere.isEmpty ? lateBells : lateHere
                ringer = pool.dropFirst().reduce(pool[0]) { Self.rank($1.kind) >= Self.rank($0.kind) ? $1 : $0 }
            }
        }
        for event in late {
            let rings = event == ringer
            let lateness = Lateness(seconds: reached - Double(event.offset), rings: rings)
            effects.append(fire(event, ring: rings ? event.bell : nil, late: lateness))
        }
        if let ringer, !late.contains(ringer) {
            // Only carried bells, and no next bell soon after all: the most important of them rings now.
            effects.append(fire(ringer, ring: ringer.bell, late: Lateness(seconds: reached - Double(ringer.offset), rings: true)))
        }
        for event in onTime {
            effects.append(fire(event, ring: event.bell, late: nil))
        }
        if next == events.count, !timeline.isOpen {
            ending = .completed
            endedAt = now
            effects += finishing(.completed, at: now)
        }
        return effects
    }

    /// Fires `event`, ringing `ring` unless everything is muted: a muted bell is counted as muted, not rung.
    private mutating func fire(_ event: Timeline.Event, ring: BellChoice?, late: Lateness?) -> RunEffect {
        guard ring != nil, isMuted else { return .fire(event, ring: ring, late: late) }
        bellsMuted += 1
        return .fire(event, ring: nil, late: late, muted: true)
    }

    /// Counts how a bell rang (a late one that sounded as late; one that did not says why), and shows it.
    /// The last report a record waits for brings the record, which then counts its bell.
    private mutating func rang(_ event: Timeline.Event, report: RingReport?, late: Lateness?, muted: Bool) -> [RunEffect] {
        if let report, report.sounded {
            bellsRung += 1
            lateBells += late == nil ? 0 : 1
        } else if let report {
            silence = report.via
        }
        var effects: [RunEffect] = [.fired(event, report: muted ? RingReport(via: "muted", sounded: false) : report, late: late)]
        if recordAwaits > 0 {
            recordAwaits -= 1
            if recordAwaits == 0 { effects.append(.record(progress(at: recordAt))) }
        }
        return effects
    }

    /// Which of several late bells is rung: the end before the cool-down before the main sit before an interval.
    static func rank(_ kind: Timeline.Event.Kind) -> Int {
        switch kind {
        case .sessionEnd: 5
        case .mainEnd: 4
        case .coolDownStart: 3
        case .mainStart: 2
        case .interval: 1
        case .warmUpStart: 0
        }
    }
}
