/// A time zone's rules as a value: the offset from UTC at every moment, and the moments of a local date
/// and time. Built from a zoneinfo file's bytes (``init(tzif:)``, RFC 8536) or a POSIX `TZ` rule
/// (``init(posix:)``); ``process(tz:zoneDirectory:read:)`` finds the process's zone as the C library does,
/// once, where the program starts. Pure: no call of the C library, no global.
///
/// Moments are seconds since 1970-01-01T00:00:00Z (leap seconds not counted, as POSIX counts them);
/// offsets are seconds east of UTC.
package struct Zone: Hashable, Sendable {
    /// The moments the offset changes, ascending, from the zoneinfo file.
    let transitions: [Int]
    /// The offset from each transition on (`offsets[i]` from `transitions[i]`).
    let offsets: [Int]
    /// The offset before the first transition (all along, when there is none).
    let initial: Int
    /// The rule for moments from the last transition on (the file's footer, or the whole of a POSIX
    /// zone); nil when the last offset holds for ever.
    let rule: PosixRule?
    /// What the rules were read from: the zoneinfo file's bytes, or the POSIX rule's text after a tag.
    /// Two zones with the same source have the same rules: a cache keys on it
    /// (`StatusCache`), so that other rules behind the same `TZ` are another key.
    package let source: [UInt8]

    /// Coordinated Universal Time: offset 0 at every moment.
    package static let utc = Zone(transitions: [], offsets: [], initial: 0, rule: nil, source: Array("posix:UTC0".utf8))

    init(transitions: [Int], offsets: [Int], initial: Int, rule: PosixRule?, source: [UInt8]) {
        self.transitions = transitions
        self.offsets = offsets
        self.initial = initial
        self.rule = rule
        self.source = source
    }

    /// Seconds east of UTC of the local clock at `moment`, in whole minutes.
    ///
    /// The journal writes a moment as its local time and offset, `±HH:MM` (RFC 3339), so the local clock
    /// here is one of whole minutes: an offset with seconds (a POSIX rule such as `<+0530>-5:30:15`, or
    /// Monrovia's −0:44:30 until 1972) is read to the nearest minute. With the exact offset, a sit's local
    /// time written with the minutes of its offset would read back as another moment, and be refused.
    ///
    /// - Complexity: O(log n) in the zone's transitions.
    package func offset(at moment: Int) -> Int {
        let exact = exactOffset(at: moment)
        guard exact % 60 != 0 else { return exact }
        return Int((Double(exact) / 60).rounded()) * 60
    }

    /// The offset at `moment` as the rules give it, to the second.
    private func exactOffset(at moment: Int) -> Int {
        guard let last = transitions.last, moment >= transitions[0] else {
            // Before any transition (or with none): a POSIX zone's rule holds, else the first offset.
            if transitions.isEmpty, let rule { return rule.offset(at: moment) }
            return initial
        }
        if moment >= last {
            return rule?.offset(at: moment) ?? offsets[offsets.count - 1]
        }
        // The last transition at or before `moment`.
        var low = 0, high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= moment { low = middle } else { high = middle - 1 }
        }
        return offsets[low]
    }

    /// The moments in `from...through` at which the offset changes, ascending: each a moment whose offset
    /// differs from the second before it.
    func changes(from start: Int, through end: Int) -> [Int] {
        var found: [Int] = []
        if !transitions.isEmpty {
            // The first transition after `start`.
            var low = 0, high = transitions.count
            while low < high {
                let middle = (low + high) / 2
                if transitions[middle] < start { low = middle + 1 } else { high = middle }
            }
            var index = low
            while index < transitions.count, transitions[index] <= end {
                found.append(transitions[index])
                index += 1
            }
        }
        if let rule, transitions.last.map({ $0 < end }) ?? true {
            let after = transitions.last ?? Int.min
            found += rule.changes(from: max(start, after + 1), through: end)
        }
        return found.filter { offset(at: $0) != offset(at: $0 - 1) }
    }

    /// The moments at which the local clock reads `local` (a local date and time as seconds since
    /// 1970-01-01T00:00:00 on that clock), ascending: one, two when the clock was put back over it, none
    /// when it was put forward over it.
    package func moments(atLocal local: Int) -> [Int] {
        // No zone is more than 26 hours off UTC: every candidate offset is in effect within a day or so.
        let window = 26 * 3600 + 1
        var candidates = [offset(at: local - window)]
        for change in changes(from: local - window, through: local + window) {
            let after = offset(at: change)
            if !candidates.contains(after) { candidates.append(after) }
        }
        return candidates.map { local - $0 }.filter { offset(at: $0) == local - $0 }.sorted()
    }

    /// The moment a local time the clock skipped stands for: read with the offset in effect before the
    /// skip (02:30 on the night the clock goes from 02:00 to 03:00 is 03:30), as the C library's
    /// `mktime` reads it; for a time the clock showed, its earliest moment.
    package func momentPastSkip(atLocal local: Int) -> Int {
        if let first = moments(atLocal: local).first { return first }
        let window = 26 * 3600 + 1
        for change in changes(from: local - window, through: local + window) {
            let before = offset(at: change - 1), after = offset(at: change)
            if change + before <= local, local < change + after { return local - before }
        }
        // Not reached for a time with no moment, which lies in some skip; read with the offset a day before.
        return local - offset(at: local - window)
    }
}
