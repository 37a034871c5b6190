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
                    arguments: [.word { [unowned self] _ in commandNames }]) { [unowned self] input, _ throws(ScreenError) in
                try help(input.words.isEmpty ? nil : input.rest.lowercased())
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

    private func help(_ topic: String?) throws(ScreenError) -> String {
        let commands = commands
        guard let topic else {
            // Each command with the other words that call it: `quit, exit, q`.
            let names = commands.map { ([$0.usage] + $0.aliases).joined(separator: ", ") }
            let width = names.map(DisplayWidth.of).max() ?? 0
            return zip(names, commands).map { "  \($0)\(DisplayWidth.padding($0, to: width))  \($1.summary)" }
                .joined(separator: "\n")
                + "\n\nRows are named SECTION.ROW as the tables show them (2.1); lists are numbered. Tab completes; Ctrl-C drops the line.\n"
        }
        guard let command = command(named: topic) else { throw .usage(unknownCommand(topic).message) }
        let also = command.aliases.isEmpty ? "" : "  also called: \(command.aliases.joined(separator: ", "))\n"
        return "\(command.usage)\n  \(command.summary)\n" + also + command.details()
    }
}
