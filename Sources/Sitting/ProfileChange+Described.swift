import ProfileKit

extension ProfileChange {
    /// What `set` prints of the change it made to `before`, setting `setting` by `action`: the update
    /// in `format`; as text, a value already set or a row hidden said in words instead, and an interval
    /// bell the plan now drops.
    package func described(before: Profile, setting: Setting, action: ProfileAction, format: UpdateFormat) -> String {
        guard format == .text else { return format.render(action, update: update) }
        var text = profile == before ? viewModel.alreadyNote(setting)
            : update.isEmpty ? viewModel.hiddenNote(setting)
            : format.render(action, update: update)
        text += ProfileRenderer.droppedNote(before: before, after: profile)
        return text
    }
}
