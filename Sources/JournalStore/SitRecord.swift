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
import JSON
import ProfileKit
import TextSupport

/// The record a run keeps of its sit while it lasts, so that a sit cut off by a crash, SIGKILL or a dead
/// battery is still logged: the journal it belongs to, when it was written, and the sit as it would be
/// logged at that moment (its id, profile, start, planned seconds, the seconds reached, the paused
/// seconds and the bells rung so far; outcome `interrupted`, unless the run ended and only the journal's
/// write failed).
///
/// One file, `sit-<id>.json` in the records' folder (``SitRecordFolder``), holding one JSON object:
/// `{"journal":"/home/ana/.local/share/profile/journal.jsonl","written":"2026-11-25T06:41:00+01:00","sit":{…}}`,
/// the sit as a journal line holds it. It is read as strictly as the journal: a key it does not know,
/// or a sit the journal would refuse, makes the record unreadable (it is then moved aside, never lost).
package struct SitRecord: Equatable, Sendable {
    /// The journal's absolute path.
    package var journal: String
    /// When the run last wrote the record: the last moment it is known to have lived.
    package var written: Timestamp
    /// The sit as it would be logged.
    package var sit: Sit

    package init(journal: String, written: Timestamp, sit: Sit) {
        self.journal = journal
        self.written = written
        self.sit = sit
    }

    /// The keys of the record's object.
    static let keys = ["journal", "written", "sit"]

    /// The largest record read, in bytes: a path, a profile name and a note, each bounded, fit many times.
    static let sizeLimit = 64 * 1024

    /// The record's bytes: one JSON object on one line, with its newline.
    package var bytes: [UInt8] {
        var text = ByteText(capacity: 400)
        text.append("{\"journal\":")
        text.appendJSONString(journal)
        text.append(",\"written\":\"")
        text.append(written)
        text.append("\",\"sit\":")
        sit.write(to: &text, spaced: false, everyKey: false)
        text.append("}\n")
        return text.bytes
    }

    /// Why bytes are not a record: `1:23: sit: unknown key "Note"`.
    package struct Problem: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The record `bytes` hold.
    package static func decode(_ bytes: [UInt8]) throws(Problem) -> SitRecord {
        func place(_ offset: Int) -> String {
            let (line, column) = JSONParser.lineAndColumn(of: offset, in: bytes)
            return "\(line):\(column)"
        }
        let node: JSONNode
        do {
            node = try JSONParser.parse(bytes)
        } catch {
            throw Problem(description: "\(place(error.offset)): \(error.message)")
        }
        guard case let .object(members) = node.value else {
            throw Problem(description: "\(place(node.offset)): expected a record (a JSON object), found \(node.kindDescription)")
        }
        var values: [String: JSONNode] = [:]
        for member in members {
            guard keys.contains(member.key) else {
                throw Problem(description: "\(place(member.keyOffset)): unknown key \(quoted(member.key)); a record of a sit in progress has the keys \(keys.joined(separator: ", "))")
            }
            values[member.key] = member.value
        }
        func string(_ key: String) throws(Problem) -> (String, JSONNode) {
            guard let value = values[key] else {
                throw Problem(description: "\(place(node.offset)): the record has no \(quoted(key)); it needs \(keys.joined(separator: ", "))")
            }
            guard case let .string(text) = value.value else {
                throw Problem(description: "\(place(value.offset)): \(key): expected a string, found \(value.kindDescription)")
            }
            return (text, value)
        }
        let (journal, journalNode) = try string("journal")
        guard journal.hasPrefix("/"), !journal.utf8.contains(0) else {
            throw Problem(description: "\(place(journalNode.offset)): journal: expected an absolute path, found \(quoted(journal, limit: 60))")
        }
        let (writtenText, writtenNode) = try string("written")
        guard let written = Timestamp(parsing: writtenText) else {
            throw Problem(description: "\(place(writtenNode.offset)): written: expected a time such as \"2026-11-23T07:15:00+01:00\", found \(quoted(writtenText, limit: 40))")
        }
        guard let sitNode = values["sit"] else {
            throw Problem(description: "\(place(node.offset)): the record has no \"sit\"; it needs \(keys.joined(separator: ", "))")
        }
        // A run's record is never recovered yet: recovery marks the sit it logs, so the key would change nothing.
        if case let .object(sitMembers) = sitNode.value, let member = sitMembers.first(where: { $0.key == "recovered" }) {
            throw Problem(description: "\(place(member.keyOffset)): sit: recovered: a record of a sit in progress has no \"recovered\" (the sit logged from it is marked so)")
        }
        let sit: Sit
        do throws(SitLine.Problem) {
            sit = try SitLine.decode(sitNode, in: bytes)
        } catch {
            let line = JSONParser.lineAndColumn(of: sitNode.offset, in: bytes).line
            throw Problem(description: "\(line):\(error.column): sit: \(error.key.map { "\($0): " } ?? "")\(error.message)")
        }
        // Only `run` writes a record, and it checks the note; a record is no way around that check.
        for (key, text) in [("profile", sit.profile), ("note", sit.note)] {
            do throws(JournalError) {
                _ = try Sit.checkedText(text, option: key)
            } catch {
                guard case let .invalidOption(_, _, accepted) = error else { throw Problem(description: "sit: \(key): \(error)") }
                throw Problem(description: "sit: \(key): expected \(accepted)")
            }
        }
        return SitRecord(journal: journal, written: written, sit: sit)
    }
}

/// The folder of the records of sits in progress: `${XDG_STATE_HOME:-$HOME/.local/state}/profile/`,
/// machine-local (a journal in a synced folder must not carry a record whose run lives on another
/// machine), made with mode 0700; each record `sit-<id>.json`, mode 0600.
///
/// A run holds a lock (`flock`) on its record while it lives: the kernel lets it go when the process
/// dies, however it dies, and no pid that could be reused is trusted. Each write makes a new file beside
/// the record, locks it, writes it whole, flushes it and renames it over the record, and only then lets
/// go of the old one's lock: the name always names a locked file while the run lives, and a crash at any
/// moment leaves the last whole record. Recovery (``recover(journal:stamp:now:)``) takes a
/// record's lock without waiting, so it never touches a live run's record, and checks that the name
/// still names the file it locked.
package struct SitRecordFolder: Sendable {
    /// The folder.
    package let path: String

    package init(path: String) {
        self.path = path
    }

    /// The folder for `environment`: `$XDG_STATE_HOME/profile` when it is an absolute path, else
    /// `$HOME/.local/state/profile`; nil when there is no home.
    package static func location(environment: [String: String], homeFallback: () -> String? = { nil }) -> String? {
        StoreLocation.baseFolder("XDG_STATE_HOME", else: ".local/state", environment: environment, homeFallback: homeFallback)
            .map { "\($0)/profile" }
    }

    /// The record of the sit `id`.
    package func recordPath(id: String) -> String { "\(path)/sit-\(id).json" }

    /// The file a write of the record of `id` is made in before it is renamed over it.
    func temporaryPath(id: String) -> String { "\(path)/.sit-\(id).json.tmp" }

    /// The id in a record's file name, nil for any other name.
    static func id(inName name: [UInt8]) -> String? {
        let prefix = Array("sit-".utf8), suffix = Array(".json".utf8)
        guard name.count > prefix.count + suffix.count, name.starts(with: prefix), name.suffix(suffix.count).elementsEqual(suffix) else {
            return nil
        }
        let id = String(decoding: name.dropFirst(prefix.count).dropLast(suffix.count), as: UTF8.self)
        return Sit.isValidID(id) ? id : nil
    }
}

/// A run's own record: written as the sit goes, locked while the run lives, removed once the sit is in
/// the journal. A record a run leaves (it was killed, or its journal could not be written) is for the
/// next journal command to recover.
package final class SitRecordWriter {
    /// The record's path.
    package let path: String
    private let folder: String
    private let temporary: String
    /// The record written last, open and locked; -1 before the first write and after ``remove()``.
    private var fd: Int32 = -1

    package init(folder: SitRecordFolder, id: String) {
        self.folder = folder.path
        path = folder.recordPath(id: id)
        temporary = folder.temporaryPath(id: id)
    }

    deinit {
        // Closing lets go of the lock and leaves the record: a run that ends without removing it did not
        // get its sit into the journal, and the next journal command logs it.
        if fd >= 0 { close(fd) }
    }

    /// Writes `record` in place of the last one, atomically, holding its lock.
    package func write(_ record: SitRecord) throws(JournalError) {
        // Made again if it went during the sit (a cleaner, a hand tidying ~/.local/state).
        try JournalError.io(POSIX.makeDirectories(folder, mode: 0o700))
        // Locked before it has the name recovery looks at: no other process knows this file yet. The
        // replace sets the mode and flushes the folder, as every replace does.
        try JournalError.io(AtomicFile.replaceHoldingLock(path, with: record.bytes, through: temporary, mode: 0o600) { new in
            // The old record's lock goes with the old record, now that the new one holds the name.
            if fd >= 0 { close(fd) }
            fd = new
        })
    }

    /// Removes the record (the sit is in the journal, or was too short to log) and lets go of its lock.
    ///
    /// - Throws: ``FileError/io(path:operation:errno:)`` when the record is still there (its folder
    ///   became read-only): the next journal command finds its sit logged and removes it then.
    package func remove() throws(JournalError) {
        guard fd >= 0 else { return }
        // Removed while still locked, so that no recovery can take it between the two.
        let removed = unlink(path) == 0 || errno == ENOENT
        let code = errno
        unlink(temporary)
        close(fd)
        fd = -1
        if !removed { throw JournalError.failure(path, "remove", code) }
    }
}

extension SitRecordFolder {
    /// What a recovery did with one record.
    package enum Recovery: Sendable {
        /// The sit was logged.
        case logged(SitRecord)
        /// The journal already held the sit (its run died after logging it): only the record was removed.
        case alreadyLogged(SitRecord)
        /// The sit was shorter than ``Sit/shortestRun``, so not logged, as a short run is not.
        case tooShort(SitRecord)
        /// The sit could not be appended: the record stays for the next command.
        case failed(SitRecord, JournalError)
        /// The journal ends with the rest of an append that was cut off, which a recovery never cuts:
        /// the record stays, quietly, for the next command that writes the journal.
        case waiting(SitRecord)
        /// The record could not be read: it was moved to `aside`.
        case unreadable(path: String, problem: String, aside: String)
        /// The record could not be read and not moved aside either: it stays where it is.
        case stuck(path: String, problem: String)
        /// The record's sit was dealt with (logged, found logged, or too short) but the record could not be
        /// removed: a later command will find its sit logged, unless it was deleted meanwhile.
        case notRemoved(path: String, error: JournalError)
        /// The folder is not the user's alone (another user owns it, or group or others may write in it):
        /// nothing in it was read, since anyone who can write there could leave a record. `problem` says
        /// what is wrong with it.
        case untrustedFolder(path: String, problem: String)
    }

    /// Logs the sits of the records whose run is dead (their lock can be taken), each in the journal
    /// it names, once: the append happens under that journal's lock and only when no line there has
    /// the sit's id. A record whose lock is held is never touched. Returns what was done, in the order
    /// of the records' names; a folder that does not exist or cannot be listed recovers nothing.
    ///
    /// Only the user's own records are trusted: a folder another user owns, or that group or others
    /// may write in, is not read at all (one ``Recovery/untrustedFolder(path:problem:)``); a record
    /// another user owns, a sit that could not have happened (``Sit/checkPlausible(now:file:line:)``),
    /// a record no run could have written (``Sit/checkRecordedByRun(written:now:limits:)``: written before the
    /// sit's end or after `now`, pauses outside its span, more bells than it could ring, a planned
    /// length no profile has), or a journal that is not the user's own journal (another user's file, a text file, a device) has
    /// its record moved aside, the journal untouched.
    ///
    /// - Parameters:
    ///   - journal: the journal at a path, as the command opens its own (its lock timeout, its reports).
    ///   - stamp: the local time for the name an unreadable record is moved to
    ///     (``LocalCalendar/fileStamp(_:)``).
    ///   - now: the wall clock, seconds since the epoch: a record's sit must have ended and its record
    ///     been written by then, and a temporary file a killed run left before its first record
    ///     (``staleAfter`` old, with no record beside it) is removed.
    package func recover(journal: (String) -> JournalFile, stamp: String, now: Int) -> [Recovery] {
        var folder = stat()
        guard stat(path, &folder) == 0 else { return [] }
        if let problem = untrustedFolderProblem(folder) { return [.untrustedFolder(path: path, problem: problem)] }
        guard let names = try? POSIX.directoryEntries(path) else { return [] }
        var done: [Recovery] = []
        // Journals whose lock was held too long in this pass: their other records wait for the next
        // command rather than each waiting out the lock again.
        var locked: [String: JournalError] = [:]
        for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            if let id = Self.id(inName: name) {
                done += recover(id: id, journal: journal, stamp: stamp, now: now, locked: &locked)
            } else if let id = Self.id(inTemporaryName: name) {
                removeIfStale(temporaryPath(id: id), record: recordPath(id: id), now: now)
            }
        }
        return done
    }

    /// What makes the folder `info` describes no place to trust a record from, and how to mend it; nil
    /// when it is the effective user's alone. Another user owns it, or group or others may write in it.
    func untrustedFolderProblem(_ info: stat) -> String? {
        let user = geteuid()
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return "not a folder; move it away (a run makes the folder anew)" }
        guard info.st_uid == user else {
            return "owned by uid \(info.st_uid), not by this user (uid \(user)); move it away (a run makes the folder anew, mode 700)"
        }
        let mode = info.st_mode & 0o7777
        guard mode & 0o022 == 0 else {
            return "writable by group or others (mode \(String(mode, radix: 8))); make it writable by you alone: chmod go-w \(shellWord(path))"
        }
        return nil
    }

    /// What makes the record `info` describes (already known to be a regular file) not the user's own,
    /// or nil when it is.
    static func foreignRecordProblem(_ info: stat) -> String? {
        let user = geteuid()
        return info.st_uid == user ? nil : "owned by uid \(info.st_uid), not by this user (uid \(user)), so not written by a run of theirs"
    }

    /// What makes `journal`, the path a record names, no journal a recovered sit may be logged in, or
    /// nil when it is one: it is opened for reading (a link followed, never blocking on a FIFO), and
    /// must be a regular file the effective user owns that is a journal
    /// (``JournalFile/checkIsJournal(_:)``: empty, or holding a record line). A file that cannot be
    /// opened or read is no answer either way: it throws, and the record stays for a later command.
    static func foreignJournalProblem(_ journal: String) throws(JournalError) -> String? {
        let user = geteuid()
        func problem(_ info: stat) -> String? {
            guard POSIX.isRegular(info) else { return "its journal, \(escapedPath(journal)), is not a regular file" }
            guard info.st_uid == user else {
                return "its journal, \(escapedPath(journal)), is owned by uid \(info.st_uid), not by this user (uid \(user))"
            }
            return nil
        }
        // Looked at before it is opened (another user's file may not open; a device is never opened),
        // and again once open, in case the path changed in between.
        var named = stat()
        guard stat(journal, &named) == 0 else { throw JournalError.failure(journal, "stat") }
        if let problem = problem(named) { return problem }
        let fd = POSIX.openFile(journal, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw JournalError.failure(journal, "open") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw JournalError.failure(journal, "fstat") }
        if let problem = problem(info) { return problem }
        do throws(JournalError) {
            // The append's own rule (a fragment alone is no journal: an append is marked, so a crash in
            // this program's write leaves none): what the append would refuse is moved aside here.
            try JournalFile(path: journal).checkIsJournal(fd)
        } catch {
            guard case .document = error else { throw error }
            return "its journal, \(escapedPath(journal)), holds no record of a sit, so it is no journal"
        }
        return nil
    }

    /// How old, in seconds, a temporary file without its record must be before recovery removes it: a
    /// run makes and renames one within a moment, so one this old was left by a run killed in between.
    static let staleAfter = 600

    /// The id in a temporary file's name (`.sit-<id>.json.tmp`), nil for any other name.
    static func id(inTemporaryName name: [UInt8]) -> String? {
        let prefix = Array(".".utf8), suffix = Array(".tmp".utf8)
        guard name.count > prefix.count + suffix.count, name.starts(with: prefix), name.suffix(suffix.count).elementsEqual(suffix) else {
            return nil
        }
        return id(inName: Array(name.dropFirst(prefix.count).dropLast(suffix.count)))
    }

    /// Removes the temporary file `file` of a run killed before its first record: old, with no record
    /// beside it, and not locked by a live run.
    private func removeIfStale(_ file: String, record: String, now: Int) {
        var info = stat(), recordInfo = stat()
        guard lstat(file, &info) == 0, POSIX.isRegular(info), POSIX.modificationSeconds(info) < now - Self.staleAfter,
              lstat(record, &recordInfo) != 0, errno == ENOENT else { return }
        let fd = POSIX.openToLock(file)
        guard fd >= 0 else { return }
        defer { close(fd) }
        guard FileLock.tryLock(fd) == .taken else { return }
        unlink(file)
    }

    /// Recovers the record of `id` when its run is dead: what was done, nothing when the record is gone
    /// or its run lives.
    private func recover(id: String, journal: (String) -> JournalFile, stamp: String, now: Int,
                         locked: inout [String: JournalError]) -> [Recovery] {
        let file = recordPath(id: id)
        let fd = POSIX.openToLock(file)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return [] }
            // A link (O_NOFOLLOW refuses it) or a folder is no record a run writes: it is moved aside as it is.
            if code == ELOOP { return [moveAside(file, problem: "a symbolic link, not a file a run writes", stamp: stamp)] }
            if code == EISDIR { return [moveAside(file, problem: "a folder, not a file a run writes", stamp: stamp)] }
            return [.stuck(path: file, problem: "cannot be opened: \(JournalError.failure(file, "open", code))")]
        }
        defer { close(fd) }
        // Held: its run lives. Not waited for. Any other failure is said, not taken for a live run.
        switch FileLock.tryLock(fd) {
        case .taken: break
        case .held: return []
        case let .failed(code): return [.stuck(path: file, problem: "cannot be locked: \(JournalError.failure(file, "flock", code))")]
        }
        // The name must still name what was locked: a run replaces its record by renaming a new one over
        // it, and the old one's lock is let go after.
        var held = stat(), named = stat()
        guard fstat(fd, &held) == 0, lstat(file, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino else {
            return []
        }
        func removed(_ recovery: Recovery) -> [Recovery] {
            let gone = unlink(file) == 0 || errno == ENOENT
            let code = errno
            unlink(temporaryPath(id: id))
            return gone ? [recovery] : [recovery, .notRemoved(path: file, error: JournalError.failure(file, "remove", code))]
        }
        // The one decision `status` takes too (SitRecord+Pending.swift), so that it counts what is logged here.
        let record: SitRecord
        switch Self.decide(id: id, info: held, bytes: { try? POSIX.readAll(fd, path: file, limit: SitRecord.sizeLimit) }, now: now) {
        case .unreadable(let problem): return [moveAside(file, problem: problem, stamp: stamp)]
        case .tooShort(let short): return removed(.tooShort(short))
        case .log(let found): record = found
        }
        // The run made its journal before the sit began: a journal that is not there now is not made
        // anew (an unmounted disk would get a new file under its mount point); the record waits.
        var info = stat()
        guard stat(record.journal, &info) == 0 else { return [.failed(record, JournalError.failure(record.journal, "open"))] }
        if let error = locked[record.journal] { return [.failed(record, error)] }
        // Only the user's own journal takes a sit: a record naming another file (a passwd file, a
        // bashrc, another user's journal) is moved aside, and the file is not touched.
        do throws(JournalError) {
            if let problem = try Self.foreignJournalProblem(record.journal) { return [moveAside(file, problem: problem, stamp: stamp)] }
        } catch {
            return [.failed(record, error)]
        }
        var sit = record.sit
        sit.recovered = true
        do throws(JournalError) {
            switch try journal(record.journal).appendRecovered(sit) {
            case .appended: return removed(.logged(record))
            case .alreadyLogged: return removed(.alreadyLogged(record))
            case .waiting: return [.waiting(record)]
            }
        } catch {
            if case .locked? = error.fileError { locked[record.journal] = error }
            return [.failed(record, error)]
        }
    }

    /// Moves an unreadable record (a file, a folder or a link) to `sit-<id>.json.unreadable-<local time>`,
    /// a name recovery does not take, so that it is kept for a person to read and never read again; a
    /// name already taken is not overwritten (the record then stays, and is said again next time).
    private func moveAside(_ file: String, problem: String, stamp: String) -> Recovery {
        let aside = "\(file).unreadable-\(stamp)"
        var existing = stat()
        guard lstat(aside, &existing) != 0, errno == ENOENT, POSIX.renameFile(file, aside) == 0 else {
            return .stuck(path: file, problem: problem)
        }
        return .unreadable(path: file, problem: problem, aside: aside)
    }
}
