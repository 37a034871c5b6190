import LocalTime
import Foundation
import Testing
import ProfileKit
@testable import JournalCore
@testable import JournalStore
import TextSupport

/// Issue 37 in process: an imported sit whose id the journal holds with other content is a conflict,
/// refused (or, with `--keep-logged`, kept as logged and counted); two Insight Timer rows of one start and
/// length are named as rows; the exports people bring (12-hour times, CR line ends, UTF-16 with its mark,
/// tabs) read as the others, and what is still refused says why; CSV on a terminal is escaped.
@Suite("Journal: log import's formats and conflicts")
struct JournalImportFormatsTests {
    /// Later than every sit here: none is still to come.
    static let now = 1_900_000_000

    static func sit(_ id: String, day: Int, profile: String? = "Morning", note: String? = nil) -> Sit {
        let start = 1_775_808_000 + day * 86_400
        return Sit(id: id, start: Timestamp(epoch: start, offset: 0), end: Timestamp(epoch: start + 1200, offset: 0), profile: profile,
                   seconds: 1200, plannedSeconds: 1200, outcome: .completed, bells: 0, note: note)
    }

    static let insight24 = "Started At,Duration,Preset,Activity\r\n04/20/2026 08:21:14,0:45:0,,Meditation\r\n"
        + "04/21/2026 21:05:00,1:2:3,Evening,Walking\r\n04/22/2026 00:30:00,0:20:0,Morning,Meditation\r\n"
    /// The same three sits as Insight Timer's US export writes them: 12 hours, AM and PM.
    static let insight12 = "Started At,Duration,Preset,Activity\r\n04/20/2026 8:21:14 AM,0:45:0,,Meditation\r\n"
        + "4/21/2026 9:05:00 PM,1:2:3,Evening,Walking\r\n04/22/2026 12:30:00 am,0:20:0,Morning,Meditation\r\n"

    func read(_ bytes: [UInt8], path: String = "export.csv") throws(JournalError) -> JournalImport.Read {
        try JournalImport.read(bytes, path: path, calendar: LocalCalendar(zone: .utc), now: Self.now)
    }

    /// `text` in UTF-16 with its byte-order mark, little- or big-endian, as Excel's Unicode text saves it.
    static func utf16(_ text: String, little: Bool, mark: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = mark ? (little ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
        for unit in text.utf16 {
            let (low, high) = (UInt8(unit & 0xFF), UInt8(unit >> 8))
            bytes += little ? [low, high] : [high, low]
        }
        return bytes
    }

    // MARK: formats

    @Test func aTwelveHourExportReadsAsTheTwentyFourHourOne() throws {
        let twelve = try read(Array(Self.insight12.utf8))
        let twentyFour = try read(Array(Self.insight24.utf8))
        #expect(twelve.sits.count == 3)
        #expect(twelve.sits == twentyFour.sits, "8:21:14 AM, 9:05:00 PM and 12:30:00 am are 08:21:14, 21:05:00 and 00:30:00")
        #expect(twelve.lines == [2, 3, 4])
        #expect(JournalImport.localTimeParts("10/15/2024 12:00:00 PM")?.hour == 12)
        #expect(JournalImport.localTimeParts("10/15/2024 12:59:59 AM")?.hour == 0)
        #expect(JournalImport.localTimeParts("10/15/2024 6:30:00 pm")?.hour == 18)
        #expect(JournalImport.localTimeParts(" 10/15/2024  6:30:00  AM ")?.hour == 6)
        for refused in ["10/15/2024 13:00:00 PM", "10/15/2024 0:30:00 AM", "10/15/2024 6:30:00 XM", "10/15/2024 AM", "10/15/2024 6:30:00 A"] {
            #expect(JournalImport.localTimeParts(refused) == nil, "\(refused)")
        }
        // A bad time says both forms.
        do {
            _ = try read(Array("Started At,Duration,Preset,Activity\n04/20/2026 13:00:00 PM,0:45:0,,Meditation\n".utf8))
            Issue.record("13 PM was read")
        } catch {
            #expect(error.description.hasPrefix("export.csv:2:1: Started At: expected a local time as MM/DD/YYYY HH:MM:SS or DD/MM/YYYY HH:MM:SS (also with h:MM:SS AM|PM), such as 04/20/2026 08:21:14, 20/04/2026 08:21:14 or 10/15/2024 6:30:00 AM, found \"04/20/2026 13:00:00 PM\""), "\(error)")
        }
    }

    @Test func lineEndsOfCRAloneReadAsTheOthers() throws {
        let read = try read(Array(Self.insight24.replacing("\r\n", with: "\r").utf8))
        #expect(read.sits == (try self.read(Array(Self.insight24.utf8))).sits)
        #expect(read.lines == [2, 3, 4], "CR alone ends a line, for the lines of messages too")
        // A bad row after a blank line is named by its line, counted by CRs.
        do {
            _ = try self.read(Array("Started At,Duration,Preset,Activity\r\r04/20/2026 08:00:00,0:1:0\r".utf8))
            Issue.record("a row of 2 fields was read")
        } catch {
            #expect(error.description.hasPrefix("export.csv:3: expected 4 fields"), "\(error)")
        }
    }

    @Test func utf16WithItsMarkReadsAsUTF8InEitherOrder() throws {
        let expected = try read(Array(Self.insight24.utf8)).sits
        for little in [true, false] {
            let read = try read(Self.utf16(Self.insight24, little: little))
            #expect(read.sits.count == 3, "little-endian: \(little)")
            #expect(read.sits == expected, "little-endian: \(little)")
            #expect(read.lines == [2, 3, 4])
        }
        // Excel's Unicode text: UTF-16 LE and tabs between the fields.
        let tabs = try read(Self.utf16(Self.insight24.replacing(",", with: "\t"), little: true))
        #expect(tabs.sits == expected)
        // Profile's own CSV, separated by tabs, too.
        let own = "id\tstart\tend\tprofile\tseconds\tplannedSeconds\toutcome\tbells\tnote\naaaaaaaaaaaa\t2026-04-10T08:00:00+00:00\t2026-04-10T08:20:00+00:00\t\"a, b\"\t1200\t1200\tcompleted\t0\t\n"
        #expect(try read(Array(own.utf8)).sits.first?.profile == "a, b")
    }

    @Test func whatIsStillRefusedSaysWhy() throws {
        func refusal(_ bytes: [UInt8]) -> String {
            do {
                _ = try read(bytes)
                return "read"
            } catch {
                return error.description
            }
        }
        #expect(refusal(Self.utf16(Self.insight24, little: true, mark: false))
                == "export.csv:1: UTF-16 text (little-endian, by its zero bytes) without a byte-order mark: 'log import' reads UTF-8, or UTF-16 that starts with its byte-order mark (as Excel's Unicode text does); save the file as CSV UTF-8 and import it again")
        #expect(refusal(Self.utf16(Self.insight24, little: false, mark: false)).hasPrefix("export.csv:1: UTF-16 text (big-endian, by its zero bytes) without a byte-order mark"))
        #expect(refusal([0xFF, 0xFE, 0x41]).hasPrefix("export.csv: UTF-16 (little-endian) text, by its byte-order mark, of an odd number of bytes"))
        #expect(refusal([0xFE, 0xFF, 0xD8, 0x00, 0x00, 0x41]).hasPrefix("export.csv: UTF-16 (big-endian) text, by its byte-order mark, with a broken surrogate pair"))
        // The header found, quoted and cut.
        #expect(refusal(Array("\n\ndate,minutes\n2026-01-01,20\n".utf8))
                == "export.csv:3: not a file 'log import' reads (its first line is \"date,minutes\"): expected Insight Timer's CSV (the header Started At,Duration,Preset,Activity), profile's CSV (id,start,end…, as 'log --format csv' writes it), either of them separated by tabs, or a journal (a JSON record a line)")
        let long = refusal(Array((String(repeating: "x", count: 300) + "\u{1B}\n").utf8))
        #expect(long.hasPrefix("export.csv:1: not a file 'log import' reads (its first line is \"xxxx") && long.contains("…\" (301 bytes)):"), "\(long)")
        #expect(refusal(Array("a\"b,c\n".utf8)).hasPrefix("export.csv:1: not a file 'log import' reads (its first line is \"a\\\"b,c\")"))
        #expect(refusal([]).hasPrefix("export.csv:1: not a file 'log import' reads (an empty file): expected"))
        // Not UTF-8 (Latin-1, as a spreadsheet may save it): the encoding, on the header's line or a row's.
        #expect(refusal(Array("Started At,Duration,Preset,Activity\n04/20/2026 08:21:14,0:45:0,Caf".utf8) + [0xE9] + Array(",Meditation\n".utf8))
                == "export.csv:2: not UTF-8 text: 'log import' reads UTF-8, or UTF-16 that starts with its byte-order mark; save the file as CSV UTF-8 and import it again")
        #expect(refusal([0x53, 0xE9, 0x2C, 0x41, 0x0A]).hasPrefix("export.csv:1: not UTF-8 text: "))
        // A journal whose lines end in CR alone.
        #expect(refusal(Array((Self.sit("aaaaaaaaaaaa", day: 0).line + Self.sit("bbbbbbbbbbbb", day: 1).line).replacing("\n", with: "\r").utf8))
                == "export.csv:1: a journal whose lines end in CR alone: a journal's lines end in LF (\\n), as the program writes them")
    }

    /// Two Insight Timer rows of one start and length, but another preset, are two rows: the advice is to
    /// remove one, not to give one another id (the format has no column for it).
    @Test func twoInsightRowsOfOneStartAndLengthAreNamedAsRows() throws {
        let folder = try TemporaryDirectory()
        try folder.write("a.csv", "Started At,Duration,Preset,Activity\n04/20/2026 08:00:00,0:20:0,Morning,Meditation\n")
        try folder.write("b.csv", "Started At,Duration,Preset,Activity\n\n04/20/2026 8:00:00 AM,0:20:0,Evening,Meditation\n")
        let paths = ["\(folder.path)/a.csv", "\(folder.path)/b.csv"]
        do {
            _ = try JournalImport.gather(paths, calendar: LocalCalendar(zone: .utc), now: Self.now) { _ in }
            Issue.record("two rows of one start and length were taken")
        } catch {
            let text = error.description
            #expect(text.hasPrefix("\(paths[1]):3: this row and the one at \(paths[0]):2 have the same start and length ("), "\(text)")
            #expect(text.hasSuffix(", 1,200 seconds) but another preset or activity, and Insight Timer's rows are told apart by their start and length alone: remove one of the two rows and import again"), "\(text)")
            #expect(!text.contains("another id"))
        }
        // The same row twice is one sit.
        try folder.write("c.csv", "Started At,Duration,Preset,Activity\n04/20/2026 08:00:00,0:20:0,Morning,Meditation\n")
        #expect(try JournalImport.gather([paths[0], "\(folder.path)/c.csv"], calendar: LocalCalendar(zone: .utc), now: Self.now) { _ in }.sits.count == 2)
    }

    // MARK: conflicts

    /// A journal of `a` and `b`, and another machine's with `a` as it is, `b` with another profile and
    /// note (edited there) and a new `c`.
    static func conflicting(_ folder: TemporaryDirectory) throws -> (journal: String, other: String, gathered: JournalImport.Gathered) {
        try folder.write("journal.jsonl", sit("aaaaaaaaaaaa", day: 0).line + "\n" + sit("bbbbbbbbbbbb", day: 1).line)
        try folder.write("other.jsonl", sit("aaaaaaaaaaaa", day: 0).line + sit("cccccccccccc", day: 2).line
                         + sit("bbbbbbbbbbbb", day: 1, profile: "Evening", note: "edited elsewhere").line)
        let other = "\(folder.path)/other.jsonl"
        let gathered = try JournalImport.gather([other], calendar: LocalCalendar(zone: .utc), now: now) { _ in }
        return ("\(folder.path)/journal.jsonl", other, gathered)
    }

    @Test func aSitLoggedWithOtherContentIsRefusedNamingItsIdPlacesAndFieldsWritingNothing() throws {
        let folder = try TemporaryDirectory()
        let (journal, other, gathered) = try Self.conflicting(folder)
        #expect(gathered.places.map(\.line) == [1, 2, 3] && gathered.places.allSatisfy { $0.file == other })
        let before = folder.contents()
        let message = "the sit \"bbbbbbbbbbbb\" differs from the one logged at \(journal):3 in profile, note; nothing was imported: make the two agree ('profile log edit bbbbbbbbbbbb' here, or where the file came from) and import again, or import with --keep-logged to keep the journal's version"
        for dryRun in [false, true] {
            var printed = false
            #expect(throws: JournalError.document(DocumentError(file: other, line: 3, message: message))) {
                try JournalFile(path: journal).appendImported(gathered.sits, places: gathered.places, dryRun: dryRun) { _ in printed = true }
            }
            #expect(!printed, "nothing is said to be added")
        }
        #expect(folder.contents() == before, "nothing written")
        // Two conflicts: the first named, and how many there are.
        try folder.write("two.jsonl", Self.sit("aaaaaaaaaaaa", day: 0, note: "x").line + Self.sit("bbbbbbbbbbbb", day: 1, profile: nil).line)
        let two = try JournalImport.gather(["\(folder.path)/two.jsonl"], calendar: LocalCalendar(zone: .utc), now: Self.now) { _ in }
        do {
            _ = try JournalFile(path: journal).appendImported(two.sits, places: two.places, dryRun: false)
            Issue.record("two conflicts were taken")
        } catch {
            #expect(error.description.hasPrefix("\(folder.path)/two.jsonl:1: the sit \"aaaaaaaaaaaa\" differs from the one logged at \(journal):1 in note (the first of 2 such sits); "), "\(error)")
        }
        #expect(folder.contents()["journal.jsonl"] == before["journal.jsonl"])
    }

    @Test func keepLoggedKeepsTheJournalsVersionAndCountsTheConflicts() throws {
        let folder = try TemporaryDirectory()
        let (journal, _, gathered) = try Self.conflicting(folder)
        let calendar = LocalCalendar(zone: .utc)
        var said = ""
        let dry = try JournalFile(path: journal).appendImported(gathered.sits, places: gathered.places, keepLogged: true, dryRun: true) {
            said = $0.summary(empty: 0, dryRun: true, calendar: calendar)
        }
        #expect(said.hasSuffix("would add 1 sit, skip 1 already logged, keep 1 conflicting sit as logged\n"), "\(said)")
        #expect(dry.kept == 1 && dry.skipped == 1 && dry.added.map(\.id) == ["cccccccccccc"])
        let done = try JournalFile(path: journal).appendImported(gathered.sits, places: gathered.places, keepLogged: true, dryRun: false)
        #expect(done.summary(empty: 0, dryRun: false, calendar: calendar) == "added 1 sit, skipped 1 already logged, kept 1 conflicting sit as logged\n")
        let logged = try JournalFile(path: journal).read()
        #expect(logged.map(\.id) == ["aaaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccccc"])
        #expect(logged[1] == Self.sit("bbbbbbbbbbbb", day: 1), "the journal's version kept")
        #expect(Imported(added: [], skipped: 0, kept: 2).summary(empty: 0, dryRun: false, calendar: calendar) == "added 0 sits, kept 2 conflicting sits as logged\n")
    }

    @Test func identicalSitsAreSkippedAsBefore() throws {
        let folder = try TemporaryDirectory()
        let (journal, _, _) = try Self.conflicting(folder)
        let before = folder.contents()
        let same = try JournalImport.gather([journal], calendar: LocalCalendar(zone: .utc), now: Self.now) { _ in }
        let result = try JournalFile(path: journal).appendImported(same.sits, places: same.places, dryRun: false)
        #expect(result.added.isEmpty && result.skipped == 2 && result.kept == 0)
        #expect(result.summary(empty: 0, dryRun: false, calendar: LocalCalendar(zone: .utc)) == "added 0 sits, skipped 2 already logged\n")
        #expect(folder.contents() == before)
    }

    /// An Insight Timer sit edited here, then its export imported again: the export is where the sit came
    /// from, known by its time, and the edit stays (no conflict).
    @Test func anEditedInsightSitIsNoConflictWithItsExport() throws {
        let folder = try TemporaryDirectory()
        try folder.write("export.csv", Self.insight24)
        let export = "\(folder.path)/export.csv"
        let journal = JournalFile(path: "\(folder.path)/journal.jsonl")
        let gathered = try JournalImport.gather([export], calendar: LocalCalendar(zone: .utc), now: Self.now) { _ in }
        #expect(try journal.appendImported(gathered.sits, places: gathered.places, dryRun: false).added.count == 3)
        var sits = try journal.read()
        sits[0].note = "edited here"
        try folder.write("journal.jsonl", sits.map(\.line).joined())
        let again = try journal.appendImported(gathered.sits, places: gathered.places, dryRun: false)
        #expect(again.added.isEmpty && again.skipped == 3 && again.kept == 0)
        #expect(try journal.read()[0].note == "edited here")
    }

    // MARK: CSV on a terminal

    @Test func csvAndInsightTimersCSVEscapeOnATerminalOnly() {
        let sit = Self.sit("aaaaaaaaaaaa", day: 0, profile: "Eve\u{1B}]0;x\u{07}", note: "red \u{1B}[31m \u{202E}here\u{85}")
        let calendar = LocalCalendar(zone: .utc)
        let piped = String(decoding: JournalRenderer.logBytes([sit], format: .csv, calendar: calendar), as: UTF8.self)
        #expect(piped.contains("red \u{1B}[31m \u{202E}here\u{85}") && piped.contains("Eve\u{1B}]0;x\u{07}"))
        let shown = String(decoding: JournalRenderer.logBytes([sit], format: .csv, calendar: calendar, escaping: true), as: UTF8.self)
        #expect(shown.contains(#"red \u{1B}[31m \u{202E}here\u{85}"#) && shown.contains(#"Eve\u{1B}]0;x\u{"#), "\(shown)")
        #expect(!shown.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 0x85 || $0.value == 0x07 })
        let insight = String(decoding: JournalRenderer.logBytes([sit], format: .insightTimer, calendar: calendar, escaping: true), as: UTF8.self)
        #expect(insight.contains(#",Eve\u{1B}]0;x"#) && !insight.unicodeScalars.contains { $0.value == 0x1B }, "\(insight)")
        #expect(JournalRenderer.logBytes([sit], format: .insightTimer, calendar: calendar).contains(0x1B))
    }
}

private typealias Imported = JournalFile.Imported
