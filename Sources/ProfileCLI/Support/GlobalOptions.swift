import ArgumentParser
import ProfileKit
import TableKit

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The profile store folder.", valueName: "dir"), completion: .directory)
    var store: String?

    @Flag(name: .long, help: "Never use colour (also: NO_COLOR set and not empty).")
    var noColor = false
}

/// A format option for commands that print data.
extension OutputFormat: ExpressibleByArgument {}

/// How `set` and `toggle` print the update they caused.
extension UpdateFormat: ExpressibleByArgument {}

/// The sections `show --section` takes, by their ids.
extension ProfileSection: ExpressibleByArgument {}

/// Completion of existing profile names, read from the store the command line names.
let profileNameCompletion = CompletionKind.custom { words, _, _ in
    var flag: String?
    if let index = words.firstIndex(of: "--store"), index + 1 < words.count { flag = words[index + 1] }
    guard let directory = StoreLocation.resolve(flag: flag, environment: Terminal.environment) else { return [] }
    return (try? FileProfileStore(directory: directory).names()) ?? []
}

/// Completion of a setting's value, from the setting typed before it: on/off, bells, or example times.
let settingValueCompletion = CompletionKind.custom { words, index, _ in
    guard index > 0, index - 1 < words.count, let setting = try? Setting(named: words[index - 1]) else { return [] }
    return setting.valueKind.examples(Context.soundCatalog())
}
