import LocalTime
import Foundation
import Testing
import TestSupport
import TextSupport
import ProfileKit
@testable import JournalCore
@testable import JournalStore

/// Issue 30, items 3 and 4 in process: a note is text, and the journal's damaged lines can be listed and
/// moved aside with nothing lost.
@Suite("Journal repair")
struct JournalRepairTests {
    // MARK: Notes are text

    struct HiddenCase: CustomTestStringConvertible, Sendable {
        var text: String
        var codePoint: String
        var testDescription: String { codePoint }
    }

    /// C0 (a line break and a tab among them), DEL, C1, and invisible format characters.
    static let hidden = [
        HiddenCase(text: "a\u{1B}]52;c;aGk=\u{7}", codePoint: "U+001B"),
        HiddenCase(text: "bell\u{7}", codePoint: "U+0007"),
        HiddenCase(text: "two\nlines", codePoint: "U+000A"),
        HiddenCase(text: "a\ttab", codePoint: "U+0009"),
        HiddenCase(text: "del\u{7F}", codePoint: "U+007F"),
        HiddenCase(text: "csi\u{9B}31m", codePoint: "U+009B"),
        HiddenCase(text: "zero\u{200B}width", codePoint: "U+200B"),
        HiddenCase(text: "abc\u{202E}fed", codePoint: "U+202E"),
        HiddenCase(text: "bom\u{FEFF}", codePoint: "U+FEFF"),
    ]

    @Test(arguments: hidden)
    func aNoteOrANameWithAHiddenCharacterIsRefusedNamingIt(_ c: HiddenCase) {
        for option in ["--note", "--profile"] {
            #expect(throws: JournalError.invalidOption(c.text, option: option,
                                                       accepted: "text without control or invisible characters: it contains the invisible character \(c.codePoint)")) {
                try Sit.checkedText(c.text, option: option)
            }
        }
        // The one check profile names make.
        #expect(throws: ProfileError.invalidName(c.text, reason: "it contains the invisible character \(c.codePoint)")) {
            try ProfileName(validating: c.text)
        }
    }

    /// What a reader sees is kept: accents, other scripts, and an emoji's own joiners and selectors.
    @Test func visibleTextIsKept() throws {
        for text in ["on the train", "café", "禅 🧘", "🧘‍♀️ calm", "1️⃣ first", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"] {
            #expect(try Sit.checkedText(text, option: "--note") == text)
        }
    }

    // MARK: Check and repair

    static func line(_ id: String, day: Int, outcome: String = "completed") -> String {
        #"{"id":"\#(id)","start":"2026-03-0\#(day)T07:00:00+00:00","end":"2026-03-0\#(day)T07:20:00+00:00","profile":null,"seconds":1200,"#
            + #""plannedSeconds":1200,"outcome":"\#(outcome)","bells":0,"note":null}"#
    }

    final class Messages: @unchecked Sendable {
        private var list: [String] = []
        private let lock = NSLock()
        func add(_ text: String) { lock.withLock { list.append(text) } }
        var all: [String] { lock.withLock { list } }
    }

    func journal(_ text: String, messages: Messages = Messages()) throws -> (JournalFile, String, String) {
        let folder = try makeTemporaryDirectory()
        let path = "\(folder)/journal.jsonl"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (JournalFile(path: path, report: { messages.add($0) }), path, folder)
    }

    /// Lines 2 and 4 damaged, a blank line, a hand-written record with spaces, and a whole JSON value
    /// with no newline at the end: every damaged line is listed, with the texts the readers give.
    @Test func checkListsEveryDamagedLineAndTheReadersStopAtTheFirstWithTheWayOut() throws {
        let text = Self.line("a", day: 1) + "\n" + Self.line("b", day: 2, outcome: "finished") + "\n" + "\n"
            + "not json\n" + #"{ "id": "c", "start": "2026-03-05T07:00:00Z", "seconds": 60, "outcome": "completed" }"# + "\n" + "[1]"
        let (journal, path, folder) = try journal(text)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check = try journal.check()
        #expect(check.exists && check.sits == 2 && check.lines == 6)
        #expect(check.damaged.map(\.number) == [2, 4, 6])
        #expect(check.damaged[0].error == DocumentError(file: path, line: 2, column: 143, keyPath: "outcome",
                                                        message: "expected completed, stopped or interrupted, found \"finished\""))
        #expect(check.damaged.map { String(decoding: $0.bytes, as: UTF8.self) } == [Self.line("b", day: 2, outcome: "finished"), "not json", "[1]"])
        var first = check.damaged[0].error
        first.message += "; run 'profile log repair' to move damaged lines aside"
        #expect(throws: JournalError.document(first)) { try journal.read() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "a check writes nothing")
    }

    @Test func aMissingJournalHasNoDamagedLineAndARepairMakesNothing() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = JournalFile(path: "\(folder)/none/journal.jsonl")
        let check = try journal.check()
        #expect(!check.exists && check.damaged.isEmpty)
        let repair = try journal.repair(stamp: "20261124T063000")
        #expect(repair.damagedFile == nil && repair.moved.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// Lines kept + lines moved = lines before; every kept byte stays, a torn last line included, and the
    /// moved lines are the damaged file's lines, in order.
    @Test func aRepairMovesTheDamagedLinesByteForByteAndKeepsEveryOtherByte() throws {
        let good = [Self.line("a", day: 1), "", Self.line("c", day: 3) + "\r", Self.line("e", day: 5)]
        let bad = [Self.line("b", day: 2, outcome: "finished"), "{\"id\":\u{1}}", "\u{FF}garbage"]
        let torn = #"{"id":"torn","sta"#
        let text = [good[0], bad[0], good[1], good[2], bad[1], bad[2], good[3]].joined(separator: "\n") + "\n" + torn
        let messages = Messages()
        let (journal, path, folder) = try journal(text, messages: messages)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)

        var seen: JournalFile.Repair?
        let repair = try journal.repair(stamp: "20261124T063000") { repair throws(ProfileError) in
            seen = repair
            // Made, and still empty: nothing is written before the command has said what it moves.
            #expect(FileManager.default.contents(atPath: repair.damagedFile ?? "")?.isEmpty == true)
        }
        let damagedFile = "\(folder)/journal.damaged-20261124T063000.jsonl"
        #expect(seen?.damagedFile == damagedFile && repair.damagedFile == damagedFile)
        #expect(repair.moved.map(\.number) == [2, 5, 6])
        #expect(repair.kept == 5 && repair.kept + repair.moved.count == repair.check.lines && repair.check.lines == 8)
        #expect(try Data(contentsOf: URL(fileURLWithPath: damagedFile)) == Data((bad.joined(separator: "\n") + "\n").utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data((good.joined(separator: "\n") + "\n" + torn).utf8))
        for file in [path, damagedFile] {
            #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o640, "\(file)")
        }
        #expect(try journal.read().map(\.id) == ["a", "c", "e"])
        #expect(try journal.check().damaged.isEmpty)
        #expect(messages.all.contains { $0.hasPrefix("warning: \(path):8: ignored an incomplete last line") }, "\(messages.all)")

        // Nothing damaged now: nothing changes, no file is made.
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let again = try journal.repair(stamp: "20261124T063001")
        #expect(again.damagedFile == nil && again.moved.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == before)
    }

    /// A damaged lines' file of that name is never overwritten: the next name is taken.
    @Test func aTakenNameGetsASuffixAndIsNotOverwritten() throws {
        let text = Self.line("a", day: 1) + "\nbad\n"
        let (journal, path, folder) = try journal(text)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let taken = "\(folder)/journal.damaged-20261124T063000.jsonl"
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: taken))
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/journal.damaged-20261124T063000-2.jsonl", withDestinationPath: "\(folder)/elsewhere")
        let repair = try journal.repair(stamp: "20261124T063000")
        #expect(repair.damagedFile == "\(folder)/journal.damaged-20261124T063000-3.jsonl")
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "mine\n")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/elsewhere"), "a link is a taken name, not followed")
        #expect(try String(contentsOfFile: repair.damagedFile ?? "", encoding: .utf8) == "bad\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.line("a", day: 1) + "\n")
    }

    /// Output that cannot be written (the command's `beforeWriting` fails) changes nothing.
    @Test func aRepairThatFailsBeforeWritingChangesNothing() throws {
        let text = Self.line("a", day: 1) + "\nbad\n"
        let (journal, path, folder) = try journal(text)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lost = ProfileError.io(path: "<stdout>", operation: "write", errno: ENOSPC)
        #expect(throws: JournalError.refused(CarriedError(lost))) {
            try journal.repair(stamp: "20261124T063000") { _ throws(ProfileError) in throw lost }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["journal.jsonl"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    struct NameCase: CustomTestStringConvertible, Sendable {
        var journal: String
        var attempt: Int
        var name: String
        var testDescription: String { "\(journal) #\(attempt)" }
    }

    static let names = [
        NameCase(journal: "/data/profile/journal.jsonl", attempt: 1, name: "journal.damaged-20261124T063000.jsonl"),
        NameCase(journal: "journal.jsonl", attempt: 2, name: "journal.damaged-20261124T063000-2.jsonl"),
        NameCase(journal: "/sync/sits", attempt: 1, name: "sits.damaged-20261124T063000.jsonl"),
        NameCase(journal: "/sync/my.sits.txt", attempt: 1, name: "my.sits.damaged-20261124T063000.jsonl"),
        NameCase(journal: "/sync/.journal", attempt: 1, name: ".journal.damaged-20261124T063000.jsonl"),
    ]

    @Test(arguments: names)
    func theDamagedLinesFileIsNamedAfterTheJournal(_ c: NameCase) {
        #expect(JournalFile.damagedFileName(for: c.journal, stamp: "20261124T063000", attempt: c.attempt) == c.name)
    }

    /// The local time of the local calendar, in ISO 8601's basic format (UTC here).
    @Test func theFileStampIsTheLocalTimeToTheSecond() {
        #expect(LocalCalendar(zone: .utc).fileStamp(1_795_498_200) == "20261124T053000")
    }
}
