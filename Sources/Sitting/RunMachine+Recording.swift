/// When a run keeps the record of its sit in progress: at the start, whenever something changes what
/// the record would log (an event, a pause or a resume, a stop, a sleep, the stop question asked or
/// answered), and once a minute of session time in between, but never twice within a real second from
/// that minute rule alone (at a high `--speed` a minute of session time comes many times a second).
package struct RecordCadence: Sendable, Equatable {
    /// Session seconds between two records while nothing else happens.
    package static let every = 60.0
    /// The fewest real seconds between two records kept because a minute passed.
    package static let shortest = 1.0

    /// Whether a record was kept yet: the first is the start's.
    private(set) var kept = false
    /// The minute of session time and the monotonic time of the last record.
    private(set) var minute = 0
    private(set) var at: Double
    /// Whether the stop question was being asked at the last record.
    private var confirming = false

    init(start: Double) { at = start }

    /// Whether to keep a record now, after effects that `changed` the sit (or none), at monotonic `now`
    /// and session second `elapsed`, the run `paused` or not and the stop question asked or not; notes
    /// the record as kept when so.
    mutating func due(changed: Bool, confirming: Bool, paused: Bool, elapsed: Double, now: Double) -> Bool {
        let asked = confirming != self.confirming
        self.confirming = confirming
        let minutePassed = !paused && Int(elapsed / Self.every) > minute && now - at >= Self.shortest
        guard changed || asked || !kept || minutePassed else { return false }
        kept = true
        minute = Int(elapsed / Self.every)
        at = now
        return true
    }

    /// The monotonic time the next minute's record is due, at session second `elapsed` and monotonic
    /// `now`; nil while paused (a paused sit changes nothing).
    func nextDue(elapsed: Double, now: Double, speed: Double, paused: Bool) -> Double? {
        guard !paused else { return nil }
        let next = Double(minute + 1) * Self.every
        return max(now + (next - elapsed) / speed, at + Self.shortest)
    }
}

/// How a run tells that the machine slept: the boot clock counts a suspend and the monotonic clock does
/// not, so the boot clock gaining more than ``RunMachine/sleepAfter`` on it is a sleep; logind's word
/// that the machine woke is one too (a sleep too short for the clocks to tell), unless a sleep was said
/// within ``afterSleep`` real seconds (its own wake).
package struct SleepClocks: Sendable, Equatable {
    /// Real seconds after a sleep was said within which logind's word that the machine woke is the same sleep.
    package static let afterSleep = 10.0

    /// How far the boot clock is ahead of the monotonic one.
    private(set) var ahead: Double
    /// When the last sleep was said (monotonic time).
    private var sleptAt: Double?

    init(ahead: Double) { self.ahead = ahead }

    /// The seconds slept, when the clocks read at `now` and `boot` (and logind's word) tell a sleep.
    mutating func slept(now: Double, boot: Double, loginWoke: Bool) -> Double? {
        let newAhead = boot - now
        defer { ahead = newAhead }
        let woke = loginWoke && sleptAt.map { now - $0 > Self.afterSleep } != false
        guard newAhead - ahead > RunMachine.sleepAfter || woke else { return nil }
        sleptAt = now
        return max(0, newAhead - ahead)
    }
}

extension RunEffect {
    /// Whether the effect changes what the sit's record would log: not a change of how it sounds alone
    /// (volume, mute, ambience) nor a redraw, for which no record is kept again.
    package var changesTheSit: Bool {
        switch self {
        case .setVolume, .mute, .ambience, .redraw: false
        default: true
        }
    }

    /// Whether the effect is a ``fire(_:ring:late:muted:)``, whose report a record waits for.
    var isFire: Bool {
        if case .fire = self { true } else { false }
    }

    /// Whether the effect is a ``record(_:)``.
    package var isRecord: Bool {
        if case .record = self { true } else { false }
    }
}

extension RunMachine {
    /// Takes the events of one wake-up of the driver, in order, at monotonic time `now`, and returns what
    /// to do: their effects, with ``RunEffect/record(_:)`` where ``RecordCadence`` asks for one (before a
    /// stop, so that a run killed while stopped is recovered as it stood; once for the whole wake-up
    /// otherwise). `changed` says that effects handed out before these (keys typed before the sit) changed it.
    ///
    /// A record due when bells fire waits for their reports (``RunInputEvent/rang(_:_:late:muted:)``), so
    /// that it counts them: it comes with the last.
    package mutating func handle(_ events: [RunInputEvent], at now: Double, changed: Bool = false) -> [RunEffect] {
        recorded(events.flatMap { handle($0) }, at: now, changed: changed)
    }

    /// `effects` with the record the cadence asks for at `now`, if any.
    private mutating func recorded(_ effects: [RunEffect], at now: Double, changed: Bool) -> [RunEffect] {
        recordAwaits = 0
        guard var cadence = recording, ending == nil else { return effects }
        defer { recording = cadence }
        let stop = effects.firstIndex(of: .suspend)
        guard cadence.due(changed: changed || stop != nil || effects.contains { $0.changesTheSit }, confirming: isConfirmingStop,
                          paused: !pausedFor.isEmpty, elapsed: elapsed(at: now), now: now) else { return effects }
        let fires = effects.filter(\.isFire).count
        guard fires == 0 else {
            recordAwaits = fires
            recordAt = now
            return effects
        }
        var effects = effects
        effects.insert(.record(progress(at: now)), at: stop ?? effects.endIndex)
        return effects
    }

    /// What the record of the sit in progress keeps at `now`: what the journal logs if the run is cut off.
    func progress(at now: Double) -> SitProgress {
        SitProgress(elapsed: Int(elapsed(at: now)), pausedSeconds: Int(pausedSeconds(at: now).rounded()), bellsRung: bellsRung,
                    breathing: breathing(at: elapsed(at: now)))
    }

    /// The monotonic time the next record of the sit in progress is due when nothing else happens; nil
    /// when the run keeps none, or while it is paused.
    package func nextRecord(at now: Double) -> Double? {
        recording?.nextDue(elapsed: elapsed(at: now), now: now, speed: speed, paused: !pausedFor.isEmpty)
    }

    /// The driver's one entry: takes what it found at monotonic time `now` — a wake-up's events
    /// (``events(of:at:boot:)``) or an effect's reports — and returns what to do next.
    ///
    /// A wake-up's effects end with the chores of every wake-up: the ambience's fade when it changes, the
    /// next bell's time for a stream, a look at the ringer, a frame drawn, and the next wait. A stop
    /// (Ctrl-Z) ends them instead (its continue is the next wake-up), and the end lets the last bells
    /// settle before the summary. Before the first bell, keys already typed are taken without waiting.
    package mutating func step(_ events: [RunInputEvent], at now: Double) -> [RunEffect] {
        guard events.contains(where: \.isWake) else { return events.flatMap { handle($0) } }
        var effects: [RunEffect]
        if opening {
            guard let key = events.first(where: { if case .key = $0 { true } else { false } }) else {
                opening = false
                return chores(after: handle(events, at: now), at: now)
            }
            effects = handle(key)
            guard !effects.isEmpty else { return [.wait] }
            opening = false
            effects = recorded(effects, at: now, changed: true)
        } else {
            effects = handle(events, at: now)
        }
        return chores(after: effects, at: now)
    }

    /// `effects`, then what every wake-up does once they are done.
    private mutating func chores(after effects: [RunEffect], at now: Double) -> [RunEffect] {
        var effects = effects
        if let end = effects.firstIndex(where: { if case .finish = $0 { true } else { false } }) {
            effects.insert(.settle(grace: Self.finishGrace, limit: Self.settleLimit), at: end)
            return effects
        }
        guard !effects.contains(.suspend) else { return effects }
        let (elapsed, paused) = (elapsed(at: now), !pausedFor.isEmpty)
        if let change = fade?.change(elapsed: elapsed, paused: paused, timeline: timeline) {
            effects.append(.fadeAmbience(playing: change.playing, seconds: change.seconds))
        }
        effects += pacerChores(at: now)
        return effects + [.expectBell(at: nextBell(at: now)), .check, .tick, .wait]
    }

    /// The monotonic time the next bell is due, when the next event rings one.
    private func nextBell(at now: Double) -> Double? {
        guard next < timeline.events.count, timeline.events[next].bell != nil else { return nil }
        return untilNextEvent(at: now).map { now + max(0, $0) }
    }

    /// Real seconds from `now` the driver may wait before the machine needs it (nil: until a key or a
    /// signal): the first of the next event, the display's next change (`nextFrame`, session seconds
    /// after the elapsed; at most ten a real second, none while paused), the ringer's next look
    /// (`nextCheck`, monotonic), the next record, the ambience's next fade and the pacer's start or end
    /// (while pacing, the display's changes are the shape's: at most ten a second). No wait at all before the
    /// first bell, while keys typed before it are taken.
    package func timeout(at now: Double, nextFrame: (Double) -> Double?, nextCheck: Double?) -> Double? {
        guard !opening else { return 0 }
        let elapsed = elapsed(at: now)
        var times = [nextCheck, nextRecord(at: now).map { $0 + Self.margin }, nextPacerChange(at: now).map { $0 + Self.margin }].compactMap { $0 }
        if let until = untilNextEvent(at: now) { times.append(now + max(0, until) + Self.margin) }
        if pausedFor.isEmpty, let change = nextFrame(elapsed) {
            times.append(now + max(Self.shortestRedraw, (change - elapsed) / speed) + Self.margin)
        }
        if pausedFor.isEmpty, let change = fade?.nextChange(elapsed: elapsed, timeline: timeline) {
            times.append(now + max(0, change - elapsed) / speed + Self.margin)
        }
        return times.min().map { max(0, $0 - now) }
    }

    /// What a wait that ended with `wake` at monotonic `now` (the boot clock reading `boot`) hands the
    /// machine: the clocks, to tell a sleep, then what came.
    package static func events(of wake: RunWake, at now: Double, boot: Double) -> [RunInputEvent] {
        let event: RunInputEvent = switch wake {
        case .key(let key): .key(key, at: now)
        case .continued: .continuedFromElsewhere(at: now)
        case .resized: .resized(at: now)
        case .timeout, .child, .woke: .time(now)
        }
        return [.clocks(now, boot: boot, loginWoke: wake == .woke), event]
    }

    /// What the display shows at monotonic `now` (at the end, as the run ended).
    package func state(at now: Double) -> RunState {
        var state = shown
        state.elapsed = elapsed(at: endedAt ?? now)
        if ending == .completed, case .fixed(let seconds) = timeline.end { state.elapsed = Double(seconds) }
        state.timeline = timeline
        state.isPaused = isPaused
        state.isConfirmingStop = isConfirmingStop
        state.volume = volume
        state.isMuted = isMuted
        state.ambienceOn = ambienceOn
        state.bellsRung = bellsRung
        state.bellsMuted = bellsMuted
        state.silence = silence
        state.pacing = pacing
        return state
    }

    /// How the run ended as `ending`: what it sat, the bells that rang, were muted or late, its pauses
    /// and the volume it ended at.
    package func summary(_ ending: RunSummary.Ending) -> RunSummary {
        let at = endedAt ?? start
        var summary = RunSummary(ending: ending, elapsed: Int(state(at: at).elapsed), bellsRung: bellsRung,
                                 bellsPlanned: timeline.plannedBells, pauses: pauses, silence: silence, lateBells: lateBells,
                                 pausedSeconds: Int(pausedSeconds(at: at).rounded()))
        summary.bellsMuted = bellsMuted
        summary.volumeChanged = volume != 0 || isMuted
        summary.endVolume = summary.volumeChanged ? volume : nil
        summary.endedMuted = isMuted
        summary.breathing = breathing(at: state(at: at).elapsed)
        return summary
    }
}
