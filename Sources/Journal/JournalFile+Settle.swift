#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files
import LocalTime
import ProfileKit
import TextSupport

/// A command deletes no byte it did not write: what an earlier write left half done is put back, and a
/// line it did not write is moved aside, never cut.
extension JournalFile {
    /// The journal's real file: the lock, the mark of an append and the rename are beside it.
    var realFile: String { POSIX.realPath(path) ?? path }

    /// Puts the journal back to its length before an append that was cut off (killed, or the machine
    /// lost its power), as its mark says (``AppendMark``), with a notice. Call holding the lock.
    func settleUnderLock() throws(JournalError) {
        switch try JournalError.io(AppendMark.settle(realFile)) {
        case .nothing:
            break
        case let .rolledBack(removed):
            if removed > 0 {
                report("notice: \(escapedPath(path)): took back the \(Self.bytes(removed)) of a write that was cut off (an import or an entry killed before it finished): none of it was logged")
            }
        case .stale:
            report("notice: \(escapedPath(path)): removed the mark of a write that was cut off; the journal was changed since, so it was left as it is")
        }
    }

    /// Settles an append that was cut off (``settleUnderLock()``) when its mark is there, taking the lock
    /// for it: every command that reads the journal runs it first, so that a reader never counts half an
    /// import. A lock held by a live writer is left to it (that writer settles first).
    package func settleInterruptedAppend() throws(JournalError) {
        guard (try? POSIX.lstatIfExists(AppendMark.path(of: realFile))) != nil else { return }
        try FileLock(timeout: lockTimeout, notice: { [report] in report("notice: \($0)") }).withLock(on: path) { () throws(JournalError) in
            try settleUnderLock()
        }
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
        let stamp = LocalCalendar().fileStamp(Int(info.st_mtim.tv_sec))
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
