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
    /// The time between interval bells, or nil when they are off.
    package var every: String? { viewModel.isOn(.intervals) ? viewModel.text(of: .duration(.interval)) : nil }

    /// The settings `list --format plain` and `json` give after name, time and total, with their JSON
    /// keys, in their order (which scripts rely on: new ones go at the end).
    package static let listed: [(key: String, setting: Setting)] = [
        ("warmup", .toggle(.warmup)), ("cooldown", .toggle(.cooldown)), ("bells", .toggle(.cooldownBells)),
        ("bell", .bell(.coolDown)), ("intervals", .toggle(.intervals)), ("every", .duration(.interval)),
        ("intervalBell", .bell(.intervals)), ("warmupDuration", .duration(.warmUp)),
        ("cooldownDuration", .duration(.coolDown)), ("startBell", .bell(.start)), ("endBell", .bell(.end)),
    ]
}
