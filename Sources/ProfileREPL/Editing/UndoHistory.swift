import ProfileKit

/// The changes made to one profile, to take back and make again.
struct UndoHistory {
    /// A state to return to, and the command that left it.
    struct Entry {
        var profile: Profile
        var label: String
        /// The setting the command changed, for what an undo says when no row shows it.
        var setting: Setting
    }

    /// How many changes are kept; the oldest go first.
    static let limit = 1000

    private var undo: [Entry] = []
    private var redo: [Entry] = []

    /// Remembers `before`, the profile as it was before `label` changed it; a new change forgets what
    /// was taken back.
    mutating func record(_ before: Profile, label: String, setting: Setting) {
        undo.append(Entry(profile: before, label: label, setting: setting))
        if undo.count > Self.limit { undo.removeFirst() }
        redo = []
    }

    /// Steps back (or forward): the state to go to, with `current` kept to come back to. Nil when
    /// there is nothing to step to.
    mutating func step(back: Bool, from current: Profile) -> Entry? {
        guard let entry = back ? undo.popLast() : redo.popLast() else { return nil }
        let kept = Entry(profile: current, label: entry.label, setting: entry.setting)
        if back { redo.append(kept) } else { undo.append(kept) }
        return entry
    }

    /// Forgets everything (after a reload from disk, the history belongs to another version).
    mutating func clear() {
        undo = []
        redo = []
    }
}
