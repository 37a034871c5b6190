import ArgumentParser
import Breath
import LiveSit
import ProfileKit
import Sitting

/// `run`'s and `plan`'s options for the shape of a sit: open-ended, or sized to end at a time of day.
struct ShapeOptions: ParsableArguments {
    @Flag(help: "Open-ended: the main sit counts up with no end; q, then y, ends it, and the cool-down and the End bell follow.")
    var open = false

    @Option(help: ArgumentHelp("Size the main sit so that the session ends at the next such time of day after its start, warm-up and cool-down kept.",
                               valueName: "HH:MM[:SS]"))
    var until: OptionValue<ClockTime.Until>?

    /// `--until` with `--open` is refused: an open-ended sit has no end to size.
    func checkCombination() throws(ProfileError) {
        if open, let until {
            throw ProfileError.invalidOption(until.text, option: "--until", accepted: "no --until with --open: an open-ended sit has no end to size")
        }
    }

    /// The shape asked for.
    ///
    /// - Throws: ``ProfileError/invalidOption(_:option:accepted:)`` for a time `--until` cannot read.
    func shape() throws(ProfileError) -> SessionShape {
        guard let until else { return open ? .open : .planned }
        return .until(try until.value())
    }
}

/// `run`'s and `plan`'s option for the breathing pacer (issue 48): the pattern it leads.
struct BreathOptions: ParsableArguments {
    @Option(help: ArgumentHelp("""
        Pace the breath with this pattern: coherent (5.5 in, 5.5 out), box (4-4-4-4), 4-7-8, sigh, or seconds \
        of in, hold, out (and hold) such as 4-4-4-4 or 4,2,6,0 (tenths allowed: 5.5-0-5.5-0). A quick sit is \
        paced for the whole of it; a profile's own Pattern gives way to it (its Leads, Cue and volume kept when \
        its Breathing is on, the main sit in place of a warm-up that is off; else the whole main sit, with a \
        tone).
        """, valueName: "pattern"))
    var breathe: OptionValue<SitOptions.Breathe>?

    /// The pattern asked for, if any.
    ///
    /// - Throws: ``BreathPatternError`` for what `--breathe` cannot read (64).
    func pattern() throws(BreathPatternError) -> BreathPattern? {
        try breathe?.value()
    }
}
