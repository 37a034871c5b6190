import ArgumentParser
import ProfileKit
import TextSupport

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a profile's sections as the editor does, with each row's index path.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The profile.", completion: profileNameCompletion)
    var name: String

    @Option(help: "table (default on a terminal), plain (tab-separated) or json.")
    var format: OutputFormat?

    @Option(help: "Only this section: \(listed(ProfileSection.allCases.map(\.id), "or")).")
    var section: ProfileSection?

    func run() throws {
        try reporting {
            try Self.show(name, format: format, section: section, context: try Context(global))
        }
    }

    static func show(_ name: String, format: OutputFormat?, section: ProfileSection?, context: Context) throws {
        let viewModel = ProfileViewModel(profile: try context.store.load(name).profile)
        Output.stdout(ProfileRenderer.sections(viewModel, only: section.map { [$0.index] },
                                               format: context.format(format), options: context.render))
    }
}
