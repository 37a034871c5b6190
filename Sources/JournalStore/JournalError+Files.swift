import Files
import JournalCore
import TextSupport

/// The journal's error as the file layer's users make theirs: a `FileError` thrown through
/// `JournalError.io(…)` is carried whole (``JournalError/file(_:)``), and read back where a writer
/// decides by it (a missing file, a name taken, a lock held).
extension JournalError: FileFailure {
    package init(_ error: FileError) { self = .file(CarriedError(error)) }

    /// `.file(FileError)`: the file layer's error, carried.
    package static func file(_ error: FileError) -> JournalError { .file(CarriedError(error)) }

    /// The file layer's error this carries, else nil.
    package var fileError: FileError? {
        guard case let .file(carried) = self else { return nil }
        return carried.error as? FileError
    }
}
