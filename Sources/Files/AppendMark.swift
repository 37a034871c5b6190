#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What makes an append all or nothing even when its process is killed: before the write, the file's
/// length (and its device and inode) goes into `<file>.appending`, flushed with its folder; once the
/// write is flushed the mark is removed, with its folder flushed again. A mark that is still there when
/// the next writer holds the file's lock is a write that was cut off: ``settle(_:)`` puts the file back
/// to the length the mark holds, so that none of that write stays.
///
/// Only a holder of the file's lock (``FileLock``) marks, clears or settles.
package struct AppendMark: Sendable {
    /// The mark's own path: `<file>.appending`.
    package let path: String
    /// The file's length before the write.
    package let length: Int

    /// The mark of `file`.
    package static func path(of file: String) -> String { file + ".appending" }

    /// Marks the file open as `fd` (at `file`, the path its lock is beside) before a write: its length
    /// now.
    ///
    /// - Throws: ``FileError/io(path:operation:errno:)``; EEXIST when a mark is there (settle it first).
    package static func mark(_ fd: Int32, file: String) throws(FileError) -> AppendMark {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw POSIX.failure(file, "fstat") }
        let path = path(of: file)
        let markFd = try AtomicFile.createNew(path, mode: 0o600)
        do throws(FileError) {
            defer { close(markFd) }
            try POSIX.writeAll(markFd, Array("\(info.st_size) \(info.st_dev) \(info.st_ino)\n".utf8), path: path)
            try POSIX.fsync(markFd, path: path)
            try POSIX.fsyncDirectory(POSIX.directoryName(path))
        } catch {
            unlink(path)
            throw error
        }
        return AppendMark(path: path, length: Int(info.st_size))
    }

    /// Removes the mark once the write is flushed, and flushes its folder, so that the write stays.
    package func clear() throws(FileError) {
        guard unlink(path) == 0 else { throw POSIX.failure(path, "unlink") }
        try POSIX.fsyncDirectory(POSIX.directoryName(path))
    }

    /// What ``settle(_:)`` did.
    package enum Settled: Equatable, Sendable {
        /// There was no mark: no write was cut off.
        case nothing
        /// The file was put back to its length before a write that was cut off: `removed` bytes went.
        case rolledBack(removed: Int)
        /// The mark did not fit the file (another file now, or shorter than before the write: changed
        /// by hand); it was removed and the file left as it is.
        case stale
    }

    /// Puts `file` back to the length its mark holds, when a write was cut off, and removes the mark.
    ///
    /// - Throws: ``FileError/io(path:operation:errno:)`` when the mark or the file cannot be read, cut
    ///   or flushed; the mark then stays for the next writer.
    package static func settle(_ file: String) throws(FileError) -> Settled {
        let path = path(of: file)
        guard let markInfo = try POSIX.lstatIfExists(path) else { return .nothing }
        var fields: [Substring] = []
        if POSIX.isRegular(markInfo), markInfo.st_size < 128 {
            let fd = try POSIX.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
            defer { close(fd) }
            let bytes = try POSIX.readAll(fd, path: path, limit: 128) ?? []
            fields = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
        }
        var settled = Settled.stale
        if fields.count == 3, let length = Int(fields[0]), let device = UInt64(fields[1]), let inode = UInt64(fields[2]), length >= 0 {
            let fd = try POSIX.open(file, O_WRONLY | O_NOFOLLOW | O_NONBLOCK)
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw POSIX.failure(file, "fstat") }
            if UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode, Int(info.st_size) >= length {
                try AppendFile.cut(fd, to: length, path: file)
                try POSIX.fsync(fd, path: file)
                settled = .rolledBack(removed: Int(info.st_size) - length)
            }
        }
        guard unlink(path) == 0 || errno == ENOENT else { throw POSIX.failure(path, "unlink") }
        try POSIX.fsyncDirectory(POSIX.directoryName(path))
        return settled
    }
}
