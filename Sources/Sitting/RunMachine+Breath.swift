import Breath

/// The breathing pacer's rules (issue 48): when its cue plays and stops, when the screen and the log
/// say it leads, what is said once when its cue cannot be heard, and the breaths it led.
///
/// The cue plays while the run goes and the pacing is not over: the ringer is handed the whole pacing
/// and the session second it is at, so a cue that starts before the pacing's start waits for it and each
/// phase lands at the pattern's time. It stops on a pause of any kind (space, the stop question, Ctrl-Z, a
/// sleep), at the pacing's end, where an open main sit is ended early, and at the end of the run; it
/// starts again, from where the sit is, when the run goes on.
extension RunMachine {
    /// What the run says, once, when the ringer cannot make the cue heard (no stream: another speed
    /// than 1, no stream player, `--silent`): the screen still leads the breath.
    package static let cueUnheardNote = "the breath is shown, not heard: its cue needs the sound stream (speed 1, a stream player, not --silent)"

    /// Session seconds before the pacing's start its cue is asked for: what the stream has written ahead
    /// cannot take it any more (``StreamPacer/maximumAhead``), and asked earlier the stream would run,
    /// silent, for a whole warm-up.
    package static let cueLead = 0.5

    /// `pacing` ending no later than a main sit ended early at session second `mainEnd`.
    static func cut(_ pacing: BreathPacing, mainEnd: Double) -> BreathPacing {
        var cut = pacing
        cut.end = min(pacing.end ?? mainEnd, mainEnd)
        return cut
    }

    /// Whether the pacer leads at session second `elapsed`.
    func leads(at elapsed: Double) -> Bool { pacing?.leads(at: elapsed) ?? false }

    /// Whether the cue should be playing at session second `elapsed`: a pacer with a cue the ringer can
    /// make heard, the run going, its pacing not over.
    private func wantsCue(elapsed: Double) -> Bool {
        guard let pacing, pacing.cue != .none, !cueUnheard, pausedFor.isEmpty, ending == nil else { return false }
        return elapsed >= pacing.start - Self.cueLead && elapsed < (pacing.end ?? .infinity)
    }

    /// The pacer's part of a wake-up's chores at monotonic `now`: its lead said when it begins or ends,
    /// its cue started or stopped when that changed.
    mutating func pacerChores(at now: Double) -> [RunEffect] {
        guard pacing != nil else { return [] }
        let elapsed = elapsed(at: now)
        var effects: [RunEffect] = []
        let leads = leads(at: elapsed)
        if leads != pacedShown {
            pacedShown = leads
            effects.append(.paced(leads))
        }
        let wants = wantsCue(elapsed: elapsed)
        if wants != cuePlaying {
            cuePlaying = wants
            effects.append(.breathCue(wants ? pacing : nil, sitSeconds: elapsed, at: now))
        }
        return effects
    }

    /// The cue stopped at `now`, when it plays.
    mutating func cueStopped(at now: Double) -> [RunEffect] {
        guard cuePlaying else { return [] }
        cuePlaying = false
        return [.breathCue(nil, sitSeconds: elapsed(at: now), at: now)]
    }

    /// The pacer stopped at the end of the run: its cue, and its lead said to be over.
    mutating func pacerStopped(at now: Double) -> [RunEffect] {
        let shown: [RunEffect] = pacedShown ? [.paced(false)] : []
        pacedShown = false
        return cueStopped(at: now) + shown
    }

    /// What the ringer said of the cue it was asked to play: when it is not heard, that is said once, and
    /// the ringer is not asked again.
    mutating func cueHeard(_ heard: Bool) -> [RunEffect] {
        if heard { cueWasHeard = true }
        guard !heard, cuePlaying, !cueUnheard else { return [] }
        cueUnheard = true
        cuePlaying = false
        // A cue heard before and lost since went with the stream's last player, which said so then.
        return cueWasHeard ? [] : [.note(Self.cueUnheardNote)]
    }

    /// The monotonic time, after `now`, at which the pacer next begins or ends leading; nil while paused
    /// or when it will not.
    func nextPacerChange(at now: Double) -> Double? {
        guard let pacing, pausedFor.isEmpty, ending == nil else { return nil }
        let elapsed = elapsed(at: now)
        guard let change = [pacing.start - Self.cueLead, pacing.start, pacing.end].compactMap({ $0 }).first(where: { $0 > elapsed }) else { return nil }
        return now + (change - elapsed) / speed
    }

    /// The breathing led by session second `elapsed`: the pattern, the breaths begun and the seconds paced.
    func breathing(at elapsed: Double) -> SitBreathing? {
        // A sit stopped (or cut off) before its pacer began led no breathing.
        guard let pacing, elapsed > pacing.start else { return nil }
        let seconds = max(0, min(elapsed, pacing.end ?? .infinity) - pacing.start)
        return SitBreathing(pattern: pacing.pattern.text, breaths: pacing.breathsBegun(by: elapsed), seconds: Int(seconds.rounded(.down)))
    }
}
