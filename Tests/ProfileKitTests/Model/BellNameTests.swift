import Testing
import TextSupport
@testable import ProfileKit

/// Issue 27: a bell is found by a unique word of its name or the start of one, wherever it is typed.
@Suite("Bell names")
struct BellNameTests {
    @Test(arguments: [("bowl", "Singing Bowl"), ("sing", "Singing Bowl"), ("temple", "Temple Bell"), ("temple b", "Temple Bell"),
                      ("WOOD-bl", "Wood Block"), ("g", "Gong"), ("ting", "Tingsha"), ("Temple_Bell", "Temple Bell")])
    func aUniqueWordOrItsStartFindsTheBell(_ c: (String, String)) throws {
        #expect(try SoundCatalog.builtIn.sound(named: c.0).name == c.1)
        #expect(try BellChoice(parsing: "\(c.0) x3 70%", catalog: .builtIn) == BellChoice(.builtIn(try Bell(named: c.1)), strikes: 3, volume: 70))
    }

    @Test func wordsThatFitSeveralBellsAreRefusedNamingThem() throws {
        let catalog = SoundCatalog(recorded: ["Small Bowl"])
        #expect(throws: ProfileError.ambiguousBell("bowl", matches: ["Singing Bowl", "Small Bowl"])) {
            try catalog.sound(named: "bowl")
        }
        #expect("\(ProfileError.ambiguousBell("bowl", matches: ["Singing Bowl", "Small Bowl"]))"
            == "\"bowl\" could be \"Singing Bowl\" or \"Small Bowl\": say more of the name")
        #expect(try catalog.sound(named: "small") == .recorded("Small Bowl"))
        #expect(try catalog.sound(named: "sing bo") == .builtIn(.singingBowl))
    }

    @Test func wordsOutOfOrderOrUnknownFindNothing() {
        #expect(throws: ProfileError.self) { _ = try SoundCatalog.builtIn.sound(named: "bowl singing") }
        #expect(throws: ProfileError.self) { _ = try SoundCatalog.builtIn.sound(named: "bowls") }
        #expect(wordMatches("  ", in: ["Gong"]) == .none)
        #expect(wordMatches("bell", in: ["Temple Bell", "Bell"]) == .one(1), "a whole name comes before a word of another")
    }

    /// A profile's file still names its bells exactly: only typed names are found by their words.
    @Test func documentsStillNameBellsExactly() {
        #expect(throws: ProfileError.self) { _ = try Bell(named: "bowl") }
    }
}
