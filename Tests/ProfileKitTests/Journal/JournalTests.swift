import LocalTime
import Foundation
import Testing
import TestSupport
import TextSupport
import JSON
import ProfileKit
import TableKit
import Breath
@testable import JournalCore
@testable import JournalStore

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
        #expect(CivilDate.parse("2026-02-29") == nil)
        #expect(try DayArgument.parse("yesterday", option: "--since", today: 100) == 99)
        #expect(throws: JournalError.self) { try DayArgument.parse("23/11/2026", option: "--since", today: 100) }
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
                       // Every eleventh an open-ended sit's: no planned length.
                       plannedSeconds: index % 11 == 10 ? nil : seconds + Int.random(in: 0...600, using: &generator),
                       outcome: Outcome.allCases[index % 3], bells: index % 7, note: index % 3 == 0 ? texts[(index / 3) % texts.count] : nil,
                       pausedSeconds: index % 4 == 1 ? Int.random(in: 1...9_999_999, using: &generator) : 0,
                       recovered: index % 6 == 5,
                       // Every seventh paced (issue 48): the breaths a pattern begins in half the sit.
                       breathing: index % 7 == 3 ? breathing(index, seconds: seconds / 2) : nil)
        }
    }

    static func breathing(_ index: Int, seconds: Int) -> SitBreathing {
        let patterns: [BreathPattern] = [.coherent, .box, .fourSevenEight, .cyclicSigh,
                                         try! BreathPattern(inTenths: 55, holdIn: 25, outTenths: 55, holdOut: 25)]
        let pattern = patterns[index % patterns.count]
        return SitBreathing(pattern: pattern.text, breaths: SitBreathing.mostBreaths(seconds: seconds, pattern: pattern), seconds: seconds)
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

    /// The fast path takes what it takes as the strict parser does, and leaves the rest to it: lines
    /// with `pausedSeconds` well and badly written, and lines near them.
    @Test func theFastPathAgreesWithTheStrictParserOnPausedSeconds() throws {
        let head = #"{"id":"0123456789ab","start":"2026-11-23T07:15:00+01:00","end":"2026-11-23T07:55:00+01:00","profile":"Morning","seconds":1800,"plannedSeconds":1800,"outcome":"completed","bells":3,"note":null"#
        let tails = [
            "}", #","pausedSeconds":0}"#, #","pausedSeconds":450}"#, #","pausedSeconds":9999999}"#, #","pausedSeconds":10000000}"#,
            #","pausedSeconds":-1}"#, #","pausedSeconds":1.5}"#, #","pausedSeconds":"7"}"#, #","pausedSeconds":null}"#,
            #","pausedSeconds":012}"#, #","pausedSeconds":1e3}"#, #","pausedSeconds":}"#, #","pausedSeconds":450,"pausedSeconds":450}"#,
            #","pausedSeconds":450 }"#, #","pausedSeconds":450}  "#, #","pausedseconds":450}"#, #","pausedSeconds":450,}"#,
            #","pausedSeconds":99999999999999999999}"#,
            #","recovered":true}"#, #","pausedSeconds":450,"recovered":true}"#, #","recovered":false}"#, #","recovered":true,"pausedSeconds":450}"#,
            #","recovered":True}"#, #","recovered":1}"#, #","recovered":true"#,
        ]
        var taken = 0
        for tail in tails {
            let line = Array((head + tail).utf8)
            let strict = try? SitLine.decode(line)
            let fast = line.withUnsafeBufferPointer { SitLine.fastDecode($0, 0..<line.count) }
            if let fast {
                taken += 1
                #expect(fast == strict, "\(tail)")
            } else if strict != nil {
                // Only what the writer never writes goes the slow way: a space inside the object, a false
                // `recovered`, the keys out of their order.
                #expect([#","pausedSeconds":450 }"#, #","recovered":false}"#, #","recovered":true,"pausedSeconds":450}"#].contains(tail), "\(tail)")
            }
        }
        #expect(taken == 7, "}, 0, 450, the largest, 450 followed by spaces, and recovered alone and after 450")
    }

    struct PausedCase: CustomTestStringConvertible, Sendable {
        var value: String?
        var paused: Int?
        var message: String?
        var testDescription: String { value ?? "(missing)" }
    }

    static let pausedCases = [
        PausedCase(value: nil, paused: 0),
        PausedCase(value: "0", paused: 0),
        PausedCase(value: "125", paused: 125),
        PausedCase(value: "9999999", paused: 9_999_999),
        PausedCase(value: "-1", message: "expected a whole number from 0 to 9,999,999, found the number -1"),
        PausedCase(value: "1.5", message: "expected a whole number from 0 to 9,999,999, found the number 1.5"),
        PausedCase(value: "1e3", message: "expected a whole number from 0 to 9,999,999, found the number 1e3"),
        PausedCase(value: "10000000", message: "expected a whole number from 0 to 9,999,999, found the number 10000000"),
        PausedCase(value: "99999999999999999999", message: "expected a whole number from 0 to 9,999,999, found the number 99999999999999999999"),
        PausedCase(value: #""7""#, message: "expected a whole number from 0 to 9,999,999, found the string \"7\""),
        PausedCase(value: "null", message: "expected a whole number from 0 to 9,999,999, found null"),
    ]

    /// A missing `pausedSeconds` is 0 (every line before it was kept); a present one is a whole number
    /// in range, or the line is refused at the value's column.
    @Test(arguments: pausedCases)
    func pausedSecondsReadAsAWholeNumberOrZero(_ c: PausedCase) throws {
        let base = #"{"id":"a","start":"2026-11-23T07:15:00Z","seconds":600,"outcome":"stopped""#
        let line = base + (c.value.map { #","pausedSeconds":"# + $0 } ?? "") + "}"
        do {
            let sit = try SitLine.decode(Array(line.utf8))
            #expect(sit.pausedSeconds == c.paused && c.message == nil)
            #expect(sit.end.epoch == sit.start.epoch + 600 + sit.pausedSeconds, "without an end, the end is the start plus the time sat and paused")
        } catch {
            #expect(c.paused == nil, "\(error.message)")
            #expect(error.key == "pausedSeconds" && error.column == base.count + 18)
            #expect(error.message == c.message)
        }
    }

    /// A line keeps `pausedSeconds` only when there were pauses, so a sit without them is written as
    /// before; `log --format json` gives it always.
    @Test func pausedSecondsAreWrittenOnlyWhenThereWerePauses() throws {
        var sit = Self.sit(note: nil, profile: "Morning")
        #expect(!sit.line.contains("pausedSeconds"))
        #expect(sit.line.hasSuffix(#""bells":2,"note":null}"# + "\n"))
        sit.pausedSeconds = 450
        #expect(sit.line.hasSuffix(#""bells":2,"note":null,"pausedSeconds":450}"# + "\n"))
        #expect(try SitLine.decode(Array(sit.line.utf8.dropLast())) == sit)
        let calendar = LocalCalendar(zone: .utc)
        let json = JournalRenderer.log([Self.sit(note: nil, profile: nil), sit], format: .json, calendar: calendar)
        #expect(json.contains(#""note": null, "pausedSeconds": 0, "recovered": false, "breathing": null, "activity": null}"#)
                    && json.contains(#""note": null, "pausedSeconds": 450, "recovered": false, "breathing": null, "activity": null}"#), "\(json)")
        let csv = JournalRenderer.log([sit], format: .csv, calendar: calendar)
        #expect(csv.hasPrefix("id,start,end,profile,seconds,plannedSeconds,outcome,bells,note,pausedSeconds,recovered,breathingPattern,breathingBreaths,breathingSeconds,activity\r\n"))
        #expect(csv.hasSuffix(",completed,2,,450,false,,,,\r\n"), "\(csv)")
        let plain = JournalRenderer.log([sit], format: .plain, calendar: calendar)
        #expect(plain.hasSuffix("\tcompleted\t2\t\t450\tfalse\t\t\t\t\n"), "\(plain)")
    }

    /// A line says `recovered` only for a sit logged from the record of a run that was cut off; a line
    /// without it reads as false, and the value must be a boolean. Both readers agree.
    @Test func recoveredIsWrittenOnlyWhenTrueAndReadStrictly() throws {
        var sit = Self.sit(note: nil, profile: "Morning")
        #expect(!sit.line.contains("recovered"))
        sit.recovered = true
        sit.pausedSeconds = 30
        #expect(sit.line.hasSuffix(#""note":null,"pausedSeconds":30,"recovered":true}"# + "\n"))
        let bytes = Array(sit.line.utf8.dropLast())
        #expect(try SitLine.decode(bytes) == sit)
        #expect(bytes.withUnsafeBufferPointer { SitLine.fastDecode($0, 0..<bytes.count) } == sit, "the fast reader takes what a run writes")
        let base = String(Self.sit(note: nil, profile: nil).line.dropLast(2))
        #expect(try SitLine.decode(Array((base + #","recovered":false}"#).utf8)).recovered == false)
        for bad in [#","recovered":1}"#, #","recovered":"true"}"#, #","recovered":null}"#] {
            #expect(throws: SitLine.Problem.self, "\(bad)") { try SitLine.decode(Array((base + bad).utf8)) }
        }
        let table = JournalRenderer.log([sit], format: .table, calendar: LocalCalendar(zone: .utc), options: RenderOptions(width: 80))
        #expect(table.contains("recovered") && !table.contains("completed"), "the table says how the sit was logged")
        #expect(JournalRenderer.log([sit], format: .csv, calendar: LocalCalendar(zone: .utc)).hasSuffix(",30,true,,,,\r\n"))
    }

    /// The table leaves the seconds paused to the other formats, as it leaves the bells.
    @Test func theTableLeavesPausesOut() {
        var sit = Self.sit(note: "a note", profile: "Morning")
        let without = JournalRenderer.log([sit], format: .table, calendar: LocalCalendar(zone: .utc), options: RenderOptions(width: 80))
        sit.pausedSeconds = 450
        #expect(JournalRenderer.log([sit], format: .table, calendar: LocalCalendar(zone: .utc), options: RenderOptions(width: 80)) == without)
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

    @Test func optionalKeysTakeTheirDefaults() throws {
        let line = #"{ "outcome": "stopped", "seconds": 600, "start": "2026-11-23T07:15:00+01:00", "id": "hand-1" }"#
        let sit = try SitLine.decode(Array(line.utf8))
        #expect(sit.end.epoch == sit.start.epoch + 600 && sit.plannedSeconds == 600 && sit.bells == 0)
        #expect(sit.profile == nil && sit.note == nil && sit.outcome == .stopped)
    }

    /// Every other format of the program refuses what it does not use: so does a record.
    @Test func unknownKeysAreRefusedWithTheClosestKnownOne() {
        let base = #"{"id":"a","start":"2026-11-23T07:15:00Z","seconds":60,"outcome":"completed","#
        for (extra, key, hint) in [(#""bogus":1}"#, "bogus", ""), (#""Note":"x"}"#, "Note", " (did you mean \"note\"?)")] {
            do {
                _ = try SitLine.decode(Array((base + extra).utf8))
                Issue.record("read \(extra)")
            } catch {
                #expect(error.column == base.count + 1 && error.key == key)
                #expect(error.message.hasPrefix("unknown key \"\(key)\"\(hint); a record has the keys id, start, end,"), "\(error.message)")
                #expect(error.isWholeJSON)
            }
        }
    }

    /// Twelve digits now; journals with eight-digit ids still read.
    @Test func newIdsHaveTwelveHexDigitsAndOldOnesStillRead() throws {
        let ids = (0..<1000).map { _ in Sit.newID() }
        #expect(ids.allSatisfy { $0.count == 12 && $0.allSatisfy(\.isHexDigit) })
        #expect(Set(ids).count == 1000)
        let old = #"{"id":"3f2a9c1e","start":"2026-11-23T07:15:00Z","seconds":60,"outcome":"completed"}"#
        #expect(try SitLine.decode(Array(old.utf8)).id == "3f2a9c1e")
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

    /// `--profile` matches names ignoring case, so the rows group them so too, spelt as the latest sit
    /// spells them; the sits without a profile come last whatever their time.
    @Test func statsGroupProfilesAsTheFilterMatchesThem() {
        let today = CivilDate.days(year: 2026, month: 11, day: 25)
        func sit(_ profile: String?, _ seconds: Int, at epoch: Int) -> Sit {
            Sit(start: Timestamp(epoch: epoch, offset: 0), end: Timestamp(epoch: epoch, offset: 0), profile: profile, seconds: seconds,
                plannedSeconds: seconds, outcome: .completed, bells: 0, note: nil)
        }
        let sits = [sit("morning", 600, at: 1), sit("MORNING", 600, at: 3), sit("Morning", 600, at: 2), sit(nil, 9000, at: 4),
                    sit("Evening", 1000, at: 5)]
        let stats = JournalStats(sits: sits, days: Array(repeating: today, count: 5), today: today)
        #expect(stats.profiles.map(\.profile) == ["MORNING", "Evening", nil])
        #expect(stats.profiles.map(\.sessions) == [3, 1, 1])
        let table = JournalRenderer.stats(stats, format: .table)
        #expect(table.contains("│ MORNING      │    3 │     30 min │"), "\(table)")
    }

    /// One style of time in the statistics: whole minutes, never seconds beside minutes.
    @Test func statsTimesAreAllInMinutes() {
        #expect([0, 40, 60, 3599, 3600, 11_100].map(JournalRenderer.hoursAndMinutes) == ["0 min", "< 1 min", "1 min", "59 min", "1 h 00 min", "3 h 05 min"])
        let today = CivilDate.days(year: 2026, month: 11, day: 25)
        let sit = Sit(start: Timestamp(epoch: 0, offset: 0), end: Timestamp(epoch: 0, offset: 0), profile: nil, seconds: 1230,
                      plannedSeconds: 1230, outcome: .completed, bells: 0, note: nil)
        let table = JournalRenderer.stats(JournalStats(sits: [sit], days: [today], today: today), format: .table)
        #expect(table.contains("│ average        │ 20 min") && table.contains("last week      │ 0 sits, 0 min"), "\(table)")
        #expect(!table.contains(" s "))
    }

    // MARK: Rendering

    static func sit(note: String?, profile: String?, seconds: Int = 1200, outcome: Outcome = .completed) -> Sit {
        Sit(id: "0123456789ab", start: Timestamp(epoch: 1_795_414_500, offset: 0), end: Timestamp(epoch: 1_795_414_500 + seconds, offset: 0),
            profile: profile, seconds: seconds, plannedSeconds: seconds, outcome: outcome, bells: 2, note: note)
    }

    /// Control characters, bidi overrides and line breaks never reach the terminal from a note or a
    /// name; JSON and CSV keep them exactly.
    @Test func tablesAndPlainLinesEscapeWhatWouldActOnATerminal() throws {
        let calendar = LocalCalendar(zone: .utc)
        let hostile = "a\u{1B}[31mred\u{202E}X\nline\\"
        let sits = [Self.sit(note: hostile, profile: "P\u{7}\u{202E}")]
        for format in [LogFormat.table, .plain] {
            let text = JournalRenderer.log(sits, format: format, calendar: calendar, options: RenderOptions(width: nil))
            #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x202E || $0.value == 0x7F }, "\(format)")
            #expect(text.contains("a\\u{1B}[31mred\\u{202E}X"), "\(format): \(text)")
            #expect(text.contains("P\\u{7}\\u{202E}"), "\(format): \(text)")
            #expect(text.split(separator: "\n").count == (format == .table ? 5 : 1), "one row a sit")
        }
        let stats = JournalRenderer.stats(JournalStats(sits: sits, days: [0], today: 0), format: .table)
        #expect(!stats.unicodeScalars.contains { $0.value == 0x7 || $0.value == 0x202E } && stats.contains("P\\u{7}\\u{202E}"))
        let json = JournalRenderer.log(sits, format: .json, calendar: calendar)
        #expect(json.contains(#""note": "a\u001b[31mred\#u{202E}X\nline\\""#), "\(json)")
        #expect(JournalRenderer.log(sits, format: .csv, calendar: calendar).contains("\"" + hostile + "\""))
    }

    /// DEL and the C1 controls (U+0085 here) are escaped in the journal's own lines and in `log --format
    /// json` exactly as the JSON target escapes them, and both readers read them back.
    @Test func delAndC1ControlsAreEscapedAsTheJSONTargetEscapesThem() throws {
        let note = "next\u{85}line\u{7F}del\u{9F}end"
        let sit = Self.sit(note: note, profile: "P\u{80}")
        let line = sit.line
        #expect(line.contains(#""note":"next\u0085line\u007fdel\u009fend""#), "\(line)")
        #expect(line.contains(#""profile":"P\u0080""#), "\(line)")
        #expect(!line.unicodeScalars.contains { $0.value == 0x7F || (0x80...0x9F).contains($0.value) })
        var expected = ""
        JSONWriter.appendString(note, to: &expected)
        #expect(line.contains(expected))
        let bytes = Array(line.utf8.dropLast())
        #expect(try SitLine.decode(bytes) == sit)
        let json = JournalRenderer.log([sit], format: .json, calendar: LocalCalendar(zone: .utc))
        #expect(json.contains(#""note": "next\u0085line\u007fdel\u009fend""#), "\(json)")
        // Text with nothing to escape, including other non-ASCII text, takes the fast path unchanged.
        for plain in ["Morning", "禅 Zen 🧘", "é \u{A0} \u{C2}"] { #expect(JSONWriter.isPlain(plain), "\(plain)") }
        for escaped in ["\u{7F}", "\u{80}", "\u{9F}", "\"", "\\", "\u{1}"] { #expect(!JSONWriter.isPlain(escaped)) }
    }

    struct WidthCase: CustomTestStringConvertible, Sendable {
        var id: String
        var sits: [Sit]
        var testDescription: String { id }
    }

    static let widthCases = [
        WidthCase(id: "a profile name", sits: [sit(note: nil, profile: "Morning")]),
        WidthCase(id: "an hour-long interrupted sit", sits: [sit(note: "n", profile: "Morning", seconds: 3700, outcome: .interrupted)]),
        WidthCase(id: "a long name and a long note", sits: [sit(note: String(repeating: "note ", count: 30), profile: String(repeating: "Long", count: 12))]),
        WidthCase(id: "a long name, no note", sits: [sit(note: nil, profile: String(repeating: "禅", count: 40), seconds: 36_000)]),
    ]

    /// The default table fits the width it is given: the note and the profile give up space.
    @Test(arguments: widthCases)
    func theLogTableFitsTheWidthGiven(_ c: WidthCase) {
        for width in [80] {
            let text = JournalRenderer.log(c.sits, format: .table, calendar: LocalCalendar(zone: .utc), options: RenderOptions(width: width))
            let lines = text.split(separator: "\n")
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(width):\n\(text)")
            #expect(lines[1].contains("│ id") && lines[3].contains(c.sits[0].id), "\(text)")
        }
        let whole = JournalRenderer.log(c.sits, format: .table, calendar: LocalCalendar(zone: .utc), options: RenderOptions(width: nil))
        #expect(c.sits[0].profile.map { whole.contains($0) } ?? true, "without a width nothing is cut")
    }

    @Test func aFilterThatLeavesNoSitSaysSoAndNamesIt() {
        let calendar = LocalCalendar(zone: .utc)
        #expect(JournalRenderer.log([], format: .table, calendar: calendar, filter: "--profile \"Evening\"") == "no sits match --profile \"Evening\"\n")
        #expect(JournalRenderer.log([], format: .table, calendar: calendar).hasPrefix("no sits logged; a run logs one"))
        #expect(JournalRenderer.stats(JournalStats(sits: [], days: [], today: 0), format: .table, filter: "--since 2026-01-01") == "no sits match --since 2026-01-01\n")
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
        func clear() { lock.withLock { list.removeAll() } }
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
        #expect(messages.all.last?.hasPrefix("notice: \(path):4: moved a last line with no newline that is no record (17 bytes) to ") == true, "\(messages.all)")
        #expect(try journal.read() == sits + [sits[0]])
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 4)
        let journalFolder = (path as NSString).deletingLastPathComponent
        let aside = try FileManager.default.contentsOfDirectory(atPath: journalFolder).filter { $0.contains(".damaged-") }
        #expect(aside.count == 1)
        #expect(try aside.first.map { try String(contentsOfFile: "\(journalFolder)/\($0)", encoding: .utf8) } == #"{"id":"torn","sta"#)
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
        #expect(throws: JournalError.document(DocumentError(file: path, line: 2, column: 52, keyPath: "seconds",
                                                            message: "expected a whole number from 0 to 9,999,999, found the string \"long\"; run 'profile log repair' to move damaged lines aside"))) {
            try journal.read()
        }
        #expect(throws: JournalError.self) { try journal.delete(id: sits[0].id) }
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
        #expect(try journal.delete(id: sits[1].id) == nil, "gone: nil, which the command reports as missing (66)")
    }

    func journal(_ text: String, messages: Messages = Messages()) throws -> (JournalFile, String) {
        let folder = try makeTemporaryDirectory()
        let path = "\(folder)/journal.jsonl"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (JournalFile(path: path, report: { messages.add($0) }), path)
    }

    /// No crash leaves a whole JSON object: a last line that is one but not a record was written by
    /// hand, and is invalid (reported), not torn; an append moves it, byte for byte, to a damaged-lines
    /// file, and says so.
    @Test func aWholeJSONLastLineThatIsNoRecordIsInvalidNotTorn() throws {
        let sits = Array(Self.sampleSits().prefix(2))
        let hand = #"{"id":"x","start":"2026-11-23T07:15:00Z","seconds":60,"outcome":"complete"}"#
        let messages = Messages()
        let (journal, path) = try journal(sits[0].line + hand, messages: messages)
        #expect(throws: JournalError.document(DocumentError(file: path, line: 2, column: 65, keyPath: "outcome",
                                                            message: "expected completed, stopped or interrupted, found \"complete\"; run 'profile log repair' to move damaged lines aside"))) {
            try journal.read()
        }
        try journal.append(sits[1])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == sits[0].line + sits[1].line)
        #expect(messages.all.count == 1 && messages.all[0].hasPrefix("notice: \(path):2: moved a last line with no newline that is no record (\(hand.utf8.count) bytes) to "), "\(messages.all)")
        let folder = (path as NSString).deletingLastPathComponent
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".damaged-") }
        #expect(try aside.map { try String(contentsOfFile: "\(folder)/\($0)", encoding: .utf8) } == [hand], "moved, byte for byte")
        #expect(try journal.read() == sits)
    }

    @Test func aOneByteFragmentIsOneByte() throws {
        let messages = Messages()
        let (journal, _) = try journal(Self.sampleSits()[0].line + "{", messages: messages)
        _ = try journal.read()
        #expect(messages.all.last?.contains("(1 byte with no newline") == true, "\(messages.all)")
    }

    /// Two sits with one id: `log delete` cannot tell which is meant, so it refuses, naming both lines.
    @Test func anIdTwoSitsShareIsRefusedByDeleteNamingTheirLines() throws {
        var sits = Array(Self.sampleSits().prefix(3))
        sits[2].id = sits[0].id
        let text = sits.map(\.line).joined()
        let (journal, path) = try journal(text)
        let expected = JournalError.document(DocumentError(file: path, line: 1, message: "2 sits have the id \"\(sits[0].id)\", on lines 1 and 3; give all but one of them another id by hand (1 to 64 letters, digits, '-' or '_') to delete one"))
        #expect(throws: expected) { try journal.delete(id: sits[0].id) }
        #expect(throws: expected) { try journal.sit(id: sits[0].id) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        #expect(try journal.sit(id: sits[1].id) == sits[1])
    }

    /// A FIFO would block a reader for ever and `/dev/zero` never ends: anything but a regular file is
    /// refused before it is read, and before a session when it is to be appended to.
    @Test func aJournalThatIsNoRegularFileIsRefusedAtOnce() throws {
        let folder = try makeTemporaryDirectory()
        let fifo = "\(folder)/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [(fifo, "a FIFO (named pipe)"), ("/dev/zero", "a character device"), (folder, "a folder")] {
            let journal = JournalFile(path: path)
            let expected = JournalError.document(DocumentError(file: path, message: "is \(kind), not a regular file; the journal must be a file of lines (use --journal FILE or PROFILE_JOURNAL to name another)"))
            #expect(throws: expected) { try journal.read() }
            #expect(throws: expected) { try journal.prepare() }
            #expect(throws: expected) { try journal.append(Self.sampleSits()[0]) }
        }
        let fresh = JournalFile(path: "\(folder)/new/journal.jsonl")
        try fresh.prepare()
        let info = try FileManager.default.attributesOfItem(atPath: "\(folder)/new/journal.jsonl")
        #expect(info[.posixPermissions] as? Int == 0o600 && info[.size] as? Int == 0)
    }

    /// A record the strict reader would refuse is never written: it would stop every reading command.
    @Test func anAppendRefusesARecordItCouldNotReadBack() throws {
        let (journal, path) = try journal("")
        var sit = Self.sampleSits()[1]
        sit.end = Timestamp(epoch: CivilDate.days(year: 10_000, month: 1, day: 1) * 86_400 + 60, offset: 0)
        #expect(throws: JournalError.self) { try journal.append(sit) }
        sit = Self.sampleSits()[1]
        sit.start.offset = 24 * 3600 + 59 * 60
        #expect(throws: JournalError.self) { try journal.append(sit) }
        #expect(try String(contentsOfFile: path, encoding: .utf8).isEmpty)
        do {
            try journal.append(sit)
        } catch {
            #expect(error.category == .usage, "\(error)")
        }
    }

    /// What runs just before the write can stop it: the command prints there, so that output that
    /// cannot be written changes nothing.
    @Test func aFailureJustBeforeTheWriteChangesNothing() throws {
        let sits = Array(Self.sampleSits().prefix(2))
        let (journal, path) = try journal(sits[0].line)
        let failure = ProfileError.io(path: "<stdout>", operation: "write", errno: ENOSPC)
        #expect(throws: JournalError.refused(CarriedError(failure))) { try journal.append(sits[1]) { () throws(ProfileError) in throw failure } }
        #expect(throws: JournalError.refused(CarriedError(failure))) { _ = try journal.delete(id: sits[0].id) { (_: Sit) throws(ProfileError) in throw failure } }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == sits[0].line)
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
