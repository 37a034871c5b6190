import ArgumentParser
import ProfileKit
import TextSupport
import Synchronization

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

/// The error of a combination of options a command's `validate()` refused, kept for `main` to report in
/// the program's words and status (ArgumentParser would give status 1).
enum RefusedValue {
    private static let kept = Mutex<(any ReportedError)?>(nil)

    /// Keeps `error` and gives it back to throw: `throw RefusedValue.keep(…)` in a `validate()`.
    @discardableResult
    static func keep<Failure: ReportedError>(_ error: Failure) -> Failure {
        kept.withLock { $0 = error }
        return error
    }

    /// The error kept, once.
    static func take() -> (any ReportedError)? {
        kept.withLock { kept in
            defer { kept = nil }
            return kept
        }
    }
}
