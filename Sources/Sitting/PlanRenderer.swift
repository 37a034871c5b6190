import Breath
import LocalTime
import TableKit
import JSON
import ProfileKit
import TextSupport

extension ProfileRenderer {
    /// A session's timeline: each event with its offset from the start and, given `start`, its clock
    /// time; the total length; and the interval bells dropped near the end (a note under the table, a
    /// `dropped` line in plain output, the `dropped` list in JSON). A recorded sound that `catalog` lacks
    /// is marked: the run rings the default bell in its place.
    ///
    /// Given `clock` (where the session lies on the local clock, which then gives the start), the clock
    /// times are read from each event's moment, across a change to or from summer time, and JSON's
    /// `endsAt` (`HH:MM`, or `HH:MM:SS` when its seconds are not zero) gives the end (null for an
    /// open-ended sit, or with no clock). For a session that starts now (``PlanClock/startsNow``), the
    /// table's title says the day of its start and end (`starts 16:55:23 today, ends 07:00 tomorrow`)
    /// and JSON's `endsDaysFromToday` the end's (0 today, 1 tomorrow; otherwise null).
    ///
    /// Given `pacing` (the breathing pacer, issue 48), where it starts and ends: a line under the table,
    /// `breathing-start` and `breathing-end` lines in plain output (in time order, the pattern in the
    /// eighth field), and JSON's `breathing` object (present only for a paced sit).
    package static func plan(_ timeline: Timeline, name: String, start givenStart: ClockTime?, on planClock: PlanClock? = nil, format: OutputFormat,
                            catalog: SoundCatalog = .builtIn, options: RenderOptions = RenderOptions(),
                            pacing: BreathPacing? = nil) -> String {
        let start = planClock.map { $0.time(at: 0) } ?? givenStart
        func time(_ offset: Int) -> (time: ClockTime, days: Int)? {
            guard let start else { return nil }
            guard let planClock else { return start.adding(offset) }
            return (planClock.time(at: offset), planClock.daysAfterStart(at: offset))
        }
        func missing(_ bell: BellChoice?) -> Bool { bell.map { !catalog.has($0.sound) } ?? false }
        func bellText(_ bell: BellChoice?) -> String {
            guard let bell else { return "—" }
            return bell.description + (missing(bell) ? " (missing: rings \(Bell.default.rawValue))" : "")
        }
        let rows = PlanRow.rows(of: timeline)
        let seconds: Int? = switch timeline.end {
        case .fixed(let seconds): seconds
        case .open: nil
        }
        let withSeconds = (rows.compactMap(\.seconds) + timeline.droppedIntervals + [seconds ?? 0]).contains {
            (time($0)?.time.secondsSinceMidnight ?? 0) % 60 != 0
        }
        func clock(_ offset: Int?) -> String? {
            guard let offset, let (time, days) = time(offset) else { return nil }
            return time.formatted(withSeconds: withSeconds) + (days > 0 ? " +\(days)d" : "")
        }
        /// `07:00 tomorrow`: a moment of the session with its day (and its seconds when it has some), given a clock.
        func moment(_ offset: Int) -> String? { planClock.flatMap { $0.startsNow ? $0.moment(at: offset).description : nil } }
        let ends = seconds.flatMap { seconds in planClock.map { $0.moment(at: seconds) } }
        let endsDays = planClock?.startsNow == true ? ends?.daysFromToday : nil
        let total = seconds.map { TimerDuration(seconds: $0).formatted } ?? "open-ended"
        let bellCount = rows.filter { $0.event.bell != nil && $0.every == nil }.count
        switch format {
        case .table:
            let tableRows = rows.map { row in
                [StyledText(row.offsetText)]
                    + (start == nil ? [] : [StyledText(clock(row.seconds) ?? "")])
                    + [StyledText(row.title), StyledText(bellText(row.event.bell), row.event.bell == nil ? .dim : .plain)]
            }
            var title = "\(name): \(total), \(timeline.bellsText)"
            if let starts = moment(0) {
                title += ", starts \(starts)" + (seconds.flatMap(moment).map { ", ends \($0)" } ?? "")
            } else {
                if start != nil, let seconds { title += ", \(clock(0) ?? "") to \(clock(seconds) ?? "")" }
                if start != nil, seconds == nil { title += ", from \(clock(0) ?? "")" }
            }
            var text = BoxTable(
                title: StyledText(title, .bold),
                headers: ["Offset"] + (start == nil ? [] : ["Clock"]) + ["Event", "Bell"],
                rows: tableRows,
                alignments: [.right] + (start == nil ? [] : [.right]) + [.left, .left],
                // The offset and the clock say when; the bell is cut before the event, and neither left out.
                fits: [.key()] + (start == nil ? [] : [.main()]) + [.key(narrowest: 8), .main(narrowest: 8)]
            ).render(options: options)
            text += droppedNote(timeline)
            if let pacing {
                let from = TimerDuration(seconds: Int(pacing.start)).formatted + (clock(Int(pacing.start)).map { " (\($0))" } ?? "")
                let to = pacing.end.map { end in TimerDuration(seconds: Int(end)).formatted + (clock(Int(end)).map { " (\($0))" } ?? "") }
                text += "breathing: \(Self.breathText(pacing.pattern)) from \(from) \(to.map { "to \($0)" } ?? "until the main sit ends")\n"
            }
            if timeline.isOpen { text += "the main sit is open-ended: it ends when you end it (q, then y)\n" }
            return text
        case .plain:
            // The bell's name, strikes and volume are fields of their own; `missing` marks a recording
            // this machine lacks. Fields only ever join at the end: an open-ended sit's interval bells that
            // go on every so often are one line, `intervals`, whose eighth field is the seconds between them.
            func line(_ offset: String, _ clock: String?, _ event: String, _ bell: BellChoice?, every: Int? = nil) -> String {
                ([offset, clock ?? "", event, bell.map { plainField($0.sound.name) } ?? "",
                  bell.map { String($0.strikes) } ?? "", bell.map { String($0.volume) } ?? "", missing(bell) ? "missing" : ""]
                 + (every.map { [String($0)] } ?? []))
                    .joined(separator: "\t") + "\n"
            }
            // A dropped interval bell is a line of its own, `dropped` with no bell (nothing rings), in
            // time order before the events at its offset: the note of the table, in fields a script reads.
            var dropped = timeline.droppedIntervals[...]
            // The pacer's start and end, each a line in time order: the start after the events at its
            // offset (the bell that starts the main sit comes first), the end before those at its own.
            var paced: [(seconds: Int, before: Bool, text: String)] = []
            if let pacing {
                let start = Int(pacing.start)
                paced.append((start, false, line(TimerDuration(seconds: start).formatted, clock(start), "breathing-start", nil) ))
                let end = pacing.end.map { Int($0) }
                paced.append((end ?? Int.max, true, line(end.map { TimerDuration(seconds: $0).formatted } ?? "open", clock(end), "breathing-end", nil)))
                paced = paced.map { ($0.seconds, $0.before, String($0.text.dropLast()) + "\t\(pacing.pattern.text)\n") }
            }
            var text = ""
            for row in rows {
                while let offset = dropped.first, let at = row.seconds, offset <= at {
                    text += line(TimerDuration(seconds: offset).formatted, clock(offset), Self.droppedEvent, nil)
                    dropped.removeFirst()
                }
                while let next = paced.first, next.seconds < (row.seconds ?? Int.max) || (next.before && next.seconds == row.seconds) {
                    text += next.text
                    paced.removeFirst()
                }
                text += line(row.offsetText, clock(row.seconds), row.every == nil ? row.event.kind.rawValue : "intervals",
                             row.event.bell, every: row.every)
            }
            return text + dropped.map { line(TimerDuration(seconds: $0).formatted, clock($0), Self.droppedEvent, nil) }.joined()
                + paced.map(\.text).joined()
        case .json:
            return JSONWriter.text(inlineFlatObjects: true, .object([
                ("name", .string(name)),
                ("start", start.map { .string(clock(0) ?? $0.description) } ?? .null),
                ("total", seconds == nil ? .null : .string(total)),
                ("totalSeconds", seconds.map { .int($0) } ?? .null),
                ("open", .bool(seconds == nil)),
                ("endsAt", ends.map { .string($0.time.description) } ?? .null),
                ("endsDaysFromToday", endsDays.map { .int($0) } ?? .null),
                ("bells", .int(bellCount)),
                ("events", .array(rows.map { row in
                    let event = row.event
                    var members: [(String, JSONWriter.Value)] = [
                        ("offset", .string(row.offsetText)),
                        ("seconds", row.seconds.map { .int($0) } ?? .null),
                        ("clock", clock(row.seconds).map { .string($0) } ?? .null),
                        ("event", .string(row.every == nil ? event.kind.rawValue : "intervals")),
                        ("title", .string(row.title)),
                        ("bell", event.bell.map { .string($0.sound.name) } ?? .null),
                        ("strikes", event.bell.map { .int($0.strikes) } ?? .null),
                        ("volume", event.bell.map { .int($0.volume) } ?? .null),
                        ("missing", .bool(missing(event.bell))),
                    ]
                    if timeline.isOpen {
                        members.append(("afterMainEnd", row.afterMainEnd.map { .int($0) } ?? .null))
                        members.append(("every", row.every.map { .int($0) } ?? .null))
                    }
                    return .object(members)
                })),
                ("dropped", .array(timeline.droppedIntervals.map { .string(TimerDuration(seconds: $0).formatted) })),
            ] + (pacing.map { pacing in
                let end = pacing.end.map { Int($0) }
                return [("breathing", .object([
                    ("pattern", .string(pacing.pattern.text)),
                    ("start", .string(TimerDuration(seconds: Int(pacing.start)).formatted)),
                    ("startSeconds", .int(Int(pacing.start))),
                    ("end", end.map { .string(TimerDuration(seconds: $0).formatted) } ?? .null),
                    ("endSeconds", end.map { .int($0) } ?? .null),
                    ("cue", .string(pacing.cue.rawValue)),
                ]))]
            } ?? [])))
        }
    }

    /// The note on dropped interval bells when `after`, a changed `before`, drops a bell that `before`
    /// rang; otherwise nothing. Bells are compared by their place in the main sit, so a longer warm-up,
    /// which moves every bell, drops none.
    package static func droppedNote(before: Profile, after: Profile) -> String {
        func dropped(_ profile: Profile) -> Set<Int> {
            Set(profile.intervals.droppedOffsets(inMainSitOf: profile.duration))
        }
        guard !dropped(after).isSubset(of: dropped(before)) else { return "" }
        return droppedNote(Timeline(profile: after))
    }

    /// `4-7-8 (in 4, hold 7, out 8)`: a pattern as the plan and the run say it.
    package static func breathText(_ pattern: BreathPattern) -> String {
        "\(pattern.text) (\(phasesText(pattern)))"
    }

    /// `in 4, hold 7, out 8`: a pattern's phases and their seconds.
    package static func phasesText(_ pattern: BreathPattern) -> String {
        pattern.phases.map { "\($0.move.rawValue) \(BreathPattern.text($0.tenths))" }.joined(separator: ", ")
    }

    /// The event field of a dropped interval bell's line in plain output.
    package static let droppedEvent = "dropped"

    /// `dropped the interval bell at 30:00: it falls on the main sit's end or within 10 s of it`, or
    /// nothing; a chosen time past a shortened main sit's end is said to fall past it. The times are on
    /// the clock the bells were set on, the main sit's: after a warm-up, `at 25:00 into the main sit`
    /// (the plan's offsets count from the session's start, the warm-up's too).
    static func droppedNote(_ timeline: Timeline) -> String {
        guard !timeline.droppedIntervals.isEmpty else { return "" }
        let main = timeline.parts.first { $0.type == .main }
        let mainStart = main?.start ?? 0
        let offsets = timeline.droppedIntervals.map { $0 - mainStart }
        let times = offsets.map { TimerDuration(seconds: $0).formatted }.joined(separator: ", ")
        let one = offsets.count == 1
        let place = offsets.contains { $0 > (main?.length ?? 0) } ? "on or past" : "on"
        let clock = mainStart == 0 ? "" : " into the main sit"
        return "dropped the interval \(one ? "bell" : "bells") at \(times)\(clock): \(one ? "it falls" : "they fall") \(place) the main sit's end or within \(Intervals.guardSeconds) s of it\n"
    }
}

/// One row of a plan: an event at its offset; for an open-ended main sit, the events that follow its end
/// (at offsets from that end, `open + 05:00`) and its interval bells that go on every so often (one row).
struct PlanRow {
    var event: Timeline.Event
    /// Seconds from the session's start; nil after an open-ended main sit's end.
    var seconds: Int?
    /// Seconds after an open-ended main sit's end.
    var afterMainEnd: Int?
    /// For the one row of an open-ended sit's interval bells, the seconds between them.
    var every: Int?

    /// `05:00`, `open`, `open + 05:00`.
    var offsetText: String {
        if let seconds { return TimerDuration(seconds: seconds).formatted }
        let after = afterMainEnd ?? 0
        return after == 0 ? "open" : "open + \(TimerDuration(seconds: after).formatted)"
    }

    /// `Interval bell 2`, or `Interval bells, every 10:00` for the row of the bells that go on.
    var title: String {
        every.map { "Interval bells, every \(TimerDuration(seconds: $0).formatted)" } ?? event.title
    }

    static func rows(of timeline: Timeline) -> [PlanRow] {
        guard case .open(let every) = timeline.end else {
            return timeline.events.map { PlanRow(event: $0, seconds: $0.offset) }
        }
        var rows: [PlanRow] = []
        for event in timeline.events {
            if event.kind == .interval, let every {
                // The bells that go on until the sitter ends the sit: the first one, and how often.
                if event.number == 1 { rows.append(PlanRow(event: event, seconds: event.offset, every: every)) }
            } else {
                rows.append(PlanRow(event: event, seconds: event.offset))
            }
        }
        return rows + timeline.closing.events.map { PlanRow(event: $0, seconds: nil, afterMainEnd: $0.offset) }
    }
}
