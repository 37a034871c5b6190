import Foundation
import Testing
import TestSupport
@testable import ProfileKit
@testable import ProfileREPL
import Screens
import TestDoubles

/// Issue 28, the editor's side: Tab offers every name as the editor's parser reads it back, and a
/// completed line opens exactly the profile it names.
@Suite("Editor completion of names")
struct CompletionNamesTests {
    /// Names a line could misread: quotes at both ends are taken off the rest of a line, once.
    static let names = [
        "\"Zen\"", "'Zap'", "\"'both'\"", "Anna's evening", "say \"om\"", "b`touch X`c", "x$(touch Y)y", "st*r",
        "semi;colon", "🧘 calm", "\"", "'a", "a'",
    ]

    @Test(arguments: names)
    func theTypedFormOfANameReadsBackAsIt(_ name: String) {
        let typed = CommandInput.typing(name)
        #expect(CommandInput(parsing: "open " + typed).rest == name)
        #expect(CommandInput(parsing: "copy 2 " + typed).rest(after: 1) == name)
        #expect(CommandInput(parsing: "open   " + typed + "  ").rest == name, "white space around it is not part of it")
        if !(name.count >= 2 && (name.first == "\"" || name.first == "'") && name.first == name.last) {
            #expect(typed == name, "a name that loses nothing is typed as it is")
        }
    }

    func session() throws -> Session {
        let profiles = (["Morning"] + Self.names).map { Profile(name: $0) }
        return try Session(store: try InMemoryProfileStore(profiles), name: "Morning", mode: .interactive)
    }

    /// Each name, found from the start of its typed form or of the name itself, completes to a line
    /// that opens that profile.
    @Test(arguments: names)
    func aCompletedLineOpensTheProfileItNames(_ name: String) throws {
        let editor = try session()
        let typed = CommandInput.typing(name)
        for prefix in Set([String(typed.prefix(2)), String(name.prefix(2))]) {
            let line = "open " + prefix
            let (start, candidates) = editor.completions(line: line, cursor: line.utf8.count)
            #expect(start == 5)
            #expect(candidates.contains(typed), "\(line) offers \(candidates)")
        }
        #expect(editor.handle("open " + typed).error == nil)
        #expect(editor.prompt == "profile:\(name)> ")
    }
}
