extension Soundscape {
    /// What the soundscape is, in words short enough for a table on an 80-column terminal, with its
    /// measured figures (`profile sounds`), as ``Bell/about`` says what a bell is.
    ///
    /// The figures are the generated sound's (Sound/*Texture.swift say how each is made); the tests
    /// measure them against the sound.
    package var about: String {
        switch self {
        case .brownNoise: "deep noise, falling 6 dB an octave"
        case .rain: "drops near and far, the shower drifting"
        case .ocean: "waves about every 10 s, breaking, running back"
        case .stream: "running water: bubbles over a soft bed"
        case .wind: "gusts rising and falling, now and then a whistle"
        case .fire: "crackles and pops over a low roar"
        }
    }
}
