/// How a command-line front end classes a failure, for its exit status (see sysexits(3)).
///
/// Each library target says its failures in an error type of its own (`ProfileError`, `SoundError`,
/// `JournalError`, `FileError`, …) and gives each a category; the executable alone turns a category into
/// an exit status, in one place.
package enum ErrorCategory: Sendable, Equatable {
    /// The user typed something that is not accepted (64).
    case usage
    /// A file's content is wrong (65).
    case data
    /// The thing named does not exist (66).
    case notFound
    /// Something that should be created exists already (73).
    case cannotCreate
    /// The system refused a read or write (74).
    case io
    /// Someone else is busy with it; trying again may work (75).
    case temporary
    /// The environment is set up wrong (78).
    case configuration
    /// A signal stopped it (130, as a shell reports SIGINT).
    case interrupted
}

/// An error said to a person as one line (`description`, every outside byte escaped and bounded) and
/// classed for the exit status (`category`).
package protocol ReportedError: Error, Sendable, CustomStringConvertible {
    /// The failure's class, for exit statuses.
    var category: ErrorCategory { get }
    /// The errno of a failed system call this error reports, else nil (a front end ends quietly on EPIPE).
    var systemErrno: Int32? { get }
}

/// An error of a target that a layer in between cannot name, carried whole to the front end that says
/// it: a journal's failure through a sit's record (Sitting cannot import JournalStore), a sit's failure
/// through the editor. Its words, category and errno are the carried error's own.
package struct CarriedError: ReportedError, Equatable {
    /// The error as it was thrown.
    package let error: any ReportedError

    package init(_ error: some ReportedError) {
        // Carried once: a carried error carried again stays the first.
        self.error = (error as? CarriedError)?.error ?? error
    }

    package var category: ErrorCategory { error.category }
    package var systemErrno: Int32? { error.systemErrno }
    package var description: String { error.description }

    /// Runs `body`, carrying its error.
    package static func carrying<T, E: ReportedError>(_ body: () throws(E) -> T) throws(CarriedError) -> T {
        do {
            return try body()
        } catch {
            throw CarriedError(error)
        }
    }

    package static func == (a: CarriedError, b: CarriedError) -> Bool {
        a.description == b.description && a.category == b.category && a.systemErrno == b.systemErrno
    }
}

/// The words of a refused option's value, `invalid --speed "0": use a number from 0.01 to 10000, …`: the
/// errors of every target that refuse a value (the model's, the journal's) say it so.
package func refusal(_ value: String, option: String, accepted: String) -> String {
    "invalid \(option) \(quoted(value)): use \(accepted)"
}
