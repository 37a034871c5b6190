import ArgumentParser
import ProfileKit

struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Give a profile a new name.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The profile.", completion: profileNameCompletion)
    var old: String

    @Argument(help: "Its new name.")
    var new: String

    func run() throws {
        try reporting {
            let context = try Context(global)
            Output.confirm(.renamed(old: old, new: try context.store.rename(old, to: new).profile.name))
        }
    }
}
