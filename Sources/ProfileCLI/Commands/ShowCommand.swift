import ArgumentParser
import ProfileKit
import TextSupport

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a profile's sections as the editor does, with each row's index path.",
        discussion: """
            Under the sections comes the session's total: in a table 'Total: 37:00 (Warm Up 02:00 + Time \
            30:00 + Cool Down 05:00)'; in plain lines a last line 'session<TAB><TAB>Total<TAB>37:00'; in \
            JSON the members total and totalSeconds. With --section only that section is shown, without \
            the total (JSON keeps its members).
            """)

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
        let format = context.format(format)
        var text = ProfileRenderer.sections(viewModel, only: section.map { [$0.index] }, format: format, options: context.render)
        // The session's total belongs to the whole profile, so one section alone goes without it.
        if section == nil { text += ProfileRenderer.total(viewModel, format: format) }
        Output.stdout(text)
    }
}
