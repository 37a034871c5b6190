/// A change a user can make to a profile: a value for one of its settings.
package enum ProfileAction: Hashable, Sendable {
    /// Turns a switch on or off, creating the segment or sound it controls on first use.
    case setSwitch(Switch, Bool)
    /// Sets a length of time.
    case setDuration(DurationSetting, TimerDuration)
    /// Chooses a bell, or none (the Start and End bells only).
    case setBell(BellSlot, BellChoice?)

    /// The setting the action changes.
    package var setting: Setting {
        switch self {
        case let .setSwitch(toggle, _): .toggle(toggle)
        case let .setDuration(duration, _): .duration(duration)
        case let .setBell(slot, _): .bell(slot)
        }
    }

    /// The value the action gives its setting.
    package var value: SettingValue {
        switch self {
        case let .setSwitch(_, isOn): .on(isOn)
        case let .setDuration(_, duration): .duration(duration)
        case let .setBell(_, bell): .bell(bell)
        }
    }
}

/// A setting's value.
package enum SettingValue: Hashable, Sendable {
    case on(Bool)
    case duration(TimerDuration)
    case bell(BellChoice?)

    /// The value as tables and messages show it: `on`, `05:00`, `Temple Bell ×3 70%`, `none`.
    package var text: String {
        switch self {
        case let .on(isOn): isOn ? "on" : "off"
        case let .duration(duration): duration.formatted
        case let .bell(choice): choice.text
        }
    }
}
