import LocalTime
import Foundation
import Testing
import ProfileKit
@testable import Journal

/// `log import`'s gathering of its files, in process: every file's sits in order with how each is known
/// again, the rows of no length counted, warnings said as each file is read, and an id two different
/// sits share refused naming both places.
@Suite("Journal: log import's files")
struct JournalImportFilesTests {
    /// Later than every sit here: none is still to come.
    static let now = 1_900_000_000

    static func sit(_ id: String, day: Int, note: String? = nil) -> Sit {
        let start = 1_775_808_000 + day * 86_400
        return Sit(id: id, start: Timestamp(epoch: start, offset: 0), end: Timestamp(epoch: start + 1200, offset: 0), profile: "Morning",
                   seconds: 1200, plannedSeconds: 1200, outcome: .completed, bells: 0, note: note)
    }

    static let ownHeader = "id,start,end,profile,seconds,plannedSeconds,outcome,bells,note,pausedSeconds,recovered\n"
    static let insight = "Started At,Duration,Preset,Activity\r\n04/20/2026 08:00:00,0:0:0,,Meditation\r\n04/21/2026 08:00:00,0:20:0,Morning,Meditation\r\n"

    @Test func theFilesSitsComeInOrderKnownAgainByIdOrByTime() throws {
        let folder = try TemporaryDirectory()
        try folder.write("a.jsonl", Self.sit("aaaaaaaaaaaa", day: 0).line + Self.sit("bbbbbbbbbbbb", day: 1).line)
        // The same sit again, in profile's CSV: no error (the append skips it).
        try folder.write("b.csv", Self.ownHeader + "aaaaaaaaaaaa,2026-04-10T08:00:00+00:00,2026-04-10T08:20:00+00:00,Morning,1200,1200,completed,0,,0,false\n")
        try folder.write("insight.csv", Self.insight)
        var warnings: [String] = []
        let gathered = try JournalImport.gather(["a.jsonl", "b.csv", "insight.csv"].map { "\(folder.path)/\($0)" },
                                                calendar: LocalCalendar(), now: Self.now) { warnings.append($0) }
        #expect(gathered.sits.map(\.sit.id).prefix(3) == ["aaaaaaaaaaaa", "bbbbbbbbbbbb", "aaaaaaaaaaaa"])
        #expect(gathered.sits.map(\.byTime) == [false, false, false, true], "only Insight Timer's rows, which have no ids")
        #expect(gathered.sits[3].sit.seconds == 1200 && gathered.sits[3].sit.profile == "Morning")
        #expect(gathered.empty == 1, "the row of no length")
        #expect(warnings.isEmpty)
        // Empty counts add up over the files.
        let twice = try JournalImport.gather(["\(folder.path)/insight.csv", "\(folder.path)/insight.csv"], calendar: LocalCalendar(), now: Self.now) { _ in }
        #expect(twice.empty == 2 && twice.sits.count == 2)
    }

    /// Two different sits with one id are not one sit: the second is refused with its file and line, and
    /// the first's; a warning of a file read before it is still said.
    @Test func anIdTwoSitsShareIsRefusedNamingBothPlaces() throws {
        let folder = try TemporaryDirectory()
        try folder.write("torn.jsonl", Self.sit("cccccccccccc", day: 5).line + "{\"id\":\"dd")
        try folder.write("a.jsonl", Self.sit("bbbbbbbbbbbb", day: 1).line + Self.sit("aaaaaaaaaaaa", day: 0).line)
        try folder.write("other.jsonl", "\n" + Self.sit("aaaaaaaaaaaa", day: 0, note: "edited elsewhere").line)
        var warnings: [String] = []
        let paths = ["torn.jsonl", "a.jsonl", "other.jsonl"].map { "\(folder.path)/\($0)" }
        #expect(throws: JournalError.document(DocumentError(file: paths[2], line: 2, message: "the id \"aaaaaaaaaaaa\" is another sit's too, at \(paths[1]):2; give one of them another id (1 to 64 letters, digits, '-' or '_') and import again"))) {
            try JournalImport.gather(paths, calendar: LocalCalendar(), now: Self.now) { warnings.append($0) }
        }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("warning: \(paths[0]):2: ignored an incomplete last line (") == true, "\(warnings)")
        // The message as it is printed: both places, the later first.
        let error = JournalError.document(DocumentError(file: paths[2], line: 2, message: "the id \"aaaaaaaaaaaa\" is another sit's too, at \(paths[1]):2; give one of them another id (1 to 64 letters, digits, '-' or '_') and import again"))
        #expect(error.description.hasPrefix("\(paths[2]):2: the id \"aaaaaaaaaaaa\" is another sit's too, at \(paths[1]):2; "))
        // Within one file too.
        try folder.write("twice.jsonl", Self.sit("aaaaaaaaaaaa", day: 0).line + Self.sit("aaaaaaaaaaaa", day: 2).line)
        let twice = "\(folder.path)/twice.jsonl"
        do {
            _ = try JournalImport.gather([twice], calendar: LocalCalendar(), now: Self.now) { _ in }
            Issue.record("the second sit of one id was taken")
        } catch {
            #expect(error.description.hasPrefix("\(twice):2: the id \"aaaaaaaaaaaa\" is another sit's too, at \(twice):1; "), "\(error)")
        }
    }

    @Test func aFileThatCannotBeReadStopsTheImport() throws {
        let folder = try TemporaryDirectory()
        try folder.write("a.jsonl", Self.sit("aaaaaaaaaaaa", day: 0).line)
        #expect(throws: JournalError.failure("\(folder.path)/missing.csv", "open", ENOENT)) {
            try JournalImport.gather(["\(folder.path)/a.jsonl", "\(folder.path)/missing.csv"], calendar: LocalCalendar(), now: Self.now) { _ in }
        }
        // A sit still to come, by `now`: named by its file and line.
        do {
            _ = try JournalImport.gather(["\(folder.path)/a.jsonl"], calendar: LocalCalendar(), now: 1_775_808_000) { _ in }
            Issue.record("a sit still to come was imported")
        } catch {
            #expect("\(error)".contains("\(folder.path)/a.jsonl:1"), "\(error)")
            #expect("\(error)".contains("still to come"), "\(error)")
        }
    }
}
