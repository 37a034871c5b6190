import Testing
@testable import ProfileKit
import TableKit
import TextSupport

@Suite("Rendering")
struct RenderingTests {
    struct WidthCase: CustomTestStringConvertible, Sendable {
        let text: String
        let width: Int
        let note: String
        var testDescription: String { note }
    }

    @Test(arguments: [
        WidthCase(text: "Morning", width: 7, note: "ASCII"),
        WidthCase(text: "禅", width: 2, note: "CJK ideograph"),
        WidthCase(text: "瞑想タイマー", width: 12, note: "CJK and kana"),
        WidthCase(text: "Ａ", width: 2, note: "fullwidth Latin"),
        WidthCase(text: "한글", width: 4, note: "Hangul"),
        WidthCase(text: "🧘", width: 2, note: "emoji"),
        WidthCase(text: "🧘🏽", width: 2, note: "emoji with skin tone"),
        WidthCase(text: "👨‍👩‍👧", width: 2, note: "ZWJ family"),
        WidthCase(text: "☀︎", width: 1, note: "text presentation"),
        WidthCase(text: "☀️", width: 2, note: "emoji presentation selector"),
        WidthCase(text: "e\u{301}", width: 1, note: "combining acute"),
        WidthCase(text: "\u{301}", width: 0, note: "lone combining mark"),
        WidthCase(text: "a\u{200B}b", width: 2, note: "zero-width space"),
        WidthCase(text: "Café Zen", width: 8, note: "precomposed Latin"),
    ])
    func displayWidth(_ c: WidthCase) {
        #expect(DisplayWidth.of(c.text) == c.width)
    }

    @Test func truncationKeepsWithinTheWidth() {
        #expect(DisplayWidth.truncate("禅禅禅禅", to: 5) == "禅禅…")
        #expect(DisplayWidth.of(DisplayWidth.truncate("禅禅禅禅", to: 5)) <= 5)
        #expect(DisplayWidth.truncate("Morning", to: 7) == "Morning")
        #expect(DisplayWidth.truncate("Morning", to: 4) == "Mor…")
    }

    /// Every line of a box table has the same display width, whatever the cells hold.
    @Test(arguments: ["Morning", "禅 Zen 🧘", "Cafe\u{301} 👨‍👩‍👧", "瞑想タイマー"])
    func tablesLineUp(_ name: String) {
        var profile = makeProfile(warmUp: true, coolDown: true, bells: true)
        profile.name = name
        let list = ProfileRenderer.list([profile, Profile(name: "x")], format: .table)
        let sections = ProfileRenderer.sections(ProfileViewModel(profile: profile), format: .table)
        for text in [list, sections] {
            let widths = Set(text.split(separator: "\n").map { DisplayWidth.of($0) })
            #expect(widths.count == 1, "\(text)")
        }
    }

    /// A name too long for any width is cut only once the minor columns are left out (issue 50), and a
    /// line under the table names them.
    @Test func aNameIsCutOnlyWhenNothingElseGivesWay() {
        let long = Profile(name: String(repeating: "禅", count: 40))
        let text = ProfileRenderer.list([long], format: .table, options: RenderOptions(width: 72))
        let lines = text.split(separator: "\n")
        #expect(Set(lines.dropLast().map { DisplayWidth.of($0) }) == [72])
        #expect(lines.last == "not shown at this width: Warm Up, Cool Down, Cool Down Bell, Every", "\(text)")
        #expect(text.contains("…") && text.contains("Total"))
    }

    @Test func withoutAWidthToFitNothingIsCut() {
        let name = String(repeating: "禅", count: 40)
        let text = ProfileRenderer.list([Profile(name: name)], format: .table, options: RenderOptions(width: nil))
        let widths = Set(text.split(separator: "\n").map { DisplayWidth.of($0) })
        #expect(widths.count == 1 && widths.first.map { $0 > 80 } == true)
        #expect(text.contains(name) && !text.contains("…"))
    }

    @Test func colourOnlyWhenAskedAndWidthsStayTheSame() {
        let viewModel = ProfileViewModel(profile: makeProfile(coolDown: true))
        let plain = ProfileRenderer.sections(viewModel, format: .table)
        let colored = ProfileRenderer.sections(viewModel, format: .table, options: RenderOptions(color: true))
        #expect(!plain.contains("\u{1B}"))
        #expect(colored.contains("\u{1B}[32mon\u{1B}[0m"))
        let stripped = colored.replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == plain)
    }

    @Test func markedRowsAreFlagged() {
        let viewModel = ProfileViewModel(profile: makeProfile(coolDown: true))
        let text = ProfileRenderer.sections(viewModel, only: [2], format: .table,
                                            marked: [RowPath(section: 2, row: 1), RowPath(section: 2, row: 2)])
        #expect(text.contains("│ +2.1 │ Duration │"))
        #expect(text.contains("│ +2.2 │ Bells    │"))
        #expect(text.contains("│  2.0 │ Enabled  │"))
    }

    @Test func plainFieldsNeverSplit() {
        #expect(plainField("a\tb\nc") == "a b c")
    }

    /// `set` and `toggle` say an update as the editor does (issue 40): each row with its path, label and
    /// value, never bare paths; JSON keeps the paths by kind.
    @Test func updateTextSaysWhatMoved() throws {
        let viewModel = ProfileViewModel(profile: makeProfile())
        let on = try viewModel.performing(.setSwitch(.cooldown, true))
        #expect(UpdateFormat.text.render(.setSwitch(.cooldown, true), update: on.update)
                == "Cool Down: + 2.1 Duration 05:00, + 2.2 Bells off\n")
        #expect(SectionText.updateLines(on.update.inverse) == "Cool Down: - 2.1 Duration 05:00, - 2.2 Bells off\n")
        let longer = try on.viewModel.performing(.setDuration(.coolDown, .minutes(7)))
        #expect(UpdateFormat.text.render(.setDuration(.coolDown, .minutes(7)), update: longer.update) == "Cool Down: ~ 2.1 Duration 07:00\n")
        #expect(UpdateFormat.json.render(.setSwitch(.cooldown, true), update: on.update).contains(#""inserted": [1, 2]"#))
        #expect(SectionText.updateLines(.none) == "no visible rows changed\n")
    }

    /// What `new`, `copy`, `rename`, `delete` and `import` say on a terminal (issue 40), and nothing to a
    /// pipe; names quoted as every message quotes them.
    @Test func storeConfirmationsSayWhatWasDoneOnATerminalOnly() {
        var morning = Profile(name: "Morning", duration: .minutes(30))
        #expect(StoreConfirmation.created(morning).text == "created \"Morning\": 30:00, session 30:00\n")
        morning[segment: .warmUp].enabled = true
        #expect(StoreConfirmation.imported(morning, replacing: false).text.hasPrefix("imported \"Morning\": 30:00, session 3"))
        #expect(StoreConfirmation.imported(morning, replacing: true).text.hasPrefix("imported \"Morning\", replacing the profile of that name: 30:00"))
        #expect(StoreConfirmation.copied(source: "Morning", copy: "Evening").text == "copied \"Morning\" to \"Evening\"\n")
        #expect(StoreConfirmation.renamed(old: "Morning", new: "Dawn").text == "renamed \"Morning\" to \"Dawn\"\n")
        #expect(StoreConfirmation.deleted("Morning").text == "deleted \"Morning\"\n")
        #expect(StoreConfirmation.deleted("Morning").text(onTerminal: false) == "")
        #expect(StoreConfirmation.deleted("a\u{1B}b").text == "deleted \"a\\u{1B}b\"\n", "a name's invisible characters are escaped")
    }
}
