#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What can go wrong reaching a file. Each target that writes through this one maps it into its own
/// error (``ProfileError`` for the store, the journal and the sounds), which says it to a person and
/// gives the exit status; this type only carries the facts.
package enum FileError: Error, Equatable, Sendable {
    /// A system call on `path` failed with `errno`.
    case io(path: String, operation: String, errno: Int32)
    /// The change is in place, but flushing the folder `path` to disk failed: a power loss may take it back.
    case notFlushed(path: String, operation: String, errno: Int32)
    /// Another live process holds the lock file `path`.
    case locked(path: String, pid: Int32, host: String)
    /// The file's name kept leading elsewhere while its lock was taken (a link re-pointed each time).
    case conflict(path: String)

    /// The errno of an ``io(path:operation:errno:)``, else nil.
    package var code: Int32? {
        if case let .io(_, _, code) = self { return code }
        return nil
    }
}
