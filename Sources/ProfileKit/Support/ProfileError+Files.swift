#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

extension ProfileError {
    /// The file layer's error as this program says it: the same path, operation and errno.
    package init(_ error: FileError) {
        switch error {
        case let .io(path, operation, code): self = .io(path: path, operation: operation, errno: code)
        case let .notFlushed(path, operation, code): self = .notFlushed(path: path, operation: operation, errno: code)
        case let .locked(path, pid, host): self = .locked(path: path, pid: pid, host: host)
        case let .conflict(path): self = .conflict(path: path)
        }
    }

    /// A failed system call on `path`, with the errno it left (``io(path:operation:errno:)``).
    package static func failure(_ path: String, _ operation: String, _ code: Int32 = errno) -> ProfileError {
        .io(path: path, operation: operation, errno: code)
    }
}

/// Runs a call of the file layer and says its error as ``ProfileError``: `try io(POSIX.open(path, flags))`.
@inline(__always)
package func io<T>(_ call: @autoclosure () throws(FileError) -> T) throws(ProfileError) -> T {
    do {
        return try call()
    } catch {
        throw ProfileError(error)
    }
}

extension FileLock {
    /// Runs `body` holding the lock of the file at `path`, with the lock's errors as ``ProfileError``.
    package func withLock<T>(on path: String, _ body: () throws(ProfileError) -> T) throws(ProfileError) -> T {
        try withLock(on: path, failure: ProfileError.init, body)
    }
}
