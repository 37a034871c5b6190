import ProfileKit
import Sitting
import TextSupport

/// What a change to a profile says beyond its rows: that it changed nothing, that the row it changed
/// is hidden, or that the plan now drops an interval bell.
enum ChangeNotes {
    /// `Warm Up duration is already 02:00`: for a setting set to the value it had.
    static func unchanged(_ setting: Setting, in viewModel: ProfileViewModel) -> String {
        "\(setting.title) is already \(viewModel.text(of: setting))\n"
    }

    /// `Warm Up duration stays 02:00`: for a question left without a new value.
    static func kept(_ setting: Setting, in viewModel: ProfileViewModel) -> String {
        "\(setting.title) stays \(viewModel.text(of: setting))\n"
    }

    /// `Warm Up duration is now 03:00; its row shows when Warm Up is on`: for a change of a value whose
    /// row is hidden, so that no row tells of it.
    static func hidden(_ setting: Setting, in viewModel: ProfileViewModel) -> String {
        let off = setting.shownWhen.filter { !viewModel.isOn($0) }.map { Setting.toggle($0).title }
        let when = off.isEmpty ? "" : "; its row shows when \(listed(off, "and")) \(off.count == 1 ? "is" : "are") on"
        return "\(setting.title) is now \(viewModel.text(of: setting))\(when)\n"
    }

    /// The plan's own note on dropped interval bells, when `after` drops a bell that `before` rang.
    static func dropped(before: Profile, after: Profile) -> String {
        let dropped = Set(Timeline(profile: before).droppedIntervals)
        let timeline = Timeline(profile: after)
        guard timeline.droppedIntervals.contains(where: { !dropped.contains($0) }) else { return "" }
        return ProfileRenderer.droppedNote(timeline)
    }
}
