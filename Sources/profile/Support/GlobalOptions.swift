import ArgumentParser
import ProfileKit
import TableKit

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The profile store folder.", valueName: "dir"), completion: .directory)
    var store: String?

    @Flag(name: .long, help: "Never use colour (also: NO_COLOR set to anything).")
    var noColor = false
}

/// A format option for commands that print data.
extension OutputFormat: ExpressibleByArgument {}

/// How `set` and `toggle` print the update they caused.
enum UpdateFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json

    /// The update as this format prints it.
    func render(setting: String, value: ProfileRenderer.SettingValue, update: TableUpdate) -> String {
        switch self {
        case .json: ProfileRenderer.updateJSON(setting: setting, value: value, update: update)
        case .text: ProfileRenderer.updateText(update)
        }
    }
}

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
    switch setting.valueKind {
    case .onOff: return ["on", "off"]
    case .bell: return Bell.allCases.map(\.rawValue)
    case .duration: return ["5m", "10m", "20m", "30m", "45m", "1h"]
    }
}
