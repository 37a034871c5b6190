#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

extension ProfileError: FileFailure {
    /// The file layer's error as this program says it: the same path, operation and errno.
    package init(_ error: FileError) {
        switch error {
        case let .io(path, operation, code): self = .io(path: path, operation: operation, errno: code)
        case let .notFlushed(path, operation, code): self = .notFlushed(path: path, operation: operation, errno: code)
        case let .locked(path, pid, host): self = .locked(path: path, pid: pid, host: host)
        case let .conflict(path): self = .conflict(path: path)
        case let .busy(path): self = .busy(path: path)
        }
    }

}

/// Runs a call of the file layer and says its error as ``ProfileError``: `try io(POSIX.open(path, flags))`,
/// the store's short form of ``FileFailure/io(_:)``.
@inline(__always)
package func io<T>(_ call: @autoclosure () throws(FileError) -> T) throws(ProfileError) -> T {
    try ProfileError.io(call())
}

