import RealModule

/// One resonance of a struck instrument: a sine that dies away exponentially, perhaps beside a slightly
/// detuned twin (the two halves of a doublet, which beat), perhaps swelling in after the strike, perhaps
/// gliding down to its pitch.
struct Mode: Sendable {
    /// Frequency in Hz, once any glide is over.
    var frequency: Double
    /// Starting amplitude, relative to the bell's other modes (a negative one starts upside down).
    var amplitude: Double
    /// Seconds to fall by 60 dB.
    var t60: Double
    /// Time constant in seconds of a swell after the strike (energy reaching the mode from others, as in
    /// a tam-tam); 0 is struck at full strength.
    var rise = 0.0
    /// How far above ``frequency`` the mode starts, as a fraction; it falls back with ``glideTime``.
    var glide = 0.0
    /// Time constant of the glide, in seconds.
    var glideTime = 1.0
    /// The twin's distance in Hz: the rate at which the two beat.
    var beat = 0.0
    /// The twin's amplitude as a fraction of this mode's; 0 is no twin.
    var twin = 0.0
    /// The twin's T60, when it differs (the two halves of a doublet rarely decay alike).
    var twinT60: Double?
    /// Starting phase in radians: 0 starts at rest, as a struck surface does.
    var phase = 0.0

    /// `ratio` times `fundamental`, otherwise as given: how the tables are written.
    static func partial(_ ratio: Double, of fundamental: Double, amplitude: Double, t60: Double, beat: Double = 0,
                        twin: Double = 0, twinT60: Double? = nil) -> Mode {
        Mode(frequency: ratio * fundamental, amplitude: amplitude, t60: t60, beat: beat, twin: twin, twinT60: twinT60)
    }
}

/// Renders modes as sums of damped sines, the way a bell sounds: by recursion, not by calling `sin` and
/// `exp` for every sample.
///
/// Each sine is a complex phasor turned and shrunk by one fixed complex factor per sample. The sound is
/// made in blocks of ``block`` samples: at a block's start the phasor is set exactly from the closed form
/// (amplitude, decay, phase and glide at that time, in `Double`), then eight lanes of consecutive samples
/// advance together by the eighth power of the step, in `Float`. The exact restart keeps rounding from
/// adding up over a minute of sound; the lanes are independent, so the loop vectorises.
enum Resonator {
    /// Samples per block; a power of two and a multiple of 8.
    static let block = 512

    /// A damped sine: what a mode becomes (with its twin and swell, up to four of them).
    struct Oscillator: Sendable {
        var frequency: Double
        var amplitude: Double
        /// 1 / time constant, per second.
        var decay: Double
        var phase: Double
        var glide: Double
        var glideTime: Double

        /// The phase at `time` seconds, glide included: the integral of 2π f (1 + g e^(−t/τ)).
        func phase(at time: Double) -> Double {
            var turns = time
            if glide != 0 { turns += glide * glideTime * (1 - Double.exp(-time / glideTime)) }
            return phase + 2 * Double.pi * frequency * turns
        }

        /// How many samples it takes to fall under `floor` (its magnitude at the start counts, not 0).
        func samples(above floor: Double, sampleRate: Int) -> Int {
            let start = abs(amplitude)
            guard start > floor else { return 0 }
            guard decay > 0 else { return Int.max }
            let seconds = Double.log(start / floor) / decay
            return seconds * Double(sampleRate) >= Double(Int.max / 2) ? Int.max / 2 : Int((seconds * Double(sampleRate)).rounded(.up))
        }
    }

    /// The oscillators a mode is made of: the mode, its twin, and for a swell each of those twice, the
    /// second subtracted and dying faster, so the pair rises from 0 as 1 − e^(−t/rise) and then decays.
    static func oscillators(_ mode: Mode) -> [Oscillator] {
        // T60 is 60 dB = a factor of 1000: the time constant is T60 / ln 1000.
        let decay = Double.log(1000) / max(mode.t60, 1e-4)
        var result = [Oscillator(frequency: mode.frequency, amplitude: mode.amplitude, decay: decay, phase: mode.phase,
                                 glide: mode.glide, glideTime: max(mode.glideTime, 1e-3))]
        if mode.twin != 0 {
            result.append(Oscillator(frequency: mode.frequency + mode.beat, amplitude: mode.amplitude * mode.twin,
                                     decay: Double.log(1000) / max(mode.twinT60 ?? mode.t60, 1e-4), phase: mode.phase,
                                     glide: mode.glide, glideTime: max(mode.glideTime, 1e-3)))
        }
        if mode.rise > 0 {
            result += result.map { oscillator in
                var swell = oscillator
                swell.amplitude = -oscillator.amplitude
                swell.decay = oscillator.decay + 1 / mode.rise
                return swell
            }
        }
        return result
    }

    /// Adds `oscillators` into `mix[range]` (samples at `sampleRate`, time 0 at index 0), each one only
    /// while its magnitude is above `floor`.
    ///
    /// - Complexity: O(*m* × *n*) for *m* oscillators over *n* samples, less for those that die early.
    static func add(_ oscillators: [Oscillator], into mix: inout [Float], range: Range<Int>, sampleRate: Int, floor: Double) {
        let rate = Double(sampleRate)
        let range = range.clamped(to: 0..<mix.count)
        mix.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for oscillator in oscillators {
                let end = min(range.upperBound, oscillator.samples(above: floor, sampleRate: sampleRate))
                var start = range.lowerBound
                while start < end {
                    let count = min(block, end - start)
                    render(oscillator, into: base + start, count: count, from: start, rate: rate)
                    start += count
                }
            }
        }
    }

    /// Adds `count` samples of `oscillator`, starting at sample `first`, into `out`.
    private static func render(_ oscillator: Oscillator, into out: UnsafeMutablePointer<Float>, count: Int, from first: Int, rate: Double) {
        let startTime = Double(first) / rate
        let startPhase = oscillator.phase(at: startTime)
        let endPhase = oscillator.phase(at: Double(first + count) / rate)
        let magnitude = oscillator.amplitude * Double.exp(-oscillator.decay * startTime)
        // One sample's turn: the block's mean frequency (exact at its ends, so the phase never jumps) and
        // its decay.
        let turn = (endPhase - startPhase) / Double(count)
        let shrink = Double.exp(-oscillator.decay / rate)
        let stepRe = shrink * Double.cos(turn), stepIm = shrink * Double.sin(turn)
        // Eight lanes, the phasor at eight consecutive samples, as sixteen plain Float variables rather
        // than SIMD8<Float>: the two run alike in a release build (LLVM vectorises these lanes), but the
        // debug build the tests run makes every SIMD8 operation a call, and was 35 times slower.
        var zRe = magnitude * Double.cos(startPhase), zIm = magnitude * Double.sin(startPhase)
        func advance() -> (Float, Float) {
            defer { (zRe, zIm) = (zRe * stepRe - zIm * stepIm, zRe * stepIm + zIm * stepRe) }
            return (Float(zRe), Float(zIm))
        }
        var (r0, i0) = advance(), (r1, i1) = advance(), (r2, i2) = advance(), (r3, i3) = advance()
        var (r4, i4) = advance(), (r5, i5) = advance(), (r6, i6) = advance(), (r7, i7) = advance()
        // The eighth power of the step, by squaring three times.
        var powerRe = stepRe, powerIm = stepIm
        for _ in 0..<3 { (powerRe, powerIm) = (powerRe * powerRe - powerIm * powerIm, 2 * powerRe * powerIm) }
        let jr = Float(powerRe), ji = Float(powerIm)
        var index = 0
        while index + 8 <= count {
            let o = out + index
            o[0] += i0; o[1] += i1; o[2] += i2; o[3] += i3; o[4] += i4; o[5] += i5; o[6] += i6; o[7] += i7
            (r0, i0) = (r0 * jr - i0 * ji, r0 * ji + i0 * jr)
            (r1, i1) = (r1 * jr - i1 * ji, r1 * ji + i1 * jr)
            (r2, i2) = (r2 * jr - i2 * ji, r2 * ji + i2 * jr)
            (r3, i3) = (r3 * jr - i3 * ji, r3 * ji + i3 * jr)
            (r4, i4) = (r4 * jr - i4 * ji, r4 * ji + i4 * jr)
            (r5, i5) = (r5 * jr - i5 * ji, r5 * ji + i5 * jr)
            (r6, i6) = (r6 * jr - i6 * ji, r6 * ji + i6 * jr)
            (r7, i7) = (r7 * jr - i7 * ji, r7 * ji + i7 * jr)
            index += 8
        }
        // A block shorter than a multiple of 8 (the oscillator's last): the lanes hold its samples.
        let rest = [i0, i1, i2, i3, i4, i5, i6, i7]
        for lane in 0..<(count - index) { out[index + lane] += rest[lane] }
    }
}
