/// A POSIX `TZ` rule (POSIX.1-2017 §8.3, with RFC 8536's extensions: rule times from −167 to 167
/// hours): a standard offset and, optionally, a summer offset with the days and times it starts and ends.
/// `CET-1CEST,M3.5.0,M10.5.0/3` is UTC+1, and UTC+2 from the last Sunday of March at 02:00 to the last
/// Sunday of October at 03:00.
struct PosixRule: Hashable, Sendable {
    /// A day of the year a change falls on.
    enum Day: Hashable, Sendable {
        /// `Jn`: day 1 to 365, February 29 never counted.
        case julian(Int)
        /// `n`: day 0 to 365, February 29 counted.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (1 to 5, 5 the last) of month `m`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)

        /// The day number (days since 1970-01-01) of this day in `year`.
        func days(in year: Int) -> Int {
            let january1 = CivilDate.days(year: year, month: 1, day: 1)
            switch self {
            case .julian(let n):
                return january1 + n - 1 + (CivilDate.isLeap(year) && n >= 60 ? 1 : 0)
            case .zeroBased(let n):
                return january1 + n
            case let .monthWeekDay(month, week, weekday):
                let first = CivilDate.days(year: year, month: month, day: 1)
                // CivilDate counts weekdays from Monday (0); POSIX from Sunday (0).
                let firstWeekday = (CivilDate.weekday(first) + 1) % 7
                var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                let next = month == 12 ? CivilDate.days(year: year + 1, month: 1, day: 1) : CivilDate.days(year: year, month: month + 1, day: 1)
                while day >= next { day -= 7 }
                return day
            }
        }
    }

    /// A change: its day, and its time on the local clock in effect before it (seconds after midnight).
    struct Change: Hashable, Sendable {
        var day: Day
        var time: Int
    }

    /// Seconds east of UTC outside summer time.
    var standard: Int
    /// Seconds east of UTC in summer time; nil for a zone without.
    var summer: Int?
    /// When summer time starts (on the standard clock) and ends (on the summer clock).
    var start = Change(day: .zeroBased(0), time: 0)
    var end = Change(day: .zeroBased(0), time: 0)

    /// The moments summer time starts and ends in `year` (of UTC), as the C library counts them.
    private func changes(in year: Int, summer: Int) -> (start: Int, end: Int) {
        (start.day.days(in: year) * 86_400 + start.time - standard, end.day.days(in: year) * 86_400 + end.time - summer)
    }

    /// Seconds east of UTC at `moment`.
    func offset(at moment: Int) -> Int {
        guard let summerOffset = summer else { return standard }
        let year = CivilDate.fromDays(Self.floorDiv(moment, 86_400)).year
        let (starts, ends) = changes(in: year, summer: summerOffset)
        // As glibc's __tz_compute: the year's two changes, in either order (south of the equator summer
        // time spans the new year).
        let inSummer = starts > ends ? (moment < ends || moment >= starts) : (moment >= starts && moment < ends)
        return inSummer ? summerOffset : standard
    }

    /// The moments in `from...through` at which the rule may change the offset (some change nothing: the
    /// caller checks): each year's two changes, and each new year of UTC, where ``offset(at:)`` takes
    /// the next year's changes (a change near the new year can move there, as glibc has it).
    func changes(from first: Int, through last: Int) -> [Int] {
        guard let summerOffset = summer, first <= last else { return [] }
        let firstYear = CivilDate.fromDays(Self.floorDiv(first, 86_400)).year
        let lastYear = CivilDate.fromDays(Self.floorDiv(last, 86_400)).year
        var found: [Int] = []
        for year in (firstYear - 1)...(lastYear + 1) {
            let (starts, ends) = changes(in: year, summer: summerOffset)
            let newYear = CivilDate.days(year: year, month: 1, day: 1) * 86_400
            found += [starts, ends, newYear].filter { $0 >= first && $0 <= last }
        }
        return found.sorted()
    }

    static func floorDiv(_ value: Int, _ by: Int) -> Int {
        value >= 0 ? value / by : -((-value + by - 1) / by)
    }
}

extension PosixRule {
    /// Reads a POSIX `TZ` rule; nil for anything else. A summer time named without its days takes the
    /// United States' (`M3.2.0,M11.1.0`), as glibc does where its default rules file is New York's.
    init?(parsing text: some StringProtocol) {
        var reader = RuleReader(bytes: Array(text.utf8))
        guard reader.name(), let standardWest = reader.offset(maxHours: 24) else { return nil }
        standard = -standardWest
        if reader.atEnd { return }
        guard reader.name() else { return nil }
        var summerWest = standardWest - 3600
        if !reader.atEnd, reader.peek != UInt8(ascii: ",") {
            guard let given = reader.offset(maxHours: 24) else { return nil }
            summerWest = given
        }
        if reader.atEnd {
            start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
            end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
        } else {
            guard reader.take(","), let starts = reader.change(), reader.take(","), let ends = reader.change(), reader.atEnd else { return nil }
            (start, end) = (starts, ends)
        }
        summer = -summerWest
    }
}

/// Reads the parts of a POSIX `TZ` rule from its bytes.
private struct RuleReader {
    let bytes: [UInt8]
    var at = 0

    var atEnd: Bool { at == bytes.count }
    var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: character) else { return false }
        at += 1
        return true
    }

    /// A zone's abbreviation: three or more letters, or `<` three or more letters, digits, `+` or `-` `>`.
    mutating func name() -> Bool {
        let begin = at
        if take("<") {
            while let byte = peek, Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { at += 1 }
            guard at - begin - 1 >= 3, take(">") else { return false }
            return true
        }
        while let byte = peek, Self.isLetter(byte) { at += 1 }
        return at - begin >= 3
    }

    /// `[+-]hh[:mm[:ss]]` in seconds (west of UTC for an offset), hours at most `maxHours`.
    mutating func offset(maxHours: Int) -> Int? {
        var sign = 1
        if take("-") { sign = -1 } else { _ = take("+") }
        guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
        var seconds = hours * 3600
        if take(":") {
            guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
            seconds += minutes * 60
            if take(":") {
                guard let secs = number(maxDigits: 2), secs < 60 else { return nil }
                seconds += secs
            }
        }
        return sign * seconds
    }

    /// A change: `Jn`, `n` or `Mm.w.d`, then `/time` (02:00 when not given).
    mutating func change() -> PosixRule.Change? {
        let day: PosixRule.Day
        if take("J") {
            guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
            day = .julian(n)
        } else if take("M") {
            guard let month = number(maxDigits: 2), (1...12).contains(month), take("."),
                  let week = number(maxDigits: 1), (1...5).contains(week), take("."),
                  let weekday = number(maxDigits: 1), (0...6).contains(weekday) else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        var time = 7200
        if take("/") {
            guard let given = offset(maxHours: 167) else { return nil }
            time = given
        }
        return PosixRule.Change(day: day, time: time)
    }

    mutating func number(maxDigits: Int) -> Int? {
        var value = 0, digits = 0
        while let byte = peek, Self.isDigit(byte), digits < maxDigits {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            at += 1
        }
        return digits == 0 ? nil : value
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}

extension Zone {
    /// The zone of a POSIX `TZ` rule (`UTC0`, `CET-1CEST,M3.5.0,M10.5.0/3`, `<+0530>-5:30`); nil when
    /// `text` is not one.
    package init?(posix text: String) {
        guard let rule = PosixRule(parsing: text) else { return nil }
        self.init(transitions: [], offsets: [], initial: rule.standard, rule: rule, source: Array("posix:\(text)".utf8))
    }
}
