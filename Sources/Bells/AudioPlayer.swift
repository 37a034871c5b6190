#if canImport(Glibc)
import Glibc
#else
#error("Bells spawns players with Glibc's posix_spawn_file_actions_t (on Darwin an optional pointer); only Linux is supported")
#endif
import TextSupport
import ProfileKit

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
package protocol BellRinger: AnyObject {
    /// Rings `choice` (all its strikes, at its volume) without waiting for it to finish.
    func ring(_ choice: BellChoice) -> RingReport
    /// Waits up to `timeout` seconds for bells still sounding, then stops them.
    func finish(timeout: Double)
    /// Makes ready the sound of each of `choices` (files to hand a player), so that a bell that is
    /// slow to make (nine strikes of a minute-long recording) still rings on time.
    func prepare(_ choices: [BellChoice])
    /// Lets the bells still sounding ring to their end (a bell rings for up to a minute), unless `stop`
    /// says to stop them first; then stops any left. `stop` is asked again and again, each time given
    /// a few hundredths of a second it may wait for a key or a signal.
    func ringOut(stop: (Double) -> Bool)
    /// Whether a bell is sounding now.
    var isSounding: Bool { get }
    /// Looks after the bells handed to players between rings: collects players that ended, stops one
    /// that hangs, replaces a player that fails; says what the user should be told (each thing once)
    /// and how many bells already counted as rung turned out not to sound.
    func check() -> RingerCheck
    /// When ``check()`` must next be called (monotonic seconds, as `POSIX.monotonicNow()` reads them),
    /// even if nothing else happens: a player's deadline. Nil when nothing waits.
    var nextCheck: Double? { get }
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

extension BellRinger {
    package func prepare(_ choices: [BellChoice]) {}
    package func ringOut(stop: (Double) -> Bool) { finish(timeout: 0) }
    package var isSounding: Bool { false }
    package func check() -> RingerCheck { RingerCheck() }
    package var nextCheck: Double? { nil }
}

/// Rings nothing (`--silent`).
package final class SilentRinger: BellRinger {
    package init() {}
    package func ring(_ choice: BellChoice) -> RingReport { RingReport(via: "silent", sounded: false) }
    package func finish(timeout: Double) {}
}

/// Plays the synthesized bells through the first audio player found, else rings the terminal bell, else
/// (no terminal to ring it on) says that no bell can sound.
///
/// The player is `$PROFILE_PLAYER` when set (`none` means the terminal bell), else the first of
/// ``candidates`` on `$PATH`. A player that exits with a failure (no sound server, no device) is not
/// used again: later bells ring the terminal bell, and the report says so once.
package final class SystemBellRinger: BellRinger {
    /// The players tried, in order.
    package static let candidates = ["pw-play", "paplay", "aplay"]
    /// How a report names a bell that nothing could sound.
    package static let noSound = "no sound"

    /// The player's path, or nil for the terminal bell.
    package private(set) var playerPath: String?
    /// The player's name, as reports show it.
    package var playerName: String? { playerPath.map(POSIX.baseName) }
    /// How the bells sound now, as reports show it: the player's name, `terminal bell` or `no sound`.
    package var soundName: String { playerName ?? fallbackName }
    private let terminalBell: (() -> Void)?
    private var fallbackName: String { terminalBell == nil ? Self.noSound : "terminal bell" }
    /// What the bells do without a player, for the notes: `ringing the terminal bell`, or why none sounds.
    private var fallback: String { Self.fallback(hasTerminal: terminalBell != nil) }

    private static func fallback(hasTerminal: Bool) -> String {
        hasTerminal ? "ringing the terminal bell" : "no terminal for the terminal bell either, so no bell can sound"
    }
    private let cacheDirectory: String?
    private var files: [BellChoice: String] = [:]
    /// Scales every bell, on top of each choice's own volume (`run --volume`), from 0 to 1.
    private let volume: Double
    /// Where recorded sounds are found; nil rings the default bell for every recording.
    private let library: SoundLibrary?
    /// Recordings that could not be read, each told once.
    private var missing: Set<String> = []
    private var missingNote: String?
    private var children: [pid_t] = []
    private var pendingNote: String?

    /// - Parameters:
    ///   - environment: where `PROFILE_PLAYER`, `PATH`, `XDG_CACHE_HOME` and `HOME` are read.
    ///   - terminalBell: rings the terminal bell (writes BEL where the user will hear it); nil when
    ///     there is no terminal to ring it on.
    ///   - volume: the percentage every bell is scaled by, on top of its own volume.
    ///   - library: where recorded sounds are read from.
    package init(environment: [String: String], terminalBell: (() -> Void)?, volume: Int = 100, library: SoundLibrary? = nil) {
        self.terminalBell = terminalBell
        self.volume = Double(volume) / 100
        self.library = library
        let fallback = Self.fallback(hasTerminal: terminalBell != nil)
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        if let chosen = environment["PROFILE_PLAYER"], !chosen.isEmpty {
            if chosen == "none" {
                playerPath = nil
                pendingNote = "PROFILE_PLAYER is none; \(fallback)"
            } else if let found = Self.find(chosen, path: path) {
                playerPath = found
            } else {
                playerPath = nil
                pendingNote = "PROFILE_PLAYER names \(quoted(chosen)), which is not an executable on PATH; \(fallback)"
            }
        } else {
            playerPath = Self.candidates.lazy.compactMap { Self.find($0, path: path) }.first
            if playerPath == nil {
                pendingNote = "no audio player found (\(Self.candidates.joined(separator: ", "))); \(fallback)"
            }
        }
        cacheDirectory = StoreLocation.baseFolder("XDG_CACHE_HOME", else: ".cache", environment: environment)
            .map { "\($0)/profile/bells" }
        let temporaryBase = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        self.temporaryBase = temporaryBase.count > 1 && temporaryBase.hasSuffix("/") ? String(temporaryBase.dropLast()) : temporaryBase
    }

    /// The executable called `name` (a path, or a name looked up on `path`).
    static func find(_ name: String, path: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            var info = stat()
            if stat(candidate, &info) == 0, POSIX.isRegular(info), access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    package func ring(_ choice: BellChoice) -> RingReport {
        reap()
        if let player = playerPath, let file = file(for: choice) {
            if let pid = spawn(player, file) {
                children.append(pid)
                due[pid] = POSIX.monotonicNow() + (lengths[file] ?? 0) + 1
                defer { missingNote = nil }
                return RingReport(via: POSIX.baseName(player), note: missingNote)
            }
            disablePlayer("\(POSIX.baseName(player)) could not be started (\(errnoName(errno)))")
        }
        terminalBell?()
        let note = [pendingNote, missingNote].compactMap { $0 }.joined(separator: "; ")
        pendingNote = nil
        missingNote = nil
        return RingReport(via: fallbackName, note: note.isEmpty ? nil : note, sounded: terminalBell != nil)
    }

    package func prepare(_ choices: [BellChoice]) {
        guard playerPath != nil else { return }
        // In the order they ring, so that a note on a missing recording names the first.
        for choice in choices { _ = file(for: choice) }
    }

    /// When each player should be done: the time it started on the monotonic clock plus its file's
    /// length and a second's grace; one still going after that is stuck, and is stopped.
    private var due: [pid_t: Double] = [:]
    /// Each file's length in seconds, as it was made or found.
    private var lengths: [String: Double] = [:]

    package var isSounding: Bool {
        reap()
        return !children.isEmpty
    }

    package func ringOut(stop: (Double) -> Bool) {
        while true {
            reap()
            let latest = children.compactMap { due[$0] }.max() ?? 0
            if children.isEmpty || POSIX.monotonicNow() >= latest || stop(0.05) { break }
        }
        finish(timeout: 0)
    }

    package func finish(timeout: Double) {
        let deadline = POSIX.monotonicNow() + timeout
        while !children.isEmpty && POSIX.monotonicNow() < deadline {
            reap()
            if !children.isEmpty { POSIX.sleep(seconds: 0.02) }
        }
        for pid in children {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        children = []
        due = [:]
    }

    /// Collects finished players; a failure turns the player off for the bells that follow.
    private func reap() {
        children.removeAll { pid in
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return false }
            due[pid] = nil
            let exited = status & 0x7f == 0
            let code = (status >> 8) & 0xff
            if (!exited || code != 0), let name = playerName {
                disablePlayer(exited ? "\(name) failed with status \(code)" : "\(name) was stopped by signal \(status & 0x7f)")
            }
            return true
        }
    }

    /// Why the player stopped being used, once one failed: `paplay failed with status 1`.
    package private(set) var failure: String?

    private func disablePlayer(_ reason: String) {
        guard playerPath != nil else { return }
        failure = reason
        playerPath = nil
        pendingNote = "\(reason); \(fallback) from now on"
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
        // A built-in bell is synthesized only when its file is not in the cache already.
        var made: (strike: PCMSound, spacing: Double)?
        var directories: [String?]
        var name: String
        switch choice.sound {
        case let .builtIn(bell):
            directories = [cacheDirectory, temporaryDirectory()]
            name = "v\(BellSynth.version).\(StrikeMix.version)-\(BellSynth.fileName(for: bell).dropLast(4))-x\(choice.strikes)-\(levelName).wav"
        case let .recorded(recording):
            directories = [temporaryDirectory()]
            name = "recorded-\(files.count)-x\(choice.strikes)-\(levelName).wav"
            do throws(ProfileError) {
                guard let library else { throw ProfileError.unknownSound(recording, suggestion: nil) }
                made = (try library.sound(named: recording), StrikeMix.spacing)
            } catch {
                made = (PCMSound(bell: .default), BellSynth.spacing(for: .default))
                if missing.insert(ProfileName.key(recording)).inserted {
                    let why = if case .unknownSound = error {
                        "there is no recorded sound \(quoted(recording))" + (library.map { " in \(escapedPath($0.folder))" } ?? "")
                    } else {
                        "\(error)"
                    }
                    let note = "\(why); ringing \(Bell.default.rawValue) instead"
                    missingNote = missingNote.map { "\($0); \(note)" } ?? note
                }
            }
        }
        for directory in directories.compactMap({ $0 }) {
            let path = "\(directory)/\(name)"
            var info = stat()
            if choice.sound.isRecorded == false, stat(path, &info) == 0, POSIX.isRegular(info), info.st_size > 44 {
                files[choice] = path
                // A cached file is a built-in bell's: 16-bit mono at the bells' rate after a 44-byte header.
                lengths[path] = Double(Int(info.st_size) - 44) / Double(2 * BellSynth.sampleRate)
                return path
            }
            if made == nil, case let .builtIn(bell) = choice.sound { made = (PCMSound(bell: bell), BellSynth.spacing(for: bell)) }
            guard let made else { return nil }
            let bytes = StrikeMix.wav(made.strike, strikes: choice.strikes, volume: level, spacing: made.spacing)
            if (try? POSIX.makeDirectories(directory)) != nil, (try? WAVFile.write(bytes, to: path)) != nil {
                files[choice] = path
                lengths[path] = StrikeMix.seconds(of: made.strike, strikes: choice.strikes, spacing: made.spacing)
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

    private func spawn(_ player: String, _ file: String) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = POSIX.baseName(player) == "aplay" ? [player, "-q", file] : [player, file]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        // The player starts with every signal's default action, whatever this process ignores (`profile`
        // ignores SIGPIPE to see EPIPE instead).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let result = posix_spawn(&pid, player, &actions, &attributes, &argv, environ)
        guard result == 0 else {
            errno = result
            return nil
        }
        return pid
    }
}

/// Writing WAV files whole: to a temporary name, then renamed into place.
package enum WAVFile {
    /// Writes every bell of the catalog into `directory` (made if missing) as `singing-bowl.wav` and so
    /// on, telling `wrote` each file and its length in seconds; an error `wrote` throws stops the export.
    ///
    /// - Throws: ``ProfileError/io(path:operation:errno:)`` naming the folder or file.
    package static func export(to directory: String,
                               wrote: (Bell, String, Double) throws(ProfileError) -> Void) throws(ProfileError) {
        try POSIX.makeDirectories(directory)
        for bell in Bell.allCases {
            let samples = BellSynth.samples(for: bell)
            let path = "\(directory)/\(BellSynth.fileName(for: bell))"
            try write(WAV.encode(samples, sampleRate: BellSynth.sampleRate), to: path)
            try wrote(bell, path, Double(samples.count) / Double(BellSynth.sampleRate))
        }
    }

    /// Writes `bytes` to `path` atomically.
    ///
    /// - Throws: ``ProfileError/io(path:operation:errno:)`` naming the file.
    package static func write(_ bytes: [UInt8], to path: String) throws(ProfileError) {
        let temporary = "\(POSIX.directoryName(path))/.\(POSIX.baseName(path)).\(getpid()).tmp"
        let fd = try POSIX.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        do throws(ProfileError) {
            defer { close(fd) }
            try POSIX.writeAll(fd, bytes, path: temporary)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let failure = POSIX.failure(path, "rename")
            unlink(temporary)
            throw failure
        }
    }
}
