import ArgumentParser
import JournalCore
import ProfileKit

/// The commands scripts run in loops, parsed without ArgumentParser's reflection.
///
/// ArgumentParser discovers a command's arguments through reflection and protocol-conformance lookups
/// on every run: about 9 million instructions, twice what `show` itself costs (callgrind). `show` and
/// `list` with their usual options are recognised here directly; anything else — help, a mistake, an
/// option this grammar does not know — returns nil and goes through ArgumentParser, so every message
/// and every error stays exactly as it is.
enum QuickPath {
    /// Runs the command when `arguments` is a plain `show` or `list`; nil when it is not one.
    static func run(_ arguments: [String]) -> Int32? {
        if let status = StatusLine.quickArguments(arguments) { return StatusCommand.status(format: status.format, journal: status.journal) }
        guard let quick = QuickArguments(arguments) else { return nil }
        do {
            try reportingErrors {
                let context = try Context(store: quick.store, noColor: quick.noColor)
                if let name = quick.profile {
                    try ShowCommand.show(name, format: quick.format, section: quick.section, context: context)
                } else {
                    try ListCommand.list(format: quick.format, context: context)
                }
            }
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            Output.diagnostic("\(error)")
            return 1
        }
    }
}
