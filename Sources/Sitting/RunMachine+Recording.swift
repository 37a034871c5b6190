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
    /// Whether the effect changes only how the sit sounds (volume, mute, ambience): nothing of the sit's
    /// record, which is then not kept again for it.
    package var isSoundOnly: Bool {
        switch self {
        case .setVolume, .mute, .ambience: true
        default: false
        }
    }
}

extension RunMachine {
    /// Takes the events of one wake-up of the driver, in order, at monotonic time `now`, and returns what
    /// to do: their effects, with ``RunEffect/record`` where ``RecordCadence`` asks for one (before a
    /// stop, so that a run killed while stopped is recovered as it stood; once for the whole wake-up
    /// otherwise). `changed` says that effects handed out before these (keys typed before the sit) changed it.
    package mutating func handle(_ events: [RunInputEvent], at now: Double, changed: Bool = false) -> [RunEffect] {
        var effects: [RunEffect] = []
        for event in events { effects += handle(event) }
        guard var cadence = recording else { return effects }
        defer { recording = cadence }
        if effects.contains(where: { if case .finish = $0 { true } else { false } }) { return effects }
        if let stop = effects.firstIndex(of: .suspend) {
            _ = cadence.due(changed: true, confirming: isConfirmingStop, paused: !pausedFor.isEmpty, elapsed: elapsed(at: now), now: now)
            effects.insert(.record, at: stop)
            return effects
        }
        if cadence.due(changed: changed || effects.contains { !$0.isSoundOnly }, confirming: isConfirmingStop, paused: !pausedFor.isEmpty,
                       elapsed: elapsed(at: now), now: now) {
            effects.append(.record)
        }
        return effects
    }

    /// The monotonic time the next record of the sit in progress is due when nothing else happens; nil
    /// when the run keeps none, or while it is paused.
    package func nextRecord(at now: Double) -> Double? {
        recording?.nextDue(elapsed: elapsed(at: now), now: now, speed: speed, paused: !pausedFor.isEmpty)
    }
}
