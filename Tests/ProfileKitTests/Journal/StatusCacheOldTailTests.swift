import Foundation
import LocalTime
import Testing
import ProfileKit
@testable import JournalCore
@testable import JournalStore

/// Issue 47, item 8: `status`'s cache takes the short way (its figures, plus the lines appended since)
/// only when the journal still begins with the very bytes it counted, proven by their hash. A journal
/// changed in place within the old length and then grown (a byte of an old line rewritten — same inode,
/// no rename — then a sit appended) is longer than the cache's length and begins with other bytes: it
/// must be read whole again. Before this test, every edit the suite made also shortened the file, so a
/// cache that skipped the hash of the old part was never caught.
@Suite("Journal: status's cache proves the old part before reading only what was appended")
struct StatusCacheOldTailTests {
    /// 2026-11-25 at noon UTC.
    static let noon = CivilDate.days(year: 2026, month: 11, day: 25) * 86_400 + 12 * 3600
    static var today: Int { noon / 86_400 }
    /// UTC, without setting TZ in this process.
    static var calendar: LocalCalendar { LocalCalendar(zone: .utc) }

    static func sit(day: Int, hour: Int = 8, seconds: Int) -> Sit {
        let start = day * 86_400 + hour * 3600
        return Sit(start: Timestamp(epoch: start, offset: 0), end: Timestamp(epoch: start + seconds, offset: 0), profile: nil,
                   seconds: seconds, plannedSeconds: seconds, outcome: .completed, bells: 0, note: nil)
    }

    static func status(_ journal: String, cache: String?) throws -> PracticeStatus? {
        try StatusCache.status(file: JournalFile(path: journal), goal: 1200, cache: cache, records: nil, now: noon, calendar: calendar)
    }

    /// `bytes` written over the journal at `offset`, in place: the same inode, nothing renamed.
    static func overwrite(_ journal: String, at offset: Int, with bytes: [UInt8]) {
        let fd = open(journal, O_WRONLY)
        #expect(fd >= 0)
        #expect(pwrite(fd, bytes, bytes.count, off_t(offset)) == bytes.count)
        close(fd)
    }

    /// `bytes` appended as another program appends: one write, no lock, no mark.
    static func append(_ journal: String, _ bytes: [UInt8]) {
        let fd = open(journal, O_WRONLY | O_APPEND)
        #expect(fd >= 0)
        #expect(write(fd, bytes, bytes.count) == bytes.count)
        close(fd)
    }

    struct Edit: CustomTestStringConvertible, Sendable {
        var testDescription: String
        /// Which of the journal's sits (by index) is rewritten, and as what (its line the same length).
        var index: Int
        var seconds: Int
    }

    /// Thirty days of 20 minutes (the goal) and today's 5 minutes; then one old sit rewritten in place
    /// to under the goal (1200 → 1100 seconds, the same length of line), or today's to more, and a sit
    /// of today appended: `status` through the cache says what a full read says.
    @Test(arguments: [
        Edit(testDescription: "the last line before the cache's end (the old tail)", index: 30, seconds: 900),
        Edit(testDescription: "a line in the middle", index: 12, seconds: 1100),
        Edit(testDescription: "the first line", index: 0, seconds: 1100),
    ])
    func anEditInPlaceWithinTheOldLengthThenAnAppendIsReadWhole(_ edit: Edit) throws {
        let folder = try TemporaryDirectory()
        let journal = "\(folder.path)/journal.jsonl"
        let cache = "\(folder.path)/cache/profile/status"
        let t = Self.today
        var sits = (1...30).reversed().map { Self.sit(day: t - $0, seconds: 1200) } + [Self.sit(day: t, hour: 1, seconds: 300)]
        try folder.write("journal.jsonl", sits.map(\.line).joined())
        let before = try #require(try Self.status(journal, cache: cache))
        #expect(before.goalStreakBefore == 30 && before.todaySeconds == 300)
        #expect(FileManager.default.fileExists(atPath: cache), "the cache was written")
        var info = stat()
        #expect(stat(journal, &info) == 0)
        let inode = info.st_ino

        // The rewritten line, the same length, at its own place.
        var changed = sits[edit.index]
        changed.seconds = edit.seconds
        changed.plannedSeconds = edit.seconds
        #expect(changed.line.utf8.count == sits[edit.index].line.utf8.count, "the edit keeps the line's length")
        let offset = sits[..<edit.index].map { $0.line.utf8.count }.reduce(0, +)
        Self.overwrite(journal, at: offset, with: Array(changed.line.utf8))
        sits[edit.index] = changed
        // Then grown: a sit of today appended.
        let appended = Self.sit(day: t, hour: 3, seconds: 600)
        Self.append(journal, Array(appended.line.utf8))
        sits.append(appended)
        #expect(stat(journal, &info) == 0)
        let inodeNow = info.st_ino
        #expect(inodeNow == inode, "changed in place")
        #expect(try JournalFile(path: journal).read() == sits)

        let fresh = try #require(try Self.status(journal, cache: nil))
        let cached = try Self.status(journal, cache: cache)
        #expect(cached == fresh, "through the cache: \(String(describing: cached)); read whole: \(fresh)")
        #expect(cached != before && fresh != before)
        // And the cache written again holds the new figures.
        #expect(try Self.status(journal, cache: cache) == fresh)
    }
}
