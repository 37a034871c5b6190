import TableKit
import JSON
import ProfileKit

extension ProfileRenderer {
    /// A session's timeline: each event with its offset from the start and, given `start`, its clock
    /// time; the total length; and the interval bells dropped near the end (a note under the table, a
    /// `dropped` line in plain output, the `dropped` list in JSON). A recorded sound that `catalog` lacks
    /// is marked: the run rings the default bell in its place.
    package static func plan(_ timeline: Timeline, name: String, start: ClockTime?, format: OutputFormat,
                            catalog: SoundCatalog = .builtIn, options: RenderOptions = RenderOptions()) -> String {
        func missing(_ bell: BellChoice?) -> Bool { bell.map { !catalog.has($0.sound) } ?? false }
        func bellText(_ bell: BellChoice?) -> String {
            guard let bell else { return "—" }
            return bell.description + (missing(bell) ? " (missing: rings \(Bell.default.rawValue))" : "")
        }
        let withSeconds = start.map { start in
            (timeline.events.map(\.offset) + timeline.droppedIntervals).contains {
                start.adding($0).time.secondsSinceMidnight % 60 != 0
            }
        } ?? false
        func clock(_ offset: Int) -> String? {
            guard let start else { return nil }
            let (time, days) = start.adding(offset)
            return time.formatted(withSeconds: withSeconds) + (days > 0 ? " +\(days)d" : "")
        }
        let seconds = switch timeline.end {
        case .fixed(let seconds): seconds
        }
        let total = TimerDuration(seconds: seconds).formatted
        let bellCount = timeline.bells.count
        switch format {
        case .table:
            let rows = timeline.events.map { event in
                [StyledText(TimerDuration(seconds: event.offset).formatted)]
                    + (start == nil ? [] : [StyledText(clock(event.offset) ?? "")])
                    + [StyledText(event.title), StyledText(bellText(event.bell), event.bell == nil ? .dim : .plain)]
            }
            var title = "\(name): \(total), \(bellCount) \(bellCount == 1 ? "bell" : "bells")"
            if start != nil { title += ", \(clock(0) ?? "") to \(clock(seconds) ?? "")" }
            var text = BoxTable(
                title: StyledText(title, .bold),
                headers: ["Offset"] + (start == nil ? [] : ["Clock"]) + ["Event", "Bell"],
                rows: rows,
                alignments: [.right] + (start == nil ? [] : [.right]) + [.left, .left],
                flexibleColumn: start == nil ? 1 : 2
            ).render(options: options)
            text += droppedNote(timeline)
            return text
        case .plain:
            // The bell's name, strikes and volume are fields of their own; `missing` marks a recording
            // this machine lacks. Fields only ever join at the end.
            func line(_ offset: Int, _ event: String, _ bell: BellChoice?) -> String {
                [TimerDuration(seconds: offset).formatted, clock(offset) ?? "", event, bell.map { plainField($0.sound.name) } ?? "",
                 bell.map { String($0.strikes) } ?? "", bell.map { String($0.volume) } ?? "", missing(bell) ? "missing" : ""]
                    .joined(separator: "\t") + "\n"
            }
            // A dropped interval bell is a line of its own, `dropped` with no bell (nothing rings), in
            // time order before the events at its offset: the note of the table, in fields a script reads.
            var dropped = timeline.droppedIntervals[...]
            var text = ""
            for event in timeline.events {
                while let offset = dropped.first, offset <= event.offset {
                    text += line(offset, Self.droppedEvent, nil)
                    dropped.removeFirst()
                }
                text += line(event.offset, event.kind.rawValue, event.bell)
            }
            return text + dropped.map { line($0, Self.droppedEvent, nil) }.joined()
        case .json:
            return JSONWriter.text(inlineFlatObjects: true, .object([
                ("name", .string(name)),
                ("start", start.map { .string(clock(0) ?? $0.description) } ?? .null),
                ("total", .string(total)),
                ("totalSeconds", .int(seconds)),
                ("bells", .int(bellCount)),
                ("events", .array(timeline.events.map { event in
                    .object([
                        ("offset", .string(TimerDuration(seconds: event.offset).formatted)),
                        ("seconds", .int(event.offset)),
                        ("clock", clock(event.offset).map { .string($0) } ?? .null),
                        ("event", .string(event.kind.rawValue)),
                        ("title", .string(event.title)),
                        ("bell", event.bell.map { .string($0.sound.name) } ?? .null),
                        ("strikes", event.bell.map { .int($0.strikes) } ?? .null),
                        ("volume", event.bell.map { .int($0.volume) } ?? .null),
                        ("missing", .bool(missing(event.bell))),
                    ])
                })),
                ("dropped", .array(timeline.droppedIntervals.map { .string(TimerDuration(seconds: $0).formatted) })),
            ]))
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

    /// The event field of a dropped interval bell's line in plain output.
    package static let droppedEvent = "dropped"

    /// `dropped the interval bell at 30:00: it falls on the main sit's end or within 10 s of it`, or
    /// nothing; a chosen time past a shortened main sit's end is said to fall past it.
    static func droppedNote(_ timeline: Timeline) -> String {
        guard !timeline.droppedIntervals.isEmpty else { return "" }
        let times = timeline.droppedIntervals.map { TimerDuration(seconds: $0).formatted }.joined(separator: ", ")
        let one = timeline.droppedIntervals.count == 1
        let mainEnd = timeline.parts.first { $0.type == .main }?.end ?? 0
        let place = timeline.droppedIntervals.contains { $0 > mainEnd } ? "on or past" : "on"
        return "dropped the interval \(one ? "bell" : "bells") at \(times): \(one ? "it falls" : "they fall") \(place) the main sit's end or within \(Intervals.guardSeconds) s of it\n"
    }
}
