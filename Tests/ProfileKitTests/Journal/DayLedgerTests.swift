import Foundation
import LocalTime
import Testing
import TestSupport
import ProfileKit
@testable import JournalCore
@testable import JournalStore

/// The one ledger of days behind `stats`, `status`, `calendar` and the milestones: days tallied,
/// streaks and goal streaks, as tables; and the milestones an append returns, against a re-read.
@Suite("Day ledger")
struct DayLedgerTests {
    /// UTC without touching `TZ`.
    static var utc: LocalCalendar { LocalCalendar(zone: .utc) }
    static let today = PracticeTests.today

    static func sit(day: Int, hour: Int = 8, seconds: Int) -> Sit { PracticeTests.sit(day: day, hour: hour, seconds: seconds) }

    /// A table of sits (day offsets from today, and minutes), and what the ledger says of it as of today.
    struct LedgerCase: CustomTestStringConvertible, Sendable {
        var id: String
        /// (day relative to today, minutes) per sit, in the order logged.
        var sits: [(Int, Int)]
        var goalMinutes: Int?
        /// Days with a sit; today's sits and minutes.
        var days: Int
        var todaySits: Int
        var todayMinutes: Int
        /// The day streak as of today (through today once sat, else through yesterday), and the longest.
        var current: Int
        var longest: Int
        /// The same for the goal (0 without one).
        var goalCurrent: Int
        var goalLongest: Int
        var testDescription: String { id }
    }

    static let cases = [
        LedgerCase(id: "nothing", sits: [], goalMinutes: 20, days: 0, todaySits: 0, todayMinutes: 0,
                   current: 0, longest: 0, goalCurrent: 0, goalLongest: 0),
        LedgerCase(id: "a gap of one day ends a run", sits: [(-5, 20), (-4, 20), (-2, 20), (-1, 20)], goalMinutes: nil,
                   days: 4, todaySits: 0, todayMinutes: 0, current: 2, longest: 2, goalCurrent: 0, goalLongest: 0),
        LedgerCase(id: "today unsat, yesterday sat: the streak runs to yesterday", sits: [(-3, 10), (-2, 10), (-1, 10)], goalMinutes: nil,
                   days: 3, todaySits: 0, todayMinutes: 0, current: 3, longest: 3, goalCurrent: 0, goalLongest: 0),
        LedgerCase(id: "today sat counts today", sits: [(-2, 10), (-1, 10), (0, 10)], goalMinutes: nil,
                   days: 3, todaySits: 1, todayMinutes: 10, current: 3, longest: 3, goalCurrent: 0, goalLongest: 0),
        LedgerCase(id: "yesterday unsat: nothing current", sits: [(-9, 10), (-8, 10), (-7, 10), (-2, 10)], goalMinutes: nil,
                   days: 4, todaySits: 0, todayMinutes: 0, current: 0, longest: 3, goalCurrent: 0, goalLongest: 0),
        LedgerCase(id: "two sits on a day are one day, their minutes together", sits: [(-1, 10), (0, 12), (0, 8)], goalMinutes: 20,
                   days: 2, todaySits: 2, todayMinutes: 20, current: 2, longest: 2, goalCurrent: 1, goalLongest: 1),
        LedgerCase(id: "two short sits meet the goal together, one does not", sits: [(-2, 15), (-2, 5), (-1, 15), (0, 5)], goalMinutes: 20,
                   days: 3, todaySits: 1, todayMinutes: 5, current: 3, longest: 3, goalCurrent: 0, goalLongest: 1),
        LedgerCase(id: "the goal streak runs to yesterday until today meets it", sits: [(-3, 20), (-2, 25), (-1, 30), (0, 19)], goalMinutes: 20,
                   days: 4, todaySits: 1, todayMinutes: 19, current: 4, longest: 4, goalCurrent: 3, goalLongest: 3),
        LedgerCase(id: "a day under the goal breaks the goal run, not the day run", sits: [(-4, 20), (-3, 20), (-2, 5), (-1, 20), (0, 20)], goalMinutes: 20,
                   days: 5, todaySits: 1, todayMinutes: 20, current: 5, longest: 5, goalCurrent: 2, goalLongest: 2),
        LedgerCase(id: "sits out of order, a later day first", sits: [(0, 10), (-2, 10), (-1, 10), (-2, 10)], goalMinutes: 20,
                   days: 3, todaySits: 1, todayMinutes: 10, current: 3, longest: 3, goalCurrent: 0, goalLongest: 1),
        LedgerCase(id: "a sit tomorrow counts in the longest, not today", sits: [(1, 30)], goalMinutes: 20,
                   days: 1, todaySits: 0, todayMinutes: 0, current: 0, longest: 1, goalCurrent: 0, goalLongest: 1),
    ]

    @Test(arguments: cases)
    func theLedgerTalliesDaysAndCountsStreaks(_ c: LedgerCase) {
        let t = Self.today
        let sits = c.sits.enumerated().map { Self.sit(day: t + $1.0, hour: $0 % 24, seconds: $1.1 * 60) }
        let ledger = DayLedger(sits: sits, calendar: Self.utc)
        #expect(ledger == DayLedger(sits: sits, days: sits.map { $0.start.epoch / 86_400 }), "both ways of giving days agree")
        #expect(ledger.days.map(\.day) == ledger.days.map(\.day).sorted() && Set(ledger.days.map(\.day)).count == c.days)
        #expect(ledger[t].sits == c.todaySits && ledger.seconds(on: t) == c.todayMinutes * 60)
        #expect(ledger.days.reduce(0) { $0 + $1.sits } == sits.count && ledger.days.reduce(0) { $0 + $1.seconds } == sits.reduce(0) { $0 + $1.seconds })
        #expect(ledger.currentStreak(today: t) == c.current)
        #expect(ledger.longest() == c.longest)
        let goal = (c.goalMinutes ?? 0) * 60
        if c.goalMinutes != nil {
            #expect(ledger.currentStreak(today: t, where: DayLedger.meets(goal)) == c.goalCurrent)
            #expect(ledger.longest(where: DayLedger.meets(goal)) == c.goalLongest)
        }
        // Every reader says the same: stats, status (fresh, and rolled from the day before), the milestones.
        let stats = JournalStats(sits: sits, days: sits.map { $0.start.epoch / 86_400 }, today: t, goal: c.goalMinutes.map { $0 * 60 })
        #expect(stats.days == c.days && stats.currentStreak == c.current && stats.longestStreak == c.longest)
        #expect(stats.today == JournalStats.Tally(sessions: c.todaySits, seconds: c.todayMinutes * 60))
        #expect(stats.goalStreak == c.goalMinutes.map { _ in c.goalCurrent } && stats.bestGoalStreak == c.goalMinutes.map { _ in c.goalLongest })
        let status = PracticeStatus(sits: sits, calendar: Self.utc, day: t, goal: c.goalMinutes.map { $0 * 60 })
        #expect(status.dayStreak == c.current && status.todaySits == c.todaySits && status.todaySeconds == c.todayMinutes * 60)
        #expect(status.goalStreak == c.goalMinutes.map { _ in c.goalCurrent })
        let milestones = Milestones(sits: sits, days: sits.map { $0.start.epoch / 86_400 }, today: t)
        #expect(milestones.next.last.map { $0.milestone.count - $0.remaining } == c.current, "days in a row to go count from the current streak")
    }

    /// The streak's one rule, step by step: the day after extends it, a gap starts again, a day that
    /// does not qualify breaks it.
    @Test func aStreakExtendsOnlyToTheNextDay() {
        let run = DayLedger.Streak(through: 10, length: 3)
        #expect(run.extended(to: 11, qualifies: true) == DayLedger.Streak(through: 11, length: 4))
        #expect(run.extended(to: 12, qualifies: true) == DayLedger.Streak(through: 12, length: 1))
        #expect(run.extended(to: 11, qualifies: false) == DayLedger.Streak(through: 11, length: 0))
        #expect(DayLedger.Streak.none.extended(to: 5, qualifies: true).length == 1)
        let ledger = DayLedger(secondsByDay: [1: 60, 2: 60, 3: 60, 5: 60, 6: 60])
        #expect([1, 2, 3, 4, 5, 6, 7].map { ledger.streak(endingAt: $0) } == [1, 2, 3, 0, 1, 2, 0])
        var visited: [Int] = []
        ledger.walk(where: DayLedger.sat) { visited.append($1.length) }
        #expect(visited == [1, 2, 3, 1, 2])
    }

    /// `status` rolled day by day over a habit gives what a fresh count gives each day (the roll is the
    /// ledger's rule, not a copy of it).
    @Test func aRolledStatusIsTheLedgersStatus() {
        let t = Self.today
        let pattern = [20, 20, 0, 20, 5, 20, 20, 20, 0, 0, 20]
        var sits: [Sit] = []
        for (index, minutes) in pattern.enumerated() where minutes > 0 { sits.append(Self.sit(day: t - 10 + index, seconds: minutes * 60)) }
        var rolled = PracticeStatus(ledger: DayLedger(), day: t - 22, goal: 1200)
        for day in (t - 21)...t {
            let moved = rolled.roll(to: day)
            let added = rolled.add(sits.filter { $0.start.epoch / 86_400 == day }, calendar: Self.utc)
            #expect(moved && added)
            let upToDay = sits.filter { $0.start.epoch / 86_400 <= day }
            #expect(rolled == PracticeStatus(ledger: DayLedger(sits: upToDay, calendar: Self.utc), day: day, goal: 1200), "day \(day - t)")
        }
        #expect(rolled.dayStreak == 1 && rolled.goalStreak == 1 && rolled.dayStreakBefore == 0)
        var skipping = PracticeStatus(ledger: DayLedger(sits: sits.filter { $0.start.epoch / 86_400 <= t - 3 }, calendar: Self.utc), day: t - 3, goal: 1200)
        #expect(skipping.dayStreak == 5 && skipping.goalStreak == 3)
        let moved = skipping.roll(to: t)
        #expect(moved && skipping.dayStreakBefore == 0 && skipping.goalStreakBefore == 0, "the days between break it")
        let back = skipping.roll(to: t - 1)
        #expect(!back, "no going back")
    }

    /// The milestones an append returns are those a re-read of the journal before and after it says,
    /// for random sits appended one by one (by `log add`, a run's log) and in batches (`log import`).
    @Test(arguments: [1, 2, 3] as [UInt64])
    func theMilestonesAnAppendReturnsAreWhatARereadSays(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = JournalFile(path: "\(folder)/journal.jsonl")
        let t = Self.today
        var said: [String] = []
        for step in 0..<40 {
            let before = try journal.read()
            if step % 7 == 6 {
                let batch = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                    (sit: Self.sit(day: t - Int.random(in: 0..<60, using: &random), hour: Int.random(in: 0..<24, using: &random),
                                   seconds: Int.random(in: 60...5400, using: &random)), byTime: false)
                }
                let imported = try journal.appendImported(batch, dryRun: false, calendar: Self.utc)
                let reread = Milestones.crossed(before, after: try journal.read(), calendar: Self.utc)
                #expect(imported.milestones == reread, "step \(step)")
                said += imported.milestones
            } else {
                let sit = Self.sit(day: t - Int.random(in: 0..<60, using: &random), hour: Int.random(in: 0..<24, using: &random),
                                   seconds: Int.random(in: 60...5400, using: &random))
                let outcome = try journal.append(sit, calendar: Self.utc)
                let reread = Milestones.crossed(before, after: try journal.read(), calendar: Self.utc)
                #expect(outcome.appended && outcome.milestones == reread, "step \(step)")
                said += outcome.milestones
            }
        }
        // Every milestone said is one the journal has reached (a batch says only the largest of each kind
        // it crossed, so not every one reached is said).
        let final = try journal.read()
        let all = Milestones(sits: final, days: final.map { Self.utc.day(of: $0.start.epoch) }, today: 0).reached.map { "milestone: \($0.text)" }
        #expect(!said.isEmpty, "the walk crossed some milestones")
        #expect(Set(said.map { $0.components(separatedBy: " (")[0] }).count == said.count, "each said once")
        #expect(Set(said.map { $0.components(separatedBy: " (")[0] }).isSubset(of: Set(all)), "\(said) of \(all)")
        // Without a calendar nothing is worked out, and a dry run says none.
        #expect(try journal.append(Self.sit(day: t, hour: 23, seconds: 600)).milestones.isEmpty)
        let dry = try journal.appendImported([(Self.sit(day: t - 70, seconds: 36_000), false)], dryRun: true, calendar: Self.utc)
        #expect(dry.milestones.isEmpty && dry.added.count == 1)
    }
}
