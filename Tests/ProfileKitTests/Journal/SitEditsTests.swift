import LocalTime
import Foundation
import Testing
import TestSupport
import ProfileKit
@testable import JournalCore
@testable import JournalStore

/// The rules of sits added and edited by hand, `--start`'s grammar and the journal's side of a run, in
/// process with the clock handed in (they once lived in the executable, where only a process start
/// could test them).
@Suite("Sits added, edited and logged by a run")
struct SitEditsTests {
    /// 2026-11-23T12:00:00Z, a Monday: the tests' "now".
    static let now = 1_795_435_200

    struct StartCase: CustomTestStringConvertible, Sendable {
        var start: String
        var expected: String
        var testDescription: String { start }
    }

    static let starts = [
        StartCase(start: "00:00", expected: "2026-11-23T00:00:00+00:00"),
        StartCase(start: "0:30", expected: "2026-11-23T00:30:00+00:00"),
        StartCase(start: "yesterday 06:00", expected: "2026-11-22T06:00:00+00:00"),
        StartCase(start: "today 00:15:30", expected: "2026-11-23T00:15:30+00:00"),
        StartCase(start: "2026-11-20 07:15", expected: "2026-11-20T07:15:00+00:00"),
        StartCase(start: "2026-11-20T07:15:09", expected: "2026-11-20T07:15:09+00:00"),
        StartCase(start: " 2026-11-20T07:15:00+01:00 ", expected: "2026-11-20T06:15:00+00:00"),
        StartCase(start: "2026-11-21T07:15:00Z", expected: "2026-11-21T07:15:00+00:00"),
    ]

    /// `--start` as people say it: a time of today, yesterday's, a date and time, all local; ISO 8601
    /// with an offset names a moment.
    @Test(arguments: starts)
    func aStartAsPeopleSayIt(_ c: StartCase) throws {
        let calendar = LocalCalendar(zone: .utc)
        let epoch = try StartArgument.parse(c.start, calendar: calendar, now: Self.now)
        #expect(calendar.timestamp(epoch).text == c.expected)
    }

    @Test(arguments: ["25:00", "6", "06:5", "tomorrow 06:00", "2026-13-01 06:00", "06:00 extra words", "yesterday", "", "06:00:60", "123:00"])
    func aStartThatIsNoTimeIsRefused(_ start: String) {
        #expect(throws: JournalError.invalidOption(start, option: "--start", accepted: StartArgument.accepted)) {
            try StartArgument.parse(start, calendar: LocalCalendar(zone: .utc), now: Self.now)
        }
    }

    @Test func anAddedSitHasEndedAndLastsASecondToADay() throws {
        let calendar = LocalCalendar(zone: .utc)
        let sit = try Sit.added(start: "11:00", duration: "20m", profile: "Morning", note: "calm", calendar: calendar, now: Self.now, zoneName: nil)
        #expect(sit.start.text == "2026-11-23T11:00:00+00:00" && sit.end.text == "2026-11-23T11:20:00+00:00")
        #expect(sit.seconds == 1200 && sit.plannedSeconds == 1200 && sit.outcome == .completed && sit.bells == 0)
        #expect(sit.profile == "Morning" && sit.note == "calm")
        // Without --start it ended now.
        let ended = try Sit.added(start: nil, duration: "1h", profile: nil, note: nil, calendar: calendar, now: Self.now, zoneName: nil)
        #expect(ended.end.epoch == Self.now && ended.start.epoch == Self.now - 3600)

        #expect(throws: JournalError.invalidOption("13:00", option: "--start", accepted: "a time that has come: a sit is logged once it has happened")) {
            try Sit.added(start: "13:00", duration: "20m", profile: nil, note: nil, calendar: calendar, now: Self.now, zoneName: nil)
        }
        #expect(throws: JournalError.invalidOption("20m", option: "--duration", accepted: "a length that has passed since --start: a sit is logged once it has ended")) {
            try Sit.added(start: "11:50", duration: "20m", profile: nil, note: nil, calendar: calendar, now: Self.now, zoneName: nil)
        }
        for length in ["0", "25h"] {
            #expect(throws: JournalError.self) {
                try Sit.added(start: nil, duration: length, profile: nil, note: nil, calendar: calendar, now: Self.now, zoneName: nil)
            }
        }
        #expect(throws: JournalError.self) {
            try Sit.added(start: nil, duration: "20m", profile: nil, note: "a\u{1B}[31m", calendar: calendar, now: Self.now, zoneName: nil)
        }
    }

    static func sit(seconds: Int = 1200, planned: Int? = 1200, paused: Int = 0) -> Sit {
        Sit(id: "0123456789ab", start: Timestamp(epoch: now - 7200, offset: 0), end: Timestamp(epoch: now - 7200 + seconds + paused, offset: 0),
            profile: "Morning", seconds: seconds, plannedSeconds: planned, outcome: .completed, bells: 2, note: "n", pausedSeconds: paused)
    }

    func edit(start: String? = nil, duration: String? = nil, profile: String? = nil, noProfile: Bool = false,
              note: String? = nil, noNote: Bool = false) throws -> Sit.Edit {
        try Sit.Edit(id: "0123456789ab", start: start, duration: duration, profile: profile, noProfile: noProfile, note: note,
                     noNote: noNote, calendar: LocalCalendar(zone: .utc), now: Self.now)
    }

    /// The end moves with the start and the length (pauses kept); a planned length that was the length
    /// follows it, and no sit is sat longer than planned; an open-ended sit stays open.
    @Test func anEditMovesTheEndAndKeepsThePlanHonest() throws {
        let calendar = LocalCalendar(zone: .utc)
        let moved = try Self.sit(paused: 60).edited(try edit(start: "09:00"), calendar: calendar, now: Self.now, zoneName: nil)
        #expect(moved.start.text == "2026-11-23T09:00:00+00:00" && moved.end.text == "2026-11-23T09:21:00+00:00")
        let longer = try Self.sit().edited(try edit(duration: "30m"), calendar: calendar, now: Self.now, zoneName: nil)
        #expect(longer.seconds == 1800 && longer.plannedSeconds == 1800)
        let shorterOfALongerPlan = try Self.sit(seconds: 1200, planned: 2400).edited(try edit(duration: "10m"), calendar: calendar, now: Self.now, zoneName: nil)
        #expect(shorterOfALongerPlan.seconds == 600 && shorterOfALongerPlan.plannedSeconds == 2400)
        let open = try Self.sit(planned: nil).edited(try edit(duration: "40m"), calendar: calendar, now: Self.now, zoneName: nil)
        #expect(open.plannedSeconds == nil && open.seconds == 2400)
        let renamed = try Self.sit().edited(try edit(noProfile: true, note: "new"), calendar: calendar, now: Self.now, zoneName: nil)
        #expect(renamed.profile == nil && renamed.note == "new" && renamed.start == Self.sit().start)
        #expect(throws: JournalError.self) {
            try Self.sit().edited(try edit(start: "11:50"), calendar: calendar, now: Self.now, zoneName: nil)
        }
        #expect(throws: JournalError.invalidOption("0123456789ab", option: "log edit", accepted: "at least one of --start, --duration, --profile, --no-profile, --note, --no-note")) {
            try edit()
        }
        #expect(throws: JournalError.invalidOption("P", option: "--profile", accepted: "no --profile with --no-profile")) {
            try edit(profile: "P", noProfile: true)
        }
    }

    /// The journal's side of a run, over a real temporary folder and a clock that the test moves.
    @Test func aRunLogsItsSitOnceItHasEndedAndSaysWhy() throws {
        let home = try makeTemporaryDirectory()
        let journal = JournalFile(path: "\(home)/journal.jsonl", lockTimeout: 1)
        nonisolated(unsafe) var clock = Self.now
        nonisolated(unsafe) var warnings: [String] = []
        nonisolated(unsafe) var recovered = 0
        func open(log: Bool?, speed: Double) throws -> RunLog {
            try RunLog(log: log, journal: { journal }, note: "quiet", speed: speed, profile: "Morning", total: 1200, zoneName: nil,
                       recordFolder: "\(home)/state", calendar: LocalCalendar(zone: .utc), now: { clock }, recover: { _ in recovered += 1 }, warn: { warnings.append($0) })
        }
        // At another speed, not logged unless asked: said once.
        let fast = try open(log: nil, speed: 60)
        #expect(fast.progress == nil)
        #expect(try fast.finish(outcome: .completed, elapsed: 1200, bells: 3, pausedSeconds: 0) == "not logged: a run at --speed 60 is logged only with --log")
        #expect(try open(log: false, speed: 60).finish(outcome: .completed, elapsed: 1200, bells: 3, pausedSeconds: 0) == nil)
        #expect(!FileManager.default.fileExists(atPath: journal.path) && recovered == 0)

        // Logged: the record of the sit in progress is kept while it lasts, and removed once logged.
        let run = try open(log: nil, speed: 1)
        #expect(recovered == 1)
        let record = try #require(run.progress)
        #expect(record.save(elapsed: 600, pausedSeconds: 0, bellsRung: 1) == nil)
        #expect(FileManager.default.fileExists(atPath: try #require(record.path)))
        clock += 1200
        #expect(try run.finish(outcome: .completed, elapsed: 1200, bells: 3, pausedSeconds: 0) == "logged: 20:00 of 20:00, completed")
        #expect(!FileManager.default.fileExists(atPath: try #require(record.path)))
        let sits = try journal.read()
        #expect(sits.count == 1 && sits.first?.id == record.id && sits.first?.note == "quiet" && sits.first?.profile == "Morning")
        #expect(sits.first?.start.epoch == Self.now && sits.first?.end.epoch == Self.now + 1200)

        // Under a minute: not logged, and said.
        let short = try open(log: true, speed: 1)
        #expect(try short.finish(outcome: .stopped, elapsed: 30, bells: 1, pausedSeconds: 0) == "not logged: 00:30 sat, under a minute")
        #expect(try journal.read().count == 1 && warnings.isEmpty)
    }
}
