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

/// `profile status`'s cache, `${XDG_CACHE_HOME:-$HOME/.cache}/profile/status`: the ``PracticeStatus``
/// of the whole lines of one journal, with their length and a hash of their bytes (``ContentHash``), for
/// one goal and one zone's rules (``zoneKey(_:)``).
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
    /// The status of the journal `file` for now's day, through the cache at `cache` (nil: none), with
    /// the sits recovery would log from `records` (nil: none); nil when there is no journal.
    ///
    /// - Parameter file: the journal as every command opens it (``JournalFile/named(flag:environment:passwordHome:zone:report:)``),
    ///   read as every reader reads it (``JournalFile/readable(lineLimit:)``).
    /// - Parameter calendar: the local calendar; its zone's rules are part of the cache's key (``zoneKey(_:)``).
    /// - Throws: ``JournalError/document(_:)`` for a damaged journal, ``JournalError/file(_:)`` when it
    ///   cannot be read.
    package static func status(file: JournalFile, goal: Int?, cache: String?, records: SitRecordFolder?, now: Int,
                               calendar: LocalCalendar) throws(JournalError) -> PracticeStatus? {
        let path = file.path
        let today = calendar.day(of: now)
        let key = Key(journal: path, zone: zoneKey(calendar.zone), goal: goal)
        // The file as it stands, taken before it is read: a change after this moment changes its ctime.
        var info = stat()
        let identity = stat(path, &info) == 0 && POSIX.isRegular(info) ? Identity(info) : nil
        var cacheInfo = stat()
        let cacheChanged = cache.flatMap { stat($0, &cacheInfo) == 0 ? POSIX.changeTime(cacheInfo) : nil }
        let cached = cache.flatMap { Entry(text: smallFile($0)) }.flatMap { entry in
            entry.key == key && calendar.offset(at: entry.now) == entry.offset ? entry : nil
        }
        // Unchanged since the cache was written, by what no one can set back, and with no record to count.
        if let cached, let identity, let cacheChanged, cached.identity == identity, identity.size == cached.length,
           !identity.isRacy(before: cacheChanged), records?.pendingSits(journal: path, now: now).isEmpty ?? true {
            var status = cached.status
            if status.roll(to: today) { return status }
        }
        guard let (bytes, leftOut) = try file.readable() else { return nil }
        // The cache holds whole lines: a last line with no newline (a write cut off, or one by hand) is
        // read apart each time, and proves nothing about what comes after it.
        let wholeEnd = (bytes.lastIndex(of: 0x0A) ?? -1) + 1
        // A recovery waits while the journal ends with the rest of a cut-off append (it never cuts).
        let pending = leftOut > 0 ? [] : records?.pendingSits(journal: path, now: now) ?? []
        let entry = cached

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
                    let scan = SitLine.scan(Array(bytes[entry.length..<wholeEnd]), keepLines: false, firstDamage: true)
                    guard scan.damaged.isEmpty, status.add(scan.sits, calendar: calendar) else { return nil }
                }
                return (status, hash.digest(raw, length: wholeEnd))
            }
        }

        /// The sits of the whole lines, read as every reader reads them.
        func wholeSits() throws(JournalError) -> [Sit] {
            let scan = SitLine.scan(wholeEnd == bytes.count ? bytes : Array(bytes[..<wholeEnd]), keepLines: false, firstDamage: true)
            if !scan.damaged.isEmpty { try throwDamage(bytes, file) }
            return scan.sits
        }

        // The last line with no newline: a record counts, a fragment is left out, as every reader does.
        // One that is damaged (whole JSON, no record) is the readers' error, unless a recovery is due:
        // its append moves such a line aside first, as every append does.
        var tail: [Sit] = []
        var tailDamaged = false
        if wholeEnd < bytes.count {
            let scan = SitLine.scan(Array(bytes[wholeEnd...]), keepLines: false, firstDamage: true)
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
        // Written again while the journal's last change is too close to the cache's own (racy), so that a
        // later call finds the cache written after it and may trust the identity.
        let racy = identity.map { identity in cacheChanged.map { identity.isRacy(before: $0) } ?? true } ?? false
        if let cache, entry?.length != wholeEnd || entry?.digest != counted.digest || entry?.status != counted.status
            || entry?.identity != identity || racy {
            write(Entry(key: key, length: wholeEnd, digest: counted.digest, now: now, offset: calendar.offset(at: now),
                        status: counted.status, identity: identity), to: cache)
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
        let scan = SitLine.scan(bytes, keepLines: false, firstDamage: true)
        if let first = scan.damaged.first { throw file.invalid(first.line, first.problem) }
    }

    /// Writes `entry`, saying nothing when it cannot be written: the next call reads the journal again.
    static func write(_ entry: Entry, to cache: String) {
        guard !entry.key.journal.contains("\n"), !entry.key.zone.contains("\n") else { return }
        _ = try? POSIX.makeDirectories(POSIX.directoryName(cache), mode: 0o700)
        _ = try? AtomicFile.replace(cache, with: Array(entry.text.utf8), newFileMode: 0o600, flush: false)
    }

    /// The journal as `stat` sees it, down to its change time, which no one can set back (`touch -r`,
    /// `rsync -t` and Syncthing set the modification time; every write, by any program, sets this): the
    /// same identity, taken when the cache was not written in the same moment as the journal's last
    /// change, means the same bytes, and the journal is not read at all.
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var changed: Int
        var changedNanoseconds: Int
        var modified: Int
        var modifiedNanoseconds: Int

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int(info.st_size)
            let stamps = POSIX.stamps(info)
            (changed, changedNanoseconds) = stamps.changed
            (modified, modifiedNanoseconds) = stamps.modified
        }

        init(device: UInt64, inode: UInt64, size: Int, changed: Int, changedNanoseconds: Int, modified: Int, modifiedNanoseconds: Int) {
            self.device = device
            self.inode = inode
            self.size = size
            self.changed = changed
            self.changedNanoseconds = changedNanoseconds
            self.modified = modified
            self.modifiedNanoseconds = modifiedNanoseconds
        }

        /// Whether a change of the journal could still carry this change time when the cache's own
        /// file was changed at `cacheChanged` (git's racily clean index): a file system stamps times
        /// from a clock that ticks every few milliseconds (or every second, or two, where it keeps no
        /// fraction), so a change within that tick of the cache's writing is not told apart by it.
        func isRacy(before cacheChanged: Double) -> Bool {
            let margin = changedNanoseconds == 0 ? 2.0 : 0.1
            return Double(changed) + Double(changedNanoseconds) / 1e9 + margin >= cacheChanged
        }

        var text: String {
            [String(device), String(inode), String(size), String(changed), String(changedNanoseconds), String(modified),
             String(modifiedNanoseconds)].joined(separator: " ")
        }

        init?(text: Substring) {
            let words = text.split(separator: " ")
            guard words.count == 7, let device = UInt64(words[0]), let inode = UInt64(words[1]), let size = Int(words[2]),
                  let changed = Int(words[3]), let changedNanoseconds = Int(words[4]), let modified = Int(words[5]),
                  let modifiedNanoseconds = Int(words[6]) else { return nil }
            self.init(device: device, inode: inode, size: size, changed: changed, changedNanoseconds: changedNanoseconds,
                      modified: modified, modifiedNanoseconds: modifiedNanoseconds)
        }
    }

    /// What the cache's figures hold for.
    struct Key: Equatable {
        var journal: String
        var zone: String
        var goal: Int?
    }

    /// The cache file: a first line naming it, the journal's path, the zone's key, then one line of numbers.
    struct Entry {
        static let header = "profile status cache 3"
        var key: Key
        /// The length of the whole lines counted, and their bytes' ``ContentHash``.
        var length: Int
        var digest: UInt64
        /// When the figures were worked out, and the local clock's offset then.
        var now: Int
        var offset: Int
        var status: PracticeStatus
        /// The journal when its bytes were read, if it could be seen.
        var identity: Identity?

        init(key: Key, length: Int, digest: UInt64, now: Int, offset: Int, status: PracticeStatus, identity: Identity? = nil) {
            self.identity = identity
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
            guard lines.count == 6, lines[0] == Self.header, lines[5].isEmpty else { return nil }
            identity = lines[4] == "-" ? nil : Identity(text: lines[4])
            guard identity != nil || lines[4] == "-" else { return nil }
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
            // No sits: the calendar decides nothing here.
            status = PracticeStatus(sits: [], calendar: LocalCalendar(zone: .utc), day: day, goal: key.goal)
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
            return [Self.header, key.journal, key.zone, numbers.joined(separator: " "), identity?.text ?? "-", ""].joined(separator: "\n")
        }
    }
}

extension StatusCache {
    /// The text of a small file (its first 64 KiB), or nil when it cannot be read or is not UTF-8.
    static func smallFile(_ path: String) -> String? {
        guard let bytes = (try? ReadFile.small(path, limit: 65536))?.bytes else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
