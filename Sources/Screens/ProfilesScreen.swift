import TableKit
import TextSupport

/// What the profiles screen asks of its view model.
package protocol ProfilesModel: AnyObject {
    /// Every profile as a list, in the order the numbers count.
    func table() throws(ScreenError) -> ListTable
    /// The profiles' names, in the table's order, for completion.
    func names() -> [String]
    /// Opens the profile at `index` of the list (the coordinator is told).
    func select(at index: Int) throws(ScreenError)
    /// Opens the profile called `name`.
    func open(named: String) throws(ScreenError)
    /// Creates a profile and opens it.
    func create(named: String) throws(ScreenError)
    /// Copies the profile at `index` under `name`.
    func copy(at index: Int, to name: String) throws(ScreenError) -> ScreenChange
    /// Renames the profile at `index`.
    func rename(at index: Int, to name: String) throws(ScreenError) -> ScreenChange
    /// Asks whether to delete the profile at `index` (its ``question``).
    func delete(at index: Int) throws(ScreenError)
    /// The question waiting for an answer, as the prompt shows it, if any.
    var question: String? { get }
    /// What the question takes and the way out of it, while one is asked.
    var questionHelp: QuestionHelp? { get }
    /// Answers the question.
    func answer(_ text: String) throws(ScreenError) -> ScreenChange
    /// Drops the question: nothing is deleted.
    func cancelQuestion() -> ScreenChange
    /// Takes back the last new, copy, rename or delete; nil when there is none.
    func undo() throws(ScreenError) -> ScreenChange?
    /// Makes the last change taken back again; nil when there is none.
    func redo() throws(ScreenError) -> ScreenChange?
}

/// The profiles screen: every profile with its time and total; open, create, copy, rename, delete,
/// and undo and redo of those.
package final class ProfilesScreen: Screen {
    let model: ProfilesModel

    package init(model: ProfilesModel) {
        self.model = model
    }

    package var pathComponent: String? { nil }

    package var commands: [Command] {
        let numbers = CommandArgument.word { [model] _ in rowNumbers(model.names().count) }
        return [
            Command("show", aliases: ["list"], summary: "list the profiles") { [unowned self] _, options throws(ScreenError) in
                render(options: options)
            },
            Command("tap", usage: "tap N", summary: "open profile N", arguments: [numbers]) { [unowned self] input, _ throws(ScreenError) in
                try model.select(at: try number(input.rest))
                return ""
            },
            Command("open", usage: "open NAME", summary: "open a profile by name",
                    arguments: [.rest { [model] _ in model.names() }]) { [unowned self] input, _ throws(ScreenError) in
                try model.open(named: try input.argument("a name"))
                return ""
            },
            Command("new", usage: "new NAME", summary: "create a profile and open it", arguments: [.free]) {
                [unowned self] input, _ throws(ScreenError) in
                try model.create(named: try input.argument("a name"))
                return ""
            },
            Command("copy", usage: "copy N NAME", summary: "copy profile N under a new name", arguments: [numbers, .free]) {
                [unowned self] input, options throws(ScreenError) in
                let (index, name) = try numberAndName(input)
                return describe(try model.copy(at: index, to: name), options: options)
            },
            Command("rename", usage: "rename N NAME", summary: "give profile N a new name", arguments: [numbers, .free]) {
                [unowned self] input, options throws(ScreenError) in
                let (index, name) = try numberAndName(input)
                return describe(try model.rename(at: index, to: name), options: options)
            },
            Command("delete", usage: "delete N", summary: "delete profile N, after asking", arguments: [numbers]) {
                [unowned self] input, _ throws(ScreenError) in
                try model.delete(at: try number(input.rest))
                return ""
            },
        ] + Command.undoAndRedo(undoing: "new, copy, rename or delete") { [unowned self] back, options throws(ScreenError) in
            try (back ? model.undo() : model.redo()).map { describe($0, options: options) }
        }
    }

    /// The list index a typed number names.
    private func number(_ text: String) throws(ScreenError) -> Int {
        let count = try model.table().rows.count
        guard let index = rowNumber(text, count: count) else {
            throw .usage(count == 0 ? "there are no profiles yet; create one with: new NAME"
                                    : "\(quoted(text)) is not a profile's number; use 1 to \(count)")
        }
        return index
    }

    private func numberAndName(_ input: CommandInput) throws(ScreenError) -> (Int, String) {
        guard input.words.count >= 2 else { throw .usage("\(input.name) needs a number and a name: \(input.usage)") }
        return (try number(input.words[0]), input.rest(after: 1))
    }

    package func render(options: RenderOptions) -> String {
        render(marked: [], options: options)
    }

    private func render(marked: Set<Int>, options: RenderOptions) -> String {
        do throws(ScreenError) {
            return renderProfiles(try model.table(), marked: marked, options: options)
        } catch {
            return error.message + "\n"
        }
    }

    /// Prints a change of the list: its words, the rows it inserted and deleted, and the list with the
    /// inserted rows marked.
    private func describe(_ change: ScreenChange, options: RenderOptions) -> String {
        guard let update = change.update else { return change.prefix + change.suffix }
        let marked = Set(update.sections.flatMap(\.insertedRows))
        return change.prefix + SectionText.updateLines(update, style: .rows(numbered: true))
            + render(marked: marked, options: options) + change.suffix
    }

    package var question: String? { model.question }
    package var questionHelp: QuestionHelp? { model.questionHelp }

    package func answer(_ line: String, options: RenderOptions) throws(ScreenError) -> String {
        describe(try model.answer(line), options: options)
    }

    package func cancelQuestion(options: RenderOptions) -> String {
        describe(model.cancelQuestion(), options: options)
    }

    package func close() {}
}
