import ArgumentParser
import ProfileKit

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Print a profile's document (see profile(5)) to standard output.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The profile.", completion: profileNameCompletion)
    var name: String

    func run() throws {
        try reporting {
            let context = try Context(global)
            let profile = try context.store.load(name).profile
            Output.stdout(String(decoding: ProfileDocument.encode(profile), as: UTF8.self))
        }
    }
}
