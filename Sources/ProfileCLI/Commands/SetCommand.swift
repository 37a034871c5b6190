import ArgumentParser
import LocalTime
import ProfileKit
import Sitting
import TableKit

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set a value and print the rows it inserted, deleted or reloaded.",
        discussion: """
            A value that is already set says so (Warm Up duration is already 02:00), and a value whose row \
            is hidden says which switch shows it; after a change that makes 'plan' drop an interval bell, \
            plan's note follows. With --format json, the update alone.

            Settings: \(Setting.helpList).
            Durations: \(TimerDuration.acceptedForms).
            Bells: \(BellChoice.grammar); \(BellSlot.noneNote). The sounds are the \
            built-in bells and your recordings ('profile sounds').
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The profile.", completion: profileNameCompletion)
    var name: String

    @Argument(help: "The setting.", completion: .list(Setting.allCases.map(\.name)))
    var setting: String

    @Argument(help: "The value: on or off, a duration, a bell, a sound, a volume, or a breathing pattern, length, lead or cue.", completion: settingValueCompletion)
    var value: String

    @Option(help: "How to print the update.")
    var format: UpdateFormat = .text

    func run() throws {
        try reporting {
            let context = try Context(global)
            let setting = try Setting(named: setting)
            let action = try setting.action(value: value, catalog: [.duration, .times, .percent, .breathPattern, .seconds, .breathLead, .breathCue].contains(setting.valueKind) ? .builtIn : Context.soundCatalog())
            // The update is printed under the lock before it is saved, as an `edit` script prints before
            // it commits: output that cannot be written fails the command with nothing changed.
            _ = try context.store.update(name) { (profile: inout Profile) throws(ProfileError) in
                let change = try ProfileViewModel(profile: profile).performing(action)
                try Output.print(change.described(before: profile, setting: setting, action: action, format: format))
                profile = change.profile
            }
        }
    }
}
