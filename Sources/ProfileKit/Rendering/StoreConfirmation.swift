import TextSupport

/// What a command that changed the store did, in one line: what `new`, `copy`, `rename`, `delete` and
/// `import` say on a terminal, and the editor's profiles screen after the same changes.
package enum StoreConfirmation: Equatable, Sendable {
    /// `new` made `profile`.
    case created(Profile)
    /// `copy` made the profile named `copy` from the one named `source`.
    case copied(source: String, copy: String)
    /// `rename` gave the profile named `old` the name `new`.
    case renamed(old: String, new: String)
    /// `delete` deleted the profile named so.
    case deleted(String)
    /// `import` added `profile`; `replacing`, over the profile of its name (`--force`).
    case imported(Profile, replacing: Bool)

    /// `created "Morning": 30:00, session 37:00`, `copied "Morning" to "Evening"`, `renamed "Morning"
    /// to "Dawn"`, `deleted "Morning"`, `imported "Zazen": 55:00, session 55:00` (`imported "Zazen",
    /// replacing the profile of that name: …`), each with its line's end.
    package var text: String {
        switch self {
        case let .created(profile): "created \(quoted(profile.name)): \(Self.lengths(profile))\n"
        case let .copied(source, copy): "copied \(quoted(source)) to \(quoted(copy))\n"
        case let .renamed(old, new): "renamed \(quoted(old)) to \(quoted(new))\n"
        case let .deleted(name): "deleted \(quoted(name))\n"
        case let .imported(profile, replacing):
            "imported \(quoted(profile.name))\(replacing ? ", replacing the profile of that name" : ""): \(Self.lengths(profile))\n"
        }
    }

    /// What a command prints of the change: ``text`` on a terminal, and nothing to a pipe or a file,
    /// whose readers (scripts) take silence for success.
    package func text(onTerminal: Bool) -> String {
        onTerminal ? text : ""
    }

    /// `30:00, session 37:00`: the main sit's length and the whole session's, as `list` shows them.
    private static func lengths(_ profile: Profile) -> String {
        let summary = ProfileSummary(profile)
        return "\(summary.time), session \(summary.total)"
    }
}
