import LocalTime
import TextSupport

/// Interval bells: bells that ring during the main sit, counted from its start — every so often, or
/// at chosen times.
///
/// A bell that would ring on the end of the main sit, or within ``guardSeconds`` of it, is dropped:
/// the end bell follows at once, and two bells in a row sound like a mistake. A chosen time past the
/// end (the main sit was shortened after it was chosen) is dropped the same way.
package struct Intervals: Hashable, Sendable {
    /// Whether interval bells ring at all.
    package var enabled: Bool
    /// When the bells ring: every so often, or at chosen times.
    package var schedule: IntervalSchedule
    /// The bell that rings.
    package var bell: BellChoice

    /// Makes interval bells; by default off, every five minutes, with the catalog's default bell.
    package init(enabled: Bool = false, every: TimerDuration = Intervals.defaultEvery, bell: BellChoice = .default) {
        self.init(enabled: enabled, schedule: .every(every), bell: bell)
    }

    /// Makes interval bells that ring on `schedule`.
    package init(enabled: Bool, schedule: IntervalSchedule, bell: BellChoice = .default) {
        self.enabled = enabled
        self.schedule = schedule
        self.bell = bell
    }

    /// The interval a profile gets when it has none: five minutes.
    package static let defaultEvery = TimerDuration.minutes(5)

    /// The intervals allowed: from 10 seconds to the longest main sit.
    package static let allowedEvery = TimerDuration(seconds: 10)...SegmentType.main.allowedDurations.upperBound

    /// The chosen times allowed in any main sit: from 10 seconds after its start (the Start bell rings
    /// at 00:00, and 10 s mirrors the guard at the end) to the longest main sit.
    package static let allowedTimes = TimerDuration(seconds: guardSeconds)...SegmentType.main.allowedDurations.upperBound

    /// The most chosen times a profile holds.
    package static let maximumTimes = 99

    /// How close to the end of the main sit an interval bell may ring: a bell at the end or within
    /// this many seconds of it is dropped.
    package static let guardSeconds = 10

    /// Checks `every` against ``allowedEvery``.
    ///
    /// - Throws: ``ProfileError/intervalOutOfRange(_:allowed:)``.
    package static func validate(_ every: TimerDuration) throws(ProfileError) {
        guard allowedEvery.contains(every) else { throw ProfileError.intervalOutOfRange(every, allowed: allowedEvery) }
    }

    /// The chosen times a main sit of `main` rings: from ``allowedTimes``' start to more than
    /// ``guardSeconds`` before its end; nil when the main sit is too short for any.
    package static func allowedTimes(inMainSitOf main: TimerDuration) -> ClosedRange<TimerDuration>? {
        let last = main.seconds - guardSeconds - 1
        guard last >= allowedTimes.lowerBound.seconds else { return nil }
        return allowedTimes.lowerBound...TimerDuration(seconds: last)
    }

    /// Checks `schedule` as `set` and the editor take it, in a main sit of `main`: an interval within
    /// ``allowedEvery``; chosen times within ``allowedTimes(inMainSitOf:)``, so that each one rings.
    ///
    /// - Throws: ``ProfileError/intervalOutOfRange(_:allowed:)`` or
    ///   ``ProfileError/intervalTimeOutOfRange(_:allowed:mainSit:)``.
    package static func validate(_ schedule: IntervalSchedule, inMainSitOf main: TimerDuration) throws(ProfileError) {
        switch schedule {
        case let .every(every): try validate(every)
        case let .at(times):
            let allowed = allowedTimes(inMainSitOf: main)
            for time in times where !(allowed?.contains(time) ?? false) {
                throw .intervalTimeOutOfRange(time, allowed: allowed, mainSit: main)
            }
        }
    }

    /// The offsets from the main sit's start at which bells ring in a main sit of `main`: every
    /// multiple of the interval, or each chosen time, that falls more than ``guardSeconds`` before the
    /// end. Empty when off.
    package func bellOffsets(inMainSitOf main: TimerDuration) -> [Int] {
        offsets(upTo: main).filter { !isTooCloseToTheEnd($0, main) }
    }

    /// The offsets of the bells the rule drops: those on the end of the main sit, within
    /// ``guardSeconds`` of it, or (chosen times) past it. Empty when off.
    package func droppedOffsets(inMainSitOf main: TimerDuration) -> [Int] {
        offsets(upTo: main).filter { isTooCloseToTheEnd($0, main) }
    }

    /// Every multiple of the interval from the first through the end of the main sit, or every chosen
    /// time; none when off.
    private func offsets(upTo main: TimerDuration) -> [Int] {
        guard enabled else { return [] }
        switch schedule {
        case let .every(every):
            guard every.seconds > 0 else { return [] }
            return Array(stride(from: every.seconds, through: main.seconds, by: every.seconds))
        case let .at(times):
            return times.map(\.seconds)
        }
    }

    private func isTooCloseToTheEnd(_ offset: Int, _ main: TimerDuration) -> Bool {
        main.seconds - offset <= Self.guardSeconds
    }
}

/// The two ways interval bells are timed: the two modes of the one Intervals setting.
package enum IntervalMode: String, CaseIterable, Sendable {
    /// Every so often (`intervals.every`).
    case every
    /// At chosen times (`intervals.at`).
    case at

    /// Reads an answer that may name its mode first (`every 5m`, `at 10m, 25m`), as the editor's
    /// question about the interval row takes it: the mode named, or `current`, and the value after it.
    package static func splitting(_ text: String, current: IntervalMode) -> (mode: IntervalMode, value: String) {
        let trimmed = text.trimmingWhitespace()
        for mode in allCases {
            let word = mode.rawValue
            guard trimmed.count > word.count, trimmed.lowercased().hasPrefix(word + " ") else { continue }
            return (mode, String(trimmed.dropFirst(word.count)).trimmingWhitespace())
        }
        return (current, trimmed)
    }
}

/// When interval bells ring: every so often, or at chosen times into the main sit.
package enum IntervalSchedule: Hashable, Sendable {
    /// From the main sit's start, every this long.
    case every(TimerDuration)
    /// At these offsets into the main sit: ascending, no two alike, at least one.
    case at([TimerDuration])

    /// Which of the two modes this is.
    package var mode: IntervalMode {
        switch self {
        case .every: .every
        case .at: .at
        }
    }

    /// As rows and messages show it: `05:00` every so often, `10:00, 25:00` at chosen times.
    package var text: String {
        switch self {
        case let .every(every): every.formatted
        case let .at(times): times.map(\.formatted).joined(separator: ", ")
        }
    }

    /// The forms a list of chosen times takes, for help and messages.
    package static let acceptedTimes =
        "times into the main sit, separated by commas or spaces (10m, 25m or 10:00 25:00), each in minutes (20), units without spaces (20m, 90s, 1h30m) or clock time (7:30, 1:05:00)"

    /// Reads a value of `mode` as people type it: one duration for `every`; for `at`, durations
    /// separated by commas and/or spaces, in any order (stored ascending).
    ///
    /// A time with spaces inside (`1h 30m`) cannot be told from two times in a list, so a list refuses
    /// it and asks for `1h30m` or `1h, 30m`.
    ///
    /// - Throws: ``ProfileError/invalidDuration(_:reason:)`` or ``ProfileError/invalidIntervalTimes(_:reason:)``.
    package init(parsing text: String, mode: IntervalMode) throws(ProfileError) {
        switch mode {
        case .every:
            self = .every(try parseDuration(text))
        case .at:
            self = .at(try Self.times(parsing: text))
        }
    }

    private static func times(parsing text: String) throws(ProfileError) -> [TimerDuration] {
        func fail(_ reason: String) -> ProfileError { .invalidIntervalTimes(text, reason: reason) }
        // Bounded before any work: 99 times of `23:59:59, ` fit in about a thousand characters.
        guard text.utf8.count <= 2_000 else { throw fail("the list is \(text.utf8.count) bytes long; at most \(Intervals.maximumTimes) times are taken") }
        var times: [TimerDuration] = []
        for group in text.split(separator: ",", omittingEmptySubsequences: false) {
            let words = group.split(whereSeparator: \.isWhitespace).map(String.init)
            if words.isEmpty {
                if text.contains(",") { throw fail("an empty place between commas; write one time between each two") }
                continue
            }
            for (index, word) in words.enumerated() {
                if index > 0, Self.hasUnits(words[index - 1]), Self.hasUnits(word),
                   (try? TimerDuration(parsing: words[index - 1] + word)) != nil {
                    throw fail("\(quoted(words[index - 1] + " " + word)) could be one time or two; write \(words[index - 1])\(word) for one, or \(words[index - 1]), \(word) for two")
                }
                do throws(DurationError) {
                    times.append(try TimerDuration(parsing: word))
                } catch {
                    throw fail("\(quoted(word)): \(error.reason)")
                }
                if times.count > Intervals.maximumTimes { throw fail("more than \(Intervals.maximumTimes) times; a profile rings at most \(Intervals.maximumTimes) interval bells at chosen times") }
            }
        }
        guard !times.isEmpty else { throw fail("no time given; give at least one, or turn interval bells off (intervals off)") }
        let sorted = times.sorted()
        for (earlier, later) in zip(sorted, sorted.dropFirst()) where earlier == later {
            throw fail("\(earlier.formatted) is given twice; each time rings one bell")
        }
        return sorted
    }

    /// Whether `word` is written with units (`1h`, `30m`), the form that a space may split.
    private static func hasUnits(_ word: String) -> Bool {
        word.contains { $0 == "h" || $0 == "m" || $0 == "s" || $0 == "H" || $0 == "M" || $0 == "S" }
    }
}
