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
/// of one journal, keyed on the journal's identity (device, inode, size, modification time to the
/// nanosecond, and a hash of its last 4 KiB), on the goal and on the zone.
///
/// - Same identity: the figures are used as they are, moved to today when the day has changed.
/// - The same file grown, its old last 4 KiB unchanged (an append): only the new bytes are read, and
///   their sits added when they are all of today.
/// - Anything else (a file replaced, cut, edited in place, a sit of another day, another goal or zone,
///   a cache lost or damaged): one full read, which writes the cache again.
///
/// The cache is written through Files' atomic replace; a cache that cannot be written is no error.
/// It is never trusted beyond what it was checked against: at worst it costs one full read.
package enum StatusCache {
    /// The bytes hashed at the journal's end.
    static let tailLength = 4096

    /// What the cache checks the journal against.
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var seconds: Int
        var nanoseconds: Int
        var tailHash: UInt64
    }

    /// The bytes' FNV-1a hash, as the store's revisions take it.
    static func hash(_ bytes: [UInt8]) -> UInt64 { Revision(of: bytes).hash }

    /// `length` bytes at `offset` of `fd`, or nil when they cannot all be read.
    static func read(_ fd: Int32, at offset: Int, length: Int) -> [UInt8]? {
        guard length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, length - done, off_t(offset + done)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            done += count
        }
        return bytes
    }

    /// The status of the journal `path` for now's day, through the cache at `cache` (nil: none); nil
    /// when there is no journal.
    ///
    /// - Throws: ``JournalError/document(_:)`` for a damaged journal, ``JournalError/file(_:)`` when it
    ///   cannot be read.
    package static func status(journal path: String, goal: Int?, cache: String?, now: Int, calendar: LocalCalendar,
                               zone: String) throws(JournalError) -> PracticeStatus? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .file(POSIX.failure(path, "open"))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .file(POSIX.failure(path, "fstat")) }
        guard POSIX.isRegular(info) else { throw JournalFile.notRegular(path, info) }
        let size = Int(info.st_size)
        let tailStart = max(0, size - tailLength)
        guard let tail = read(fd, at: tailStart, length: size - tailStart) else { throw .file(POSIX.failure(path, "read")) }
        let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: size,
                                seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec), tailHash: hash(tail))
        let today = calendar.day(of: now)
        let key = Key(journal: path, zone: zone, goal: goal)
        if let cache, let entry = Entry(text: smallFile(cache)), entry.key == key,
           calendar.offset(at: entry.now) == entry.offset {
            var status = entry.status
            if entry.identity == identity, status.roll(to: today) { return status }
            if entry.identity.device == identity.device, entry.identity.inode == identity.inode, entry.identity.size < size,
               tail.last == 0x0A, status.roll(to: today),
               let old = read(fd, at: max(0, entry.identity.size - tailLength), length: min(tailLength, entry.identity.size)),
               hash(old) == entry.identity.tailHash,
               let added = read(fd, at: entry.identity.size, length: size - entry.identity.size) {
                let scan = JournalFile.scan(added, keepLines: false, firstDamage: true)
                if scan.damaged.isEmpty, scan.torn == nil, status.add(scan.sits, calendar: calendar) {
                    write(Entry(key: key, identity: identity, now: now, offset: calendar.offset(at: now), status: status), to: cache)
                    return status
                }
            }
        }
        guard let bytes = read(fd, at: 0, length: size) else { throw .file(POSIX.failure(path, "read")) }
        let scan = JournalFile.scan(bytes, keepLines: false, firstDamage: true)
        if let first = scan.damaged.first {
            throw JournalFile(path: path).invalid(first.line, first.problem)
        }
        let status = PracticeStatus(sits: scan.sits, calendar: calendar, day: today, goal: goal)
        if let cache, bytes.last == 0x0A || bytes.isEmpty {
            write(Entry(key: key, identity: identity, now: now, offset: calendar.offset(at: now), status: status), to: cache)
        }
        return status
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

    /// The cache file: a first line naming it, the journal's path, the zone, then one line of numbers.
    struct Entry {
        static let header = "profile status cache 1"
        var key: Key
        var identity: Identity
        /// When the figures were worked out, and the local clock's offset then: a changed zone rule
        /// shows there.
        var now: Int
        var offset: Int
        var status: PracticeStatus

        init(key: Key, identity: Identity, now: Int, offset: Int, status: PracticeStatus) {
            self.key = key
            self.identity = identity
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
            guard words.count == 15, let device = UInt64(words[0]), let inode = UInt64(words[1]), let tailHash = UInt64(words[5]),
                  let size = Int(words[2]), let seconds = Int(words[3]), let nanoseconds = Int(words[4]),
                  let now = Int(words[6]), let offset = Int(words[7]), let goal = Int(words[8]), let day = Int(words[9]),
                  let todaySeconds = Int(words[10]), let todaySits = Int(words[11]), let dayStreak = Int(words[12]),
                  let goalStreak = Int(words[13]), let later = Int(words[14]), later == 0 || later == 1 else { return nil }
            key = Key(journal: String(lines[1]), zone: String(lines[2]), goal: goal < 0 ? nil : goal)
            identity = Identity(device: device, inode: inode, size: size, seconds: seconds, nanoseconds: nanoseconds, tailHash: tailHash)
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
            let numbers = [String(identity.device), String(identity.inode), String(identity.size), String(identity.seconds),
                           String(identity.nanoseconds), String(identity.tailHash), String(now), String(offset),
                           String(key.goal ?? -1), String(status.day), String(status.todaySeconds), String(status.todaySits),
                           String(status.dayStreakBefore), String(status.goalStreakBefore), status.hasLater ? "1" : "0"]
            return [Self.header, key.journal, key.zone, numbers.joined(separator: " "), ""].joined(separator: "\n")
        }
    }
}

extension StatusCache {
    /// The text of a small file (its first 64 KiB), or nil when it cannot be read or is not UTF-8.
    static func smallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, 65536, 0) }
        guard count >= 0 else { return nil }
        return String(validating: buffer[..<count], as: UTF8.self)
    }
}
