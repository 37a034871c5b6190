import RealModule

/// The ocean: waves breaking on a shore, one after another at irregular intervals, each a rise, a break
/// and a wash running back, over a low distant surf.
///
/// A wave is an envelope and an opening of the spectrum: its sound rises over a second or two as it
/// steepens, breaks (the loudest, brightest moment: noise low-passed with its corner opened to a few
/// kilohertz), then the wash runs back up and down the beach for several seconds, fading while the corner
/// closes to a few hundred hertz. Breaking waves sound as broadband noise bursts because the sound is made
/// by the bubbles entrained as the crest plunges (Deane, "Sound generation and air entrainment by breaking
/// waves in the surf zone", JASA 102(5), 1997); the period and height of each wave are drawn afresh:
///
/// - the interval to the next wave is lognormal around 10 s with a spread of 0.25 (its coefficient of
///   variation is about 0.25): wind waves and swell reaching a beach have periods of several seconds to
///   about 15 s (NOAA National Ocean Service, on waves and swell, oceanservice.noaa.gov; issue 49 asks a mean of
///   8–12 s and a coefficient of variation of at least 0.15; OceanTextureTests measures 10.6 s and 0.29);
/// - its height is lognormal with a spread of 0.2, kept within 0.75 to 1.25 (sea-surface wave heights
///   are spread as a Rayleigh distribution: Longuet-Higgins, "On the statistical distribution of the
///   heights of sea waves", Journal of Marine Research 11, 1952; the spread is narrower here because the ambience's loudest 400 ms must
///   stay within 5 LU of its integrated loudness, 10 dB under the bells, SoundscapeTests): the wave's
///   swell (5.5 dB for a wave of height 1, ``depth``) and the brightness of its break follow it;
/// - where it breaks, left to right, is drawn for each wave, and its wash runs off to one side, so the
///   scene moves between the channels.
///
/// Everything is driven at a control rate (every ``controlFrames`` frames) and rendered through one
/// low-pass per channel whose corner follows the waves: nothing allocated, a few multiplications a
/// sample.
struct OceanTexture: TextureVoice {
    /// The level that puts it at −33 LUFS integrated, within the 1 LU allowed: SoundscapeTests measures
    /// −33.6 over twenty minutes, its loudest 400 ms at −28.8 LUFS (the limit under the bells is −28).
    static let gain = 0.0315
    /// Frames between control updates: 0.73 ms, far below any motion of a wave.
    static let controlFrames = 32
    private static let controlSeconds = Double(controlFrames) / Double(SoundscapeSynth.sampleRate)
    /// How far the level falls between waves of height 1, in dB, chosen so that the loudest 400 ms stay
    /// within 5 LU of the integrated loudness (SoundscapeTests measures 4.7 LU).
    private static let depth = 5.5
    /// At most this many waves sound at once (a wash lasts up to about two intervals).
    private static let waveCapacity = 4

    /// One wave: when it started, how it rises and falls, where it is.
    private struct Wave: Sendable {
        var age = 0.0
        /// Seconds from its start to the break.
        var rise: Double
        /// Time constant of the wash's fading, in seconds.
        var wash: Double
        var height: Double
        /// Where it breaks and where its wash ends, 0 (left) to 1 (right).
        var from: Double, to: Double

        /// Its amplitude (relative) and how open its spectrum is (0 closed to 1 at the break).
        func shape() -> (amplitude: Double, open: Double) {
            if age < rise {
                // A raised-cosine rise: no corner in the envelope, so no click.
                let phase = age / rise
                let rising = 0.5 - 0.5 * Double.cos(Double.pi * phase)
                return (height * rising, rising * rising)
            }
            let after = age - rise
            let fading = Double.exp(-after / wash)
            // The wash: the sound fades as the water runs back, and the spectrum closes faster (the break's
            // hiss is gone in about a second, the rumble of the backwash stays).
            return (height * fading, Double.exp(-after / (0.3 * wash)))
        }

        var place: Double {
            let moved = min(1, max(0, (age - rise) / (2 * wash)))
            return from + (to - from) * moved
        }

        var over: Bool { age > rise + 6 * wash }
    }

    private var random: SplitMix64
    private var pink: (shared: PinkNoise, left: PinkNoise, right: PinkNoise)
    private var filters: (left: Biquad, right: Biquad, left2: Biquad, right2: Biquad)
    private var waves = EventPool<Wave>(capacity: OceanTexture.waveCapacity)
    /// Seconds to the next wave's start.
    private var untilNext = 0.0
    private var frameInControl = 0
    // The gains at the start of this control step and their change per frame (linear between steps).
    private var gains = (left: 0.0, right: 0.0), gainSteps = (left: 0.0, right: 0.0)

    init(seed: UInt64) {
        random = SplitMix64(seed: SplitMix64.seed(seed, part: 0x0C))
        pink = PinkNoise.stereo(seed: SplitMix64.seed(seed, part: 0x0D))
        filters = (Biquad(.lowPass, 400), Biquad(.lowPass, 400), Biquad(.lowPass, 400), Biquad(.lowPass, 400))
        // Begin in the middle of the sea: two waves already under way, so the first seconds are not silence.
        startWave(age: 9)
        startWave(age: 3)
        untilNext = nextInterval() - 3
        if untilNext < 1 { untilNext = 1 }
        // Settle the filters and gains.
        control()
        gains = (gains.left + gainSteps.left * Double(Self.controlFrames), gains.right + gainSteps.right * Double(Self.controlFrames))
        gainSteps = (0, 0)
    }

    /// The time to the next wave: lognormal around 10 s, spread 0.25, kept within 5 to 20 s.
    private mutating func nextInterval() -> Double {
        min(20, max(5, 10 * Double.exp(0.25 * random.nextGaussian() - 0.03)))
    }

    private mutating func startWave(age: Double = 0) {
        let height = min(1.25, max(0.75, Double.exp(0.2 * random.nextGaussian())))
        let from = random.next(in: 0.15...0.85)
        let to = min(1, max(0, from + random.nextSigned() * 0.45))
        waves.start(Wave(age: age, rise: random.next(in: 1.2...2.6), wash: random.next(in: 3.2...5.0), height: height, from: from, to: to))
    }

    /// Moves the waves on by one control step and sets the corner and the gains' path to the next step.
    private mutating func control() {
        let step = Self.controlSeconds
        untilNext -= step
        if untilNext <= 0 {
            startWave()
            untilNext += nextInterval()
        }
        // The sea's level in dB: 6 dB under a wave's break between waves (the distant surf and the last
        // wash), rising with the tallest wave sounding. A level moving over 6 dB, not from silence: the
        // ambience's loudest 400 ms must stay within 5 LU of its integrated loudness to stay 10 dB under
        // the bells (SoundscapeTests), so the waves swell rather than burst.
        var swell = 0.0, open = 0.0, weighted = 0.0, placeSum = 0.0
        waves.update { wave in
            wave.age += step
            let (amplitude, opening) = wave.shape()
            swell = max(swell, amplitude)
            open = max(open, opening * min(1, wave.height))
            weighted += amplitude
            placeSum += amplitude * wave.place
            return !wave.over
        }
        // The distant surf is centred.
        weighted += 0.2
        placeSum += 0.2 * 0.5
        let place = placeSum / weighted
        // The corner: 350 Hz in the backwash's rumble, to 3.5 kHz at a tall wave's break.
        let corner = 350 * Double.exp(Double.log(10) * open)
        filters.left.set(.lowPass, corner, q: 0.6)
        filters.right.set(.lowPass, corner, q: 0.6)
        filters.left2.set(.lowPass, corner * 1.4, q: 0.6)
        filters.right2.set(.lowPass, corner * 1.4, q: 0.6)
        // The level is set as loudness is heard (BS.1770's K-weighting): opening the corner lets through
        // octaves that weigh more (pink noise has equal power an octave; K-weighting cuts under 40 Hz and
        // lifts 4 dB over about 1.5 kHz), so the amplitude is lowered as the corner opens, by the model of
        // ``heard(_:)``: the break is brighter, not louder than its swell.
        let heard = (Self.heard(350) / Self.heard(corner)).squareRoot()
        let amplitude = heard * Double.exp(Double.log(10) / 20 * Self.depth * (swell - 1))
        // The scene leans toward the wave, but never wholly to one side.
        let pan = Spread.pan(0.5 + 0.7 * (place - 0.5))
        let target = (left: amplitude * pan.left, right: amplitude * pan.right)
        let frames = Double(Self.controlFrames)
        gainSteps = ((target.left - gains.left) / frames, (target.right - gains.right) / frames)
    }

    /// How loud pink noise low-passed at `corner` is, K-weighted, relatively: the octaves from 40 Hz to
    /// the corner, those over 1.5 kHz counting 2.5 times (+4 dB). A model, checked by OceanTextureTests
    /// (the waves' loudness swells as the level is set).
    private static func heard(_ corner: Double) -> Double {
        Double.log2(corner / 40) + 1.5 * max(0, Double.log2(corner / 1_500))
    }

    mutating func render(_ frames: Int, left: inout [Float], right: inout [Float]) {
        for index in 0..<frames {
            if frameInControl == 0 { control() }
            frameInControl += 1
            if frameInControl == Self.controlFrames { frameInControl = 0 }
            let shared = pink.shared.next(random.nextSigned())
            let ownLeft = pink.left.next(random.nextSigned())
            let ownRight = pink.right.next(random.nextSigned())
            let l = filters.left2.next(filters.left.next(Spread.a * shared + Spread.b * ownLeft))
            let r = filters.right2.next(filters.right.next(Spread.a * shared + Spread.b * ownRight))
            gains.left += gainSteps.left
            gains.right += gainSteps.right
            left[index] = Float(Self.gain * gains.left * l)
            right[index] = Float(Self.gain * gains.right * r)
        }
    }
}
