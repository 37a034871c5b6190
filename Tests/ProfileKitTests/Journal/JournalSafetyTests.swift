#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import Files
import ProfileKit
import TestSupport
@testable import Journal

/// A journal command deletes no byte it did not write, and one that fails or is killed leaves the
/// journal as it was or as it would be had it finished.
@Suite("Journal safety")
struct JournalSafetyTests {
    typealias Messages = JournalTests.Messages

    func file(_ text: String) throws -> (folder: String, path: String) {
        let folder = try makeTemporaryDirectory()
        let path = "\(folder)/journal.jsonl"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (folder, path)
    }

    func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// A text file of notes is no journal: nothing is appended to it, cut from it or rewritten in it.
    @Test(arguments: ["my notes\nimportant last line", "one line\n", "{\"not\":\"a sit\"}\n"])
    func aFileWithNoRecordIsNoJournalAndIsLeftAlone(_ text: String) throws {
        let (folder, path) = try file(text)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = JournalFile(path: path)
        let sit = JournalTests.sampleSits()[0]
        do {
            try journal.append(sit)
            Issue.record("appended to a file that is no journal")
        } catch {
            guard case let .document(problem) = error else { Issue.record("not a document error: \(error)"); return }
            #expect(problem.description.hasPrefix("\(path): holds no record of a sit"), "\(problem)")
            #expect(error.category == .data)
        }
        #expect(throws: JournalError.self) { try journal.appendImported([(sit, false)], dryRun: false) }
        #expect(try contents(path) == text, "byte for byte")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["journal.jsonl"], "no mark, no damaged-lines file left")
    }

    /// Empty, or only blank lines: a journal with no sits yet.
    @Test(arguments: ["", "\n", " \n\t\n"])
    func anEmptyOrBlankFileIsAJournal(_ text: String) throws {
        let (folder, path) = try file(text)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sit = JournalTests.sampleSits()[0]
        try JournalFile(path: path).append(sit)
        #expect(try contents(path) == text + sit.line)
    }

    /// The rule reads as far as the first record only, and finds one past the first megabyte too.
    @Test func aRecordPastTheFirstMegabyteMakesAJournal() throws {
        let sits = JournalTests.sampleSits()
        let padding = String(repeating: "x", count: 100) + "\n"
        let text = String(repeating: padding, count: (JournalFile.kindProbeBytes / padding.utf8.count) + 10) + sits[0].line
        let (folder, path) = try file(text)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try JournalFile(path: path).append(sits[1])
        #expect(try contents(path) == text + sits[1].line)
    }

    /// An append killed between its mark and the mark's removal is taken back by the next command that
    /// reads the journal, with a notice; the journal's old bytes are all still there.
    @Test func aWriteCutOffIsTakenBackByTheNextCommand() throws {
        let sits = JournalTests.sampleSits()
        let old = sits[0].line + "\n" + sits[1].line
        let (folder, path) = try file(old)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // What a killed import leaves: its mark, and part of its lines.
        let fd = open(path, O_WRONLY | O_APPEND)
        #expect(fd >= 0)
        _ = try AppendMark.mark(fd, file: path)
        let half = Array((sits[2].line + String(sits[3].line.prefix(30))).utf8)
        #expect(write(fd, half, half.count) == half.count)
        close(fd)

        let messages = Messages()
        let journal = JournalFile(path: path, report: { messages.add($0) })
        try journal.settleInterruptedAppend()
        #expect(try contents(path) == old)
        #expect(!FileManager.default.fileExists(atPath: AppendMark.path(of: path)))
        #expect(messages.all == ["notice: \(path): took back the \(half.count) bytes of a write that was cut off (an import or an entry killed before it finished): none of it was logged"])
        #expect(try journal.read() == Array(sits.prefix(2)))

        // Settled once: the next command finds nothing to do.
        try journal.settleInterruptedAppend()
        #expect(messages.all.count == 1)
    }

    /// An append settles a mark left behind before it writes its own lines.
    @Test func anAppendSettlesAnEarlierCutOffWriteFirst() throws {
        let sits = JournalTests.sampleSits()
        let (folder, path) = try file(sits[0].line)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fd = open(path, O_WRONLY | O_APPEND)
        _ = try AppendMark.mark(fd, file: path)
        let partial = Array(sits[1].line.utf8)
        _ = write(fd, partial, partial.count)
        close(fd)
        try JournalFile(path: path).append(sits[2])
        #expect(try contents(path) == sits[0].line + sits[2].line, "the cut-off sit is not logged, the new one is")
    }

    /// A mark that does not fit the file (another file now, or one shorter than the mark says) is
    /// removed and the file left as it is: a mark never cuts what it did not see written.
    @Test func aMarkThatDoesNotFitTheFileCutsNothing() throws {
        let sits = JournalTests.sampleSits()
        let (folder, path) = try file(sits[0].line + sits[1].line)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fd = open(path, O_WRONLY | O_APPEND)
        _ = try AppendMark.mark(fd, file: path)
        close(fd)
        // Replaced since (a new inode), shorter.
        try Data(sits[0].line.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        let messages = Messages()
        try JournalFile(path: path, report: { messages.add($0) }).settleInterruptedAppend()
        #expect(try contents(path) == sits[0].line)
        #expect(!FileManager.default.fileExists(atPath: AppendMark.path(of: path)))
        #expect(messages.all.count == 1 && messages.all[0].contains("removed the mark of a write that was cut off"), "\(messages.all)")
    }

    /// What a command announces after the write (`added 3 sits`) that cannot be said takes the write
    /// back: the journal is as it was, and no mark is left.
    @Test func anAnnouncementThatFailsTakesTheImportBack() throws {
        let sits = JournalTests.sampleSits()
        let (folder, path) = try file(sits[0].line)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lost = ProfileError.io(path: "<stdout>", operation: "write", errno: EPIPE)
        #expect(throws: JournalError.profile(lost)) {
            try JournalFile(path: path).appendImported(sits.dropFirst().map { ($0, false) }, dryRun: false) { _ throws(ProfileError) in throw lost }
        }
        #expect(try contents(path) == sits[0].line)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["journal.jsonl"])
    }

    /// `log edit` and `log delete` change only their sit's line: blank lines, a damaged-free torn tail
    /// and every other byte stay as they were.
    @Test func editAndDeleteKeepEveryOtherByte() throws {
        let sits = JournalTests.sampleSits()
        let text = sits[0].line + "\n" + sits[1].line + "  \n" + sits[2].line + "\n"
        let (folder, path) = try file(text)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = JournalFile(path: path)
        var changed = sits[1]
        changed.note = "edited"
        _ = try journal.edit(id: sits[1].id, change: { _ throws(JournalError) in changed })
        #expect(try contents(path) == sits[0].line + "\n" + changed.line + "  \n" + sits[2].line + "\n")
        _ = try journal.delete(id: sits[0].id)
        #expect(try contents(path) == "\n" + changed.line + "  \n" + sits[2].line + "\n")
        _ = try journal.delete(id: sits[2].id)
        #expect(try contents(path) == "\n" + changed.line + "  \n" + "\n")
    }
}
