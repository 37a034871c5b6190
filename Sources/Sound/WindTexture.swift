import RealModule

/// Wind: slow gusts, a band of noise that rises and falls with them, and now and then a whistle.
///
/// - The wind's speed is a slow random motion: an Ornstein–Uhlenbeck drift with a time constant of 5 s
///   (gusts last seconds to tens of seconds; meteorology reports a gust as the peak of 3 s averages of
///   the speed, WMO-No. 8, "Guide to Instruments and Methods of Observation", the chapter on surface
///   wind), and a faster one of 1.2 s for the buffeting inside a gust. Their sizes were chosen here and
///   measured by WindTextureTests (the level's standard deviation, its self-correlation at 1 s and 20 s).
/// - What we hear of wind is turbulence around obstacles, louder and higher as the speed rises (the
///   aeroacoustic power of a flow grows as a high power of its speed: Lighthill, "On sound generated
///   aerodynamically", Proc. R. Soc. A 211, 1952): pink noise through a band-pass whose centre follows
///   the speed, from about 200 Hz in a lull to 890 Hz in a gust, over a low rumble low-passed at 160 Hz.
/// - A whistle is an aeolian tone, the vortices shed behind a wire or an edge: its frequency is
///   St·U/d with a Strouhal number St of about 0.2 (Blevins, "Flow-Induced Vibration", 2nd ed., 1990,
///   ch. 3), so it glides with the speed. About one every 25 s (a Poisson process), lasting 3–8 s with
///   a raised-cosine rise and fall: noise through a narrow band-pass (Q 40–70) between 500 Hz and 1.6 kHz.
/// - The gusts come from places that wander between the channels (a drift of 7 s), each channel with its
///   own share of the noise (``Spread``).
struct WindTexture: TextureVoice {
    /// The level that puts it at −33 LUFS integrated, within the 1 LU allowed: SoundscapeTests measures
    /// −33.6 over twenty minutes, its loudest 400 ms at −29.1 LUFS (the limit under the bells is −28; two
    /// other seeds measured here gave −28.7 and −28.8).
    static let gain = 0.0217
    static let controlFrames = 32
    private static let controlSeconds = Double(controlFrames) / Double(SoundscapeSynth.sampleRate)

    private var random: SplitMix64
    private var pink: (shared: PinkNoise, left: PinkNoise, right: PinkNoise)
    private var band: (left: Biquad, right: Biquad)
    private var rumble: (left: Biquad, right: Biquad)
    private var whistleFilter: (left: Biquad, right: Biquad)
    private var speed: Drift, buffet: Drift, place: Drift
    /// The whistle: seconds to the next, and the one sounding (its age, length, pitch at mean speed, place).
    private var untilWhistle = 0.0
    private var whistle = (age: 0.0, length: 0.0, pitch: 0.0, q: 50.0, left: 1.0, right: 1.0)
    // Gains at the start of the control step and their change per frame.
    private var gains = (band: 0.0, rumble: 0.0, whistle: 0.0, pan: (left: 1.0, right: 1.0))
    private var steps = (band: 0.0, rumble: 0.0, whistle: 0.0, left: 0.0, right: 0.0)
    private var frameInControl = 0

    init(seed: UInt64) {
        random = SplitMix64(seed: SplitMix64.seed(seed, part: 0x31))
        pink = PinkNoise.stereo(seed: SplitMix64.seed(seed, part: 0x32))
        band = (Biquad(.bandPass, 400, q: 0.9), Biquad(.bandPass, 400, q: 0.9))
        rumble = (Biquad(.lowPass, 160), Biquad(.lowPass, 160))
        whistleFilter = (Biquad(.bandPass, 900, q: 50), Biquad(.bandPass, 900, q: 50))
        speed = Drift(seconds: 5, seed: SplitMix64.seed(seed, part: 0x33))
        buffet = Drift(seconds: 1.2, seed: SplitMix64.seed(seed, part: 0x34))
        place = Drift(seconds: 7, seed: SplitMix64.seed(seed, part: 0x35))
        untilWhistle = random.next(in: 3...20)
        control()
        gains = (bandTarget, rumbleTarget, 0, gains.pan)
        steps = (0, 0, 0, 0, 0)
        // Half a second first, so the filters have settled when the sound begins.
        for _ in 0..<(SoundscapeSynth.sampleRate / 2) { _ = sample() }
    }

    /// How hard it blows now, −1 (a lull) to 1 (a gust): the speed's drift through a tanh, so that it is
    /// bounded (a gust swells the level by at most 2.8 dB, and the loudest 400 ms stay within 5 LU of the
    /// integrated loudness, 10 dB under the bells: SoundscapeTests).
    private var gust: Double { Double.tanh(0.8 * speed.value) }
    /// The band's amplitude: ±2.8 dB with the gusts, ±0.6 dB more with the buffeting.
    private var strength: Double { Double.exp(Double.log(10) / 20 * (2.8 * gust + 0.4 * max(-1.5, min(1.5, buffet.value)))) }
    private var bandTarget: Double { strength }
    private var rumbleTarget: Double { 0.6 * strength.squareRoot() }

    private mutating func control() {
        let step = Self.controlSeconds
        speed.advance(step)
        buffet.advance(step)
        place.advance(step)
        let strength = strength
        // The band's centre: 200 Hz in a lull, 420 Hz at the mean, 890 Hz in the strongest gust.
        let centre = 420 * Double.exp(0.75 * gust)
        band.left.set(.bandPass, centre, q: 0.9)
        band.right.set(.bandPass, centre * 1.06, q: 0.9)
        untilWhistle -= step
        if untilWhistle <= 0, whistle.age >= whistle.length {
            let pan = Spread.pan(random.next(in: 0.15...0.85))
            whistle = (0, random.next(in: 3...8), random.next(in: 500...1_300), random.next(in: 40...70), pan.left, pan.right)
            untilWhistle = whistle.length + random.nextWait(rate: 1.0 / 25)
        }
        var whistleTarget = 0.0
        if whistle.age < whistle.length {
            whistle.age += step
            let pitch = whistle.pitch * Double.exp(0.2 * gust)
            whistleFilter.left.set(.bandPass, pitch, q: whistle.q)
            whistleFilter.right.set(.bandPass, pitch, q: whistle.q)
            let phase = min(1, whistle.age / whistle.length)
            whistleTarget = 4 * (0.5 - 0.5 * Double.cos(2 * Double.pi * phase)) * strength.squareRoot()
        }
        let pan = Spread.pan(0.5 + 0.3 * max(-1.3, min(1.3, place.value)))
        let frames = Double(Self.controlFrames)
        steps = ((bandTarget - gains.band) / frames, (rumbleTarget - gains.rumble) / frames, (whistleTarget - gains.whistle) / frames,
                 (pan.left - gains.pan.left) / frames, (pan.right - gains.pan.right) / frames)
    }

    @inline(__always)
    private mutating func sample() -> (Double, Double) {
        let shared = Spread.a * pink.shared.next(random.nextSigned())
        let ownLeft = shared + Spread.b * pink.left.next(random.nextSigned())
        let ownRight = shared + Spread.b * pink.right.next(random.nextSigned())
        let l = gains.band * band.left.next(ownLeft) + gains.rumble * rumble.left.next(ownLeft)
        let r = gains.band * band.right.next(ownRight) + gains.rumble * rumble.right.next(ownRight)
        let whistled = (left: whistleFilter.left.next(ownLeft), right: whistleFilter.right.next(ownRight))
        return (gains.pan.left * l + gains.whistle * whistle.left * whistled.left,
                gains.pan.right * r + gains.whistle * whistle.right * whistled.right)
    }

    mutating func render(_ frames: Int, left: inout [Float], right: inout [Float]) {
        for index in 0..<frames {
            if frameInControl == 0 { control() }
            frameInControl += 1
            if frameInControl == Self.controlFrames { frameInControl = 0 }
            gains.band += steps.band
            gains.rumble += steps.rumble
            gains.whistle += steps.whistle
            gains.pan.left += steps.left
            gains.pan.right += steps.right
            let (l, r) = sample()
            left[index] = Float(Self.gain * l)
            right[index] = Float(Self.gain * r)
        }
    }
}
