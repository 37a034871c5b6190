import Breath
import ProfileKit
import Sound
import Players
import Sitting

/// A run's clocks that move only when a test moves them (a ``ScriptedInput``'s waits do): the one fake
/// ``RunClock``; `{ clock.time }` serves where a plain `() -> Double` is asked for.
package final class ManualClock: RunClock, @unchecked Sendable {
    /// The monotonic time, in seconds.
    package var time: Double
    /// Seconds the machine slept: the boot clock counts them, the monotonic one does not.
    package var slept = 0.0

    /// Seconds the clock moves on at each read of ``now()``: 0, or a little, as a busy machine's clock
    /// moves between reading a key and doing what it asks.
    package var perRead = 0.0

    package init(_ time: Double = 1_000) { self.time = time }
    package func now() -> Double {
        defer { time += perRead }
        return time
    }
    package func boot() -> Double { time + slept + 5 }
    /// Moves the clock on by `seconds`: a wait on it always ends, and at once.
    package func sleep(seconds: Double) { time += max(0, seconds) }

    /// The clock as a ringer reads and waits on it (as a live sit hands it to its players): what waits on
    /// it moves it on by the time waited.
    package var sound: SoundClock {
        SoundClock(now: { [unowned self] in time }, sleep: { [unowned self] seconds in sleep(seconds: seconds) })
    }
}

/// Keys pressed at given clock times; every wait moves the clock by what was asked, plus `oversleep`
/// (a process that wakes late, or a machine that was suspended): the one scripted ``RunInput``.
package final class ScriptedInput: RunInput {
    package let clock: ManualClock
    package var keys: [(at: Double, key: RunKey)]
    package let oversleep: Double
    /// Every wait asked for, in real seconds (infinity: until something happens).
    package var waits: [Double] = []
    /// Real seconds the program stays stopped after Ctrl-Z.
    package var stoppedFor = 0.0
    /// How many times the program was stopped (Ctrl-Z).
    package var suspends = 0
    package var readsKeys = true
    /// The machine sleeps `seconds` when the clock passes `at`.
    package var sleeps: [(at: Double, seconds: Double)] = []
    /// Called when the input is asked to wait for ever with no key to come (a run that would hang); the
    /// wait then ends as Ctrl-C does.
    package var whenStuck: () -> Void = {}

    package init(clock: ManualClock, keys: [(Double, RunKey)] = [], oversleep: Double = 0) {
        self.clock = clock
        self.keys = keys.map { (at: $0.0, key: $0.1) }
        self.oversleep = oversleep
    }

    package func suspend() {
        suspends += 1
        clock.time += stoppedFor
    }

    package func wait(upTo timeout: Double?) -> RunWake {
        waits.append(timeout ?? .infinity)
        if let next = keys.first, timeout.map({ next.at <= clock.time + $0 }) ?? true {
            keys.removeFirst()
            clock.time = max(clock.time, next.at)
            return .key(next.key)
        }
        guard let timeout else {
            whenStuck()
            return .key(.interrupt)
        }
        clock.time += timeout + oversleep
        if let sleep = sleeps.first, sleep.at <= clock.time {
            sleeps.removeFirst()
            clock.slept += sleep.seconds
        }
        return .timeout
    }
}

/// Writes down what a run asks of its bells: the one recording ``BellRinger``. Each ring reports
/// `via` and sounds; what its looks find, when it knows that its bells sounded and whether one is
/// sounding are the test's to say.
package final class RecordingRinger: BellRinger {
    /// The bells rung, in order.
    package var rung: [BellChoice] = []
    /// What each ring says it rang through.
    package var via: String
    /// What the run asked besides rings: `prepare 7`, `finish`, `ring out`, `stopped`.
    package var log: [String] = []
    /// Hears each entry of ``log`` as it is written (a test's own log of a whole sit).
    package var echo: (String) -> Void = { _ in }
    /// Whether a bell is sounding, unless ``soundingNow`` says.
    package var sounding: Bool
    /// What each look (``check()``) finds, given the ringer.
    package var looks: (RecordingRinger) -> RingerCheck = { _ in RingerCheck() }
    /// When the ringer will know whether its bells sounded, given the ringer.
    package var knownBy: (RecordingRinger) -> Double? = { _ in nil }
    /// Whether a bell is sounding, given the ringer; nil: ``sounding``.
    package var soundingNow: ((RecordingRinger) -> Bool)?

    package init(via: String = "test", sounding: Bool = false) {
        self.via = via
        self.sounding = sounding
    }

    package func ring(_ choice: BellChoice) -> RingReport {
        rung.append(choice)
        return RingReport(via: via)
    }
    package func finish(timeout: Double) { write("finish") }
    package func prepare(_ choices: [BellChoice]) { write("prepare \(choices.count)") }
    /// The bell ends after a second of looks, unless one of them is a key that stops it.
    package func ringOut(stop: (Double) -> Bool) {
        write("ring out")
        for _ in 0..<20 where stop(0.05) {
            write("stopped")
            break
        }
        sounding = false
    }
    private func write(_ entry: String) {
        log.append(entry)
        echo(entry)
    }
    package var isSounding: Bool { soundingNow.map { $0(self) } ?? sounding }
    package func check() -> RingerCheck { looks(self) }
    package var soundedKnownBy: Double? { knownBy(self) }
    package var nextCheck: Double? { nil }

    /// The run's sound controls, each as it was set, in order.
    package var volumes: [Double?] = []
    package var mutes: [Bool] = []
    package var switches: [Bool] = []
    package var fades: [(playing: Bool, seconds: Double)] = []
    /// Each time the run said the next bell is due (nil: none).
    package var expected: [Double?] = []
    package func setVolume(decibels: Double?) { volumes.append(decibels) }
    package func setMuted(_ muted: Bool) { mutes.append(muted) }
    package func setAmbienceSwitch(_ on: Bool) { switches.append(on) }
    package func fadeAmbience(_ playing: Bool, seconds: Double) { fades.append((playing, seconds)) }
    package func expectBell(at time: Double?) { expected.append(time) }
    /// Each cue asked for, with the sit's seconds then; `cueHeard` is what it answers.
    package var cues: [(pacing: BreathPacing?, sitSeconds: Double)] = []
    package var cueHeard = true
    package func setBreathCue(_ pacing: BreathPacing?, sitSeconds: Double, at time: Double) -> Bool {
        cues.append((pacing, sitSeconds))
        return pacing != nil && cueHeard
    }
}

extension RunMachine {
    /// ``handle(_:at:changed:)`` as a driver does it with a ringer whose bells all sound: each bell fired
    /// is reported back as rung (``RunInputEvent/rang(_:_:late:muted:)``), and what the reports bring
    /// (the event shown, a record that waited for them) follows it.
    package mutating func handleRinging(_ events: [RunInputEvent], at now: Double) -> [RunEffect] {
        var effects: [RunEffect] = []
        for effect in handle(events, at: now) {
            effects.append(effect)
            guard case .fire(let event, let ring, let late, let muted) = effect else { continue }
            effects += handle(.rang(event, ring.map { _ in RingReport(via: "test") }, late: late, muted: muted))
        }
        return effects
    }
}
