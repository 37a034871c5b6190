import LocalTime
import Foundation
import Testing
import ProfileKit
@testable import JournalCore
@testable import JournalStore
import TextSupport

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
                                                calendar: LocalCalendar(zone: .utc), now: Self.now) { warnings.append($0) }
        #expect(gathered.sits.map(\.sit.id).prefix(3) == ["aaaaaaaaaaaa", "bbbbbbbbbbbb", "aaaaaaaaaaaa"])
        #expect(gathered.sits.map(\.byTime) == [false, false, false, true], "only Insight Timer's rows, which have no ids")
        #expect(gathered.sits[3].sit.seconds == 1200 && gathered.sits[3].sit.profile == "Morning")
        #expect(gathered.empty == 1, "the row of no length")
        #expect(warnings.isEmpty)
        // Empty counts add up over the files.
        let twice = try JournalImport.gather(["\(folder.path)/insight.csv", "\(folder.path)/insight.csv"], calendar: LocalCalendar(zone: .utc), now: Self.now) { _ in }
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
            try JournalImport.gather(paths, calendar: LocalCalendar(zone: .utc), now: Self.now) { warnings.append($0) }
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
            _ = try JournalImport.gather([twice], calendar: LocalCalendar(zone: .utc), now: Self.now) { _ in }
            Issue.record("the second sit of one id was taken")
        } catch {
            #expect(error.description.hasPrefix("\(twice):2: the id \"aaaaaaaaaaaa\" is another sit's too, at \(twice):1; "), "\(error)")
        }
    }

    @Test func aFileThatCannotBeReadStopsTheImport() throws {
        let folder = try TemporaryDirectory()
        try folder.write("a.jsonl", Self.sit("aaaaaaaaaaaa", day: 0).line)
        #expect(throws: JournalError.failure("\(folder.path)/missing.csv", "open", ENOENT)) {
            try JournalImport.gather(["\(folder.path)/a.jsonl", "\(folder.path)/missing.csv"], calendar: LocalCalendar(zone: .utc), now: Self.now) { _ in }
        }
        // A sit still to come, by `now`: named by its file and line.
        do {
            _ = try JournalImport.gather(["\(folder.path)/a.jsonl"], calendar: LocalCalendar(zone: .utc), now: 1_775_808_000) { _ in }
            Issue.record("a sit still to come was imported")
        } catch {
            #expect("\(error)".contains("\(folder.path)/a.jsonl:1"), "\(error)")
            #expect("\(error)".contains("still to come"), "\(error)")
        }
    }
}

/// Issue 46, item 9 in process: a line or a field over its limit is refused as soon as the limit is
/// passed, naming the file and the line, without reading the rest (the limits lowered, so that a few
/// MiB stand for a file of gigabytes).
extension JournalImportFilesTests {
    static func lineTooLong(_ error: JournalError) -> (file: String?, line: Int?, message: String)? {
        guard case let .document(problem) = error, problem.message.hasPrefix("a line longer than ") else { return nil }
        return (problem.file, problem.line, problem.message)
    }

    /// A 4 MiB line after three short ones (ended by CR LF, CR alone and LF, each counted once), against
    /// a limit of 64 KiB: refused at its line; a line of exactly the limit is taken.
    @Test func aLineOverItsLimitIsRefusedWithItsPlace() throws {
        let folder = try TemporaryDirectory()
        let limit = 64 * 1024
        let head = "one\r\ntwo\rthree\n"
        try folder.write("long.jsonl", head + String(repeating: "x", count: 4 << 20) + "\nlast\n")
        let path = "\(folder.path)/long.jsonl"
        do {
            _ = try JournalImport.contents(of: path, lineLimit: limit)
            Issue.record("a line of 4 MiB was read")
        } catch {
            let refused = Self.lineTooLong(error)
            #expect(refused?.file == path && refused?.line == 4, "\(error)")
            #expect(error.description.hasPrefix("\(path):4: a line longer than 65,536 bytes, refused once that much of it was read"), "\(error)")
            #expect(error.category == .data)
        }
        // Exactly the limit, its line end left out, and one of CR alone at the end of the file.
        let fits = head + String(repeating: "y", count: limit) + "\r\n" + String(repeating: "z", count: limit) + "\r"
        try folder.write("fits.jsonl", fits)
        let read = try JournalImport.contents(of: "\(folder.path)/fits.jsonl", lineLimit: limit)
        #expect(read.elementsEqual(fits.utf8), "read \(read.count) bytes of \(fits.utf8.count)")
        // One byte more, on a last line with no line end.
        try folder.write("over.jsonl", head + String(repeating: "y", count: limit + 1))
        do {
            let over = try JournalImport.contents(of: "\(folder.path)/over.jsonl", lineLimit: limit)
            Issue.record("a last line of \(limit + 1) bytes was read (\(over.count) bytes)")
        } catch {
            #expect(Self.lineTooLong(error)?.line == 4, "\(error)")
        }
    }

    /// UTF-16 with its byte-order mark, either end first: its CR LF is one line end too, so the long
    /// line is named by its number.
    @Test(arguments: [true, false])
    func aLongLineOfUTF16IsRefusedWithItsPlace(_ little: Bool) throws {
        let folder = try TemporaryDirectory()
        let text = "Started At,Duration,Preset,Activity\r\n04/20/2026 08:00:00,0:20:0,,Meditation\r\n" + String(repeating: "P", count: 40_000) + "\r\n"
        let units = Array(text.utf16)
        var bytes: [UInt8] = little ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for unit in units {
            let (low, high) = (UInt8(unit & 0xFF), UInt8(unit >> 8))
            bytes += little ? [low, high] : [high, low]
        }
        try Data(bytes).write(to: URL(fileURLWithPath: "\(folder.path)/u16.csv"))
        do {
            _ = try JournalImport.contents(of: "\(folder.path)/u16.csv", lineLimit: 64 * 1024)
            Issue.record("a line of 80,000 bytes was read")
        } catch {
            #expect(Self.lineTooLong(error)?.line == 3, "\(error)")
        }
    }

    /// Read from a pipe that a writer fills with one endless line: the refusal comes once the limit is
    /// passed, not at the end of what the writer has (which it never gets rid of), so the memory it
    /// costs is the limit and a block or two, whatever the line's length.
    @Test func anEndlessLineIsRefusedWithoutReadingOn() throws {
        let folder = try TemporaryDirectory()
        let fifo = "\(folder.path)/endless.jsonl"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The writer's write fails with EPIPE once the reader has closed; SIGPIPE would end the tests.
        signal(SIGPIPE, SIG_IGN)
        let offered = 256 << 20
        final class Count: @unchecked Sendable {
            private let lock = NSLock()
            private var bytes = 0
            var written: Int {
                get { lock.withLock { bytes } }
                set { lock.withLock { bytes = newValue } }
            }
        }
        let count = Count()
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            guard fd >= 0 else { return }
            defer { close(fd) }
            _ = "{\"id\":\"a\"}\n".withCString { write(fd, $0, 11) }
            count.written = 11
            let block = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
            while count.written < offered {
                let wrote = block.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if wrote < 0 { if errno == EINTR { continue }; return }
                count.written += wrote
            }
        }
        writer.start()
        do {
            _ = try JournalImport.contents(of: fifo, lineLimit: 1 << 20)
            Issue.record("an endless line was read")
        } catch {
            #expect(Self.lineTooLong(error)?.line == 2, "\(error)")
        }
        // The writer stops at the reader's close (EPIPE), long before all it offered.
        let deadline = Date().addingTimeInterval(10)
        while !writer.isFinished, Date() < deadline { usleep(10_000) }
        #expect(writer.isFinished)
        #expect(count.written < 8 << 20, "read \(count.written) bytes of a line refused at 1 MiB")
    }

    /// A quoted CSV field may run over many short lines: it is bounded on its own, refused at the line
    /// it starts on as soon as it passes its limit; a field of the limit is taken.
    @Test func aFieldOverItsLimitIsRefusedAtTheLineItStarts() throws {
        let row = "id,note\n"
        let long = row + "a,\"" + Array(repeating: String(repeating: "n", count: 40), count: 10).joined(separator: "\n") + "\"\n"
        do {
            _ = try CSVRows.parse(Array(long.utf8), path: "/in/notes.csv", fieldLimit: 300)
            Issue.record("a field of 409 bytes was taken")
        } catch {
            #expect(error.description.hasPrefix("/in/notes.csv:2: a field longer than 300 bytes, refused once that much of it was read"), "\(error)")
        }
        let unquoted = row + "a," + String(repeating: "u", count: 301) + "\n"
        do {
            let rows = try CSVRows.parse(Array(unquoted.utf8), path: "/in/notes.csv", fieldLimit: 300)
            Issue.record("an unquoted field of 301 bytes was taken (\(rows.count) rows)")
        } catch {
            #expect(error.description.hasPrefix("/in/notes.csv:2: a field longer than 300 bytes"), "\(error)")
        }
        let fits = row + "a," + String(repeating: "u", count: 300) + "\n"
        #expect(try CSVRows.parse(Array(fits.utf8), path: "/in/notes.csv", fieldLimit: 300).count == 2)
        #expect(CSVRows.fieldLimit >= 4 * Sit.longestText, "room for the longest note, its quotes doubled")
    }
}
