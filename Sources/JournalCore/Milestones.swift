import LocalTime

/// The milestones of a practice, computed from the journal each time (an import or a deletion never
/// leaves a stale one): counts of sits (10, 25, 50, 100, 250, 500, 1,000, … on in steps of 1, 2.5 and
/// 5), hours sat (1, 10, 25, 50, 100, … 5,000, 10,000, …) and days in a row with a sit (7, 30, 100,
/// 365, then each further year: 730, 1,095, …).
package struct Milestone: Equatable, Sendable {
    /// What a milestone counts.
    package enum Kind: CaseIterable, Sendable {
        case sits, hours, streak
    }

    package var kind: Kind
    package var count: Int
    /// The local day it was reached; nil for one still ahead.
    package var day: Int?

    /// `10 sits`, `1 hour sat`, `100 hours sat`, `7 days in a row`.
    package var text: String {
        switch kind {
        case .sits: "\(count) sits"
        case .hours: count == 1 ? "1 hour sat" : "\(count) hours sat"
        case .streak: "\(count) days in a row"
        }
    }

    /// The thresholds of `kind`, in order, up to and including the first above `limit`.
    package static func thresholds(_ kind: Kind, through limit: Int) -> [Int] {
        var values: [Int]
        switch kind {
        case .sits: values = [10, 25, 50]
        case .hours: values = [1, 10, 25, 50]
        case .streak:
            values = [7, 30, 100, 365]
            while values.last! <= limit { values.append(values.last! + 365) }
            return values
        }
        var scale = 100
        while values.last! <= limit {
            values += [scale, scale * 5 / 2, scale * 5]
            scale *= 10
        }
        return values
    }
}

/// The milestones of a set of sits: those reached, each with its day, and the next of each kind.
package struct Milestones: Equatable, Sendable {
    package var reached: [Milestone] = []
    /// The next milestone of each kind, with how far it is: sits, seconds or days to go.
    package var next: [(milestone: Milestone, remaining: Int)] = []
    /// The day of the first sit; nil with none.
    package var firstDay: Int?

    package static func == (a: Milestones, b: Milestones) -> Bool {
        a.reached == b.reached && a.firstDay == b.firstDay && a.next.map(\.milestone) == b.next.map(\.milestone)
            && a.next.map(\.remaining) == b.next.map(\.remaining)
    }

    /// The milestones of `sits`, whose local days `days` gives (one per sit), as seen on `today`: they
    /// are taken in order of start, so each is dated by the sit that reached it.
    package init(sits: [Sit], days: [Int], today: Int) {
        precondition(sits.count == days.count, "one day per sit")
        let order = sits.indices.sorted { sits[$0].start.epoch < sits[$1].start.epoch }
        firstDay = order.first.map { days[$0] }
        var seconds = 0
        let sitSteps = Milestone.thresholds(.sits, through: sits.count)
        let totalHours = sits.reduce(0) { $0 + $1.seconds } / 3600
        let hourSteps = Milestone.thresholds(.hours, through: totalHours)
        var nextSit = 0
        var nextHour = 0
        for (position, index) in order.enumerated() {
            seconds += sits[index].seconds
            while nextSit < sitSteps.count, position + 1 >= sitSteps[nextSit] {
                reached.append(Milestone(kind: .sits, count: sitSteps[nextSit], day: days[index]))
                nextSit += 1
            }
            while nextHour < hourSteps.count, seconds >= hourSteps[nextHour] * 3600 {
                reached.append(Milestone(kind: .hours, count: hourSteps[nextHour], day: days[index]))
                nextHour += 1
            }
        }
        // The longest run so far, day by day: a threshold is dated by the day the longest run first reached it.
        let ledger = DayLedger(sits: sits, days: days)
        let streakSteps = Milestone.thresholds(.streak, through: ledger.days.count)
        var nextStreak = 0
        var longest = 0
        ledger.walk(where: DayLedger.sat) { entry, run in
            longest = max(longest, run.length)
            while nextStreak < streakSteps.count, longest >= streakSteps[nextStreak] {
                reached.append(Milestone(kind: .streak, count: streakSteps[nextStreak], day: entry.day))
                nextStreak += 1
            }
        }
        // By day, then count, then kind (sits, hours, days in a row).
        func rank(_ kind: Milestone.Kind) -> Int { Milestone.Kind.allCases.firstIndex(of: kind) ?? 0 }
        reached.sort { ($0.day ?? 0, $0.count, rank($0.kind)) < ($1.day ?? 0, $1.count, rank($1.kind)) }
        let current = ledger.currentStreak(today: today)
        next = [(Milestone(kind: .sits, count: sitSteps[nextSit]), sitSteps[nextSit] - sits.count),
                (Milestone(kind: .hours, count: hourSteps[nextHour]), hourSteps[nextHour] * 3600 - seconds),
                (Milestone(kind: .streak, count: streakSteps[nextStreak]), streakSteps[nextStreak] - current)]
    }

    /// The milestones `after` has reached that `before` had not, as the command that logged the
    /// difference says them, a line each (on standard error, after `profile: `):
    /// `milestone: 10 sits (your first was on 12 March 2024)`: the day of the first sit, said so, since
    /// `, since 12 March 2024` read as the day the milestone was reached (issue 50).
    package static func crossed(before: Milestones, after: Milestones) -> [String] {
        let old = Set(before.reached.map { "\($0.kind)\($0.count)" })
        let since = after.firstDay.map { " (your first was on \(longDate($0)))" } ?? ""
        // The largest of each kind crossed: an import of years of history crossed dozens (37 lines for one
        // of 100,000 sits), of which the largest says all (issue 50).
        let crossed = after.reached.filter { !old.contains("\($0.kind)\($0.count)") }
        let largest = crossed.filter { milestone in !crossed.contains { $0.kind == milestone.kind && $0.count > milestone.count } }
        return largest.map { "milestone: \($0.text)\(since)" }
    }

    /// The milestones crossed between the journal `before` and `after` a command logged sits, said as
    /// ``crossed(before:after:)``; nothing when either is unknown. What a milestone is reached by does not
    /// depend on today.
    package static func crossed(_ before: [Sit]?, after: [Sit]?, calendar: LocalCalendar) -> [String] {
        guard let before, let after else { return [] }
        return crossed(before: Milestones(sits: before, days: before.map { calendar.day(of: $0.start.epoch) }, today: 0),
                       after: Milestones(sits: after, days: after.map { calendar.day(of: $0.start.epoch) }, today: 0))
    }

    /// `12 March 2024`.
    package static func longDate(_ day: Int) -> String {
        let (year, month, date) = CivilDate.fromDays(day)
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                     "November", "December"]
        return "\(date) \(names[month - 1]) \(year)"
    }

    /// `stats --milestones`: those reached with their dates, then the next of each kind and how far.
    package var text: String {
        var lines = reached.isEmpty ? ["no milestone reached yet"] : ["reached:"]
        let width = (reached.map(\.text.count) + next.map(\.milestone.text.count)).max() ?? 0
        func padded(_ text: String) -> String { text + String(repeating: " ", count: width - text.count) }
        for milestone in reached {
            lines.append("  \(padded(milestone.text))  \(milestone.day.map(CivilDate.text) ?? "")")
        }
        lines.append("next:")
        for (milestone, remaining) in next {
            let far = switch milestone.kind {
            case .sits: remaining == 1 ? "1 more sit" : "\(remaining) more sits"
            case .hours: "\(JournalRenderer.hoursAndMinutes(remaining)) more"
            case .streak: remaining == 1 ? "1 more day in a row" : "\(remaining) more days in a row"
            }
            lines.append("  \(padded(milestone.text))  \(far)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
