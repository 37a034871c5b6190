import RealModule
import Breath

/// A gain that moves to its target in a straight line over a set time, one frame at a time: volume
/// changes, mute and fades without a click.
package struct GainRamp: Hashable, Sendable {
    /// The gain now, from 0 on.
    package private(set) var value: Float
    /// Where it is going.
    package private(set) var target: Float
    /// How far it moves a frame.
    private var step: Float = 0

    package init(_ value: Float) {
        self.value = value
        target = value
    }

    /// Heads for `target`, getting there in `frames` frames (at once for 0).
    package mutating func set(_ target: Float, overFrames frames: Int) {
        self.target = target
        step = frames <= 0 ? .infinity : abs(target - value) / Float(frames)
        if frames <= 0 { value = target }
    }

    /// Frames until it reaches its target (0 when there).
    package var framesToTarget: Int {
        guard value != target, step.isFinite, step > 0 else { return 0 }
        return Int((abs(target - value) / step).rounded(.up))
    }

    /// The gain for the next frame.
    @inline(__always)
    package mutating func next() -> Float {
        if value < target {
            value = min(target, value + step)
        } else if value > target {
            value = max(target, value - step)
        }
        return value
    }
}

/// Everything a sit sounds, mixed into one stereo stream: bells (mono, in both channels) placed at the
/// frames they ring at, and an ambience under them (a soundscape made as it plays, or a recording's
/// loop), each under its gains. Pure: it renders frames
/// on demand and never reads a clock (``StreamRinger`` decides which frame is when).
package struct StreamMixer: Sendable {
    /// Frames a second of the stream: 44,100, the bells' rate.
    package static let sampleRate = 44_100
    /// Seconds a volume change or a mute takes: short enough to be heard at once, long enough not to
    /// click (a step in gain is a click; 30 ms of ramp is well past the few milliseconds that avoid one).
    package static let gainSeconds = 0.03

    /// A bell placed in the stream.
    struct Voice: Sendable {
        var samples: [Float]
        /// The stream frame of its first sample.
        var start: Int
        var end: Int { start + samples.count }
    }

    /// The next frame to render.
    package private(set) var position = 0
    private var voices: [Voice] = []
    /// The soundscape made under the bells, or the recording's loop (one of them, or neither), at
    /// ``ambienceLevel`` (the profile's ambience volume, 0 to 1).
    private var generator: SoundscapeGenerator?
    private var loop: StereoLoop?
    private var ambienceLevel: Float
    private var ambienceFrame = 0
    /// The ambience's block, kept for the next: nothing allocated once they are big enough.
    private var ambienceLeft: [Float] = []
    private var ambienceRight: [Float] = []
    /// The sit's volume (the `-` and `+` keys), as a linear gain.
    private var master = GainRamp(1)
    /// 0 while muted, 1 otherwise.
    private var mute = GainRamp(1)
    /// The ambience switched off (0) or on (1) by the `a` key.
    private var ambienceSwitch = GainRamp(1)
    /// The ambience's fades of the session: in at the start, down while paused, out before the end.
    private var ambienceEnvelope = GainRamp(0)
    /// The breathing pacer's cue (issue 48), nil when none; mixed under the bells and over the ambience.
    private var cue: BreathCueSynth?
    /// The cue's own fade: in when it starts mid-breath, out when it stops (``cueFadeSeconds``).
    private var cueFade = GainRamp(0)
    /// The cue's gain while a bell rings: ``duckDepth`` from ``duckLead`` before a bell's first sample
    /// while the bells' level stays over ``duckThreshold``, then back over ``duckRelease``.
    private var duck = GainRamp(1)
    /// The bells' peak level, following each peak at once and falling with ``duckFollowSeconds``.
    private var bellFollower: Float = 0
    /// The buffer the bells are mixed into, kept for the next block.
    private var scratch: [Float] = []

    /// Seconds the cue takes to fade in (started mid-breath) or out (stopped: a pause, the end).
    package static let cueFadeSeconds = 0.15
    /// The cue's gain while a bell rings: −15 dB, so the bell stands clear of it.
    package static let duckDepth: Float = 0.178
    /// Seconds before a bell's first sample the cue starts to duck: it is down when the bell strikes.
    package static let duckLead = 0.05
    /// Seconds the cue takes to come back once the bell has faded.
    package static let duckRelease = 0.4
    /// The bells' peak level (−20 dBFS) above which the cue stays ducked: a bell's strike and its loud
    /// first seconds (a Singing Bowl at full volume, about 4 s), not its long ring. At −34 dBFS the cue
    /// stayed down for 18 s of that bowl, the first breath and a half of a sit: the first in-breath went
    /// unheard. Under −20 dBFS the bell is still louder than the cue at its loudest (−24 dBFS peak at
    /// 100 %, ``BreathCueSynth/toneAmplitude``), so the cue stays under it as it comes back.
    package static let duckThreshold: Float = 0.1
    /// The time constant of the bells' peak follower, in seconds.
    package static let duckFollowSeconds = 0.2

    /// - Parameters:
    ///   - ambience: what to play under the bells, or nil.
    ///   - ambienceVolume: its level, 0 to 1.
    package init(ambience: AmbienceSource? = nil, ambienceVolume: Double = 0) {
        switch ambience {
        case let .generated(texture, seed): generator = SoundscapeGenerator(texture, seed: seed)
        case let .loop(loop): self.loop = loop.frameCount > 0 ? loop : nil
        case nil: break
        }
        ambienceLevel = Float(min(max(ambienceVolume.isNaN ? 0 : ambienceVolume, 0), 1))
    }

    /// Whether an ambience was given.
    package var hasAmbience: Bool { generator != nil || loop != nil }

    /// Adds a bell whose first sample is at stream frame `frame` (at ``position`` at the earliest: what
    /// is rendered is gone).
    package mutating func add(_ samples: [Float], at frame: Int) {
        guard !samples.isEmpty else { return }
        voices.append(Voice(samples: samples, start: max(frame, position)))
    }

    /// Sets the sit's volume in dB (0: the profile's own volumes), nil for silence, over ``gainSeconds``.
    package mutating func setVolume(decibels: Double?) {
        let gain = decibels.map { Float(Double.pow(10, $0 / 20)) } ?? 0
        master.set(gain, overFrames: Self.frames(Self.gainSeconds))
    }

    /// Mutes or unmutes everything, over ``gainSeconds``.
    package mutating func setMuted(_ muted: Bool) {
        mute.set(muted ? 0 : 1, overFrames: Self.frames(Self.gainSeconds))
    }

    /// Switches the ambience on or off (the `a` key), fading over `seconds`.
    package mutating func setAmbienceSwitch(_ on: Bool, seconds: Double) {
        ambienceSwitch.set(on ? 1 : 0, overFrames: Self.frames(seconds))
    }

    /// Fades the ambience in (true) or out (false) over `seconds`: the session's start, pause, resume
    /// and end.
    package mutating func fadeAmbience(_ playing: Bool, seconds: Double) {
        ambienceEnvelope.set(playing ? 1 : 0, overFrames: Self.frames(seconds))
    }

    // MARK: the breathing cue

    /// Plays `cueKind` of `pattern` at `volume` (0 to 1, as the ambience's) with the pattern's first
    /// in-breath at stream frame `origin` and the pacing's end at `end` (nil: none): from ``position``
    /// on, faded in over ``cueFadeSeconds`` when it starts mid-breath (at the first in-breath, the tone
    /// comes in with its own rise). A swell with no ambience to swell (none given, or at volume 0) is
    /// played as the tone, so that a cue asked for is heard. `none` stops the cue.
    package mutating func startBreathCue(_ pattern: BreathPattern, cue kind: BreathCue, volume: Double, origin: Int, end: Int?) {
        guard kind != .none else { return stopBreathCue() }
        let heard = kind == .swell && !(hasAmbience && ambienceLevel > 0) ? BreathCue.tone : kind
        let silent = cue == nil || cueFade.value == 0
        var next = BreathCueSynth(pattern: pattern, cue: heard, volume: volume, origin: origin, end: end)
        // The tone's oscillator runs on: a cue replaced while heard glides rather than jumps.
        if let cue { next.continuePhase(of: cue) }
        cue = next
        cueFade.set(1, overFrames: silent && origin >= position ? 0 : Self.frames(Self.cueFadeSeconds))
    }

    /// Moves the playing cue in the stream (the stream's clock moved): its first in-breath now at `origin`.
    package mutating func moveBreathCue(origin: Int, end: Int?) {
        cue?.move(origin: origin, end: end)
    }

    /// Stops the cue, fading it out over ``cueFadeSeconds``.
    package mutating func stopBreathCue() {
        cueFade.set(0, overFrames: Self.frames(Self.cueFadeSeconds))
    }

    /// The cue playing (or fading out), if any: what is heard (a swell with no ambience is a tone).
    package var breathCue: BreathCue? { cue?.cue }

    /// Frames from ``position`` the cue still sounds: nil when none; ``Int/max`` for one with no end.
    private var cueFramesLeft: Int? {
        guard let cue, cueFade.value > 0 || cueFade.target > 0 else { return nil }
        let fading = cueFade.target == 0 ? cueFade.framesToTarget : Int.max
        let ending = cue.end.map { max(0, $0 - position) } ?? .max
        let left = min(fading, ending)
        return left > 0 ? left : nil
    }

    /// Whether rendering on from ``position`` could make a sound: a bell not yet over, a breathing cue
    /// not yet over (silent before its first in-breath: the stream runs for it), or an ambience heard
    /// or fading.
    package var isSounding: Bool {
        if voices.contains(where: { $0.end > position }) { return true }
        if cueFramesLeft != nil { return true }
        guard hasAmbience, ambienceLevel > 0 else { return false }
        return ambienceEnvelope.value > 0 || ambienceEnvelope.target > 0
    }

    /// Frames from ``position`` until nothing sounds unless something changes: the last bell's end, or
    /// a fading ambience's end (a playing one has none: ``Int/max``).
    package var framesLeft: Int {
        let bells = max(voices.map { $0.end - position }.max() ?? 0, cueFramesLeft ?? 0)
        guard bells < .max else { return .max }
        guard hasAmbience, ambienceLevel > 0, ambienceEnvelope.value > 0 || ambienceEnvelope.target > 0 else { return max(0, bells) }
        guard ambienceEnvelope.target == 0 else { return .max }
        return max(0, bells, ambienceEnvelope.framesToTarget)
    }

    /// Renders the next `frames` frames as interleaved 16-bit stereo (left, right), appended to `out`.
    package mutating func render(_ frames: Int, into out: inout [Int16]) {
        guard frames > 0 else { return }
        let end = position + frames
        // The bells' mix, in a buffer kept from block to block: nothing allocated once it is big enough.
        var mix = scratch
        scratch = []
        mix.removeAll(keepingCapacity: true)
        mix.append(contentsOf: repeatElement(0, count: frames))
        defer { scratch = mix }
        for voice in voices where voice.end > position && voice.start < end {
            let from = max(voice.start, position)
            let to = min(voice.end, end)
            voice.samples.withUnsafeBufferPointer { samples in
                for frame in from..<to { mix[frame - position] += samples[frame - voice.start] }
            }
        }
        out.reserveCapacity(out.count + 2 * frames)
        // The ambience's block, made (or read from the loop) before the frames are mixed.
        let ambient = renderAmbience(frames)
        defer { ambienceLeft = ambient.left; ambienceRight = ambient.right }
        // The first bell not begun before this block: the cue ducks ahead of it.
        var upcoming = Int.max
        for voice in voices where voice.start >= position { upcoming = min(upcoming, voice.start) }
        let lead = Self.frames(Self.duckLead)
        let follow = Float(Double.exp(-1 / (Self.duckFollowSeconds * Double(Self.sampleRate))))
        for index in 0..<frames {
            let gain = master.next() * mute.next()
            var left = mix[index], right = mix[index]
            var swell: Float = 1
            if cue != nil {
                let frame = position + index
                let fade = cueFade.next()
                // The bells' level: the cue stays under them while they ring, ducked ahead of a strike.
                bellFollower = max(abs(mix[index]), bellFollower * follow)
                if frame >= upcoming {
                    // That bell began: the next one after it, if any, is the one to duck ahead of.
                    upcoming = Int.max
                    for voice in voices where voice.start > frame { upcoming = min(upcoming, voice.start) }
                }
                let ringing = bellFollower > Self.duckThreshold || frame + lead >= upcoming
                if ringing, duck.target != Self.duckDepth {
                    duck.set(Self.duckDepth, overFrames: lead)
                } else if !ringing, duck.target != 1 {
                    duck.set(1, overFrames: Self.frames(Self.duckRelease))
                }
                let ducked = duck.next()
                if fade > 0 {
                    let (sample, ambienceGain) = cue!.next(frame)
                    left += sample * fade * ducked
                    right += sample * fade * ducked
                    swell = 1 + (ambienceGain - 1) * fade
                } else if cueFade.target == 0 {
                    cue = nil
                }
            }
            if ambient.playing {
                let level = ambienceLevel * ambienceSwitch.next() * ambienceEnvelope.next() * swell
                left += level * ambient.left[index]
                right += level * ambient.right[index]
            }
            out.append(PCM16.sample(min(1, max(-1, left * gain))))
            out.append(PCM16.sample(min(1, max(-1, right * gain))))
        }
        position = end
        voices.removeAll { $0.end <= position }
    }

    /// The ambience's next `frames` frames, in the kept buffers (taken out, so that they are the only
    /// reference and are written in place): the soundscape made on, or the loop read on from where it
    /// was. Not playing when there is no ambience.
    private mutating func renderAmbience(_ frames: Int) -> (playing: Bool, left: [Float], right: [Float]) {
        var left = ambienceLeft, right = ambienceRight
        (ambienceLeft, ambienceRight) = ([], [])
        guard hasAmbience else { return (false, left, right) }
        if left.count < frames {
            left.append(contentsOf: repeatElement(0, count: frames - left.count))
            right.append(contentsOf: repeatElement(0, count: frames - right.count))
        }
        if generator != nil {
            generator!.render(frames, left: &left, right: &right)
        } else if let loop {
            for index in 0..<frames {
                let at = (ambienceFrame + index) % loop.frameCount
                left[index] = loop.left[at]
                right[index] = loop.right[at]
            }
            ambienceFrame = (ambienceFrame + frames) % loop.frameCount
        }
        return (true, left, right)
    }

    /// `seconds` in frames, rounded.
    package static func frames(_ seconds: Double) -> Int {
        seconds.isFinite ? max(0, Int((seconds * Double(sampleRate)).rounded())) : 0
    }
}
