#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JournalCore
import LocalTime
import Files
import ProfileKit
import TextSupport

/// Finding the journal's damaged lines, and moving them aside.
///
/// A damaged line is one the readers stop at: a line that is not a record, or a whole JSON value on the
/// last line that lacks only its newline. A torn last line (what an interrupted write leaves) is not
/// damaged: the readers go on without it, with a warning, and the next entry moves it aside, so a repair
/// leaves it where it is. Blank lines are not damaged either, and are kept.
extension JournalFile {
    /// A line of the journal that is not a record.
    package struct DamagedLine: Equatable, Sendable {
        /// Its number, from 1.
        package var number: Int
        /// Its bytes, without the newline.
        package var bytes: [UInt8]
        /// What is wrong with it, as the readers say it: `path:line:column: key: why`.
        package var error: DocumentError
    }

    /// What a check of the journal found.
    package struct Check: Sendable {
        /// Whether there is a journal at all (a missing one holds no sit).
        package var exists: Bool
        /// The records that read.
        package var sits: Int
        /// The file's lines, blank ones and a torn last line included.
        package var lines: Int
        /// The lines that are not records, in the file's order.
        package var damaged: [DamagedLine]
    }

    /// What a repair did.
    package struct Repair: Sendable {
        /// The check it started from; under the lock, when it moved lines.
        package var check: Check
        /// The file the damaged lines went to; nil when nothing was damaged, and nothing changed.
        package var damagedFile: String?
        /// The file that was rewritten: the journal, or the file its link points to.
        package var journal: String

        /// The lines moved aside.
        package var moved: [DamagedLine] { damagedFile == nil ? [] : check.damaged }
        /// The lines the journal keeps: every other one, blank lines and a torn last line included.
        package var kept: Int { check.lines - moved.count }
    }

    /// Every line of the journal that is not a record, without stopping at the first as the readers do;
    /// a torn last line is warned about as they warn. Never locks and never writes.
    ///
    /// - Throws: ``FileError/io(path:operation:errno:)`` when the file cannot be read, and
    ///   ``JournalError/document(_:)`` when it is not a regular file.
    package func check() throws(JournalError) -> Check {
        try check(warn: true)
    }

    private func check(warn: Bool, lineLimit: Int? = JournalFile.lineLimit) throws(JournalError) -> Check {
        guard let bytes = try contents(lineLimit: lineLimit) else { return Check(exists: false, sits: 0, lines: 0, damaged: []) }
        return check(bytes, warn: warn).check
    }

    /// The check of `bytes`, and where each damaged line is in them.
    private func check(_ bytes: [UInt8], warn: Bool) -> (check: Check, ranges: [Range<Int>]) {
        let scan = SitLine.scan(bytes, keepLines: false, firstDamage: false)
        if warn, let torn = scan.torn { warnTorn(torn) }
        let damaged = scan.damaged.map { line, problem in
            DamagedLine(number: line.number, bytes: Array(bytes[line.range]), error: SitLine.damage(line, problem, path: path))
        }
        return (Check(exists: true, sits: scan.sits.count, lines: scan.lineCount, damaged: damaged), scan.damaged.map(\.line.range))
    }

    /// Moves the damaged lines, byte for byte, to a new file beside the journal
    /// (`journal.damaged-20261124T063000.jsonl`) and rewrites the journal without them; with no damaged
    /// line it changes nothing. `beforeWriting` gets what will be done under the lock, once the
    /// damaged lines' file is made (empty) and before anything is written: a command prints there, so
    /// that output that cannot be written changes nothing.
    ///
    /// Under the journal's lock (the one appends take), the file is read again and checked whole; the
    /// damaged lines are written to their file (each with a newline), which is fsynced and its folder
    /// too; only then is the journal replaced, as a delete replaces it: a temporary file of the same
    /// mode beside it, fsynced, renamed over it, the folder fsynced. Every other line stays as it was,
    /// a torn last line too (the next entry moves it aside): the lines kept and the lines moved are the
    /// lines there were. A failure before the rename removes the damaged lines' file again, so a failed
    /// repair changes nothing; once the journal is replaced the file stays, whatever fails after.
    ///
    /// A journal that is a symbolic link is repaired as a delete repairs it: the file it points to is
    /// rewritten (the link stays a link), and the damaged lines' file is made beside that file, named
    /// after it.
    ///
    /// - Parameter stamp: the local time for the new file's name (``LocalCalendar/fileStamp(_:)``).
    /// - Throws: ``FileError/io(path:operation:errno:)`` when a file cannot be read or written (the
    ///   damaged lines' file included), ``FileError/locked(path:pid:host:)`` when another holds the
    ///   lock too long, ``JournalError/document(_:)`` when the journal is not a regular file.
    package func repair(stamp: String, beforeWriting: (Repair) throws(ProfileError) -> Void = { _ in }) throws(JournalError) -> Repair {
        // The real file behind a link: the rename must replace it, not the link.
        let file = POSIX.realPath(path) ?? path
        // Nothing damaged: no lock taken, nothing written.
        let first = try check(warn: true, lineLimit: nil)
        guard !first.damaged.isEmpty else { return Repair(check: first, damagedFile: nil, journal: file) }
        return try withWriteLock { (held: Int32?) throws(JournalError) -> Repair in
            // A line of any length is moved aside whole: the repair reads past the readers' line limit.
            guard held != nil, let bytes = try contents(lineLimit: nil) else {
                return Repair(check: Check(exists: false, sits: 0, lines: 0, damaged: []), damagedFile: nil, journal: file)
            }
            let (check, ranges) = check(bytes, warn: false)
            guard !check.damaged.isEmpty else { return Repair(check: check, damagedFile: nil, journal: file) }
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count)
            var moved: [UInt8] = []
            var start = 0
            for range in ranges {
                kept += bytes[start..<range.lowerBound]
                moved += bytes[range]
                moved.append(0x0A)
                // Its newline goes with it (a last line may have none).
                start = min(range.upperBound + 1, bytes.count)
            }
            kept += bytes[start...]

            var info = stat()
            let mode = stat(file, &info) == 0 ? info.st_mode & 0o7777 : 0o600
            let folder = POSIX.directoryName(file)
            let (damagedFile, fd) = try Self.createDamagedFile(beside: file, stamp: stamp, mode: mode)
            var replaced = false
            do throws(JournalError) {
                let repair = Repair(check: check, damagedFile: damagedFile, journal: file)
                do {
                    defer { close(fd) }
                    try JournalError.refusing { () throws(ProfileError) in try beforeWriting(repair) }
                    try JournalError.io(POSIX.writeAll(fd, moved, path: damagedFile))
                    try JournalError.io(POSIX.fsync(fd, path: damagedFile))
                }
                try JournalError.io(POSIX.fsyncDirectory(folder))
                try Self.replace(file, with: kept, renamed: { replaced = true })
                return repair
            } catch {
                // Until the rename the journal holds every line: the copy would be one too many.
                if !replaced { unlink(damagedFile) }
                throw error
            }
        }
    }

    /// The name of the file a repair moves damaged lines to: the journal's name without its extension
    /// (`journal` of `journal.jsonl`), `.damaged-`, the local time and `.jsonl`; from the second try on
    /// with `-2`, `-3` … after the time.
    package static func damagedFileName(for journal: String, stamp: String, attempt: Int = 1) -> String {
        let base = POSIX.baseName(journal)
        var stem = Substring(base)
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { stem = base[..<dot] }
        return "\(stem).damaged-\(stamp)\(attempt > 1 ? "-\(attempt)" : "").jsonl"
    }

    /// How many names a repair tries for the damaged lines' file before it gives up.
    static let damagedFileAttempts = 100

    /// Creates the file for the damaged lines beside `file`, with `O_EXCL`: a file of that name is never
    /// overwritten, the next name is tried instead (``damagedFileName(for:stamp:attempt:)``).
    static func createDamagedFile(beside file: String, stamp: String, mode: mode_t) throws(JournalError) -> (path: String, fd: Int32) {
        let folder = POSIX.directoryName(file)
        var attempt = 1
        while true {
            let path = "\(folder)/\(damagedFileName(for: file, stamp: stamp, attempt: attempt))"
            do throws(JournalError) {
                // The mode as asked, whatever the umask.
                return (path, try JournalError.io(AtomicFile.createNew(path, mode: mode)))
            } catch {
                guard case let .io(_, _, code)? = error.fileError, code == EEXIST, attempt < damagedFileAttempts else { throw error }
                attempt += 1
            }
        }
    }
}
