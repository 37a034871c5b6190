#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TextSupport

/// What can go wrong reaching a file, said as every target says it: the store, the sounds and the
/// journal each carry it inside their own error type and use these words.
package enum FileError: ReportedError, Equatable {
    /// A system call on `path` failed with `errno`.
    case io(path: String, operation: String, errno: Int32)
    /// The change is in place, but flushing the folder `path` to disk failed: a power loss may take it back.
    case notFlushed(path: String, operation: String, errno: Int32)
    /// Another live process holds the lock file `path`.
    case locked(path: String, pid: Int32, host: String)
    /// The file's name kept leading elsewhere while its lock was taken (a link re-pointed each time).
    case conflict(path: String)
    /// Another process holds the lock of the file itself (reached through another of its names: a hard
    /// link, a bind mount).
    case busy(path: String)

    /// The errno of an ``io(path:operation:errno:)``, else nil.
    package var code: Int32? {
        if case let .io(_, _, code) = self { return code }
        return nil
    }

    package var systemErrno: Int32? { code }

    package var category: ErrorCategory {
        switch self {
        case .io, .notFlushed: .io
        case .locked, .conflict, .busy: .temporary
        }
    }

    package var description: String {
        switch self {
        case let .io(path, operation, code):
            return "\(escapedPath(path)): \(operation) failed: \(errnoName(code)) (\(errnoMessage(code)))"
        case let .notFlushed(path, operation, code):
            return "\(escapedPath(path)): saved, but the folder could not be flushed: \(operation) failed: \(errnoName(code)) (\(errnoMessage(code))); the change may not survive a power loss"
        case let .locked(path, pid, host):
            // One line, as git's index.lock message says: who holds it, and how to clear a lock a crash left.
            let owner = pid > 0 ? "pid \(pid) on \(escaped(host))" : "a process on \(escaped(host)) that has not written its pid yet"
            return "\(escapedPath(path)): locked by \(owner); try again when it has finished; if no profile is running on \(escaped(host)), remove the lock: rm \(shellQuoted(path))"
        case let .conflict(path):
            return "\(escapedPath(path)): the file was changed by someone else since it was read; reload it or save again to replace it"
        case let .busy(path):
            return "\(escapedPath(path)): another process holds its lock (through this name or another of the file's, such as a hard link); try again when it has finished"
        }
    }

    /// A failed system call on `path`, with the errno it left.
    package static func failure(_ path: String, _ operation: String, _ code: Int32 = errno) -> FileError {
        .io(path: path, operation: operation, errno: code)
    }
}

/// The symbolic name of an errno value, as people search for it: `ENOSPC`.
package func errnoName(_ code: Int32) -> String {
    let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EIO: "EIO", EBADF: "EBADF", EACCES: "EACCES",
        EEXIST: "EEXIST", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL", ENFILE: "ENFILE",
        EMFILE: "EMFILE", EFBIG: "EFBIG", ENOSPC: "ENOSPC", EROFS: "EROFS", EMLINK: "EMLINK",
        ENAMETOOLONG: "ENAMETOOLONG", ELOOP: "ELOOP", EDQUOT: "EDQUOT", EXDEV: "EXDEV", EBUSY: "EBUSY",
        ENOTEMPTY: "ENOTEMPTY", EAGAIN: "EAGAIN", EINTR: "EINTR", ENOMEM: "ENOMEM",
    ]
    return names[code] ?? "errno \(code)"
}

/// The C library's message for an errno value.
package func errnoMessage(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "unknown error" }
    return String(cString: text)
}

extension ReportedError {
    /// Whether this is a write whose reader has gone (EPIPE): the end of a pipe such as `| head`, which
    /// the shell expects to stop the writer without a word.
    package var isBrokenPipe: Bool { systemErrno == EPIPE }
}

/// An error type of a target that reaches files through this one: it carries a ``FileError`` whole, so
/// the words and the category stay the file layer's.
package protocol FileFailure: Error {
    /// The file layer's error, carried.
    init(_ error: FileError)
}

extension FileFailure {
    /// Runs a call of the file layer and says its error as this type: `try JournalError.io(POSIX.open(path, flags))`.
    @inline(__always)
    package static func io<T>(_ call: @autoclosure () throws(FileError) -> T) throws(Self) -> T {
        do {
            return try call()
        } catch {
            throw Self(error)
        }
    }

    /// A failed system call on `path`, with the errno it left.
    package static func failure(_ path: String, _ operation: String, _ code: Int32 = errno) -> Self {
        Self(.io(path: path, operation: operation, errno: code))
    }
}
