import ArgumentParser
import ProfileKit
import Sitting

struct ToggleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toggle",
        abstract: "Flip a switch and print the rows it inserted or deleted.",
        discussion: "Switches: \(Switch.nameList).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The profile.", completion: profileNameCompletion)
    var name: String

    @Argument(help: "The switch: \(Switch.nameList).", completion: .list(Switch.allCases.map(\.rawValue)))
    var toggle: String

    @Option(help: "How to print the update.")
    var format: UpdateFormat = .text

    func run() throws {
        try reporting {
            let context = try Context(global)
            let toggle = try Switch(named: toggle)
            // The switch is read and flipped under the lock, so two toggles never both see "off"; the
            // update is printed there before it is saved, so output that cannot be written changes nothing.
            _ = try context.store.update(name) { (profile: inout Profile) throws(ProfileError) in
                let change = try ProfileViewModel(profile: profile).toggling(toggle)
                var text = format.render(toggle.action(isOn: change.viewModel.isOn(toggle)), update: change.update)
                if format == .text { text += ProfileRenderer.droppedNote(before: profile, after: change.profile) }
                try Output.print(text)
                profile = change.profile
            }
        }
    }
}
