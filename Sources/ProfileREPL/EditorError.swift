import ProfileKit
import Screens
import TextSupport

/// Why a line of the editor failed, kept typed until the executable prints it and picks an exit status.
package enum EditorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line itself is wrong: an unknown command, a missing argument, an answer that is no answer.
    case usage(String)
    /// The model or the store refused: a bad value, a missing profile, an I/O error, a lock, a conflict.
    case profile(ProfileError)
    /// What a sit started from the editor refused beyond the profile (its journal, say), carried whole.
    case carried(CarriedError)

    /// Takes a screen's error, keeping a model error whole.
    init(_ error: ScreenError) {
        switch error {
        case let .usage(message): self = .usage(message)
        case let .refused(error as ProfileError): self = .profile(error)
        case let .refused(error as CarriedError):
            if let error = error.error as? ProfileError { self = .profile(error) } else { self = .carried(error) }
        case let .refused(error): self = .usage(error.description)
        }
    }

    /// What the user reads: the same words the command line prints for the same error.
    package var message: String {
        switch self {
        case let .usage(message): message
        case let .profile(error): error.description
        case let .carried(error): error.description
        }
    }

    package var description: String { message }

    /// The class of a script that stopped on this error, for its exit status: the script is the data, so
    /// whatever the editor refused is a data error (65), while the system's failures keep their own
    /// (74, 75, 78).
    package var scriptCategory: ErrorCategory {
        let category = switch self {
        case .usage: ErrorCategory.data
        case let .profile(error): error.category
        case let .carried(error): error.category
        }
        return switch category {
        case .usage, .data, .notFound, .cannotCreate: .data
        case .io, .temporary, .configuration, .interrupted: category
        }
    }
}

/// Runs a ProfileKit call, passing its error on whole for the screen to report.
func screen<T>(_ body: () throws(ProfileError) -> T) throws(ScreenError) -> T {
    do {
        return try body()
    } catch {
        throw .refused(error)
    }
}
