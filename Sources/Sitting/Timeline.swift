import LocalTime
import ProfileKit

/// A session as it will run: its parts and every event, each at its offset from the session's start.
///
/// The session is the warm-up (when on), the main sit, then the cool-down (when on). Bells:
/// - the main sit starts with the Start bell (none when the profile says so);
/// - interval bells (when on) ring every so often or at chosen times from the main sit's start; one that would
///   ring on its end or within ``Intervals/guardSeconds`` of it is dropped (see ``droppedIntervals``);
/// - the cool-down starts with its own bell when its Bells switch is on;
/// - the session ends with the End bell (none when the profile says so).
package struct Timeline: Hashable, Sendable {
    /// A part of the session: warm-up, main sit or cool-down.
    package struct Part: Hashable, Sendable {
        /// Which part.
        package var type: SegmentType
        /// Seconds from the session's start to the part's start.
        package var start: Int
        /// Seconds from the session's start to the part's end.
        package var end: Int

        /// How the display names the part: `Warm Up`, `Main sit`, `Cool Down`.
        package var title: String { type == .main ? "Main sit" : type.title }
        /// The part's length in seconds.
        package var length: Int { end - start }
    }

    /// Something that happens at one moment of the session.
    package struct Event: Hashable, Sendable {
        /// What happens.
        package enum Kind: String, Sendable, CaseIterable {
            case warmUpStart = "warmup-start"
            case mainStart = "main-start"
            case interval
            case mainEnd = "main-end"
            case coolDownStart = "cooldown-start"
            case sessionEnd = "session-end"
        }

        /// What happens.
        package var kind: Kind
        /// Seconds from the session's start.
        package var offset: Int
        /// The bell that rings, if any.
        package var bell: BellChoice?
        /// For interval bells, which one: 1 for the first.
        package var number: Int?

        /// The event as people read it: `Main sit starts`, `Interval bell 2`.
        package var title: String {
            switch kind {
            case .warmUpStart: "Warm-up starts"
            case .mainStart: "Main sit starts"
            case .interval: "Interval bell \(number ?? 0)"
            case .mainEnd: "Main sit ends"
            case .coolDownStart: "Cool-down starts"
            case .sessionEnd: "Session ends"
            }
        }
    }

    /// The parts that are on, in order.
    package let parts: [Part]
    /// Every event, in order of offset (events at one offset in the order they happen).
    package let events: [Event]
    /// Where a session ends. Every place that needs the session's length switches over this, so a session
    /// of a new shape is a compile error at each of them, to be decided there, rather than a length assumed.
    package enum End: Hashable, Sendable {
        /// The session ends this many seconds after its start, with the last event.
        case fixed(seconds: Int)
        /// The main sit has no planned end: the sitter ends it (``endingMainSit(at:)``), and what follows
        /// it, the cool-down and the End bell, is planned from then. `every` is the time between interval
        /// bells when they ring every so often (they go on until the main sit ends); nil otherwise.
        case open(every: Int?)
    }

    /// Where the session ends.
    package let end: End
    /// For an open-ended main sit, what follows its end once the sitter ends it: the events (the main
    /// sit's end, the cool-down's start, the session's end) and the cool-down part, at offsets from the
    /// main sit's end. Empty for a fixed session.
    package let closing: Closing

    /// What follows an open-ended main sit's end, at offsets from that end.
    package struct Closing: Hashable, Sendable {
        package var events: [Event] = []
        package var parts: [Part] = []
    }

    /// The longest an open-ended main sit lasts when nobody ends it: the longest main sit a profile may have.
    package static let openHorizon = SegmentType.main.allowedDurations.upperBound.seconds

    /// Whether the main sit has no planned end (and has not been ended yet).
    package var isOpen: Bool {
        if case .open = end { true } else { false }
    }
    /// Offsets (from the session's start) of interval bells dropped because they fell on the main
    /// sit's end or within ``Intervals/guardSeconds`` of it.
    package let droppedIntervals: [Int]

    /// The timeline of `profile`; with `open`, its main sit has no planned end (see ``End/open(every:)``):
    /// interval bells go on until the sitter ends it, or until ``openHorizon``.
    package init(profile: Profile, open: Bool = false) {
        guard open else {
            self.init(fixed: profile)
            return
        }
        var longest = profile
        longest.duration = TimerDuration(seconds: Self.openHorizon)
        let whole = Timeline(fixed: longest)
        let mainEnd = whole.events.first { $0.kind == .mainEnd }?.offset ?? 0
        let follows: Set<Event.Kind> = [.mainEnd, .coolDownStart, .sessionEnd]
        let closing = Closing(
            events: whole.events.filter { follows.contains($0.kind) }
                .map { Event(kind: $0.kind, offset: $0.offset - mainEnd, bell: $0.bell, number: $0.number) },
            parts: whole.parts.filter { $0.type == .coolDown }.map { Part(type: $0.type, start: 0, end: $0.length) })
        let intervals = profile.intervals
        // Bells every so often go on until the sitter ends the sit; chosen times are listed as they are.
        var every: Int?
        if intervals.enabled, case .every(let interval) = intervals.schedule,
           !intervals.bellOffsets(inMainSitOf: longest.duration).isEmpty {
            every = interval.seconds
        }
        self.init(parts: whole.parts.filter { $0.type != .coolDown }, events: whole.events.filter { !follows.contains($0.kind) },
                  end: .open(every: every), closing: closing)
    }

    /// The same session with its open-ended main sit ended `offset` seconds from the session's start (at
    /// least the main sit's start): interval bells after it are gone, and the main sit's end, the
    /// cool-down and the End bell follow from there. A fixed session is returned as it is.
    package func endingMainSit(at offset: Int) -> Timeline {
        guard isOpen else { return self }
        let mainStart = parts.first { $0.type == .main }?.start ?? 0
        let end = max(offset, mainStart)
        var parts = parts.filter { $0.start < end || $0.type == .main }
        if let index = parts.firstIndex(where: { $0.type == .main }) { parts[index].end = end }
        parts += closing.parts.map { Part(type: $0.type, start: end + $0.start, end: end + $0.end) }
        // An interval bell on the end itself rang before the sitter ended the sit.
        let events = events.filter { $0.offset <= end }
            + closing.events.map { Event(kind: $0.kind, offset: end + $0.offset, bell: $0.bell, number: $0.number) }
        return Timeline(parts: parts, events: events, end: .fixed(seconds: events.last?.offset ?? end))
    }

    private init(parts: [Part], events: [Event], end: End, closing: Closing = Closing()) {
        self.parts = parts
        self.events = events
        self.end = end
        self.closing = closing
        self.droppedIntervals = []
    }

    private init(fixed profile: Profile) {
        var parts: [Part] = []
        var events: [Event] = []
        var clock = 0
        if let warmUp = profile.segment(ofType: .warmUp), warmUp.enabled {
            parts.append(Part(type: .warmUp, start: 0, end: warmUp.duration.seconds))
            events.append(Event(kind: .warmUpStart, offset: 0))
            clock = warmUp.duration.seconds
        }
        let mainStart = clock
        parts.append(Part(type: .main, start: mainStart, end: mainStart + profile.duration.seconds))
        events.append(Event(kind: .mainStart, offset: mainStart, bell: profile.startBell))
        let intervals = profile.intervals
        for (index, offset) in intervals.bellOffsets(inMainSitOf: profile.duration).enumerated() {
            events.append(Event(kind: .interval, offset: mainStart + offset, bell: intervals.bell, number: index + 1))
        }
        clock = mainStart + profile.duration.seconds
        events.append(Event(kind: .mainEnd, offset: clock))
        if let coolDown = profile.segment(ofType: .coolDown), coolDown.enabled {
            events.append(Event(kind: .coolDownStart, offset: clock, bell: coolDown.bellEnabled ? coolDown.bell : nil))
            parts.append(Part(type: .coolDown, start: clock, end: clock + coolDown.duration.seconds))
            clock += coolDown.duration.seconds
        }
        events.append(Event(kind: .sessionEnd, offset: clock, bell: profile.endBell))
        self.parts = parts
        self.events = events
        self.end = .fixed(seconds: clock)
        self.closing = Closing()
        self.droppedIntervals = intervals.droppedOffsets(inMainSitOf: profile.duration).map { mainStart + $0 }
    }

    /// The events that ring a bell.
    package var bells: [Event] { events.filter { $0.bell != nil } }

    /// How many bells the session rings as planned: every bell of a fixed session; of an open-ended one,
    /// those before its end and after it; nil when interval bells ring every so often until the sitter
    /// ends it, which no count can say.
    package var plannedBells: Int? {
        switch end {
        case .fixed: bells.count
        case .open(let every): every == nil ? bells.count + closing.events.filter { $0.bell != nil }.count : nil
        }
    }

    /// `3 bells`, or for an open-ended sit whose interval bells go on, `2 bells and a bell every 10:00`:
    /// as a run's header and a plan's title count them.
    package var bellsText: String {
        switch end {
        case .open(let every?):
            let others = bells.filter { $0.kind != .interval }.count + closing.events.filter { $0.bell != nil }.count
            return "\(others) \(others == 1 ? "bell" : "bells") and a bell every \(TimerDuration(seconds: every).formatted)"
        default:
            let count = plannedBells ?? bells.count
            return "\(count) \(count == 1 ? "bell" : "bells")"
        }
    }

    /// The part under way `elapsed` seconds into the session (the last part at or after the end).
    package func part(at elapsed: Double) -> Part {
        parts.first { elapsed < Double($0.end) } ?? parts[parts.count - 1]
    }
}
