import ArgumentParser
import ProfileKit
import TextSupport

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every profile: name, time, total and which parts are on.",
        discussion: """
            Plain lines give name, time, total, then the settings \
            \(listed(ProfileSummary.listed.map(\.setting.name))) (new fields come at the end). JSON \
            gives the same, keyed \(listed(ProfileSummary.listed.map(\.key))), with timeSeconds and \
            totalSeconds. A file that cannot be read is reported on stderr and the rest are listed; the \
            exit status is then 65.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "table (default on a terminal), plain (tab-separated) or json.")
    var format: OutputFormat?

    func run() throws {
        try reporting {
            try Self.list(format: format, context: try Context(global))
        }
    }

    static func list(format: OutputFormat?, context: Context) throws {
        let (profiles, failures) = ListedProfile.split(try context.store.list())
        Output.stdout(ProfileRenderer.list(profiles, format: context.format(format), options: context.render))
        for failure in failures { Output.diagnostic("\(failure)") }
        // A listing that did not get out is the first failure, whatever else was wrong.
        try Output.checkStdout()
        if !failures.isEmpty { throw ExitStatus.dataError.exitCode }
    }
}
