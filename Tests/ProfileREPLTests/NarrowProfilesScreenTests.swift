import Testing
@testable import ProfileKit
@testable import ProfileREPL
import TableKit
import TestDoubles

/// Issue 50, item 1, in the editor: at 60 columns the profiles screen (`list` on a profile's screen,
/// `show` on the profiles screen) fits, every name whole, the minor columns left out and named.
@Suite("The editor's profile list at 60 columns")
struct NarrowProfilesScreenTests {
    @Test(arguments: ["list", "back"]) func theListFitsWithEveryNameWhole(_ command: String) throws {
        var evening = Profile(name: "Evening wind-down")
        evening[segment: .coolDown].enabled = true
        let store = try InMemoryProfileStore([try SessionTests.morning(), Profile(name: "Default"), evening])
        let session = try Session(store: store, name: "Morning", mode: .interactive, options: RenderOptions(width: 60))
        let output = session.handle(command).output + (command == "back" ? session.handle("show").output : "")
        let table = output.split(separator: "\n").filter { $0.hasPrefix("│") || $0.hasPrefix("┌") || $0.hasPrefix("└") }
        #expect(!table.isEmpty, "\(output)")
        for line in output.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 60, "\(line)\n\(output)") }
        for name in ["Default", "Evening wind-down", "Morning"] {
            #expect(table.contains { $0.contains("│ \(name) ") }, "\(name)\n\(output)")
        }
        #expect(output.contains("not shown at this width: "), "\(output)")
    }
}
