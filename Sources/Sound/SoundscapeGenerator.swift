/// A soundscape made as it plays (issue 49): each texture is a model of its source (waves, bubbles,
/// drops, gusts, crackles) driven by random numbers drawn from one seed, so it never repeats, the same
/// seed gives the same sound (tests, `sounds --export`), and two sits with different seeds differ.
///
/// The stream's mixer renders it a block at a time under the bells (``StreamMixer``); rendering
/// allocates nothing, all a texture needs being made when the generator is.
///
/// Every texture is scaled to the same integrated loudness (``SoundscapeSynth/loudness``, BS.1770-4 over
/// both channels), its two channels decorrelated, with no click (SoundscapeTests measures each).
package struct SoundscapeGenerator: Sendable {
    package let texture: Texture
    package let seed: UInt64
    // One of these is the texture; the others stay nil. (Optionals rather than an enum with payloads:
    // a payload taken out to be rendered and put back would be copied, and with it its arrays.)
    private var brownNoise: BrownNoiseTexture?
    private var rain: RainTexture?
    private var ocean: OceanTexture?
    private var stream: StreamTexture?
    private var wind: WindTexture?
    private var fire: FireTexture?

    package init(_ texture: Texture, seed: UInt64) {
        self.texture = texture
        self.seed = seed
        switch texture {
        case .brownNoise: brownNoise = BrownNoiseTexture(seed: seed)
        case .rain: rain = RainTexture(seed: seed)
        case .ocean: ocean = OceanTexture(seed: seed)
        case .stream: stream = StreamTexture(seed: seed)
        case .wind: wind = WindTexture(seed: seed)
        case .fire: fire = FireTexture(seed: seed)
        }
    }

    /// Renders the next `frames` frames into `left[0..<frames]` and `right[0..<frames]`, overwriting them.
    ///
    /// - Precondition: both arrays hold at least `frames` samples (they are never grown).
    package mutating func render(_ frames: Int, left: inout [Float], right: inout [Float]) {
        precondition(left.count >= frames && right.count >= frames, "a soundscape renders into arrays of at least the block's length")
        guard frames > 0 else { return }
        switch texture {
        case .brownNoise: brownNoise!.render(frames, left: &left, right: &right)
        case .rain: rain!.render(frames, left: &left, right: &right)
        case .ocean: ocean!.render(frames, left: &left, right: &right)
        case .stream: stream!.render(frames, left: &left, right: &right)
        case .wind: wind!.render(frames, left: &left, right: &right)
        case .fire: fire!.render(frames, left: &left, right: &right)
        }
    }

    /// Frames a block of ``samples(seconds:)`` and of the stream's tests: about 23 ms, as a stream renders.
    package static let blockFrames = 1_024

    /// The next `seconds` of the soundscape, both channels, rendered a block at a time as the stream does.
    package mutating func samples(seconds: Double) -> (left: [Float], right: [Float]) {
        let total = max(0, Int((seconds * Double(SoundscapeSynth.sampleRate)).rounded()))
        var left = [Float](), right = [Float]()
        left.reserveCapacity(total)
        right.reserveCapacity(total)
        var blockLeft = [Float](repeating: 0, count: Self.blockFrames), blockRight = blockLeft
        var done = 0
        while done < total {
            let frames = min(Self.blockFrames, total - done)
            render(frames, left: &blockLeft, right: &blockRight)
            left.append(contentsOf: blockLeft[0..<frames])
            right.append(contentsOf: blockRight[0..<frames])
            done += frames
        }
        return (left, right)
    }
}

/// Brown (red) noise: white noise integrated, so its power falls as 1/f², 6 dB an octave (Wikipedia,
/// "Brownian noise"), as the loop of before was made. The integrator leaks below 15 Hz, so the sound
/// never drifts away from zero. It is steady by nature: nothing in it repeats because nothing in it
/// recurs.
struct BrownNoiseTexture: TextureVoice {
    /// The level that puts it at −33 LUFS integrated (measured in SoundscapeTests).
    static let gain = 0.00442
    private static let leak = Double.exp(-2 * Double.pi * 15 / Double(SoundscapeSynth.sampleRate))
    private var random: SplitMix64
    private var shared = 0.0, left = 0.0, right = 0.0

    init(seed: UInt64) {
        random = SplitMix64(seed: SplitMix64.seed(seed, part: 0xB0))
        // A quarter second first, so the integrators have settled when the sound begins.
        for _ in 0..<(SoundscapeSynth.sampleRate / 4) { step() }
    }

    @inline(__always)
    private mutating func step() {
        shared = Self.leak * shared + random.nextSigned()
        left = Self.leak * left + random.nextSigned()
        right = Self.leak * right + random.nextSigned()
    }

    mutating func render(_ frames: Int, left output: inout [Float], right other: inout [Float]) {
        for index in 0..<frames {
            step()
            output[index] = Float(Self.gain * (Spread.a * shared + Spread.b * left))
            other[index] = Float(Self.gain * (Spread.a * shared + Spread.b * right))
        }
    }
}
