import Synchronization

/// How one command-line option's text becomes its value: a library's parser, which names the option in
/// its errors (`invalid --speed "0": use a number from 0.01 to 10000, …`). The executable reads each
/// option through its rule while the command line is parsed.
package protocol OptionRule {
    associatedtype Value
    static func read(_ text: String) throws(ProfileError) -> Value
}

/// The error of the last option value or combination of options the command line refused, kept for the
/// executable to report in its own words and status, where the argument parser would only say that a
/// value is invalid (or give status 1 for an error of a command's `validate()`).
package enum RefusedValue {
    private static let kept = Mutex<ProfileError?>(nil)

    /// Keeps `error` and gives it back to throw: `throw RefusedValue.keep(…)`.
    @discardableResult
    package static func keep(_ error: ProfileError) -> ProfileError {
        kept.withLock { $0 = error }
        return error
    }

    /// The error kept, once.
    package static func take() -> ProfileError? {
        kept.withLock { kept in
            defer { kept = nil }
            return kept
        }
    }
}
