import Breath
import Players
import ProfileKit
import Sitting
import TextSupport

/// `sounds --play` and a reminder's soft bell: one bell rung through the players a sit uses, and waited
/// for to its end.
package enum BellPlay {
    /// Rings `choice` on `ringer` and waits for it to end, `keys` taken before the player starts (a
    /// signal between would leave it playing); `q` ends the wait, a stop signal too. `started` is told
    /// the line that says what plays it (`playing Temple Bell (paplay)`), `notice` each word of a player
    /// that failed and was replaced, as it comes.
    ///
    /// - Returns: false when Ctrl-C, SIGTERM or SIGHUP stopped it (a stopped `sounds --play` ends with 130).
    /// - Throws: ``ProfileError/configuration(_:)`` when nothing could play it: no player and no
    ///   terminal, or every player failed.
    package static func play(_ choice: BellChoice, on ringer: SystemBellRinger, keys: SitKeys,
                             started: (String) -> Void, notice: (String) -> Void) throws(ProfileError) -> Bool {
        try play(choice.description, ringer.ring(choice), on: ringer, keys: keys, started: started, notice: notice)
    }

    /// Plays what `text` names (`sounds --play`): a bell or a recording of `catalog` (`NAME [xN] [N%]`)
    /// first, else ten seconds of the soundscape of that name.
    ///
    /// - Throws: the bell's error when `text` names neither; ``ProfileError/configuration(_:)`` when
    ///   nothing can play it.
    package static func play(named text: String, catalog: SoundCatalog, on ringer: SystemBellRinger, keys: SitKeys,
                             started: (String) -> Void, notice: (String) -> Void) throws(ProfileError) -> Bool {
        let choice: BellChoice
        do throws(ProfileError) {
            choice = try BellChoice(parsing: text, catalog: catalog)
        } catch {
            guard let soundscape = Soundscape(matching: text) else { throw error }
            return try play(soundscape, on: ringer, keys: keys, started: started, notice: notice)
        }
        return try play(choice, on: ringer, keys: keys, started: started, notice: notice)
    }

    /// Plays ten seconds of `soundscape` (``SystemBellRinger/soundscapePlaySeconds``) as a bell is played
    /// above, and waits for them to end: `sounds --play rain`.
    ///
    /// - Throws: ``ProfileError/configuration(_:)`` when no audio player can play it: the terminal bell
    ///   is a beep, not a soundscape (issue 50).
    package static func play(_ soundscape: Soundscape, on ringer: SystemBellRinger, keys: SitKeys,
                             started: (String) -> Void, notice: (String) -> Void) throws(ProfileError) -> Bool {
        if let reason = ringer.noPlayerReason {
            throw ProfileError.configuration("cannot play the soundscape \(escaped(soundscape.rawValue)): \(reason)")
        }
        return try play(soundscape.rawValue, ringer.play(soundscape), on: ringer, keys: keys, started: started, notice: notice)
    }

    /// Plays `seconds` of `cue` pacing `pattern` as a soundscape is played above, and waits for them to
    /// end: `sounds --play breath:coherent --cue tick`.
    package static func play(breath pattern: BreathPattern, cue: BreathCue, seconds: Int, on ringer: SystemBellRinger, keys: SitKeys,
                             started: (String) -> Void, notice: (String) -> Void) throws(ProfileError) -> Bool {
        if let reason = ringer.noPlayerReason {
            throw ProfileError.configuration("cannot play the breathing cue: \(reason)")
        }
        return try play("breathing \(pattern.text), \(cue.name)", ringer.play(breath: pattern, cue: cue, seconds: seconds), on: ringer, keys: keys,
                 started: started, notice: notice)
    }

    /// Waits for what `report` says was handed to a player, named `name`.
    private static func play(_ name: String, _ report: @autoclosure () -> RingReport, on ringer: SystemBellRinger, keys: SitKeys,
                             started: (String) -> Void, notice: (String) -> Void) throws(ProfileError) -> Bool {
        let report = report()
        // The player's name comes from outside (PROFILE_PLAYER): the ringer escapes it, as every diagnostic is.
        if report.via == SystemBellRinger.noSound {
            throw ProfileError.configuration("could not play \(escaped(name)): \(report.note ?? "there is no player and no terminal")")
        }
        started("playing \(escaped(name)) (\(report.via))")
        if let note = report.note { notice(note) }
        var interrupted = false
        ringer.ringOut { seconds in
            switch keys.wait(upTo: seconds) {
            case .key(.interrupt): interrupted = true
            case .key(.quit): return true
            default: break
            }
            return interrupted
        }
        keys.restore()
        if interrupted { return false }
        // A player that failed at once was replaced and the bell rang again (a notice says so); with
        // nothing left to ring it, the command failed.
        let checked = ringer.check()
        if checked.unsounded > 0 {
            throw ProfileError.configuration("could not play \(escaped(name)): \(checked.notes.joined(separator: "; "))")
        }
        for note in checked.notes { notice(note) }
        return true
    }
}
