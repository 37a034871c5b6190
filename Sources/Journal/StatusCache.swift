#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files
import LocalTime
import ProfileKit
import TextSupport

/// `profile status`'s cache, `${XDG_CACHE_HOME:-$HOME/.cache}/profile/status`: the ``PracticeStatus``
/// of the whole lines of one journal, with their length and a hash of their bytes (``ContentHash``), for
/// one goal and one zone's rules (``zoneKey(environment:)``).
///
/// The journal is read whole every time, as every reader reads it (``JournalFile/contents()``, which
/// leaves out a write that was cut off), and proven by its content, never by its length, inode or
/// modification time, which a sync tool, a restore or `touch -r` keeps while the bytes change:
/// - The same bytes: the figures are used as they are, moved to today when the day has changed.
/// - The cached bytes followed by more (an append, by this program or any other): only the new lines
///   are read, and their sits added when they are all of today.
/// - Anything else (a file replaced, cut, edited in place, a sit of another day, another goal or zone
///   rules, a cache lost or damaged): one full read, which writes the cache again.
///
/// What recovery would log from the records of runs that were cut off (``SitRecordFolder/pendingSits(journal:now:)``)
/// is counted too, read-only, as `stats` counts it once it has recovered them; so is a last line with
/// no newline that is a record. Neither goes into the cache. A damaged line anywhere gives the error
/// every reader gives, whatever the cache holds: the lines the cache counted were read whole and clean.
///
/// The cache is written through Files' atomic replace; a cache that cannot be written is no error.
/// It is never trusted beyond what it was checked against: at worst it costs one full read.
package enum StatusCache {
    /// The status of the journal `path` for now's day, through the cache at `cache` (nil: none), with
    /// the sits recovery would log from `records` (nil: none); nil when there is no journal.
    ///
    /// - Parameter zone: the zone's rules as a key (``zoneKey(environment:)``), which `calendar` follows.
    /// - Throws: ``JournalError/document(_:)`` for a damaged journal, ``JournalError/file(_:)`` when it
    ///   cannot be read.
    package static func status(journal path: String, goal: Int?, cache: String?, records: SitRecordFolder?, now: Int,
                               calendar: LocalCalendar, zone: String) throws(JournalError) -> PracticeStatus? {
        let file = JournalFile(path: path)
        guard let (bytes, leftOut) = try file.readable() else { return nil }
        let today = calendar.day(of: now)
        let key = Key(journal: path, zone: zone, goal: goal)
        // The cache holds whole lines: a last line with no newline (a write cut off, or one by hand) is
        // read apart each time, and proves nothing about what comes after it.
        let wholeEnd = (bytes.lastIndex(of: 0x0A) ?? -1) + 1
        // A recovery waits while the journal ends with the rest of a cut-off append (it never cuts).
        let pending = leftOut > 0 ? [] : records?.pendingSits(journal: path, now: now) ?? []
        let entry = cache.flatMap { Entry(text: smallFile($0)) }.flatMap { entry in
            entry.key == key && calendar.offset(at: entry.now) == entry.offset ? entry : nil
        }

        /// The figures of the whole lines from the cache and the lines appended since, and their hash;
        /// nil when the cache does not hold a prefix of them.
        func fromCache() -> (status: PracticeStatus, digest: UInt64)? {
            guard let entry, entry.length <= wholeEnd else { return nil }
            return bytes.withUnsafeBytes { raw -> (status: PracticeStatus, digest: UInt64)? in
                var hash = ContentHash()
                guard hash.digest(raw, length: entry.length) == entry.digest else { return nil }
                var status = entry.status
                guard status.roll(to: today) else { return nil }
                if wholeEnd > entry.length {
                    let scan = JournalFile.scan(Array(bytes[entry.length..<wholeEnd]), keepLines: false, firstDamage: true)
                    guard scan.damaged.isEmpty, status.add(scan.sits, calendar: calendar) else { return nil }
                }
                return (status, hash.digest(raw, length: wholeEnd))
            }
        }

        /// The sits of the whole lines, read as every reader reads them.
        func wholeSits() throws(JournalError) -> [Sit] {
            let scan = JournalFile.scan(wholeEnd == bytes.count ? bytes : Array(bytes[..<wholeEnd]), keepLines: false, firstDamage: true)
            if !scan.damaged.isEmpty { try throwDamage(bytes, file) }
            return scan.sits
        }

        // The last line with no newline: a record counts, a fragment is left out, as every reader does.
        // One that is damaged (whole JSON, no record) is the readers' error, unless a recovery is due:
        // its append moves such a line aside first, as every append does.
        var tail: [Sit] = []
        var tailDamaged = false
        if wholeEnd < bytes.count {
            let scan = JournalFile.scan(Array(bytes[wholeEnd...]), keepLines: false, firstDamage: true)
            tailDamaged = !scan.damaged.isEmpty
            tail = scan.sits
        }
        if tailDamaged, pending.isEmpty { try throwDamage(bytes, file) }
        var counted: (status: PracticeStatus, digest: UInt64)?
        var sits: [Sit]?
        // Records to count: whether the journal holds their ids already needs every sit.
        if pending.isEmpty { counted = fromCache() }
        if counted == nil {
            let whole = try wholeSits()
            sits = whole
            let digest = bytes.withUnsafeBytes { raw in
                var hash = ContentHash()
                return hash.digest(raw, length: wholeEnd)
            }
            counted = (PracticeStatus(sits: whole, calendar: calendar, day: today, goal: goal), digest)
        }
        guard let counted else { return nil }
        if let cache, entry?.length != wholeEnd || entry?.digest != counted.digest || entry?.status != counted.status {
            write(Entry(key: key, length: wholeEnd, digest: counted.digest, now: now, offset: calendar.offset(at: now),
                        status: counted.status), to: cache)
        }
        var logged = Set((sits ?? []).map(\.id))
        logged.formUnion(tail.map(\.id))
        // Recovery logs a sit once: not when a record has its id, nor when a damaged line holds it.
        let damagedTail = tailDamaged ? Array(bytes[wholeEnd...]) : []
        let recovered = pending.filter { sit in
            let quotedID = Array("\"\(sit.id)\"".utf8)
            return !logged.contains(sit.id) && !damagedTail.indices.contains { damagedTail[$0...].starts(with: quotedID) }
        }
        if tailDamaged, recovered.isEmpty { try throwDamage(bytes, file) }
        let extra = tail + recovered
        var status = counted.status
        if extra.isEmpty || status.add(extra, calendar: calendar) { return status }
        let all: [Sit]
        if let sits { all = sits } else { all = try wholeSits() }
        return PracticeStatus(sits: all + extra, calendar: calendar, day: today, goal: goal)
    }

    /// Throws the error of the first damaged line of `bytes`, as every reader gives it.
    private static func throwDamage(_ bytes: [UInt8], _ file: JournalFile) throws(JournalError) {
        let scan = JournalFile.scan(bytes, keepLines: false, firstDamage: true)
        if let first = scan.damaged.first { throw file.invalid(first.line, first.problem) }
    }

    /// Writes `entry`, saying nothing when it cannot be written: the next call reads the journal again.
    static func write(_ entry: Entry, to cache: String) {
        guard !entry.key.journal.contains("\n"), !entry.key.zone.contains("\n") else { return }
        _ = try? POSIX.makeDirectories(POSIX.directoryName(cache), mode: 0o700)
        _ = try? AtomicFile.replace(cache, with: Array(entry.text.utf8), newFileMode: 0o600, flush: false)
    }

    /// What the cache's figures hold for.
    struct Key: Equatable {
        var journal: String
        var zone: String
        var goal: Int?
    }

    /// The cache file: a first line naming it, the journal's path, the zone's key, then one line of numbers.
    struct Entry {
        static let header = "profile status cache 2"
        var key: Key
        /// The length of the whole lines counted, and their bytes' ``ContentHash``.
        var length: Int
        var digest: UInt64
        /// When the figures were worked out, and the local clock's offset then.
        var now: Int
        var offset: Int
        var status: PracticeStatus

        init(key: Key, length: Int, digest: UInt64, now: Int, offset: Int, status: PracticeStatus) {
            self.key = key
            self.length = length
            self.digest = digest
            self.now = now
            self.offset = offset
            self.status = status
        }

        /// The entry `text` holds; nil for anything else.
        init?(text: String?) {
            guard let text else { return nil }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.count == 5, lines[0] == Self.header, lines[4].isEmpty else { return nil }
            let words = lines[3].split(separator: " ")
            guard words.count == 11, let length = Int(words[0]), length >= 0, let digest = UInt64(words[1]),
                  let now = Int(words[2]), let offset = Int(words[3]), let goal = Int(words[4]), let day = Int(words[5]),
                  let todaySeconds = Int(words[6]), let todaySits = Int(words[7]), let dayStreak = Int(words[8]),
                  let goalStreak = Int(words[9]), let later = Int(words[10]), later == 0 || later == 1 else { return nil }
            key = Key(journal: String(lines[1]), zone: String(lines[2]), goal: goal < 0 ? nil : goal)
            self.length = length
            self.digest = digest
            self.now = now
            self.offset = offset
            status = PracticeStatus(sits: [], calendar: LocalCalendar(), day: day, goal: key.goal)
            status.todaySeconds = todaySeconds
            status.todaySits = todaySits
            status.dayStreakBefore = dayStreak
            status.goalStreakBefore = goalStreak
            status.hasLater = later == 1
        }

        var text: String {
            let numbers = [String(length), String(digest), String(now), String(offset),
                           String(key.goal ?? -1), String(status.day), String(status.todaySeconds), String(status.todaySits),
                           String(status.dayStreakBefore), String(status.goalStreakBefore), status.hasLater ? "1" : "0"]
            return [Self.header, key.journal, key.zone, numbers.joined(separator: " "), ""].joined(separator: "\n")
        }
    }
}

extension StatusCache {
    /// The text of a small file (its first 64 KiB), or nil when it cannot be read or is not UTF-8.
    static func smallFile(_ path: String) -> String? {
        guard let fd = try? POSIX.open(path, O_RDONLY | O_NONBLOCK) else { return nil }
        defer { close(fd) }
        guard let bytes = try? POSIX.readAll(fd, path: path, limit: 65536) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
