import ArgumentParser
import ProfileKit
import TextSupport

/// An option's value, read by the library rule `Kind` names when the command line is parsed. A value
/// the rule refuses keeps its error for the command to throw where it reads the value (``value()``), as
/// every other error of the program: refused at parse time, ArgumentParser would say only that it is
/// invalid, and would say so instead of `--help`.
struct OptionValue<Kind: OptionRule>: ExpressibleByArgument {
    /// The text it was read from, for messages about it.
    let text: String
    private let read: Result<Kind.Value, Kind.Failure>

    init?(argument: String) {
        text = argument
        do throws(Kind.Failure) {
            read = .success(try Kind.read(argument))
        } catch {
            read = .failure(error)
        }
    }

    /// The value; the rule's error, naming the option, for a value it refused.
    func value() throws(Kind.Failure) -> Kind.Value { try read.get() }
}

/// A command line whose options are refused in some combinations: checked once it is parsed and before
/// it runs, and refused with the library's error, in the program's words and with its status (a
/// `validate()` that threw it would have ArgumentParser say it its way, with status 1). What each
/// command checks includes the groups of options it holds (``ShapeOptions``).
protocol CombinationCheck {
    /// Throws the error (a ``ReportedError``) of a combination of options that cannot be run.
    func checkCombination() throws
}

// The commands that refuse combinations, each with its rule beside its options.
extension LogListCommand: CombinationCheck {}
extension StatusCommand: CombinationCheck {}
extension RunCommand: CombinationCheck {
    func checkCombination() throws { try shapeOptions.checkCombination() }
}
extension PlanCommand: CombinationCheck {
    func checkCombination() throws { try shapeOptions.checkCombination() }
}
