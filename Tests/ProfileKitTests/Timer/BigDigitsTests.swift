import Testing
import ProfileKit
import TestDoubles
import TableKit
@testable import Sitting

/// The run screen's font: ten digits and a colon of block characters, scaled by whole numbers.
@Suite("Big digits")
struct BigDigitsTests {
    static let characters = Array("0123456789:")

    @Test func everyGlyphHasTheSameHeightEveryDigitTheSameWidthAndOnlyBlocks() throws {
        for character in Self.characters {
            let glyph = try #require(BigDigits.glyphs[character], "\(character) has no glyph")
            #expect(glyph.count == BigDigits.height, "\(character)")
            #expect(Set(glyph.map(\.count)).count == 1, "\(character)'s rows differ in width: \(glyph)")
            if character != ":" { #expect(glyph[0].count == BigDigits.digitWidth, "\(character)") }
            #expect(glyph.joined().allSatisfy { "█▀▄ ".contains($0) }, "\(character)")
            #expect(glyph.joined().contains { $0 != " " }, "\(character) is blank")
        }
        #expect(Set(BigDigits.glyphs.keys) == Set(Self.characters))
    }

    @Test func theGlyphsAreDistinct() {
        let glyphs = Self.characters.compactMap { BigDigits.glyphs[$0] }
        #expect(Set(glyphs).count == Self.characters.count)
    }

    /// At scale 1 a time is its glyphs side by side, a column apart.
    @Test func aTimeIsItsGlyphsSideBySide() {
        #expect(BigDigits.lines("10:2") == [
            "▄██   ▄███▄   ▄███▄",
            "  █   █   █ ▄ ▀   █",
            "  █   █   █     ▄█▀",
            "  █   █   █ ▄ ▄█▀  ",
            "▄▄█▄▄ ▀███▀   █████",
        ])
        #expect(BigDigits.width(of: "10:2") == 19)
        #expect(BigDigits.width(of: "29:50") == 25)
        #expect(BigDigits.width(of: "01:05:00") == 39, "HH:MM:SS over an hour")
    }

    /// Scaled, each half-cell pixel becomes scale × scale pixels: the rows and columns multiply, and a
    /// row of the glyph read back at scale 1 is every scale-th row and column.
    @Test(arguments: [1, 2, 3, 4])
    func scalingMultipliesRowsAndColumns(_ scale: Int) {
        for text in ["0123456789", "12:34", "01:00:00"] {
            let lines = BigDigits.lines(text, scale: scale)
            #expect(lines.count == BigDigits.height * scale)
            #expect(lines.allSatisfy { $0.count == BigDigits.width(of: text, scale: scale) }, "\(text) × \(scale)")
            #expect(lines.joined().allSatisfy { "█▀▄ ".contains($0) })
            // Even scales turn every half block into whole ones.
            if scale % 2 == 0 { #expect(!lines.joined().contains { $0 == "▀" || $0 == "▄" }) }
        }
        #expect(BigDigits.lines("8", scale: 2)[0] == "  ██████  ", "the top of an 8: ▄███▄ doubled")
        #expect(BigDigits.lines("8", scale: 2)[1] == "██████████")
    }

    @Test func onlyDigitsAndColonsAreDrawn() {
        #expect(BigDigits.canDraw("12:34"))
        #expect(!BigDigits.canDraw("12:34 left"))
        #expect(!BigDigits.canDraw(""))
    }
}
