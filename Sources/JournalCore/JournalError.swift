import ProfileKit
import TextSupport

/// Every error of the journal, its imports and its records of sits in progress: each names the file
/// and line, or the value and what would be accepted. A file that could not be reached and a rule of
/// ProfileKit's are carried whole, in their own words.
///
/// JournalCore reaches no file, so it cannot name the file layer's error: ``file(_:)`` carries one whole
/// (`CarriedError`), and JournalStore makes it a `FileFailure` (`JournalError+Files.swift`: thrown from
/// a `FileError`, and read back as one by ``JournalError/fileError``).
package enum JournalError: ReportedError, Equatable {
    /// A journal, an import or a record whose content is wrong (65): `path:line:col`, and what is expected.
    case document(DocumentError)
    /// A value the journal's commands refuse (64): an option, a day, a time, a zone; `accepted` says
    /// what would be taken.
    case invalidOption(String, option: String, accepted: String)
    /// The environment does not say where the journal is (78).
    case configuration(String)
    /// What ProfileKit refused: a lock timeout that is not a number (78), a profile's name.
    case profile(ProfileError)
    /// A file or folder that could not be read or written, a lock held too long: the file layer's
    /// `FileError`, carried in its own words, category and errno.
    case file(CarriedError)

    package var category: ErrorCategory {
        switch self {
        case .document: .data
        case .invalidOption: .usage
        case .configuration: .configuration
        case let .profile(error): error.category
        case let .file(error): error.category
        }
    }

    package var systemErrno: Int32? {
        switch self {
        case let .profile(error): error.systemErrno
        case let .file(error): error.systemErrno
        default: nil
        }
    }

    package var description: String {
        switch self {
        case let .document(error): error.description
        case let .invalidOption(value, option, accepted): ProfileError.refusal(value, option: option, accepted: accepted)
        case let .configuration(message): message
        case let .profile(error): error.description
        case let .file(error): error.description
        }
    }

    /// Runs a call of ProfileKit, carrying its error whole.
    package static func refusing<T>(_ call: () throws(ProfileError) -> T) throws(JournalError) -> T {
        do {
            return try call()
        } catch {
            throw .profile(error)
        }
    }
}
