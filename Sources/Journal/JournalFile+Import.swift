#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import Files
import ProfileKit

extension JournalImport {
    /// The bytes of `path`, or of standard input for `-`, up to the journal's own limit (1 GiB).
    package static func contents(of path: String) throws(JournalError) -> [UInt8] {
        let name = path == "-" ? "<stdin>" : path
        let fd = path == "-" ? 0 : try JournalError.io(POSIX.open(path, O_RDONLY))
        defer { if path != "-" { close(fd) } }
        var info = stat()
        if fstat(fd, &info) == 0 {
            if POSIX.isDirectory(info) { throw JournalError.failure(name, "read", EISDIR) }
            // A device (a terminal, /dev/zero) is no file of sits, and would be read until the limit.
            let kind = info.st_mode & S_IFMT
            if kind == S_IFCHR || kind == S_IFBLK || kind == S_IFSOCK {
                throw JournalError.invalidOption(name, option: "log import",
                                                 accepted: "a file or a pipe of sits, not \(kind == S_IFSOCK ? "a socket" : "a device")\(path == "-" ? " (standard input is one here: give a file, or pipe one in)" : "")")
            }
        }
        guard let bytes = try JournalError.io(POSIX.readAll(fd, path: name, limit: JournalFile.sizeLimit)) else { throw JournalError.failure(name, "read", EFBIG) }
        return bytes
    }
}

/// `log import`'s append: many sits under one lock, in one write, each only once.
extension JournalFile {
    /// What an import did, or would do.
    package struct Imported: Sendable {
        /// The sits added (or that would be), by start.
        package var added: [Sit] = []
        /// The sits the journal (or the import, earlier) held already.
        package var skipped = 0
    }

    /// Appends those of `sits` the journal does not hold yet, sorted by start, as one write under the
    /// journal's lock (fsynced, a torn last line cut off first, as ``append(_:once:announce:)``
    /// does); with `dryRun`, says what it would add and writes nothing.
    ///
    /// A sit is held already when a sit of the journal, or one taken earlier in this import, has its id;
    /// or when one has its start on the local clock, to the second, and its seconds, and either came from
    /// a file without ids (marked `byTime`: Insight Timer's), whatever the order they come in. The local
    /// clock's time, not the moment: a time of the hour a change back to winter time repeats reads as
    /// the first of the two. `beforeWriting` gets what will be added, under the lock, just before the
    /// write (a command prints there, so that output that cannot be written adds nothing).
    ///
    /// - Throws: ``JournalError/document(_:)`` (65) for a damaged line of the journal (which could hold
    ///   any of the sits), with the way out; what the append throws.
    package func appendImported(_ sits: [(sit: Sit, byTime: Bool)], dryRun: Bool,
                                beforeWriting: (Imported) throws(ProfileError) -> Void = { _ in }) throws(JournalError) -> Imported {
        let work = { () throws(JournalError) -> Imported in
            let held = try read()
            var ids = Set(held.map(\.id))
            // Every sit's time, and those of sits from files without ids.
            var times = Set(held.map(Moment.init))
            var timesWithoutIDs = Set(held.filter { JournalImport.isInsightID($0.id) }.map(Moment.init))
            var result = Imported()
            for (sit, byTime) in sits {
                let moment = Moment(sit)
                if ids.contains(sit.id) || (byTime ? times.contains(moment) : timesWithoutIDs.contains(moment)) {
                    result.skipped += 1
                    continue
                }
                ids.insert(sit.id)
                times.insert(moment)
                if byTime { timesWithoutIDs.insert(moment) }
                result.added.append(sit)
            }
            result.added = result.added.enumerated().sorted { a, b in
                a.element.start.epoch != b.element.start.epoch ? a.element.start.epoch < b.element.start.epoch : a.offset < b.offset
            }.map(\.element)
            return result
        }
        guard !dryRun else {
            let result = try work()
            try JournalError.refusing { () throws(ProfileError) in try beforeWriting(result) }
            return result
        }
        return try appendMany(prepare: work, lines: { $0.added }, announce: { (result: Imported) throws(JournalError) in
            try JournalError.refusing { () throws(ProfileError) in try beforeWriting(result) }
        })
    }

    /// A sit as a file without ids knows it again: its start on the local clock, and its seconds.
    private struct Moment: Hashable {
        var start: Int
        var seconds: Int

        init(_ sit: Sit) {
            start = sit.start.epoch + sit.start.offset
            seconds = sit.seconds
        }
    }
}
