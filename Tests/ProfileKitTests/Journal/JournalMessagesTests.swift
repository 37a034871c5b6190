import LocalTime
import Foundation
import Testing
import ProfileKit
import TextSupport
@testable import JournalCore
@testable import JournalStore

/// The journal commands' words, moved out of the executable: counts, `log import`'s summary (and its
/// dry run), `log check`'s and `log repair`'s reports, `log add`'s warning for an unknown profile, and
/// `log -n`'s count.
@Suite("Journal: messages")
struct JournalMessagesTests {
    /// A sit of twenty minutes that started at `epoch` (UTC).
    static func sit(_ id: String, at epoch: Int = 1_795_414_500, profile: String? = "Morning") -> Sit {
        Sit(id: id, start: Timestamp(epoch: epoch, offset: 0), end: Timestamp(epoch: epoch + 1200, offset: 0), profile: profile,
            seconds: 1200, plannedSeconds: 1200, outcome: .completed, bells: 0, note: nil)
    }

    // MARK: Counts

    @Test(arguments: [(0, "sit", "0 sits"), (1, "sit", "1 sit"), (2, "sit", "2 sits"), (1000, "damaged line", "1,000 damaged lines"),
                      (1, "row", "1 row"), (1_234_567, "line", "1,234,567 lines")])
    func countsAreGroupedAndPluralExceptForOne(_ number: Int, _ noun: String, _ text: String) {
        #expect(JournalMessages.count(number, noun) == text)
    }

    // MARK: log import

    @Test func importSummarySaysOnlyWhatHappened() {
        let calendar = LocalCalendar(zone: .utc)
        let one = JournalFile.Imported(added: [Self.sit("a")], skipped: 0)
        #expect(one.summary(empty: 0, dryRun: false, calendar: calendar) == "added 1 sit\n")
        let none = JournalFile.Imported(added: [], skipped: 3)
        #expect(none.summary(empty: 0, dryRun: false, calendar: calendar) == "added 0 sits, skipped 3 already logged\n")
        let all = JournalFile.Imported(added: [Self.sit("a"), Self.sit("b", at: 1_795_500_000)], skipped: 1_000)
        #expect(all.summary(empty: 1, dryRun: false, calendar: calendar)
                == "added 2 sits, skipped 1,000 already logged, left out 1 row of no length\n")
        #expect(one.summary(empty: 2, dryRun: false, calendar: calendar) == "added 1 sit, left out 2 rows of no length\n")
    }

    /// A dry run lists each sit it would add (as `log` describes one) and says the rest in the conditional.
    @Test func aDryRunListsTheSitsAndSaysWould() {
        let calendar = LocalCalendar(zone: .utc)
        let first = Self.sit("a"), second = Self.sit("b", at: 1_795_500_000, profile: nil)
        let result = JournalFile.Imported(added: [first, second], skipped: 1)
        let text = result.summary(empty: 3, dryRun: true, calendar: calendar)
        #expect(text == "would add: \(JournalRenderer.describe(first, calendar: calendar))\n"
                + "would add: \(JournalRenderer.describe(second, calendar: calendar))\n"
                + "would add 2 sits, skip 1 already logged, leave out 3 rows of no length\n")
        #expect(JournalFile.Imported(added: [], skipped: 0).summary(empty: 0, dryRun: true, calendar: calendar) == "would add 0 sits\n")
        #expect(JournalFile.Imported(added: [first], skipped: 0).summary(empty: 1, dryRun: true, calendar: calendar)
                == "would add: \(JournalRenderer.describe(first, calendar: calendar))\nwould add 1 sit, leave out 1 row of no length\n")
    }

    // MARK: log check and log repair

    static func damaged(_ number: Int, _ message: String = "not a record") -> JournalFile.DamagedLine {
        JournalFile.DamagedLine(number: number, bytes: Array("x".utf8),
                                error: DocumentError(file: "/j/journal.jsonl", line: number, column: 1, message: message))
    }

    @Test func checkReportsNameTheJournalEscaped() {
        let missing = JournalFile.Check(exists: false, sits: 0, lines: 0, damaged: [])
        #expect(missing.undamagedReport(path: "/j/journal.jsonl") == "/j/journal.jsonl: no journal yet, so no damaged line\n")
        let one = JournalFile.Check(exists: true, sits: 1, lines: 1, damaged: [])
        #expect(one.undamagedReport(path: "/j/journal.jsonl") == "/j/journal.jsonl: 1 sit, no damaged line\n")
        let many = JournalFile.Check(exists: true, sits: 12_000, lines: 12_001, damaged: [])
        #expect(many.undamagedReport(path: "/j/a\nb.jsonl") == "/j/a\\nb.jsonl: 12,000 sits, no damaged line\n")
        let bad = JournalFile.Check(exists: true, sits: 1_202, lines: 1_204, damaged: [Self.damaged(3), Self.damaged(9)])
        #expect(bad.damagedSummary(path: "/j/journal.jsonl")
                == "/j/journal.jsonl: 2 damaged lines of 1,204; run 'profile log repair' to move damaged lines aside")
        let single = JournalFile.Check(exists: true, sits: 0, lines: 1, damaged: [Self.damaged(1)])
        #expect(single.damagedSummary(path: "j") == "j: 1 damaged line of 1; run 'profile log repair' to move damaged lines aside")
    }

    @Test func repairReportsListEachLineMovedAndWhereTheyWent() {
        let check = JournalFile.Check(exists: true, sits: 1_202, lines: 1_204, damaged: [Self.damaged(3), Self.damaged(9, "end: expected a time")])
        let repair = JournalFile.Repair(check: check, damagedFile: "/j/journal.damaged-20261124T063000.jsonl", journal: "/j/journal.jsonl")
        #expect(repair.movedReport(lineLimit: 2000) == """
            moved: /j/journal.jsonl:3:1: not a record
            moved: /j/journal.jsonl:9:1: end: expected a time
            moved 2 damaged lines to /j/journal.damaged-20261124T063000.jsonl; the journal keeps 1,202 of its 1,204 lines

            """)
        // One line of one: the singular, nothing kept.
        let lone = JournalFile.Repair(check: JournalFile.Check(exists: true, sits: 0, lines: 1, damaged: [Self.damaged(1)]),
                                      damagedFile: "/j/d.jsonl", journal: "/j/journal.jsonl")
        #expect(lone.movedReport(lineLimit: 2000).hasSuffix("moved 1 damaged line to /j/d.jsonl; the journal keeps 0 of its 1 line\n"))
        // A line longer than a diagnostic's limit is cut as diagnostics are.
        let long = String(repeating: "y", count: 5000)
        let cut = JournalFile.Repair(check: JournalFile.Check(exists: true, sits: 0, lines: 1, damaged: [Self.damaged(1, long)]),
                                     damagedFile: "/j/d.jsonl", journal: "/j/journal.jsonl").movedReport(lineLimit: 100)
        let first = cut.split(separator: "\n")[0]
        #expect(first == diagnosticLine("moved: /j/journal.jsonl:1:1: \(long)", limit: 100))
        #expect(first.utf8.count <= 100 && first.hasPrefix("moved: /j/journal.jsonl:1:1: yyy") && first.hasSuffix("…"), "\(first)")
    }

    @Test func aRepairThatMovedNothingSaysWhy() {
        let clean = JournalFile.Repair(check: JournalFile.Check(exists: true, sits: 3, lines: 3, damaged: []), damagedFile: nil, journal: "/real")
        #expect(clean.nothingToRepair(path: "/j/link.jsonl") == "/j/link.jsonl: no damaged line; nothing to repair\n")
        #expect(clean.movedReport(lineLimit: 2000) == "moved 0 damaged lines to ; the journal keeps 3 of its 3 lines\n",
                "nothing moved when no file was made")
        let none = JournalFile.Repair(check: JournalFile.Check(exists: false, sits: 0, lines: 0, damaged: []), damagedFile: nil, journal: "/real")
        #expect(none.nothingToRepair(path: "/j/a b.jsonl") == "/j/a b.jsonl: no journal yet; nothing to repair\n")
    }

    // MARK: log add's unknown profile

    @Test func anUnknownProfileIsWarnedAboutWithTheClosestName() throws {
        let folder = try TemporaryDirectory()
        let journal = JournalFile(path: "\(folder.path)/journal.jsonl")
        // No journal yet: only the store's names count.
        #expect(journal.unknownProfileWarning("Mornign", storeNames: ["Morning", "Evening"])
                == "warning: no profile \"Mornign\" — logged anyway; did you mean \"Morning\"?")
        #expect(journal.unknownProfileWarning("MORNING", storeNames: ["Morning"]) == nil, "names compared as profile names are")
        #expect(journal.unknownProfileWarning("Qwxz", storeNames: ["Morning"]) == "warning: no profile \"Qwxz\" — logged anyway")
        #expect(journal.unknownProfileWarning("Walk", storeNames: []) == "warning: no profile \"Walk\" — logged anyway")
        // A name a sit of the journal was logged with is known, and offered.
        try folder.write("journal.jsonl", Self.sit("aaaaaaaaaaaa", profile: "Walking meditation").line)
        #expect(journal.unknownProfileWarning("walking Meditation", storeNames: []) == nil)
        #expect(journal.unknownProfileWarning("Walking meditatoin", storeNames: ["Morning"])
                == "warning: no profile \"Walking meditatoin\" — logged anyway; did you mean \"Walking meditation\"?")
        #expect(journal.unknownProfileWarning("a\u{1B}b", storeNames: []) == "warning: no profile \"a\\u{1B}b\" — logged anyway")
    }

    // MARK: log -n

    @Test(arguments: [("1", 1), ("10", 10), ("007", 7), ("999999999", 999_999_999)])
    func lastTakesAWholeNumberFromOne(_ text: String, _ count: Int) throws {
        #expect(try SitSelection.parseCount(text) == count)
    }

    @Test(arguments: ["", "0", "000", "-1", "+1", "1.5", " 1", "1 ", "1e3", "ten", "1234567890", "١٢", "１"])
    func lastRefusesAnythingElseNamingTheOption(_ text: String) {
        #expect(throws: JournalError.invalidOption(text, option: "--last", accepted: "a whole number of sits from 1, such as 10")) {
            try SitSelection.parseCount(text)
        }
        #expect(JournalError.invalidOption(text, option: "--last", accepted: "a whole number of sits from 1, such as 10").description
                == "invalid --last \(quoted(text)): use a whole number of sits from 1, such as 10")
    }
}
