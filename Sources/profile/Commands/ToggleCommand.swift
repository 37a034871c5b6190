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
            var before: Profile?
            var change: ProfileChange?
            // The switch is read and flipped under the lock, so two toggles never both see "off".
            _ = try context.store.update(name) { (profile: inout Profile) throws(ProfileError) in
                before = profile
                let result = try ProfileViewModel(profile: profile).toggling(toggle)
                profile = result.profile
                change = result
            }
            guard let before, let change else { return }
            var text = format.render(toggle.action(isOn: change.viewModel.isOn(toggle)), update: change.update)
            if format == .text { text += ProfileRenderer.droppedNote(before: before, after: change.profile) }
            Output.stdout(text)
        }
    }
}
