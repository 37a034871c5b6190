import ProfileKit
import Screens

/// Why a line of the editor failed, kept typed until the executable prints it and picks an exit status.
package enum EditorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line itself is wrong: an unknown command, a missing argument, an answer that is no answer.
    case usage(String)
    /// The model or the store refused: a bad value, a missing profile, an I/O error, a lock, a conflict.
    case profile(ProfileError)

    /// Takes a screen's error, keeping a model error whole.
    init(_ error: ScreenError) {
        switch error {
        case let .usage(message): self = .usage(message)
        case let .refused(error as ProfileError): self = .profile(error)
        case let .refused(error): self = .usage(error.description)
        }
    }

    /// What the user reads: the same words the command line prints for the same error.
    package var message: String {
        switch self {
        case let .usage(message): message
        case let .profile(error): error.description
        }
    }

    package var description: String { message }
}

/// Runs a ProfileKit call, passing its error on whole for the screen to report.
func screen<T>(_ body: () throws(ProfileError) -> T) throws(ScreenError) -> T {
    do {
        return try body()
    } catch {
        throw .refused(error)
    }
}
