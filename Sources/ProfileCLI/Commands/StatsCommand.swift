import LocalTime
import ArgumentParser
import JournalCore
import JournalStore
import ProfileKit

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count the sits of the journal: total and average time, streaks, this week, time per profile.",
        discussion: """
            Days are local calendar days (TZ); a day counts when it holds a logged sit. The current streak \
            runs to today when today has a sit, else to yesterday: a streak is not broken before the day is \
            over. Weeks run from Monday. JSON gives sessions, totalSeconds, averageSeconds, days, \
            currentStreak, longestStreak, thisWeek and lastWeek ({sessions, seconds}), goalSeconds, todaySeconds, goalStreakDays and \
            bestGoalStreakDays (null without a goal: see goal; a sit counts whole on the day it started) and profiles \
            ([{profile, sessions, seconds}]: one a profile, names grouped ignoring case as --profile \
            matches them and spelt as in the latest sit, the most time first; then the sits without a \
            profile, with profile null, last whatever their time), then pacedSeconds (the seconds a breathing \
            pacer led: see run --breathe) and patterns ([{pattern, sessions, breaths, seconds}]: one a pattern \
            as --breathe writes it, the most time first). The table (and plain lines: label and value \
            separated by a tab, then 'profile', the name, sits and time for each profile, then 'pattern', the \
            pattern, sits, breaths and time for each pattern paced) gives times in whole minutes; with any \
            sit paced it adds a 'paced breathing' row (its minutes) and a table of the patterns.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var journal: JournalOptions
    @OptionGroup var filter: SitFilterOptions

    @Option(help: "table (default on a terminal), plain (tab-separated) or json.")
    var format: StatsFormat?

    @Flag(help: "List the milestones reached (sits, hours sat, days in a row), with their dates, and the next of each kind.")
    var milestones = false

    func run() throws {
        try reporting {
            let calendar = LocalZone.calendar
            let today = calendar.day(of: WallClock.now())
            let selection = try filter.selection(today: today)
            let all = try journal.file().read()
            let (sits, days) = selection.apply(all, calendar: calendar)
            if milestones { return Output.stdout(Milestones(sits: sits, days: days, today: today).text) }
            let stats = JournalStats(sits: sits, days: days, today: today, goal: try PracticeSettings.goal(environment: Terminal.environment, homeFallback: Terminal.passwordHome))
            Output.stdout(JournalRenderer.stats(stats, format: format ?? (Terminal.isTerminal(1) ? .table : .plain), options: global.render, filter: all.isEmpty ? nil : filter.description))
        }
    }
}
