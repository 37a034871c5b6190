import JSON
import ProfileKit
import TableKit
import TextSupport

/// The formats of `profile log`.
package enum LogFormat: String, CaseIterable, Sendable {
    case table, plain, json, csv
}

/// The formats of `profile stats`.
package enum StatsFormat: String, CaseIterable, Sendable {
    case table, json
}

/// Turns sits and their statistics into text. It never changes anything.
package enum JournalRenderer {
    // MARK: log

    /// `sits` (in the order given) in `format`; `calendar` gives the local dates of tables.
    package static func log(_ sits: [Sit], format: LogFormat, calendar: LocalCalendar, options: RenderOptions = RenderOptions()) -> String {
        String(decoding: logBytes(sits, format: format, calendar: calendar, options: options), as: UTF8.self)
    }

    /// ``log(_:format:calendar:options:)`` as UTF-8 bytes, which the command writes without a copy.
    package static func logBytes(_ sits: [Sit], format: LogFormat, calendar: LocalCalendar, options: RenderOptions = RenderOptions()) -> [UInt8] {
        switch format {
        case .table:
            guard !sits.isEmpty else { return Array("no sits logged; a run logs one, or: profile log add --start 'YYYY-MM-DD HH:MM' --duration 20m\n".utf8) }
            let rows = sits.map { sit -> [StyledText] in
                [StyledText(sit.id, .dim), StyledText(calendar.dateAndTime(sit.start.epoch)),
                 StyledText(TimerDuration(seconds: sit.seconds).formatted), StyledText(TimerDuration(seconds: sit.plannedSeconds).formatted),
                 StyledText(sit.outcome.rawValue, sit.outcome == .completed ? .plain : .dim), StyledText(String(sit.bells)),
                 StyledText(sit.profile ?? "", .bold), StyledText(sit.note ?? "")]
            }
            return BoxTable(headers: ["id", "start", "sat", "of", "outcome", "bells", "profile", "note"], rows: rows,
                            alignments: [.left, .left, .right, .right, .left, .right, .left, .left], flexibleColumn: 7)
                .render(options: options).utf8.map { $0 }
        case .plain:
            var text = ByteText(capacity: sits.count * 120)
            for sit in sits {
                text.append(sit.id)
                text.append(byte: 0x09)
                text.append(sit.start)
                text.append(byte: 0x09)
                text.append(sit.end)
                text.append(byte: 0x09)
                text.append(plainField(sit.profile ?? ""))
                text.append(byte: 0x09)
                text.append(sit.seconds)
                text.append(byte: 0x09)
                text.append(sit.plannedSeconds)
                text.append(byte: 0x09)
                text.append(sit.outcome.rawValue)
                text.append(byte: 0x09)
                text.append(sit.bells)
                text.append(byte: 0x09)
                text.append(plainField(sit.note ?? ""))
                text.append(byte: 0x0A)
            }
            return text.bytes
        case .json:
            guard !sits.isEmpty else { return Array("[]\n".utf8) }
            var text = ByteText(capacity: sits.count * 220)
            text.append("[\n")
            for (index, sit) in sits.enumerated() {
                // A record per line: what `jq` and people read alike.
                text.append("  ")
                sit.write(to: &text, spaced: true)
                text.append(index == sits.count - 1 ? "\n" : ",\n")
            }
            text.append("]\n")
            return text.bytes
        case .csv:
            var text = ByteText(capacity: sits.count * 120)
            text.append(Sit.keys.joined(separator: ",") + "\r\n")
            for sit in sits {
                text.append(csvField(sit.id))
                text.append(byte: 0x2C)
                text.append(sit.start)
                text.append(byte: 0x2C)
                text.append(sit.end)
                text.append(byte: 0x2C)
                text.append(csvField(sit.profile ?? ""))
                text.append(byte: 0x2C)
                text.append(sit.seconds)
                text.append(byte: 0x2C)
                text.append(sit.plannedSeconds)
                text.append(byte: 0x2C)
                text.append(sit.outcome.rawValue)
                text.append(byte: 0x2C)
                text.append(sit.bells)
                text.append(byte: 0x2C)
                text.append(csvField(sit.note ?? ""))
                text.append("\r\n")
            }
            return text.bytes
        }
    }

    /// A field of plain output: a tab or line break in it becomes a space, so each sit stays one line
    /// of tab-separated fields.
    static func plainField(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 >= 0x80 }) else { return text }
        return String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }

    /// A field of RFC 4180 CSV: quoted when it holds a comma, a quote or a line break, with each quote
    /// doubled.
    package static func csvField(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    /// What `log delete` shows of the sit it removes or asks about:
    /// `3f2a9c1e  2026-11-23 07:15  32:10 of 35:00, stopped, Morning: "a note"`.
    package static func describe(_ sit: Sit, calendar: LocalCalendar) -> String {
        var text = "\(sit.id)  \(calendar.dateAndTime(sit.start.epoch))  \(TimerDuration(seconds: sit.seconds).formatted) of \(TimerDuration(seconds: sit.plannedSeconds).formatted), \(sit.outcome.rawValue)"
        if let profile = sit.profile { text += ", \(escaped(profile))" }
        if let note = sit.note { text += ": \(quoted(note))" }
        return text
    }

    // MARK: stats

    /// `3 h 05 min`, `45 min`, `40 s`: time sat, as people count it.
    package static func hoursAndMinutes(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds) s" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h \(TimerDuration.twoDigits(minutes % 60)) min"
    }

    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
    static func sits(_ count: Int) -> String { count == 1 ? "1 sit" : "\(count) sits" }

    /// The statistics in `format`.
    package static func stats(_ stats: JournalStats, format: StatsFormat, options: RenderOptions = RenderOptions()) -> String {
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
                ("profiles", .array(stats.profiles.map { entry in
                    .object([("profile", entry.profile.map { .string($0) } ?? .null), ("sessions", .int(entry.sessions)),
                             ("seconds", .int(entry.seconds))])
                })),
            ]))
        case .table:
            guard stats.sessions > 0 else { return "no sits logged; a run logs one, or: profile log add --start 'YYYY-MM-DD HH:MM' --duration 20m\n" }
            func week(_ t: JournalStats.Tally) -> String { "\(sits(t.sessions)), \(hoursAndMinutes(t.seconds))" }
            let summary = BoxTable(title: StyledText("Sits", .bold), rows: [
                [StyledText("sits"), StyledText("\(stats.sessions) on \(days(stats.days))")],
                [StyledText("total"), StyledText(hoursAndMinutes(stats.totalSeconds))],
                [StyledText("average"), StyledText(TimerDuration(seconds: stats.averageSeconds).formatted)],
                [StyledText("current streak"), StyledText(days(stats.currentStreak), stats.currentStreak > 0 ? .on : .plain)],
                [StyledText("longest streak"), StyledText(days(stats.longestStreak))],
                [StyledText("this week"), StyledText(week(stats.thisWeek))],
                [StyledText("last week"), StyledText(week(stats.lastWeek))],
            ])
            let perProfile = BoxTable(title: StyledText("Per profile", .bold), headers: ["profile", "sits", "time"],
                                      rows: stats.profiles.map { entry in
                                          [StyledText(entry.profile ?? "(no profile)", entry.profile == nil ? .dim : .plain),
                                           StyledText(String(entry.sessions)), StyledText(hoursAndMinutes(entry.seconds))]
                                      }, alignments: [.left, .right, .right], flexibleColumn: 0)
            return summary.render(options: options) + perProfile.render(options: options)
        }
    }
}
