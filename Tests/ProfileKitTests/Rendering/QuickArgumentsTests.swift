import Testing
@testable import ProfileKit

/// The quick path's grammar: what it takes itself, and what it leaves to ArgumentParser (so that every
/// message and error stays ArgumentParser's).
@Suite("Quick arguments")
struct QuickArgumentsTests {
    @Test func plainShowAndListAreRead() {
        #expect(QuickArguments(["show", "Morning"]) == QuickArguments(profile: "Morning"))
        let full = QuickArguments(["show", "--format=json", "Morning", "--section", "cooldown", "--store", "/s", "--no-color"])
        #expect(full?.profile == "Morning" && full?.format == .json && full?.section == .coolDown && full?.store == "/s" && full?.noColor == true)
        let list = QuickArguments(["list", "--format", "plain"])
        #expect(list?.profile == nil && list?.format == .plain)
    }

    @Test(arguments: [
        [], ["edit"], ["show"], ["show", "A", "B"], ["list", "Morning"], ["show", "A", "--help"], ["list", "--section", "time"],
        ["show", "A", "--format", "yaml"], ["show", "A", "--section", "nope"], ["show", "A", "--format", "json", "--format", "plain"],
        ["show", "A", "--store"], ["show", "A", "--store", "-x"], ["show", "-5"], ["show", "A", "--format=-json"],
    ])
    func anythingElseIsLeftToTheParser(_ arguments: [String]) {
        #expect(QuickArguments(arguments) == nil, "\(arguments)")
    }
}

extension QuickArguments {
    init(profile: String?) {
        self.init(["list"])!
        self.profile = profile
    }
}
