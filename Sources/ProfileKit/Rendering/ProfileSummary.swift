/// One line of a profile listing: what the profiles list shows of a profile, on the command line and
/// in the editor alike.
package struct ProfileSummary: Hashable, Sendable {
    /// The profile's view model, for the settings a script's listing gives.
    package let viewModel: ProfileViewModel

    /// Summarizes `profile`.
    package init(_ profile: Profile) {
        viewModel = ProfileViewModel(profile: profile)
    }

    /// The profile's name.
    package var name: String { viewModel.profile.name }
    /// The main sit's length.
    package var time: String { viewModel.mainTime }
    /// The whole session's length.
    package var total: String { viewModel.totalTime }
    /// The main sit's length in seconds, for scripts.
    package var timeSeconds: Int { viewModel.profile.duration.seconds }
    /// The whole session's length in seconds, for scripts.
    package var totalSeconds: Int { viewModel.profile.totalDuration.seconds }
    /// The warm-up's length, or nil when it is off.
    package var warmUp: String? { viewModel.isOn(.warmup) ? viewModel.text(of: .duration(.warmUp)) : nil }
    /// The cool-down's length, or nil when it is off.
    package var coolDown: String? { viewModel.isOn(.cooldown) ? viewModel.text(of: .duration(.coolDown)) : nil }
    /// The cool-down's bell, or nil when the cool-down or its bell is off.
    package var coolDownBell: String? {
        viewModel.isOn(.cooldown) && viewModel.isOn(.cooldownBells) ? viewModel.text(of: .bell(.coolDown)) : nil
    }
    /// When interval bells ring, or nil when they are off: the time between them (`05:00`), or `at`
    /// and the first two chosen times (`at 10:00, 25:00, …`), as a listing's column has little room.
    package var every: String? {
        guard viewModel.isOn(.intervals) else { return nil }
        switch viewModel.profile.intervals.schedule {
        case let .every(every): return every.formatted
        case let .at(times):
            return "at " + times.prefix(2).map(\.formatted).joined(separator: ", ") + (times.count > 2 ? ", …" : "")
        }
    }

    /// The value a listing gives for `setting`: its value, or nil for the mode of the interval the
    /// profile is not in (`every` of a profile of chosen times, `at` of one that rings every so often).
    package func listedValue(_ setting: Setting) -> SettingValue? {
        if let mode = setting.shownInMode, mode != viewModel.intervalMode { return nil }
        return viewModel.value(of: setting)
    }

    /// The settings `list --format plain` and `json` give after name, time and total, with their JSON
    /// keys, in their order (which scripts rely on: new ones go at the end). `every` and `at` are the
    /// interval's two modes: the one the profile is not in is empty (plain) or null (JSON).
    package static let listed: [(key: String, setting: Setting)] = [
        ("warmup", .toggle(.warmup)), ("cooldown", .toggle(.cooldown)), ("bells", .toggle(.cooldownBells)),
        ("bell", .bell(.coolDown)), ("intervals", .toggle(.intervals)), ("every", .interval(.every)),
        ("intervalBell", .bell(.intervals)), ("warmupDuration", .duration(.warmUp)),
        ("cooldownDuration", .duration(.coolDown)), ("startBell", .bell(.start)), ("endBell", .bell(.end)),
        ("at", .interval(.at)), ("ambience", .toggle(.ambience)), ("ambienceSound", .ambience(.sound)),
        ("ambienceVolume", .ambience(.volume)), ("breathing", .toggle(.breathing)),
        ("breathingPattern", .breathing(.pattern)), ("breathingLead", .breathing(.lead)),
        ("breathingCue", .breathing(.cue)), ("breathingVolume", .breathing(.volume)),
    ]
}
