#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import Files
import JournalCore
import LocalTime
import ProfileKit
import TextSupport

extension JournalImport {
    /// The longest line of a file `log import` reads, in bytes: 1 MiB. The longest real line is a
    /// journal's record with a profile's name and a note of ``Sit/longestText`` (4,000) bytes each:
    /// under 50 KB even with every character written as a JSON escape (`\u00e9`: six bytes for one),
    /// twice that in UTF-16, and a CSV row is shorter. A line twenty times that is no export; reading
    /// on would cost the whole line in memory (a 1 GB line took 3 GB and a minute) before a parser
    /// refused it anyway.
    package static let lineLimit = 1 << 20

    /// How much of a file is read at a time: each block's line ends are found as it comes.
    static let blockSize = 1 << 20

    /// The bytes of `path`, or of standard input for `-`, up to the journal's own limit (1 GiB).
    ///
    /// The file is read a block at a time, and each line's length (to LF, CR LF or CR) checked as the
    /// block comes: a line longer than `lineLimit` is refused as soon as that much of it is read, so a
    /// file of one endless line costs a few MiB, not its size.
    ///
    /// - Parameter lineLimit: the longest line taken (``lineLimit``; lower in tests).
    /// - Throws: ``JournalError/document(_:)`` (65) naming the file and the line that is too long;
    ///   ``JournalError/file(_:)`` when it cannot be read or is larger than the journal's limit.
    package static func contents(of path: String, lineLimit: Int = lineLimit) throws(JournalError) -> [UInt8] {
        let name = path == "-" ? "<stdin>" : path
        let fd = path == "-" ? 0 : try JournalError.io(POSIX.open(path, O_RDONLY))
        defer { if path != "-" { close(fd) } }
        var info = stat()
        var expected = 0
        if fstat(fd, &info) == 0 {
            if POSIX.isDirectory(info) { throw JournalError.failure(name, "read", EISDIR) }
            // A device (a terminal, /dev/zero) is no file of sits, and would be read until the limit.
            let kind = info.st_mode & S_IFMT
            if kind == S_IFCHR || kind == S_IFBLK || kind == S_IFSOCK {
                throw JournalError.invalidOption(name, option: "log import",
                                                 accepted: "a file or a pipe of sits, not \(kind == S_IFSOCK ? "a socket" : "a device")\(path == "-" ? " (standard input is one here: give a file, or pipe one in)" : "")")
            }
            if POSIX.isRegular(info) {
                guard Int(info.st_size) <= JournalFile.sizeLimit else { throw JournalError.failure(name, "read", EFBIG) }
                expected = Int(info.st_size)
            }
        }
        var bytes: [UInt8] = []
        // Room for a file of lines as it says it is, but never more than a few blocks ahead of what
        // was read: a file of one long line is refused long before.
        bytes.reserveCapacity(min(expected, 16 * blockSize) + 1)
        var lines = LineLengths(limit: lineLimit)
        while true {
            let before = bytes.count
            bytes.append(contentsOf: try JournalError.io(POSIX.readBlock(fd, count: blockSize, path: name)))
            if bytes.count == before { break }
            if bytes.count > JournalFile.sizeLimit { throw JournalError.failure(name, "read", EFBIG) }
            if let line = lines.scan(bytes, from: before) {
                throw JournalError.document(DocumentError(file: name, line: line, message: """
                    a line longer than \(grouped(lineLimit)) bytes, refused once that much of it was read: no file \
                    'log import' reads has one (a journal's line or a CSV row with a note and a profile of \
                    \(grouped(Sit.longestText)) bytes each is under 50 KB); is this the file meant?
                    """))
            }
        }
        return bytes
    }

    /// The lines of a file as it is read, block by block: their number and where the one under way
    /// starts, so that a line too long is caught in the block that makes it so.
    struct LineLengths {
        /// The longest line taken, in bytes, its line end left out.
        let limit: Int
        /// The number of the line under way, from 1.
        private(set) var line = 1
        /// Where it starts.
        private var start = 0

        init(limit: Int) { self.limit = limit }

        /// Reads the line ends of `bytes` from `from` (what is new since the last call), each found with
        /// `memchr`; returns the number of the first line longer than ``limit``, or nil. LF, CR LF and CR
        /// alone each end a line, as the CSV reader counts them; in UTF-16 the bytes of CR and LF are found
        /// the same way (their other byte is zero), so a line is no longer than its bytes.
        ///
        /// - Complexity: O(*n*) in the new bytes.
        mutating func scan(_ bytes: [UInt8], from: Int) -> Int? {
            bytes.withUnsafeBufferPointer { buffer -> Int? in
                guard let base = buffer.baseAddress else { return nil }
                func find(_ byte: UInt8, from index: Int) -> Int? {
                    guard index < buffer.count, let found = memchr(base + index, Int32(byte), buffer.count - index) else { return nil }
                    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                }
                var nextLF = find(0x0A, from: from), nextCR = find(0x0D, from: from)
                while let end = nextLF.map({ lf in nextCR.map { min(lf, $0) } ?? lf }) ?? nextCR {
                    if buffer[end] == 0x0A, end > 0, buffer[end - 1] == 0x0D, start == end {
                        // The LF of a CR LF: the CR ended the line already.
                        start = end + 1
                    } else if buffer[end] == 0x0A, end > 1, buffer[end - 2] == 0x0D, buffer[end - 1] == 0, start == end - 1 {
                        // The same in UTF-16 (`0D 00 0A 00`, `00 0D 00 0A`): a zero byte between them.
                        start = end + 1
                    } else {
                        if end - start > limit { return line }
                        line += 1
                        start = end + 1
                    }
                    if end == nextLF { nextLF = find(0x0A, from: end + 1) } else { nextCR = find(0x0D, from: end + 1) }
                }
                return buffer.count - start > limit ? line : nil
            }
        }
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
        /// The milestones the sits added crossed, a line each (``Milestones/crossed(before:after:)``):
        /// worked out under the lock from the journal's sits as the import read them, never from a second
        /// read; none for a dry run, or without a calendar.
        package var milestones: [String] = []
        /// The sits whose id the journal held with other content, left as logged (`--keep-logged`).
        package var kept = 0
    }

    /// Where a sit of an import was read: its file (as messages name it) and line.
    package struct ImportPlace: Sendable, Equatable {
        package var file: String
        package var line: Int

        package init(file: String, line: Int) {
            self.file = file
            self.line = line
        }
    }

    /// Appends those of `sits` the journal does not hold yet, sorted by start, as one write under the
    /// journal's lock, all or nothing, as ``appendMany(prepare:lines:announce:)`` appends (a cut-off
    /// write taken back first, a last line that is no record moved aside, the write marked, a failed
    /// write or fsync cut back); with `dryRun`, says what it would add and writes nothing.
    ///
    /// A sit is held already when a sit of the journal, or one taken earlier in this import, has its id;
    /// or when one has its start on the local clock, to the second, and its seconds, and either came from
    /// a file without ids (marked `byTime`: Insight Timer's), whatever the order they come in. The local
    /// clock's time, not the moment: a time of the hour a change back to winter time repeats reads as
    /// the first of the two. `announce` gets what was added, under the lock, once it is written and
    /// flushed (a command prints there; an error it throws takes the sits back, so that output that
    /// cannot be written adds nothing).
    ///
    /// A sit of a file with ids whose id the journal holds with other content (a `log edit` on one
    /// machine, say) is a conflict: neither version may be dropped unsaid. The first is refused, naming
    /// the id, both places and the fields that differ, and nothing is written; with `keepLogged` the
    /// journal's version stays and the conflicts are counted (``Imported/kept``). A sit of a file without
    /// ids (Insight Timer's) is known again by its time, and the journal's version of it (edited or not)
    /// stays: that file is where the sit came from, not another version of it.
    ///
    /// - Parameter calendar: the local days the milestones are counted in; nil: none are worked out.
    /// - Parameter places: where each of `sits` was read (``JournalImport/Gathered/places``), for the
    ///   conflict's message; a sit without one is named by its id alone.
    /// - Throws: ``JournalError/document(_:)`` (65) for a damaged line of the journal (which could hold
    ///   any of the sits), with the way out; for a conflict, without `keepLogged`; what the append throws.
    package func appendImported(_ sits: [(sit: Sit, byTime: Bool)], places: [ImportPlace] = [], keepLogged: Bool = false, dryRun: Bool,
                                calendar: LocalCalendar? = nil, announce: (Imported) throws(ProfileError) -> Void = { _ in }) throws(JournalError) -> Imported {
        let work = { () throws(JournalError) -> Imported in
            let held = try read()
            var ids = Set(held.map(\.id))
            // The journal's own sits by id (the first of an id, as a delete would find it), for conflicts.
            var logged: [String: Sit] = [:]
            for sit in held where logged[sit.id] == nil { logged[sit.id] = sit }
            var conflicts: [(index: Int, logged: Sit)] = []
            // Every sit's time, and those of sits from files without ids.
            var times = Set(held.map(Moment.init))
            var timesWithoutIDs = Set(held.filter { JournalImport.isInsightID($0.id) }.map(Moment.init))
            var result = Imported()
            for (index, (sit, byTime)) in sits.enumerated() {
                let moment = Moment(sit)
                if !byTime, let other = logged[sit.id], other != sit {
                    conflicts.append((index, other))
                    result.kept += 1
                    continue
                }
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
            if let first = conflicts.first, !keepLogged {
                throw try conflict(sits[first.index].sit, place: places.indices.contains(first.index) ? places[first.index] : nil,
                                   logged: first.logged, count: conflicts.count)
            }
            if !dryRun, let calendar, !result.added.isEmpty {
                result.milestones = Milestones.crossed(held, after: held + result.added, calendar: calendar)
            }
            return result
        }
        guard !dryRun else {
            let result = try work()
            try JournalError.refusing { () throws(ProfileError) in try announce(result) }
            return result
        }
        return try appendMany(prepare: work, lines: { $0.added }, announce: { (result: Imported) throws(JournalError) in
            try JournalError.refusing { () throws(ProfileError) in try announce(result) }
        })
    }

    /// The refusal of an imported sit whose id the journal holds with other content: `<file>:<line>: the
    /// sit "ID" differs from the one logged at <journal>:<line> in note, seconds; …`, with the ways out.
    /// The journal's line is found again here, on this rare path, so that the ordinary read keeps none.
    private func conflict(_ sit: Sit, place: ImportPlace?, logged: Sit, count: Int) throws(JournalError) -> JournalError {
        let scan = SitLine.scan(try contents() ?? [], keepLines: true, firstDamage: true)
        let line = zip(scan.sits, scan.lines).first { $0.0.id == sit.id }?.1.number
        let loggedAt = "\(escapedPath(path))\(line.map { ":\($0)" } ?? "")"
        let fields = Self.differingKeys(sit, logged)
        let others = count > 1 ? " (the first of \(grouped(count)) such sits)" : ""
        let message = "the sit \(quoted(sit.id)) differs from the one logged at \(loggedAt) in \(fields.joined(separator: ", "))\(others); "
            + "nothing was imported: make the two agree ('profile log edit \(sit.id)' here, or where the file came from) and import again, "
            + "or import with --keep-logged to keep the journal's version"
        guard let place else { return .document(DocumentError(file: path, line: line, message: message)) }
        return .document(DocumentError(file: place.file, line: place.line, message: message))
    }

    /// The keys of ``Sit/keys`` whose values differ between `a` and `b`, in that order.
    static func differingKeys(_ a: Sit, _ b: Sit) -> [String] {
        let differs = [a.id != b.id, a.start != b.start, a.end != b.end, a.profile != b.profile, a.seconds != b.seconds,
                       a.plannedSeconds != b.plannedSeconds, a.outcome != b.outcome, a.bells != b.bells, a.note != b.note,
                       a.pausedSeconds != b.pausedSeconds, a.recovered != b.recovered, a.breathing != b.breathing,
                       a.activity != b.activity]
        return zip(Sit.keys, differs).filter(\.1).map(\.0)
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
