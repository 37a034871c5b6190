import Breath
import LocalTime
import JSON
import TableKit
import TextSupport

/// The formats of `profile log`.
package enum LogFormat: String, CaseIterable, Sendable {
    case table, plain, json, csv
    /// The CSV Insight Timer exports (and other timers import): `Started At,Duration,Preset,Activity`,
    /// the activity Meditation but for a sit that came in as another (``Sit/activity``).
    case insightTimer = "insight-timer"
}

/// The formats of `profile stats`.
package enum StatsFormat: String, CaseIterable, Sendable {
    case table, plain, json
}

/// Turns sits and their statistics into text. It never changes anything.
package enum JournalRenderer {
    // MARK: log

    /// `sits` (in the order given) in `format`; `calendar` gives the local dates of tables. `filter`
    /// names the filter that left no sits of a journal that has some (`--profile "Evening"`), for the
    /// table's "no sits match"; nil when the journal has none.
    package static func log(_ sits: [Sit], format: LogFormat, calendar: LocalCalendar, options: RenderOptions = RenderOptions(),
                            filter: String? = nil, height: Int? = nil) -> String {
        String(decoding: logBytes(sits, format: format, calendar: calendar, options: options, filter: filter, height: height), as: UTF8.self)
    }

    /// What a table says when no sit is shown: that none is logged, or that none matches `filter`.
    static func noSits(filter: String?) -> String {
        if let filter { return "no sits match \(filter)\n" }
        return "no sits logged; a run logs one, or: profile log add --start 'YYYY-MM-DD HH:MM' --duration 20m\n"
    }

    /// The headers of the `log` table. Bells and the planned length are left to the other formats, so
    /// that the table fits 80 columns with room for the profile and the note; so are the seconds paused.
    /// A `breathing` column (``breathingCell(_:)``) comes after the outcome when a sit shown was paced
    /// and the width keeps it; else the breathing leads the note's cell.
    static let logHeaders = ["id", "start", "sat", "outcome", "profile", "note"]

    /// How the log's columns give way on a narrow terminal (``ColumnFit``): the breathing column first,
    /// then the outcome, then the note (narrowed first); the id (what `log edit` and `log delete` take),
    /// the start, the time sat and the profile always stay. When they alone do not fit, the start takes
    /// its short form (`20 Nov 07:00`), then an id longer than the program's own (an imported one) is
    /// cut to that length, and the profile last.
    static func logFits(breathing: Bool) -> [ColumnFit] {
        [.key(narrowest: Sit.newID().count), .main(), .main(), .detail()] + (breathing ? [.detail()] : [])
            + [.key(narrowest: 5), .minor(narrowest: 10)]
    }

    /// The log's table of `sits`: with a breathing column when one of them was paced and the width keeps
    /// it, else with the breathing leading the note's cell (`4-7-8 ×16 · a note`), which gives way as
    /// the note does.
    static func logTable(_ sits: ArraySlice<Sit>, calendar: LocalCalendar, options: RenderOptions) -> BoxTable {
        let paced = sits.contains { $0.breathing != nil }
        // The start's short form, taken before a name is cut: `20 Nov 07:00` when the sits shown are of
        // one year, else the day alone.
        let years = Set(sits.map { CivilDate.fromDays(calendar.dayAndSecond($0.start.epoch).day).year })
        func start(_ epoch: Int) -> StyledText {
            let (days, seconds) = calendar.dayAndSecond(epoch)
            let (_, month, day) = CivilDate.fromDays(days)
            let short = years.count == 1
                ? "\(day) \(CivilDate.monthName(month)) \(CivilDate.pad(seconds / 3600, 2)):\(CivilDate.pad(seconds / 60 % 60, 2))"
                : CivilDate.text(days)
            return StyledText(calendar.dateAndTime(epoch), short: short)
        }
        func table(column: Bool) -> BoxTable {
            let rows = sits.map { sit -> [StyledText] in
                var note = sit.note.map(shown) ?? ""
                if paced, !column, let breathing = sit.breathing { note = breathingCell(breathing) + (note.isEmpty ? "" : " · " + note) }
                // A sit that was no meditation says what it was first (`Yoga · a note`), cut as the note is.
                if let activity = sit.activity { note = shown(activity) + (note.isEmpty ? "" : " · " + note) }
                return [StyledText(sit.id, .dim), start(sit.start.epoch),
                        StyledText(TimerDuration(seconds: sit.seconds).formatted),
                        StyledText(outcomeCell(sit), sit.outcome == .completed && !sit.recovered ? .plain : .dim)]
                    + (column ? [StyledText(sit.breathing.map(breathingCell) ?? "")] : [])
                    + [StyledText(sit.profile.map(shown) ?? "", .bold), StyledText(note)]
            }
            let headers = column ? Array(logHeaders.prefix(4)) + ["breathing"] + logHeaders.suffix(2) : logHeaders
            return BoxTable(headers: headers, rows: rows, alignments: Array(repeating: .left, count: 2) + [.right]
                                + Array(repeating: .left, count: headers.count - 3), fits: logFits(breathing: column))
        }
        guard paced else { return table(column: false) }
        let withColumn = table(column: true)
        return withColumn.columnsLeftOut(options: options).contains(4) ? table(column: false) : withColumn
    }

    /// ``log(_:format:calendar:options:filter:)`` as UTF-8 bytes, which the command writes without a copy.
    ///
    /// `height`, the terminal's lines, fits the table to it: only the last sits whose rows fit are shown
    /// (``rowsFitting(height:)``), and a last line says how many earlier ones are not. Nil (a pipe or a
    /// file, or `--all`) shows every sit; the other formats always give every sit.
    ///
    /// `escaping` (standard output is a terminal) escapes the text fields of CSV and Insight Timer's CSV
    /// as the table does (``shown(_:)``: `\u{1B}`, a backslash doubled), so that nothing in a note acts
    /// on the terminal; without it (a pipe or a file) they give the text exactly.
    package static func logBytes(_ sits: [Sit], format: LogFormat, calendar: LocalCalendar, options: RenderOptions = RenderOptions(),
                                 filter: String? = nil, height: Int? = nil, escaping: Bool = false) -> [UInt8] {
        func csvText(_ text: String) -> String { escaping ? csvField(shown(text)) : csvField(text) }
        switch format {
        case .table:
            guard !sits.isEmpty else { return Array(noSits(filter: filter).utf8) }
            // A table on a terminal shows the last sits that fit its height; when some are not shown and
            // a line under the table says which columns the width leaves out, one fewer (with every sit
            // shown, that line takes the one kept for saying how many are not).
            var fitting = height.map { min(sits.count, rowsFitting(height: $0)) } ?? sits.count
            var shownTable = logTable(sits.suffix(fitting), calendar: calendar, options: options)
            if height != nil, fitting > 1, fitting < sits.count, !shownTable.columnsLeftOut(options: options).isEmpty {
                fitting -= 1
                shownTable = logTable(sits.suffix(fitting), calendar: calendar, options: options)
            }
            let hidden = sits.count - fitting
            var table = shownTable.render(options: options)
            if hidden > 0 {
                let note = earlierNote(hidden)
                table += TextStyle.dim.apply(options.width.map { DisplayWidth.truncate(note, to: $0) } ?? note, color: options.color) + "\n"
            }
            return Array(table.utf8)
        case .plain:
            var text = ByteText(capacity: sits.count * 120)
            for sit in sits { appendFields(sit, to: &text, separator: 0x09, field: plain, lineEnd: "\n") }
            return text.bytes
        case .json:
            guard !sits.isEmpty else { return Array("[]\n".utf8) }
            var text = ByteText(capacity: sits.count * 220)
            text.append("[\n")
            for (index, sit) in sits.enumerated() {
                // A record per line: what `jq` and people read alike.
                text.append("  ")
                sit.write(to: &text, spaced: true, everyKey: true)
                text.append(index == sits.count - 1 ? "\n" : ",\n")
            }
            text.append("]\n")
            return text.bytes
        case .csv:
            var text = ByteText(capacity: sits.count * 120)
            text.append(Sit.columns.joined(separator: ",") + "\r\n")
            for sit in sits { appendFields(sit, to: &text, separator: 0x2C, field: csvText, lineEnd: "\r\n") }
            return text.bytes
        case .insightTimer:
            var text = ByteText(capacity: sits.count * 50)
            // The header the import reads, so that the two never part.
            text.append(JournalImport.insightHeader.joined(separator: ",") + "\r\n")
            for sit in sits {
                text.append(insightTimerTime(sit.start.epoch, calendar: calendar))
                text.append(byte: 0x2C)
                text.append(insightTimerDuration(sit.seconds))
                text.append(byte: 0x2C)
                text.append(csvText(sit.profile ?? ""))
                text.append(byte: 0x2C)
                // The activity as the row that brought it in spelt it; Meditation for every other sit.
                text.append(csvText(sit.activity ?? Sit.meditation))
                text.append("\r\n")
            }
            return text.bytes
        }
    }

    /// How many sits a log table shows on a terminal of `height` lines: all but the table's four lines of
    /// borders and headings, the line saying how many are not shown and the shell's next prompt; at least one.
    package static func rowsFitting(height: Int) -> Int { max(1, height - 6) }

    /// `… 120 earlier sits not shown: --all shows every one, -n N the last N`.
    static func earlierNote(_ hidden: Int) -> String {
        "… \(grouped(hidden)) earlier \(hidden == 1 ? "sit" : "sits") not shown: --all shows every one, -n N the last N"
    }

    /// `04/20/2026 08:21:14`: the local time of `epoch` as Insight Timer's export writes it (month, day,
    /// year; 24 hours; no zone).
    static func insightTimerTime(_ epoch: Int, calendar: LocalCalendar) -> String {
        let (days, seconds) = calendar.dayAndSecond(epoch)
        let (year, month, day) = CivilDate.fromDays(days)
        return "\(CivilDate.pad(month, 2))/\(CivilDate.pad(day, 2))/\(CivilDate.pad(year, 4)) "
            + "\(CivilDate.pad(seconds / 3600, 2)):\(CivilDate.pad(seconds / 60 % 60, 2)):\(CivilDate.pad(seconds % 60, 2))"
    }

    /// `0:45:0`: seconds as Insight Timer's export writes a duration, hours, minutes and seconds unpadded.
    static func insightTimerDuration(_ seconds: Int) -> String {
        "\(seconds / 3600):\(seconds / 60 % 60):\(seconds % 60)"
    }

    /// A sit's fields in the order of ``Sit/columns``, one line (the breathing's three empty for a sit
    /// without it, the activity empty for a meditation): `separator` between them, its text fields (id,
    /// profile, note, activity) through `field`, the rest as they are.
    private static func appendFields(_ sit: Sit, to text: inout ByteText, separator: UInt8, field: (String) -> String,
                                     lineEnd: StaticString) {
        text.append(field(sit.id))
        text.append(byte: separator)
        text.append(sit.start)
        text.append(byte: separator)
        text.append(sit.end)
        text.append(byte: separator)
        text.append(field(sit.profile ?? ""))
        text.append(byte: separator)
        text.append(sit.seconds)
        text.append(byte: separator)
        // An open-ended sit had no planned length: an empty field, as for a sit without a profile.
        if let planned = sit.plannedSeconds { text.append(planned) }
        text.append(byte: separator)
        text.append(sit.outcome.rawValue)
        text.append(byte: separator)
        text.append(sit.bells)
        text.append(byte: separator)
        text.append(field(sit.note ?? ""))
        text.append(byte: separator)
        text.append(sit.pausedSeconds)
        text.append(byte: separator)
        if sit.recovered { text.append("true") } else { text.append("false") }
        text.append(byte: separator)
        if let breathing = sit.breathing {
            // A pattern's text is digits, `-`, `.`, lowercase letters and a space: no field needs quoting.
            text.append(field(breathing.pattern))
            text.append(byte: separator)
            text.append(breathing.breaths)
            text.append(byte: separator)
            text.append(breathing.seconds)
        } else {
            text.append(byte: separator)
            text.append(byte: separator)
        }
        text.append(byte: separator)
        text.append(field(sit.activity ?? ""))
        text.append(lineEnd)
    }

    /// The table's breathing: the pattern and the breaths led, `4-7-8 ×16`.
    static func breathingCell(_ breathing: SitBreathing) -> String {
        "\(shown(breathing.pattern)) ×\(breathing.breaths)"
    }

    /// The table's outcome: `recovered` for a sit logged from the record of a run that was cut off
    /// (whose outcome is `interrupted`, unless its run ended and only the journal's write failed), so
    /// that the column says how the sit came to be logged; the other formats give both.
    static func outcomeCell(_ sit: Sit) -> String {
        sit.recovered ? "recovered" : sit.outcome.rawValue
    }

    /// A text field of plain output: a tab or line break becomes a space (TextSupport's ``plainField(_:)``),
    /// so each sit stays one line of tab-separated fields, and then what could act on a terminal (a
    /// control character, a bidi override) is escaped as messages escape it (`\u{1B}`), a backslash
    /// doubled so that an escape is told from text. JSON and CSV give the text exactly.
    static func plain(_ text: String) -> String {
        // Nearly every field is printable ASCII already.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == 0x5C }) else { return text }
        return escaped(plainField(text), limit: Int.max)
    }

    /// A text cell of a table: whole, but with control characters, bidi overrides and line breaks
    /// escaped, so that nothing in a note acts on the terminal or breaks a row.
    static func shown(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == 0x5C }) else { return text }
        return escaped(text, limit: Int.max)
    }

    /// A field of RFC 4180 CSV: quoted when it holds a comma, a quote or a line break, with each quote
    /// doubled.
    package static func csvField(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    /// What `log delete` shows of the sit it removes or asks about:
    /// `3f2a9c1e07d4  2026-11-23 07:15  32:10 of 35:00, stopped, Morning: "a note"`, with the breathing
    /// a pacer led after the profile (`…, Morning, 4-7-8 ×16: "a note"`) and what a sit that was no
    /// meditation was (`…, Morning, activity Yoga`).
    package static func describe(_ sit: Sit, calendar: LocalCalendar) -> String {
        var text = "\(sit.id)  \(calendar.dateAndTime(sit.start.epoch))  \(sit.lengthText), \(sit.outcome.rawValue)\(sit.recovered ? ", recovered" : "")"
        if let profile = sit.profile { text += ", \(escaped(profile))" }
        if let breathing = sit.breathing { text += ", \(breathingCell(breathing))" }
        if let activity = sit.activity { text += ", activity \(escaped(activity))" }
        if let note = sit.note { text += ": \(quoted(note))" }
        return text
    }

    // MARK: stats

    /// `3 h 05 min`, `45 min`, `< 1 min`, `0 min`: time sat, as people count it, in one style (whole
    /// minutes) for every time of the statistics.
    package static func hoursAndMinutes(_ seconds: Int) -> String {
        if seconds > 0 && seconds < 60 { return "< 1 min" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h \(TimerDuration.twoDigits(minutes % 60)) min"
    }

    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

    /// The summary's rows, label and value, which the table and the plain lines share.
    private static func summaryRows(_ stats: JournalStats) -> [(label: String, value: String)] {
        func week(_ t: JournalStats.Tally) -> String { "\(sits(t.sessions)), \(hoursAndMinutes(t.seconds))" }
        return [("sits", "\(stats.sessions) on \(days(stats.days))"), ("total", hoursAndMinutes(stats.totalSeconds)),
                ("average", hoursAndMinutes(stats.averageSeconds)), ("current streak", days(stats.currentStreak)),
                ("longest streak", days(stats.longestStreak))] + goalRows(stats) + [("this week", week(stats.thisWeek)),
                ("last week", week(stats.lastWeek))] + (stats.patterns.isEmpty ? [] : [("paced breathing", hoursAndMinutes(stats.pacedSeconds))])
    }

    /// With a goal: today's time against it, the goal streak and the best one.
    private static func goalRows(_ stats: JournalStats) -> [(label: String, value: String)] {
        guard let goal = stats.goalSeconds else { return [] }
        let met = stats.today.seconds >= goal ? ", met" : ""
        return [("today", "\(hoursAndMinutes(stats.today.seconds)) of \(hoursAndMinutes(goal))\(met)"),
                ("goal streak", days(stats.goalStreak ?? 0)), ("best goal streak", days(stats.bestGoalStreak ?? 0))]
    }
    static func sits(_ count: Int) -> String { count == 1 ? "1 sit" : "\(count) sits" }

    /// The statistics in `format`; `filter` as for ``log(_:format:calendar:options:filter:)``.
    package static func stats(_ stats: JournalStats, format: StatsFormat, options: RenderOptions = RenderOptions(),
                              filter: String? = nil) -> String {
        switch format {
        case .json:
            func tally(_ t: JournalStats.Tally) -> JSONWriter.Value {
                .object([("sessions", .int(t.sessions)), ("seconds", .int(t.seconds))])
            }
            return JSONWriter.text(inlineFlatObjects: true, .object([
                ("sessions", .int(stats.sessions)), ("totalSeconds", .int(stats.totalSeconds)),
                ("averageSeconds", .int(stats.averageSeconds)), ("days", .int(stats.days)),
                ("currentStreak", .int(stats.currentStreak)), ("longestStreak", .int(stats.longestStreak)),
                ("thisWeek", tally(stats.thisWeek)), ("lastWeek", tally(stats.lastWeek)),
                ("goalSeconds", stats.goalSeconds.map { .int($0) } ?? .null), ("todaySeconds", .int(stats.today.seconds)),
                ("goalStreakDays", stats.goalStreak.map { .int($0) } ?? .null),
                ("bestGoalStreakDays", stats.bestGoalStreak.map { .int($0) } ?? .null),
                ("profiles", .array(stats.profiles.map { entry in
                    .object([("profile", entry.profile.map { .string($0) } ?? .null), ("sessions", .int(entry.sessions)),
                             ("seconds", .int(entry.seconds))])
                })),
                // Issue 48's paced breathing, last so that the keys before it stay where they were.
                ("pacedSeconds", .int(stats.pacedSeconds)),
                ("patterns", .array(stats.patterns.map { entry in
                    .object([("pattern", .string(entry.pattern)), ("sessions", .int(entry.sessions)),
                             ("breaths", .int(entry.breaths)), ("seconds", .int(entry.seconds))])
                })),
            ]))
        case .plain:
            // The table's rows, a tab between label and value, then a line a profile: `profile<TAB>name<TAB>sits<TAB>time`.
            guard stats.sessions > 0 else { return noSits(filter: filter) }
            var text = summaryRows(stats).map { "\($0.label)\t\($0.value)\n" }.joined()
            for entry in stats.profiles {
                text += "profile\t\(entry.profile.map(plain) ?? "(no profile)")\t\(entry.sessions)\t\(hoursAndMinutes(entry.seconds))\n"
            }
            // Then a line a pattern paced, when any was: `pattern<TAB>4-7-8<TAB>sits<TAB>breaths<TAB>time`.
            for entry in stats.patterns {
                text += "pattern\t\(plain(entry.pattern))\t\(entry.sessions)\t\(entry.breaths)\t\(hoursAndMinutes(entry.seconds))\n"
            }
            return text
        case .table:
            guard stats.sessions > 0 else { return noSits(filter: filter) }
            let summary = BoxTable(title: StyledText("Sits", .bold), rows: summaryRows(stats).map { row in
                [StyledText(row.label), StyledText(row.value, row.label == "current streak" && stats.currentStreak > 0 ? .on : .plain)]
            })
            let perProfile = BoxTable(title: StyledText("Per profile", .bold), headers: ["profile", "sits", "time"],
                                      rows: stats.profiles.map { entry in
                                          [StyledText(entry.profile.map(shown) ?? "(no profile)", entry.profile == nil ? .dim : .plain),
                                           StyledText(String(entry.sessions)), StyledText(hoursAndMinutes(entry.seconds))]
                                      }, alignments: [.left, .right, .right], fits: [.key(narrowest: 5)])
            guard !stats.patterns.isEmpty else { return summary.render(options: options) + perProfile.render(options: options) }
            let perPattern = BoxTable(title: StyledText("Paced breathing", .bold), headers: ["pattern", "sits", "breaths", "time"],
                                      rows: stats.patterns.map { entry in
                                          [StyledText(shown(entry.pattern)), StyledText(String(entry.sessions)),
                                           StyledText(String(entry.breaths)), StyledText(hoursAndMinutes(entry.seconds))]
                                      }, alignments: [.left, .right, .right, .right], fits: [.key(narrowest: 5)])
            return summary.render(options: options) + perProfile.render(options: options) + perPattern.render(options: options)
        }
    }
}
