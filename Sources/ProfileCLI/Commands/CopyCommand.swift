import ArgumentParser
import ProfileKit

struct CopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "copy", abstract: "Copy a profile under a new name.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The profile to copy.", completion: profileNameCompletion)
    var source: String

    @Argument(help: "The copy's name.")
    var destination: String

    func run() throws {
        try reporting {
            let context = try Context(global)
            let original = try context.store.load(source).profile
            var profile = original
            profile.name = destination
            Output.confirm(.copied(source: original.name, copy: try context.store.create(profile).profile.name))
        }
    }
}
