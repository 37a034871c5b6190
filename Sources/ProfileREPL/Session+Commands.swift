import Screens
import TableKit
import TextSupport

/// The session's own commands, and help and routing over every screen's.
extension Session {
    /// The commands every screen takes, after its own.
    var globalCommands: [Command] {
        [
            Command("back", summary: "return to the previous screen") { [unowned self] _, options throws(ScreenError) in
                guard stack.count > 1 else { throw .usage("this is the first screen; quit leaves the editor") }
                stack.removeLast().close()
                return top.render(options: options)
            },
            Command("help", aliases: ["?"], usage: "help [COMMAND]", summary: "list the commands, or explain one",
                    arguments: [.word { [unowned self] _ in commandNames }]) { [unowned self] input, options throws(ScreenError) in
                try help(input.words.isEmpty ? nil : input.rest.lowercased(), width: options.width)
            },
            Command("quit", aliases: ["exit", "q"], summary: "leave the editor (Ctrl-D on an empty line too)") {
                [unowned self] _, _ throws(ScreenError) in
                quitRequested = true
                return ""
            },
        ]
    }

    /// The commands available now: the top screen's, then the global ones.
    var commands: [Command] { top.commands + globalCommands }

    /// The names of the commands available now, for completion.
    package var commandNames: [String] { commands.map(\.name) }

    func command(named name: String) -> Command? {
        commands.first { $0.isCalled(name) }
    }

    func unknownCommand(_ name: String) -> EditorError {
        .usage("no command \(quoted(name))\(didYouMean(name, in: commandNames)); type help for the commands")
    }

    /// The list of commands, each summary wrapped under itself to `lineWidth` (a hanging indent), or
    /// the help of one command.
    private func help(_ topic: String?, width lineWidth: Int?) throws(ScreenError) -> String {
        let commands = commands
        guard let topic else {
            // Each command with the other words that call it: `quit, exit, q`.
            let names = commands.map { ([$0.usage] + $0.aliases).joined(separator: ", ") }
            let width = names.map(DisplayWidth.of).max() ?? 0
            return zip(names, commands).flatMap { name, command in
                WordWrap.lines("  \(name)\(DisplayWidth.padding(name, to: width))  \(command.summary)",
                               width: lineWidth ?? .max, indent: width + 4)
            }
                .joined(separator: "\n")
                + "\n\nRows are named SECTION.ROW as the tables show them (2.1); lists are numbered. Tab completes; Ctrl-C drops the line.\n"
        }
        guard let command = command(named: topic) else { throw .usage(unknownCommand(topic).message) }
        let also = command.aliases.isEmpty ? "" : "  also called: \(command.aliases.joined(separator: ", "))\n"
        return "\(command.usage)\n  \(command.summary)\n" + also + command.details()
    }
}

/// Questions and paragraphs: the words around a question, and text fitted to the terminal.
extension Session {
    /// An answer the question cannot take, said once with the way out (on a terminal): an answer that
    /// is a command's name is named as such (`"show" is a command, not a duration`).
    func refusal(of line: String, _ error: EditorError, _ help: QuestionHelp) -> EditorError {
        let word = CommandInput(parsing: line).name
        var message = command(named: word) != nil ? "\(quoted(word)) is a command, not \(help.expects)" : error.message
        if mode == .interactive { message += "; \(help.hint)" }
        return message == error.message ? error : .usage(message)
    }

    /// Paragraphs wrapped at spaces to the terminal's width (none on a pipe); tables keep their layout.
    package func wrapped(_ text: String) -> String {
        WordWrap.paragraphs(text, width: options.width)
    }
}
