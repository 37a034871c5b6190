import ArgumentParser
import ProfileKit

struct SoundsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sounds", abstract: "List the bells a cool-down can ring.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "table (default on a terminal), plain (one per line) or json.")
    var format: OutputFormat?

    func run() throws {
        try reporting {
            let context = try Context(global)
            Output.stdout(ProfileRenderer.sounds(format: context.format(format), options: context.render))
        }
    }
}
