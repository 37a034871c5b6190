import Files
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import LiveSit
import LocalTime
import ProfileKit
import Sitting

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Show a session's timeline: every event and bell with its offset, and the total length.",
        discussion: """
            Interval bells ring every so often from the start of the main sit; a bell that would ring on \
            the main sit's end, or within \(Intervals.guardSeconds) seconds of it, is dropped. A table says \
            so in a line under it, JSON in its "dropped" list, and plain output in a line of its own: the \
            bell's offset and clock time, the event '\(ProfileRenderer.droppedEvent)' and an empty bell \
            field, since nothing rings.

            With --start (or --at) or --until, each event's clock time stands beside its offset, read on \
            the local clock (across a change to or from summer time), and JSON gives the end as "endsAt" \
            (HH:MM, or HH:MM:SS). A session that starts now (--until alone, or --start now) says its days: \
            the table's title 'starts 16:55:23 today, ends 07:00 tomorrow', JSON "endsDaysFromToday" (0 \
            today, 1 tomorrow); otherwise, and for an open-ended sit, the JSON fields are null.

            A profile whose Breathing is on, or --breathe, shows where the pacer leads: a line under the \
            table ('breathing: 4-7-8 (in 4, hold 7, out 8) from 02:00 to 07:00'), 'breathing-start' and \
            'breathing-end' lines in plain output with the pattern in the eighth field, and JSON's \
            "breathing" object (pattern, start, startSeconds, end, endSeconds, cue; absent for a sit with no pacer).
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The profile.", completion: profileNameCompletion)
    var name: String

    @Option(name: [.customLong("start"), .customLong("at")],
            help: ArgumentHelp("Also show clock times for a session starting at this time: HH:MM (24-hour), HH:MM:SS or now; --at is another name for it.",
                               valueName: "HH:MM|now"))
    var start: String?

    @OptionGroup var shapeOptions: ShapeOptions

    @OptionGroup var breathOptions: BreathOptions

    @Option(help: "table (default on a terminal), plain (tab-separated) or json.")
    var format: OutputFormat?

    func run() throws {
        try reporting {
            let now = WallClock.precise()
            let calendar = LocalZone.calendar
            let startTime = try start.map { text throws(ProfileError) in try ClockTime.start(text, now: ClockTime(at: now, calendar: calendar)) }
            let shape = try shapeOptions.shape()
            let breathe = try breathOptions.pattern()
            let context = try Context(global)
            let profile = try context.store.load(name).profile
            let startEpoch = startTime.map { ClockTime.nextEpoch(of: $0, after: now, calendar: calendar) } ?? now
            let timeline = try shape.timeline(of: profile, startingAt: startTime ?? ClockTime(at: now, calendar: calendar),
                                              secondsUntil: { ClockTime.secondsFrom(startEpoch, until: $0, calendar: calendar) })
            let clock = startTime != nil || shape.endsAtATime ? PlanClock(start: startEpoch, now: now, calendar: calendar) : nil
            Output.stdout(ProfileRenderer.plan(timeline, name: profile.name, start: startTime, on: clock,
                                               format: context.format(format), catalog: Context.soundCatalog(),
                                               options: context.render,
                                               pacing: SitOptions.pacing(of: profile, breathe: breathe, timeline: timeline)))
        }
    }
}
