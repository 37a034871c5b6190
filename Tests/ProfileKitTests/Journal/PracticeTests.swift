import Foundation
import LocalTime
import Testing
import TestSupport
import ProfileKit
@testable import JournalCore
@testable import JournalStore

/// The practice companion in process: the goal's settings file, goal streaks, milestones, and
/// `status`'s figures and cache, on a fake clock in UTC (zones with summer time are tested end to end,
/// in PracticeCLITests, where a child process gets its own TZ).
@Suite("Practice")
struct PracticeTests {
    /// 2026-11-25, a Wednesday, at noon UTC.
    static let noon = CivilDate.days(year: 2026, month: 11, day: 25) * 86_400 + 12 * 3600
    static var today: Int { noon / 86_400 }

    static func sit(day: Int, hour: Int = 8, minute: Int = 0, seconds: Int) -> Sit {
        let start = day * 86_400 + hour * 3600 + minute * 60
        return Sit(start: Timestamp(epoch: start, offset: 0), end: Timestamp(epoch: start + seconds, offset: 0), profile: nil,
                   seconds: seconds, plannedSeconds: seconds, outcome: .completed, bells: 0, note: nil)
    }

    static func stats(_ sits: [Sit], goal: Int?, today: Int = today) -> JournalStats {
        JournalStats(sits: sits, days: sits.map { $0.start.epoch / 86_400 }, today: today, goal: goal)
    }

    // MARK: The settings

    @Test func theSettingsAreReadStrictlyWithTheirPlace() throws {
        #expect(try PracticeSettings.decode(Array("{\"dailyGoalSeconds\": 1200}\n".utf8), path: "s.json").dailyGoalSeconds == 1200)
        #expect(try PracticeSettings.decode(Array("{}".utf8), path: "s.json").dailyGoalSeconds == nil)
        #expect(PracticeSettings(dailyGoalSeconds: 1200).encoded == Array("{\"dailyGoalSeconds\": 1200}\n".utf8))
        for (text, place) in [("{\"x\": 1}", "s.json:1:2"), ("{\n \"dailyGoalSeconds\": 0}", "s.json:2:22"),
                              ("{\"dailyGoalSeconds\": 86401}", "s.json:1:22"), ("{\"dailyGoalSeconds\": \"20m\"}", "s.json:1:22"),
                              ("{\"dailyGoalSeconds\": 1, \"dailyGoalSeconds\": 2}", "s.json:1:25"), ("[]", "s.json:1:1"), ("{", "s.json:1:2")] {
            #expect(throws: JournalError.self, "\(text)") { try PracticeSettings.decode(Array(text.utf8), path: "s.json") }
            do {
                _ = try PracticeSettings.decode(Array(text.utf8), path: "s.json")
            } catch {
                #expect(error.description.hasPrefix(place), "\(error.description)")
            }
        }
    }

    @Test func theGoalTakesWhatSetTakesUpToADay() throws {
        #expect(try PracticeSettings.goal(parsing: "20m") == 1200)
        #expect(try PracticeSettings.goal(parsing: "20") == 1200)
        #expect(try PracticeSettings.goal(parsing: "1h30m") == 5400)
        #expect(try PracticeSettings.goal(parsing: "24:00:00") == 86_400)
        #expect(try PracticeSettings.goal(parsing: "off") == nil)
        // As a switch takes `off` (parseSwitchValue), whatever its case.
        #expect(try PracticeSettings.goal(parsing: "OFF") == nil)
        #expect(try PracticeSettings.goal(parsing: "Off") == nil)
        for bad in ["0", "25h", "24:00:01", "soon", ""] {
            #expect(throws: JournalError.self, "\(bad)") { try PracticeSettings.goal(parsing: bad) }
        }
        #expect(PracticeSettings(dailyGoalSeconds: 1200).goalText == "20:00 a day")
        #expect(PracticeSettings().goalText == "off")
    }

    @Test func theSettingsAreWrittenAndADamagedFileIsNeverReset() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["XDG_CONFIG_HOME": folder]
        #expect(try PracticeSettings.command(nil, environment: environment) == "daily goal: off\n")
        #expect(try PracticeSettings.command("20m", environment: environment) == "daily goal: 20:00 a day (was off)\n")
        #expect(try PracticeSettings.command(nil, environment: environment) == "daily goal: 20:00 a day\n")
        #expect(try PracticeSettings.goal(environment: environment) == 1200)
        #expect(try PracticeSettings.command("off", environment: environment) == "daily goal: off (was 20:00 a day)\n")
        let path = "\(folder)/profile/settings.json"
        try Data("{\"dailyGoal\": 5}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: JournalError.self) { try PracticeSettings.command("20m", environment: environment) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"dailyGoal\": 5}", "unchanged")
    }

    /// A settings file that is a link (dotfiles kept by stow or chezmoi), through a chain of two, is
    /// written through: the file the links lead to gets the goal, mode 0600, and the links stay links.
    @Test func theSettingsAreWrittenThroughTheirLinks() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["XDG_CONFIG_HOME": "\(folder)/config"]
        let path = "\(folder)/config/profile/settings.json", middle = "\(folder)/config/middle.json", target = "\(folder)/dotfiles/settings.json"
        try FileManager.default.createDirectory(atPath: "\(folder)/config/profile", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(folder)/dotfiles", withIntermediateDirectories: true)
        try Data("{\"dailyGoalSeconds\": 600}\n".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o644) == 0)
        #expect(symlink("../dotfiles/settings.json", middle) == 0)
        #expect(symlink("../middle.json", path) == 0)
        #expect(try PracticeSettings.command(nil, environment: environment) == "daily goal: 10:00 a day\n")
        #expect(try PracticeSettings.command("25m", environment: environment) == "daily goal: 25:00 a day (was 10:00 a day)\n")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "{\"dailyGoalSeconds\": 1500}\n")
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is kept")
        #expect(lstat(middle, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link in the middle too")
        #expect(lstat(target, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_mode & 0o7777 == 0o600, "mode \(String(info.st_mode & 0o7777, radix: 8))")
        #expect(try PracticeSettings.goal(environment: environment) == 1500)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/config/profile")
        #expect(names.sorted() == ["settings.json", "settings.json.lock"] || names == ["settings.json"], "no file made beside the link: \(names)")
    }

    /// A new settings file is the user's alone.
    @Test func aNewSettingsFileIsMode0600() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try PracticeSettings.command("20m", environment: ["XDG_CONFIG_HOME": folder])
        var info = stat()
        #expect(stat("\(folder)/profile/settings.json", &info) == 0 && info.st_mode & 0o7777 == 0o600)
    }

    struct UnusableSettings: CustomTestStringConvertible, Sendable {
        var name: String
        /// Makes what is at the settings' path, given the path and a scratch folder.
        var make: @Sendable (_ path: String, _ folder: String) throws -> Void
        var says: String
        var testDescription: String { name }
    }

    static let unusable: [UnusableSettings] = [
        UnusableSettings(name: "a FIFO", make: { path, _ in #expect(mkfifo(path, 0o600) == 0) },
                         says: "settings.json: is a FIFO (named pipe), not a regular file; the settings are a small JSON file such as {\"dailyGoalSeconds\": 1200}: move it away (mv "),
        UnusableSettings(name: "a link to a FIFO", make: { path, folder in
            #expect(mkfifo("\(folder)/pipe", 0o600) == 0)
            #expect(symlink("\(folder)/pipe", path) == 0)
        }, says: "settings.json: is a FIFO (named pipe) (through the link, "),
        UnusableSettings(name: "a folder", make: { path, _ in try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) },
                         says: "settings.json: is a folder, not a regular file"),
        UnusableSettings(name: "a link to a folder", make: { path, folder in #expect(symlink(folder, path) == 0) },
                         says: "is a folder (through the link, "),
        UnusableSettings(name: "a link to a device", make: { path, _ in #expect(symlink("/dev/zero", path) == 0) },
                         says: "settings.json: is a character device (through the link, /dev/zero), not a regular file"),
        UnusableSettings(name: "a valid file of 70 KB", make: { path, _ in
            let text = "{\"dailyGoalSeconds\": 1200" + String(repeating: " ", count: 70 * 1024 - 27) + "}\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }, says: "settings.json: is 71,680 bytes, larger than the 65,536 bytes (64 KiB) a settings file may be"),
        UnusableSettings(name: "a link to nothing", make: { path, folder in #expect(symlink("\(folder)/gone.json", path) == 0) },
                         says: "settings.json: is a symbolic link to \"/"),
        UnusableSettings(name: "a link to itself", make: { path, _ in #expect(symlink(path, path) == 0) },
                         says: "which leads round in a loop of links; point one of them at a file, or remove the link (rm "),
    ]

    /// What is no settings file is refused with what it is and what to do, never waited on, replaced or
    /// read past its limit; whatever was there stays.
    @Test(arguments: unusable)
    func unusableSettingsAreRefusedAndLeftAsTheyAre(_ c: UnusableSettings) throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/profile/settings.json"
        try FileManager.default.createDirectory(atPath: "\(folder)/profile", withIntermediateDirectories: true)
        try c.make(path, folder)
        var before = stat()
        #expect(lstat(path, &before) == 0)
        do {
            _ = try PracticeSettings.command("25m", environment: ["XDG_CONFIG_HOME": folder])
            Issue.record("set the goal in \(c.name)")
        } catch {
            #expect(error.description.contains(c.says), "\(error.description)")
            #expect(error.category == .data, "\(error.category)")
        }
        var after = stat()
        #expect(lstat(path, &after) == 0 && after.st_ino == before.st_ino && after.st_mode == before.st_mode, "left as it was")
    }

    /// A temporary a write killed before its rename left (an old one, of a pid long gone) is removed by
    /// the next write: nothing stays in the folder the settings live in.
    @Test func aWriteCleansWhatAKilledWriteLeft() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: "\(folder)/profile", withIntermediateDirectories: true)
        let left = "\(folder)/profile/.settings.json.999999.5edb582.tmp"
        try Data("{\"dailyGoalSeconds\": 600}\n".utf8).write(to: URL(fileURLWithPath: left))
        _ = try PracticeSettings.command("25m", environment: ["XDG_CONFIG_HOME": folder])
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/profile").sorted() == ["settings.json"])
    }

    /// Read (as `goal` with no duration and `status` read it), a link that loops is said as a write
    /// says it: in words, with what to do (65), not as an errno.
    @Test func aLoopOfLinksIsSaidInWordsWhenRead() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/settings.json"
        #expect(symlink(path, path) == 0)
        do {
            _ = try PracticeSettings.read(path: path)
            Issue.record("read a loop of links")
        } catch {
            #expect(error.description.contains("which leads round in a loop of links"), "\(error.description)")
            #expect(error.category == .data)
        }
    }

    // MARK: Goal streaks

    /// 20 minutes on each of the last three days and 12 today, against 20 minutes: today counts once met.
    @Test func theGoalStreakCountsTodayOnceMet() {
        let t = Self.today
        var sits = [Self.sit(day: t - 3, seconds: 1200), Self.sit(day: t - 2, seconds: 1200), Self.sit(day: t - 1, seconds: 1200),
                    Self.sit(day: t, seconds: 720)]
        var stats = Self.stats(sits, goal: 1200)
        #expect(stats.goalSeconds == 1200 && stats.today.seconds == 720 && stats.today.sessions == 1)
        #expect(stats.goalStreak == 3 && stats.bestGoalStreak == 3 && stats.currentStreak == 4)
        sits.append(Self.sit(day: t, hour: 18, seconds: 480))
        stats = Self.stats(sits, goal: 1200)
        #expect(stats.goalStreak == 4 && stats.bestGoalStreak == 4, "two sits together meet it")
        #expect(Self.stats(sits, goal: nil).goalStreak == nil && Self.stats(sits, goal: nil).goalSeconds == nil)
    }

    /// The goal is the one set now: changed mid-day, every day is measured against the new one.
    @Test func aGoalChangedMidDayMeasuresEveryDayAgain() {
        let t = Self.today
        let sits = [Self.sit(day: t - 2, seconds: 1200), Self.sit(day: t - 1, seconds: 900), Self.sit(day: t, seconds: 900)]
        #expect(Self.stats(sits, goal: 1200).goalStreak == 0)
        #expect(Self.stats(sits, goal: 1200).bestGoalStreak == 1)
        #expect(Self.stats(sits, goal: 900).goalStreak == 3)
        #expect(Self.stats(sits, goal: 1800).goalStreak == 0 && Self.stats(sits, goal: 1800).bestGoalStreak == 0)
    }

    /// A sit counts whole on the day it started: one from 23:50 to 00:10 meets yesterday's goal, not today's.
    @Test func aSitAcrossMidnightCountsOnItsFirstDay() {
        let t = Self.today
        let across = Self.sit(day: t - 1, hour: 23, minute: 50, seconds: 1200)
        let stats = Self.stats([across], goal: 1200)
        #expect(stats.today.seconds == 0 && stats.goalStreak == 1)
        let status = PracticeStatus(sits: [across], calendar: LocalCalendar(zone: .utc), day: t, goal: 1200)
        #expect(status.todaySeconds == 0 && status.goalStreak == 1)
        // At 00:00 the day turns: the streak is not broken before the day is over.
        let lastMinute = PracticeStatus(sits: [Self.sit(day: t - 1, hour: 8, seconds: 1200)], calendar: LocalCalendar(zone: .utc), day: t - 1, goal: 1200)
        #expect(lastMinute.goalStreak == 1 && lastMinute.todaySeconds == 1200)
    }

    /// `status`'s figures, rolled from any earlier day or worked out afresh, are `stats`' figures.
    @Test(arguments: [1, 2, 3, 4, 5])
    func statusFiguresAgreeWithStats(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let t = Self.today
        var sits: [Sit] = []
        for day in (t - 40)...t where Int.random(in: 0..<4, using: &random) > 0 {
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                sits.append(Self.sit(day: day, hour: Int.random(in: 0..<24, using: &random), seconds: Int.random(in: 60...1800, using: &random)))
            }
        }
        let calendar = LocalCalendar(zone: .utc)
        for goal in [nil, 600, 1200] {
            for day in (t - 10)...(t + 3) {
                let stats = Self.stats(sits.filter { $0.start.epoch / 86_400 <= day }, goal: goal, today: day)
                let fresh = PracticeStatus(sits: sits, calendar: calendar, day: day, goal: goal)
                #expect(fresh.todaySeconds == stats.today.seconds && fresh.todaySits == stats.today.sessions)
                #expect(fresh.dayStreak == stats.currentStreak && fresh.goalStreak == stats.goalStreak, "day \(day) goal \(String(describing: goal))")
                var rolled = PracticeStatus(sits: sits, calendar: calendar, day: t, goal: goal)
                if day >= t {
                    let moved = rolled.roll(to: day)
                    #expect(moved)
                    #expect(rolled == fresh)
                } else {
                    let moved = rolled.roll(to: day)
                    #expect(!moved, "no going back")
                }
            }
        }
    }

    /// With a goal the calendar shades by its share, a met day brightest, and its legend says so.
    @Test func theCalendarShadesByTheShareOfTheGoal() {
        #expect([0, 1, 399, 400, 799, 800, 1199, 1200, 5000].map { CalendarHeatmap.goalLevel(seconds: $0, goal: 1200) } == [0, 1, 1, 2, 2, 3, 3, 4, 4])
        let t = Self.today
        let heatmap = CalendarHeatmap(secondsByDay: [t: 1200, t - 1: 600], today: t, weeks: 1, goal: 1200)
        let text = heatmap.render(color: false, width: 80)
        #expect(text.contains("daily goal 20 min: 0, <1/3, <2/3, <goal, met"), "\(text)")
        #expect(text.contains("Wed  ██"), "today met: \(text)")
        #expect(text.contains("Tue  ▒▒"), "half of it: \(text)")
        let wide = CalendarHeatmap(secondsByDay: [:], today: t, weeks: 53, goal: 23 * 3600 + 59 * 60).render(color: false, width: 80)
        #expect(wide.contains("daily goal 23 h 59 min"), "the key fits 80 columns: \(wide)")
    }

    // MARK: Milestones

    @Test func theThresholdsGoOnInTheirSteps() {
        #expect(Milestone.thresholds(.sits, through: 6000) == [10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 25_000, 50_000])
        #expect(Milestone.thresholds(.hours, through: 600).prefix(9) == [1, 10, 25, 50, 100, 250, 500, 1000, 2500])
        #expect(Milestone.thresholds(.streak, through: 800) == [7, 30, 100, 365, 730, 1095])
    }

    /// Nine sits say nothing; the tenth says `10 sits`; the eleventh nothing; an import crossing
    /// several says each once.
    @Test func aMilestoneIsSaidOnceByTheSitThatCrossesIt() {
        let calendar = LocalCalendar(zone: .utc)
        let t = Self.today
        var journal: [Sit] = []
        var said: [String] = []
        for index in 0..<11 {
            let sit = Self.sit(day: t - 20 + index % 2, hour: index, seconds: 60)
            said.append(Milestones.crossed(journal, after: journal + [sit], calendar: calendar).joined(separator: "\n"))
            journal.append(sit)
        }
        #expect(said[..<9].allSatisfy { $0.isEmpty })
        #expect(said[9] == "milestone: 10 sits (your first was on 5 November 2026)")
        #expect(said[10].isEmpty)
        let many = (0..<60).map { Self.sit(day: t - 60 + $0, seconds: 3600) }
        // Sixty days of an hour crossed nine milestones: the largest of each kind is said (issue 50).
        #expect(Milestones.crossed([], after: many, calendar: calendar) == [
            "milestone: 30 days in a row (your first was on 26 September 2026)", "milestone: 50 sits (your first was on 26 September 2026)",
            "milestone: 50 hours sat (your first was on 26 September 2026)",
        ])
        #expect(Milestones.crossed(many, after: many, calendar: calendar).isEmpty)
        #expect(Milestones.crossed(nil, after: many, calendar: calendar).isEmpty, "an unreadable journal says none")
    }

    @Test func theListSaysWhatIsReachedAndHowFarTheNextIs() {
        let t = Self.today
        let sits = (0..<12).map { Self.sit(day: t - 11 + $0, seconds: 1800) }
        let milestones = Milestones(sits: sits, days: sits.map { $0.start.epoch / 86_400 }, today: t)
        #expect(milestones.reached.map(\.text) == ["1 hour sat", "7 days in a row", "10 sits"])
        #expect(milestones.reached.map(\.day) == [t - 10, t - 5, t - 2])
        #expect(milestones.next.map(\.milestone.text) == ["25 sits", "10 hours sat", "30 days in a row"])
        #expect(milestones.next.map(\.remaining) == [13, 4 * 3600, 18])
        #expect(milestones.text.contains("  10 sits           2026-11-23\n"))
        #expect(milestones.text.contains("  10 hours sat      4 h 00 min more\n"))
    }

    // MARK: status

    @Test func theLineAndItsPlaceholders() throws {
        var status = PracticeStatus(sits: [], calendar: LocalCalendar(zone: .utc), day: Self.today, goal: 1200)
        status.todaySeconds = 720
        status.todaySits = 1
        status.goalStreakBefore = 3
        status.dayStreakBefore = 5
        #expect(StatusLine.line(status, format: nil) == "12m/20m · 3d")
        #expect(StatusLine.line(status, format: "{left}|{sits}") == "8m|1")
        status.todaySeconds = 1199
        #expect(StatusLine.line(status, format: "{left}") == "1m", "0m only once met")
        status.todaySeconds = 3900
        #expect(StatusLine.line(status, format: "{today} {left} {streak}") == "1h 05m 0m 4")
        status.goal = nil
        #expect(StatusLine.line(status, format: nil) == "1h 05m · 6d")
        #expect(StatusLine.line(status, format: "[{goal}{left}]") == "[]")
        #expect(throws: JournalError.self) { try StatusLine.checkFormat("{today} {week}") }
        #expect(throws: JournalError.self) { try StatusLine.checkFormat("{today") }
        #expect(StatusLine.quickArguments(["status"])! == (nil, nil))
        #expect(StatusLine.quickArguments(["status", "--format", "{sits}", "--journal=j"])! == ("{sits}", "j"))
        #expect(StatusLine.quickArguments(["status", "--help"]) == nil)
        #expect(StatusLine.quickArguments(["status", "--format", "{nope}"]) == nil)
        #expect(StatusLine.quickArguments(["show", "Default"]) == nil)
    }

    /// Every way the journal changes gives the answer a full read gives: an append (read from the
    /// cache's end), a copy with one more line put in its place, a cut, an edit in place, a new day, a
    /// lost or damaged cache, another goal.
    @Test func theCacheNeverGivesAWrongAnswer() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = "\(folder)/journal.jsonl"
        let cache = "\(folder)/cache/profile/status"
        let calendar = LocalCalendar(zone: .utc)
        let t = Self.today
        var sits = (1...30).map { Self.sit(day: t - $0, seconds: 1200) } + [Self.sit(day: t, hour: 1, seconds: 300)]
        func write(_ sits: [Sit]) throws {
            try Data(sits.map(\.line).joined().utf8).write(to: URL(fileURLWithPath: journal))
        }
        func check(now: Int = Self.noon, goal: Int? = 1200, _ comment: Comment) throws {
            let cached = try StatusCache.status(file: JournalFile(path: journal), goal: goal, cache: cache, records: nil, now: now, calendar: calendar)
            let fresh = try StatusCache.status(file: JournalFile(path: journal), goal: goal, cache: nil, records: nil, now: now, calendar: calendar)
            #expect(cached == fresh, comment)
            let again = try StatusCache.status(file: JournalFile(path: journal), goal: goal, cache: cache, records: nil, now: now, calendar: calendar)
            #expect(again == fresh, comment)
        }
        #expect(try StatusCache.status(file: JournalFile(path: journal), goal: 1200, cache: cache, records: nil, now: Self.noon, calendar: calendar) == nil)
        try write(sits)
        try check("a first full read")
        #expect(FileManager.default.fileExists(atPath: cache))
        #expect(try StatusCache.status(file: JournalFile(path: journal), goal: 1200, cache: cache, records: nil, now: Self.noon, calendar: calendar)?.goalStreak == 30)
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data(Self.sit(day: t, hour: 2, seconds: 900).line.utf8))
        try handle.close()
        sits.append(Self.sit(day: t, hour: 2, seconds: 900))
        try check("an append of today")
        #expect(try StatusCache.status(file: JournalFile(path: journal), goal: 1200, cache: cache, records: nil, now: Self.noon, calendar: calendar)?.goalStreak == 31)
        sits.append(Self.sit(day: t - 40, seconds: 60))
        let copy = "\(folder)/copy"
        try Data(sits.map(\.line).joined().utf8).write(to: URL(fileURLWithPath: copy))
        #expect(rename(copy, journal) == 0)
        try check("replaced by a copy with one more line")
        sits.removeLast(2)
        try write(sits)
        try check("cut")
        sits[3].seconds = 10
        try write(sits)
        try check("edited in place")
        try check(now: Self.noon + 86_400, "the next day")
        try check(now: Self.noon + 5 * 86_400, "days later")
        try check(goal: 600, "another goal")
        try check(goal: nil, "no goal")
        try Data("profile status cache 1\nnonsense".utf8).write(to: URL(fileURLWithPath: cache))
        try check("a damaged cache")
        try FileManager.default.removeItem(atPath: cache)
        try check("a lost cache")
        try Data("{not a sit}\n".utf8).write(to: URL(fileURLWithPath: journal))
        #expect(throws: JournalError.self) {
            try StatusCache.status(file: JournalFile(path: journal), goal: 1200, cache: cache, records: nil, now: Self.noon, calendar: calendar)
        }
    }

    /// The cache is trusted without a read only when the journal is as it was by what no one sets back
    /// (its change time) and was last changed well before the cache was written: an in-place edit of
    /// the same size, its modification time put back, after the cache was written, is read again.
    @Test func aCacheTrustedByItsIdentityStillSeesAnEditWithItsTimePutBack() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = "\(folder)/journal.jsonl"
        let cache = "\(folder)/cache/profile/status"
        let calendar = LocalCalendar(zone: .utc)
        let t = Self.today
        let sits = (1...40).map { Self.sit(day: t - $0, seconds: 1200) }
        try Data(sits.map(\.line).joined().utf8).write(to: URL(fileURLWithPath: journal))
        var before = stat()
        #expect(stat(journal, &before) == 0)
        // Older than the racy margin when the cache is written: the identity alone is then trusted.
        usleep(250_000)
        func status() throws -> PracticeStatus? {
            try StatusCache.status(file: JournalFile(path: journal), goal: 1200, cache: cache, records: nil, now: Self.noon, calendar: calendar)
        }
        #expect(try status()?.goalStreakBefore == 40)
        #expect(try status()?.goalStreakBefore == 40, "from the cache")
        // Day 20 back sat 1,100 seconds, under the goal: the same size, far from the end, the time put back.
        var edited = sits
        edited[19] = Self.sit(day: t - 20, seconds: 1100)
        edited[19].id = sits[19].id
        let text = edited.map(\.line).joined()
        #expect(text.utf8.count == sits.map(\.line).joined().utf8.count)
        let fd = open(journal, O_WRONLY)
        #expect(fd >= 0)
        let bytes = Array(text.utf8)
        #expect(write(fd, bytes, bytes.count) == bytes.count)
        var times = [before.st_atim, before.st_mtim]
        #expect(futimens(fd, &times) == 0)
        close(fd)
        let fresh = try StatusCache.status(file: JournalFile(path: journal), goal: 1200, cache: nil, records: nil, now: Self.noon, calendar: calendar)
        #expect(fresh?.goalStreakBefore == 19)
        // The cache, as one written just after the edit by a status that read the journal before it
        // (its figures and identity from before): only the identity tells them apart.
        let stale = try Data(contentsOf: URL(fileURLWithPath: cache))
        usleep(250_000)
        try stale.write(to: URL(fileURLWithPath: cache))
        #expect(try status() == fresh, "the cache saw the edit")
        #expect(try status() == fresh, "and its new figures")
    }
}
