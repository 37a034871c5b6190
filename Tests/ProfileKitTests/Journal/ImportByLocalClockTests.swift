import Foundation
import LocalTime
import Testing
import ProfileKit
@testable import JournalCore
@testable import JournalStore

/// Issue 47, item 8: an Insight Timer row has no id and no offset; it is known again by its start on the
/// local clock (to the second) and its seconds, not by its moment. The row of the hour a change back to
/// winter time repeats reads as the first of the two (summer time), so the sit logged here in the second
/// of them (winter time) is the same clock time and another moment: matched by the moment, the import
/// would log it twice.
///
/// The sits are built as `log import` builds them (``JournalImport/insightID(start:seconds:)``), with
/// their offsets written out, so that no zone is set in this process.
@Suite("Journal: an Insight Timer row is known by its local clock time")
struct ImportByLocalClockTests {
    /// 2026-10-25, when Europe/Berlin goes from +02:00 back to +01:00 at 03:00 summer time: 02:30 is
    /// 00:30 UTC the first time, 01:30 UTC the second.
    static let firstHalfPastTwo = CivilDate.days(year: 2026, month: 10, day: 25) * 86_400 + 30 * 60
    static let secondHalfPastTwo = firstHalfPastTwo + 3600

    /// A sit of `seconds` from `start` at `offset`, with `id` (a run's, or an Insight row's made of its start).
    static func sit(start: Int, offset: Int, seconds: Int = 1200, insight: Bool) -> Sit {
        let id = insight ? JournalImport.insightID(start: start, seconds: seconds) : "0000run02300"
        return Sit(id: id, start: Timestamp(epoch: start, offset: offset), end: Timestamp(epoch: start + seconds, offset: offset),
                   profile: nil, seconds: seconds, plannedSeconds: seconds, outcome: .completed, bells: 0, note: nil)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var testDescription: String
        /// The sit the journal holds.
        var logged: Sit
        /// The row, as Insight Timer's import reads it.
        var row: Sit
        /// Whether the row is the logged sit (skipped) or another (added).
        var held: Bool
    }

    static let cases: [Case] = [
        Case(testDescription: "02:30 of the repeated hour: logged in winter time, the row read as summer time",
             logged: sit(start: secondHalfPastTwo, offset: 3600, insight: false),
             row: sit(start: firstHalfPastTwo, offset: 7200, insight: true), held: true),
        Case(testDescription: "the same, the journal's sit imported from Insight Timer before",
             logged: sit(start: secondHalfPastTwo, offset: 3600, insight: true),
             row: sit(start: firstHalfPastTwo, offset: 7200, insight: true), held: true),
        Case(testDescription: "08:00 logged in UTC, the row read in UTC+1: one clock time, two moments",
             logged: sit(start: firstHalfPastTwo + 8 * 3600, offset: 0, insight: false),
             row: sit(start: firstHalfPastTwo + 7 * 3600, offset: 3600, insight: true), held: true),
        Case(testDescription: "one moment, two clock times (08:00 UTC, 09:00 UTC+1): not the same row",
             logged: sit(start: firstHalfPastTwo + 8 * 3600, offset: 0, insight: false),
             row: sit(start: firstHalfPastTwo + 8 * 3600, offset: 3600, insight: true), held: false),
    ]

    @Test(arguments: cases)
    func theRowIsMatchedByItsClockTime(_ c: Case) throws {
        let folder = try TemporaryDirectory()
        try folder.write("journal.jsonl", c.logged.line)
        let journal = JournalFile(path: "\(folder.path)/journal.jsonl")
        #expect(c.logged.start.epoch + c.logged.start.offset == c.row.start.epoch + c.row.start.offset || !c.held, "the case's clock times")
        let imported = try journal.appendImported([(c.row, true)], dryRun: false)
        if c.held {
            #expect(imported.added.isEmpty && imported.skipped == 1,
                    "\(c.row.start.text) is the clock time of the logged \(c.logged.start.text): added \(imported.added.map(\.start.text)), skipped \(imported.skipped)")
            #expect(try journal.read() == [c.logged], "logged once")
        } else {
            #expect(imported.added == [c.row] && imported.skipped == 0,
                    "\(c.row.start.text) is another clock time than \(c.logged.start.text): added \(imported.added.map(\.start.text)), skipped \(imported.skipped)")
        }
        // The row imported again adds nothing, whichever sit the journal now holds for it.
        let again = try journal.appendImported([(c.row, true)], dryRun: false)
        #expect(again.added.isEmpty, "a row imported twice: \(again.added.map(\.start.text))")
    }
}
