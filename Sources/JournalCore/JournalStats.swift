import Breath
import LocalTime
import TextSupport

/// What `profile stats` tells of a set of sits: how many, how long, the streaks, this week against
/// last week, and the time per profile.
///
/// Days are local calendar days (the caller's ``LocalCalendar``); a day counts when it holds a sit.
package struct JournalStats: Equatable, Sendable {
    /// Sits and seconds in a stretch of days.
    package struct Tally: Equatable, Sendable {
        package var sessions = 0
        package var seconds = 0
    }

    /// The time sat with one profile; `profile` is nil for sits without one.
    package struct ProfileTime: Equatable, Sendable {
        package var profile: String?
        package var sessions: Int
        package var seconds: Int
    }

    /// The breathing a pacer led, of one pattern (issue 48): the sits it led, its breaths and seconds.
    package struct PatternTime: Equatable, Sendable {
        /// The pattern as ``BreathPattern/text`` writes it (a line holds no other spelling).
        package var pattern: String
        package var sessions: Int
        package var breaths: Int
        package var seconds: Int
    }

    package var sessions = 0
    package var totalSeconds = 0
    /// Seconds of paced breathing: what a pacer led, over every sit (``Sit/breathing``).
    package var pacedSeconds = 0
    /// Paced breathing per pattern, the most seconds first (then by the pattern's text); empty when no
    /// sit was paced.
    package var patterns: [PatternTime] = []
    /// The mean length of a sit, rounded to the second; 0 with no sits.
    package var averageSeconds: Int { sessions == 0 ? 0 : (totalSeconds + sessions / 2) / sessions }
    /// Days with at least one sit.
    package var days = 0
    /// Consecutive days with a sit up to today, or up to yesterday when today has none yet: a streak is
    /// not broken before the day is over.
    package var currentStreak = 0
    package var longestStreak = 0
    /// Monday to Sunday of this week, and of the week before.
    package var thisWeek = Tally()
    package var lastWeek = Tally()
    /// Time per profile (names compared ignoring case, as `--profile` compares them), the most first;
    /// the sits without a profile last, whatever their time.
    package var profiles: [ProfileTime] = []
    /// Seconds and sits of today (the local day `today`); a sit counts on the day it started, a sit
    /// across midnight whole on its first day.
    package var today = Tally()
    /// The daily goal in seconds the goal streaks were counted against; nil: no goal.
    package var goalSeconds: Int?
    /// Consecutive days that met the goal up to today once today has met it, else up to yesterday (nil
    /// without a goal); every day is measured against the goal as it is now.
    package var goalStreak: Int?
    /// The longest run of days that met the goal (nil without a goal).
    package var bestGoalStreak: Int?

    /// The statistics of `sits`, whose local days `days` gives (one per sit, in the same order), as seen
    /// on `today`.
    ///
    /// - Complexity: O(*n*) for the tallies and the days (``DayLedger``) when the sits come by start.
    package init(sits: [Sit], days sitDays: [Int], today: Int, goal: Int? = nil) {
        precondition(sits.count == sitDays.count, "one day per sit")
        // Names are grouped as `--profile` matches them (`nameKey`, profile names' key: ignoring case
        // and Unicode normalization); a row shows the spelling of its most recent sit. A journal names
        // few profiles, and spells each a few ways: the key is computed once per spelling.
        var byProfile: [ProfileTime] = []
        var latest: [Int] = []
        var positions: [String: Int] = [:]
        var spellings: [String: Int] = [:]
        var none = ProfileTime(profile: nil, sessions: 0, seconds: 0)
        let monday = today - CivilDate.weekday(today)
        let ledger = DayLedger(sits: sits, days: sitDays)
        var byPattern: [String: PatternTime] = [:]
        for (sit, day) in zip(sits, sitDays) {
            sessions += 1
            totalSeconds += sit.seconds
            if let breathing = sit.breathing {
                pacedSeconds += breathing.seconds
                let key = breathing.pattern
                byPattern[key, default: PatternTime(pattern: key, sessions: 0, breaths: 0, seconds: 0)].sessions += 1
                byPattern[key]?.breaths += breathing.breaths
                byPattern[key]?.seconds += breathing.seconds
            }
            if day >= monday && day < monday + 7 {
                thisWeek.sessions += 1
                thisWeek.seconds += sit.seconds
            } else if day >= monday - 7 && day < monday {
                lastWeek.sessions += 1
                lastWeek.seconds += sit.seconds
            }
            if let name = sit.profile {
                let index: Int
                if let known = spellings[name] {
                    index = known
                } else {
                    let key = nameKey(name)
                    if let known = positions[key] {
                        index = known
                    } else {
                        index = byProfile.count
                        byProfile.append(ProfileTime(profile: name, sessions: 0, seconds: 0))
                        latest.append(Int.min)
                        positions[key] = index
                    }
                    spellings[name] = index
                }
                byProfile[index].sessions += 1
                byProfile[index].seconds += sit.seconds
                if sit.start.epoch >= latest[index] {
                    latest[index] = sit.start.epoch
                    byProfile[index].profile = name
                }
            } else {
                none.sessions += 1
                none.seconds += sit.seconds
            }
        }
        let todayFigures = ledger[today]
        self.today = Tally(sessions: todayFigures.sits, seconds: todayFigures.seconds)
        days = ledger.days.count
        currentStreak = ledger.currentStreak(today: today)
        longestStreak = ledger.longest()
        profiles = byProfile.sorted { a, b in
            a.seconds != b.seconds ? a.seconds > b.seconds : (a.profile ?? "") < (b.profile ?? "")
        }
        if none.sessions > 0 { profiles.append(none) }
        patterns = byPattern.values.sorted { a, b in a.seconds != b.seconds ? a.seconds > b.seconds : a.pattern < b.pattern }
        if let goal {
            goalSeconds = goal
            goalStreak = ledger.currentStreak(today: today, where: DayLedger.meets(goal))
            bestGoalStreak = ledger.longest(where: DayLedger.meets(goal))
        }
    }

    /// The current and the longest run of consecutive `days` (``DayLedger``'s streaks of days with a sit).
    package static func streaks(_ days: Set<Int>, today: Int) -> (current: Int, longest: Int) {
        let ledger = DayLedger(secondsByDay: Dictionary(uniqueKeysWithValues: days.map { ($0, 60) }))
        return (ledger.currentStreak(today: today), ledger.longest())
    }
}
