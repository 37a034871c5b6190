/// A stereo sound meant to be played over and over: an ambience's soundscape (synthesized) or a
/// recording made into a loop. The last sample joins the first with no click and no jump in loudness,
/// so that playing ``frame(_:)`` for ever-growing frame numbers is one unbroken sound.
///
/// The shared shape between the soundscapes' synthesis and the run's mixer, which plays it under the
/// bells (issue 38).
package struct StereoLoop: Equatable, Sendable {
    /// Frames per second (both channels sampled together).
    package var sampleRate: Int
    /// The left channel, from -1 to 1 (full scale).
    package var left: [Float]
    /// The right channel, as long as the left; decorrelated from it, not a copy.
    package var right: [Float]

    package init(sampleRate: Int, left: [Float], right: [Float]) {
        precondition(left.count == right.count, "a loop's channels have one length")
        self.sampleRate = sampleRate
        self.left = left
        self.right = right
    }

    /// Frames in one pass of the loop.
    package var frameCount: Int { left.count }

    /// How long one pass lasts.
    package var seconds: Double { sampleRate > 0 ? Double(frameCount) / Double(sampleRate) : 0 }

    /// Frame `index` of the endless sound the loop makes (any index from 0 on): left and right.
    package func frame(_ index: Int) -> (left: Float, right: Float) {
        let at = index % frameCount
        return (left[at], right[at])
    }
}
