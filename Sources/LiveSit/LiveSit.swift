import Breath
import LocalTime
import Sound
import Players
import Desktop
import Files
import JournalCore
import JournalStore
import ProfileKit
import Sitting
import TextSupport

/// What a sit is asked to be: `run`'s options, read into values. The editor's `run` fills the same.
package struct SitOptions {
    /// The profile, or a length for a quick sit; nil: the profile run last, else Default.
    package var name: String?
    /// Its shape: the profile's own, open-ended, or sized to end at a time of day.
    package var shape: SessionShape = .planned
    /// The option that asked for a shape other than the profile's (`--open`, `--until`), for the message
    /// refusing it with a length.
    package var shapeOption: String? {
        switch shape {
        case .planned: nil
        case .open: "--open"
        case .until: "--until"
        }
    }
    /// `--at`: wait for this time of day, then start.
    package var at: ClockTime?
    /// `--speed`: how many times faster the clock runs.
    package var speed = 1.0
    /// `--volume`: every bell at this percentage of its own volume.
    package var volume = 100
    /// `--silent`: no bell, no terminal bell.
    package var silent = false
    /// Whether logind is asked to hold off sleep (`--no-inhibit` says no).
    package var inhibit = true
    /// `--log` (true), `--no-log` (false), or the default (nil: logged at speed 1).
    package var log: Bool?
    /// `--note`: the note logged with the sit.
    package var note: String?
    /// `--journal FILE`.
    package var journal: String?
    /// `--yes`: a sit longer than ``longestUnasked`` that `--until` sized starts without being asked.
    package var yes = false
    /// `--breathe`: the pattern the pacer leads (issue 48): a quick sit's, for the whole of it; a
    /// profile's in place of its own Pattern (its Leads, Cue and volume kept when its Breathing is on;
    /// else for the whole main sit, with a tone).
    package var breathe: BreathPattern?

    package init() {}

    /// The longest session, in seconds, that `--until` sizes without asking first: 3 hours.
    package static let longestUnasked = 3 * 3600

    /// The speeds `--speed` accepts.
    package static let speeds = 0.01...10_000.0

    /// `--speed`'s value: a number from 0.01 to 10,000.
    package static func speed(_ text: String) throws(ProfileError) -> Double {
        guard let value = Double(text), value.isFinite, speeds.contains(value) else {
            throw ProfileError.invalidOption(text, option: "--speed", accepted: "a number from 0.01 to 10000, such as 60 (a minute in a second)")
        }
        return value
    }

    /// `--speed`, read by ``speed(_:)``.
    package enum Speed: OptionRule {
        package static func read(_ text: String) throws(ProfileError) -> Double { try SitOptions.speed(text) }
    }

    /// `--breathe`, read by ``BreathPattern/init(parsing:)``.
    package enum Breathe: OptionRule {
        package static func read(_ text: String) throws(BreathPatternError) -> BreathPattern { try BreathPattern(parsing: text) }
    }

    /// The breathing a sit of `profile` shaped as `timeline` is paced with: the profile's Breathing, its
    /// pattern `breathe` when given; with `breathe` and the profile's Breathing off, the whole main sit with
    /// a tone at the default volume; leading a warm-up the profile does not have on, the whole main sit
    /// with the profile's cue and volume. Nil for a sit without a pacer.
    package static func pacing(of profile: Profile, breathe: BreathPattern?, timeline: Timeline) -> BreathPacing? {
        var breathing = profile.breathing
        if breathe != nil, !breathing.isEnabled { breathing = Breathing(isEnabled: true, lead: .wholeSit) }
        let warmUp = timeline.parts.first { $0.type == .warmUp }.map { Double($0.end - $0.start) }
        let main: Double? = timeline.isOpen ? nil : timeline.parts.first { $0.type == .main }.map { Double($0.end - $0.start) }
        // `--breathe` asks for a pacer: one leading a warm-up that is off leads the main sit instead.
        if breathe != nil, breathing.lead == .warmUp, warmUp == nil { breathing.lead = .wholeSit }
        guard var pacing = breathing.pacing(warmUp: warmUp, main: main) else { return nil }
        if let breathe { pacing.pattern = breathe }
        return pacing
    }

    /// `--volume`, read by ``volume(_:)``.
    package enum Volume: OptionRule {
        package static func read(_ text: String) throws(ProfileError) -> Int { try SitOptions.volume(text) }
    }

    /// `--volume`'s value: a whole percentage (``BellChoice/allowedVolume``).
    package static func volume(_ text: String) throws(ProfileError) -> Int {
        guard let value = BellChoice.volume(text) else {
            throw ProfileError.invalidOption(text, option: "--volume", accepted: "a whole percentage from \(BellChoice.allowedVolume.lowerBound) to \(BellChoice.allowedVolume.upperBound), such as 50")
        }
        return value
    }
}

/// A sit as `run` and the editor's `run` both start it: the profile (or quick sit) chosen, its timeline
/// sized on the local clock, the journal opened, the wait for `--at`, the profile kept as the one run
/// last, and the live ``SitEnvironment`` (the process's keys, display and players, logind's sleep lock,
/// the journal and the record of the sit in progress) handed to ``SitSession``.
package enum LiveSit {
    /// How a sit ended, for the command's exit status.
    package enum End: Hashable, Sendable {
        /// It ran to its end, or its output was lost (the process's check of its output then fails it).
        case finished
        /// `q`, then `y` (or `q` during the wait for `--at`): 1.
        case stopped
        /// Ctrl-C, SIGTERM or SIGHUP: 130.
        case interrupted
    }

    /// Runs a sit: of `given` (the editor's profile, saved or not), else of what `options` names.
    ///
    /// - Parameters:
    ///   - store: where a named profile, the profile run last and Default are found.
    ///   - live: whether the display is the live one (a terminal that moves its cursor), not log lines.
    ///   - makeKeys: takes the terminal and the stop signals; called once the sit's timeline is known.
    ///   - makeDisplay: the display, given the keys (it shows whether keys are read).
    ///   - makeRinger: the players on the run's clock (which they read and wait on), or nil for a silent sit.
    /// - Throws: the options' and the store's errors (``ProfileError``), and the journal's
    ///   (``JournalError``), carried; all but the journal's last one before anything is logged.
    package static func run(_ options: SitOptions, given: Profile?, store: some ProfileStore, host: SitHost, live: Bool,
                            makeKeys: () -> SitKeys, makeDisplay: (SitKeys) -> RunDisplay,
                            makeRinger: (SoundClock) -> SystemBellRinger?) throws(CarriedError) -> End {
        let lastRun = SitRecordFolder.location(environment: host.environment, homeFallback: host.passwordHome).map { LastRun(folder: $0) }
        let profile: Profile, quick: Bool
        if let given {
            (profile, quick) = (given, false)
        } else {
            (profile, quick) = try CarriedError.carrying { () throws(ProfileError) in
                try SitRequest.resolve(name: options.name, store: store, lastRun: lastRun, warn: host.diagnostic, say: host.diagnostic)
            }
        }
        if quick, let option = options.shapeOption {
            // Bare `run --until` after a quick sit: the length is the sit run last's, said as such.
            throw CarriedError(ProfileError.invalidOption(options.name ?? "\(profile.duration.formatted) (the quick sit run last)", option: "\(option) with the length",
                                                          accepted: "a profile's name, or no \(option): a quick sit lasts the length it is given"))
        }
        // Only a key ends an open-ended main sit (q, then y): without a terminal to read them from, the
        // sit could only be cut off.
        if options.shape == .open, !host.stdinIsTerminal {
            throw CarriedError(ProfileError.invalidOption("--open", option: "option",
                                                          accepted: "a terminal on standard input for --open (q, then y, ends the main sit); without one, give the sit a length or --until"))
        }
        // Sized on the local clock from the moment the sit starts, across a change to or from summer time.
        let startEpoch = options.at.map { ClockTime.nextEpoch(of: $0, after: host.now(), calendar: host.calendar) } ?? host.now()
        let timeline = try CarriedError.carrying { () throws(ProfileError) in
            try options.shape.timeline(of: profile, startingAt: options.at ?? ClockTime(at: startEpoch, calendar: host.calendar),
                                       secondsUntil: { ClockTime.secondsFrom(startEpoch, until: $0, calendar: host.calendar) })
        }
        let planned: Int? = switch timeline.end {
        case .fixed(let seconds): seconds
        case .open: nil
        }
        if case .until(let until) = options.shape, let planned, planned > SitOptions.longestUnasked, !options.yes {
            guard try confirmLongSit(profile.name, until: until, seconds: planned, ends: LocalMoment(epoch: startEpoch + Double(planned), now: host.now(), calendar: host.calendar),
                                     host: host) else { return .stopped }
        }

        // The bells' players and the stream both read and wait on the run's own clock, so that what is
        // written ahead and the bells' times agree, and a run on a manual clock never reads or sleeps on
        // the real one (the players' `finish(timeout:)` among them).
        let clock = SoundClock(now: host.clock.now, sleep: host.clock.sleep(seconds:))
        let system = makeRinger(clock)
        // One stream for bells and ambience at speed 1 when a stream program is installed (`PROFILE_SINK`
        // names one, or pw-cat, pacat or aplay is on PATH); the players at any other speed, and without one.
        var ambienceNotes: [String] = []
        let ambience = options.speed == 1 && system != nil ? ambienceSource(of: profile, library: system?.library, seed: Self.soundscapeSeed(host.now())) { ambienceNotes.append($0) } : nil
        let stream: StreamRinger? = if let system, options.speed == 1 {
            StreamRinger.live(over: system, ambience: ambience, clock: clock)
        } else {
            nil
        }
        let ringer: BellRinger = if let stream { stream } else if let system { system } else { SilentRinger() }
        let keys = makeKeys()
        defer { keys.restore() }
        let display = makeDisplay(keys)
        // Opened before a wait for --at, so that a journal that cannot be written is said now, not then.
        var journal = try CarriedError.carrying { () throws(JournalError) in
            try SitJournal(options, host: host, profile: quick ? nil : profile.name, total: planned)
        }
        var saidSleepNote: String?
        if let at = options.at {
            let (outcome, note) = waitForStart(at: at, name: profile.name, live: live, keys: keys, display: display, inhibit: options.inhibit, host: host)
            saidSleepNote = note
            switch outcome {
            case .start: break
            case .cancelled:
                keys.restore()
                host.say("cancelled: \(quoted(profile.name)) did not start\n")
                return .stopped
            case .interrupted:
                keys.restore()
                // Output that could not be written fails as any command's does (74), said once.
                if keys.stoppedByLostOutput { return .finished }
                host.say("interrupted: \(quoted(profile.name)) did not start\n")
                return .interrupted
            }
            journal.startsNow()
        }
        keepLastRun(quick ? .quick(seconds: profile.duration.seconds) : .profile(profile.name), in: lastRun, host: host)
        var environment = SitEnvironment(
            clock: host.clock, input: keys, display: display, ringer: ringer,
            // Before the sit: a player that fails at once is replaced now, and the header says so.
            checkBells: {
                // The stream's player started now: one that cannot be is said under the header, as a
                // PROFILE_PLAYER that names no program is.
                if let stream { return ambienceNotes + stream.preflight() }
                return ambienceNotes + (system?.preflight() ?? []) + (ambience != nil && system != nil ? [Self.ambienceUnavailable] : [])
            },
            sound: { stream?.soundName ?? system?.soundName ?? "silent" },
            holdOffSleep: { [saidSleepNote] seconds in
                // Said once: a note the wait for --at said is not said again as the sit starts.
                var hold = host.holdOffSleep(profile.name, seconds, options.inhibit, keys, host)
                if hold.note == saidSleepNote { hold.note = nil }
                return hold
            },
            record: { summary throws(CarriedError) in
                try CarriedError.carrying { () throws(JournalError) in try journal.finish(summary, logStyle: !live, host: host) }
            },
            progress: journal.progress)
        environment.ambience = stream?.hasAmbience == true
        environment.logsFrom = journal.logsFrom
        // At speed 1, a sit sized to a time of day or started at one says when it ends, its day counted
        // from now (at another speed the session's clock is not the wall clock's).
        let ends = planned.flatMap { planned in
            options.speed == 1 && (options.at != nil || options.shape.endsAtATime)
                ? LocalMoment(epoch: startEpoch + Double(planned), now: host.now(), calendar: host.calendar) : nil
        }
        let pacing = SitOptions.pacing(of: profile, breathe: options.breathe, timeline: timeline)
        let summary = try SitSession(name: profile.name, timeline: timeline, speed: options.speed, ends: ends, pacing: pacing)
            .perform(in: environment)
        keys.restore()
        // A run stopped by a signal ends with 130 even when its summary could not be written (a closed
        // terminal); one stopped because its output was lost fails as any command's lost output does.
        if summary.ending == .interrupted, !keys.stoppedByLostOutput { return .interrupted }
        if summary.ending == .stopped { return .stopped }
        return .finished
    }

    /// What the run says once when the profile asks for ambience and no stream can play it.
    package static let ambienceUnavailable = "ambience is unavailable: no stream player (pw-cat, pacat or aplay) is installed; \(SystemBellRinger.installHint)"

    /// What the profile's ambience plays and its volume (0 to 100), nil when it plays none: its Ambience
    /// section's soundscape made live from `seed`, or its recording made a loop; a recording that is
    /// missing, unreadable or too short for a loop plays nothing, and `say` tells why once.
    ///
    /// A recording is read from `library`, the players' own (nil: none here).
    static func ambienceSource(of profile: Profile, library: SoundLibrary?, seed: UInt64,
                               say: (String) -> Void) -> (source: AmbienceSource, volume: Int)? {
        guard profile.ambience.isEnabled else { return nil }
        switch profile.ambience.sound {
        case let .builtIn(soundscape):
            return (.generated(soundscape.texture, seed: seed), profile.ambience.volume)
        case let .recorded(name):
            let sound: PCMSound
            do throws(SoundError) {
                guard let library else { throw .noFolder }
                sound = try library.sound(named: name)
            } catch {
                say("ambience \(quoted(name)) does not play: \(error)")
                return nil
            }
            guard let loop = StereoLoop(recording: sound) else {
                say("ambience \(quoted(name)) does not play: a recording of \(TimerDuration(seconds: Int(sound.seconds)).formatted) is too short to loop (\(Int(StereoLoop.shortestRecording)) seconds at least)")
                return nil
            }
            return (.loop(loop), profile.ambience.volume)
        }
    }

    /// The seed a sit's soundscape is made from: the microsecond it was started at (the run's own clock),
    /// so two sits sound different and a test's sit on a set clock sounds the same every time.
    static func soundscapeSeed(_ startEpoch: Double) -> UInt64 {
        UInt64(truncatingIfNeeded: Int64(exactly: (startEpoch * 1_000_000).rounded()) ?? 0)
    }

    /// Asks before a sit that `--until` made longer than ``SitOptions/longestUnasked`` starts: `Morning
    /// with --until 07:00 lasts 14:04:17, ending 07:00 tomorrow. Start it? [y/N]`. True to start; on a
    /// no, says the sit did not start.
    ///
    /// - Throws: ``ProfileError/invalidOption(_:option:accepted:)`` (64) when standard input is not a
    ///   terminal to ask on: `--yes` starts it.
    static func confirmLongSit(_ name: String, until: ClockTime, seconds: Int, ends: LocalMoment, host: SitHost) throws(CarriedError) -> Bool {
        let length = TimerDuration(seconds: seconds).formatted
        guard host.stdinIsTerminal else {
            throw CarriedError(ProfileError.invalidOption(until.description, option: "--until", accepted: """
                --yes to start a sit longer than \(SitOptions.longestUnasked / 3600) hours without being asked (standard input is not a terminal to ask on): \(quoted(name)) would last \(length), ending \(ends)
                """))
        }
        guard host.confirm("\(escaped(name)) with --until \(until) lasts \(length), ending \(ends). Start it") else {
            host.say("cancelled: \(quoted(name)) did not start\n")
            return false
        }
        return true
    }

    /// Keeps `sit` as the sit run last; a failure is said, and the sit goes on.
    static func keepLastRun(_ sit: LastRun.Sit, in file: LastRun?, host: SitHost) {
        do throws(ProfileError) {
            try file?.keep(sit)
        } catch {
            host.diagnostic("warning: \(error); 'profile run' with no name will not run this sit next")
        }
    }

    /// Waits for `run --at`: sleep held off, a countdown on a terminal (the time left in big digits, as a
    /// sit's, and `Morning starts at 07:00, in 12:34`, `q cancels`: ``RunFrame/init(waiting:left:width:height:keys:)``),
    /// one line elsewhere. Returns how the wait ended, and the sleep lock's note if it said one.
    static func waitForStart(at time: ClockTime, name: String, live: Bool, keys: SitKeys, display: RunDisplay, inhibit: Bool,
                             host: SitHost) -> (StartWait.Outcome, String?) {
        let target = ClockTime.nextEpoch(of: time, after: host.now(), calendar: host.calendar)
        let hold = host.holdOffSleep(name, max(0, target - host.now()), inhibit, keys, host)
        defer { hold.release() }
        let calendar = host.calendar
        let tomorrow = calendar.day(of: Int(target)) != calendar.day(of: Int(host.now()))
        let title = "\(escaped(name)) starts at \(time)\(tomorrow ? " tomorrow" : "")"
        let outcome = StartWait.wait(until: target, wall: host.now, input: keys, countsDown: live,
                                     suspending: { display.doneWaiting() }, redraw: { display.redraw(resized: $0) }) { seconds in
            display.waiting(title, left: seconds, note: hold.note)
        }
        display.doneWaiting()
        return (outcome, hold.note)
    }

    /// Holds off sleep for a session of `seconds` (as the clock runs, speed included) that starts now,
    /// unless `inhibit` is false (`--no-inhibit`); when the lock could not be taken, the one line the run's
    /// header says about it. Where there is a bus, `keys` also hears logind say when the machine wakes.
    ///
    /// A bus that is not there answers at once; one that hangs is given ``SleepLock/timeout`` seconds.
    package static func logindSleep(profile: String, seconds: Double, inhibit: Bool, keys: SitKeys, host: SitHost) -> SleepHold {
        guard inhibit else {
            keys.sleepWatch = try? SleepWatch()
            return SleepHold()
        }
        let ends = host.wholeNow + Int(seconds.rounded(.up))
        do {
            let held = HeldSleepLock(try SleepLock(why: SleepLock.reason(profile: profile, until: host.calendar.timeOfDay(ends))))
            keys.sleepWatch = try? SleepWatch()
            return SleepHold(release: held.release)
        } catch {
            return SleepHold(note: sleepNote(error))
        }
    }

    /// What a run says, once, when it could not keep the machine awake: in a meditator's words what may
    /// happen, then the system's reason for whoever looks after the machine (issue 50): `the computer
    /// may sleep during the sit: its power manager cannot be reached`.
    package static func sleepNote(_ error: SleepLockError) -> String {
        "the computer may sleep during the sit: \(error.text)"
    }
}

/// A sleep lock kept until the sit ends, for a closure to let go of.
private final class HeldSleepLock {
    private var lock: SleepLock?

    init(_ lock: consuming SleepLock) { self.lock = consume lock }

    /// Lets the machine sleep again; a second call does nothing.
    func release() { lock.take()?.release() }
}
