import ArgumentParser
import ProfileKit
import TableKit

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set a value and print the rows it inserted, deleted or reloaded.",
        discussion: """
            Settings: \(Setting.helpList).
            Durations: \(TimerDuration.acceptedForms).
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The profile.", completion: profileNameCompletion)
    var name: String

    @Argument(help: "The setting.", completion: .list(Setting.allCases.map(\.name)))
    var setting: String

    @Argument(help: "The value: on or off, a duration, or a bell.", completion: settingValueCompletion)
    var value: String

    @Option(help: "How to print the update.")
    var format: UpdateFormat = .text

    func run() throws {
        try reporting {
            let context = try Context(global)
            let setting = try Setting(named: setting)
            let action = try setting.action(value: value)
            var update = TableUpdate.none
            _ = try context.store.update(name) { (profile: inout Profile) throws(ProfileError) in
                let change = try ProfileViewModel(profile: profile).performing(action)
                profile = change.profile
                update = change.update
            }
            Output.stdout(format.render(action, update: update))
        }
    }
}
