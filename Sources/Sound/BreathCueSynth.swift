import RealModule
import Breath

/// The breathing pacer's cue (issue 48, item 3) as numbers, one frame at a time: a function of where the
/// breath is at each stream frame (``BreathPattern/position(at:)``'s phase and eased fullness).
///
/// Time is the stream's frames, never a sum of float steps: the breath's time at frame *f* is
/// (*f* − ``origin``) / 44,100, and every phase of a pattern lasts a whole number of tenths, so 4,410
/// frames a tenth: each phase boundary falls on an exact frame, the same after 20 minutes as after one.
///
/// - **tone**: a soft sine whose pitch rises a fifth (7 semitones) from ``toneLow`` as the lungs fill and
///   whose level rises ``toneRange`` dB with it, both falling with the out-breath and steady on a hold
///   (a cyclic sigh's second in-breath, from 80% to full, rises further). Since the fullness is eased
///   (half a cosine) it starts and stops moving smoothly, so each change of phase is also marked by a
///   short soft dip of the level (``dipSeconds`` each side, ``dipDepth``) centred on the boundary: the
///   ear (and a test) hears where one phase ends. Its oscillator's phase runs on across every change of
///   pitch, so the pitch glides with no click.
/// - **swell**: no sound of its own: a gain on the ambience, from ``swellLow`` dB (empty) to
///   ``swellHigh`` dB (full), both scaled by the cue's volume (``gain(fullness:)``).
/// - **tick**: a short soft ping at each phase's start, its pitch telling the moves apart: in
///   ``tickIn``, a sigh's second in-breath higher still, hold ``tickHold``, out ``tickOut``.
/// - **none**: silence.
///
/// Cheap: a handful of multiplies, a cosine, a sine and a power of two a frame; nothing allocated after
/// ``init`` (measured in BreathCueTests).
package struct BreathCueSynth: Sendable {
    /// One phase of the pattern in frames, with the fullness at its start and end.
    struct Segment: Sendable {
        var move: BreathMove
        var start: Int
        var frames: Int
        var from: Double
        var to: Double
    }

    package static let rate = Double(StreamMixer.sampleRate)
    /// The tone's pitch with the lungs empty: A3.
    package static let toneLow = 220.0
    /// Semitones the tone rises from empty to full: a fifth (to E4, 329.6 Hz).
    package static let toneSemitones = 7.0
    /// The tone's peak amplitude with the lungs full at volume 100%, in each channel: chosen so that its
    /// loudest 400 ms read −25 LUFS (BS.1770-4, both channels): 10 LU under a bell's loudest
    /// (``BellSynth/loudness``, −18 LUFS in one channel, −15 in two) and above the ambience's integrated
    /// −33 LUFS (``SoundscapeSynth/loudness``). A sine of amplitude *A* in both channels reads
    /// −0.691 + 20 log10 *A* LUFS (BS.1770-4 equation (2); K-weighting is within 0.1 dB of flat from
    /// 200 to 400 Hz), so *A* = 10^((−25 + 0.691) / 20). Measured in BreathCueTests.
    package static let toneAmplitude = Float(Double.pow(10, (-25 + 0.691) / 20))
    /// How much quieter the tone is with the lungs empty than full, in dB.
    package static let toneRange = 10.0
    /// Seconds either side of a phase boundary the tone's dip takes (a raised cosine): long enough to
    /// make no click, short enough to place the boundary within a few milliseconds.
    package static let dipSeconds = 0.06
    /// How far the dip goes at the boundary: to half the level (−6 dB).
    package static let dipDepth: Float = 0.5
    /// Tick pitches: in (A5), a sigh's second in-breath (C6), hold (E5), out (A4).
    package static let tickIn = 880.0, tickTopUp = 1046.5, tickHold = 659.3, tickOut = 440.0
    /// A tick's length, its rise and its decay's time constant, in seconds.
    package static let tickSeconds = 0.15, tickAttack = 0.004, tickDecay = 0.03
    /// A tick's peak amplitude at volume 100%: its loudest 400 ms (about −27 LUFS) over the ambience's
    /// integrated loudness and well under a bell's loudest (measured in BreathCueTests).
    package static let tickAmplitude: Float = 0.25
    /// The swell's gain on the ambience with the lungs empty and full, in dB at volume 100%.
    package static let swellLow = -9.0, swellHigh = 3.0
    /// Seconds the swell takes to come in at the pacing's start and to go at its end.
    package static let swellEdge = 1.0

    package let pattern: BreathPattern
    package let cue: BreathCue
    /// The cue's volume, 0 to 1 (the profile's 0–100%, mapped as the ambience's volume is: linearly).
    package let volume: Float
    /// The stream frame at which the pattern's first in-breath begins (may be before the stream's start).
    package private(set) var origin: Int
    /// The stream frame at which the pacing ends; nil: it does not.
    package private(set) var end: Int?
    private let segments: [Segment]
    private let cycleFrames: Int
    private let dipFrames: Int
    private let tickFrames: Int
    /// The tone's oscillator phase, in cycles (0 ..< 1).
    private var phase = 0.0

    package init(pattern: BreathPattern, cue: BreathCue, volume: Double, origin: Int, end: Int?) {
        self.pattern = pattern
        self.cue = cue
        self.volume = Float(min(max(volume.isNaN ? 0 : volume, 0), 1))
        self.origin = origin
        self.end = end
        var segments: [Segment] = []
        var start = 0
        for phase in pattern.phases {
            let frames = phase.tenths * StreamMixer.sampleRate / 10
            // The fullness at the phase's start is position(at:)'s there; its end is the next phase's start.
            let from = pattern.position(at: Double(start) / Self.rate).fullness
            segments.append(Segment(move: phase.move, start: start, frames: frames, from: from, to: 0))
            start += frames
        }
        for index in segments.indices {
            segments[index].to = index + 1 < segments.count ? segments[index + 1].from : segments[0].from
        }
        self.segments = segments
        cycleFrames = start
        dipFrames = StreamMixer.frames(Self.dipSeconds)
        tickFrames = StreamMixer.frames(Self.tickSeconds)
    }

    /// Takes up `other`'s oscillator where it is.
    package mutating func continuePhase(of other: BreathCueSynth) {
        phase = other.phase
    }

    /// Moves the cue in the stream (the stream's clock moved: a late wake-up, a new sink).
    package mutating func move(origin: Int, end: Int?) {
        self.origin = origin
        self.end = end
    }

    /// Where the breath is at stream frame `frame`: the phase's index, frames into it, and the fullness,
    /// eased as ``BreathPattern/position(at:)`` eases it. Before ``origin``: the first phase's start.
    package func place(at frame: Int) -> (index: Int, into: Int, fullness: Double) {
        let time = max(0, frame - origin)
        let within = time % cycleFrames
        var index = 0
        while index + 1 < segments.count, within >= segments[index + 1].start { index += 1 }
        let segment = segments[index]
        let into = within - segment.start
        let eased = 0.5 - 0.5 * Double.cos(Double.pi * Double(into) / Double(segment.frames))
        return (index, into, segment.from + (segment.to - segment.from) * eased)
    }

    /// The gain the swell puts on the ambience at `fullness`, at this cue's volume: from ``swellLow`` dB
    /// to ``swellHigh`` dB.
    /// `weight` (0 to 1) scales the swing in dB: the swell's own fade in and out.
    package func gain(fullness: Double, weight: Double = 1) -> Float {
        let decibels = (Self.swellLow + (Self.swellHigh - Self.swellLow) * fullness) * Double(volume) * weight
        return Float(Double.pow(10, decibels / 20))
    }

    /// The cue's sample at stream frame `frame` (frames are asked in order), and the gain it puts on the
    /// ambience (1 but for the swell).
    @inline(__always)
    package mutating func next(_ frame: Int) -> (sample: Float, ambience: Float) {
        guard frame >= origin, cue != .none, volume > 0 else { return (0, 1) }
        if let end, frame >= end { return (0, 1) }
        let (index, into, fullness) = place(at: frame)
        switch cue {
        case .tone:
            let pitch = Self.toneLow * Double.exp2(Self.toneSemitones / 12 * fullness)
            phase += pitch / Self.rate
            if phase >= 1 { phase -= 1 }
            var level = Self.toneAmplitude * volume * Float(Double.pow(10, Self.toneRange * (fullness - 1) / 20))
            // The dip at the nearest boundary: this phase's start or its end; at the first in-breath's
            // start (nothing before it) all the way down, which is the cue's fade-in.
            let toStart = into, toEnd = segments[index].frames - into
            let distance = min(toStart, toEnd)
            if distance < dipFrames {
                let first = frame - origin < dipFrames
                let shape = Float(0.5 + 0.5 * Double.cos(Double.pi * Double(distance) / Double(dipFrames)))
                level *= 1 - (first ? 1 : Self.dipDepth) * shape
            }
            if let end, end - frame < dipFrames {
                level *= Float(0.5 - 0.5 * Double.cos(Double.pi * Double(end - frame) / Double(dipFrames)))
            }
            return (level * Float(Double.sin(2 * Double.pi * phase)), 1)
        case .tick:
            // No longer than its phase (a hold may be a tenth of a second): the next tick starts on none.
            let length = min(tickFrames, segments[index].frames)
            guard into < length else { return (0, 1) }
            let pitch = switch segments[index].move {
            case .breatheIn: Self.tickIn
            case .topUp: Self.tickTopUp
            case .hold: Self.tickHold
            case .breatheOut: Self.tickOut
            }
            let seconds = Double(into) / Self.rate
            let rise = seconds < Self.tickAttack ? 0.5 - 0.5 * Double.cos(Double.pi * seconds / Self.tickAttack) : 1
            // Faded to nothing over its last fifth, so that it ends on no step.
            let tail = min(1, Double(length - into) / (0.2 * Double(length)))
            let envelope = rise * Double.exp(-seconds / Self.tickDecay) * tail
            return (Self.tickAmplitude * volume * Float(envelope * Double.sin(2 * Double.pi * pitch * seconds)), 1)
        case .swell:
            // Eased in over its first second and out over its last, so the ambience never steps.
            let fromStart = Double(frame - origin) / Self.rate
            let toEnd = end.map { Double($0 - frame) / Self.rate } ?? .infinity
            let edge = min(1, fromStart / Self.swellEdge, toEnd / Self.swellEdge)
            let weight = 0.5 - 0.5 * Double.cos(Double.pi * edge)
            return (0, gain(fullness: fullness, weight: weight))
        case .none:
            return (0, 1)
        }
    }
}

extension BreathCueSynth {
    /// `seconds` of `cue` pacing `pattern` from its first in-breath, at `volume` (0 to 1), as a 16-bit
    /// stereo WAV file: what `sounds --play breath:PATTERN` plays. Rendered by the stream's mixer, so it
    /// is the cue a sit hears; with no ambience to swell, a swell is the tone (as in a sit without one);
    /// it fades out over its last ``StreamMixer/cueFadeSeconds``.
    package static func wav(pattern: BreathPattern, cue: BreathCue, volume: Double, seconds: Double) -> [UInt8] {
        var mixer = StreamMixer()
        mixer.startBreathCue(pattern, cue: cue, volume: volume, origin: 0, end: nil)
        let total = StreamMixer.frames(seconds), fade = min(total, StreamMixer.frames(StreamMixer.cueFadeSeconds))
        var samples: [Int16] = []
        samples.reserveCapacity(2 * total)
        mixer.render(total - fade, into: &samples)
        mixer.stopBreathCue()
        mixer.render(fade, into: &samples)
        return WAV.encode(interleaved: samples, channels: 2, sampleRate: StreamMixer.sampleRate)
    }
}
