// profile — a terminal editor for meditation-timer profiles.
// Copyright (C) 2026 the profile authors. GPL-3.0-or-later.
import ArgumentParser
import LineEditing
import ProfileKit

@main
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Edit meditation-timer profiles: a main sit with an optional warm-up and cool-down.",
        discussion: """
            Profiles live in --store DIR, else $PROFILE_STORE, else \
            ${XDG_CONFIG_HOME:-$HOME/.config}/profile/profiles.
            """,
        version: "profile \(ProfileKitInfo.version) (GNU readline \(LineReader.readlineVersion))",
        subcommands: [
            ListCommand.self, ShowCommand.self, NewCommand.self, CopyCommand.self, RenameCommand.self,
            DeleteCommand.self, SetCommand.self, ToggleCommand.self, ExportCommand.self, ImportCommand.self,
            SoundsCommand.self, EditCommand.self,
        ]
    )
}
