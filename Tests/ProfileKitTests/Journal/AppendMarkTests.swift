#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import Files
import ProfileKit
import TestSupport
import TextSupport
import LocalTime
@testable import JournalCore
@testable import JournalStore

/// Issue 46, items 1 and 2: a mark proves its bytes by content. Only the proven rest of a write that
/// was cut off is ever taken back, only by a writer; a restored journal, another program's lines and a
/// planted mark are left as they are; readers count up to a proven mark and change nothing.
@Suite("Append mark")
struct AppendMarkTests {
    typealias Messages = JournalTests.Messages

    let folder: String
    var path: String { "\(folder)/journal.jsonl" }
    let sits = JournalTests.sampleSits()

    init() throws { folder = try makeTemporaryDirectory() }

    func write(_ text: String, to file: String? = nil) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file ?? path))
    }

    func bytes(_ file: String? = nil) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: file ?? path))) }

    /// The lines of `sits` as one import writes them.
    func lines(_ range: Range<Int>) -> [UInt8] { sits[range].flatMap { Array($0.line.utf8) } }

    /// What a killed write leaves: its mark (made for all of `adding`), and the first `written` of its bytes.
    @discardableResult
    func killedWrite(adding: [UInt8], written: Int, file: String? = nil) throws -> AppendMark {
        let target = file ?? path
        let fd = open(target, O_WRONLY | O_APPEND)
        #expect(fd >= 0)
        defer { close(fd) }
        let mark = try AppendMark.mark(fd, file: POSIX.realPath(target) ?? target, adding: adding)
        let part = Array(adding.prefix(written))
        #expect(Glibc.write(fd, part, part.count) == part.count)
        return mark
    }

    var marks: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains("appending") }
    }

    // MARK: The mark's record

    @Test func aRecordReadsBackAndRefusesEveryOtherText() throws {
        let record = AppendMark.Record(device: 2049, inode: 77, length: 4000, writeLength: 9000,
                                       chunks: AppendMark.Record.checksums(of: Array(repeating: 7, count: 9000)[...], at: 4000))
        #expect(record.chunks.count == 4, "4000..4096, ..8192, ..12288, ..13000")
        #expect(AppendMark.Record(record.text) == record)
        let text = String(decoding: record.text, as: UTF8.self)
        let planted: [String] = ["188 2049 77\n", "+188 2049 77\n", "000188 2049 77\n", "",
                        text.replacingOccurrences(of: "length 4000", with: "length +4000"),
                        text.replacingOccurrences(of: "length 4000", with: "length 04000"),
                        text.replacingOccurrences(of: "length 4000", with: "length 188"),
                        text.replacingOccurrences(of: "write 9000", with: "write 0"),
                        String(text.dropLast()),
                        text + "chunk 0000000000000000\n"]
        for text in planted {
            let bytes: [UInt8] = Array(text.utf8)
            #expect(AppendMark.Record(bytes) == nil, "\(text.debugDescription) read as a mark")
        }
    }

    @Test func aPrefixIsProvenOnlyWhereAKilledWriteStops() {
        let write = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let record = AppendMark.Record(device: 1, inode: 1, length: 100, writeLength: write.count,
                                       chunks: AppendMark.Record.checksums(of: write[...], at: 100))
        #expect(record.isPrefix(write[...]))
        #expect(record.isPrefix(write[..<(4096 - 100)]), "up to the first page boundary")
        #expect(record.isPrefix(write[..<(8192 - 100)]))
        #expect(record.isPrefix([][...]))
        #expect(!record.isPrefix(write[..<50]), "a cut where no killed write stops")
        #expect(!record.isPrefix((write + [0x0A])[...]), "longer than the write")
        var changed = write
        changed[5000] ^= 1
        #expect(!record.isPrefix(changed[..<(8192 - 100)]))
        #expect(record.isPrefix(changed[..<(4096 - 100)]), "the change is past that prefix")
    }

    // MARK: Writers cut only what the mark proves

    @Test func aCutOffImportIsTakenBackByTheNextWriterAndLeftOutByReaders() throws {
        let old = lines(0..<2)
        try write(String(decoding: old, as: UTF8.self))
        let batch = lines(2..<60)
        #expect(batch.count > 8192)
        // Killed at a page boundary of the file, as Linux stops a write.
        let written = 8192 - old.count
        try killedWrite(adding: batch, written: written)

        let messages = Messages()
        let journal = JournalFile(path: path, report: { messages.add($0) })
        let before = try bytes()
        #expect(try journal.read() == Array(sits.prefix(2)), "a reader counts what was logged")
        #expect(try journal.check().sits == 2)
        #expect(try bytes() == before, "and changes nothing")
        #expect(marks.count == 1)
        #expect(messages.all.count == 2 && messages.all[0].contains("left out its last \(grouped(written)) bytes"), "\(messages.all)")

        messages.clear()
        try journal.append(sits[100])
        #expect(try bytes() == old + Array(sits[100].line.utf8), "the cut-off import is gone, nothing else")
        #expect(marks.isEmpty)
        #expect(messages.all.count == 1 && messages.all[0].contains("took back the last \(grouped(written)) bytes"), "\(messages.all)")
    }

    /// The first `log add` killed once its line is written leaves a mark of length 0; the journal is
    /// then restored in place (same inode). Nothing of it is cut, by a reader or a writer.
    @Test func aJournalRestoredInPlaceIsKept() throws {
        try write("")
        try killedWrite(adding: Array(sits[0].line.utf8), written: sits[0].line.utf8.count)
        let backup = lines(1..<4)
        let fd = open(path, O_WRONLY | O_TRUNC)
        #expect(Glibc.write(fd, backup, backup.count) == backup.count)
        close(fd)

        let messages = Messages()
        let journal = JournalFile(path: path, report: { messages.add($0) })
        #expect(try journal.read() == Array(sits[1..<4]))
        #expect(try bytes() == backup)
        #expect(messages.all.isEmpty, "a reader has nothing to say of a mark that proves nothing")
        try journal.append(sits[5])
        #expect(try bytes() == backup + Array(sits[5].line.utf8))
        #expect(marks.isEmpty)
        #expect(messages.all.count == 1 && messages.all[0].contains("the journal was changed since"), "\(messages.all)")
    }

    /// A sit another program appended after a killed write is not the killed write's: nothing is cut.
    @Test func aForeignAppendAfterAKilledWriteIsKept() throws {
        try write(sits[0].line)
        try killedWrite(adding: Array(sits[1].line.utf8), written: sits[1].line.utf8.count)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(sits[2].line.utf8))
        try handle.close()
        let all = try bytes()
        let journal = JournalFile(path: path)
        #expect(try journal.read() == Array(sits[0..<3]))
        #expect(try bytes() == all)
        try journal.append(sits[3])
        #expect(try bytes() == all + Array(sits[3].line.utf8))
    }

    /// Marks planted by hand or left by version 1 (`<length> <device> <inode>` beside the file) cut nothing.
    @Test(arguments: ["188", "+188", "000188", "0"])
    func aPlantedMarkCutsNothing(_ length: String) throws {
        try write(sits[0].line + sits[1].line + sits[2].line)
        var info = stat()
        #expect(stat(path, &info) == 0)
        let text = "\(length) \(info.st_dev) \(info.st_ino)\n"
        try write(text, to: AppendMark.legacyPath(of: path))
        try write(text, to: AppendMark.path(folder: folder, info: info))
        let all = try bytes()
        let messages = Messages()
        let journal = JournalFile(path: path, report: { messages.add($0) })
        #expect(try journal.read().count == 3)
        try journal.append(sits[3])
        #expect(try bytes() == all + Array(sits[3].line.utf8))
        #expect(marks.isEmpty)
        #expect(messages.all.count == 1 && messages.all[0].contains("not a whole mark of this version of profile"), "\(messages.all)")
    }

    /// A mark made after the file's last change is not the mark of the write that made it.
    @Test func aMarkYoungerThanTheFileCutsNothing() throws {
        try write(sits[0].line + sits[1].line)
        var info = stat()
        #expect(stat(path, &info) == 0)
        let tail = Array(sits[1].line.utf8)
        let record = AppendMark.Record(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), length: sits[0].line.utf8.count,
                                       writeLength: tail.count, chunks: AppendMark.Record.checksums(of: tail[...], at: sits[0].line.utf8.count))
        usleep(20_000)
        let markPath = AppendMark.path(folder: folder, info: info)
        try Data(record.text).write(to: URL(fileURLWithPath: markPath))
        let all = try bytes()
        #expect(try JournalFile(path: path).read().count == 2)
        try JournalFile(path: path).append(sits[2])
        #expect(try bytes() == all + Array(sits[2].line.utf8))
    }

    /// A mark whose modification time is set back still cannot be older than the file's last change:
    /// the rule reads change times, which no one can set back.
    @Test func aMarkMadeAfterTheFileCutsNothingWhateverItsTimes() throws {
        try write(sits[0].line + sits[1].line)
        var info = stat()
        #expect(stat(path, &info) == 0)
        let tail = Array(sits[1].line.utf8)
        let length = sits[0].line.utf8.count
        let record = AppendMark.Record(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), length: length,
                                       writeLength: tail.count, chunks: AppendMark.Record.checksums(of: tail[...], at: length))
        usleep(20_000)
        let markPath = AppendMark.path(folder: folder, info: info)
        try Data(record.text).write(to: URL(fileURLWithPath: markPath))
        var past = [timespec(tv_sec: 946_684_800, tv_nsec: 0), timespec(tv_sec: 946_684_800, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, markPath, &past, 0) == 0)
        let all = try bytes()
        #expect(try JournalFile(path: path).read().count == 2)
        try JournalFile(path: path).append(sits[2])
        #expect(try bytes() == all + Array(sits[2].line.utf8))
    }

    /// Whoever may read the journal may read its mark.
    @Test func aMarkIsAsReadableAsItsJournal() throws {
        try write(sits[0].line)
        #expect(chmod(path, 0o644) == 0)
        let mark = try killedWrite(adding: Array(sits[1].line.utf8), written: 0)
        var info = stat()
        #expect(stat(mark.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o644)
    }

    /// A journal replaced by a rename (a sync tool, an editor) while an entry is written: the entry is
    /// written again into the file the name now gives, once.
    @Test func anEntryWrittenWhileTheJournalIsReplacedLandsInTheNewOne() throws {
        try write(sits[0].line)
        let incoming = "\(folder)/incoming"
        var replaced = false
        try JournalFile(path: path).append(sits[1], before: { _ in
            guard !replaced else { return }
            replaced = true
            try? Data((sits[0].line + sits[2].line).utf8).write(to: URL(fileURLWithPath: incoming))
            rename(incoming, path)
        })
        #expect(replaced)
        #expect(try JournalFile(path: path).read() == [sits[0], sits[2], sits[1]])
    }

    // MARK: One file, two names

    /// The mark and the lock belong to the file: a killed write through one name is settled through
    /// the other, and a writer through one name waits for the lock taken through the other.
    @Test func twoNamesShareTheMarkAndTheLock() throws {
        try write(sits[0].line)
        let other = "\(folder)/other-name.jsonl"
        #expect(link(path, other) == 0)
        try killedWrite(adding: Array(sits[1].line.utf8), written: sits[1].line.utf8.count)

        try JournalFile(path: other).append(sits[2])
        #expect(try bytes(path) == Array((sits[0].line + sits[2].line).utf8), "the killed write taken back through the other name, no more")
        try JournalFile(path: path).append(sits[3])
        #expect(try JournalFile(path: other).read() == [sits[0], sits[2], sits[3]])

        // The file's own lock, held through the first name: a writer through the second waits, then gives up.
        let held = open(path, O_RDONLY)
        defer { close(held) }
        #expect(flock(held, LOCK_EX | LOCK_NB) == 0)
        #expect(throws: JournalError.file(.busy(path: other))) {
            try JournalFile(path: other, lockTimeout: 0.2).append(sits[4])
        }
        #expect(try JournalFile(path: path).read().count == 3)
    }

    // MARK: Recovery never cuts

    @Test func aRecoveryWaitsForAWriterWhenACutOffWriteIsProven() throws {
        try write(sits[0].line)
        try killedWrite(adding: Array(sits[1].line.utf8), written: sits[1].line.utf8.count)
        let all = try bytes()
        var sit = sits[2]
        sit.recovered = true
        #expect(try JournalFile(path: path).appendRecovered(sit) == .waiting)
        #expect(try bytes() == all, "nothing cut, nothing written")
        #expect(marks.count == 1)
        try JournalFile(path: path).settle()
        #expect(try JournalFile(path: path).appendRecovered(sit) == .appended)
        #expect(try JournalFile(path: path).appendRecovered(sit) == .alreadyLogged)
        #expect(try JournalFile(path: path).read() == [sits[0], sit])
    }

    // MARK: Milestones come from the append

    /// Eight appends at once, crossing ten sits: the one that wrote the tenth says it.
    @Test func eightAppendsAtOnceCrossAMilestoneOnce() async throws {
        try write(sits[0..<6].map(\.line).joined())
        let path = self.path
        let batch = Array(sits[10..<18])
        let said = await withTaskGroup(of: [String].self) { group in
            for sit in batch {
                group.addTask {
                    (try? JournalFile(path: path, lockTimeout: 30).append(sit, calendar: LocalCalendar(zone: .utc)))?.milestones ?? []
                }
            }
            var all: [String] = []
            for await lines in group { all += lines }
            return all
        }
        #expect(try JournalFile(path: path).read().count == 14)
        #expect(said.filter { $0.hasPrefix("milestone: 10 sits") }.count == 1, "\(said)")
    }

    // MARK: A line too long

    @Test func aLineTooLongIsRefusedAtItsLimitWithItsLine() throws {
        let long = String(repeating: "x", count: 3 * JournalFile.lineLimit)
        try write(sits[0].line + sits[1].line + long + "\n" + sits[2].line)
        #expect(throws: JournalError.document(DocumentError(file: path, line: 3, message: "a line longer than 65,536 bytes, which no record is; \(JournalFile.repairHint)"))) {
            try JournalFile(path: path).read()
        }
        // A repair moves it aside whole.
        let repair = try JournalFile(path: path).repair(stamp: "2026-11-27-1200")
        #expect(repair.check.damaged.count == 1)
        #expect(try JournalFile(path: path).read() == Array(sits[0..<3]))
    }
}
