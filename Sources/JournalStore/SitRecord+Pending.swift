#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files
import JournalCore
import ProfileKit
import TextSupport

/// Recovery's decision about one record, taken in one place: ``SitRecordFolder/recover(journal:stamp:now:)``
/// acts on it, and `status`, which writes nothing, counts what it would log
/// (``SitRecordFolder/pendingSits(journal:now:)``), so that `status` says what `stats` says once the
/// records are recovered.
extension SitRecordFolder {
    /// What recovery makes of a record whose lock it holds, before it looks at the journal the record names.
    enum Decision {
        /// No record a run of this user's could have left (not a regular file, another user's, not a
        /// record, a sit that could not have happened): moved aside, with why.
        case unreadable(problem: String)
        /// A sit shorter than ``Sit/shortestRun``: not logged, as a short run is not.
        case tooShort(SitRecord)
        /// A sit to log in the journal the record names, unless that journal holds its id already.
        case log(SitRecord)
    }

    /// The decision about the record of `id` that `info` describes, its bytes read by `bytes` (nil:
    /// too large, or unreadable) only once it is known to be the user's own regular file. Every rule a
    /// record is held to (``SitRecord/decode(_:)``'s, ``Sit/checkPlausible(now:file:line:)``'s and
    /// ``Sit/checkRecordedByRun(written:now:limits:)``'s) is
    /// taken here.
    static func decide(id: String, info: stat, bytes: () -> [UInt8]?, now: Int) -> Decision {
        do throws(SitRecord.Problem) {
            guard POSIX.isRegular(info) else { throw SitRecord.Problem(description: "not a regular file") }
            if let problem = foreignRecordProblem(info) { throw SitRecord.Problem(description: problem) }
            guard let bytes = bytes() else {
                throw SitRecord.Problem(description: "larger than \(grouped(SitRecord.sizeLimit)) bytes, or could not be read")
            }
            let record = try SitRecord.decode(bytes)
            guard record.sit.id == id else {
                throw SitRecord.Problem(description: "its sit has the id \(quoted(record.sit.id)), not the \(quoted(id)) its name says")
            }
            do throws(JournalError) {
                // Ended by now, strictly, as an import's sit must: a run sped up with --speed, too, ends
                // its sit when its record was written.
                try record.sit.checkPlausible(now: now)
            } catch {
                guard case let .document(problem) = error else { throw SitRecord.Problem(description: "\(error)") }
                throw SitRecord.Problem(description: "its sit could not have happened: \(problem.message)")
            }
            do throws(JournalError) {
                try record.sit.checkRecordedByRun(written: record.written, now: now, limits: .profile)
            } catch {
                guard case let .document(problem) = error else { throw SitRecord.Problem(description: "\(error)") }
                throw SitRecord.Problem(description: "no run of profile could have written it: \(problem.message)")
            }
            return record.sit.seconds >= Sit.shortestRun ? .log(record) : .tooShort(record)
        } catch {
            return .unreadable(problem: error.description)
        }
    }

    /// The sits recovery would log in the journal `journal` now, marked recovered, found without
    /// writing, moving or locking anything for longer than a look: the records of dead runs (their lock
    /// free) that ``decide(id:info:bytes:now:)`` would log and that name this very file (the same device
    /// and inode, whatever name reached it), when it is the user's own journal. Whether the journal
    /// holds a sit's id already is the caller's to check, against the sits it read.
    ///
    /// A folder recovery would not trust gives none; so does a record it would leave for later (a
    /// live run's, one it cannot open, one naming a journal that cannot be read).
    func pendingSits(journal: String, now: Int) -> [Sit] {
        var folder = stat(), target = stat()
        guard stat(path, &folder) == 0, untrustedFolderProblem(folder) == nil,
              let names = try? POSIX.directoryEntries(path), stat(journal, &target) == 0 else { return [] }
        var sits: [Sit] = []
        var journalIsOwn: [String: Bool] = [:]
        for name in names {
            guard let id = Self.id(inName: name), case let .log(record)? = look(id: id, now: now) else { continue }
            var info = stat()
            guard stat(record.journal, &info) == 0, info.st_dev == target.st_dev, info.st_ino == target.st_ino else { continue }
            let own = journalIsOwn[record.journal] ?? ((try? Self.foreignJournalProblem(record.journal)) == .some(nil))
            journalIsOwn[record.journal] = own
            guard own else { continue }
            var sit = record.sit
            sit.recovered = true
            sits.append(sit)
        }
        return sits
    }

    /// The decision about the record of `id` as recovery would take it now; nil when recovery would
    /// leave it alone (gone, its run alive, not the file its name names) or could not open it.
    private func look(id: String, now: Int) -> Decision? {
        let file = recordPath(id: id)
        let fd = POSIX.openToLock(file)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // Shared, and let go at once: a live run holds its record's lock exclusively.
        guard FileLock.tryLock(fd, shared: true) == .taken else { return nil }
        var held = stat(), named = stat()
        guard fstat(fd, &held) == 0, lstat(file, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino else {
            return nil
        }
        return Self.decide(id: id, info: held, bytes: { try? POSIX.readAll(fd, path: file, limit: SitRecord.sizeLimit) }, now: now)
    }
}
