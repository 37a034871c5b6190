import TextSupport

/// Every error of the journal, its imports and its records of sits in progress: each names the file
/// and line, or the value and what would be accepted. A file that could not be reached and what another
/// target refused (the model's rules, LocalTime's durations) are carried whole, in their own words.
///
/// JournalCore reaches no file and imports no model, so it names neither the file layer's error nor
/// ProfileKit's: ``file(_:)`` and ``refused(_:)`` carry them whole (`CarriedError`). JournalStore makes
/// the first a `FileFailure` (`JournalError+Files.swift`: thrown from a `FileError`, and read back as
/// one by ``JournalError/fileError``); ``refusing(_:)`` makes the second.
package enum JournalError: ReportedError, Equatable {
    /// A journal, an import or a record whose content is wrong (65): `path:line:col`, and what is expected.
    case document(DocumentError)
    /// A value the journal's commands refuse (64): an option, a day, a time, a zone; `accepted` says
    /// what would be taken.
    case invalidOption(String, option: String, accepted: String)
    /// The environment does not say where the journal is (78).
    case configuration(String)
    /// What another target refused, carried in its own words, category and errno: LocalTime's
    /// `DurationError` (`--duration`'s text, 64); in JournalStore, ProfileKit's `ProfileError` (a lock
    /// timeout that is not a number (78), an announcement that could not be written).
    case refused(CarriedError)
    /// A file or folder that could not be read or written, a lock held too long: the file layer's
    /// `FileError`, carried in its own words, category and errno.
    case file(CarriedError)

    package var category: ErrorCategory {
        switch self {
        case .document: .data
        case .invalidOption: .usage
        case .configuration: .configuration
        case let .refused(error): error.category
        case let .file(error): error.category
        }
    }

    package var systemErrno: Int32? {
        switch self {
        case let .refused(error): error.systemErrno
        case let .file(error): error.systemErrno
        default: nil
        }
    }

    package var description: String {
        switch self {
        case let .document(error): error.description
        case let .invalidOption(value, option, accepted): refusal(value, option: option, accepted: accepted)
        case let .configuration(message): message
        case let .refused(error): error.description
        case let .file(error): error.description
        }
    }

    /// Runs a call of another target (LocalTime's, ProfileKit's), carrying its error whole as ``refused(_:)``.
    package static func refusing<T, Failure: ReportedError>(_ call: () throws(Failure) -> T) throws(JournalError) -> T {
        do throws(Failure) {
            return try call()
        } catch {
            throw .refused(CarriedError(error))
        }
    }
}
