import RealModule

/// One bubble's ring: a gas bubble just formed in water rings at its Minnaert resonance and dies away,
/// its pitch rising as it rises towards the surface, as van den Doel models it (K. van den Doel,
/// "Physically based models for liquid sounds", ACM Transactions on Applied Perception 2(4), 2005,
/// section 3, restated with the same constants by the Sound Design Toolkit's SDTBubble.c and by ryukau's
/// UhhyouWebSynthesizers, oldsynth/Bubbles/single_bubble.md):
///
///     p(t) = a sin(2π f₀ t (1 + ξ d t)) e^(−d t),  f₀ = 3.26 / r Hz,  d = 0.13 / r + 0.0072 r^(−3/2) 1/s,
///     a ∝ r^(3/2),  ξ ≈ 0.1,  r in metres.
///
/// (Minnaert's f₀ r ≈ 3.26 m/s is for air in water at one atmosphere; van den Doel rounds it to 3.) The
/// phase 2π f₀ t (1 + ξ d t) is a pitch rising in a straight line, f(t) = f₀ (1 + 2ξ d t): over the ring
/// to e⁻³ (t = 3/d) it rises by 6ξ, 60 % with ξ = 0.1. StreamTextureTests measures the rise.
///
/// Made a sample at a time without a sine: the ring is a phasor turned each sample by a turn that itself
/// turns a little more each sample (the chirp) and shrinks by e^(−d/rate) (the decay), two complex
/// multiplications; the sample is its imaginary part, so the ring starts at zero (no click).
struct Bubble: Sendable {
    /// The phasor: its imaginary part is the sound.
    private var re: Double, im: Double
    /// This sample's turn (with the decay).
    private var turnRe: Double, turnIm: Double
    /// The turn's own turn, each sample: the rising pitch.
    private let chirpRe: Double, chirpIm: Double
    /// Gains into the two channels.
    let left: Double, right: Double
    /// Samples to wait before the ring starts (a drop's bubble forms just after its impact).
    private var wait: Int
    /// Samples left in the ring.
    private var remaining: Int

    /// Minnaert's resonance times the radius in metres, in Hz m (van den Doel 2005, section 3).
    static let minnaert = 3.26
    /// The rise of the pitch, ξ (van den Doel 2005: about 0.1).
    static let rise = 0.1
    /// How far down, in time constants, a ring is let go: e⁻⁷ is 61 dB under its start.
    static let length = 7.0

    /// The resonance of a bubble of `radius` metres, in Hz.
    static func frequency(radius: Double) -> Double { minnaert / radius }

    /// The damping of a bubble of `radius` metres, in 1/s (van den Doel 2005, from the viscous and
    /// thermal losses).
    static func damping(radius: Double) -> Double { 0.13 / radius + 0.0072 * Double.pow(radius, -1.5) }

    /// A bubble of `radius` metres whose ring starts at `amplitude` after `wait` samples, placed between
    /// the channels at `place` (0 left, 1 right); `rise` is ξ.
    init(radius: Double, amplitude: Double, place: Double, wait: Int = 0, rise: Double = Bubble.rise) {
        let rate = Double(SoundscapeSynth.sampleRate)
        let f0 = Self.frequency(radius: radius), d = Self.damping(radius: radius)
        // Phase φ(n) = 2π f₀ (n/R)(1 + ξ d n/R): its step from n to n+1 is 2π f₀/R (1 + ξ d (2n+1)/R),
        // which grows by 2π f₀/R · 2ξ d/R each sample.
        let first = 2 * Double.pi * f0 / rate * (1 + rise * d / rate)
        let chirp = 2 * Double.pi * f0 / rate * 2 * rise * d / rate
        let shrink = Double.exp(-d / rate)
        (re, im) = (amplitude, 0)
        (turnRe, turnIm) = (shrink * Double.cos(first), shrink * Double.sin(first))
        (chirpRe, chirpIm) = (Double.cos(chirp), Double.sin(chirp))
        (left, right) = Spread.pan(place)
        self.wait = max(0, wait)
        remaining = Int((Self.length / d * rate).rounded(.up))
    }

    /// The next sample of the ring (0 while it waits); false in `alive` once it has rung out.
    @inline(__always)
    mutating func next(alive: inout Bool) -> Double {
        if wait > 0 {
            wait -= 1
            return 0
        }
        let value = im
        (re, im) = (re * turnRe - im * turnIm, re * turnIm + im * turnRe)
        (turnRe, turnIm) = (turnRe * chirpRe - turnIm * chirpIm, turnRe * chirpIm + turnIm * chirpRe)
        remaining -= 1
        alive = remaining > 0
        return value
    }
}

extension EventPool where Event == Bubble {
    /// Each bubble's next sample added to `left` and `right` from its place; a bubble rung out leaves the
    /// pool. What the stream and the rain both do with their bubbles, once a sample.
    @inline(__always)
    mutating func ring(into left: inout Double, _ right: inout Double) {
        update { bubble in
            var alive = true
            let value = bubble.next(alive: &alive)
            left += bubble.left * value
            right += bubble.right * value
            return alive
        }
    }
}
