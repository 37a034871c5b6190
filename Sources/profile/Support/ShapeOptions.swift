import ArgumentParser
import ProfileKit
import Sitting

/// `run`'s and `plan`'s options for the shape of a sit: open-ended, or sized to end at a time of day.
struct ShapeOptions: ParsableArguments {
    @Flag(help: "Open-ended: the main sit counts up with no end; q, then y, ends it, and the cool-down and the End bell follow.")
    var open = false

    @Option(help: ArgumentHelp("Size the main sit so that the session ends at the next such time of day after its start, warm-up and cool-down kept.",
                               valueName: "HH:MM[:SS]"))
    var until: String?

    /// The shape asked for.
    ///
    /// - Throws: ``ProfileError/invalidOption(_:option:accepted:)`` for a time `--until` cannot read, or
    ///   `--until` with `--open`.
    func shape() throws(ProfileError) -> SessionShape {
        guard let until else { return open ? .open : .planned }
        if open { throw ProfileError.invalidOption(until, option: "--until", accepted: "no --until with --open: an open-ended sit has no end to size") }
        return .until(try ClockTime.timeOfDay(until, option: "--until"))
    }

    /// Whether a shape other than the profile's own is asked for, and the option that asks for it.
    var given: String? { open ? "--open" : until == nil ? nil : "--until" }
}
