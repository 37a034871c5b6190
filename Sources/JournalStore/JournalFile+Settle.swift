#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files
import JournalCore
import LocalTime
import ProfileKit
import TextSupport

/// A command deletes no byte it did not write: what an earlier write is proven to have left half done is
/// put back, and a line it did not write is moved aside, never cut.
extension JournalFile {
    /// The journal's real file: the lock, the mark of an append and the rename are beside it.
    var realFile: String { POSIX.realPath(path) ?? path }

    /// Settles an append that was cut off, as every writer does first (``withWriteLock(orWait:_:)``),
    /// and writes nothing else: `log repair` and the tests call it.
    package func settle() throws(JournalError) {
        try withWriteLock { _ throws(JournalError) in }
    }

    /// The lock every writer of the journal holds: `<real file>.lock` (waited for, broken when stale),
    /// then an exclusive `flock` on the file itself, which every name of it shares (a hard link, a bind
    /// mount), checked to be the file the real path names once held. An append that was cut off is
    /// settled first (``settleUnderLock(_:cutting:)``). `body` gets the locked file's descriptor (read
    /// only), or nil when there is no journal yet; a body that creates it locks it too
    /// (``lockCreated(_:)``).
    ///
    /// - Parameter waiting: for a writer that may not cut a proven rest of a cut-off write (a recovery
    ///   run by a command that only reads): what to return then, instead of running `body`.
    func withWriteLock<T>(orWait waiting: (() -> T)? = nil, _ body: (Int32?) throws(JournalError) -> T) throws(JournalError) -> T {
        let file = realFile
        let lock = FileLock(timeout: lockTimeout, notice: { [report] in report("notice: \($0)") })
        return try lock.withLock(on: file) { () throws(JournalError) -> T in
            let held = try lockInode(file, lock: lock)
            defer { if let held { close(held) } }
            if let held, try !settleUnderLock(held, file: file, cutting: waiting == nil), let waiting { return waiting() }
            return try body(held)
        }
    }

    /// The journal `file` (its real path) opened read only and `flock`ed, once its name is seen to
    /// still lead to the file locked; nil when there is no file.
    private func lockInode(_ file: String, lock: FileLock) throws(JournalError) -> Int32? {
        for _ in 0..<16 {
            let fd = POSIX.openFile(file, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
            if fd < 0 {
                let code = errno
                if code == ENOENT { return nil }
                if code == EINTR { continue }
                var info = stat()
                if code == ELOOP || code == ENXIO, lstat(file, &info) == 0, !POSIX.isRegular(info) { throw Self.notRegular(path, info) }
                throw JournalError.failure(path, "open", code)
            }
            let info = try checkRegular(fd)
            do throws(FileError) {
                try lock.lockFile(fd, path: path)
            } catch {
                close(fd)
                throw .file(error)
            }
            // A rename while this waited put another file at the name: lock that one instead.
            var now = stat()
            if stat(file, &now) == 0, now.st_dev == info.st_dev, now.st_ino == info.st_ino { return fd }
            close(fd)
        }
        throw .file(.conflict(path: path))
    }

    /// Locks a journal the caller has just created (open as `fd`), which no one else can hold yet.
    func lockCreated(_ fd: Int32) throws(JournalError) {
        try JournalError.io(FileLock(timeout: lockTimeout).lockFile(fd, path: path))
    }

    /// Settles the mark of an append to the journal (open as `fd`, real path `file`) that was cut off
    /// (killed, or the machine lost its power), as ``AppendMark/settle(_:file:cutting:)`` does: only the
    /// bytes proven to be that write's are taken back, with a notice; a mark that proves nothing is
    /// removed, the journal left as it is, and that is said. Call holding the lock.
    ///
    /// - Returns: false when `cutting` is false and a proven rest waits for a writer that may cut.
    func settleUnderLock(_ fd: Int32, file: String, cutting: Bool = true) throws(JournalError) -> Bool {
        switch try JournalError.io(AppendMark.settle(fd, file: file, cutting: cutting)) {
        case .nothing, .cleared:
            break
        case let .rolledBack(removed):
            report("notice: \(escapedPath(path)): took back the last \(JournalMessages.bytes(removed)), what an entry or import that was cut off (killed, or the power lost) had written: none of it was logged")
        case let .leftAsIs(doubt):
            let why = switch doubt {
            case .unreadable: "it was not a whole mark of this version of profile (cut off while it was made, or written by hand or by another version)"
            case .otherFile: "it was the mark of another file"
            case .forbidden: "it could not be read"
            case .changed: "the journal was changed since (restored, edited or added to by another program)"
            }
            report("notice: \(escapedPath(path)): found the mark of an entry or import that was cut off, but \(why); removed the mark and left the journal as it is, every line kept")
        case .waiting:
            return false
        }
        return true
    }

    /// Moves the bytes `range` of the journal (its last line, with no newline, that is no record) to a
    /// new damaged-lines file beside it, byte for byte and flushed, and cuts them from the journal open
    /// as `fd`; `moved` is told the file they went to as soon as they are cut (so that it is said even
    /// when flushing the journal then fails). Until the cut, the line is in both files: nothing is lost
    /// however the command ends.
    func moveTailAside(_ bytes: [UInt8], _ range: Range<Int>, journal fd: Int32, moved: (String) -> Void) throws(JournalError) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw JournalError.failure(path, "fstat") }
        // Named for when the line was written (the journal's last change), in local time.
        let stamp = LocalCalendar(zone: zone).fileStamp(POSIX.modificationSeconds(info))
        let (aside, asideFd) = try Self.createDamagedFile(beside: realFile, stamp: stamp, mode: info.st_mode & 0o7777)
        do throws(JournalError) {
            defer { close(asideFd) }
            try JournalError.io(POSIX.writeAll(asideFd, Array(bytes[range]), path: aside))
            try JournalError.io(POSIX.fsync(asideFd, path: aside))
            try JournalError.io(POSIX.fsyncDirectory(POSIX.directoryName(aside)))
        } catch {
            unlink(aside)
            throw error
        }
        try JournalError.io(AppendFile.cut(fd, to: range.lowerBound, path: path))
        moved(aside)
        try JournalError.io(POSIX.fsync(fd, path: path))
    }
}
