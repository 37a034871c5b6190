/// A plain `show` or `list` command line, read without ArgumentParser (whose reflection costs twice
/// what `show` itself does): `show NAME` or `list`, with `--format`, `--store`, `--no-color` and, for
/// `show`, `--section`, each at most once, as `--option value` or `--option=value`. Anything else —
/// help, a mistake, an option this grammar does not know, a value that starts with `-` — is not one,
/// and goes through ArgumentParser, so every message and error stays its.
package struct QuickArguments: Hashable, Sendable {
    /// The profile `show` shows; nil for `list`.
    package var profile: String?
    package var format: OutputFormat?
    package var section: ProfileSection?
    package var store: String?
    package var noColor = false

    /// Reads `arguments` (argv without the program's name); nil when they are not a plain `show` or `list`.
    package init?(_ arguments: [String]) {
        guard let subcommand = arguments.first, subcommand == "show" || subcommand == "list" else { return nil }
        var positionals: [String] = []
        var values: [String: String] = [:]
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
        if let text = values["--format"] {
            guard let parsed = OutputFormat(rawValue: text) else { return nil }
            format = parsed
        }
        if let text = values["--section"] {
            guard let parsed = ProfileSection(rawValue: text) else { return nil }
            section = parsed
        }
        guard positionals.count == (subcommand == "show" ? 1 : 0) else { return nil }
        profile = positionals.first
        store = values["--store"]
    }
}
