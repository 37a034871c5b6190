import RealModule

/// Rain: drops of every size near and far, each a short impact and, for many, the bubble it leaves
/// ringing (``Bubble``), over a soft distant hiss, the shower heavier and lighter over minutes.
///
/// - The drops come as a Poisson process at ``meanRate`` a second times e^(``rateSwing`` x), x a
///   ``Drift`` of time constant ``showerSeconds``: the shower drifts over minutes. A heavier shower is
///   more drops, each a little softer (their level goes as the rate^(−0.3), at most 1.25), and a little louder
///   hiss (the rate^0.1), so that the shower's loudness follows its density only loosely: the envelope's
///   largest correlation with itself from 30 s to 10 minutes is 0.094 (SoundscapeTests, twenty minutes;
///   issue 49's limit is 0.3), while the drops counted still follow the shower (RainTextureTests).
/// - A drop's size, drawn evenly from 0 to 1, sets all of it: its impact is a burst of noise, rising in
///   about 0.3 ms and dying in 1.5 to 5 ms (bigger drops longer), through one of two bands: small drops
///   a tick around 2.5 kHz, big ones a patter around 1.3 kHz, then a low-pass at 3.5 kHz (no
///   sample-to-sample step as large as the loudest samples: a click, by SoundscapeTests' measure). Half
///   the drops leave a bubble ringing 1 to 4 ms later, the bigger the drop the bigger the bubble: from
///   4.5 kHz for the smallest down to 1.2 kHz for the biggest, evenly in log, louder as it is bigger
///   (a ∝ r^(3/2)) (van den Doel 2005 models rain's sound as such drops and bubbles). Its distance
///   scales the whole drop by 0 to −20 dB, more of them near.
/// - The hiss is pink noise between 300 Hz and 2 kHz, its level swaying by about 0.7 dB over seconds
///   (gusts).
///
/// RainTextureTests counts the drops from the sound and finds their number drifting over minutes, their
/// bubbles ringing at many pitches (sizes) and their levels spreading beyond what the pitch explains
/// (distances); SoundscapeTests measures the rest.
struct RainTexture: TextureVoice {
    /// The level that puts it at −33 LUFS integrated (measured by SoundscapeTests'
    /// everyTextureIsAtTheAmbiencesLoudness: −33.31 LUFS over twenty minutes with this gain).
    static let gain = 0.1592
    /// Drops a second on average (chosen by ear: a steady shower).
    static let meanRate = 45.0
    /// How far the rate drifts: e^(±0.5) for one standard deviation (chosen).
    static let rateSwing = 0.5
    /// The time constant of the shower's drift, in seconds: minutes (issue 49).
    static let showerSeconds = 90.0
    /// The bubbles' pitches, in Hz, and the share of drops that leave one (chosen by ear).
    static let lowest = 1_200.0, highest = 4_500.0, bubbling = 0.5
    /// The hiss's level against the drops (chosen by ear).
    static let hissLevel = 0.1
    /// Samples between updates of what moves slowly: under a millisecond.
    static let controlSamples = 32

    /// One drop's impact: a burst envelope (the difference of two decays) on one of the two bands.
    private struct Impact: Sendable {
        var slow: Double, fast: Double
        let slowFactor: Double, fastFactor: Double
        let left: Double, right: Double
        let big: Bool
        var remaining: Int
    }

    private var random: SplitMix64
    private var impacts = EventPool<Impact>(capacity: 48)
    private var bubbles = EventPool<Bubble>(capacity: 48)
    private var shower: Drift
    private var gust: Drift
    private var pink: (shared: PinkNoise, left: PinkNoise, right: PinkNoise)
    private var hissLow: (left: Biquad, right: Biquad)
    private var hissHigh: (left: Biquad, right: Biquad)
    private var small: (left: Biquad, right: Biquad)
    private var big: (left: Biquad, right: Biquad)
    /// A low-pass over the impacts at 3.5 kHz: no hard edge in them (a band-pass alone leaves the top open
    /// at 6 dB an octave, and the steps from sample to sample with it).
    private var soften: (left: Biquad, right: Biquad)
    private var hissGain: OnePole
    private var rate: Double
    /// The drops' level for the present rate.
    private var dropLevel: Double
    private var untilNext: Double
    private var tick = 0

    init(seed: UInt64) {
        random = SplitMix64(seed: SplitMix64.seed(seed, part: 0x5A1))
        shower = Drift(seconds: Self.showerSeconds, seed: SplitMix64.seed(seed, part: 0x5A2))
        gust = Drift(seconds: 3, seed: SplitMix64.seed(seed, part: 0x5A3))
        pink = PinkNoise.stereo(seed: SplitMix64.seed(seed, part: 0x5A4))
        hissLow = (Biquad(.lowPass, 2_000), Biquad(.lowPass, 2_000))
        hissHigh = (Biquad(.highPass, 300), Biquad(.highPass, 300))
        small = (Biquad(.bandPass, 2_500, q: 1), Biquad(.bandPass, 2_500, q: 1))
        big = (Biquad(.bandPass, 1_300, q: 0.7), Biquad(.bandPass, 1_300, q: 0.7))
        soften = (Biquad(.lowPass, 3_500), Biquad(.lowPass, 3_500))
        hissGain = OnePole(corner: 20)
        rate = Self.meanRate
        dropLevel = 1
        untilNext = 0
        moveOn()
        for _ in 0..<(SoundscapeSynth.sampleRate / 4) { _ = hiss() }
        untilNext = random.nextWait(rate: rate) * Double(SoundscapeSynth.sampleRate)
    }

    /// The slow parts moved on by `step` seconds.
    private mutating func moveOn(_ step: Double = 0) {
        let heavier = Double.exp(Self.rateSwing * Drift.bounded(step > 0 ? shower.advance(step) : shower.value))
        if step > 0 { gust.advance(step) }
        rate = Self.meanRate * heavier
        dropLevel = min(1.25, Double.pow(heavier, -0.3))
    }

    /// The next sample of the hiss, both channels.
    @inline(__always)
    private mutating func hiss() -> (Double, Double) {
        if tick == 0 { moveOn(Double(Self.controlSamples) / Double(SoundscapeSynth.sampleRate)) }
        tick = (tick + 1) % Self.controlSamples
        // A little louder as the shower is heavier (the rate^0.1) and ±0.7 dB with the gusts (0.08 in
        // natural log; more lifted the loudest 400 ms towards the bells).
        let heavier = rate / Self.meanRate
        let level = hissGain.next(Self.hissLevel * Double.pow(heavier, 0.1) * Double.exp(0.08 * gust.value))
        let shared = pink.shared.next(random.nextSigned())
        let left = Spread.a * shared + Spread.b * pink.left.next(random.nextSigned())
        let right = Spread.a * shared + Spread.b * pink.right.next(random.nextSigned())
        return (level * hissHigh.left.next(hissLow.left.next(left)), level * hissHigh.right.next(hissLow.right.next(right)))
    }

    /// A new drop: its impact and, for some, its bubble.
    private mutating func drop() {
        let sampleRate = Double(SoundscapeSynth.sampleRate)
        // One number sets the drop's size: its impact's length and band, and the bubble it leaves
        // (bigger drops leave bigger bubbles, ringing lower: Minnaert's f₀ = 3.26 / r).
        let size = random.nextUnit()
        // 0 to −20 dB with distance (10^(−u^1.5) in amplitude: more of them near).
        let near = Double.pow(10, -1.0 * Double.pow(random.nextUnit(), 1.5)) * dropLevel
        let side = random.nextUnit() < 0.5 ? -1.0 : 1.0
        let place = 0.5 + 0.5 * side * random.nextUnit().squareRoot()
        let (left, right) = Spread.pan(place)
        let decay = (1.5 + 3.5 * size) / 1_000, attack = 0.0003
        let slowFactor = Double.exp(-1 / (decay * sampleRate)), fastFactor = Double.exp(-1 / (attack * sampleRate))
        impacts.start(Impact(slow: near, fast: near, slowFactor: slowFactor, fastFactor: fastFactor,
                             left: left, right: right, big: size > 0.6,
                             remaining: Int(7 * decay * sampleRate)))
        guard random.nextUnit() < Self.bubbling else { return }
        let (smallest, largest) = (Bubble.minnaert / Self.highest, Bubble.minnaert / Self.lowest)
        let radius = smallest * Double.pow(largest / smallest, size)
        let wait = Int(random.next(in: 0.001...0.004) * sampleRate)
        bubbles.start(Bubble(radius: radius, amplitude: 0.5 * near * Double.pow(radius / largest, 1.5), place: place, wait: wait))
    }

    mutating func render(_ frames: Int, left: inout [Float], right: inout [Float]) {
        for index in 0..<frames {
            var (l, r) = hiss()
            untilNext -= 1
            while untilNext <= 0 {
                drop()
                untilNext += random.nextWait(rate: rate) * Double(SoundscapeSynth.sampleRate)
            }
            var bands = (smallLeft: 0.0, smallRight: 0.0, bigLeft: 0.0, bigRight: 0.0)
            impacts.update { impact in
                let envelope = impact.slow - impact.fast
                impact.slow *= impact.slowFactor
                impact.fast *= impact.fastFactor
                if impact.big {
                    bands.bigLeft += impact.left * envelope
                    bands.bigRight += impact.right * envelope
                } else {
                    bands.smallLeft += impact.left * envelope
                    bands.smallRight += impact.right * envelope
                }
                impact.remaining -= 1
                return impact.remaining > 0
            }
            let shared = random.nextSigned()
            let noiseLeft = Spread.a * shared + Spread.b * random.nextSigned()
            let noiseRight = Spread.a * shared + Spread.b * random.nextSigned()
            l += soften.left.next(small.left.next(bands.smallLeft * noiseLeft) + big.left.next(bands.bigLeft * noiseLeft))
            r += soften.right.next(small.right.next(bands.smallRight * noiseRight) + big.right.next(bands.bigRight * noiseRight))
            bubbles.ring(into: &l, &r)
            left[index] = Float(Self.gain * l)
            right[index] = Float(Self.gain * r)
        }
    }
}
