import LocalTime
import TextSupport
import Breath

/// Every setting of a profile. Each is one row of the profile table and one name that `set` takes;
/// the rows a section shows, the names help lists, what `tap` does and what completion offers all
/// derive from this one description.
///
/// A setting is one of six kinds of row: a switch, a duration, a bell slot, the interval's schedule, the
/// ambience's sound or volume, or a row of the breathing pacer. Adding a case to ``Switch``,
/// ``DurationSetting``, ``BellSlot``, ``AmbienceSetting`` or ``BreathingSetting`` makes the compiler name every place that must say what the new row is (its
/// section, label, value and action).
package enum Setting: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// An on/off row: flipping it inserts or deletes the rows that depend on it.
    case toggle(Switch)
    /// A length of time.
    case duration(DurationSetting)
    /// A choice of bell.
    case bell(BellSlot)
    /// When interval bells ring, in one of its two modes. Both modes are one row: setting one replaces
    /// the other, and the row shows the mode the profile is in.
    case interval(IntervalMode)
    /// What the ambience plays, or how loud (the Ambience section's rows under its switch).
    case ambience(AmbienceSetting)
    /// A row of the Breathing section under its switch: the pattern, a custom length (with Custom
    /// only), the part of the sit it leads, the cue or its volume.
    case breathing(BreathingSetting)

    /// Every setting in table order: section by section, each section's rows top to bottom. A new
    /// switch, duration or bell slot joins by itself (each kind is `CaseIterable`); a new kind of row
    /// joins here.
    package static let allCases: [Setting] = (Switch.allCases.map(Setting.toggle)
        + DurationSetting.allCases.map(Setting.duration) + BellSlot.allCases.map(Setting.bell)
        + IntervalMode.allCases.map(Setting.interval) + AmbienceSetting.allCases.map(Setting.ambience)
        + BreathingSetting.allCases.map(Setting.breathing))
        .sorted { ($0.section.index, $0.position, $0.modeOrder) < ($1.section.index, $1.position, $1.modeOrder) }

    /// The two modes of one row in the order of ``IntervalMode/allCases``: `every` before `at`.
    private var modeOrder: Int { shownInMode.flatMap { IntervalMode.allCases.firstIndex(of: $0) } ?? 0 }

    /// The name `set` takes and help lists: `duration`, `warmup`, `cooldown.bell`, `intervals.every`,
    /// `intervals.at`.
    package var name: String {
        switch self {
        case let .toggle(toggle): toggle.rawValue
        case let .duration(duration): duration.name
        case let .bell(slot): slot.name
        case let .interval(mode): "intervals.\(mode.rawValue)"
        case let .ambience(setting): setting.name
        case let .breathing(setting): setting.name
        }
    }

    package var description: String { name }

    /// The settings' names as messages list them: `duration, warmup, warmup.duration, …`.
    package static var nameList: String { allCases.map(\.name).joined(separator: ", ") }

    /// Finds a setting by name (case-insensitive).
    ///
    /// - Throws: ``ProfileError/unknownSetting(_:suggestion:)`` with a likely meant name.
    package init(named name: String) throws(ProfileError) {
        let key = name.lowercased()
        guard let found = Self.allCases.first(where: { $0.name == key }) else {
            throw ProfileError.unknownSetting(name, suggestion: closestMatch(to: name, in: Self.allCases.map(\.name)))
        }
        self = found
    }

    /// The section whose table shows this setting's row.
    package var section: ProfileSection {
        switch self {
        case .duration(.main): .time
        case .toggle(.warmup), .duration(.warmUp): .warmUp
        case .toggle(.cooldown), .duration(.coolDown), .toggle(.cooldownBells), .bell(.coolDown): .coolDown
        case .toggle(.intervals), .interval, .bell(.intervals): .intervals
        case .bell(.start), .bell(.end): .bells
        case .toggle(.ambience), .ambience: .ambience
        case .toggle(.breathing), .breathing: .breathing
        }
    }

    /// The row's place among all the rows its section can show: 0 at the top. The two modes of the
    /// interval share one place, as only one of them shows.
    package var position: Int {
        switch self {
        case .duration(.main), .toggle(.warmup), .toggle(.cooldown), .toggle(.intervals), .bell(.start), .toggle(.ambience),
             .toggle(.breathing): 0
        case .duration(.warmUp), .duration(.coolDown), .interval, .bell(.end), .ambience(.sound): 1
        case .toggle(.cooldownBells), .bell(.intervals), .ambience(.volume): 2
        case .bell(.coolDown): 3
        case let .breathing(setting): setting.position
        }
    }

    /// The row's identity across updates: `cooldown.duration`, `warmup.enabled`. The interval's two
    /// modes are one row (`intervals.when`), so switching modes reloads it rather than replacing it.
    package var rowID: String {
        switch self {
        case .toggle(.warmup): "warmup.enabled"
        case .toggle(.cooldown): "cooldown.enabled"
        case .toggle(.cooldownBells): "cooldown.bells"
        case .toggle(.intervals): "intervals.enabled"
        case .duration(.main): "time.duration"
        case .duration(.warmUp): "warmup.duration"
        case .duration(.coolDown): "cooldown.duration"
        case .interval: "intervals.when"
        case .bell(.coolDown): "cooldown.bell"
        case .bell(.intervals): "intervals.bell"
        case .bell(.start): "bells.start"
        case .bell(.end): "bells.end"
        case .toggle(.ambience): "ambience.enabled"
        case let .ambience(setting): setting.name
        case .toggle(.breathing): "breathing.enabled"
        case let .breathing(setting): setting.name
        }
    }

    /// The text on the row's left: `Enabled`, `Duration`, `Bells`, `Name`, `Every`, `At`, `Bell`, `Start`,
    /// `End`, `Sound`, `Volume`.
    package var label: String {
        switch self {
        case .toggle(.warmup), .toggle(.cooldown), .toggle(.intervals), .toggle(.ambience), .toggle(.breathing): "Enabled"
        case let .breathing(setting): setting.label
        case .ambience(.sound): "Sound"
        case .ambience(.volume): "Volume"
        case .toggle(.cooldownBells): "Bells"
        case .duration(.main), .duration(.warmUp), .duration(.coolDown): "Duration"
        case .interval(.every): "Every"
        case .interval(.at): "At"
        case .bell(.coolDown): "Bell"
        case .bell(.intervals): "Bell"
        case .bell(.start): "Start"
        case .bell(.end): "End"
        }
    }

    /// What messages and the editor's questions call the setting, from its section's title: `Warm Up`,
    /// `Cool Down bell switch`, `Warm Up duration`, `Time between interval bells`, `Interval bell times`,
    /// `Interval bell`, `Start bell`.
    package var title: String {
        switch self {
        case .toggle(.cooldownBells): "\(section.title) bell switch"
        case .toggle(.warmup), .toggle(.cooldown), .toggle(.intervals), .toggle(.ambience), .toggle(.breathing): section.title
        case let .breathing(setting): setting.title
        case .ambience(.sound): "Ambience sound"
        case .ambience(.volume): "Ambience volume"
        case .interval(.every): "Time between interval bells"
        case .interval(.at): "Interval bell times"
        case .duration(.main), .duration(.warmUp), .duration(.coolDown): "\(section.title) duration"
        case .bell(.coolDown): "\(section.title) bell"
        case .bell(.intervals): "Interval bell"
        case .bell(.start): "Start bell"
        case .bell(.end): "End bell"
        }
    }

    /// Whether ``title`` names more than one thing (`Interval bell times`), so that a message about the
    /// setting says `are`, not `is`.
    package var titleIsPlural: Bool {
        if case .interval(.at) = self { true } else { false }
    }

    /// The switches that must be on for the row to show; a row shows when all of them are (and, for
    /// the interval, when the profile is in its mode: ``shownInMode``).
    package var shownWhen: [Switch] {
        switch self {
        case .toggle(.warmup), .toggle(.cooldown), .toggle(.intervals), .toggle(.ambience), .toggle(.breathing), .duration(.main),
             .bell(.start), .bell(.end): []
        case .ambience: [.ambience]
        case .breathing: [.breathing]
        case .toggle(.cooldownBells): [.cooldown]
        case .duration(.warmUp): [.warmup]
        case .duration(.coolDown): [.cooldown]
        case .interval: [.intervals]
        case .bell(.coolDown): [.cooldown, .cooldownBells]
        case .bell(.intervals): [.intervals]
        }
    }

    /// The interval mode the profile must be in for the row to show; nil for rows of no mode.
    package var shownInMode: IntervalMode? {
        switch self {
        case let .interval(mode): mode
        case .toggle, .duration, .bell, .ambience, .breathing: nil
        }
    }

    /// The breathing pattern the profile must have chosen for the row to show (Custom, for the custom
    /// pattern's four lengths); nil for rows shown whatever the pattern. Choosing a pattern thus
    /// inserts or deletes rows as a switch does, and its update is computed the same way.
    package var shownWithChoice: BreathPatternChoice? {
        if case let .breathing(setting) = self { setting.shownWithChoice } else { nil }
    }

    /// What the setting takes, for help and completion: `on|off`, a duration, a list of times, a bell,
    /// or a bell or none.
    package var valueKind: ValueKind {
        switch self {
        case .toggle: .onOff
        case .duration, .interval(.every): .duration
        case .interval(.at): .times
        case let .bell(slot): slot.allowsNone ? .bellOrNone : .bell
        case .ambience(.sound): .soundscape
        case .ambience(.volume), .breathing(.volume): .percent
        case .breathing(.pattern): .breathPattern
        case .breathing(.length): .seconds
        case .breathing(.lead): .breathLead
        case .breathing(.cue): .breathCue
        }
    }

    /// The kinds of value a setting takes.
    package enum ValueKind: Sendable {
        case onOff, duration, times, bell, bellOrNone, soundscape, percent, breathPattern, seconds, breathLead, breathCue

        /// What a value of this kind is called when an answer is not one: `a duration`, `a volume`.
        package var noun: String {
            switch self {
            case .onOff: "on or off"
            case .duration: "a duration"
            case .times: "a list of times"
            case .bell: "a bell"
            case .bellOrNone: "a bell or none"
            case .soundscape: "a soundscape"
            case .percent: "a volume"
            case .breathPattern: "a breathing pattern"
            case .seconds: "a number of seconds"
            case .breathLead: "a part of the sit"
            case .breathCue: "a cue"
            }
        }

        /// The values completion offers for this kind: durations get typical lengths, bells every sound
        /// of `catalog` (and `none` last where it is allowed).
        package func examples(_ catalog: SoundCatalog) -> [String] {
            switch self {
            case .onOff: ["on", "off"]
            case .bell: catalog.names
            case .bellOrNone: catalog.names + [BellChoice.noneWord]
            case .duration: ["5m", "10m", "20m", "30m", "45m", "1h"]
            case .soundscape: Soundscape.allCases.map(\.rawValue) + catalog.recorded
            case .percent: ["10%", "20%", "30%", "50%", "70%", "100%"]
            case .breathPattern: BreathPatternChoice.allCases.map(\.name)
            case .seconds: ["0", "2", "4", "5.5", "6", "8"]
            case .breathLead: ["warmup", "5m", "10m", "whole"]
            case .breathCue: BreathCue.allCases.map(\.name)
            // A list is free text; the shell would split an example with a space in it.
            case .times: []
            }
        }
    }

    /// The action that gives this setting `value`, read as people type it; bells are found in `catalog`.
    ///
    /// - Throws: a ``ProfileError`` naming the value and what would be accepted.
    package func action(value: String, catalog: SoundCatalog) throws(ProfileError) -> ProfileAction {
        switch self {
        case let .toggle(toggle): .setSwitch(toggle, try parseSwitchValue(value))
        case let .duration(duration): .setDuration(duration, try parseDuration(value))
        case let .bell(slot): .setBell(slot, try slot.choice(parsing: value, catalog: catalog))
        case let .interval(mode): .setIntervals(try IntervalSchedule(parsing: value, mode: mode))
        case .ambience(.sound): .setAmbienceSound(try AmbienceSound(named: value, catalog: catalog))
        case .ambience(.volume): .setAmbienceVolume(try Ambience.volume(parsing: value))
        case .breathing(.pattern): .setBreathPattern(try readingBreath { () throws(BreathPatternError) in try BreathPatternChoice(parsing: value) })
        case let .breathing(.length(length)): .setBreathLength(length, try length.tenths(parsing: value))
        case .breathing(.lead): .setBreathLead(try readingBreath { () throws(BreathPatternError) in try BreathLead(parsing: value) })
        case .breathing(.cue): .setBreathCue(try readingBreath { () throws(BreathPatternError) in try BreathCue(parsing: value) })
        case .breathing(.volume): .setBreathVolume(try Ambience.volume(parsing: value))
        }
    }
}

/// The switches of the profile screen, by the names the command line and the editor use.
package enum Switch: String, CaseIterable, Sendable {
    case warmup
    case cooldown
    case cooldownBells = "cooldown.bells"
    case intervals
    case ambience
    case breathing

    /// The switches' names as messages and help list them: `warmup, cooldown, cooldown.bells, intervals`.
    package static var nameList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Finds a switch by name (case-insensitive).
    ///
    /// - Throws: ``ProfileError/unknownSwitch(_:suggestion:)`` with a likely meant name.
    package init(named name: String) throws(ProfileError) {
        guard let found = Self(rawValue: name.lowercased()) else {
            throw ProfileError.unknownSwitch(name, suggestion: closestMatch(to: name, in: Self.allCases.map(\.rawValue)))
        }
        self = found
    }

    /// The action that sets this switch to `isOn`.
    package func action(isOn: Bool) -> ProfileAction { .setSwitch(self, isOn) }
}

/// The lengths of time a profile holds.
package enum DurationSetting: CaseIterable, Sendable {
    /// The main sit (the Time section).
    case main
    case warmUp
    case coolDown

    /// The setting's name: `duration`, `warmup.duration`, `cooldown.duration`.
    package var name: String {
        switch self {
        case .main: "duration"
        case .warmUp: "warmup.duration"
        case .coolDown: "cooldown.duration"
        }
    }

    /// The lengths this setting allows.
    package var allowed: ClosedRange<TimerDuration> {
        switch self {
        case .main: SegmentType.main.allowedDurations
        case .warmUp: SegmentType.warmUp.allowedDurations
        case .coolDown: SegmentType.coolDown.allowedDurations
        }
    }

    /// Checks `duration` against the range this setting allows.
    ///
    /// - Throws: ``ProfileError/durationOutOfRange(_:segment:allowed:)``.
    package func validate(_ duration: TimerDuration) throws(ProfileError) {
        switch self {
        case .main: try SegmentType.main.validate(duration)
        case .warmUp: try SegmentType.warmUp.validate(duration)
        case .coolDown: try SegmentType.coolDown.validate(duration)
        }
    }

    /// The length of the segment of `type`.
    package init(segment type: SegmentType) {
        switch type {
        case .main: self = .main
        case .warmUp: self = .warmUp
        case .coolDown: self = .coolDown
        }
    }
}

/// The places a profile chooses a bell for.
package enum BellSlot: CaseIterable, Sendable {
    /// The bell at the start of the cool-down.
    case coolDown
    /// The interval bell.
    case intervals
    /// The bell at the start of the main sit.
    case start
    /// The bell at the end of the session.
    case end

    /// The setting's name: `cooldown.bell`, `intervals.bell`, `bells.start`, `bells.end`.
    package var name: String { Setting.bell(self).rowID }

    /// The word the editor's `bell` command takes for this bell: `cooldown`, `intervals`, `start`, `end`.
    package var shortName: String {
        switch self {
        case .coolDown: "cooldown"
        case .intervals: "intervals"
        case .start: "start"
        case .end: "end"
        }
    }

    /// Whether the slot may ring no bell at all (`none`): the Start and End bells may; the cool-down and
    /// interval bells have their own switches.
    package var allowsNone: Bool {
        switch self {
        case .coolDown, .intervals: false
        case .start, .end: true
        }
    }

    /// The settings that also take `none`, as help says it: `bells.start and bells.end also take none`.
    package static var noneNote: String {
        "\(listed(allCases.filter(\.allowsNone).map(\.name))) also take \(BellChoice.noneWord)"
    }

    /// Reads a choice for this slot: `NAME [xN] [N%]`, or `none` where ``allowsNone``.
    ///
    /// - Throws: ``ProfileError/invalidBellChoice(_:reason:)`` or ``ProfileError/unknownBell(_:known:suggestion:)``.
    package func choice(parsing text: String, catalog: SoundCatalog) throws(ProfileError) -> BellChoice? {
        let trimmed = text.trimmingWhitespace()
        let words = trimmed.split(separator: " ")
        // `none x3`, but not a recording called `None Such`.
        if words.count > 1, words[0].lowercased() == BellChoice.noneWord,
           words.dropFirst().allSatisfy(RecordedSoundName.readsAsStrikesOrVolume) {
            throw .invalidBellChoice(text, reason: "none is no bell, so it takes no strikes or volume")
        }
        if trimmed.lowercased() == BellChoice.noneWord {
            guard allowsNone else {
                // The switch that shows the row is the one that turns its bell off.
                let toggle = Setting.bell(self).shownWhen.last.map { " (\($0.rawValue) off)" } ?? ""
                throw .invalidBellChoice(text, reason: "\(Setting.bell(self).title) cannot be none; turn its switch off instead\(toggle)")
            }
            return nil
        }
        return try BellChoice(parsing: trimmed, catalog: catalog)
    }
}

/// Reads a switch value: `on`/`off`, also `true`/`false`, `yes`/`no` and `1`/`0`.
///
/// - Throws: ``ProfileError/invalidSwitchValue(_:)``.
package func parseSwitchValue(_ text: String) throws(ProfileError) -> Bool {
    switch text.lowercased() {
    case "on", "true", "yes", "1": return true
    case "off", "false", "no", "0": return false
    default: throw ProfileError.invalidSwitchValue(text)
    }
}

/// Reads a duration as people type it (LocalTime's ``TimerDuration/init(parsing:)``), its refusal said
/// as the model's error in the same words.
///
/// - Throws: ``ProfileError/invalidDuration(_:reason:)``.
package func parseDuration(_ text: String) throws(ProfileError) -> TimerDuration {
    do throws(DurationError) {
        return try TimerDuration(parsing: text)
    } catch {
        throw ProfileError(error)
    }
}

extension Setting {
    /// The settings as help lists them: `duration, warmup (on/off), …, cooldown.bell (a bell of 'profile sounds')`.
    package static var helpList: String {
        allCases.map { setting in
            switch setting.valueKind {
            case .onOff: "\(setting.name) (on/off)"
            case .duration: setting.name
            case .times: "\(setting.name) (times into the main sit: '10m 25m')"
            case .bell: "\(setting.name) (a bell of 'profile sounds')"
            case .bellOrNone: "\(setting.name) (a bell of 'profile sounds' or none)"
            case .soundscape: "\(setting.name) (a soundscape or recording of 'profile sounds')"
            case .percent: "\(setting.name) (\(Ambience.volumes.lowerBound)% to \(Ambience.volumes.upperBound)%)"
            // No ", " inside the parentheses: the list is split at them.
            case .breathPattern: "\(setting.name) (\(BreathPatternChoice.allCases.map(\.name).joined(separator: "/")))"
            case .seconds: "\(setting.name) (seconds to a tenth: 5.5; shown with \(Setting.breathing(.pattern).name) custom)"
            case .breathLead: "\(setting.name) (warmup/whole/the first minutes: 5m)"
            case .breathCue: "\(setting.name) (\(BreathCue.allCases.map(\.name).joined(separator: "/")))"
            }
        }.joined(separator: ", ")
    }
}

/// The Ambience section's rows under its switch.
package enum AmbienceSetting: CaseIterable, Sendable {
    /// What plays: a soundscape or a recording.
    case sound
    /// How loud, in percent.
    case volume

    /// The setting's name: `ambience.sound`, `ambience.volume`.
    package var name: String {
        switch self {
        case .sound: "ambience.sound"
        case .volume: "ambience.volume"
        }
    }
}

/// Runs a reading of Breath's, its refusal said as the model's error.
private func readingBreath<Value>(_ read: () throws(BreathPatternError) -> Value) throws(ProfileError) -> Value {
    do throws(BreathPatternError) {
        return try read()
    } catch {
        throw .breathing(error)
    }
}
