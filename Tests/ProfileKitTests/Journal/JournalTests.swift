import Foundation
import Testing
import TestSupport
import ProfileKit
import TableKit
@testable import Journal

/// The journal's pieces in process: times, lines, streaks, the calendar and the file.
@Suite("Journal")
struct JournalTests {
    // MARK: Times

    struct StampCase: CustomTestStringConvertible, Sendable {
        var text: String
        var epoch: Int?
        var written: String?
        var testDescription: String { text }
    }

    static let stamps = [
        StampCase(text: "2026-11-23T07:15:00+01:00", epoch: 1_795_414_500, written: "2026-11-23T07:15:00+01:00"),
        StampCase(text: "2026-11-23T06:15:00Z", epoch: 1_795_414_500, written: "2026-11-23T06:15:00+00:00"),
        StampCase(text: "2026-11-23T01:15:00-0500", epoch: 1_795_414_500, written: "2026-11-23T01:15:00-05:00"),
        StampCase(text: "1969-12-31T23:59:59+00:00", epoch: -1, written: "1969-12-31T23:59:59+00:00"),
        StampCase(text: "2024-02-29T12:00:00+05:30", epoch: 1_709_188_200, written: "2024-02-29T12:00:00+05:30"),
        StampCase(text: "2025-02-29T12:00:00+00:00"),
        StampCase(text: "2026-11-23 07:15:00+01:00"),
        StampCase(text: "2026-11-23T24:00:00+00:00"),
        StampCase(text: "2026-11-23T07:15:00"),
        StampCase(text: "2026-11-23T07:15:00+01:00 "),
        StampCase(text: "2026-1-23T07:15:00+01:00"),
        StampCase(text: "２026-11-23T07:15:00+01:00"),
        StampCase(text: ""),
    ]

    @Test(arguments: stamps)
    func timestampsReadAndWriteAsISO8601WithTheirOffset(_ c: StampCase) {
        let stamp = Timestamp(parsing: c.text)
        #expect(stamp?.epoch == c.epoch)
        #expect(stamp?.text == c.written)
        if let stamp {
            var bytes = ByteText()
            bytes.append(stamp)
            #expect(bytes.text == stamp.text)
        }
    }

    @Test func civilDatesRoundTripAndKnowTheirWeekdays() throws {
        for days in stride(from: -800_000, through: 2_900_000, by: 37) {
            let (year, month, day) = CivilDate.fromDays(days)
            #expect(CivilDate.days(year: year, month: month, day: day) == days)
        }
        #expect(CivilDate.weekday(CivilDate.days(year: 2026, month: 11, day: 23)) == 0, "a Monday")
        #expect(CivilDate.weekday(CivilDate.days(year: 1969, month: 12, day: 28)) == 6, "a Sunday")
        #expect(DayArgument.parseDate("2026-02-29") == nil)
        #expect(try DayArgument.parse("yesterday", option: "--since", today: 100) == 99)
        #expect(throws: ProfileError.self) { try DayArgument.parse("23/11/2026", option: "--since", today: 100) }
    }

    // MARK: Lines

    static func sampleSits() -> [Sit] {
        var generator = SeededGenerator(seed: 15)
        let texts = ["Morning", "禅 Zen 🧘", "a \"quoted\", comma", "tab\there", "line\nbreak", "back\\slash", "\u{1}ctl", "é"]
        return (0..<200).map { index in
            let start = Timestamp(epoch: 1_700_000_000 + index * 7_000, offset: [0, 3600, -18_000, 19_800][index % 4])
            let seconds = Int.random(in: 0...7200, using: &generator)
            return Sit(id: Sit.newID(), start: start, end: Timestamp(epoch: start.epoch + seconds + 30, offset: start.offset),
                       profile: index % 5 == 0 ? nil : texts[index % texts.count], seconds: seconds,
                       plannedSeconds: seconds + Int.random(in: 0...600, using: &generator),
                       outcome: Outcome.allCases[index % 3], bells: index % 7, note: index % 3 == 0 ? texts[(index / 3) % texts.count] : nil)
        }
    }

    /// What the program writes, the strict parser and the fast path read back the same.
    @Test func linesRoundTripThroughBothReaders() throws {
        for sit in Self.sampleSits() {
            let line = Array(sit.line.utf8.dropLast())
            #expect(try SitLine.decode(line) == sit)
            let fast = line.withUnsafeBufferPointer { SitLine.fastDecode($0, 0..<line.count) }
            let escapes = line.contains(UInt8(ascii: "\\"))
            #expect(fast == (escapes ? nil : sit), "the fast path takes only lines without escapes")
        }
    }

    struct BadLine: CustomTestStringConvertible, Sendable {
        var line: String
        var column: Int
        var key: String?
        var message: String
        var testDescription: String { line }
    }

    static let badLines = [
        BadLine(line: #"{"id":"a","start":"2026-11-23T07:15:00Z","seconds":60,"outcome":"done"}"#, column: 65, key: "outcome",
                message: "expected completed, stopped or interrupted"),
        BadLine(line: #"{"id":"a","start":"2026-11-23T07:15:00Z","seconds":-5,"outcome":"completed"}"#, column: 52, key: "seconds",
                message: "expected a whole number"),
        BadLine(line: #"{"id":"a","start":"2026-11-23T07:15:00Z","seconds":1.5,"outcome":"completed"}"#, column: 52, key: "seconds",
                message: "expected a whole number"),
        BadLine(line: #"{"id":"a","start":"yesterday","seconds":60,"outcome":"completed"}"#, column: 19, key: "start",
                message: "expected a time such as"),
        BadLine(line: #"{"id":"a b","start":"2026-11-23T07:15:00Z","seconds":60,"outcome":"completed"}"#, column: 7, key: "id",
                message: "expected an id"),
        BadLine(line: #"{"id":"a","start":"2026-11-23T07:15:00Z","outcome":"completed"}"#, column: 1, key: nil,
                message: "the record has no \"seconds\""),
        BadLine(line: #"{"id":"a","id":"b","start":"2026-11-23T07:15:00Z","seconds":60,"outcome":"completed"}"#, column: 11, key: nil,
                message: "duplicate"),
        BadLine(line: #"{"id":"a","start":"2026-11-23T07:15:00Z","seconds":60,"outcome":"completed",}"#, column: 77, key: nil, message: "unexpected '}'"),
        BadLine(line: "[1, 2]", column: 1, key: nil, message: "expected a record (a JSON object), found an array"),
        BadLine(line: "not json", column: 1, key: nil, message: "where a value was expected"),
    ]

    @Test(arguments: badLines)
    func aLineThatIsNoRecordSaysWhereAndWhat(_ c: BadLine) {
        do {
            _ = try SitLine.decode(Array(c.line.utf8))
            Issue.record("read \(c.line)")
        } catch {
            #expect(error.column == c.column, "\(error.message)")
            #expect(error.key == c.key)
            #expect(error.message.contains(c.message), "\(error.message)")
        }
    }

    @Test func optionalKeysTakeTheirDefaultsAndUnknownKeysAreIgnored() throws {
        let line = #"{ "outcome": "stopped", "seconds": 600, "start": "2026-11-23T07:15:00+01:00", "id": "hand-1", "mood": "calm" }"#
        let sit = try SitLine.decode(Array(line.utf8))
        #expect(sit.end.epoch == sit.start.epoch + 600 && sit.plannedSeconds == 600 && sit.bells == 0)
        #expect(sit.profile == nil && sit.note == nil && sit.outcome == .stopped)
    }

    // MARK: Streaks and stats

    struct StreakCase: CustomTestStringConvertible, Sendable {
        var id: String
        var days: [Int]
        var today: Int
        var current: Int
        var longest: Int
        var testDescription: String { id }
    }

    static let streaks = [
        StreakCase(id: "today, yesterday, the day before, and two 10 days ago", days: [100, 99, 98, 90, 89], today: 100, current: 3, longest: 3),
        StreakCase(id: "without today the streak runs to yesterday", days: [99, 98, 90, 89], today: 100, current: 2, longest: 2),
        StreakCase(id: "a day missed ends it", days: [98, 97], today: 100, current: 0, longest: 2),
        StreakCase(id: "the longest is in the past", days: [100, 50, 51, 52, 53], today: 100, current: 1, longest: 4),
        StreakCase(id: "nothing", days: [], today: 100, current: 0, longest: 0),
        StreakCase(id: "a sit tomorrow does not count today", days: [101], today: 100, current: 0, longest: 1),
    ]

    @Test(arguments: streaks)
    func streaksCountDaysUpToTodayOrYesterday(_ c: StreakCase) {
        let result = JournalStats.streaks(Set(c.days), today: c.today)
        #expect(result.current == c.current && result.longest == c.longest)
    }

    @Test func statsTallyTimeWeeksAndProfiles() {
        let today = CivilDate.days(year: 2026, month: 11, day: 25)  // a Wednesday
        func sit(_ profile: String?, _ seconds: Int) -> Sit {
            Sit(start: Timestamp(epoch: 0, offset: 0), end: Timestamp(epoch: 0, offset: 0), profile: profile, seconds: seconds,
                plannedSeconds: seconds, outcome: .completed, bells: 0, note: nil)
        }
        let sits = [sit("Morning", 1200), sit("Morning", 1800), sit(nil, 600), sit("Evening", 2400), sit("Morning", 100)]
        let days = [today - 9, today - 3, today - 2, today, today]
        let stats = JournalStats(sits: sits, days: days, today: today)
        #expect(stats.sessions == 5 && stats.totalSeconds == 6100 && stats.averageSeconds == 1220 && stats.days == 4)
        #expect(stats.thisWeek == JournalStats.Tally(sessions: 3, seconds: 3100), "Monday the 23rd to today")
        #expect(stats.lastWeek == JournalStats.Tally(sessions: 2, seconds: 3000), "the 16th and the 22nd")
        #expect(stats.profiles.map(\.profile) == ["Morning", "Evening", nil])
        #expect(stats.profiles.first?.seconds == 3100)
        #expect(stats.currentStreak == 1 && stats.longestStreak == 2)
    }

    // MARK: The calendar

    @Test func theCalendarHasAMonthRowSevenWeekdaysAndALegendIn80Columns() {
        let today = CivilDate.days(year: 2026, month: 11, day: 25)
        let heatmap = CalendarHeatmap(secondsByDay: [today: 50 * 60, today - 1: 20 * 60, today - 400: 3600], today: today)
        let text = heatmap.render(color: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 }, "\(text)")
        let rows = lines.filter { line in CivilDateNames.weekdays.contains { line.hasPrefix($0) } }
        #expect(rows.count == 7)
        #expect(rows[2].hasSuffix("█"), "Wednesday, today: 50 minutes")
        #expect(rows[1].hasSuffix("▒"), "Tuesday: 20 minutes")
        #expect(rows[3].hasSuffix("·"), "Thursday of last week: nothing; this week's is yet to come")
        #expect(rows[0].count == 5 + 53)
        #expect(lines[0].contains("Dec") && lines[0].contains("Nov"))
        #expect(text.contains("less ·░▒▓█ more"))
        #expect(!text.contains("\u{1B}"))
        #expect(heatmap.render(color: true).contains("\u{1B}[38;5;40m■"))
        #expect(text.contains("1 h 10 min on 2 days of 367 in these 53 weeks"))
    }

    @Test func levelsFollowTheMinutesSat() {
        #expect([0, 1, 14 * 60 + 59, 15 * 60, 30 * 60, 44 * 60, 45 * 60, 300 * 60].map(CalendarHeatmap.level) == [0, 1, 1, 2, 3, 3, 4, 4])
    }

    // MARK: The file

    final class Messages: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ text: String) { lock.withLock { list.append(text) } }
        var all: [String] { lock.withLock { list } }
    }

    @Test func appendsReadBackAndATornTailIsWarnedAboutThenCutOff() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/deep/profile/journal.jsonl"
        let messages = Messages()
        let journal = JournalFile(path: path, report: { messages.add($0) })
        #expect(try journal.read().isEmpty, "no journal yet is an empty one")
        let sits = Array(Self.sampleSits().prefix(3))
        for sit in sits { try journal.append(sit) }
        #expect(try journal.read() == sits)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"id":"torn","sta"#.utf8))
        try handle.close()
        #expect(try journal.read() == sits)
        #expect(messages.all.last?.hasPrefix("warning: \(path):4: ignored an incomplete last line") == true, "\(messages.all)")

        try journal.append(sits[0])
        #expect(messages.all.last?.hasPrefix("notice: \(path):4: cut off an incomplete last line") == true, "\(messages.all)")
        #expect(try journal.read() == sits + [sits[0]])
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 4)
    }

    @Test func aWholeLastLineWithoutItsNewlineIsKept() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/journal.jsonl"
        let sits = Array(Self.sampleSits().prefix(2))
        try Data(String(sits[0].line.dropLast()).utf8).write(to: URL(fileURLWithPath: path))
        let journal = JournalFile(path: path)
        #expect(try journal.read() == [sits[0]])
        try journal.append(sits[1])
        #expect(try journal.read() == sits)
    }

    @Test func anInvalidLineStopsReadingAndDeletingNamingItsPlace() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/journal.jsonl"
        let sits = Array(Self.sampleSits().prefix(2))
        let text = sits[0].line + #"{"id":"x","start":"2026-11-23T07:15:00Z","seconds":"long","outcome":"completed"}"# + "\n" + sits[1].line
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let journal = JournalFile(path: path)
        #expect(throws: ProfileError.document(DocumentError(file: path, line: 2, column: 52, keyPath: "seconds",
                                                            message: "expected a whole number from 0 to 9,999,999, found the string \"long\""))) {
            try journal.read()
        }
        #expect(throws: ProfileError.self) { try journal.delete(id: sits[0].id) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "nothing was written")
    }

    @Test func deleteRemovesOneSitAndKeepsTheOtherLinesByteForByte() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/journal.jsonl"
        let hand = #"{ "id": "by-hand", "start": "2026-11-23T07:15:00Z", "seconds": 60, "outcome": "completed" }"#
        let sits = Array(Self.sampleSits().prefix(3))
        try Data((sits[0].line + hand + "\n" + sits[1].line + sits[2].line).utf8).write(to: URL(fileURLWithPath: path))
        let journal = JournalFile(path: path)
        #expect(try journal.delete(id: sits[1].id) == sits[1])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == sits[0].line + hand + "\n" + sits[2].line)
        #expect(throws: ProfileError.self) { try journal.delete(id: sits[1].id) }
    }

    @Test func theJournalIsFoundAsTheXDGRulesSay() {
        #expect(JournalFile.location(flag: "/j", environment: ["PROFILE_JOURNAL": "/p"]) == "/j")
        #expect(JournalFile.location(flag: nil, environment: ["PROFILE_JOURNAL": "/p", "XDG_DATA_HOME": "/x"]) == "/p")
        #expect(JournalFile.location(flag: nil, environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/x/profile/journal.jsonl")
        #expect(JournalFile.location(flag: nil, environment: ["XDG_DATA_HOME": "x", "HOME": "/h"]) == "/h/.local/share/profile/journal.jsonl")
        #expect(JournalFile.location(flag: nil, environment: ["XDG_DATA_HOME": "", "HOME": "/h"]) == "/h/.local/share/profile/journal.jsonl")
        #expect(JournalFile.location(flag: nil, environment: ["PROFILE_JOURNAL": ""]) == nil)
    }
}

/// The weekday labels of the calendar's rows.
enum CivilDateNames {
    static let weekdays = (0..<7).map(CivilDate.weekdayName)
}
