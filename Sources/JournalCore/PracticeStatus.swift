import LocalTime
import TextSupport

/// What `profile status` says of a day: the time and sits of today, and the streaks up to yesterday,
/// from which today's streaks follow. It is what ``StatusCache`` keeps, so that a new day or an append
/// of today's sits is worked out without reading the journal again.
///
/// A sit counts on the local day it started (a sit across midnight whole on its first day), as in
/// `stats` and `calendar`.
package struct PracticeStatus: Equatable, Sendable {
    /// The local day these figures are for.
    package var day: Int
    package var todaySeconds = 0
    package var todaySits = 0
    /// Days in a row with a sit, ending yesterday.
    package var dayStreakBefore = 0
    /// Days in a row that met the goal, ending yesterday (0 without a goal).
    package var goalStreakBefore = 0
    /// The goal the streaks are counted against, in seconds; nil: none.
    package var goal: Int?
    /// Whether the journal holds a sit on a day after ``day`` (a clock set back): such figures hold for
    /// that day only.
    package var hasLater = false

    /// `stats`' current streak: today counted once it has a sit.
    package var dayStreak: Int { (todaySits > 0 ? 1 : 0) + dayStreakBefore }
    /// `stats`' goal streak: today counted once it has met the goal; nil without a goal.
    package var goalStreak: Int? { goal.map { todaySeconds >= $0 ? goalStreakBefore + 1 : goalStreakBefore } }

    /// The figures of `sits` for `day`.
    package init(sits: [Sit], calendar: LocalCalendar, day: Int, goal: Int?) {
        self.init(ledger: DayLedger(sits: sits, calendar: calendar), day: day, goal: goal)
    }

    /// The figures of `ledger` for `day`.
    package init(ledger: DayLedger, day: Int, goal: Int?) {
        self.day = day
        self.goal = goal
        let today = ledger[day]
        todaySits = today.sits
        todaySeconds = today.seconds
        hasLater = (ledger.lastDay ?? day) > day
        dayStreakBefore = ledger.streak(endingAt: day - 1)
        goalStreakBefore = goal.map { ledger.streak(endingAt: day - 1, where: DayLedger.meets($0)) } ?? 0
    }

    /// Moves the figures to a later `newDay` of the same journal; false when they cannot be (an earlier
    /// day, or sits logged on later days). Today's figures end the streaks before the new day as
    /// ``DayLedger/Streak/extended(to:qualifies:)`` says, and any day between them breaks them.
    package mutating func roll(to newDay: Int) -> Bool {
        if newDay == day { return true }
        guard newDay > day, !hasLater else { return false }
        let today = DayLedger.Day(day: day, sits: todaySits, seconds: todaySeconds)
        func before(_ streak: Int, _ qualifies: (DayLedger.Day) -> Bool) -> Int {
            var run = DayLedger.Streak(through: day - 1, length: streak).extended(to: day, qualifies: qualifies(today))
            if newDay - 1 > day { run = run.extended(to: newDay - 1, qualifies: false) }
            return run.length
        }
        dayStreakBefore = before(dayStreakBefore, DayLedger.sat)
        goalStreakBefore = goal.map { before(goalStreakBefore, DayLedger.meets($0)) } ?? 0
        day = newDay
        todaySits = 0
        todaySeconds = 0
        return true
    }

    /// Adds sits appended to the journal; false when one is not of ``day`` (its day's past is not kept).
    package mutating func add(_ sits: [Sit], calendar: LocalCalendar) -> Bool {
        let added = DayLedger(sits: sits, calendar: calendar)
        guard added.days.allSatisfy({ $0.day == day }) else { return false }
        let today = added[day]
        todaySits += today.sits
        todaySeconds += today.seconds
        return true
    }
}

/// `profile status`: one short line for a prompt or a status bar.
package enum StatusLine {
    /// The placeholders `--format` takes.
    package static let placeholders = ["today", "goal", "left", "streak", "sits"]

    /// The line without `--format`: `12m/20m · 5d`, or `12m · 5d` with no goal.
    package static func defaultFormat(goal: Int?) -> String { goal == nil ? "{today} · {streak}d" : "{today}/{goal} · {streak}d" }

    /// Checks a `--format`: every `{…}` one of ``placeholders``.
    ///
    /// - Throws: ``JournalError/invalidOption(_:option:accepted:)`` naming the placeholders.
    package static func checkFormat(_ format: String) throws(JournalError) {
        var rest = Substring(format)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}"),
                  placeholders.contains(String(rest[rest.index(after: open)..<close])) else {
                throw .invalidOption(format, option: "--format", accepted: "text with the placeholders " + placeholders.map { "{\($0)}" }.joined(separator: ", "))
            }
            rest = rest[rest.index(after: close)...]
        }
    }

    /// `12m`, `0m`, `1h 05m`: whole minutes, rounded down (``left`` rounds up, so that it says `0m` only once the goal is met).
    package static func duration(_ seconds: Int) -> String {
        let minutes = max(0, seconds) / 60
        return minutes < 60 ? "\(minutes)m" : "\(minutes / 60)h \(TimerDuration.twoDigits(minutes % 60))m"
    }

    /// The line `format` (nil: the default) says of `status`; `{goal}` and `{left}` are empty without a goal,
    /// `{streak}` is the goal streak, or the day streak without a goal.
    package static func line(_ status: PracticeStatus, format: String?) -> String {
        var text = ""
        var rest = Substring(format ?? defaultFormat(goal: status.goal))
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            switch rest[rest.index(after: open)..<close] {
            case "today": text += duration(status.todaySeconds)
            case "goal": text += status.goal.map(duration) ?? ""
            case "left": text += status.goal.map { duration((max(0, $0 - status.todaySeconds) + 59) / 60 * 60) } ?? ""
            case "streak": text += String(status.goalStreak ?? status.dayStreak)
            case "sits": text += String(status.todaySits)
            default: text += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }

    /// `profile status [--format F] [--journal FILE]` as a quick path reads it: nil for anything else
    /// (help, a mistake, a format ``checkFormat(_:)`` refuses), which the full parser then says.
    package static func quickArguments(_ arguments: [String]) -> (format: String?, journal: String?)? {
        guard arguments.first == "status" else { return nil }
        var format: String?
        var journal: String?
        var index = 1
        while index < arguments.count {
            let word = arguments[index]
            var value: String?
            var name = word
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                name = String(word[..<equals])
                value = String(word[word.index(after: equals)...])
            } else if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") {
                value = arguments[index + 1]
                index += 1
            }
            guard let value else { return nil }
            switch name {
            case "--format" where format == nil: format = value
            case "--journal" where journal == nil: journal = value
            default: return nil
            }
            index += 1
        }
        if let format, (try? checkFormat(format)) == nil { return nil }
        return (format, journal)
    }
}
