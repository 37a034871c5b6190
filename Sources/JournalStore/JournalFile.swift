#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import JournalCore
import LocalTime
import Files
import LocalTime
import ProfileKit
import TextSupport

/// The journal of sits: `journal.jsonl`, one record a line.
///
/// Appends take the journal's lock (`journal.jsonl.lock`, the store's kind: `O_EXCL`, stale locks
/// broken), open the file with `O_APPEND`, write the whole line in one `write` and `fsync` it, so that a
/// crash at any moment leaves every earlier line whole. A last line without its newline that is not
/// whole JSON is what a crash in the middle of a write leaves: readers ignore it with a warning, and the
/// next append moves it, byte for byte, to a damaged-lines file, with a notice. Any other line that is not a record (a whole
/// JSON value on the last line included: no crash leaves one) is an error (65) naming its line and
/// column for the commands that read the journal and for a delete, which then changes nothing; the
/// error ends with the way out, a repair (`JournalFile+Repair.swift`), which moves such lines aside. An
/// append goes ahead whatever the earlier lines hold: it never depends on them, and a finished sit
/// is not refused for a line written by hand. Readers never lock. The journal must be a regular file.
package struct JournalFile: Sendable {
    /// The file, as given.
    package let path: String
    /// How long an append waits for another's lock.
    package let lockTimeout: Double
    /// Receives the notices of repairs (a fragment cut off, a stale lock broken) and warnings about a
    /// torn last line; each message is whole (`warning: …`, `notice: …`).
    let report: @Sendable (String) -> Void
    /// The zone whose local time names a damaged-lines file (``moveTailAside(_:_:journal:moved:)``).
    package let zone: Zone

    /// The largest journal read, in bytes: a million sits take about 250 MB.
    package static let sizeLimit = 1 << 30

    package init(path: String, lockTimeout: Double = 5, zone: Zone = .utc, report: @escaping @Sendable (String) -> Void = { _ in }) {
        self.path = path
        self.zone = zone
        self.lockTimeout = lockTimeout
        self.report = report
    }

    /// Where the journal is: `--journal FILE`, else `$PROFILE_JOURNAL`, else
    /// `${XDG_DATA_HOME:-$HOME/.local/share}/profile/journal.jsonl` (a relative or empty `XDG_DATA_HOME`
    /// is ignored, as the other XDG variables are); nil when there is no home to put it in.
    package static func location(flag: String?, environment: [String: String], homeFallback: () -> String? = { nil }) -> String? {
        if let flag, !flag.isEmpty { return flag }
        if let file = environment["PROFILE_JOURNAL"], !file.isEmpty { return file }
        return StoreLocation.baseFolder("XDG_DATA_HOME", else: ".local/share", environment: environment, homeFallback: homeFallback)
            .map { "\($0)/profile/journal.jsonl" }
    }

    // MARK: Reading

    /// The longest line a reader takes, in bytes: no record comes near it (a note and a profile name of
    /// 4,000 bytes each, every character escaped, take under 17 KiB), and a line past it is refused as
    /// soon as the limit is read, so that a 1 GB line costs a moment and a few MiB, not the whole line
    /// in memory.
    package static let lineLimit = 64 * 1024

    /// The journal's bytes as every reader counts them, or nil when there is no journal yet.
    ///
    /// It is opened with `O_NONBLOCK`, so that a FIFO does not wait for a writer, and anything but a
    /// regular file (a FIFO, `/dev/zero`, a folder) is refused before a byte is read. A line longer than
    /// `lineLimit` stops the read there (65, with its line). The rest of an append that has not finished
    /// (``AppendMark``: cut off, or being written now), when its mark proves those bytes its own, is left
    /// out, with a notice: a reader counts what was logged and changes nothing; the next writer takes
    /// them back.
    func contents(lineLimit: Int? = Self.lineLimit) throws(JournalError) -> [UInt8]? {
        try readable(lineLimit: lineLimit)?.bytes
    }

    /// What ``contents(lineLimit:)`` gives, and how many bytes of an append that has not finished it
    /// left out (0 when none): a recovery waits while there are such bytes, so `status` counts no record.
    func readable(lineLimit: Int? = Self.lineLimit) throws(JournalError) -> (bytes: [UInt8], leftOut: Int)? {
        let fd: Int32
        do throws(JournalError) {
            fd = try JournalError.io(POSIX.open(path, O_RDONLY | O_NONBLOCK))
        } catch {
            if case let .io(_, _, code)? = error.fileError, code == ENOENT { return nil }
            throw error
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw JournalError.failure(path, "fstat") }
        guard POSIX.isRegular(info) else { throw Self.notRegular(path, info) }
        var bytes = try readLines(fd, size: Int(info.st_size), lineLimit: lineLimit)
        guard fstat(fd, &info) == 0 else { throw JournalError.failure(path, "fstat") }
        switch AppendMark.look(at: info, bytes: bytes, folder: POSIX.directoryName(realFile)) {
        case let .proven(length, removable) where removable > 0:
            report("notice: \(escapedPath(path)): left out its last \(JournalMessages.bytes(removable)), an entry or import that has not finished (being written now, or cut off); the next command that writes the journal takes them back if it was cut off")
            bytes.removeSubrange(length...)
            return (bytes, removable)
        case .doubtful(.forbidden):
            report("warning: \(escapedPath(path)): an entry or import has not finished (being written now, or cut off), and its mark cannot be read here: what it wrote so far may be counted; the journal's owner's next command settles it")
        default:
            break
        }
        return (bytes, 0)
    }

    /// The bytes of the journal open as `fd` (about `size` bytes), read a block at a time; a line longer
    /// than `lineLimit` (when given) stops the read as soon as its limit is passed.
    private func readLines(_ fd: Int32, size: Int, lineLimit: Int?) throws(JournalError) -> [UInt8] {
        let block = 1 << 20
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(size, 64 << 20) + 1)
        var lineStart = 0
        var lineNumber = 1
        var scanned = 0
        while true {
            let room = min(block, Self.sizeLimit + 1 - bytes.count)
            let got = try JournalError.io(POSIX.readBlock(fd, count: room, path: path))
            let ended = got.count < room
            bytes.append(contentsOf: got)
            if bytes.count > Self.sizeLimit { throw JournalError.failure(path, "read", EFBIG) }
            if let lineLimit {
                var tooLong = false
                bytes.withUnsafeBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    while scanned < buffer.count {
                        guard let found = memchr(base + scanned, 0x0A, buffer.count - scanned) else {
                            scanned = buffer.count
                            tooLong = buffer.count - lineStart > lineLimit
                            return
                        }
                        let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                        if index - lineStart > lineLimit {
                            tooLong = true
                            return
                        }
                        lineStart = index + 1
                        lineNumber += 1
                        scanned = index + 1
                    }
                }
                if tooLong {
                    throw .document(DocumentError(file: path, line: lineNumber, message: "a line longer than \(grouped(lineLimit)) bytes, which no record is; \(Self.repairHint)"))
                }
            }
            if ended { return bytes }
        }
    }

    /// The error for a journal that is not a regular file (65): what it is instead.
    package static func notRegular(_ path: String, _ info: stat) -> JournalError {
        let kind = POSIX.kindName(info)
        return .document(DocumentError(file: path, message: "is \(kind), not a regular file; the journal must be a file of lines (use --journal FILE or PROFILE_JOURNAL to name another)"))
    }

    /// The error for a line that is not a record, as the commands that read the journal give it: what
    /// ``check()`` says, and the way out.
    func invalid(_ line: SitLine.Line, _ problem: SitLine.Problem) -> JournalError {
        var error = SitLine.damage(line, problem, path: path)
        error.message += "; \(Self.repairHint)"
        return .document(error)
    }

    /// What ends the error of every command that stops at a damaged line.
    package static let repairHint = "run 'profile log repair' to move damaged lines aside"

    /// The records and their lines; a torn last line is left out with a warning.
    /// - Parameter keepLines: whether to return the lines of the records too (a delete rewrites them).
    private func parse(_ bytes: [UInt8], warn: Bool, keepLines: Bool = true) throws(JournalError) -> (sits: [Sit], lines: [SitLine.Line], torn: SitLine.Line?) {
        let scan = SitLine.scan(bytes, keepLines: keepLines, firstDamage: true)
        if let first = scan.damaged.first { throw invalid(first.line, first.problem) }
        if warn, let torn = scan.torn { warnTorn(torn) }
        return (scan.sits, scan.lines, scan.torn)
    }

    /// Says that a torn last line was left out, as every reader does.
    func warnTorn(_ line: SitLine.Line) {
        report("warning: \(escapedPath(path)):\(line.number): ignored an incomplete last line (\(JournalMessages.bytes(line.range.count)) with no newline, as an interrupted write leaves); the next entry moves it aside")
    }

    /// `1 byte`, `12 bytes`.
    static func bytes(_ count: Int) -> String { count == 1 ? "1 byte" : "\(grouped(count)) bytes" }

    /// Every record, in the file's order.
    ///
    /// - Throws: ``JournalError/document(_:)`` (65) for a line that is not a record, with its
    ///   `path:line:column`; ``FileError/io(path:operation:errno:)`` when the file cannot be read.
    package func read() throws(JournalError) -> [Sit] {
        guard let bytes = try contents() else { return [] }
        return try parse(bytes, warn: true, keepLines: false).sits
    }

    /// The sit `id` names, or nil when none does.
    ///
    /// - Throws: ``JournalError/document(_:)`` (65) for a line that is not a record, or when two sits
    ///   or more share the id (naming their lines): a delete could not tell which to remove.
    package func sit(id: String) throws(JournalError) -> Sit? {
        guard let bytes = try contents() else { return nil }
        let (sits, lines, _) = try parse(bytes, warn: true)
        return try Self.index(of: id, in: sits, lines: lines, path: path).map { sits[$0] }
    }

    /// Where the one sit with `id` is among `sits`, nil when none has it.
    private static func index(of id: String, in sits: [Sit], lines: [SitLine.Line], path: String) throws(JournalError) -> Int? {
        let found = sits.indices.filter { sits[$0].id == id }
        guard found.count < 2 else {
            let numbers = found.map { String(lines[$0].number) }
            let list = numbers.count == 2 ? "\(numbers[0]) and \(numbers[1])" : numbers.dropLast().joined(separator: ", ") + " and \(numbers[numbers.count - 1])"
            throw .document(DocumentError(file: path, line: lines[found[0]].number, message: "\(found.count) sits have the id \(quoted(id)), on lines \(list); give all but one of them another id by hand (1 to 64 letters, digits, '-' or '_') to delete one"))
        }
        return found.first
    }

    // MARK: Writing

    /// Checks, before a session starts, that its sit can be appended: the folders are made, and the
    /// journal is opened for appending (created with mode 0600 when missing) and must be a regular file.
    ///
    /// Without it a journal that is a folder, a device or in a folder that cannot be written is found
    /// only when the sit is over, and the sit is lost.
    /// The lock is taken and let go as well: an append needs to make it beside the file (in `/proc`,
    /// say, it cannot).
    package func prepare() throws(JournalError) {
        try JournalError.io(POSIX.makeDirectories(POSIX.directoryName(path), mode: 0o700))
        try FileLock(timeout: lockTimeout, notice: { [report] in report("notice: \($0)") }).withLock(on: path) { () throws(JournalError) in
            let fd = try openForAppend()
            close(fd)
        }
    }

    /// The journal opened for appending by the file layer (``AppendFile/open(_:mode:)``: made, mode 0600,
    /// when missing; a FIFO does not wait for a reader); refused unless a regular file.
    private func openForAppend() throws(JournalError) -> Int32 {
        let fd: Int32
        do throws(JournalError) {
            fd = try JournalError.io(AppendFile.open(path, mode: 0o600))
        } catch {
            // A FIFO without a reader (ENXIO) or a folder (EISDIR): say what the path is instead.
            var info = stat()
            if case let .io(_, _, code)? = error.fileError, code == ENXIO || code == EISDIR, stat(path, &info) == 0, !POSIX.isRegular(info) {
                throw Self.notRegular(path, info)
            }
            throw error
        }
        try checkRegular(fd)
        return fd
    }

    /// Refuses the journal open as `fd` unless it is a regular file, closing it then.
    @discardableResult
    func checkRegular(_ fd: Int32) throws(JournalError) -> stat {
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw JournalError.failure(path, "fstat", code)
        }
        guard POSIX.isRegular(info) else {
            close(fd)
            throw Self.notRegular(path, info)
        }
        return info
    }

    /// Appends `sit` as one line; `announce` runs under the lock once the line is written and flushed (a
    /// command prints there what it logs): an error it throws takes the line back, so that output that
    /// cannot be written changes nothing.
    ///
    /// The line is first read back with the strict reader: a record this program could not read (a
    /// year past 9999, an offset of 24 hours or more) is refused (64), as it would stop every reading
    /// command. Under the lock as ``appendMany(prepare:lines:announce:)``. The other lines are not read
    /// (but with `once`, for their ids, with `calendar`, for the milestones, and as far as the first
    /// record, to know the file is a journal): an invalid one does not stop an append.
    ///
    /// - Parameter once: append only when no line holds the sit's id yet (read under the lock), as a
    ///   recovery does: the run it recovers may have logged the sit before it died.
    /// - Parameter calendar: the local days the milestones are counted in; nil: none are worked out.
    /// - Returns: whether the sit was appended (always, unless `once` found it), and the milestones it
    ///   crossed, worked out under the lock from the journal's sits as the append found them and the sit
    ///   (``AppendOutcome``): two appends at once never both say one milestone.
    @discardableResult
    /// - Parameter before: told the journal's sits under the lock just before the line is written (nil
    ///   when they cannot be read): a test's look at that moment.
    package func append(_ sit: Sit, once: Bool = false, calendar: LocalCalendar? = nil,
                        announce: () throws(ProfileError) -> Void = {},
                        before: (([Sit]?) -> Void)? = nil) throws(JournalError) -> AppendOutcome {
        try Self.checkReadable(sit, line: Array(sit.line.utf8).dropLast())
        var milestones: [String] = []
        let appended = try appendMany(prepare: { () throws(JournalError) -> Bool in
            once ? try !holds(id: sit.id) : true
        }, again: { () throws(JournalError) -> Bool in try !holds(id: sit.id) }, lines: { $0 ? [sit] : [] }, announce: { (appends: Bool) throws(JournalError) in
            if appends { try JournalError.refusing(announce) }
        }, before: calendar == nil && before == nil ? nil : { sits in
            before?(sits)
            if let calendar { milestones = Milestones.crossed(sits, after: sits.map { $0 + [sit] }, calendar: calendar) }
        })
        return AppendOutcome(appended: appended, milestones: appended ? milestones : [])
    }

    /// What ``append(_:once:calendar:announce:)`` did.
    package struct AppendOutcome: Equatable, Sendable {
        /// Whether the sit was appended.
        package var appended: Bool
        /// The milestones the sit crossed, a line each as the command that logged it says them
        /// (``Milestones/crossed(before:after:)``); none when no calendar was given.
        package var milestones: [String]
    }

    /// What ``appendRecovered(_:)`` did.
    package enum RecoveredAppend: Sendable {
        /// The sit was appended.
        case appended
        /// A line held its id already.
        case alreadyLogged
        /// The journal ends with the proven rest of an append that was cut off, which only a command
        /// that writes the journal takes back: nothing was written, and the sit waits for it.
        case waiting
    }

    /// Appends the sit of a run that was cut off, once (only when no line holds its id), without ever
    /// cutting: a recovery runs in commands that only read, which leave the rest of a cut-off append
    /// where it is (``RecoveredAppend/waiting``).
    package func appendRecovered(_ sit: Sit) throws(JournalError) -> RecoveredAppend {
        try Self.checkReadable(sit, line: Array(sit.line.utf8).dropLast())
        return try appendMany(prepare: { () throws(JournalError) -> RecoveredAppend in
            try holds(id: sit.id) ? .alreadyLogged : .appended
        }, lines: { $0 == .appended ? [sit] : [] }, announce: { _ throws(JournalError) in }, orWait: { .waiting })
    }

    /// The journal's sits as they are now, read quietly (the holder of the lock, before its write);
    /// nil when they cannot be read.
    private func sitsQuietly() -> [Sit]? {
        guard let bytes = try? contents() else { return (try? POSIX.lstatIfExists(path)) == nil ? [] : nil }
        return try? parse(bytes, warn: false, keepLines: false).sits
    }

    /// Appends the lines of the sits `lines` makes of what `prepare` gives (run under the lock, so that
    /// it may read the journal), all or nothing, and returns what `prepare` gave. `announce` gets it once
    /// the lines are written and flushed (or when there is nothing to write); an error it throws takes
    /// the lines back.
    ///
    /// Under the lock (``withWriteLock(orWait:_:)``): an earlier append that was cut off is taken back,
    /// as far as its mark proves it its own (``settleUnderLock(_:file:cutting:)``); a file that is not
    /// empty and holds no record is refused (65, ``checkIsJournal(_:)``), changing nothing; a last line
    /// with no newline gets one when it is a record (or blank), and is otherwise moved to a
    /// damaged-lines file, byte for byte, with a notice (``moveTailAside(_:_:journal:moved:)``). The
    /// file's length and the checksums of what is written go into its mark (``AppendMark``), the lines
    /// are written with `O_APPEND` in one `write` and `fsync`ed (cut back when either fails), and the
    /// mark is removed: a process killed at any moment leaves none of the lines once the next writer
    /// has settled the journal, and nothing else is ever cut. A new file is created with mode 0600 (its
    /// folders 0700) and its folder is flushed too.
    ///
    /// - Parameters:
    ///   - before: told the sits the journal holds under the lock, before anything is written.
    ///   - waiting: for a writer that may not cut (``appendRecovered(_:)``): what to return when the
    ///     rest of a cut-off append waits.
    func appendMany<T>(prepare: () throws(JournalError) -> T, again: (() throws(JournalError) -> T)? = nil, lines: (T) -> [Sit],
                       announce: (T) throws(JournalError) -> Void, before: (([Sit]?) -> Void)? = nil,
                       orWait waiting: (() -> T)? = nil) throws(JournalError) -> T {
        let folder = POSIX.directoryName(path)
        try JournalError.io(POSIX.makeDirectories(folder, mode: 0o700))
        // Another program that replaces the journal by a rename (a sync tool, an editor, `sed -i`) while
        // the lines are written leaves them in the file it replaced: they are written again, once, into
        // the one the name now gives (`again` leaves out what that file holds already).
        for attempt in 0..<4 {
            let wait: (() -> Attempt<T>)? = waiting.map { waiting in { .done(waiting()) } }
            switch try withWriteLock(orWait: wait, { (held: Int32?) throws(JournalError) -> Attempt<T> in
                try appendOnce(prepare: { () throws(JournalError) -> T in
                    if attempt > 0, let again { return try again() }
                    return try prepare()
                }, lines: lines, announce: announce, before: before, held: held, folder: folder)
            }) {
            case let .done(value): return value
            case .replaced: continue
            }
        }
        throw .file(.conflict(path: path))
    }

    /// What one try of ``appendMany(prepare:again:lines:announce:before:orWait:)`` came to.
    private enum Attempt<T> {
        case done(T)
        /// The journal was replaced while the lines were written into it: nothing was said yet.
        case replaced
    }

    /// One try of an append, holding the lock (`held`: the locked journal, nil when there was none).
    private func appendOnce<T>(prepare: () throws(JournalError) -> T, lines: (T) -> [Sit], announce: (T) throws(JournalError) -> Void,
                               before: (([Sit]?) -> Void)?, held: Int32?, folder: String) throws(JournalError) -> Attempt<T> {
        let value = try prepare()
        let sits = lines(value)
        guard !sits.isEmpty else {
            try announce(value)
            return .done(value)
        }
        before?(sitsQuietly())
        var line: [UInt8] = []
        line.reserveCapacity(sits.count * 200)
        for sit in sits { line += sit.line.utf8 }
        let fd = try openForAppend()
        defer { close(fd) }
        if held == nil { try lockCreated(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw JournalError.failure(path, "fstat") }
        if let held {
            // The name must still give the file locked.
            var locked = stat()
            guard fstat(held, &locked) == 0, locked.st_dev == info.st_dev, locked.st_ino == info.st_ino else { return .replaced }
        }
        if info.st_size > 0 {
            let reader = try JournalError.io(POSIX.open(path, O_RDONLY | O_NONBLOCK))
            defer { close(reader) }
            try checkIsJournal(reader)
            let last = try JournalError.io(POSIX.readBytes(reader, at: Int(info.st_size) - 1, count: 1, path: path))
            if last != [0x0A] {
                line = try repairTail(fd, reader: reader, newLine: line)
            }
        }
        // Killed from here until the mark is cleared, the next writer takes back what it proves of the lines.
        let mark = try JournalError.io(AppendMark.mark(fd, file: realFile, adding: line))
        do throws(JournalError) {
            // A write or fsync that fails leaves the file as long as it was: no part of these sits stays.
            try JournalError.io(AppendFile.append(line, to: fd, path: path))
            if held == nil { try JournalError.io(POSIX.fsyncDirectory(folder)) }
            try JournalError.io(mark.clear())
        } catch {
            try? JournalError.io(AppendFile.cut(fd, to: mark.length, path: path))
            _ = fsync(fd)
            unlink(mark.path)
            throw error
        }
        // Replaced by a rename meanwhile: the lines are in a file no name gives any more.
        var named = stat()
        guard stat(path, &named) == 0, named.st_dev == info.st_dev, named.st_ino == info.st_ino else { return .replaced }
        do throws(JournalError) {
            try announce(value)
        } catch {
            // What could not be said is not done: the lines go again, under the same lock.
            try? JournalError.io(AppendFile.cut(fd, to: mark.length, path: path))
            _ = fsync(fd)
            throw error
        }
        return .done(value)
    }

    /// Whether a line of the journal is the sit `id`'s: a record with that id (a torn last line that is
    /// a whole record among them), or a damaged line that holds it as a JSON string (a sit whose line
    /// was damaged afterwards is still there). A torn fragment does not count: it is what an append
    /// cut short leaves, and the next append moves it aside.
    private func holds(id: String) throws(JournalError) -> Bool {
        guard let bytes = try contents() else { return false }
        let scan = SitLine.scan(bytes, keepLines: false, firstDamage: false)
        if scan.sits.contains(where: { $0.id == id }) { return true }
        let quotedID = Array("\"\(id)\"".utf8)
        func holdsID(_ line: ArraySlice<UInt8>) -> Bool { line.indices.contains { line[$0...].starts(with: quotedID) } }
        return scan.damaged.contains { holdsID(bytes[$0.line.range]) }
    }

    /// Refuses (64) a record the strict reader would not give back as it is.
    package static func checkReadable(_ sit: Sit) throws(JournalError) {
        try checkReadable(sit, line: Array(sit.line.utf8).dropLast())
    }

    private static func checkReadable(_ sit: Sit, line: ArraySlice<UInt8>) throws(JournalError) {
        let problem: String
        do throws(SitLine.Problem) {
            if try SitLine.decode(Array(line)) == sit { return }
            problem = "it would not read back as written"
        } catch {
            problem = "\(error.key.map { "\($0): " } ?? "")\(error.message)"
        }
        throw JournalError.invalidOption(String(decoding: line, as: UTF8.self), option: "record",
                                         accepted: "a record the journal can read back (\(problem))")
    }

    /// Deals with a last line that has no newline, holding the lock: a record (or a blank line) gets its
    /// newline (written with `newLine`); anything else (a fragment an old interrupted write left, a line
    /// edited by hand) is moved, byte for byte, to a damaged-lines file, with a notice.
    private func repairTail(_ fd: Int32, reader: Int32, newLine: [UInt8]) throws(JournalError) -> [UInt8] {
        guard lseek(reader, 0, SEEK_SET) == 0 else { throw JournalError.failure(path, "lseek") }
        guard let bytes = try JournalError.io(POSIX.readAll(reader, path: path, limit: Self.sizeLimit)) else { throw JournalError.failure(path, "read", EFBIG) }
        let (_, torn) = SitLine.lines(of: bytes)
        guard let torn else { return newLine }
        if SitLine.isBlank(bytes[torn.range]) || (try? SitLine.decode(Array(bytes[torn.range]))) != nil { return [0x0A] + newLine }
        try moveTailAside(bytes, torn.range, journal: fd) { aside in
            report("notice: \(escapedPath(path)):\(torn.number): moved a last line with no newline that is no record (\(JournalMessages.bytes(torn.range.count))) to \(escapedPath(aside)), as it was")
        }
        return newLine
    }

    /// Removes the sit `id` and returns it, or returns nil when no sit has that id; every other byte
    /// stays (blank lines and a torn last line included). `beforeWriting` gets the sit under the lock
    /// just before the file is replaced.
    ///
    /// Under the lock, an append that was cut off is taken back first; the file is read and checked
    /// whole (an invalid line stops it: 65, nothing changed), written without the sit's line to a
    /// temporary file of the same mode beside it, fsynced and renamed over it.
    ///
    /// - Throws: ``JournalError/document(_:)`` for an invalid line, or when two sits share the id.
    package func delete(id: String, beforeWriting: (Sit) throws(ProfileError) -> Void = { _ in }) throws(JournalError) -> Sit? {
        try rewrite(id: id, change: { _ throws(JournalError) in nil }, beforeWriting: { (old, _) throws(JournalError) in
            try JournalError.refusing { () throws(ProfileError) in try beforeWriting(old) }
        })?.old
    }

    /// Replaces the sit `id` with what `change` makes of it, and returns both, or returns nil when no
    /// sit has that id; the other lines stay byte for byte, the sit's line moves not. `beforeWriting`
    /// gets both under the lock just before the file is replaced.
    ///
    /// Under the lock as ``delete(id:beforeWriting:)``; the new record is refused (64) unless the
    /// strict reader gives it back as it is.
    ///
    /// - Throws: ``JournalError/document(_:)`` for an invalid line, or when two sits share the id; what
    ///   `change` throws.
    package func edit(id: String, change: (Sit) throws(JournalError) -> Sit,
                      beforeWriting: (_ old: Sit, _ new: Sit) throws(ProfileError) -> Void = { _, _ in }) throws(JournalError) -> (old: Sit, new: Sit)? {
        let result = try rewrite(id: id, change: { (sit: Sit) throws(JournalError) -> Sit? in
            let new = try change(sit)
            try Self.checkReadable(new)
            return new
        }, beforeWriting: { (old, new) throws(JournalError) in
            if let new { try JournalError.refusing { () throws(ProfileError) in try beforeWriting(old, new) } }
        })
        return result.flatMap { result in result.new.map { (result.old, $0) } }
    }

    /// The file rewritten with the sit `id`'s line replaced by `change`'s record, or left out when it
    /// gives nil; nil when no sit has the id.
    private func rewrite(id: String, change: (Sit) throws(JournalError) -> Sit?,
                         beforeWriting: (Sit, Sit?) throws(JournalError) -> Void) throws(JournalError) -> (old: Sit, new: Sit?)? {
        // The real file behind a link: the rename must replace it, not the link.
        let file = realFile
        return try withWriteLock { (held: Int32?) throws(JournalError) -> (old: Sit, new: Sit?)? in
            guard held != nil, let bytes = try contents() else { return nil }
            let (sits, lines, _) = try parse(bytes, warn: false)
            guard let index = try Self.index(of: id, in: sits, lines: lines, path: path) else { return nil }
            let new = try change(sits[index])
            // Only the sit's own line (and its newline) changes: every other byte, blank lines and a
            // last line with no newline included, stays as it was.
            let line = lines[index].range
            let end = line.upperBound < bytes.count ? line.upperBound + 1 : line.upperBound
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count + 256)
            kept += bytes[..<line.lowerBound]
            if let new { kept += Array(new.line.utf8) }
            kept += bytes[end...]
            try beforeWriting(sits[index], new)
            try Self.replace(file, with: kept)
            return (sits[index], new)
        }
    }

    /// The error for an id no sit has, with the closest one.
    package static func noSit(_ id: String, path: String, among sits: [Sit]) -> JournalError {
        .document(DocumentError(file: path, message: "no sit with the id \(quoted(id))\(didYouMean(closestMatch(to: id, in: sits.map(\.id)))); 'profile log' shows the ids"))
    }

    /// Writes `bytes` to `file` through the file layer's atomic replace (same mode); `renamed` runs
    /// once the rename is done, so that a caller knows a later failure (flushing the folder) left the new
    /// file in place.
    static func replace(_ file: String, with bytes: [UInt8], renamed: () -> Void = {}) throws(JournalError) {
        // A journal made new is 0600; an existing one keeps its mode. A folder that cannot be flushed once
        // the new file is in place says so (74, "saved, but the folder could not be flushed"): the change
        // is made, maybe not durably.
        try JournalError.io(AtomicFile.replace(file, with: bytes, newFileMode: 0o600, renamed: renamed))
    }
}
