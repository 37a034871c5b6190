import RealModule

/// A stream over stones: a soft bed of running water and, over it, bubbles: tens a second, each a short
/// ring in the hundreds of hertz to a few kilohertz whose pitch rises as it dies away (``Bubble``, van
/// den Doel's model of a bubble's Minnaert resonance), their number drifting from moment to moment as
/// the water runs faster or slower.
///
/// - The bubbles come as a Poisson process at about ``meanRate`` a second, times e^(0.25 x) where x is
///   a ``Drift`` of time constant ``densitySeconds``: now a babble, now a trickle. Their radii are
///   spread evenly in log between those that ring at ``lowest`` and ``highest`` Hz, so as many sing in
///   each octave; each is louder as it is bigger (a ∝ r^(3/2), van den Doel 2005) and nearer (a factor
///   from 1 down to 0.5), and placed anywhere between the channels, more often towards the sides.
/// - The bed is pink noise between about 150 Hz and 1.2 kHz, the channels sharing some of it
///   (``Spread``), its level swaying by about 0.7 dB (a ``Drift`` of a few seconds): more would lift the
///   loudest 400 ms too near the bells (SoundscapeTests' theSoundscapesAreQuieterThanTheBells).
///
/// StreamTextureTests counts the bubbles a second from the sound and follows each one's pitch as it
/// rings; SoundscapeTests measures the rest.
struct StreamTexture: TextureVoice {
    /// The level that puts it at −33 LUFS integrated (measured by SoundscapeTests'
    /// everyTextureIsAtTheAmbiencesLoudness: −33.05 LUFS over twenty minutes with this gain).
    static let gain = 0.0574
    /// Bubbles a second on average (chosen: "tens a second", issue 49; many, each soft, so that the
    /// loudest 400 ms stay within 4 dB of the whole: measured −29.4 LUFS against −33.05).
    static let meanRate = 80.0
    /// How far the rate drifts: e^(±0.25) for one standard deviation (chosen: more lifted the loudest
    /// 400 ms, measured by SoundscapeTests, towards the bells).
    static let rateSwing = 0.25
    /// The time constant of the drift of the rate, in seconds: long enough to hear a stretch of babble,
    /// far under the 30 s from which the envelope must not correlate with itself (issue 49).
    static let densitySeconds = 6.0
    /// The pitches the bubbles are spread over, in Hz (issue 49: hundreds of hertz to a few kilohertz).
    static let lowest = 450.0, highest = 3_000.0
    /// The bubbles' level against the bed (chosen by ear: the bed under them, heard between them).
    static let bubbleLevel = 1.0
    static let bedLevel = 0.22
    /// Samples between updates of what moves slowly (the rate, the bed's level): under a millisecond.
    static let controlSamples = 32

    private var random: SplitMix64
    private var bubbles = EventPool<Bubble>(capacity: 64)
    private var density: Drift
    private var sway: Drift
    private var pink: (shared: PinkNoise, left: PinkNoise, right: PinkNoise)
    private var bedLow: (left: Biquad, right: Biquad)
    private var bedHigh: (left: Biquad, right: Biquad)
    private var bedGain: OnePole
    private var rate: Double
    /// Samples until the next bubble.
    private var untilNext: Double
    private var tick = 0

    init(seed: UInt64) {
        random = SplitMix64(seed: SplitMix64.seed(seed, part: 0x57))
        density = Drift(seconds: Self.densitySeconds, seed: SplitMix64.seed(seed, part: 0x58))
        sway = Drift(seconds: 3, seed: SplitMix64.seed(seed, part: 0x59))
        pink = PinkNoise.stereo(seed: SplitMix64.seed(seed, part: 0x5A))
        bedLow = (Biquad(.lowPass, 1_200), Biquad(.lowPass, 1_200))
        bedHigh = (Biquad(.highPass, 150), Biquad(.highPass, 150))
        bedGain = OnePole(corner: 20)
        rate = Self.meanRate * Double.exp(Self.rateSwing * Drift.bounded(density.value))
        untilNext = 0
        // The bed's filters and level settle first, so the sound starts as it goes on.
        for _ in 0..<(SoundscapeSynth.sampleRate / 4) { _ = bed() }
        untilNext = random.nextWait(rate: rate) * Double(SoundscapeSynth.sampleRate)
    }

    /// The next sample of the bed, both channels.
    @inline(__always)
    private mutating func bed() -> (Double, Double) {
        if tick == 0 {
            let step = Double(Self.controlSamples) / Double(SoundscapeSynth.sampleRate)
            rate = Self.meanRate * Double.exp(Self.rateSwing * Drift.bounded(density.advance(step)))
            sway.advance(step)
        }
        tick = (tick + 1) % Self.controlSamples
        // ±0.7 dB for one standard deviation of the sway (0.08 in natural log).
        let level = bedGain.next(Self.bedLevel * Double.exp(0.08 * sway.value))
        let shared = pink.shared.next(random.nextSigned())
        let left = Spread.a * shared + Spread.b * pink.left.next(random.nextSigned())
        let right = Spread.a * shared + Spread.b * pink.right.next(random.nextSigned())
        return (level * bedHigh.left.next(bedLow.left.next(left)), level * bedHigh.right.next(bedLow.right.next(right)))
    }

    /// A new bubble, drawn.
    private mutating func bubble() -> Bubble {
        let (small, large) = (Bubble.minnaert / Self.highest, Bubble.minnaert / Self.lowest)
        let radius = small * Double.pow(large / small, random.nextUnit())
        let size = Double.pow(radius / large, 1.5)
        let near = random.next(in: 0.5...1)
        // Towards the sides more often than the middle: √u from the centre out (channels less alike).
        let side = random.nextUnit() < 0.5 ? -1.0 : 1.0
        let place = 0.5 + 0.5 * side * random.nextUnit().squareRoot()
        return Bubble(radius: radius, amplitude: Self.bubbleLevel * size * near, place: place)
    }

    mutating func render(_ frames: Int, left: inout [Float], right: inout [Float]) {
        for index in 0..<frames {
            var (l, r) = bed()
            untilNext -= 1
            while untilNext <= 0 {
                bubbles.start(bubble())
                untilNext += random.nextWait(rate: rate) * Double(SoundscapeSynth.sampleRate)
            }
            bubbles.ring(into: &l, &r)
            left[index] = Float(Self.gain * l)
            right[index] = Float(Self.gain * r)
        }
    }
}
