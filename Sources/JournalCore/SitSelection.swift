import LocalTime
import TextSupport

/// Which sits a command takes: those from a day, up to a day, with a profile; and their local days.
package struct SitSelection: Sendable {
    /// The first local day taken, if any.
    package var since: Int?
    /// The last local day taken, itself included, if any.
    package var until: Int?
    /// The profile's name, compared as profile names are (ignoring case and Unicode normalization).
    package var profile: String?

    package init(since: Int? = nil, until: Int? = nil, profile: String? = nil) {
        self.since = since
        self.until = until
        self.profile = profile
    }

    /// The sits taken, by start time (newest last; sits that started together stay in the file's
    /// order), and the local day of each.
    ///
    /// - Complexity: O(*n* log *n*) for the sort, which is O(*n*) on a journal already in order.
    package func apply(_ sits: [Sit], calendar: LocalCalendar) -> (sits: [Sit], days: [Int]) {
        let key = profile.map(nameKey)
        var keys: [String: String] = [:]
        var taken: [Sit] = []
        var days: [Int] = []
        days.reserveCapacity(sits.count)
        let everything = since == nil && until == nil && key == nil
        if everything {
            // No copy of the records when every one is taken.
            taken = sits
            for sit in sits { days.append(calendar.day(of: sit.start.epoch)) }
        } else {
            for sit in sits {
                let day = calendar.day(of: sit.start.epoch)
                if let since, day < since { continue }
                if let until, day > until { continue }
                if let key {
                    guard let name = sit.profile else { continue }
                    let folded = keys[name] ?? nameKey(name)
                    keys[name] = folded
                    guard folded == key else { continue }
                }
                taken.append(sit)
                days.append(day)
            }
        }
        var ordered = true
        for index in taken.indices.dropFirst() where taken[index].start.epoch < taken[index - 1].start.epoch {
            ordered = false
            break
        }
        guard !ordered else { return (taken, days) }
        let order = taken.indices.sorted { a, b in
            taken[a].start.epoch != taken[b].start.epoch ? taken[a].start.epoch < taken[b].start.epoch : a < b
        }
        return (order.map { taken[$0] }, order.map { days[$0] })
    }
}

extension SitSelection {
    /// The sits `--since`, `--until` and `--profile` take, read against `today` (a local day number):
    /// each day as ``DayArgument`` reads it, `--until` on or after `--since`.
    ///
    /// - Throws: ``JournalError/invalidOption(_:option:accepted:)`` naming the option.
    package init(since: String?, until: String?, profile: String?, today: Int) throws(JournalError) {
        let from = try since.map { text throws(JournalError) in try DayArgument.parse(text, option: "--since", today: today) }
        let to = try until.map { text throws(JournalError) in try DayArgument.parse(text, option: "--until", today: today) }
        if let from, let to, from > to {
            throw JournalError.invalidOption(until ?? "", option: "--until", accepted: "a day on or after --since \(since ?? "")")
        }
        self.init(since: from, until: to, profile: profile)
    }

    /// The filter as the command line gave it, for "no sits match …": `--since 2026-11-01 --profile
    /// "Morning"`, values escaped; nil when there is none.
    package static func described(since: String?, until: String?, profile: String?) -> String? {
        var parts: [String] = []
        if let since { parts.append("--since \(escaped(since))") }
        if let until { parts.append("--until \(escaped(until))") }
        if let profile { parts.append("--profile \(quoted(profile))") }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// `--last`'s count (`log -n N`): a whole number of sits from 1, in ASCII digits, at most nine of them.
    ///
    /// - Throws: ``JournalError/invalidOption(_:option:accepted:)`` naming `--last` for anything else.
    package static func parseCount(_ text: String) throws(JournalError) -> Int {
        guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let count = Int(text), count >= 1 else {
            throw JournalError.invalidOption(text, option: "--last", accepted: "a whole number of sits from 1, such as 10")
        }
        return count
    }
}

extension SitSelection {
    /// `--last`'s count of sits (``parseCount(_:)``).
    package enum Count: OptionRule {
        package static func read(_ text: String) throws(JournalError) -> Int { try SitSelection.parseCount(text) }
    }
}
