import TableKit
import TextSupport

/// The profile screen: the sections as tables; switches, values and taps by index path.
package final class ProfileScreen: Screen {
    let model: ProfileScreenModel

    package init(model: ProfileScreenModel) {
        self.model = model
    }

    package var pathComponent: String? { model.name }

    package var commands: [(name: String, usage: String, summary: String)] {
        [
            ("show", "show [SECTION]", "show the sections as tables (time, warmup, cooldown, intervals or 0-3)"),
            ("toggle", "toggle SWITCH", "flip a switch: warmup, cooldown, cooldown.bells or intervals"),
            ("set", "set SETTING VALUE", "set a value, such as: set cooldown.duration 7:30"),
            ("tap", "tap S.R [VALUE]", "do what tapping row S.R would: flip a switch, edit a time, pick a bell"),
            ("bell", "bell", "open the bell picker"),
            ("undo", "undo", "take back the last change"),
            ("redo", "redo", "make the last change taken back again"),
            ("list", "list", "list every profile"),
            ("open", "open NAME", "edit another profile"),
            ("new", "new NAME", "create a profile and edit it"),
        ]
    }

    package func render(options: RenderOptions) -> String {
        SectionText.tables(model.sections.enumerated().map { ($0.offset, $0.element) }, options: options)
    }

    /// Prints a change: its text, its update with the touched sections, and what follows.
    package func describe(_ change: ScreenChange, options: RenderOptions) -> String {
        var output = change.prefix
        if let update = change.update { output += SectionText.describe(update, in: model.sections, options: options) }
        if change.showAll { output += render(options: options) }
        return output + change.suffix
    }

    package func handle(_ words: [String], line: String, options: RenderOptions) -> ScreenReply {
        let (name, rest) = splitCommand(line)
        let usage = commands.first { $0.name == name }?.usage ?? name
        do throws(ScreenError) {
            func argument() throws(ScreenError) -> String {
                guard !rest.isEmpty else { throw ScreenError("\(name) needs an argument: \(usage)") }
                return rest
            }
            func noArgument() throws(ScreenError) {
                guard rest.isEmpty else { throw ScreenError("\(name) takes no argument: \(usage)") }
            }
            switch name {
            case "show":
                guard !rest.isEmpty else { return ScreenReply(render(options: options)) }
                let index = try Self.section(rest, in: model.sections)
                return ScreenReply(SectionText.tables([(index, model.sections[index])], options: options))
            case "toggle":
                return ScreenReply(describe(try model.toggle(named: try argument()), options: options))
            case "set":
                let parts = rest.split(maxSplits: 1, whereSeparator: \.isWhitespace).map(String.init)
                guard parts.count == 2 else { throw ScreenError("set needs a setting and a value: \(usage)") }
                let (_, value) = splitCommand("x " + parts[1])
                return ScreenReply(describe(try model.set(named: parts[0], value: value), options: options))
            case "tap":
                let parts = rest.split(maxSplits: 1, whereSeparator: \.isWhitespace).map(String.init)
                guard let first = parts.first else { throw ScreenError("tap needs a row: \(usage), such as tap 2.1") }
                guard let path = RowPath(parsing: first) else {
                    throw ScreenError("\(quoted(first)) is not a row; write SECTION.ROW, such as 2.1")
                }
                let value = parts.count > 1 ? splitCommand("x " + parts[1]).rest : nil
                switch try model.tap(at: path, value: value) {
                case let .changed(change): return ScreenReply(describe(change, options: options))
                case let .asking(text): return ScreenReply(text)
                case .openBellPicker:
                    model.openBellPicker()
                    return ScreenReply()
                }
            case "bell":
                try noArgument()
                model.openBellPicker()
                return ScreenReply()
            case "undo", "redo":
                try noArgument()
                let change = name == "undo" ? try model.undo() : try model.redo()
                guard let change else { return ScreenReply("nothing to \(name)\n") }
                return ScreenReply(describe(change, options: options))
            case "list":
                try noArgument()
                return ScreenReply(EntryTable.render(try model.entries(), numbered: false, options: options))
            case "open":
                try model.open(named: try argument())
                return ScreenReply(render(options: options))
            case "new":
                try model.create(named: try argument())
                return ScreenReply(render(options: options))
            default:
                throw ScreenError("no command \(quoted(name))\(suggestion(for: name)); type help for the commands")
            }
        } catch {
            return .failure(error.message)
        }
    }

    /// Answers the model's question with a line.
    package func answer(_ line: String, options: RenderOptions) -> ScreenReply {
        do throws(ScreenError) {
            return ScreenReply(describe(try model.answer(line), options: options))
        } catch {
            return .failure(error.message)
        }
    }

    /// A section by id (`cooldown`), title (`Cool Down`) or index (`2`).
    static func section(_ text: String, in sections: [TableSection]) throws(ScreenError) -> Int {
        let key = text.lowercased().filter { !$0.isWhitespace }
        for (index, section) in sections.enumerated()
        where key == section.id || key == section.title.lowercased().filter({ !$0.isWhitespace }) || key == String(index) {
            return index
        }
        throw ScreenError("no section \(quoted(text)); the sections are \(list(sections.map(\.id))) (or "
            + sections.indices.map(String.init).joined(separator: ", ") + ")")
    }

    func suggestion(for word: String) -> String {
        let names = commands.map(\.name) + ["back", "help", "quit"]
        return closestMatch(to: word, in: names).map { " (did you mean \(quoted($0))?)" } ?? ""
    }

    package func close() {}
}

/// `a, b and c`.
func list(_ words: [String]) -> String {
    words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
}
