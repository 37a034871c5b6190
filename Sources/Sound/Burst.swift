import RealModule

/// A short burst of filtered noise: the contact of a mallet, a log or another cymbal, which no set of
/// ringing modes makes.
///
/// The noise comes from a fixed seed, so a bell is the same sound, sample for sample, every time it is
/// made: the cache of bell files relies on that.
struct Burst: Sendable {
    /// Peak of the envelope, relative to the bell's modes.
    var level: Double
    /// Time constant of the onset, in seconds.
    var attack: Double
    /// Time constant of the fall, in seconds.
    var decay: Double
    /// Cut-offs of the second-order Butterworth filters the noise goes through, in Hz; nil leaves that
    /// side open.
    var highPass: Double?
    var lowPass: Double?
    /// Seeds the noise.
    var seed: UInt64

    /// How long the burst lasts: until its envelope is 100 dB down.
    var seconds: Double { attack + decay * Double.log(100_000) }

    /// Adds the burst into the start of `mix`.
    func add(into mix: inout [Float], sampleRate: Int) {
        let rate = Double(sampleRate)
        let count = min(mix.count, Int((seconds * rate).rounded(.up)))
        guard count > 0 else { return }
        var random = SplitMix64(seed: seed)
        var noise = (0..<count).map { _ in random.nextSigned() }
        if let highPass { Self.butterworth(.high, highPass, sampleRate: rate).filter(&noise) }
        if let lowPass { Self.butterworth(.low, lowPass, sampleRate: rate).filter(&noise) }
        let rise = Double.exp(-1 / (max(attack, 1e-6) * rate)), fall = Double.exp(-1 / (max(decay, 1e-6) * rate))
        var onset = 1.0, envelope = level
        for index in 0..<count {
            mix[index] += Float(noise[index] * envelope * (1 - onset))
            onset *= rise
            envelope *= fall
        }
    }

    /// The RBJ cookbook's second-order low-pass or high-pass with Q = 1/√2: a Butterworth by the bilinear
    /// transform.
    static func butterworth(_ pass: Pass, _ frequency: Double, sampleRate: Double) -> Loudness.Biquad {
        let omega = 2 * Double.pi * min(frequency, 0.45 * sampleRate) / sampleRate
        let alpha = Double.sin(omega) / (2 * 0.5.squareRoot())
        let a0 = 1 + alpha, c = Double.cos(omega)
        // The numerator is (1 ∓ cos ω)/2 · (1, ±2, 1): low-pass takes the upper signs.
        let sign = pass == .low ? -1.0 : 1.0
        let edge = (1 + sign * c) / 2 / a0
        return Loudness.Biquad(b0: edge, b1: -2 * sign * edge, b2: edge, a1: -2 * c / a0, a2: (1 - alpha) / a0)
    }

    /// Which side a filter lets through.
    enum Pass { case low, high }
}

/// A small, fast, well-mixed generator with a fixed sequence for each seed (Steele, Lea & Flood,
/// "Fast splittable pseudorandom number generators", OOPSLA 2014): the same noise on every machine.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [−1, 1).
    mutating func nextSigned() -> Double {
        Double(next() >> 11) / Double(1 << 52) - 1
    }

    /// Uniform in [0, 1).
    mutating func nextUnit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}
