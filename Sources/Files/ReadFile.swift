#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a small read found at a path (``ReadFile/small(_:limit:noFollow:naming:)``).
package enum SmallFile {
    /// The whole file.
    case contents([UInt8])
    /// Nothing there (a link to nothing too, when links are followed).
    case missing
    /// Something that is not a regular file (a folder, a FIFO, a device, a socket; a link when links are
    /// not followed), as `stat` (or `lstat`) describes it; it was not read, and a device was not opened.
    case notRegular(stat)
    /// A regular file larger than the limit: its size as `fstat` gave it (or past the limit, when it grew
    /// while it was read); it was not read beyond the limit.
    case tooLarge(size: Int)

    /// The bytes read, nil for anything else.
    package var bytes: [UInt8]? {
        if case let .contents(bytes) = self { return bytes }
        return nil
    }
}

/// The one read of a small file whole (a setting, a profile, a sound, a unit, a cache): the read-side
/// twin of ``AtomicFile``.
package enum ReadFile {
    /// Reads the regular file at `path` whole, when it holds at most `limit` bytes.
    ///
    /// What is there is looked at before it is opened (a device is never opened), and again once it is
    /// open, in case the name changed in between; it is opened with `O_NONBLOCK` (a FIFO put there does
    /// not wait for a writer), `O_NOCTTY` and `O_CLOEXEC`, every call retried on EINTR. A size past
    /// `limit` is refused before a byte is read.
    ///
    /// - Parameters:
    ///   - noFollow: a link at `path` is not followed (`O_NOFOLLOW`): it is ``SmallFile/notRegular(_:)``.
    ///   - name: the path said in an error of `fstat` or `read` (`path` when nil): a caller that opens a
    ///     resolved path names the one the user knows.
    /// - Throws: ``FileError/io(path:operation:errno:)`` of `open` (naming `path`), `fstat` or `read`;
    ///   nothing there is ``SmallFile/missing``, not an error.
    package static func small(_ path: String, limit: Int, noFollow: Bool = false, naming name: String? = nil) throws(FileError) -> SmallFile {
        var info = stat()
        if (noFollow ? lstat(path, &info) : stat(path, &info)) == 0 {
            if !POSIX.isRegular(info) { return .notRegular(info) }
        } else if errno == ENOENT {
            return .missing
        }
        // Whatever else kept stat from answering, open says it in its own words.
        let fd: Int32
        do throws(FileError) {
            fd = try POSIX.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | (noFollow ? O_NOFOLLOW : 0))
        } catch {
            switch error.code {
            case ENOENT?:
                return .missing
            case ELOOP? where noFollow:
                // O_NOFOLLOW's answer for a link (or a loop of links, which lstat shows as a link too).
                guard lstat(path, &info) == 0 else { throw error }
                return .notRegular(info)
            default:
                // A socket does not open (ENXIO): what is there is said rather than the errno.
                if (noFollow ? lstat(path, &info) : stat(path, &info)) == 0, !POSIX.isRegular(info) { return .notRegular(info) }
                throw error
            }
        }
        defer { close(fd) }
        let said = name ?? path
        guard fstat(fd, &info) == 0 else { throw POSIX.failure(said, "fstat") }
        guard POSIX.isRegular(info) else { return .notRegular(info) }
        guard Int(info.st_size) <= limit, let bytes = try POSIX.readAll(fd, path: said, limit: limit) else {
            // fstat's size, or what was read when the file grew meanwhile.
            var now = stat()
            return .tooLarge(size: fstat(fd, &now) == 0 ? max(Int(now.st_size), Int(info.st_size), limit + 1) : max(Int(info.st_size), limit + 1))
        }
        return .contents(bytes)
    }
}
