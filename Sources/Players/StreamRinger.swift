import Files
import TextSupport
import ProfileKit
import Breath
import Sound

/// Rings a sit's bells, and plays its ambience under them, as one stream mixed in the program
/// (``StreamMixer``) and written to one long-lived player (a ``SoundSink``), paced by the clock.
///
/// Pacing is a ``StreamPacer``'s: how many frames to write now and when to wake (``nextCheck``), from
/// the stream's anchor, the frames written, the bell expected (``expectBell(at:)``) and the clock. This
/// class moves the bytes: it renders what the pacer asks for, packs it (``PCM16``), writes it to the sink
/// and replaces a sink that fails. A bell's first sample goes at the frame its time is heard at.
///
/// A sink that ends, whose pipe breaks, or that takes no bytes for ``stallLimit`` seconds of the run's
/// clock while bytes wait for it (a player that never reads, a stuck `pw-cat`) is replaced by the next of
/// the chain and said once; when none is left, the `fallback` (the WAV players, then the terminal bell)
/// rings the bells that follow. A bell counts as sounded once a sink has read a frame of it: one no sink
/// read (lost with a failed sink and not rung again) is reported as ``RingerCheck/unsounded``.
///
/// Bounds: a ring-out ends within ``ringOutLimit`` seconds of the run's clock whatever the sink does (the
/// sound left in the mix, the lead and a stuck sink's ``stallLimit``), then the sink is given half a
/// second to play what it has and ``Subprocess/terminateGrace`` to go.
package final class StreamRinger: BellRinger {
    /// Seconds written ahead below which the stream is topped up (``StreamPacer/lowWater``).
    package static let lowWater = StreamPacer.lowWater
    /// Seconds written ahead a top-up reaches (``StreamPacer/highWater``).
    package static let highWater = StreamPacer.highWater
    /// The most ever written ahead of what is heard (``StreamPacer/maximumAhead``).
    package static let maximumAhead = StreamPacer.maximumAhead
    /// Seconds the `a` key's fade takes.
    package static let switchFade = 1.0
    /// Seconds a sink may take no bytes, while bytes wait for it, before it counts as failed (issue 46):
    /// far past a player's own buffer (0.1 s) and a sound server's start, well short of a bell's length.
    package static let stallLimit = 2.0

    private var mixer: StreamMixer
    private var sinks: [() -> Result<SoundSink, SinkFailure>]
    private var sink: SoundSink?
    private let fallback: BellRinger?
    private let clock: SoundClock
    private func now() -> Double { clock.now() }
    private let volume: Double
    /// How much to write and when: the anchor (idle: nil) and the bell expected.
    private var pacer = StreamPacer()
    /// Bytes the sink did not take yet.
    private var pending: [UInt8] = []
    /// The block being rendered, and its bytes: kept from block to block, so that a sit's stream
    /// allocates nothing per block once they are big enough (issue 49; the benchmark counts).
    private var block: [Int16] = []
    private var blockBytes: [UInt8] = []
    private var bells: [BellChoice: [Float]] = [:]
    /// The choices' strikes; a recording that cannot be read is the default bell, said once.
    private var strikes: BellStrikes
    private var untold: [String] = []
    /// The bells handed to the stream lately, with when: one a stream loses in its first seconds (a
    /// player with no server to play to, stopped at once) rings again through the fallback, as a failed
    /// player's bell does.
    private var recent: [(choice: BellChoice, at: Double)] = []
    /// How long after its ring a bell lost with the stream rings again: the WAV chain's grace.
    static let ringAgainWithin = 2.0
    /// Why the chain starts as it does (`PROFILE_SINK` names no program) and sinks that could not be
    /// started, not told yet: said once, with what plays instead.
    private var starting: [String] = []
    /// Bytes written to the sink playing now, and how many of them it had read at the last look.
    private var written = 0
    private var taken = 0
    /// When the sink playing now last read a byte, or had none waiting: ``stallLimit`` after it, it failed.
    private var lastTaken = 0.0
    /// The stream frame the sink playing now started at: the frames before went to another sink.
    private var sinkFrom = 0
    /// Bells in the stream no sink has read a frame of yet: the first and last frame after, and when rung.
    private var unconfirmed: [(choice: BellChoice, start: Int, end: Int, at: Double)] = []
    /// Bells counted as rung that no sink read, not told yet.
    private var unsounded = 0
    /// The most written ahead of what was heard, in seconds, for tests and the benchmark.
    package private(set) var mostAhead = 0.0

    /// - Parameters:
    ///   - sinks: the players to try, in order, each started when its turn comes (nil: it could not be).
    ///   - fallback: what rings the bells once no sink is left.
    ///   - volume: the percentage every bell is scaled by (`run --volume`).
    ///   - ambience: what to play under the bells (a soundscape made live, or a recording's loop), and
    ///     its volume (0 to 100).
    ///   - clock: the run's monotonic clock, which also measures ``stallLimit`` and which
    ///     ``finish(timeout:)`` waits on.
    ///   - note: why the chain starts as it does, said once with what plays.
    package init(sinks: [() -> Result<SoundSink, SinkFailure>], fallback: BellRinger?, volume: Int = 100, library: SoundLibrary? = nil,
                 ambience: (source: AmbienceSource, volume: Int)? = nil, clock: SoundClock, note: String? = nil) {
        self.sinks = sinks
        starting = note.map { [$0] } ?? []
        self.fallback = fallback
        self.volume = Double(volume) / 100
        strikes = BellStrikes(library: library)
        self.clock = clock
        mixer = StreamMixer(ambience: ambience?.source, ambienceVolume: Double(ambience?.volume ?? 0) / 100)
    }

    /// A ringer over the programs of ``SinkProgram/chain(environment:)`` (read from `players`' variables),
    /// with `players` (the WAV players, then the terminal bell) to fall back on; nil when there is no
    /// stream program (the caller keeps `players`) and nothing to say about it. A `PROFILE_SINK` that
    /// names no program gives a ringer all the same, with no sink, so that ``preflight()`` says so.
    package static func live(over players: SystemBellRinger, ambience: (source: AmbienceSource, volume: Int)?,
                             clock: SoundClock) -> StreamRinger? {
        let chain = SinkProgram.chain(environment: players.environment)
        guard !chain.programs.isEmpty || (chain.note != nil && players.environment["PROFILE_SINK"] != "none") else { return nil }
        return StreamRinger(sinks: chain.programs.map { program in { ProcessSink.start(program) } },
                            fallback: players, volume: players.volumePercent, library: players.library, ambience: ambience,
                            clock: clock, note: chain.note)
    }

    /// Starts the stream's player before the sit, and says, once, what the run's header should: why the
    /// chain starts as it does (`PROFILE_SINK names "sinc", which is not an executable on PATH`), sinks
    /// that could not be started, and what plays. With no sink at all the bells' players are checked as
    /// they are without a stream (``SystemBellRinger/preflight()``).
    package func preflight() -> [String] {
        let started = startSink()
        let players = started == nil ? (fallback as? SystemBellRinger)?.preflight() ?? [] : []
        guard !starting.isEmpty else { return players }
        defer { starting = [] }
        return [(starting + [nowPlaying(started)]).joined(separator: "; ")] + players
    }

    /// What plays the sound once `next` does (nil: no sink is left).
    private func nowPlaying(_ next: SoundSink?) -> String {
        let ambience = mixer.hasAmbience ? ", without ambience" : ""
        return next.map { "\($0.name) plays the sound" } ?? (fallback == nil ? "no sound" : "the bells' players ring the bells\(ambience)")
    }

    /// The notes not told yet, with the start's first: what ``check()`` and a report say.
    private func takeNotes() -> [String] {
        if !starting.isEmpty {
            untold.insert((starting + [nowPlaying(sink)]).joined(separator: "; "), at: 0)
            starting = []
        }
        defer { untold = [] }
        return untold
    }

    /// How reports name what plays the stream: the sink's name (started by ``preflight()``), or the
    /// fallback's. Read only: it starts nothing.
    package var soundName: String {
        if let sink { return sink.name }
        return (fallback as? SystemBellRinger)?.soundName ?? SystemBellRinger.noSound
    }

    /// Whether an ambience loop plays under the bells.
    package var hasAmbience: Bool { mixer.hasAmbience }

    /// The sink playing now, started when first needed; the next of the chain when one cannot start.
    @discardableResult
    private func startSink() -> SoundSink? {
        if let sink { return sink }
        while !sinks.isEmpty {
            let start = sinks.removeFirst()
            switch start() {
            case let .success(started):
                sink = started
                written = 0
                taken = 0
                lastTaken = now()
                sinkFrom = mixer.position
                return started
            case let .failure(failure):
                starting.append(failure.reason)
            }
        }
        return nil
    }

    // MARK: the controls a sit has over its sound

    /// The mixer's gain, and the fallback's, which rings the bells once no sink is left: a volume set
    /// before a stream died holds for the bells after it.
    package func setVolume(decibels: Double?) {
        pump()
        mixer.setVolume(decibels: decibels)
        fallback?.setVolume(decibels: decibels)
    }

    package func setMuted(_ muted: Bool) {
        pump()
        mixer.setMuted(muted)
        fallback?.setMuted(muted)
    }

    package func setAmbienceSwitch(_ on: Bool) {
        pump()
        mixer.setAmbienceSwitch(on, seconds: Self.switchFade)
        pump()
    }

    package func fadeAmbience(_ playing: Bool, seconds: Double) {
        pump()
        mixer.fadeAmbience(playing, seconds: seconds)
        pump()
    }

    package func expectBell(at time: Double?) {
        pacer.expected = time
    }

    /// The breathing cue playing: the pacing, and the run's monotonic time at which its first in-breath
    /// began (or begins), from which its frames are placed whatever the stream's anchor does.
    private var cue: (pacing: BreathPacing, origin: Double)?
    /// Whether a cue was ever asked for: when the last sink dies, even during a pause, the run is told
    /// that the breath is no longer heard (the run then does not say it again).
    private var cueAsked = false
    /// The anchor the cue's frames were placed from.
    private var cueAnchor: Double?
    /// A later call whose first in-breath lands within this many seconds of the playing cue's keeps it
    /// where it is (the caller's own clock's jitter): the cue's time is the stream's frames, not calls.
    static let cueTolerance = 0.02
    /// Said with the last sink's failure when a breathing cue was playing: the screen still leads it.
    package static let breathUnheard = "the breath is shown, not heard"

    /// Plays the pacing's cue in the stream: the sit is `sitSeconds` into its run now (pauses not
    /// counted), so its pacing's start is heard at the frame heard now plus (start − sitSeconds)
    /// seconds, and every phase boundary after lands on its exact frame (``BreathCueSynth``). Called
    /// again with the same pacing and a time that agrees within ``cueTolerance``, nothing moves; with a
    /// pause between (a new time), the cue goes on from the new place. Nil, a cue of `none` or a pacing
    /// over stop it with a short fade (``StreamMixer/cueFadeSeconds``). The cue before the pacing's
    /// start is silence, but the stream runs for it: call it up to half a second ahead of the start
    /// (what is written ahead cannot take it any more) for the first in-breath to be heard from its
    /// very start. True when heard: a stream plays it.
    package func setBreathCue(_ pacing: BreathPacing?, sitSeconds: Double, at reference: Double) -> Bool {
        pump()
        guard let pacing, pacing.cue != .none, sitSeconds.isFinite, (pacing.end ?? .infinity) > sitSeconds,
              startSink() != nil else {
            if cue != nil { mixer.stopBreathCue() }
            cue = nil
            pump()
            return false
        }
        cueAsked = true
        pacer.start(written: mixer.position, at: now())
        // From the time the run was at `sitSeconds`, not the call's: a bell made and rung in between
        // (tens of milliseconds under load) would otherwise move every boundary by as much.
        let origin = reference + pacing.start - sitSeconds
        if let playing = cue, playing.pacing == pacing, abs(playing.origin - origin) < Self.cueTolerance {
            return true
        }
        cue = (pacing, origin)
        placeCue(restart: true)
        pump()
        return true
    }

    /// Puts the cue's first in-breath (and end) at the frames heard at their times by the stream's anchor
    /// now: after a start, and whenever the anchor moves (a late wake-up, a new sink).
    private func placeCue(restart: Bool = false) {
        guard let cue, let anchor = pacer.anchor else { return }
        guard restart || anchor != cueAnchor else { return }
        cueAnchor = anchor
        func frame(_ time: Double) -> Int { Int(((time - anchor) * StreamPacer.rate).rounded()) }
        let origin = frame(cue.origin)
        let end = cue.pacing.end.map { frame(cue.origin + $0 - cue.pacing.start) }
        if restart {
            mixer.startBreathCue(cue.pacing.pattern, cue: cue.pacing.cue, volume: Double(cue.pacing.volume) / 100, origin: origin, end: end)
        } else {
            mixer.moveBreathCue(origin: origin, end: end)
        }
    }

    // MARK: BellRinger

    package func ring(_ choice: BellChoice) -> RingReport {
        // Placed before anything more is written: the lead was held at the bell's frame.
        guard let sink = startSink() else {
            var report = fallback?.ring(choice) ?? RingReport(via: SystemBellRinger.noSound, sounded: false)
            let notes = takeNotes() + [report.note].compactMap { $0 }
            report.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
            return report
        }
        let time = now()
        let heard = pacer.heardFrame(at: time) ?? mixer.position
        let bell = samples(for: choice)
        let start = max(heard, mixer.position)
        mixer.add(bell, at: start)
        if !bell.isEmpty { unconfirmed.append((choice, start, start + bell.count, time)) }
        pacer.start(written: mixer.position, at: time)
        pacer.expected = nil
        recent = recent.filter { $0.at > time - Self.ringAgainWithin } + [(choice, time)]
        pump()
        let notes = takeNotes()
        return RingReport(via: self.sink?.name ?? sink.name, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// Whether the stream was running at the last look (``check()``, a ring, a key): read only.
    package var isSounding: Bool {
        pacer.anchor != nil || fallback?.isSounding == true
    }

    package func check() -> RingerCheck {
        pump()
        let notes = takeNotes()
        var checked = fallback?.check() ?? RingerCheck()
        checked.notes = notes + checked.notes
        checked.unsounded += unsounded
        unsounded = 0
        return checked
    }

    /// While a bell is in the stream that the sink has not read a frame of: when the sink will have
    /// failed (``stallLimit`` after it last read) unless it reads. The run waits for this before it
    /// counts its bells, so that a summary never counts a bell no sink took.
    package var soundedKnownBy: Double? {
        guard sink != nil, !unconfirmed.isEmpty else { return fallback?.soundedKnownBy }
        return [lastTaken + Self.stallLimit, fallback?.soundedKnownBy].compactMap { $0 }.min()
    }

    package var nextCheck: Double? {
        [streamWake(at: now()), fallback?.nextCheck].compactMap { $0 }.min()
    }

    /// When the stream itself must next be written to (the pacer's wake-up): nil while idle or with no sink.
    private func streamWake(at time: Double) -> Double? {
        sink == nil ? nil : pacer.wake(written: mixer.position, at: time, sounding: mixer.isSounding, backlog: !pending.isEmpty)
    }

    package func prepare(_ choices: [BellChoice]) {
        for choice in choices { _ = samples(for: choice) }
        fallback?.prepare(choices)
    }

    /// The longest a ring-out takes from now, in seconds of the run's clock: what the mix has left to
    /// sound, the lead already written, and ``stallLimit`` for a sink that stops reading.
    package var ringOutLimit: Double {
        // An ambience left playing (never at a sit's end, which fades it) rings out for a minute at most,
        // as a bell does.
        min(Double(mixer.framesLeft) / Double(StreamMixer.sampleRate), 60) + Self.maximumAhead + Self.stallLimit
    }

    /// Lets the stream ring out, for ``ringOutLimit`` at most whatever the sink does (one that never
    /// reads fails after ``stallLimit``), then the fallback's bells; then closes the sink.
    package func ringOut(stop: (Double) -> Bool) {
        let deadline = now() + ringOutLimit
        // Each wait lasts until the pacer's next write (or the bound): the stream wakes as often as its
        // sink needs, as during the sit. (Not the fallback's deadlines: its players are looked after once
        // the stream is done, below.)
        func wake() -> Double {
            let at = now()
            return max(min(streamWake(at: at) ?? deadline, deadline) - at, 0)
        }
        while now() < deadline, !stop(wake()) {
            pump()
            if pacer.anchor == nil || sink == nil { break }
        }
        fallback?.ringOut(stop: stop)
        finish(timeout: 0)
    }

    /// Waits up to `timeout` seconds (of the run's clock) for the stream to be heard, then closes the
    /// sink: it gets half a second to play what it holds, then its whole process group is ended.
    package func finish(timeout: Double) {
        let deadline = now() + timeout
        while pacer.anchor != nil, sink != nil, now() < deadline {
            pump()
            clock.sleep(0.02)
        }
        sink?.close(within: 0.5)
        sink = nil
        pacer.anchor = nil
        pending = []
        // Closed before a sink read them: they did not sound.
        unsounded += unconfirmed.count
        unconfirmed = []
        fallback?.finish(timeout: 0)
    }

    // MARK: the stream

    /// Writes what is due: whatever the sink did not take before, then the frames the pacer asks for;
    /// replaces a sink that is gone; lets the pacer go idle once everything written was heard and read.
    private func pump() {
        guard pacer.anchor != nil || mixer.isSounding else { return }
        guard let sink = startSink() else { return }
        let time = now()
        pacer.start(written: mixer.position, at: time)
        let unread = noteReads(of: sink, at: time)
        if sink.hasEnded {
            replace(because: "\(sink.name) stopped")
            return
        }
        if time - lastTaken >= Self.stallLimit {
            replace(because: "\(sink.name) took no sound for \(Int(Self.stallLimit)) s and was stopped")
            return
        }
        if !pending.isEmpty {
            guard let count = sink.write(pending[...]) else {
                replace(because: "\(sink.name) stopped taking the sound")
                return
            }
            written += count
            pending.removeFirst(count)
            if !pending.isEmpty { return }
        }
        let frames = pacer.frames(written: mixer.position, at: time, sounding: mixer.isSounding, drained: unread == 0)
        placeCue()
        guard frames > 0 else { return }
        block.removeAll(keepingCapacity: true)
        mixer.render(frames, into: &block)
        mostAhead = max(mostAhead, pacer.ahead(written: mixer.position, at: time))
        blockBytes.removeAll(keepingCapacity: true)
        PCM16.append(block, to: &blockBytes)
        guard let count = sink.write(blockBytes[...]) else {
            replace(because: "\(sink.name) stopped taking the sound")
            return
        }
        written += count
        // What the sink did not take waits (rare: a full pipe); the kept buffer is not given away.
        if count < blockBytes.count { pending.append(contentsOf: blockBytes[count...]) }
        noteReads(of: sink, at: time)
    }

    /// Looks at what `sink` read since the last look: a bell it read a frame of sounded; one that reads
    /// nothing for ``stallLimit`` while bytes wait has failed (a full pipe and EAGAIN is all that says
    /// so). Returns the bytes it has not read.
    @discardableResult
    private func noteReads(of sink: SoundSink, at time: Double) -> Int {
        let unread = sink.unread
        let read = written - unread
        if read > taken || (pending.isEmpty && unread == 0) {
            taken = max(taken, read)
            lastTaken = time
        }
        // This sink was given the frames from `sinkFrom` on, and has read those before `readUpTo`: a bell
        // it read a frame of has one in between. Its frames before `sinkFrom` went to a sink that failed.
        let readUpTo = mixer.position - (pending.count + unread + 3) / 4
        unconfirmed.removeAll { max($0.start, sinkFrom) < readUpTo && $0.end > sinkFrom }
        return unread
    }

    /// Drops the sink playing now for the next (its whole process group ended); says so once, and who
    /// plays from now on. Bells no sink read a frame of and that the next cannot read either did not
    /// sound, unless the fallback rings them again.
    private func replace(because reason: String) {
        sink?.close(within: 0)
        sink = nil
        pending = []
        pacer.anchor = nil
        // What was rendered went with the sink; a next one goes on from here.
        let lostBefore = mixer.position
        let next = startSink()
        // No sink left: a breathing cue playing goes with it, and the run is told so with the rest.
        let breath = next == nil && cueAsked ? [Self.breathUnheard] : []
        if next == nil, cue != nil {
            mixer.stopBreathCue()
            cue = nil
        }
        untold.append((([reason] + starting) + ["\(nowPlaying(next)) from now on"] + breath).joined(separator: "; "))
        starting = []
        var lost = unconfirmed.filter { next == nil || $0.end <= lostBefore }
        unconfirmed.removeAll { next == nil || $0.end <= lostBefore }
        defer { unsounded += lost.count }
        // No sink left: what the stream lost of a bell just rung, the fallback rings again (a new sink
        // goes on from where the mix is, so nothing of it is lost there).
        guard next == nil, let fallback else { return }
        let time = self.now()
        for bell in recent where bell.at > time - Self.ringAgainWithin {
            let report = fallback.ring(bell.choice)
            if let note = report.note { untold.append(note) }
            if report.sounded { lost.removeAll { $0.choice == bell.choice && $0.at == bell.at } }
        }
        recent = []
    }

    /// The bell `choice` as samples from -1 to 1 at the stream's rate: its strikes at its volume times
    /// the run's. A recording that cannot be read is the default bell, said once.
    private func samples(for choice: BellChoice) -> [Float] {
        if let made = bells[choice] { return made }
        let level = Double(choice.volume) / 100 * volume
        let (resolved, note) = strikes.resolve(choice.sound)
        if let note { untold.append(note) }
        let strike = resolved.sound, spacing = resolved.spacing
        var mono = StrikeMix.render(strike, strikes: choice.strikes, volume: level, spacing: spacing).map { Float($0) / 32768 }
        if strike.sampleRate != StreamMixer.sampleRate { mono = Self.resampled(mono, from: strike.sampleRate) }
        bells[choice] = mono
        return mono
    }

    /// `samples` at `rate` brought to the stream's rate by linear interpolation.
    static func resampled(_ samples: [Float], from rate: Int) -> [Float] {
        guard rate > 0, samples.count > 1 else { return samples }
        let ratio = Double(rate) / Double(StreamMixer.sampleRate)
        let count = Int(Double(samples.count) / ratio)
        return (0..<count).map { index in
            let at = Double(index) * ratio
            let low = min(Int(at), samples.count - 1)
            let high = min(low + 1, samples.count - 1)
            let fraction = Float(at - Double(low))
            return samples[low] * (1 - fraction) + samples[high] * fraction
        }
    }

    deinit { finish(timeout: 0) }
}
