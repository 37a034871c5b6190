extension Soundscape {
    /// What the soundscape is, in words short enough for a table on an 80-column terminal, with its
    /// measured figures (`profile sounds`), as ``Bell/about`` says what a bell is.
    ///
    /// The figures are the synthesized loop's (Sound/Soundscapes.swift says how it is made); a test
    /// measures them against the sound.
    package var about: String {
        switch self {
        case .brownNoise: "deep noise, falling 6 dB an octave"
        case .rain: "a broad hiss with about 30 clear drops a second"
        case .ocean: "waves every 6 to 12 s, swelling 14 dB"
        case .stream: "water over stones, bright near 4.5 kHz, steady"
        }
    }
}
