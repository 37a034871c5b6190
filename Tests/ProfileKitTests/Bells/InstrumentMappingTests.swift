import Testing
import ProfileKit
import Sound
import Players

/// Sound never imports the model: it names its own instruments and textures, and repeats the model's
/// strike counts. These are the places where the two must agree.
@Suite struct InstrumentMappingTests {
    /// Each bell is its own instrument, in the catalog's order (a bell's dither is seeded by its place).
    @Test func eachBellIsItsOwnInstrumentInTheCatalogsOrder() {
        #expect(Bell.allCases.map(\.instrument) == Instrument.allCases)
    }

    @Test func eachSoundscapeIsItsOwnTextureInTheCatalogsOrder() {
        #expect(Soundscape.allCases.map(\.texture) == Texture.allCases)
    }

    @Test func theMixAllowsTheStrikesAChoiceAllows() {
        #expect(StrikeMix.strikeCounts == BellChoice.allowedStrikes)
    }
}
