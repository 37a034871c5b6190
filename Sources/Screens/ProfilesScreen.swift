import TableKit
import TextSupport

/// What the profiles screen asks of its view model.
package protocol ProfilesModel: AnyObject {
    /// Every profile, in the order the table shows them.
    func entries() throws(ScreenError) -> [ProfileEntry]
    /// Opens the profile at `index` of the entries (the coordinator is told).
    func select(at index: Int) throws(ScreenError)
    /// Opens the profile called `name`.
    func open(named: String) throws(ScreenError)
    /// Creates a profile and opens it.
    func create(named: String) throws(ScreenError)
    /// Copies the profile at `index` under `name`.
    func copy(at index: Int, to name: String) throws(ScreenError)
    /// Renames the profile at `index`.
    func rename(at index: Int, to name: String) throws(ScreenError)
    /// Deletes the profile at `index`.
    func delete(at index: Int) throws(ScreenError)
}

/// The profiles screen: every profile with its time and total; open, create, copy, rename, delete.
package final class ProfilesScreen: Screen {
    let model: ProfilesModel

    package init(model: ProfilesModel) {
        self.model = model
    }

    package var pathComponent: String? { nil }

    package var commands: [(name: String, usage: String, summary: String)] {
        [
            ("show", "show", "list the profiles"),
            ("tap", "tap N", "open profile N"),
            ("open", "open NAME", "open a profile by name"),
            ("new", "new NAME", "create a profile and open it"),
            ("copy", "copy N NAME", "copy profile N under a new name"),
            ("rename", "rename N NAME", "give profile N a new name"),
            ("delete", "delete N", "delete profile N"),
        ]
    }

    package func render(options: RenderOptions) -> String {
        do throws(ScreenError) {
            return EntryTable.render(try model.entries(), numbered: true, options: options)
        } catch {
            return error.message + "\n"
        }
    }

    package func handle(_ words: [String], line: String, options: RenderOptions) -> ScreenReply {
        let (name, rest) = splitCommand(line)
        let usage = commands.first { $0.name == name }?.usage ?? name
        do throws(ScreenError) {
            let count = try model.entries().count
            func number(_ text: String) throws(ScreenError) -> Int {
                guard let index = rowNumber(text, count: count) else {
                    throw ScreenError(count == 0 ? "there are no profiles yet; create one with: new NAME"
                                                 : "\(quoted(text)) is not a profile's number; use 1 to \(count)")
                }
                return index
            }
            func numberAndName() throws(ScreenError) -> (Int, String) {
                let parts = rest.split(maxSplits: 1, whereSeparator: \.isWhitespace).map(String.init)
                guard parts.count == 2 else { throw ScreenError("\(name) needs a number and a name: \(usage)") }
                return (try number(parts[0]), splitCommand("x " + parts[1]).rest)
            }
            switch name {
            case "show", "list":
                return ScreenReply(render(options: options))
            case "tap":
                try model.select(at: try number(rest))
                return ScreenReply()
            case "open":
                guard !rest.isEmpty else { throw ScreenError("open needs a name: \(usage)") }
                try model.open(named: rest)
                return ScreenReply()
            case "new":
                guard !rest.isEmpty else { throw ScreenError("new needs a name: \(usage)") }
                try model.create(named: rest)
                return ScreenReply()
            case "copy":
                let (index, newName) = try numberAndName()
                try model.copy(at: index, to: newName)
            case "rename":
                let (index, newName) = try numberAndName()
                try model.rename(at: index, to: newName)
            case "delete":
                try model.delete(at: try number(rest))
            default:
                let names = commands.map(\.name) + ["back", "help", "quit"]
                throw ScreenError("no command \(quoted(name))\(didYouMean(name, in: names)); type help for the commands")
            }
            return ScreenReply(render(options: options))
        } catch {
            return .failure(error.message)
        }
    }

    package func close() {}
}
