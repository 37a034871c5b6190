import ArgumentParser
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
