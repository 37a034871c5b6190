import Breath
import LocalTime
import TextSupport

/// Reads the sits of a file another timer, or another machine, wrote, for `log import`: Insight Timer's
/// CSV export, this program's own CSV (`log --format csv`) or a journal of this program (JSON lines),
/// told apart by their first line. Every row is checked before any is taken: a bad one is an error
/// (65) naming the file, its line and, where it helps, its column.
package enum JournalImport {
    /// The kinds of file `log import` reads.
    package enum Format: Sendable {
        case insightTimer, csv, journal
    }

    /// The order of the day and the month in an Insight Timer file's dates: `04/20/2026` (Insight
    /// Timer's US export) or `20/04/2026` (what a European phone, or a spreadsheet that saved the file
    /// again, writes). A file is read one way throughout (``DateReading``).
    package enum DateOrder: String, CaseIterable, Sendable {
        case monthFirst = "month-first"
        case dayFirst = "day-first"

        /// `MM/DD/YYYY` or `DD/MM/YYYY`.
        package var pattern: String { self == .monthFirst ? "MM/DD/YYYY" : "DD/MM/YYYY" }
    }

    /// What `log import` is asked to take, beside the files.
    package struct Options: Sendable {
        /// How an Insight Timer file's dates are read (`--dates`); nil: as the file shows (``DateReading``).
        package var dates: DateOrder?
        /// Only the rows of these activities (`--activity`, any case; Meditation for a sit without
        /// ``Sit/activity``); empty: every row.
        package var activities: [String] = []

        package init(dates: DateOrder? = nil, activities: [String] = []) {
            self.dates = dates
            self.activities = activities
        }

        /// Whether `sit` is of an activity asked for.
        func takes(_ sit: Sit) -> Bool {
            guard !activities.isEmpty else { return true }
            let name = (sit.activity ?? Sit.meditation).lowercased()
            return activities.contains { $0.lowercased() == name }
        }
    }

    /// Insight Timer's header.
    static let insightHeader = ["Started At", "Duration", "Preset", "Activity"]
    /// What every refusal of a file's encoding says is read.
    static let acceptedEncodings = "'log import' reads UTF-8, or UTF-16 that starts with its byte-order mark"

    /// What a file held: its kind and its sits, in the file's order.
    package struct Read: Sendable {
        package var format: Format
        package var sits: [Sit] = []
        /// The line of each sit, for messages.
        package var lines: [Int] = []
        /// Insight Timer's rows of no length (a session ended at once), left out.
        package var empty = 0
        /// What to tell the user (`warning: …`, `note: …`): a torn last line left out, dates read
        /// month-first in a file that would read day-first as well.
        package var warnings: [String] = []
        /// The rows of other activities than those asked for (`--activity`), left out.
        package var otherActivities = 0
        /// Every row's activity (Meditation for none), as the file spelt it first, and how many rows had it:
        /// what a `--activity` that took no row is told (counted only with `--activity`).
        package var activities: [(name: String, count: Int)] = []
        /// Whether the file gave the sits their ids (Insight Timer's has none: a sit of it is known again
        /// by its start on the local clock and its seconds, and its id is made of them).
        package var hasIDs: Bool { format != .insightTimer }

        mutating func append(_ sit: Sit, line: Int) {
            sits.append(sit)
            lines.append(line)
        }
    }

    /// The longest sit an Insight Timer row may hold, as `log add` takes one: a day.
    static let longest = 24 * 3600

    /// The sits of `bytes`, read from `path` (for messages), their local times (Insight Timer's) read
    /// on `calendar`; every one must have ended by `now` (seconds since 1970), as `log add` requires.
    /// Every row is checked; then those of other activities than `options` asks for are left out.
    package static func read(_ bytes: [UInt8], path: String, calendar: LocalCalendar, now: Int,
                             options: Options = Options()) throws(JournalError) -> Read {
        let read = try readAll(bytes, path: path, calendar: calendar, now: now, dates: options.dates)
        // Without --activity every sit is taken, and what the file holds is no one's question.
        guard !options.activities.isEmpty else { return read }
        var kept = Read(format: read.format, empty: read.empty, warnings: read.warnings)
        var seen: [String: Int] = [:]
        for (sit, line) in zip(read.sits, read.lines) {
            let name = sit.activity ?? Sit.meditation
            if let index = seen[name.lowercased()] {
                kept.activities[index].count += 1
            } else {
                seen[name.lowercased()] = kept.activities.count
                kept.activities.append((name, 1))
            }
            if options.takes(sit) { kept.append(sit, line: line) } else { kept.otherActivities += 1 }
        }
        return kept
    }

    /// ``read(_:path:calendar:now:options:)`` of every row.
    private static func readAll(_ bytes: [UInt8], path: String, calendar: LocalCalendar, now: Int,
                                dates: DateOrder?) throws(JournalError) -> Read {
        let body = try utf8(bytes, path: path)
        let firstByte = body.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
        if firstByte == UInt8(ascii: "{") {
            // A journal's lines end in LF; CR alone would make the whole file one damaged line.
            if body.contains(0x0D), !body.contains(0x0A) {
                throw failure(path, 1, "a journal whose lines end in CR alone: a journal's lines end in LF (\\n), as the program writes them")
            }
            return try journal(body, path: path, now: now, calendar: calendar)
        }
        if firstByte == UInt8(ascii: "[") {
            throw failure(path, 1, "a JSON array, as 'log --format json' prints it: import the journal itself (a record a line), or what 'log --format csv' writes")
        }
        let first = firstLine(body)
        // Excel's Unicode text separates its fields with tabs: a header of tabs and no comma says so.
        let separator: UInt8 = first.bytes.contains(0x09) && !first.bytes.contains(0x2C) ? 0x09 : 0x2C
        let rows: [CSVRows.Row]
        do throws(JournalError) {
            rows = try CSVRows.parse(body, path: path, separator: separator)
        } catch {
            // A first line that is not even CSV is no file of these kinds (one that is not UTF-8 says so).
            if case let .document(problem) = error, problem.line == first.line,
               String(validating: first.bytes, as: UTF8.self) != nil { throw unknown(path, first) }
            throw error
        }
        guard let header = rows.first else { throw unknown(path, first) }
        var read: Read
        if header.fields == insightHeader {
            read = try insightTimer(rows.dropFirst(), path: path, calendar: calendar, dates: dates)
        } else if csvColumnCounts.contains(header.fields.count), Array(Sit.columns.prefix(header.fields.count)) == header.fields {
            read = Read(format: .csv)
            for row in rows.dropFirst() { read.append(try csv(row, columns: header.fields.count, path: path), line: row.line) }
        } else {
            throw unknown(path, first)
        }
        try checkTimes(read, path: path, now: now, calendar: calendar)
        return read
    }

    /// Refuses a sit that could not have happened by `now`, by the rule of a sit that comes in from
    /// outside (``Sit/checkPlausible(now:file:line:)``: ended by now, its seconds within its span, at
    /// most a day), naming its file and line.
    private static func checkTimes(_ read: Read, path: String, now: Int, calendar: LocalCalendar) throws(JournalError) {
        for (sit, line) in zip(read.sits, read.lines) {
            try sit.checkPlausible(now: now, file: path, line: line)
        }
    }

    /// The refusal of a file of no kind `log import` reads, naming what its first line holds (quoted,
    /// cut after 80 characters) and what would be read.
    private static func unknown(_ path: String, _ first: (line: Int, bytes: ArraySlice<UInt8>)) -> JournalError {
        let found = first.bytes.isEmpty ? "an empty file" : "its first line is \(quoted(bytes: first.bytes, limit: 80))"
        return .document(DocumentError(file: path, line: first.line, message: "not a file 'log import' reads (\(found)): expected Insight Timer's CSV (the header \(insightHeader.joined(separator: ","))), profile's CSV (\(Sit.keys.prefix(3).joined(separator: ","))…, as 'log --format csv' writes it), either of them separated by tabs, or a journal (a JSON record a line)"))
    }

    /// The first line of `bytes` that is not empty, its number and its bytes (without its line end): the
    /// header of a CSV; empty bytes for a file of no such line.
    static func firstLine(_ bytes: [UInt8]) -> (line: Int, bytes: ArraySlice<UInt8>) {
        var line = 1
        var index = 0
        while index < bytes.count {
            let end = bytes[index...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
            if end > index { return (line, bytes[index..<end]) }
            // CR LF is one line end; CR alone or LF alone is one too.
            index = end + (end + 1 < bytes.count && bytes[end] == 0x0D && bytes[end + 1] == 0x0A ? 2 : 1)
            line += 1
        }
        return (1, [])
    }

    /// `bytes` as UTF-8: a UTF-8 byte-order mark (as spreadsheets write one) left out, UTF-16 with its
    /// byte-order mark (little- or big-endian: Excel's Unicode text) turned into UTF-8. UTF-16 without a
    /// mark is refused saying so (its zero bytes give it away); any other text is checked as it is read.
    static func utf8(_ bytes: [UInt8], path: String) throws(JournalError) -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        let little = bytes.starts(with: [0xFF, 0xFE]), big = bytes.starts(with: [0xFE, 0xFF])
        if little || big {
            let name = little ? "UTF-16 (little-endian)" : "UTF-16 (big-endian)"
            guard bytes.count % 2 == 0 else {
                throw .document(DocumentError(file: path, message: "\(name) text, by its byte-order mark, of an odd number of bytes: it was cut short, or is no UTF-16; \(acceptedEncodings)"))
            }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            for index in stride(from: 2, to: bytes.count, by: 2) {
                let (low, high) = little ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                units.append(UInt16(high) << 8 | UInt16(low))
            }
            guard let text = String(validating: units, as: UTF16.self) else {
                throw .document(DocumentError(file: path, message: "\(name) text, by its byte-order mark, with a broken surrogate pair: no UTF-16; \(acceptedEncodings)"))
            }
            return Array(text.utf8)
        }
        // ASCII in UTF-16 has a zero byte beside each letter; UTF-8 text has none.
        let head = bytes.prefix(64)
        let evenZeros = stride(from: 0, to: head.count - 1, by: 2).filter { head[$0] == 0 }.count
        let oddZeros = stride(from: 1, to: head.count, by: 2).filter { head[$0] == 0 }.count
        let pairs = head.count / 2
        if pairs > 0, max(evenZeros, oddZeros) * 2 >= pairs, min(evenZeros, oddZeros) == 0 {
            throw .document(DocumentError(file: path, line: 1, message: "UTF-16 text (\(oddZeros > 0 ? "little" : "big")-endian, by its zero bytes) without a byte-order mark: \(acceptedEncodings) (as Excel's Unicode text does); save the file as CSV UTF-8 and import it again"))
        }
        return bytes
    }

    private static func failure(_ path: String, _ line: Int, column: Int? = nil, _ message: String) -> JournalError {
        .document(DocumentError(file: path, line: line, column: column, message: message))
    }

    /// A journal's lines: every one a record (blank lines skipped); a torn last line, as an interrupted
    /// write leaves (the other machine was writing), is left out with a warning, as the journal's
    /// readers leave it. A note or profile with a control or invisible character, which a journal
    /// written before they were checked may hold, is refused as `log add` refuses one: an import is a
    /// way in.
    private static func journal(_ bytes: [UInt8], path: String, now: Int, calendar: LocalCalendar) throws(JournalError) -> Read {
        let scan = SitLine.scan(bytes, keepLines: true, firstDamage: true)
        if let first = scan.damaged.first { throw .document(SitLine.damage(first.line, first.problem, path: path)) }
        var read = Read(format: .journal)
        if let torn = scan.torn {
            read.warnings.append("warning: \(escapedPath(path)):\(torn.number): ignored an incomplete last line (\(JournalMessages.bytes(torn.range.count)) with no newline, as an interrupted write leaves)")
        }
        for (sit, line) in zip(scan.sits, scan.lines) {
            let row = CSVRows.Row(line: line.number, fields: [])
            // A journal's empty string is text (null is none): refused, as `log add` refuses it.
            _ = try sit.profile.map { text throws(JournalError) in try Self.text(text, key: "profile", row: row, path: path, emptyIsNone: false, id: sit.id) }
            _ = try sit.note.map { text throws(JournalError) in try Self.text(text, key: "note", row: row, path: path, emptyIsNone: false, id: sit.id) }
            read.append(sit, line: line.number)
        }
        try checkTimes(read, path: path, now: now, calendar: calendar)
        return read
    }

    /// The id of a sit of Insight Timer's, made of what the row holds (its start and its seconds), so
    /// that the same row imported on two machines is one sit when their journals are joined:
    /// `it`, then the start (seconds since the year 1) in 8 base-36 digits, then the seconds in 5.
    static func insightID(start: Int, seconds: Int) -> String {
        func base36(_ value: Int, width: Int) -> String {
            let digits = String(max(value, 0), radix: 36)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "it" + base36(start + 62_135_596_800, width: 8) + base36(seconds, width: 5)
    }

    /// Whether `id` was made by ``insightID(start:seconds:)``.
    package static func isInsightID(_ id: String) -> Bool {
        id.utf8.count == 15 && id.hasPrefix("it")
    }

    /// What a row of Insight Timer's export holds before the file's order of day and month is known.
    private struct InsightRow {
        var line: Int
        var started: String
        var time: LocalTimeFields
        var seconds: Int
        var profile: String?
        var activity: String?
    }

    /// The rows of Insight Timer's export: `04/20/2026 08:21:14,0:45:0,Morning,Meditation`, a local time
    /// (the date month-first or day-first, read by the file's rule: ``DateReading``), a length (hours,
    /// minutes and seconds, unpadded), the preset (the profile, when not empty) and the activity (kept as
    /// the sit's ``Sit/activity`` when not `Meditation`); spaces around the last two are not theirs.
    /// Rows of no length (a session ended at once) are counted and left out.
    private static func insightTimer(_ rows: ArraySlice<CSVRows.Row>, path: String, calendar: LocalCalendar,
                                     dates: DateOrder?) throws(JournalError) -> Read {
        var read = Read(format: .insightTimer)
        var pending: [InsightRow] = []
        pending.reserveCapacity(rows.count)
        var reading = DateReading(given: dates)
        for row in rows {
            guard row.fields.count == 4 else {
                throw failure(path, row.line, "expected 4 fields (\(insightHeader.joined(separator: ","))), found \(row.fields.count)")
            }
            guard let time = localTimeFields(row.fields[0]) else {
                throw failure(path, row.line, column: 1, "Started At: expected a local time as MM/DD/YYYY HH:MM:SS or DD/MM/YYYY HH:MM:SS (also with h:MM:SS AM|PM), such as 04/20/2026 08:21:14, 20/04/2026 08:21:14 or 10/15/2024 6:30:00 AM, found \(quoted(row.fields[0], limit: 40))")
            }
            if let problem = reading.take(time, line: row.line, text: row.fields[0]) {
                throw failure(path, row.line, column: 1, "Started At: \(problem)")
            }
            guard let seconds = length(row.fields[1].trimmingWhitespace()) else {
                throw failure(path, row.line, "Duration: expected hours, minutes and seconds as H:M:S, such as 0:45:0, found \(quoted(row.fields[1], limit: 40))")
            }
            guard seconds > 0 else {
                read.empty += 1
                continue
            }
            guard seconds <= longest else {
                throw failure(path, row.line, "Duration: a sit of at most 24 hours, as 'log add' takes one, found \(quoted(row.fields[1], limit: 40))")
            }
            let profile = try text(row.fields[2].trimmingWhitespace(), key: "Preset", row: row, path: path)
            let activity = row.fields[3].trimmingWhitespace()
            let meditation = activity == Sit.meditation || (activity.utf8.count == 10 && activity.lowercased() == "meditation")
            pending.append(InsightRow(line: row.line, started: row.fields[0], time: time, seconds: seconds, profile: profile,
                                      activity: meditation ? nil : try text(activity, key: "Activity", row: row, path: path)))
        }
        let order = reading.order
        if let note = reading.note(path: path) { read.warnings.append(note) }
        for row in pending {
            let (month, day) = order == .monthFirst ? (row.time.firstNumber, row.time.secondNumber) : (row.time.secondNumber, row.time.firstNumber)
            guard CivilDate.isValid(year: row.time.year, month: month, day: day) else {
                let lacks = month > 12 ? "there is no month \(month)" : "month \(month) of \(row.time.year) has no day \(day)"
                throw failure(path, row.line, column: 1, "Started At: \(quoted(row.started.trimmingWhitespace(), limit: 40)) is no date read \(order.rawValue) (\(order.pattern)\(reading.why)): \(lacks)")
            }
            guard let start = calendar.epoch(year: row.time.year, month: month, day: day, hour: row.time.hour, minute: row.time.minute, second: row.time.seconds) else {
                throw failure(path, row.line, column: 1, "Started At: \(quoted(row.started, limit: 40)) is a time the local clock skipped when it was put forward (TZ)")
            }
            let sit = Sit(id: insightID(start: start, seconds: row.seconds), start: calendar.timestamp(start), end: calendar.timestamp(start + row.seconds),
                          profile: row.profile, seconds: row.seconds, plannedSeconds: row.seconds, outcome: .completed, bells: 0, note: nil,
                          activity: row.activity)
            // What the journal could not read back: a year past 9999, an offset of a day or more (every other
            // field was checked as it was read).
            guard sit.start.epoch >= -62_167_219_200, sit.end.epoch <= 253_402_300_799, abs(sit.start.offset) < 86_400,
                  abs(sit.end.offset) < 86_400 else {
                read.append(try checked(sit, row: CSVRows.Row(line: row.line, fields: []), path: path), line: row.line)
                continue
            }
            read.append(sit, line: row.line)
        }
        return read
    }

    /// How the dates of an Insight Timer file are read: one way for the whole file. A row whose first
    /// number is over 12 (`25/11/2026`) can only be day-first, one whose second is (`11/25/2026`) only
    /// month-first; a file with both is refused, naming the two rows; a file with neither is read
    /// month-first, as Insight Timer's US export writes them (and said, when some date would read
    /// otherwise the other way). `--dates` reads the file as it says, and a row that cannot be read
    /// that way is refused.
    struct DateReading {
        /// `--dates`.
        let given: DateOrder?
        /// The first row that can only be read day-first, and the first only month-first: line and text.
        private(set) var dayFirst: (line: Int, text: String)?
        private(set) var monthFirst: (line: Int, text: String)?
        /// Whether some row reads as another day the other way (`04/05`, not `04/04`).
        private(set) var ambiguous = false

        init(given: DateOrder?) { self.given = given }

        /// Takes a row's date; what is wrong with it, or nil.
        mutating func take(_ time: LocalTimeFields, line: Int, text: String) -> String? {
            let shown = quoted(text.trimmingWhitespace(), limit: 40)
            if time.firstNumber > 12, time.secondNumber > 12 {
                return "\(shown) has no month: neither of its first two numbers is 12 or under (a date is MM/DD/YYYY or DD/MM/YYYY)"
            }
            if time.firstNumber != time.secondNumber { ambiguous = true }
            if time.firstNumber > 12, dayFirst == nil { dayFirst = (line, text.trimmingWhitespace()) }
            if time.secondNumber > 12, monthFirst == nil { monthFirst = (line, text.trimmingWhitespace()) }
            // The row that makes the file read both ways is this one: the other was read before.
            guard given == nil, let day = dayFirst, let month = monthFirst else { return nil }
            let (this, other) = day.line == line ? ("day-first", month) : ("month-first", day)
            let that = this == "day-first" ? "month-first" : "day-first"
            return "\(shown) reads only \(this), and line \(other.line)'s \(quoted(other.text, limit: 40)) only \(that): a file's dates are read one way (MM/DD/YYYY or DD/MM/YYYY); mend the row that is not as the others"
        }

        /// The order the file is read in.
        var order: DateOrder { given ?? (dayFirst != nil ? .dayFirst : .monthFirst) }

        /// Why the file is read so, after its pattern: `, as --dates day-first says`, `, as line 3's
        /// "25/11/2026 08:00:00" shows`, or `, as Insight Timer's US export writes them`.
        var why: String {
            if let given { return ", as --dates \(given.rawValue) says" }
            if let row = dayFirst ?? monthFirst { return ", as line \(row.line)'s \(quoted(row.text, limit: 40)) shows" }
            return ", as Insight Timer's US export writes them; --dates day-first reads DD/MM/YYYY"
        }

        /// What to say of a file read month-first that would read day-first as well.
        func note(path: String) -> String? {
            guard given == nil, dayFirst == nil, monthFirst == nil, ambiguous else { return nil }
            return "note: \(escapedPath(path)): no date's day or month is over 12, so its dates could be either MM/DD/YYYY or DD/MM/YYYY: read month-first, as Insight Timer's US export writes them; --dates day-first reads them the other way"
        }
    }

    /// A text field as a profile or a note: nil when empty (for CSV, whose empty field is no text),
    /// refused as `log add` refuses one (an empty one too, unless `emptyIsNone`). The refusal of a sit
    /// with an id says how to mend it where it came from.
    private static func text(_ field: String, key: String, row: CSVRows.Row, path: String, emptyIsNone: Bool = true,
                             id: String? = nil) throws(JournalError) -> String? {
        if field.isEmpty, emptyIsNone { return nil }
        do throws(JournalError) {
            return try Sit.checkedText(field, option: key)
        } catch {
            guard case let .invalidOption(_, _, accepted) = error else { throw error }
            let mend = id.map { "; mend it where it was logged: profile log edit \($0) --\(key) TEXT (or --no-\(key))" } ?? ""
            throw failure(path, row.line, "\(id.map { "sit \(quoted($0)): " } ?? "")\(key): expected \(accepted)\(mend)")
        }
    }

    /// The counts of columns this program's CSV has had: the first nine of ``Sit/columns``, then with
    /// `pausedSeconds`, then `recovered`, then the breathing's three (issue 48), which come together,
    /// then `activity` (issue 50).
    static let csvColumnCounts: Set<Int> = [9, 10, 11, 14, Sit.columns.count]

    /// A row of this program's CSV: the columns of ``Sit/columns`` in their order (the first `columns`).
    /// The breathing's three are all empty (a sit without it) or all given, and then read back as the
    /// journal reads them (``checked(_:row:path:)``).
    private static func csv(_ row: CSVRows.Row, columns: Int, path: String) throws(JournalError) -> Sit {
        guard row.fields.count == columns else {
            throw failure(path, row.line, "expected \(columns) fields, as the header names, found \(row.fields.count)")
        }
        let f = row.fields
        func bad(_ key: String, _ expected: String, _ value: String) -> JournalError {
            failure(path, row.line, "\(key): expected \(expected), found \(quoted(value, limit: 40))")
        }
        func count(_ index: Int) throws(JournalError) -> Int {
            guard let value = wholeNumber(f[index]) else { throw bad(Sit.columns[index], "a whole number from 0 to \(grouped(Sit.maximumCount))", f[index]) }
            return value
        }
        guard Sit.isValidID(f[0]) else { throw bad("id", "1 to 64 letters, digits, '-' or '_'", f[0]) }
        guard let start = Timestamp(parsing: f[1]) else { throw bad("start", "a time such as 2026-11-23T07:15:00+01:00", f[1]) }
        guard let end = Timestamp(parsing: f[2]) else { throw bad("end", "a time such as 2026-11-23T07:15:00+01:00", f[2]) }
        guard let outcome = Outcome(rawValue: f[6]) else { throw bad("outcome", "completed, stopped or interrupted", f[6]) }
        let recovered: Bool
        switch columns > 10 ? f[10] : "false" {
        case "true": recovered = true
        case "false": recovered = false
        default: throw bad("recovered", "true or false", f[10])
        }
        // An empty plannedSeconds is an open-ended sit's, as `log --format csv` writes it.
        let sit = Sit(id: f[0], start: start, end: end, profile: try text(f[3], key: "profile", row: row, path: path, id: f[0]), seconds: try count(4),
                      plannedSeconds: f[5].isEmpty ? nil : try count(5), outcome: outcome, bells: try count(7), note: try text(f[8], key: "note", row: row, path: path, id: f[0]),
                      pausedSeconds: columns > 9 ? try count(9) : 0, recovered: recovered, breathing: try breathing(f, count: count),
                      activity: try activity(f, row: row, path: path))
        return try checked(sit, row: row, path: path)
    }

    /// The breathing of a row of `fields` (``Sit/columns``' last three): nil when the row has none or
    /// all three are empty; a pattern's name is checked when the row is read back.
    private static func breathing(_ fields: [String], count: (Int) throws(JournalError) -> Int) throws(JournalError) -> SitBreathing? {
        let first = Sit.columns.count - SitBreathing.columns.count - 1
        let columns = first..<(first + SitBreathing.columns.count)
        guard fields.count >= columns.upperBound, !fields[columns].allSatisfy(\.isEmpty) else { return nil }
        return SitBreathing(pattern: fields[first], breaths: try count(first + 1), seconds: try count(first + 2))
    }

    /// The activity of a row of `fields` (``Sit/columns``' last): nil when the row has none or it is
    /// empty (a meditation); else as the journal takes one (``Sit/activityProblem(_:)``).
    private static func activity(_ fields: [String], row: CSVRows.Row, path: String) throws(JournalError) -> String? {
        guard fields.count == Sit.columns.count, let text = fields.last, !text.isEmpty else { return nil }
        if let problem = Sit.activityProblem(text) {
            throw failure(path, row.line, "activity: expected \(problem), found \(quoted(text, limit: 40))")
        }
        return text
    }

    /// `sit` when the journal could read it back as it is (years 0000–9999, offsets under a day).
    private static func checked(_ sit: Sit, row: CSVRows.Row, path: String) throws(JournalError) -> Sit {
        let line = Array(sit.line.utf8.dropLast())
        if line.withUnsafeBufferPointer({ SitLine.fastDecode($0, 0..<line.count) }) == sit { return sit }
        let problem: String
        do throws(SitLine.Problem) {
            if try SitLine.decode(line) == sit { return sit }
            problem = "the sit would not read back as written"
        } catch {
            problem = "\(error.key.map { "\($0): " } ?? "")\(error.message)"
        }
        throw failure(path, row.line, problem)
    }

    /// Plain digits, no sign, at most ``Sit/maximumCount``.
    private static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 7, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text),
              value <= Sit.maximumCount else { return nil }
        return value
    }

    /// The numbers of an Insight Timer local time, the first two (day and month in either order) as
    /// written: each from 1 to 31, the hour from 0 to 23 (12-hour times turned into it).
    struct LocalTimeFields: Equatable {
        /// The date's first number and its second (day and month, in the file's order).
        var firstNumber: Int
        var secondNumber: Int
        var year: Int
        var hour: Int
        var minute: Int
        var seconds: Int
    }

    /// ``localTimeFields(_:)`` read `order`, checked against the calendar; nil for anything else.
    static func localTimeParts(_ text: String, order: DateOrder = .monthFirst) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)? {
        guard let fields = localTimeFields(text) else { return nil }
        let (month, day) = order == .monthFirst ? (fields.firstNumber, fields.secondNumber) : (fields.secondNumber, fields.firstNumber)
        guard CivilDate.isValid(year: fields.year, month: month, day: day) else { return nil }
        return (fields.year, month, day, fields.hour, fields.minute, fields.seconds)
    }

    /// `MM/DD/YYYY HH:MM:SS` or `DD/MM/YYYY HH:MM:SS` (the first two and the hour may be one digit), or
    /// the 12-hour `… h:MM:SS AM` (or `PM`, in any case, after a space: what Insight Timer's US export
    /// writes), as numbers: the first two from 1 to 31, the hour from 0 to 23; nil for anything else.
    /// Which of the first two is the month is the file's to say (``DateReading``).
    static func localTimeFields(_ text: String) -> LocalTimeFields? {
        // Six numbers and their separators, read from the bytes: this is the import's inner loop.
        var numbers: [Int] = []
        var digits: [Int] = []
        numbers.reserveCapacity(6)
        digits.reserveCapacity(6)
        var value = 0, count = 0, spaces = 0
        let separators: [UInt8] = [0x2F, 0x2F, 0x20, 0x3A, 0x3A]
        var utf8 = text.utf8[...]
        // Spaces around the field are not its own.
        while utf8.first == 0x20 { utf8 = utf8.dropFirst() }
        while utf8.last == 0x20 { utf8 = utf8.dropLast() }
        // A 12-hour time: AM or PM after a space; what it adds to the hour (12 AM is 0, 12 PM is 12).
        var meridiem: Int?
        if utf8.last.map({ $0 | 0x20 }) == 0x6D, let letter = utf8.dropLast().last.map({ $0 | 0x20 }), letter == 0x61 || letter == 0x70 {
            utf8 = utf8.dropLast(2)
            guard utf8.last == 0x20 else { return nil }
            while utf8.last == 0x20 { utf8 = utf8.dropLast() }
            meridiem = letter == 0x61 ? 0 : 12
        }
        for byte in utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                guard count < 4 else { return nil }
                value = value * 10 + Int(byte - 0x30)
                count += 1
                spaces = 0
                continue
            }
            let index = numbers.count
            // More than one space between the date and the time is still one separator.
            if byte == 0x20, spaces > 0, index == 3 { continue }
            guard index < 5, count > 0, byte == separators[index] else { return nil }
            if byte == 0x20 { spaces += 1 }
            numbers.append(value)
            digits.append(count)
            value = 0
            count = 0
        }
        guard numbers.count == 5, count > 0 else { return nil }
        numbers.append(value)
        digits.append(count)
        var (first, secondNumber, year, hour, minute, second) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + meridiem
        }
        guard digits[0] <= 2, digits[1] <= 2, digits[2] == 4, digits[3] <= 2, digits[4] == 2, digits[5] == 2,
              (1...31).contains(first), (1...31).contains(secondNumber), hour < 24, minute < 60, second < 60 else { return nil }
        return LocalTimeFields(firstNumber: first, secondNumber: secondNumber, year: year, hour: hour, minute: minute, seconds: second)
    }

    /// `H:M:S`, each part digits (unpadded, as Insight Timer writes them), as seconds.
    static func length(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 7 && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              let hours = Int(parts[0]), let minutes = Int(parts[1]), let seconds = Int(parts[2]), minutes < 60, seconds < 60 else { return nil }
        let total = hours * 3600 + minutes * 60 + seconds
        return total <= Sit.maximumCount ? total : nil
    }
}

/// The rows of RFC 4180 CSV: fields separated by commas (or tabs, as Excel's Unicode text separates
/// them), rows by CR LF, LF or CR alone (Excel's "CSV (Macintosh)"), a field in double quotes when it
/// holds a separator, a quote (doubled) or a line break. Blank lines are skipped.
package enum CSVRows {
    /// The longest field taken, in bytes: 64 KiB, sixteen times the longest note or profile's name
    /// (``Sit/longestText``), the longest text a row of these files holds.
    package static let fieldLimit = 64 * 1024

    /// A row: its first line's number and its fields.
    package struct Row: Sendable {
        package var line: Int
        package var fields: [String]
    }

    /// The rows of `bytes`; an unterminated quoted field, a quote inside an unquoted field or text after
    /// a closing quote, or bytes that are not UTF-8, are an error naming the line.
    ///
    /// - Complexity: one pass over the bytes.
    ///
    /// A field longer than `fieldLimit` bytes is refused as soon as it is, naming the line it starts
    /// on: a quoted field may run over many lines, so the line limit of the file's read does not bound it.
    ///
    /// - Parameters:
    ///   - separator: the byte between fields: a comma (0x2C), or a tab (0x09).
    ///   - fieldLimit: the longest field taken (``fieldLimit``; lower in tests).
    package static func parse(_ bytes: [UInt8], path: String, separator: UInt8 = 0x2C,
                              fieldLimit: Int = fieldLimit) throws(JournalError) -> [Row] {
        var rows: [Row] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var rowLine = 1
        var index = 0
        var quoted = false
        var wasQuoted = false
        // Where the quoted field under way began, for a quote that never ends.
        var quoteLine = 1
        func fail(_ message: String) -> JournalError {
            .document(DocumentError(file: path, line: line, message: message))
        }
        func tooLong(_ start: Int) -> JournalError {
            .document(DocumentError(file: path, line: start, message: """
                a field longer than \(grouped(fieldLimit)) bytes, refused once that much of it was read: no field of \
                these files is (a note or a profile's name is at most \(grouped(Sit.longestText)) bytes); a quote that \
                is never closed makes the rest of a file one field: check this line's quotes
                """))
        }
        func endField() throws(JournalError) {
            guard let text = String(validating: field, as: UTF8.self) else {
                throw fail("not UTF-8 text: \(JournalImport.acceptedEncodings); save the file as CSV UTF-8 and import it again")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        func endRow() throws(JournalError) {
            let blank = fields.isEmpty && field.isEmpty && !wasQuoted
            try endField()
            if !blank { rows.append(Row(line: rowLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
        }
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if quoted {
                if byte == 0x22 {
                    if index + 1 < count, bytes[index + 1] == 0x22 {
                        field.append(0x22)
                        index += 2
                        continue
                    }
                    quoted = false
                    index += 1
                    // Only a separator or the end of the row may follow a closing quote.
                    if index < count, bytes[index] != separator, bytes[index] != 0x0A, bytes[index] != 0x0D {
                        throw fail("text after a closing quote: a quote inside a quoted field is doubled (\"\")")
                    }
                    continue
                }
                // A line break in a quoted field: LF, or CR alone (CR LF counts at its LF).
                if byte == 0x0A || (byte == 0x0D && (index + 1 == count || bytes[index + 1] != 0x0A)) { line += 1 }
                field.append(byte)
                if field.count > fieldLimit { throw tooLong(quoteLine) }
                index += 1
                continue
            }
            if byte == separator {
                try endField()
                index += 1
                continue
            }
            switch byte {
            case 0x0D:
                // CR LF, or CR alone.
                if index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
                try endRow()
                line += 1
                rowLine = line
            case 0x0A:
                try endRow()
                line += 1
                rowLine = line
            case 0x22:
                guard field.isEmpty else { throw fail("a quote inside a field that does not start with one: such a field is quoted whole") }
                quoted = true
                wasQuoted = true
                quoteLine = line
            default:
                field.append(byte)
                if field.count > fieldLimit { throw tooLong(line) }
            }
            index += 1
        }
        if quoted {
            line = quoteLine
            throw fail("a quoted field that never ends: its closing quote is missing")
        }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { try endRow() }
        return rows
    }
}
