import RealModule

/// A fire: crackles and pops over a low roar.
///
/// - The roar is the flame's turbulence: pink noise low-passed near 300 Hz, its level and its corner
///   flickering by an Ornstein–Uhlenbeck drift with a time constant of 0.6 s, and its strength by a
///   slower one of 6 s (flames puff at about 1.5/√D Hz for a fire D metres across, Cetegen & Ahmed,
///   "Experiments on the periodic instability of buoyant plumes and pool fires", Combustion and Flame 93,
///   1993: 1–3 Hz for a hearth's fire).
/// - Crackles are the small bursts of wood splitting and resin and water vapour escaping: each a few
///   milliseconds of noise in a band of about 0.6–2.4 kHz, with a rounded onset (a raised cosine of
///   0.6–1.5 ms: no click) and an exponential decay of 2–8 ms. They come as a Poisson process whose rate
///   drifts between about 2 and 19 a second (time constant 10 s: the fire flares up and settles). Their sizes are lognormal, spread 0.7
///   (chosen by ear here; FireTextureTests measures their peaks spread over 12 dB and more). The band is kept
///   below 2.4 kHz and the bus low-passed at 3.5 kHz, so that even the largest is no step sharper than
///   the sound's own loudest samples (issue 49's no-click rule, measured in SoundscapeTests).
/// - Pops are rarer (about one every 3 s), larger and lower (350–900 Hz, decaying over 12–30 ms), often
///   followed by a few small crackles (a knot bursting).
///
/// Each crackle sounds from its own place between the channels; the roar's two channels share 0.3 of
/// their noise (``Spread``).
struct FireTexture: TextureVoice {
    /// The level that puts it at −33 LUFS integrated, within the 1 LU allowed: SoundscapeTests measures
    /// −33.8 over twenty minutes, its loudest 400 ms at −29.1 LUFS (the limit under the bells is −28).
    static let gain = 0.0215
    static let controlFrames = 32
    private static let rate = Double(SoundscapeSynth.sampleRate)
    private static let controlSeconds = Double(controlFrames) / rate

    /// One crackle or pop sounding: its own band of noise under its envelope, from its place.
    private struct Crackle: Sendable {
        var filter: Biquad
        var age = 0
        let attack: Int
        let size: Double
        /// The envelope's factor a sample after the onset.
        let decay: Double
        var envelope = 0.0
        let left: Double, right: Double
    }

    private var random: SplitMix64
    private var pink: (shared: PinkNoise, left: PinkNoise, right: PinkNoise)
    private var roar: (left: Biquad, right: Biquad, left2: Biquad, right2: Biquad)
    private var bus: (left: Biquad, right: Biquad)
    private var flicker: Drift, strength: Drift, activity: Drift
    private var crackles = EventPool<Crackle>(capacity: 24)
    /// Seconds to the next crackle and the next pop.
    private var untilCrackle = 0.0, untilPop = 0.0
    /// Small crackles still to follow a pop, and the seconds to the next of them.
    private var followers = 0, untilFollower = 0.0
    private var frameInControl = 0
    private var roarGain = 0.0, roarStep = 0.0

    init(seed: UInt64) {
        random = SplitMix64(seed: SplitMix64.seed(seed, part: 0xF1))
        pink = PinkNoise.stereo(seed: SplitMix64.seed(seed, part: 0xF2))
        roar = (Biquad(.lowPass, 300), Biquad(.lowPass, 300), Biquad(.lowPass, 420), Biquad(.lowPass, 420))
        bus = (Biquad(.lowPass, 3_500), Biquad(.lowPass, 3_500))
        flicker = Drift(seconds: 0.6, seed: SplitMix64.seed(seed, part: 0xF3))
        strength = Drift(seconds: 6, seed: SplitMix64.seed(seed, part: 0xF4))
        activity = Drift(seconds: 10, seed: SplitMix64.seed(seed, part: 0xF5))
        untilCrackle = random.nextWait(rate: crackleRate)
        untilPop = random.nextWait(rate: 0.35)
        roarGain = roarTarget
        // A second first, so the roar's filters have settled when the sound begins.
        for _ in 0..<SoundscapeSynth.sampleRate { _ = roarSample() }
    }

    /// Crackles a second now: about 2 to 19, drifting (6 at the drift's mean; at most 19).
    private var crackleRate: Double { 6 * Double.exp(0.65 * min(1.8, activity.value)) }

    private var roarTarget: Double {
        max(0.5, 1 + 0.15 * flicker.value) * Double.exp(0.07 * strength.value)
    }

    private mutating func startCrackle(pop: Bool, scale: Double = 1) {
        let size = scale * Double.exp(0.7 * max(-2.5, min(2, random.nextGaussian()))) * (pop ? 2.5 : 1)
        let centre = pop ? random.next(in: 350...900) : 600 * Double.exp(random.next(in: 0...1.386))
        let decaySeconds = pop ? random.next(in: 0.012...0.030) : random.next(in: 0.002...0.008)
        let attack = Int((pop ? random.next(in: 0.0012...0.0025) : random.next(in: 0.0006...0.0015)) * Self.rate)
        let pan = Spread.pan(random.next(in: 0.1...0.9))
        crackles.start(Crackle(filter: Biquad(.bandPass, centre, q: pop ? 1.5 : 1.2), attack: max(1, attack), size: size,
                               decay: Double.exp(-1 / (decaySeconds * Self.rate)), left: pan.left, right: pan.right))
    }

    private mutating func control() {
        let step = Self.controlSeconds
        flicker.advance(step)
        strength.advance(step)
        activity.advance(step)
        let corner = 300 * Double.exp(0.25 * flicker.value)
        roar.left.set(.lowPass, corner)
        roar.right.set(.lowPass, corner)
        roarStep = (roarTarget - roarGain) / Double(Self.controlFrames)
        untilCrackle -= step
        while untilCrackle <= 0 {
            startCrackle(pop: false)
            untilCrackle += random.nextWait(rate: crackleRate)
        }
        untilPop -= step
        if untilPop <= 0 {
            startCrackle(pop: true)
            followers = Int(random.next(in: 0...4.99))
            untilFollower = random.next(in: 0.01...0.06)
            untilPop += random.nextWait(rate: 0.35)
        }
        if followers > 0 {
            untilFollower -= step
            if untilFollower <= 0 {
                startCrackle(pop: false, scale: 0.6)
                followers -= 1
                untilFollower = random.next(in: 0.01...0.08)
            }
        }
    }

    @inline(__always)
    private mutating func roarSample() -> (Double, Double) {
        let shared = pink.shared.next(random.nextSigned())
        let l = roar.left2.next(roar.left.next(Spread.a * shared + Spread.b * pink.left.next(random.nextSigned())))
        let r = roar.right2.next(roar.right.next(Spread.a * shared + Spread.b * pink.right.next(random.nextSigned())))
        return (l, r)
    }

    mutating func render(_ frames: Int, left: inout [Float], right: inout [Float]) {
        for index in 0..<frames {
            if frameInControl == 0 { control() }
            frameInControl += 1
            if frameInControl == Self.controlFrames { frameInControl = 0 }
            roarGain += roarStep
            let (roarLeft, roarRight) = roarSample()
            var crackleLeft = 0.0, crackleRight = 0.0
            // The pool's closure draws from a copy of the generator (one access to self at a time).
            var noise = random
            crackles.update { crackle in
                if crackle.age < crackle.attack {
                    crackle.envelope = crackle.size * (0.5 - 0.5 * Double.cos(Double.pi * Double(crackle.age) / Double(crackle.attack)))
                } else {
                    crackle.envelope = crackle.age == crackle.attack ? crackle.size : crackle.envelope * crackle.decay
                }
                crackle.age += 1
                let value = crackle.envelope * crackle.filter.next(noise.nextSigned())
                crackleLeft += value * crackle.left
                crackleRight += value * crackle.right
                return crackle.age <= crackle.attack || crackle.envelope > 1e-4 * crackle.size
            }
            random = noise
            left[index] = Float(Self.gain * (roarGain * roarLeft + 0.18 * bus.left.next(crackleLeft)))
            right[index] = Float(Self.gain * (roarGain * roarRight + 0.18 * bus.right.next(crackleRight)))
        }
    }
}
