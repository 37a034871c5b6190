import LocalTime

/// The days of a practice: each local day that holds a sit, with its sits and seconds, in order. It is
/// the one place days are tallied and streaks counted: `stats`, `status` (and its cache), `calendar` and
/// the milestones all read it.
///
/// A sit counts whole on the local day it started (a sit across midnight on its first day). A streak is
/// a run of consecutive days that each satisfy a rule (a sit at all, or the daily goal met), counted by
/// ``Streak/extended(to:qualifies:)`` alone.
package struct DayLedger: Equatable, Sendable {
    /// One day's sits and seconds.
    package struct Day: Equatable, Sendable {
        /// The local day number (``CivilDate``'s days since 1970-01-01).
        package var day: Int
        package var sits: Int
        package var seconds: Int

        package init(day: Int, sits: Int, seconds: Int) {
            self.day = day
            self.sits = sits
            self.seconds = seconds
        }
    }

    /// A run of consecutive qualifying days: `length` days ending with `through` (0: the run is broken
    /// at `through`).
    package struct Streak: Equatable, Sendable {
        package var through: Int
        package var length: Int

        package init(through: Int, length: Int) {
            self.through = through
            self.length = length
        }

        /// No run yet, before any day.
        package static let none = Streak(through: .min, length: 0)

        /// The run through a later `day`: one longer when `day` qualifies and follows ``through`` at once,
        /// a new run of one when it qualifies after a gap, broken (0) when it does not qualify. The one
        /// rule of a streak.
        package func extended(to day: Int, qualifies: Bool) -> Streak {
            precondition(day > through, "days come in order")
            let previous = through
            return Streak(through: day, length: qualifies ? (previous == day - 1 ? length + 1 : 1) : 0)
        }
    }

    /// The days that hold a sit, by day.
    package private(set) var days: [Day] = []

    /// No days.
    package init() {}

    /// The days of `sits`, whose local days `sitDays` gives (one per sit, in the same order).
    ///
    /// - Complexity: O(*n*) when the sits come by day, as a journal's do; O(*n* log *n*) otherwise.
    package init(sits: [Sit], days sitDays: [Int]) {
        precondition(sits.count == sitDays.count, "one day per sit")
        self.init(tallies: zip(sitDays, sits).lazy.map { ($0.0, $0.1.seconds) })
    }

    /// The days of `sits`, each on the local day `calendar` gives its start.
    package init(sits: [Sit], calendar: LocalCalendar) {
        self.init(tallies: sits.lazy.map { (calendar.day(of: $0.start.epoch), $0.seconds) })
    }

    /// Seconds sat per day, a sit a day (for a table of days, as tests and the calendar's callers give one).
    package init(secondsByDay: [Int: Int]) {
        self.init(tallies: secondsByDay.lazy.map { ($0.key, $0.value) })
    }

    /// The days of (day, seconds) pairs, one a sit.
    private init(tallies: some Sequence<(Int, Int)>) {
        var inOrder = true
        for (day, seconds) in tallies {
            if let last = days.last {
                if last.day == day {
                    days[days.count - 1].sits += 1
                    days[days.count - 1].seconds += seconds
                    continue
                }
                if last.day > day { inOrder = false }
            }
            days.append(Day(day: day, sits: 1, seconds: seconds))
        }
        guard !inOrder else { return }
        var merged: [Day] = []
        merged.reserveCapacity(days.count)
        for entry in days.sorted(by: { $0.day < $1.day }) {
            if merged.last?.day == entry.day {
                merged[merged.count - 1].sits += entry.sits
                merged[merged.count - 1].seconds += entry.seconds
            } else {
                merged.append(entry)
            }
        }
        days = merged
    }

    /// The figures of `day`: no sits and no seconds when it holds none.
    ///
    /// - Complexity: O(log *d*).
    package subscript(day: Int) -> Day {
        var low = 0
        var high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle].day < day { low = middle + 1 } else { high = middle }
        }
        return low < days.count && days[low].day == day ? days[low] : Day(day: day, sits: 0, seconds: 0)
    }

    /// Seconds sat on `day`.
    package func seconds(on day: Int) -> Int { self[day].seconds }

    /// The last day that holds a sit; nil with none.
    package var lastDay: Int? { days.last?.day }

    /// A day with a sit: the rule of the day streak.
    package static let sat: @Sendable (Day) -> Bool = { $0.sits > 0 }

    /// A day whose seconds reach `goal`: the rule of the goal streak.
    package static func meets(_ goal: Int) -> @Sendable (Day) -> Bool { { $0.seconds >= goal } }

    /// The days whose seconds reach `goal`.
    package func metDays(goal: Int) -> [Int] { days.filter(Self.meets(goal)).map(\.day) }

    /// Walks the days up to `last` (itself included) that hold a sit, in order, telling `visit` each one
    /// that `qualifies` with the run it ends; returns the run through the last of them. The one walk of
    /// consecutive days.
    ///
    /// - Complexity: O(*d*).
    @discardableResult
    package func walk(through last: Int = .max, where qualifies: (Day) -> Bool,
                      _ visit: (Day, Streak) -> Void = { _, _ in }) -> Streak {
        var streak = Streak.none
        for entry in days {
            guard entry.day <= last else { break }
            guard qualifies(entry) else { continue }
            streak = streak.extended(to: entry.day, qualifies: true)
            visit(entry, streak)
        }
        return streak
    }

    /// Consecutive days that satisfy `qualifies`, ending with `day` (0 when `day` does not).
    package func streak(endingAt day: Int, where qualifies: (Day) -> Bool = DayLedger.sat) -> Int {
        let run = walk(through: day, where: qualifies)
        return run.through == day ? run.length : 0
    }

    /// The streak as of `today`: up to today once today satisfies `qualifies`, else up to yesterday (a
    /// streak is not broken before the day is over).
    package func currentStreak(today: Int, where qualifies: (Day) -> Bool = DayLedger.sat) -> Int {
        qualifies(self[today]) ? streak(endingAt: today, where: qualifies) : streak(endingAt: today - 1, where: qualifies)
    }

    /// The longest run of consecutive days that satisfy `qualifies`.
    package func longest(where qualifies: (Day) -> Bool = DayLedger.sat) -> Int {
        var longest = 0
        walk(where: qualifies) { longest = max(longest, $1.length) }
        return longest
    }
}
