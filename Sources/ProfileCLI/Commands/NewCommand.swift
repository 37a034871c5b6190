import ArgumentParser
import LocalTime
import ProfileKit

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a profile: Time 20:00, Warm Up and Cool Down off, unless --from copies another.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The new profile's name.")
    var name: String

    @Option(help: ArgumentHelp("The main sit's length: 20, 20m, 90s, 1h30m, 7:30, 1:05:00.", valueName: "time"))
    var duration: String?

    @Option(help: ArgumentHelp("Start from a copy of this profile.", valueName: "profile"), completion: profileNameCompletion)
    var from: String?

    func run() throws {
        try reporting {
            let context = try Context(global)
            var profile = try from.map { try context.store.load($0).profile } ?? Profile(name: name)
            profile.name = name
            if let duration {
                profile = try ProfileViewModel(profile: profile)
                    .performing(.setDuration(.main, try TimerDuration(parsing: duration))).profile
            }
            Output.confirm(.created(try context.store.create(profile).profile))
        }
    }
}
