/// The bells Sound synthesizes (``BellSynth``), by Sound's own names: it never imports the model, whose
/// catalog names them for people (`Bell`); Players maps one to the other (`Bell.instrument`).
///
/// The order is the catalog's, and it matters: each bell's dither is seeded by its place in it.
package enum Instrument: CaseIterable, Hashable, Sendable {
    case singingBowl
    case templeBell
    case gong
    case tingsha
    case woodBlock
}

/// The ambience's soundscapes Sound synthesizes (``SoundscapeSynth``), by Sound's own names: the model's
/// catalog (`Soundscape`) is mapped to one by Players (`Soundscape.texture`).
package enum Texture: CaseIterable, Hashable, Sendable {
    case brownNoise
    case rain
    case ocean
    case stream
    case wind
    case fire
}
