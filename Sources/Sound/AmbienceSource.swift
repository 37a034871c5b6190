/// What the stream plays under the bells: a soundscape made as it plays (``SoundscapeGenerator``), or a
/// recording made a seamless loop (``StereoLoop``), which repeats.
package enum AmbienceSource: Sendable {
    /// The texture, made from the seed.
    case generated(Texture, seed: UInt64)
    /// The loop, played over and over.
    case loop(StereoLoop)
}
