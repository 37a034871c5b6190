#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import Files
import ProfileKit
import TestSupport
import TextSupport
@testable import JournalCore
@testable import JournalStore

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

    /// What a command announces after the write (`added 3 sits`) that cannot be said takes the write
    /// back: the journal is as it was, and no mark is left.
    @Test func anAnnouncementThatFailsTakesTheImportBack() throws {
        let sits = JournalTests.sampleSits()
        let (folder, path) = try file(sits[0].line)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lost = ProfileError.io(path: "<stdout>", operation: "write", errno: EPIPE)
        #expect(throws: JournalError.refused(CarriedError(lost))) {
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
