#if canImport(Glibc)
import Glibc
#else
#error("Players spawns players with Glibc's posix_spawn_file_actions_t (on Darwin an optional pointer); only Linux is supported")
#endif
import Files
import TextSupport
import ProfileKit
import Sound
import Breath

/// How one bell rang, for the display: through which player, or the terminal bell and why, or not at all.
package struct RingReport: Hashable, Sendable {
    /// `paplay`, `terminal bell`, `no sound` (no player and no terminal) or `silent`.
    package var via: String
    /// Why the terminal bell rang instead of a player, or why nothing sounded, once, when that first
    /// happens.
    package var note: String?
    /// Whether the bell made a sound: false for `silent` and `no sound`.
    package var sounded: Bool

    package init(via: String, note: String? = nil, sounded: Bool = true) {
        self.via = via
        self.note = note
        self.sounded = sounded
    }
}

/// Rings bells: what `run` and the bell picker's preview call.
///
/// Every requirement is stated by every ringer (there are no defaults: a ringer that forgot the ambience's
/// fade would compile and be silent). The getters only read: the work of looking after players and
/// sinks is ``check()``'s, and the run calls it before it asks.
package protocol BellRinger: AnyObject {
    /// Rings `choice` (all its strikes, at its volume) without waiting for it to finish.
    func ring(_ choice: BellChoice) -> RingReport
    /// Waits up to `timeout` seconds for bells still sounding, then stops them.
    func finish(timeout: Double)
    /// Makes ready the sound of each of `choices` (files to hand a player), so that a bell that is
    /// slow to make (nine strikes of a minute-long recording) still rings on time.
    func prepare(_ choices: [BellChoice])
    /// Lets the bells still sounding ring to their end (a bell rings for up to a minute), unless `stop`
    /// says to stop them first; then stops any left. `stop` is handed the seconds it may wait for a key
    /// or a signal: until the ringer next has work to do (a stream's next write, the last player's
    /// deadline), never a fixed poll. The run's input also wakes when a player ends (SIGCHLD), so a
    /// ring-out on players ends as soon as the last one does, and one piped to nothing wakes only then.
    func ringOut(stop: (Double) -> Bool)
    /// Whether a bell was sounding at the last ``check()`` (or ring): read only, it looks at no player.
    var isSounding: Bool { get }
    /// Looks after the bells handed to players between rings: collects players that ended, stops one
    /// that hangs, replaces a player that fails; says what the user should be told (each thing once)
    /// and how many bells already counted as rung turned out not to sound.
    func check() -> RingerCheck
    /// When ``check()`` must next be called (seconds of the ringer's ``SoundClock``, the run's monotonic
    /// clock), even if nothing else happens: a player's deadline. Nil when nothing waits.
    var nextCheck: Double? { get }
    /// Sets the sit's volume in dB (0: the profile's own volumes; nil: silence), heard within half a
    /// second: a ringer that cannot change a sound does nothing.
    func setVolume(decibels: Double?)
    /// Mutes or unmutes everything the ringer sounds.
    func setMuted(_ muted: Bool)
    /// Switches the ambience off or on (the `a` key), with a short fade.
    func setAmbienceSwitch(_ on: Bool)
    /// Fades the ambience in (true) or out (false) over `seconds`: the session's start, its pauses and
    /// its end.
    func fadeAmbience(_ playing: Bool, seconds: Double)
    /// The monotonic time the run's next event is due, nil when none: a stream keeps what it writes
    /// ahead from passing it, so that the bell lands at its time.
    func expectBell(at time: Double?)
    /// The monotonic time by which the ringer will know whether the bells it was handed sounded (a
    /// stream's sink has read them, or is found stuck); nil when it knows now. What a run waits for, with
    /// ``check()``, before it counts its bells.
    var soundedKnownBy: Double? { get }
    /// Plays the breathing pacer's cue from now on (nil: stops it, with a short fade: paused, stopped, or
    /// the pacing over): the pacing, and how far into the sit the run is at this moment (seconds, pauses
    /// not counted), so that each phase boundary lands at the pattern's time. Returns whether the cue is
    /// heard: false for a ringer without a stream (the pace is then only shown) and for the cue `none`.
    /// `time` is the monotonic time at which the sit was `sitSeconds` in: the run decided it then, and
    /// the call may come later (after a bell was made and rung), which must not move the cue.
    func setBreathCue(_ pacing: BreathPacing?, sitSeconds: Double, at time: Double) -> Bool
}

/// What ``BellRinger/check()`` found.
package struct RingerCheck: Hashable, Sendable {
    /// What to tell the user, each said once: `paplay failed with status 1; aplay rings the bells from now on`.
    package var notes: [String] = []
    /// Bells reported as sounded by ``BellRinger/ring(_:)`` that turned out not to sound (their player
    /// failed and nothing rang them again).
    package var unsounded = 0

    package init(notes: [String] = [], unsounded: Int = 0) {
        self.notes = notes
        self.unsounded = unsounded
    }
}

/// Plays the synthesized bells through a chain of audio players, then the terminal bell, then (no
/// terminal to ring it on) says that no bell can sound.
///
/// The chain is `$PROFILE_PLAYER` when set and found (`none` means no player at all), then the first of
/// ``candidates`` found on `$PATH`, each once, then the terminal bell. A player set by `PROFILE_PLAYER` is
/// followed by those on the path because whoever set it wants a bell: the note says which took over.
/// A player that fails is replaced by the next for the bells that follow, and the user is told once:
/// before the sit (``preflight()`` plays it a short silence), and during it, when a player exits with a
/// failure or a signal, cannot be started, or is still playing ``hangGrace`` seconds past its bell's end
/// (then its process group is killed). A bell whose player failed within ``retryWindow`` seconds of being
/// handed it rings again at once through the replacement; any other bell a failing player had counts as
/// not sounded (``RingerCheck/unsounded``).
package final class SystemBellRinger: BellRinger {
    /// The variables it reads: the player (`PROFILE_PLAYER`, `PATH`) and where the bells' files are cached;
    /// and the stream's player (`PROFILE_SINK`), which ``StreamRinger`` reads from ``environment``.
    package static let variableNames = ["PROFILE_PLAYER", "PROFILE_SINK", "PATH", "XDG_CACHE_HOME", "HOME", "TMPDIR"]

    /// The players looked for on `$PATH`, in order.
    package static let candidates = ["pw-play", "paplay", "aplay"]
    /// What to install where none is found, by the package's name on Debian (and Ubuntu), Fedora and
    /// Arch: ALSA's utilities, the one package of that name on all three, give `aplay` for the bells and
    /// the stream (issue 50: the note named programs, not what to install).
    package static let installHint = "install alsa-utils (apt install alsa-utils, dnf install alsa-utils or pacman -S alsa-utils)"
    /// How a report names a bell that nothing could sound.
    package static let noSound = "no sound"
    /// Seconds after a player was handed its bell within which its failure still lets the bell ring again
    /// through the next player: later than that, the bell would come late, and counts as not sounded.
    package static let retryWindow = 2.0
    /// Seconds a player may go on past its bell's length before it counts as hung and is killed.
    package static let hangGrace = 5.0
    /// The longest ``preflight()`` waits for a player to play its silence; one still playing after that
    /// has started, which is all the check asks, and is stopped.
    package static let preflightWait = 1.5
    /// The silence ``preflight()`` plays, in seconds.
    package static let preflightSilence = 0.1

    /// The players still in the chain, the one that rings first; a player that fails leaves it.
    package private(set) var players: [String]
    /// The player's path, or nil for the terminal bell.
    package var playerPath: String? { players.first }
    /// Why a sound that only a player can play (a soundscape, a breathing cue) cannot be: no player is
    /// found or left. Nil when one is.
    package var noPlayerReason: String? { players.isEmpty ? (startNote ?? "no audio player is left") : nil }
    /// The player's name, as reports show it: escaped, for a file may be called anything.
    package var playerName: String? { playerPath.map { escaped(POSIX.baseName($0)) } }
    /// How the bells sound now, as reports show it: the player's name, `terminal bell` or `no sound`.
    package var soundName: String { playerName ?? fallbackName }
    private let terminalBell: (() -> Void)?
    private var fallbackName: String { terminalBell == nil ? Self.noSound : Self.terminalBellName }
    /// How a report names the terminal bell: a sound without a volume.
    package static let terminalBellName = "terminal bell"
    /// What rings the bells now, for the notes: `aplay rings the bells`, `ringing the terminal bell`, or
    /// why none sounds.
    private var nowRinging: String {
        if let playerName { return "\(playerName) rings the bells" }
        return terminalBell != nil ? "ringing the terminal bell" : "no terminal for the terminal bell either, so no bell can sound"
    }
    private let cacheDirectory: String?
    private var files: [BellChoice: String] = [:]
    /// The choices' strikes; a recording that cannot be read is the default bell, said once.
    private var strikes: BellStrikes
    /// Scales every bell, on top of each choice's own volume (`run --volume`, and the run's volume keys),
    /// from 0 to 1.
    private var volume: Double
    /// Where recorded sounds are found; nil rings the default bell for every recording.
    package var library: SoundLibrary? { strikes.library }
    /// The percentage every bell is scaled by (`run --volume`).
    package let volumePercent: Int
    /// The variables it was given, for a stream that takes over from it (``StreamRinger/live(over:ambience:)``).
    package let environment: [String: String]
    /// Recordings that could not be read, not told yet.
    private var missingNote: String?
    /// Why the chain starts as it does, told with the first bell: `PROFILE_PLAYER is none`.
    private var startNote: String?
    /// Notes not told yet: what ``check()`` or the next report says.
    private var untold: [String] = []
    /// Bells counted as sounded that did not, not told yet.
    private var unsounded = 0
    /// The run's monotonic clock, which the hang rule and ``nextCheck`` read and ``finish(timeout:)`` waits on.
    private let clock: SoundClock
    private func now() -> Double { clock.now() }

    /// A player playing a bell.
    private struct Child {
        /// The player's process, the leader of its own process group.
        var process: Subprocess
        /// The player's path.
        var player: String
        /// What it was handed: a bell, or ten seconds of a soundscape (`sounds --play rain`).
        var choice: Sounding
        /// When it was handed the bell.
        var handed: Double
        /// The bell's length in seconds.
        var length: Double
        /// When the bell should have rung out: after this a ring-out stops waiting.
        var ringsOutBy: Double { handed + length + 1 }
        /// When the player counts as hung.
        var hangsAfter: Double { handed + length + SystemBellRinger.hangGrace }
    }
    private var children: [Child] = []

    /// - Parameters:
    ///   - environment: where `PROFILE_PLAYER`, `PATH`, `XDG_CACHE_HOME` and `HOME` are read.
    ///   - terminalBell: rings the terminal bell (writes BEL where the user will hear it); nil when
    ///     there is no terminal to ring it on.
    ///   - volume: the percentage every bell is scaled by, on top of its own volume.
    ///   - library: where recorded sounds are read from.
    ///   - clock: the run's monotonic clock, which the hang rule and ``nextCheck`` read and
    ///     ``finish(timeout:)`` waits on (``SoundClock/live`` outside a run).
    package init(environment: [String: String], terminalBell: (() -> Void)?, volume: Int = 100, library: SoundLibrary? = nil,
                 clock: SoundClock) {
        self.terminalBell = terminalBell
        self.volume = Double(volume) / 100
        volumePercent = volume
        self.environment = environment
        strikes = BellStrikes(library: library)
        self.clock = clock
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        var onPath: [String] = []
        for name in Self.candidates {
            if let found = Self.find(name, path: path), !onPath.contains(found) { onPath.append(found) }
        }
        players = onPath
        if let chosen = environment["PROFILE_PLAYER"], !chosen.isEmpty {
            if chosen == "none" {
                players = []
                startNote = "PROFILE_PLAYER is none"
            } else if let found = Self.find(chosen, path: path) {
                players = [found] + onPath.filter { $0 != found }
            } else {
                startNote = "PROFILE_PLAYER names \(quoted(chosen)), which is not an executable on PATH"
            }
        } else if players.isEmpty {
            startNote = "no audio player is installed: \(Self.installHint)"
        }
        cacheDirectory = StoreLocation.baseFolder("XDG_CACHE_HOME", else: ".cache", environment: environment)
            .map { "\($0)/profile/bells" }
        let temporaryBase = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        self.temporaryBase = temporaryBase.count > 1 && temporaryBase.hasSuffix("/") ? String(temporaryBase.dropLast()) : temporaryBase
    }

    /// The executable called `name` (a path, or a name looked up on `path`).
    static func find(_ name: String, path: String) -> String? {
        if name.contains("/") {
            // A folder passes access(X_OK) too: only a regular file can be run.
            var info = stat()
            return stat(name, &info) == 0 && POSIX.isRegular(info) && access(name, X_OK) == 0 ? name : nil
        }
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            var info = stat()
            if stat(candidate, &info) == 0, POSIX.isRegular(info), access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    package func ring(_ choice: BellChoice) -> RingReport { ring(Sounding.bell(choice)) }

    /// Plays ``soundscapePlaySeconds`` of `soundscape` through the players bells ring through (its file
    /// made once into the cache, as a bell's is), without waiting for it to finish: `sounds --play rain`.
    package func play(_ soundscape: Soundscape) -> RingReport { ring(Sounding.soundscape(soundscape)) }

    /// How long `sounds --play` plays a soundscape.
    package static let soundscapePlaySeconds = 10.0

    /// Plays `seconds` of a breathing pattern's cue (``BreathCueSynth/wav(pattern:cue:volume:seconds:)``,
    /// at the cue's full volume times the run's) as a soundscape is played: `sounds --play breath:coherent`.
    package func play(breath pattern: BreathPattern, cue: BreathCue, seconds: Int) -> RingReport {
        ring(Sounding.breath(pattern, cue, seconds: seconds))
    }

    /// What a player is handed.
    enum Sounding: Hashable {
        case bell(BellChoice)
        case soundscape(Soundscape)
        case breath(BreathPattern, BreathCue, seconds: Int)

        /// Whether the terminal bell may stand in for it: for a bell, a beep at its time; never for a
        /// soundscape or a breathing cue, which a beep is not (issue 50).
        var beepStandsIn: Bool {
            if case .bell = self { return true }
            return false
        }
    }

    private func ring(_ choice: Sounding) -> RingReport {
        collect(ringingAgain: true)
        let via = sound(choice)
        let note = ([startNote.map { "\($0); \(nowRinging)" }] + untold.map { Optional($0) } + [missingNote]).compactMap { $0 }
            .joined(separator: "; ")
        startNote = nil
        untold = []
        missingNote = nil
        return RingReport(via: via ?? (choice.beepStandsIn ? fallbackName : Self.noSound), note: note.isEmpty ? nil : note,
                          sounded: via != nil || (terminalBell != nil && choice.beepStandsIn))
    }

    /// Hands `choice` to the first player of the chain that starts, or rings the terminal bell; returns
    /// the player's name, or nil when it fell back to the terminal bell or to no sound.
    private func sound(_ choice: Sounding) -> String? {
        while let player = players.first, let file = file(for: choice) {
            if let process = spawn(player, file) {
                children.append(Child(process: process, player: player, choice: choice, handed: now(), length: lengths[file] ?? 0))
                return escaped(POSIX.baseName(player))
            }
            replace(player, because: "\(escaped(POSIX.baseName(player))) could not be started (\(errnoName(errno)))")
        }
        if choice.beepStandsIn { terminalBell?() }
        return nil
    }

    /// Takes `player` out of the chain; when it was the one ringing, the next note says so and who
    /// rings from now on.
    private func replace(_ player: String, because reason: String) {
        guard players.first == player else {
            players.removeAll { $0 == player }
            return
        }
        players.removeFirst()
        untold.append("\(reason); \(nowRinging) from now on")
    }

    /// The run's volume keys: a player cannot change a bell it is playing, so the bells that follow ring
    /// at the new volume (their files made again at that level).
    package func setVolume(decibels: Double?) {
        volume = Double(volumePercent) / 100 * (decibels.map { pow(10, $0 / 20) } ?? 0)
        files = [:]
    }

    package func setMuted(_ muted: Bool) {
        // A player's bell cannot be silenced once handed over, and the run's volume is what the bells
        // after it ring at (``setVolume(decibels:)``): muting changes nothing here.
    }

    package func setAmbienceSwitch(_ on: Bool) {
        // The players play no ambience: there is none to switch.
    }

    package func fadeAmbience(_ playing: Bool, seconds: Double) {
        // The players play no ambience: there is none to fade.
    }

    package func expectBell(at time: Double?) {
        // A player is handed each bell at its time: nothing is written ahead to hold back.
    }

    /// A player's failure is known when ``check()`` collects it: nothing more to wait for.
    package var soundedKnownBy: Double? { nil }

    /// Players are handed whole bells: a cue that follows the breath needs the one stream.
    package func setBreathCue(_ pacing: BreathPacing?, sitSeconds: Double, at time: Double) -> Bool { false }

    package func prepare(_ choices: [BellChoice]) {
        guard !players.isEmpty else { return }
        // In the order they ring, so that a note on a missing recording names the first.
        for choice in choices { _ = file(for: choice) }
    }

    /// Checks, before the sit, that the player starts: plays it a short silence (never a bell) and
    /// waits up to ``preflightWait`` seconds; a player that fails at once (cannot be started, exits with a
    /// failure or a signal) is replaced by the next, which is checked in turn. Returns what to say under
    /// the run's header, once: `paplay failed with status 1 before the sit; aplay rings the bells`.
    package func preflight() -> [String] {
        var failures: [String] = []
        while let player = players.first, let file = silence() {
            let name = escaped(POSIX.baseName(player))
            guard let process = spawn(player, file) else {
                failures.append("\(name) could not be started (\(errnoName(errno)))")
                players.removeFirst()
                continue
            }
            // Done with it either way: what it left running goes with it.
            let exited = process.end(within: Self.preflightWait)
            // Still playing a tenth of a second of silence: it started, which is what is checked.
            guard exited, let status = process.status else { break }
            guard let why = Self.failed(status, name: name) else { break }
            failures.append(why)
            players.removeFirst()
        }
        return Self.preflightNotes(failures, startNote: &startNote, nowRinging: nowRinging)
    }

    /// The header's note when players failed before the sit (with why the chain started as it did, which
    /// is then not told again with the first bell).
    private static func preflightNotes(_ failures: [String], startNote: inout String?, nowRinging: String) -> [String] {
        guard !failures.isEmpty else { return [] }
        let joined = listed(failures)
        defer { startNote = nil }
        return [[startNote, "\(joined) before the sit"].compactMap { $0 }.joined(separator: "; ") + "; \(nowRinging)"]
    }

    /// Why a player that ended with `status` failed, or nil when it did not.
    private static func failed(_ status: Int32, name: String) -> String? {
        let signal = status & 0x7f
        let code = (status >> 8) & 0xff
        if signal == 0 { return code == 0 ? nil : "\(name) failed with status \(code)" }
        return "\(name) was stopped by signal \(signal)"
    }

    /// A short silence in the bells' format, for ``preflight()``.
    private func silence() -> String? {
        let name = "check-silence-\(Int(Self.preflightSilence * 1000))ms.wav"
        for directory in [cacheDirectory, temporaryDirectory()].compactMap({ $0 }) {
            let path = "\(directory)/\(name)"
            var info = stat()
            if stat(path, &info) == 0, POSIX.isRegular(info), info.st_size > 44 { return path }
            let samples = [Int16](repeating: 0, count: Int(Self.preflightSilence * Double(BellSynth.sampleRate)))
            if (try? POSIX.makeDirectories(directory)) != nil,
               (try? WAVFile.write(WAV.encode(samples, sampleRate: BellSynth.sampleRate), to: path)) != nil {
                return path
            }
        }
        return nil
    }

    /// Each file's length in seconds, as it was made or found.
    private var lengths: [String: Double] = [:]

    package var isSounding: Bool { !children.isEmpty }

    package func check() -> RingerCheck {
        collect(ringingAgain: true)
        defer {
            untold = []
            unsounded = 0
        }
        return RingerCheck(notes: untold, unsounded: unsounded)
    }

    package var nextCheck: Double? { children.map(\.hangsAfter).min() }

    package func ringOut(stop: (Double) -> Bool) {
        while true {
            collect(ringingAgain: true)
            let latest = children.map(\.ringsOutBy).max() ?? 0
            // Waits until the last player's deadline, or a key, or a player's end (the run's input wakes
            // on SIGCHLD), or the moment a player that hangs is to be stopped (an earlier bell's, still
            // playing past its bell: stopped then, as during the sit, not only at the last one's end),
            // whichever comes first: a few wake-ups, not twenty a second.
            let wake = min(latest, nextCheck ?? latest)
            if children.isEmpty || now() >= latest || stop(wake - now()) { break }
        }
        finish(timeout: 0)
    }

    package func finish(timeout: Double) {
        let deadline = now() + timeout
        while !children.isEmpty && now() < deadline {
            collect(ringingAgain: true)
            if !children.isEmpty { clock.sleep(0.02) }
        }
        // Each player's whole group (SIGTERM, then SIGKILL for what is left): a player that is a script
        // stops with what it started.
        for child in children { child.process.terminateGroup() }
        children = []
    }

    /// Collects players that ended and kills those that hang; a player that failed leaves the chain, and
    /// its bell, when `ringingAgain` and the failure came within ``retryWindow`` of handing it over, rings
    /// again through the next; otherwise the bell counts as not sounded.
    private func collect(ringingAgain: Bool) {
        guard !children.isEmpty else { return }
        let time = now()
        var failed: [(Child, String, hung: Bool)] = []
        children.removeAll { child in
            let name = escaped(POSIX.baseName(child.player))
            if child.process.poll() {
                // The player is done: what it started and left running (a wrapper's `sleep &`) goes too.
                child.process.terminateGroup()
                if let status = child.process.status, let why = Self.failed(status, name: name) { failed.append((child, why, false)) }
                return true
            }
            guard time >= child.hangsAfter else { return false }
            child.process.terminateGroup()
            failed.append((child, "\(name) was still playing \(Int(Self.hangGrace)) s after its bell's end and was stopped", true))
            return true
        }
        for (child, why, hung) in failed {
            replace(child.player, because: why)
            if ringingAgain, !hung, time - child.handed <= Self.retryWindow {
                if sound(child.choice) == nil, terminalBell == nil || !child.choice.beepStandsIn { unsounded += 1 }
            } else {
                unsounded += 1
            }
        }
    }

    /// The file of a bell or of a soundscape's ten seconds.
    private func file(for choice: Sounding) -> String? {
        switch choice {
        case let .bell(bell): return file(for: bell)
        case let .soundscape(soundscape): return file(for: soundscape)
        case let .breath(pattern, cue, seconds): return file(breath: pattern, cue: cue, seconds: seconds)
        }
    }

    /// A breathing cue's WAV file, made for this run in the private temporary folder (named by the
    /// pattern as `--breathe` writes it: letters, digits, `-`, `.` and the space of `cyclic sigh`).
    private func file(breath pattern: BreathPattern, cue: BreathCue, seconds: Int) -> String? {
        guard let directory = temporaryDirectory() else { return nil }
        let path = "\(directory)/breath-\(pattern.text)-\(cue.name)-\(seconds)s-\(Int((volume * 100).rounded())).wav"
        let bytes = BreathCueSynth.wav(pattern: pattern, cue: cue, volume: volume, seconds: Double(seconds))
        guard (try? POSIX.makeDirectories(directory)) != nil, (try? WAVFile.write(bytes, to: path)) != nil else { return nil }
        lengths[path] = Double(seconds)
        return path
    }

    /// Ten seconds of `soundscape` as 16-bit stereo WAV, at the run's volume: made once into the cache (or
    /// the private temporary folder) and found there after.
    private func file(for soundscape: Soundscape) -> String? {
        let name = "soundscape-v\(SoundscapeSynth.version)-\(SoundscapeSynth.fileName(for: soundscape).dropLast(4))-\(Int((volume * 100).rounded())).wav"
        let seconds = Self.soundscapePlaySeconds
        for directory in [cacheDirectory, temporaryDirectory()].compactMap({ $0 }) {
            let path = "\(directory)/\(name)"
            var info = stat()
            if stat(path, &info) == 0, POSIX.isRegular(info), info.st_size > 44 {
                lengths[path] = seconds
                return path
            }
            let bytes = SoundscapeSynth.wav(for: soundscape.texture, seconds: seconds, volume: Float(volume))
            if (try? POSIX.makeDirectories(directory)) != nil, (try? WAVFile.write(bytes, to: path)) != nil {
                lengths[path] = seconds
                return path
            }
        }
        return nil
    }

    /// The choice's WAV file: every strike at its volume times the run's. A synthesized bell's file is
    /// made once into the cache (or a private temporary folder); a recording's is made for this run in
    /// the temporary folder, so that a recording replaced under the same name is never stale. A
    /// recording that cannot be read rings the default bell, and the report says so once.
    private func file(for choice: BellChoice) -> String? {
        if let file = files[choice] { return file }
        // The loudness as a fraction, the run's volume included; files are named by it in hundredths of
        // a percent, so that 5% of 5% is not rounded to silence.
        let level = Double(choice.volume) / 100 * volume
        let hundredths = Int((level * 10_000).rounded())
        let levelName = hundredths % 100 == 0 ? "\(hundredths / 100)"
            : "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
        var directories: [String?]
        var name: String
        let (strike, note) = strikes.resolve(choice.sound)
        if let note { missingNote = missingNote.map { "\($0); \(note)" } ?? note }
        switch choice.sound {
        case let .builtIn(bell):
            directories = [cacheDirectory, temporaryDirectory()]
            name = "v\(BellSynth.version).\(StrikeMix.version)-\(BellSynth.fileName(for: bell).dropLast(4))-x\(choice.strikes)-\(levelName).wav"
        case .recorded:
            directories = [temporaryDirectory()]
            name = "recorded-\(files.count)-x\(choice.strikes)-\(levelName).wav"
        }
        // A built-in bell is synthesized only when its file is not in the cache already.
        var made: PCMSound?
        for directory in directories.compactMap({ $0 }) {
            let path = "\(directory)/\(name)"
            var info = stat()
            if choice.sound.isRecorded == false, stat(path, &info) == 0, POSIX.isRegular(info), info.st_size > 44 {
                files[choice] = path
                // A cached file is a built-in bell's: 16-bit mono at the bells' rate after a 44-byte header.
                lengths[path] = Double(Int(info.st_size) - 44) / Double(2 * BellSynth.sampleRate)
                return path
            }
            let sound = made ?? strike.sound
            made = sound
            let bytes = StrikeMix.wav(sound, strikes: choice.strikes, volume: level, spacing: strike.spacing)
            if (try? POSIX.makeDirectories(directory)) != nil, (try? WAVFile.write(bytes, to: path)) != nil {
                files[choice] = path
                lengths[path] = StrikeMix.seconds(of: sound, strikes: choice.strikes, spacing: strike.spacing)
                return path
            }
        }
        return nil
    }

    private var temporary: String?
    /// Where the private temporary folder is made: `$TMPDIR` when it is an absolute path, else `/tmp`.
    private let temporaryBase: String

    /// A private folder (mode 0700) for this ringer's files, removed with the ringer.
    private func temporaryDirectory() -> String? {
        if let temporary { return temporary }
        var template = Array("\(temporaryBase)/profile-bells.XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else { return nil }
        temporary = String(cString: made)
        return temporary
    }

    deinit { close() }

    /// Stops any bell still sounding and removes the private temporary folder; a later bell makes it
    /// again. Called by the ringer's end, and by an owner that may outlive it.
    package func close() {
        finish(timeout: 0)
        guard let temporary else { return }
        self.temporary = nil
        files = files.filter { !$0.value.hasPrefix(temporary + "/") }
        // Only files this ringer wrote are in it: its bells, and a write's temporary file if one failed.
        if let entries = try? POSIX.directoryEntries(temporary) {
            for entry in entries { unlink("\(temporary)/\(String(decoding: entry, as: UTF8.self))") }
        }
        rmdir(temporary)
    }

    /// Starts `player` on `file` in a process group of its own (``Subprocess``); nil when it cannot be
    /// started, with `errno` saying why.
    private func spawn(_ player: String, _ file: String) -> Subprocess? {
        let arguments = POSIX.baseName(player) == "aplay" ? ["-q", file] : [file]
        do throws(Subprocess.Failure) {
            return try Subprocess(player, arguments: arguments)
        } catch {
            errno = error.errno
            return nil
        }
    }
}

/// Writing WAV files whole: to a temporary name, then renamed into place.
package enum WAVFile {
    /// Writes every bell of the catalog into `directory` (made if missing) as `singing-bowl.wav` and so
    /// on, then `seconds` of every soundscape, made from `seed`, as `rain.wav` and so on (16-bit stereo),
    /// telling `wrote` each file's sound, path and length in seconds; an error `wrote` throws stops the
    /// export.
    ///
    /// - Throws: ``FileError/io(path:operation:errno:)`` (carried) naming the folder or file; what `wrote`
    ///   throws, carried.
    package static func export(to directory: String, seconds: Double = SoundscapeSynth.exportSeconds, seed: UInt64 = SoundscapeSynth.exportSeed,
                               wrote: (String, String, Double) throws(ProfileError) -> Void) throws(SoundError) {
        try SoundError.io(POSIX.makeDirectories(directory))
        for bell in Bell.allCases {
            let samples = BellSynth.samples(for: bell.instrument)
            let path = "\(directory)/\(BellSynth.fileName(for: bell))"
            try SoundError.io(write(WAV.encode(samples, sampleRate: BellSynth.sampleRate), to: path))
            try SoundError.refusing { () throws(ProfileError) in try wrote(bell.rawValue, path, Double(samples.count) / Double(BellSynth.sampleRate)) }
        }
        for soundscape in Soundscape.allCases {
            let path = "\(directory)/\(SoundscapeSynth.fileName(for: soundscape))"
            try SoundError.io(write(SoundscapeSynth.wav(for: soundscape.texture, seed: seed, seconds: seconds), to: path))
            try SoundError.refusing { () throws(ProfileError) in try wrote(soundscape.rawValue, path, seconds) }
        }
    }

    /// Writes `bytes` to `path` through the file layer's one atomic replace (a temporary of a random name,
    /// never a link planted at a name a run could guess).
    ///
    /// - Throws: ``FileError/io(path:operation:errno:)`` naming the file.
    package static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try AtomicFile.replace(path, with: bytes, newFileMode: 0o644)
    }
}
