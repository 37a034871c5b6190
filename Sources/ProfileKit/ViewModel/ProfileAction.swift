import LocalTime
import Breath

/// A change a user can make to a profile: a value for one of its settings.
package enum ProfileAction: Hashable, Sendable {
    /// Turns a switch on or off, creating the segment or sound it controls on first use.
    case setSwitch(Switch, Bool)
    /// Sets a length of time.
    case setDuration(DurationSetting, TimerDuration)
    /// Chooses a bell, or none (the Start and End bells only).
    case setBell(BellSlot, BellChoice?)
    /// Sets when interval bells ring, in the schedule's mode (replacing the other mode).
    case setIntervals(IntervalSchedule)
    /// Chooses what the ambience plays.
    case setAmbienceSound(AmbienceSound)
    /// Sets how loud the ambience plays, in percent (``Ambience/volumes``).
    case setAmbienceVolume(Int)
    /// Chooses the breathing pattern (Custom shows the four lengths' rows).
    case setBreathPattern(BreathPatternChoice)
    /// Sets one length of the custom pattern, in tenths of a second (kept while another pattern is chosen).
    case setBreathLength(BreathLength, Int)
    /// Sets which part of the sit the breathing leads.
    case setBreathLead(BreathLead)
    /// Sets how the breathing is heard.
    case setBreathCue(BreathCue)
    /// Sets how loud the breathing cue is, in percent (``Ambience/volumes``).
    case setBreathVolume(Int)

    /// The setting the action changes.
    package var setting: Setting {
        switch self {
        case let .setSwitch(toggle, _): .toggle(toggle)
        case let .setDuration(duration, _): .duration(duration)
        case let .setBell(slot, _): .bell(slot)
        case let .setIntervals(schedule): .interval(schedule.mode)
        case .setAmbienceSound: .ambience(.sound)
        case .setAmbienceVolume: .ambience(.volume)
        case .setBreathPattern: .breathing(.pattern)
        case let .setBreathLength(length, _): .breathing(.length(length))
        case .setBreathLead: .breathing(.lead)
        case .setBreathCue: .breathing(.cue)
        case .setBreathVolume: .breathing(.volume)
        }
    }

    /// The value the action gives its setting.
    package var value: SettingValue {
        switch self {
        case let .setSwitch(_, isOn): .on(isOn)
        case let .setDuration(_, duration): .duration(duration)
        case let .setBell(_, bell): .bell(bell)
        case let .setIntervals(schedule): .schedule(schedule)
        case let .setAmbienceSound(sound): .ambience(sound)
        case let .setAmbienceVolume(volume): .volume(volume)
        case let .setBreathPattern(choice): .breathPattern(choice)
        case let .setBreathLength(_, tenths): .seconds(tenths)
        case let .setBreathLead(lead): .breathLead(lead)
        case let .setBreathCue(cue): .breathCue(cue)
        case let .setBreathVolume(volume): .volume(volume)
        }
    }
}

/// A setting's value.
package enum SettingValue: Hashable, Sendable {
    case on(Bool)
    case duration(TimerDuration)
    case bell(BellChoice?)
    /// When interval bells ring: the value of both `intervals.every` and `intervals.at`.
    case schedule(IntervalSchedule)
    /// What the ambience plays.
    case ambience(AmbienceSound)
    /// A volume in percent.
    case volume(Int)
    /// A breathing pattern chosen.
    case breathPattern(BreathPatternChoice)
    /// A length in tenths of a second.
    case seconds(Int)
    /// The part of a sit the breathing leads.
    case breathLead(BreathLead)
    /// How the breathing is heard.
    case breathCue(BreathCue)

    /// The value as tables and messages show it: `on`, `05:00`, `Temple Bell ×3 70%`, `none`,
    /// `10:00, 25:00`, `Rain`, `30%`, `Coherent 5.5`, `5.5 s`, `first 5 min`, `tone`.
    package var text: String {
        switch self {
        case let .on(isOn): isOn ? "on" : "off"
        case let .duration(duration): duration.formatted
        case let .bell(choice): choice.text
        case let .schedule(schedule): schedule.text
        case let .ambience(sound): sound.name
        case let .volume(volume): "\(volume)%"
        case let .breathPattern(choice): choice.title
        case let .seconds(tenths): "\(BreathPattern.text(tenths)) s"
        case let .breathLead(lead): lead.text
        case let .breathCue(cue): cue.name
        }
    }
}
