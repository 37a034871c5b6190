import LocalTime
import Foundation
import Testing
import ProfileKit
@testable import JournalCore
@testable import JournalStore
import TextSupport

/// Issue 50, item 9, in process: an Insight Timer file's dates are read one way throughout (day-first when
/// a first number is over 12, month-first when a second is, both refused naming the two rows, neither
/// month-first unless `--dates` says otherwise); a row's activity other than Meditation is kept on the sit
/// (`activity`), read strictly by both readers of the journal, given by every format and written back by
/// the Insight Timer export; `--activity` takes only the rows of an activity.
@Suite("Journal: Insight Timer's dates and activities")
struct ImportDatesAndActivitiesTests {
    /// Later than every sit here: none is still to come.
    static let now = 1_900_000_000
    static let header = "Started At,Duration,Preset,Activity\r\n"

    /// The local starts of `rows` (Started At fields) read as one file, `2026-11-25 08:00`, or the
    /// refusal's text; and the notes the read made.
    static func starts(_ rows: [String], dates: JournalImport.DateOrder? = nil) -> (starts: [String], notes: [String], error: String?) {
        let text = header + rows.map { "\($0),0:20:0,,Meditation\r\n" }.joined()
        do {
            let read = try JournalImport.read(Array(text.utf8), path: "dates.csv", calendar: LocalCalendar(zone: .utc), now: now,
                                              options: JournalImport.Options(dates: dates))
            return (read.sits.map { LocalCalendar(zone: .utc).dateAndTime($0.start.epoch) }, read.warnings, nil)
        } catch {
            return ([], [], error.description)
        }
    }

    /// A file's rows and how they are read.
    struct DatesCase: CustomTestStringConvertible, Sendable {
        var id: String
        var rows: [String]
        var dates: JournalImport.DateOrder? = nil
        /// The local starts, or nil for a refusal.
        var starts: [String]?
        /// What the refusal, or the note, says (a prefix); nil: no note.
        var says: String? = nil
        var testDescription: String { id }
    }

    static let datesCases: [DatesCase] = [
        DatesCase(id: "a first number over 12 reads the whole file day-first", rows: ["03/11/2026 07:00:00", "25/11/2026 08:00:00"],
                  starts: ["2026-11-03 07:00", "2026-11-25 08:00"]),
        DatesCase(id: "a second number over 12 reads it month-first", rows: ["03/11/2026 07:00:00", "11/25/2026 08:00:00"],
                  starts: ["2026-03-11 07:00", "2026-11-25 08:00"]),
        DatesCase(id: "both are refused at the row that makes it so, naming the other",
                  rows: ["25/11/2026 08:00:00", "03/11/2026 07:00:00", "11/26/2026 08:00:00"], starts: nil,
                  says: "dates.csv:4:1: Started At: \"11/26/2026 08:00:00\" reads only month-first, and line 2's \"25/11/2026 08:00:00\" only day-first: a file's dates are read one way (MM/DD/YYYY or DD/MM/YYYY); mend the row that is not as the others"),
        DatesCase(id: "neither reads month-first, as Insight Timer's US export, and says so", rows: ["03/11/2026 07:00:00", "4/5/2026 6:30:00 AM"],
                  starts: ["2026-03-11 07:00", "2026-04-05 06:30"],
                  says: "note: dates.csv: no date's day or month is over 12, so its dates could be either MM/DD/YYYY or DD/MM/YYYY: read month-first, as Insight Timer's US export writes them; --dates day-first reads them the other way"),
        DatesCase(id: "neither with --dates day-first reads day-first, unsaid", rows: ["03/11/2026 07:00:00", "4/5/2026 6:30:00 AM"], dates: .dayFirst,
                  starts: ["2026-11-03 07:00", "2026-05-04 06:30"]),
        DatesCase(id: "dates alike either way need no note", rows: ["04/04/2026 07:00:00", "11/11/2026 07:00:00"],
                  starts: ["2026-04-04 07:00", "2026-11-11 07:00"]),
        DatesCase(id: "--dates month-first refuses a row that reads only day-first", rows: ["03/11/2026 07:00:00", "25/11/2026 08:00:00"], dates: .monthFirst,
                  starts: nil, says: "dates.csv:3:1: Started At: \"25/11/2026 08:00:00\" is no date read month-first (MM/DD/YYYY, as --dates month-first says): there is no month 25"),
        DatesCase(id: "a day the calendar lacks, read as the file is", rows: ["25/11/2026 08:00:00", "31/04/2026 08:00:00"],
                  starts: nil, says: "dates.csv:3:1: Started At: \"31/04/2026 08:00:00\" is no date read day-first (DD/MM/YYYY, as line 2's \"25/11/2026 08:00:00\" shows): month 4 of 2026 has no day 31"),
        DatesCase(id: "the same month-first", rows: ["02/30/2026 08:00:00"],
                  starts: nil, says: "dates.csv:2:1: Started At: \"02/30/2026 08:00:00\" is no date read month-first (MM/DD/YYYY, as line 2's \"02/30/2026 08:00:00\" shows): month 2 of 2026 has no day 30"),
        DatesCase(id: "no month in it at all", rows: ["13/13/2026 08:00:00"],
                  starts: nil, says: "dates.csv:2:1: Started At: \"13/13/2026 08:00:00\" has no month: neither of its first two numbers is 12 or under"),
        DatesCase(id: "a number over 31 is no date", rows: ["32/11/2026 08:00:00"],
                  starts: nil, says: "dates.csv:2:1: Started At: expected a local time as MM/DD/YYYY HH:MM:SS or DD/MM/YYYY HH:MM:SS"),
    ]

    @Test(arguments: datesCases)
    func datesAreReadOneWayForTheWholeFile(_ c: DatesCase) {
        let read = Self.starts(c.rows, dates: c.dates)
        if let starts = c.starts {
            #expect(read.error == nil, "\(read.error ?? "")")
            #expect(read.starts == starts)
            if let says = c.says {
                #expect(read.notes.count == 1 && read.notes.first?.hasPrefix(says) == true, "\(read.notes)")
            } else {
                #expect(read.notes.isEmpty, "\(read.notes)")
            }
        } else {
            #expect(read.error?.hasPrefix(c.says ?? "-") == true, "\(read.error ?? "read: \(read.starts)")")
        }
    }

    /// The numbers of a time, before the file says which is the month.
    @Test func aTimesFieldsAreReadBeforeTheirOrder() {
        #expect(JournalImport.localTimeFields("25/11/2026 8:00:00 PM") == JournalImport.LocalTimeFields(firstNumber: 25, secondNumber: 11, year: 2026, hour: 20, minute: 0, seconds: 0))
        #expect(JournalImport.localTimeParts("25/11/2026 08:00:00", order: .dayFirst)?.month == 11)
        #expect(JournalImport.localTimeParts("25/11/2026 08:00:00") == nil, "month-first, 25 is no month")
        for refused in ["0/11/2026 08:00:00", "11/0/2026 08:00:00", "11/32/2026 08:00:00", "25.11.2026 08:00:00"] {
            #expect(JournalImport.localTimeFields(refused) == nil, "\(refused)")
        }
    }

    // MARK: activities

    /// A day-first file with a Yoga row, as a European phone writes one.
    static let european = header + "25/11/2026 07:00:00,0:20:0,Morning,Meditation\r\n26/11/2026 18:30:00,1:0:0,,Yoga\r\n"
        + "27/11/2026 07:00:00,0:15:0,Morning,meditation\r\n"

    static func read(_ text: String, activities: [String] = []) throws(JournalError) -> JournalImport.Read {
        try JournalImport.read(Array(text.utf8), path: "european.csv", calendar: LocalCalendar(zone: .utc), now: now,
                               options: JournalImport.Options(activities: activities))
    }

    @Test func anActivityOtherThanMeditationIsKeptOnTheSitNotAsANote() throws {
        let read = try Self.read(Self.european)
        #expect(read.sits.map(\.activity) == [nil, "Yoga", nil], "Meditation, in any case, is none")
        #expect(read.sits.allSatisfy { $0.note == nil })
        #expect(read.otherActivities == 0)
        let both = try Self.read(Self.european, activities: ["meditation", "yoga"])
        #expect(both.sits == read.sits && both.lines == read.lines)
        #expect(both.activities.map(\.name) == ["Meditation", "Yoga"] && both.activities.map(\.count) == [2, 1])
    }

    /// What Insight Timer's export of the journal writes is the file it came from, but for its padding:
    /// the activity as it came, the dates month-first.
    @Test func theInsightTimerExportGivesTheActivityBack() throws {
        let sits = try Self.read(Self.european).sits
        let exported = JournalRenderer.log(sits, format: .insightTimer, calendar: LocalCalendar(zone: .utc))
        #expect(exported == Self.header + "11/25/2026 07:00:00,0:20:0,Morning,Meditation\r\n11/26/2026 18:30:00,1:0:0,,Yoga\r\n"
                    + "11/27/2026 07:00:00,0:15:0,Morning,Meditation\r\n")
        #expect(try Self.read(exported).sits == sits, "read back, the same sits")
    }

    @Test func activityFiltersTheRowsAfterCheckingEveryOne() throws {
        let yoga = try Self.read(Self.european, activities: ["yoga"])
        #expect(yoga.sits.map(\.activity) == ["Yoga"] && yoga.lines == [3] && yoga.otherActivities == 2)
        let meditation = try Self.read(Self.european, activities: ["MEDITATION"])
        #expect(meditation.sits.count == 2 && meditation.otherActivities == 1)
        let both = try Self.read(Self.european, activities: ["Meditation", "Yoga"])
        #expect(both.sits.count == 3 && both.otherActivities == 0)
        // A bad row of another activity still stops the file.
        #expect(throws: JournalError.self) { try Self.read(Self.european + "28/11/2026 07:00:00,x,,Walking\r\n", activities: ["Yoga"]) }
        // The summary counts them.
        var imported = JournalFile.Imported()
        imported.added = yoga.sits
        #expect(imported.summary(empty: 0, otherActivities: 2, dryRun: false, calendar: LocalCalendar(zone: .utc)) == "added 1 sit, left out 2 rows of other activities\n")
        #expect(imported.summary(empty: 1, otherActivities: 1, dryRun: true, calendar: LocalCalendar(zone: .utc)).hasSuffix("would add 1 sit, leave out 1 row of no length and 1 row of other activities\n"))
    }

    @Test func anActivityThatTakesNoRowIsToldWhatTheFilesHold() throws {
        let folder = try TemporaryDirectory()
        try folder.write("european.csv", Self.european)
        var notes: [String] = []
        let gathered = try JournalImport.gather(["\(folder.path)/european.csv"], calendar: LocalCalendar(zone: .utc), now: Self.now,
                                                options: JournalImport.Options(activities: ["Yogaa"])) { notes.append($0) }
        #expect(gathered.sits.isEmpty && gathered.otherActivities == 3)
        #expect(notes == ["note: no row is of the activity \"Yogaa\" (did you mean \"Yoga\"?); the files hold Meditation (2 rows), Yoga (1 row)"])
        // Bounded whatever the files hold: ten activities, each cut, then how many more.
        let many = (1...12).map { (name: String(repeating: "x", count: 50) + "\($0)", count: 1) }
        let said = JournalImport.noneOfTheActivities(["Yoga"], found: many)
        #expect(said.hasSuffix(" (1 row) and 2 more") && said.components(separatedBy: " (1 row)").count == 11 && said.utf8.count < 1024, "\(said)")
        #expect(throws: JournalError.self) { try JournalImport.checkActivities(["\u{1B}[31m"]) }
        #expect(throws: JournalError.self) { try JournalImport.checkActivities(["  "]) }
        #expect(try JournalImport.checkActivities([" Yoga "]) == ["Yoga"])
    }

    // MARK: the journal's activity

    static let yogaSit = Sit(id: "it0abc", start: Timestamp(epoch: 1_795_000_000, offset: 3600), end: Timestamp(epoch: 1_795_003_600, offset: 3600),
                             profile: nil, seconds: 3600, plannedSeconds: 3600, outcome: .completed, bells: 0, note: "a note", activity: "Yoga")

    static func bothReaders(_ line: String) -> (fast: Sit?, strict: Result<Sit, SitLine.Problem>) {
        let bytes = Array(line.utf8)
        let fast = bytes.withUnsafeBufferPointer { SitLine.fastDecode($0, 0..<bytes.count) }
        return (fast, Result { () throws(SitLine.Problem) in try SitLine.decode(bytes) })
    }

    @Test func theActivityIsWrittenLastOnlyWhenThereIsOneAndBothReadersTakeIt() throws {
        let line = Self.yogaSit.line
        #expect(line.hasSuffix(",\"note\":\"a note\",\"activity\":\"Yoga\"}\n"), "\(line)")
        let read = Self.bothReaders(String(line.dropLast()))
        #expect(read.fast == Self.yogaSit)
        #expect(try read.strict.get() == Self.yogaSit)
        var meditation = Self.yogaSit
        meditation.activity = nil
        #expect(!meditation.line.contains("activity"), "a meditation's line is the one earlier versions wrote")
        // A line of before the key reads as a meditation; null too.
        let old = #"{"id":"aaaaaaaaaaaa","start":"2026-04-10T08:00:00Z","seconds":600,"outcome":"completed"}"#
        #expect(try SitLine.decode(Array(old.utf8)).activity == nil)
        #expect(try SitLine.decode(Array(old.dropLast().appending(#","activity":null}"#).utf8)).activity == nil)
        // Every format gives it.
        var text = ByteText(capacity: 200)
        Self.yogaSit.write(to: &text, spaced: true, everyKey: true)
        #expect(text.text.hasSuffix(", \"activity\": \"Yoga\"}"))
        var none = ByteText(capacity: 200)
        meditation.write(to: &none, spaced: true, everyKey: true)
        #expect(none.text.hasSuffix(", \"breathing\": null, \"activity\": null}"))
        let calendar = LocalCalendar(zone: .utc)
        #expect(Sit.columns.last == "activity")
        #expect(JournalRenderer.log([Self.yogaSit], format: .plain, calendar: calendar).hasSuffix("\t\t\t\tYoga\n"))
        #expect(JournalRenderer.log([Self.yogaSit], format: .csv, calendar: calendar).hasSuffix(",,,,Yoga\r\n"))
        #expect(JournalRenderer.log([Self.yogaSit], format: .table, calendar: calendar).contains("Yoga · a note"))
        #expect(JournalRenderer.describe(Self.yogaSit, calendar: calendar).hasSuffix("completed, activity Yoga: \"a note\""))
        // The CSV reads back with it.
        let csv = JournalRenderer.log([Self.yogaSit, meditation], format: .csv, calendar: calendar)
        let back = try JournalImport.read(Array(csv.utf8), path: "own.csv", calendar: calendar, now: Self.now)
        #expect(back.sits == [Self.yogaSit, meditation])
    }

    @Test(arguments: [("\"Meditation\"", "expected an activity other than Meditation"), ("\"meditation\"", "expected an activity other than Meditation"),
                      ("\"\"", "expected an activity such as \"Yoga\": it is empty"), ("\" Yoga\"", "expected an activity without spaces around it"),
                      ("\"Yo\\u001bga\"", "expected text without control or invisible characters"), ("\"Yo\u{200B}ga\"", "expected text without control or invisible characters"),
                      ("3", "expected a string or null")])
    func anActivityNoRowWouldGiveIsRefusedByBothReaders(_ value: String, _ says: String) {
        let line = #"{"id":"aaaaaaaaaaaa","start":"2026-04-10T08:00:00Z","end":"2026-04-10T08:10:00Z","profile":null,"seconds":600,"plannedSeconds":600,"outcome":"completed","bells":0,"note":null,"activity":"# + value + "}"
        let read = Self.bothReaders(line)
        #expect(read.fast == nil, "the fast reader leaves it to the strict one")
        switch read.strict {
        case .success: Issue.record("\(value) was read")
        case let .failure(problem):
            #expect(problem.key == "activity" && problem.message.hasPrefix(says) && problem.column == 187, "\(problem) at \(problem.column)")
        }
    }
}
