import TextSupport

/// A change a user can make to a profile: each switch and each value of the profile screen.
package enum ProfileAction: Hashable, Sendable {
    /// Turns the warm-up or cool-down segment on or off, creating it on first use.
    case setSegmentEnabled(SegmentType, Bool)
    /// Turns the cool-down bell on or off, creating the segment and its sound on first use.
    case setBellsEnabled(Bool)
    /// Sets the length of the main sit (`.main`), the warm-up or the cool-down.
    case setDuration(SegmentType, TimerDuration)
    /// Chooses the cool-down bell.
    case setBell(Bell)
    /// Turns interval bells on or off.
    case setIntervalsEnabled(Bool)
    /// Sets the time between interval bells.
    case setInterval(TimerDuration)
    /// Chooses the interval bell.
    case setIntervalBell(Bell)
}

/// The switches of the profile screen, by the names the command line and the editor use.
package enum Switch: String, CaseIterable, Sendable {
    case warmup
    case cooldown
    case cooldownBells = "cooldown.bells"
    case intervals

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
    package func action(isOn: Bool) -> ProfileAction {
        switch self {
        case .warmup: .setSegmentEnabled(.warmUp, isOn)
        case .cooldown: .setSegmentEnabled(.coolDown, isOn)
        case .cooldownBells: .setBellsEnabled(isOn)
        case .intervals: .setIntervalsEnabled(isOn)
        }
    }
}

/// The settings of the profile screen, by the names the command line and the editor use.
package enum Setting: String, CaseIterable, Sendable {
    case duration
    case warmup
    case warmupDuration = "warmup.duration"
    case cooldown
    case cooldownDuration = "cooldown.duration"
    case cooldownBells = "cooldown.bells"
    case cooldownBell = "cooldown.bell"
    case intervals
    case intervalsEvery = "intervals.every"
    case intervalsBell = "intervals.bell"

    /// Finds a setting by name (case-insensitive).
    ///
    /// - Throws: ``ProfileError/unknownSetting(_:suggestion:)`` with a likely meant name.
    package init(named name: String) throws(ProfileError) {
        guard let found = Self(rawValue: name.lowercased()) else {
            throw ProfileError.unknownSetting(name, suggestion: closestMatch(to: name, in: Self.allCases.map(\.rawValue)))
        }
        self = found
    }

    /// What the setting takes, for help and completion: `on|off`, a duration, or a bell.
    package var valueKind: ValueKind {
        switch self {
        case .duration, .warmupDuration, .cooldownDuration, .intervalsEvery: .duration
        case .warmup, .cooldown, .cooldownBells, .intervals: .onOff
        case .cooldownBell, .intervalsBell: .bell
        }
    }

    /// The kinds of value a setting takes.
    package enum ValueKind: Sendable {
        case onOff, duration, bell
    }

    /// The action that gives this setting `value`, read as people type it.
    ///
    /// - Throws: a ``ProfileError`` naming the value and what would be accepted.
    package func action(value: String) throws(ProfileError) -> ProfileAction {
        switch self {
        case .duration: .setDuration(.main, try TimerDuration(parsing: value))
        case .warmupDuration: .setDuration(.warmUp, try TimerDuration(parsing: value))
        case .cooldownDuration: .setDuration(.coolDown, try TimerDuration(parsing: value))
        case .warmup: .setSegmentEnabled(.warmUp, try parseSwitchValue(value))
        case .cooldown: .setSegmentEnabled(.coolDown, try parseSwitchValue(value))
        case .cooldownBells: .setBellsEnabled(try parseSwitchValue(value))
        case .cooldownBell: .setBell(try Bell(named: value))
        case .intervals: .setIntervalsEnabled(try parseSwitchValue(value))
        case .intervalsEvery: .setInterval(try TimerDuration(parsing: value))
        case .intervalsBell: .setIntervalBell(try Bell(named: value))
        }
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
