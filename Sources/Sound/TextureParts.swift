import RealModule

// The parts the live soundscapes (``SoundscapeGenerator``) are built from: streaming noise, filters whose
// state is kept from sample to sample (so a texture is made a block at a time with nothing allocated),
// slow random motion, and a fixed-capacity pool of short events. Each is a value: a texture holds its
// parts and moves them on as it renders.

/// One of a texture's voices: renders its next frames, overwriting `left[0..<frames]` and
/// `right[0..<frames]` (the arrays hold at least `frames`; the voice never grows them), at its own
/// calibrated level (``SoundscapeSynth/loudness`` integrated, measured in SoundscapeTests).
///
/// Rendering allocates nothing: what a texture needs is made in `init(seed:)`.
protocol TextureVoice: Sendable {
    /// The texture, all of its randomness drawn from `seed`: the same seed, the same sound.
    init(seed: UInt64)
    mutating func render(_ frames: Int, left: inout [Float], right: inout [Float])
}

extension SplitMix64 {
    /// A standard normal variate (Box–Muller; one of the pair is dropped, which costs a log and a cosine
    /// per call, affordable at control rate and per event).
    mutating func nextGaussian() -> Double {
        let u = max(nextUnit(), 1e-300)
        return (-2 * Double.log(u)).squareRoot() * Double.cos(2 * Double.pi * nextUnit())
    }

    /// The wait until the next event of a Poisson process of `rate` events a second, in seconds.
    mutating func nextWait(rate: Double) -> Double {
        guard rate > 0 else { return .infinity }
        return -Double.log(max(1 - nextUnit(), 1e-300)) / rate
    }

    /// Uniform in `range`.
    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// A seed for a part of a texture: `seed` and `part` mixed, so that parts made from one seed are
    /// unrelated.
    static func seed(_ seed: UInt64, part: UInt64) -> UInt64 {
        var mixer = SplitMix64(seed: seed ^ (part &* 0x9E37_79B9_7F4A_7C15))
        return mixer.next()
    }
}

/// Pink noise (power falling 3 dB an octave), a sample at a time, by Paul Kellet's "refined" filter of
/// white noise (musicdsp.org, "Filter to make pink noise from white", 1999: within ±0.05 dB of 1/f above
/// 9.2 Hz at 44.1 kHz). Its RMS for uniform white noise in [−1, 1) is about 0.35 (SoundscapeTests).
struct PinkNoise: Sendable {
    private var b0 = 0.0, b1 = 0.0, b2 = 0.0, b3 = 0.0, b4 = 0.0, b5 = 0.0, b6 = 0.0

    init(settledWith random: inout SplitMix64) {
        // Two seconds first: the slowest stage (a time constant of 0.2 s) has settled.
        for _ in 0..<(2 * SoundscapeSynth.sampleRate) { _ = next(random.nextSigned()) }
    }

    /// The next sample, from the next white sample `white` (uniform in [−1, 1)).
    @inline(__always)
    mutating func next(_ white: Double) -> Double {
        b0 = 0.99886 * b0 + white * 0.0555179
        b1 = 0.99332 * b1 + white * 0.0750759
        b2 = 0.96900 * b2 + white * 0.1538520
        b3 = 0.86650 * b3 + white * 0.3104856
        b4 = 0.55000 * b4 + white * 0.5329522
        b5 = -0.7616 * b5 - white * 0.0168980
        let value = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362
        b6 = white * 0.115926
        return value
    }
}

extension PinkNoise {
    /// The three pink noises of a stereo scene (``Spread``): the channels' shared one, then the left's
    /// and the right's own, each settled, drawn in that order from `seed`.
    static func stereo(seed: UInt64) -> (shared: PinkNoise, left: PinkNoise, right: PinkNoise) {
        var random = SplitMix64(seed: seed)
        return (PinkNoise(settledWith: &random), PinkNoise(settledWith: &random), PinkNoise(settledWith: &random))
    }
}

/// A one-pole low-pass, y += c (x − y): 6 dB an octave above its corner.
struct OnePole: Sendable {
    private(set) var value = 0.0
    private var coefficient: Double

    init(corner frequency: Double) {
        coefficient = Self.coefficient(frequency)
    }

    /// Moves the corner (no jump in the output: only the rate of approach changes).
    mutating func setCorner(_ frequency: Double) { coefficient = Self.coefficient(frequency) }

    @inline(__always)
    mutating func next(_ x: Double) -> Double {
        value += coefficient * (x - value)
        // Between a texture's events the input is exactly 0 and the state decays towards subnormal
        // numbers, which x86-64 computes slowly: flushed to 0 far under any 16-bit sample (2⁻¹⁵).
        if value.magnitude < 1e-30 { value = 0 }
        return value
    }

    static func coefficient(_ frequency: Double) -> Double {
        1 - Double.exp(-2 * Double.pi * min(max(frequency, 0), 0.45 * Double(SoundscapeSynth.sampleRate)) / Double(SoundscapeSynth.sampleRate))
    }
}

/// A second-order section with its state (direct form I), whose coefficients may change between samples
/// (a band that moves): the RBJ cookbook's filters (Robert Bristow-Johnson, "Cookbook formulae for audio
/// EQ biquad filter coefficients", the W3C Audio EQ Cookbook).
struct Biquad: Sendable {
    private var b0 = 1.0, b1 = 0.0, b2 = 0.0, a1 = 0.0, a2 = 0.0
    private var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0

    enum Kind: Sendable { case lowPass, highPass, bandPass }

    init(_ kind: Kind, _ frequency: Double, q: Double = 0.5.squareRoot()) {
        set(kind, frequency, q: q)
    }

    /// New coefficients, the state kept: a band moved a little at a time moves without a click.
    mutating func set(_ kind: Kind, _ frequency: Double, q: Double = 0.5.squareRoot()) {
        let rate = Double(SoundscapeSynth.sampleRate)
        let omega = 2 * Double.pi * min(max(frequency, 1), 0.45 * rate) / rate
        let (sine, cosine) = (Double.sin(omega), Double.cos(omega))
        let alpha = sine / (2 * max(q, 0.01))
        let a0 = 1 + alpha
        switch kind {
        case .lowPass: (b0, b1, b2) = ((1 - cosine) / 2 / a0, (1 - cosine) / a0, (1 - cosine) / 2 / a0)
        case .highPass: (b0, b1, b2) = ((1 + cosine) / 2 / a0, -(1 + cosine) / a0, (1 + cosine) / 2 / a0)
        // Constant 0 dB peak gain.
        case .bandPass: (b0, b1, b2) = (alpha / a0, 0, -alpha / a0)
        }
        (a1, a2) = (-2 * cosine / a0, (1 - alpha) / a0)
    }

    @inline(__always)
    mutating func next(_ x: Double) -> Double {
        var y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        // Flushed to 0 before it would decay into subnormal numbers (see ``OnePole/next(_:)``).
        if y.magnitude < 1e-30 { y = 0 }
        (x2, x1, y2, y1) = (x1, x, y1, y)
        return y
    }
}

/// A slow random motion around 0 with a standard deviation of 1: an Ornstein–Uhlenbeck process (a
/// random walk pulled back to its mean), whose correlation after *t* seconds is e^(−t/τ). What drifts in
/// a texture (rain's density, the wind's strength) drifts by it: never periodic, so never a loop.
struct Drift: Sendable {
    private(set) var value: Double
    /// The time constant τ, in seconds.
    let seconds: Double
    private var random: SplitMix64

    init(seconds: Double, seed: UInt64) {
        self.seconds = seconds
        random = SplitMix64(seed: seed)
        value = random.nextGaussian()
    }

    /// `x` within three standard deviations: what a rate driven through e^(k x) takes, so that a long sit's
    /// rare excursion (|x| over 3 is 0.27 % of independent draws, a few in two hours at a time constant of
    /// 6 s; the normal distribution's tails) cannot lift the sound past the level it was tuned for.
    static func bounded(_ x: Double) -> Double { max(-3, min(3, x)) }

    /// Moves on by `step` seconds (exactly: the process's transition over any step), and returns the value.
    @discardableResult
    mutating func advance(_ step: Double) -> Double {
        let keep = Double.exp(-step / seconds)
        value = keep * value + (1 - keep * keep).squareRoot() * random.nextGaussian()
        return value
    }
}

/// Short events of a texture (bubbles, drops, crackles) in a pool made once: at most `capacity` sound
/// at a time; one that would be more is not started. Adding and ending events allocates nothing.
struct EventPool<Event: Sendable>: Sendable {
    private(set) var events: [Event]
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        events = []
        events.reserveCapacity(capacity)
    }

    var count: Int { events.count }

    /// Starts `event`; false (and nothing) when the pool is full.
    @discardableResult
    mutating func start(_ event: Event) -> Bool {
        guard events.count < capacity else { return false }
        events.append(event)
        return true
    }

    /// Moves every event on with `body`, which returns false when the event has ended; ended events are
    /// removed (the last moved into the gap: the order of events does not matter).
    @inline(__always)
    mutating func update(_ body: (inout Event) -> Bool) {
        var index = 0
        while index < events.count {
            if body(&events[index]) {
                index += 1
            } else {
                events.swapAt(index, events.count - 1)
                events.removeLast()
            }
        }
    }
}

/// How a texture's two channels are made one scene but not one signal: each is the shared noise in the
/// power ``shared`` and its own in the rest (an interchannel correlation of about ``shared`` for plain
/// noise), as the loops were.
enum Spread {
    static let shared = 0.3
    static let a = shared.squareRoot()
    static let b = (1 - shared).squareRoot()

    /// Equal-power gains for a place between the channels, 0 (left) to 1 (right): cos and sin of a
    /// quarter turn, times √2 so that the centre is unchanged.
    @inline(__always)
    static func pan(_ place: Double) -> (left: Double, right: Double) {
        let angle = Double.pi / 2 * min(max(place, 0), 1)
        return (Double.cos(angle) * 2.0.squareRoot(), Double.sin(angle) * 2.0.squareRoot())
    }
}
