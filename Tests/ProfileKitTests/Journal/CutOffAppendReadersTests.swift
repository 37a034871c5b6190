import Foundation
import Files
import LocalTime
import Testing
import ProfileKit
@testable import JournalCore
@testable import JournalStore

/// Issue 47, item 8: every reader (`log`, `stats`, `calendar`, `log check`, `log delete`'s lookup and
/// `status`) leaves out the bytes a proven append mark covers — an entry or import cut off, or being
/// written now — and changes nothing. Before this test only the kill test could notice a reader that
/// counted them, and only when its kill landed inside the write.
///
/// The journal and the mark are made by hand, as a killed `log add` leaves them: the whole line written,
/// the mark not yet removed (killed between its `write` and its `fsync`). The line is today's and of a
/// long sit, so that counting it changes every figure.
@Suite("Journal: readers leave out a cut-off append", .serialized)
struct CutOffAppendReadersTests {
    /// 2026-11-25 at noon UTC.
    static let noon = CivilDate.days(year: 2026, month: 11, day: 25) * 86_400 + 12 * 3600
    static var today: Int { noon / 86_400 }
    /// UTC, without setting TZ in this process.
    static var calendar: LocalCalendar { LocalCalendar(zone: .utc) }

    static func sit(day: Int, hour: Int = 8, seconds: Int, id: String) -> Sit {
        let start = day * 86_400 + hour * 3600
        return Sit(id: id, start: Timestamp(epoch: start, offset: 0), end: Timestamp(epoch: start + seconds, offset: 0), profile: nil,
                   seconds: seconds, plannedSeconds: seconds, outcome: .completed, bells: 0, note: nil)
    }

    let folder: TemporaryDirectory
    var path: String { "\(folder.path)/journal.jsonl" }
    /// What was logged: yesterday's and today's.
    let logged = [Self.sit(day: Self.today - 1, seconds: 1200, id: "0000logged01"), Self.sit(day: Self.today, hour: 7, seconds: 600, id: "0000logged02")]
    /// The append that was cut off: an hour today.
    let cutOff = Self.sit(day: Self.today, hour: 9, seconds: 3600, id: "0000cutoff01")

    init() throws {
        folder = try TemporaryDirectory()
        try folder.write("journal.jsonl", logged.map(\.line).joined())
    }

    /// What a `log add` killed after its `write` and before its mark was removed leaves: the mark, and
    /// the whole line.
    func killedAppend() throws {
        let line = Array(cutOff.line.utf8)
        let fd = open(path, O_WRONLY | O_APPEND)
        #expect(fd >= 0)
        defer { close(fd) }
        _ = try AppendMark.mark(fd, file: POSIX.realPath(path) ?? path, adding: line)
        #expect(write(fd, line, line.count) == line.count)
    }

    var bytes: [UInt8] { (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? [] }

    @Test func theSitsOfEveryReaderLeaveOutTheCutOffLine() throws {
        try killedAppend()
        let before = bytes
        let marks = folder.contents().keys.filter { $0.hasPrefix(".appending-") }.sorted()
        #expect(marks.count == 1, "the mark: \(marks)")
        #expect(bytes.count == logged.map { $0.line.utf8.count }.reduce(0, +) + cutOff.line.utf8.count, "the whole line is in the file")
        let notices = JournalTests.Messages()
        let journal = JournalFile(path: path, report: { notices.add($0) })

        #expect(try journal.read() == logged, "log, stats and calendar's sits")
        #expect(try journal.check().sits == logged.count, "log check's count")
        #expect(try journal.sit(id: cutOff.id) == nil, "log delete and edit find no sit by the cut-off line's id")
        #expect(try journal.sit(id: logged[1].id) == logged[1])
        #expect(notices.all.contains { $0.contains("left out its last \(cutOff.line.utf8.count) bytes") }, "\(notices.all)")

        // status, with and without its cache, and with a cache written before the cut-off append.
        let fresh = try #require(try StatusCache.status(file: JournalFile(path: path), goal: 1200, cache: nil, records: nil, now: Self.noon,
                                                        calendar: Self.calendar))
        #expect(fresh.todaySeconds == 600 && fresh.todaySits == 1, "status today: \(fresh.todaySeconds) s in \(fresh.todaySits) sits")
        let cache = "\(folder.path)/cache/status"
        let cached = try StatusCache.status(file: JournalFile(path: path), goal: 1200, cache: cache, records: nil, now: Self.noon,
                                            calendar: Self.calendar)
        #expect(cached == fresh)
        #expect(try StatusCache.status(file: JournalFile(path: path), goal: 1200, cache: cache, records: nil, now: Self.noon,
                                       calendar: Self.calendar) == fresh, "from the cache written")
        try FileManager.default.removeItem(atPath: cache)

        // No reader changed a byte of the journal, nor removed its mark.
        #expect(bytes == before)
        #expect(folder.contents().keys.filter { $0.hasPrefix(".appending-") }.sorted() == marks)
    }

    /// A cache written while the journal held only what was logged, then the cut-off append: the cache's
    /// short way (its figures plus what was appended since) must not count the cut-off line either.
    @Test func statusThroughACacheWrittenBeforeTheAppendLeavesItOut() throws {
        let cache = "\(folder.path)/cache/status"
        let first = try #require(try StatusCache.status(file: JournalFile(path: path), goal: 1200, cache: cache, records: nil, now: Self.noon,
                                                        calendar: Self.calendar))
        #expect(first.todaySeconds == 600)
        try killedAppend()
        let after = try #require(try StatusCache.status(file: JournalFile(path: path), goal: 1200, cache: cache, records: nil, now: Self.noon,
                                                        calendar: Self.calendar))
        #expect(after == first, "the cut-off hour counted: today \(after.todaySeconds) s, \(after.todaySits) sits")
    }

    /// Once the next writer has taken the cut-off line back, the readers read what it left, and a
    /// finished append of the same sit counts.
    @Test func theNextWriterTakesItBackAndThenTheSitCounts() throws {
        try killedAppend()
        let journal = JournalFile(path: path)
        try journal.append(cutOff)
        #expect(try journal.read() == logged + [cutOff])
        let status = try #require(try StatusCache.status(file: JournalFile(path: path), goal: 1200, cache: nil, records: nil, now: Self.noon,
                                                         calendar: Self.calendar))
        #expect(status.todaySeconds == 4200 && status.todaySits == 2)
    }
}
