import LocalTime
import ArgumentParser
import JournalCore
import JournalStore
import ProfileKit

struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Show the last weeks as a heatmap of the minutes sat each day.",
        discussion: """
            One column a week (Monday at the top), one row a weekday, the months above; a day is shaded by \
            the minutes sat: none, under 15, under 30, under 45, 45 or more; with a daily goal (see goal), by its \
            share of the goal: none, under a third, under two thirds, under the goal, the goal met (the brightest). Coloured squares on a colour \
            terminal; the characters ·░▒▓█ with --no-color, NO_COLOR or when piped. It fits the terminal's \
            width (or COLUMNS): two columns a day where the weeks fit so, else one; weeks that do not fit \
            even so are left out, the earliest first, and a last line says so. The default 53 weeks fit 80 \
            columns; piped without COLUMNS, every week is shown, one column a day.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp("How many weeks, the current one last: \(CalendarHeatmap.weekRange.lowerBound) to \(CalendarHeatmap.weekRange.upperBound) (default \(CalendarHeatmap.defaultWeeks)).", valueName: "n"))
    var weeks: OptionValue<CalendarHeatmap.Weeks>?

    @Option(help: ArgumentHelp("Only sits with this profile (ignoring case).", valueName: "name"), completion: profileNameCompletion)
    var profile: String?

    func run() throws {
        try reporting {
            let count = try weeks?.value() ?? CalendarHeatmap.defaultWeeks
            let calendar = LocalZone.calendar
            let today = calendar.day(of: WallClock.now())
            var heatmap = CalendarHeatmap(ledger: DayLedger(), today: today, weeks: count, goal: try PracticeSettings.goal(environment: Terminal.environment, homeFallback: Terminal.passwordHome))
            let selection = SitSelection(since: heatmap.firstMonday, until: today, profile: profile)
            let (sits, days) = selection.apply(try journal.file().read(), calendar: calendar)
            heatmap.ledger = DayLedger(sits: sits, days: days)
            let render = global.render
            Output.stdout(heatmap.render(color: render.color, width: render.width))
        }
    }
}
