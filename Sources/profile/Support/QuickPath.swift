import ArgumentParser
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
        guard let subcommand = arguments.first, subcommand == "show" || subcommand == "list" else { return nil }
        var positionals: [String] = []
        var values: [String: String] = [:]
        var noColor = false
        var words = arguments.dropFirst()[...]
        while let word = words.popFirst() {
            if word == "--no-color" {
                noColor = true
            } else if word.hasPrefix("-") {
                let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
                let option = parts[0]
                let allowed = subcommand == "show" ? ["--format", "--section", "--store"] : ["--format", "--store"]
                guard allowed.contains(option), values[option] == nil else { return nil }
                guard let value = parts.count == 2 ? parts[1] : words.popFirst(), !value.hasPrefix("-") else { return nil }
                values[option] = value
            } else {
                positionals.append(word)
            }
        }
        var format: OutputFormat?
        var section: ProfileSection?
        if let text = values["--format"] {
            guard let parsed = OutputFormat(rawValue: text) else { return nil }
            format = parsed
        }
        if let text = values["--section"] {
            guard let parsed = ProfileSection(rawValue: text) else { return nil }
            section = parsed
        }
        guard positionals.count == (subcommand == "show" ? 1 : 0) else { return nil }
        do {
            try reportingErrors {
                let context = try Context(store: values["--store"], noColor: noColor)
                if subcommand == "list" {
                    try ListCommand.list(format: format, context: context)
                } else {
                    try ShowCommand.show(positionals[0], format: format, section: section, context: context)
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
