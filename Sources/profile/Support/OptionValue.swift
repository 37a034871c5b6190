import ArgumentParser
import ProfileKit

/// An option's value, read when the command line is parsed by the library rule `Kind` names. A value
/// the rule refuses is kept with its own error (``RefusedValue``), which `main` reports as every other
/// error of the program, with its message and status: ArgumentParser would say only that it is invalid.
struct OptionValue<Kind: OptionRule>: ExpressibleByArgument {
    let value: Kind.Value
    /// The text it was read from, for messages about it.
    let text: String

    init?(argument: String) {
        text = argument
        do throws(ProfileError) {
            value = try Kind.read(argument)
        } catch {
            RefusedValue.keep(error)
            return nil
        }
    }
}
