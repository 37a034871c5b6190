import TableKit
import TextSupport

/// A command a screen publishes: everything help, completion and routing need to know of it.
///
/// The session reads a line once into a ``CommandInput``, finds the command on the screen on top (or
/// among its own), and calls ``run``; `help` prints ``usage``, ``summary`` and ``details``; Tab
/// completes from ``arguments``. No other place knows a command's grammar.
package struct Command {
    /// The word that calls it: `toggle`.
    package var name: String
    /// Other words that call it: `exit` and `q` for `quit`.
    package var aliases: [String]
    /// How it is written: `set SETTING VALUE`.
    package var usage: String
    /// One line for the list of commands.
    package var summary: String
    /// More lines for `help NAME` (each starting with two spaces and ending in a newline), or none.
    package var details: () -> String
    /// Its arguments in order, for completion.
    package var arguments: [CommandArgument]
    /// Does it: the text to print, or why not.
    package var run: (CommandInput, RenderOptions) throws(ScreenError) -> String

    /// Makes a command.
    package init(_ name: String, aliases: [String] = [], usage: String? = nil, summary: String,
                 details: @escaping () -> String = { "" }, arguments: [CommandArgument] = [],
                 run: @escaping (CommandInput, RenderOptions) throws(ScreenError) -> String) {
        self.name = name
        self.aliases = aliases
        self.usage = usage ?? name
        self.summary = summary
        self.details = details
        self.arguments = arguments
        self.run = run
    }

    /// `undo` and `redo` for a screen that steps through its changes: `step(back, options)` describes
    /// the step, or gives nil when there is nothing to step to.
    static func undoAndRedo(undoing what: String,
                            _ step: @escaping (_ back: Bool, RenderOptions) throws(ScreenError) -> String?) -> [Command] {
        [
            Command("undo", summary: "take back the last \(what)") { _, options throws(ScreenError) in
                try step(true, options) ?? "nothing to undo\n"
            },
            Command("redo", summary: "make the last change taken back again") { _, options throws(ScreenError) in
                try step(false, options) ?? "nothing to redo\n"
            },
        ]
    }

    /// Whether `word` calls this command: its name or one of its aliases.
    package func isCalled(_ word: String) -> Bool {
        word == name || aliases.contains(word)
    }

    /// Runs the command on `input`; a command that takes no arguments refuses any.
    package func perform(_ input: CommandInput, options: RenderOptions) throws(ScreenError) -> String {
        var input = input
        // Messages name the command as it was typed: `exit takes no argument: exit`.
        input.usage = input.name == name ? usage : input.name + usage.dropFirst(name.count)
        if arguments.isEmpty { try input.noArgument() }
        return try run(input, options)
    }
}

/// One argument of a command, for completion.
package struct CommandArgument {
    /// Whether it takes the rest of the line, spaces and all (names of profiles and bells), rather than one word.
    package var takesRest: Bool
    /// What it may be, given the arguments typed before it.
    package var candidates: ([String]) -> [String]

    /// One word, from `candidates`.
    package static func word(_ candidates: @escaping ([String]) -> [String]) -> CommandArgument {
        CommandArgument(takesRest: false, candidates: candidates)
    }

    /// The rest of the line, from `candidates`.
    package static func rest(_ candidates: @escaping ([String]) -> [String]) -> CommandArgument {
        CommandArgument(takesRest: true, candidates: candidates)
    }

    /// A word or name nothing can complete (a new name, a length of time).
    package static var free: CommandArgument { CommandArgument(takesRest: true, candidates: { _ in [] }) }
}

/// A command line read once: the command word and its arguments.
package struct CommandInput: Sendable, Equatable {
    /// The command, lower-cased: `toggle`.
    package let name: String
    /// The arguments as typed, split at white space.
    package let words: [String]
    /// Everything after the command, trimmed, without one pair of surrounding quotes.
    package let rest: String
    /// The command's usage, for messages; the command sets it before it runs.
    package var usage = ""
    private let afterName: Substring

    /// Reads `line`.
    package init(parsing line: String) {
        let trimmed = line.drop { $0.isWhitespace }
        let command = trimmed.prefix { !$0.isWhitespace }
        name = command.lowercased()
        afterName = trimmed.dropFirst(command.count)
        words = afterName.split(whereSeparator: \.isWhitespace).map(String.init)
        rest = Self.unquoted(afterName)
    }

    /// Refuses arguments: `undo takes no argument: undo`.
    package func noArgument() throws(ScreenError) {
        guard words.isEmpty else { throw .usage("\(name) takes no argument: \(usage)") }
    }

    /// The whole argument, or `open needs a name: open NAME` when there is none.
    package func argument(_ what: String = "an argument") throws(ScreenError) -> String {
        guard !rest.isEmpty else { throw .usage("\(name) needs \(what): \(usage)") }
        return rest
    }

    /// The text after the first `count` argument words, trimmed and unquoted: the value of
    /// `set SETTING VALUE`, the name of `copy N NAME`.
    package func rest(after count: Int) -> String {
        var text = afterName
        for _ in 0..<count {
            text = text.drop { $0.isWhitespace }
            text = text.drop { !$0.isWhitespace }
        }
        return Self.unquoted(text)
    }

    /// How to type `value` as the rest of a line so that ``rest`` reads it back exactly: as it is, or
    /// in single quotes when it would otherwise lose a pair of surrounding quotes (a profile named
    /// `"Zen"` is typed `'"Zen"'`). Completion inserts this form.
    package static func typing(_ value: String) -> String {
        unquoted(value[...]) == value ? value : "'\(value)'"
    }

    private static func unquoted(_ text: Substring) -> String {
        var rest = text.trimmingWhitespace()
        for quote in ["\"", "'"] where rest.count >= 2 && rest.hasPrefix(quote) && rest.hasSuffix(quote) {
            rest = String(rest.dropFirst().dropLast())
        }
        return rest
    }
}
