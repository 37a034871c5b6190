import ArgumentParser
import Breath
import Sound
import Players
import LiveSit
import ProfileKit
import TextSupport

struct SoundsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sounds",
        abstract: "List the bells, your recordings and the soundscapes; play one, add or remove a recording, or export the sounds.",
        usage: """
            sounds [--store <dir>] [--no-color] [--format <format>] [--play <bell>]
            sounds --export <dir> [--seconds <n>]
            sounds --play breath:<pattern> [--cue <cue>] [--seconds <n>]
            sounds add <name> <file>
            sounds remove <name>
            """,
        discussion: """
            The built-in bells are synthesized from the modes of the instruments they name (a Himalayan \
            singing bowl, a Japanese temple bell, a tam-tam, tingsha cymbals, a wood block), each with its \
            strike; every one rings until it is \(Int(-BellSynth.ringOut)) dB down and all are equally loud \
            (\(Int(BellSynth.loudness)) LUFS, BS.1770). \
            The table says what each is. Your own recordings join them with 'profile sounds add NAME FILE' and are kept in \
            ${XDG_DATA_HOME:-$HOME/.local/share}/profile/sounds. The list gives the built-in bells first, then \
            the recordings by name; the editor's bell picker numbers them in the same order; then the ambience's soundscapes \
            under their own heading. A soundscape is made as it plays, from models of its source (waves, bubbles, drops, \
            gusts, crackles) and a seed each sit draws anew, so it never repeats and no two sits hear the same; a recording \
            chosen as ambience loops. --export writes the built-in bells as 16-bit mono PCM WAV files \
            at 44100 Hz, named like singing-bowl.wav, and \(Int(SoundscapeSynth.exportSeconds)) seconds of each soundscape (--seconds, \
            \(Self.exportSeconds.lowerBound) to \(Self.exportSeconds.upperBound)) as 16-bit stereo ones, named like rain.wav, the same \
            samples every time. \
            --play breath:PATTERN plays a minute (--seconds) of the breathing pacer's cue (--cue: tone, the default; tick; \
            swell, which with no ambience to swell is the tone) for a pattern as run --breathe takes it: coherent, box, \
            4-7-8, sigh, or seconds of in, hold and out such as 4-7-8 or 4,2,6,0.
            """,
        subcommands: [SoundsAddCommand.self, SoundsRemoveCommand.self])

    @OptionGroup var global: GlobalOptions

    @Option(help: "table (default on a terminal), plain (one per line) or json.")
    var format: OutputFormat?

    @Option(help: ArgumentHelp("Write each built-in bell, and a minute (--seconds) of each soundscape, as a WAV file into this folder (created if missing).", valueName: "dir"),
            completion: .directory)
    var export: String?

    @Option(help: ArgumentHelp("Play this bell (NAME [xN] [N%], such as 'temple bell x3 70%'), or ten seconds of a soundscape, or breath:PATTERN for the breathing pacer's cue, through the player `run` uses, and wait for it to end.",
                               valueName: "bell"),
            completion: soundCompletion)
    var play: String?

    @Option(help: ArgumentHelp("With --play breath:PATTERN: the cue to play: tone (the default), tick or swell.", valueName: "cue"),
            completion: .list(["tone", "tick", "swell"]))
    var cue: String?

    @Option(help: ArgumentHelp("With --play breath:PATTERN: how many seconds to play (\(Self.breathSeconds.lowerBound) to \(Self.breathSeconds.upperBound), 60 unless given). With --export: how many seconds of each soundscape to write (\(Self.exportSeconds.lowerBound) to \(Self.exportSeconds.upperBound), \(Int(SoundscapeSynth.exportSeconds)) unless given).",
                               valueName: "n"))
    var seconds: Int?

    /// How long `--play breath:` may play.
    static let breathSeconds = 1...600
    /// How long `--export` may make each soundscape: up to twenty minutes (211 MB a file; the sound is
    /// made whole before it is written, about 850 MB at once), the length issue 49's measures take.
    static let exportSeconds = 1...1_200

    /// `--play`'s prefix for a breathing pattern's cue.
    static let breathPrefix = "breath:"

    func run() throws {
        try reporting {
            // Each option is a different job; two at once would leave one silently undone.
            let asked = [export.map { _ in "--export" }, play.map { _ in "--play" }, format.map { _ in "--format" }].compactMap { $0 }
            guard asked.count <= 1 else {
                throw ProfileError.invalidOption(asked.joined(separator: " "), option: "options",
                                                 accepted: "one of --export, --play and --format at a time")
            }
            let breathing = play.map { $0.lowercased().hasPrefix(Self.breathPrefix) } ?? false
            if !breathing, cue != nil {
                throw ProfileError.invalidOption("--cue", option: "options", accepted: "--cue only with --play breath:PATTERN")
            }
            if !breathing, export == nil, seconds != nil {
                throw ProfileError.invalidOption("--seconds", option: "options", accepted: "--seconds only with --play breath:PATTERN or --export")
            }
            if let directory = export {
                let length = seconds ?? Int(SoundscapeSynth.exportSeconds)
                guard Self.exportSeconds.contains(length) else {
                    throw ProfileError.invalidOption(String(length), option: "--seconds",
                                                     accepted: "a number of seconds from \(Self.exportSeconds.lowerBound) to \(Self.exportSeconds.upperBound)")
                }
                try Self.export(to: directory, seconds: length)
                return
            }
            if let text = play {
                if let problem = Terminal.undecodableVariable() { throw ProfileError.configuration(problem) }
                if breathing {
                    let (pattern, cue, seconds) = try Self.breathing(text, cue: cue, seconds: seconds)
                    if try !Self.play(breath: pattern, cue: cue, seconds: seconds) { throw ExitStatus.interrupted.exitCode }
                    return
                }
                if try !Self.play(text) { throw ExitStatus.interrupted.exitCode }
                return
            }
            let context = try Context(global)
            let names = try Context.soundLibrary()?.names() ?? []
            Output.stdout(ProfileRenderer.sounds(SoundCatalog(recorded: names), format: context.format(format), options: context.render))
        }
    }

    /// Plays the bell `text` chooses and waits for it to end; with nothing to play it through, or a
    /// player that fails with none after it, the command fails (78). Ctrl-C, SIGTERM or SIGHUP stop the
    /// bell (the player has a process group of its own, which the terminal's Ctrl-C does not reach), and
    /// so does q on a terminal; returns false when a signal stopped it.
    static func play(_ text: String) throws(ProfileError) -> Bool {
        try BellPlay.play(named: text, catalog: Context.soundCatalog(), on: Terminal.bellRinger(clock: .live), keys: TerminalKeys(),
                          started: { _ = Output.stderr(diagnosticLine($0, limit: Output.diagnosticLimit) + "\n") },
                          notice: { Output.diagnostic("notice: \($0)") })
    }

    /// `--play breath:PATTERN`'s pattern, `--cue` (tone unless given; none plays nothing and is refused)
    /// and `--seconds` (60 unless given), checked.
    static func breathing(_ text: String, cue: String?, seconds: Int?) throws(BreathPatternError) -> (BreathPattern, BreathCue, Int) {
        let pattern = try BreathPattern(parsing: String(text.dropFirst(breathPrefix.count)))
        let chosen = try cue.map { (text) throws(BreathPatternError) in try BreathCue(parsing: text) } ?? .tone
        let playable = BreathCue.allCases.filter { $0 != .none }.map(\.name).joined(separator: ", ")
        if chosen == .none {
            throw BreathPatternError(what: "cue", input: cue, reason: "it plays nothing", accepted: playable)
        }
        let length = seconds ?? 60
        guard breathSeconds.contains(length) else {
            throw BreathPatternError(what: "cue length", input: String(length), reason: "it is not a number of seconds from \(breathSeconds.lowerBound) to \(breathSeconds.upperBound)",
                                     accepted: "--seconds \(breathSeconds.lowerBound) to \(breathSeconds.upperBound)")
        }
        return (pattern, chosen, length)
    }

    /// Plays `seconds` of `cue` pacing `pattern` through the players `run` uses, and waits for it to end,
    /// as a bell is played.
    static func play(breath pattern: BreathPattern, cue: BreathCue, seconds: Int) throws(ProfileError) -> Bool {
        try BellPlay.play(breath: pattern, cue: cue, seconds: seconds, on: Terminal.bellRinger(clock: .live), keys: TerminalKeys(),
                          started: { _ = Output.stderr(diagnosticLine($0, limit: Output.diagnosticLimit) + "\n") },
                          notice: { Output.diagnostic("notice: \($0)") })
    }

    /// Writes every bell, and `seconds` of every soundscape, into `directory`, each file whole (a
    /// temporary name, then renamed).
    static func export(to directory: String, seconds: Int) throws(SoundError) {
        // A line that cannot be written stops the export: no more files than the lines that got out, plus one.
        try WAVFile.export(to: directory, seconds: Double(seconds)) { (sound, path, seconds) throws(ProfileError) in
            try Output.print("wrote \(escapedPath(path)) (\(sound), \(seconds.formatted(decimals: 1)) s)\n")
        }
    }

    /// The sound library, or the error that says why there is none.
    static func library() throws(SoundError) -> SoundLibrary {
        // A variable that is not UTF-8 would be read as unset, and the sound would go elsewhere.
        if let problem = Terminal.undecodableVariable() { throw .profile(.configuration(problem)) }
        return try SoundLibrary.located(environment: Terminal.environment, homeFallback: Terminal.passwordHome,
                                        notice: { Output.diagnostic("notice: \($0)") })
    }
}

/// Completion of a sound's name: the built-in bells, then the recordings.
let soundCompletion = CompletionKind.custom { _, _, _ in
    Context.soundCatalog().names + BreathPattern.named.map { SoundsCommand.breathPrefix + $0.names[0] }
}

/// Completion of a recording's name.
let recordingCompletion = CompletionKind.custom { _, _, _ in Context.soundCatalog().recorded }

struct SoundsAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a WAV recording as a sound that bells can ring.",
        discussion: """
            The file is checked whole before anything is added: a RIFF/WAVE file of PCM samples (8, 16, 24 \
            or 32-bit integers, or 32-bit floats), 1 or 2 channels (two are mixed down), 8000 to 192000 Hz, \
            at most 60 seconds. Its bytes are copied into the sounds folder as NAME.wav. The name follows \
            the rules of profile names and is none of the built-in bells. A file that is not such a WAV \
            file exits with 65 and adds nothing.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The sound's name, as bells will choose it.")
    var name: String

    @Argument(help: "The WAV file.", completion: .file(extensions: ["wav", "WAV"]))
    var file: String

    func run() throws {
        try reporting {
            let library = try SoundsCommand.library()
            // Printed just before the sound appears: output that cannot be written adds nothing.
            try library.add(name: name, from: file) { (stored) throws(ProfileError) in
                try Output.print("added \(quoted(stored)) (\(escapedPath(library.file(stored))))\n")
            }
        }
    }
}

struct SoundsRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a recorded sound that no profile uses.",
        discussion: """
            A sound that a profile names (as any of its bells, rung or not) is not removed: the command \
            exits with 65 and names the profiles; set their bells to another sound first.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The recorded sound.", completion: recordingCompletion)
    var name: String

    func run() throws {
        try reporting {
            let context = try Context(global)
            let library = try SoundsCommand.library()
            guard let stored = library.resolve(name: name) else {
                let names = (try? library.names()) ?? []
                throw SoundError.unknown(name, suggestion: closestMatch(to: name, in: names))
            }
            let (users, unreadable) = try context.store.profiles(usingRecording: stored)
            // A profile that cannot be read rings nothing; it is named, since once mended it might.
            for listed in unreadable {
                if case let .failure(error) = listed.result {
                    Output.diagnostic("notice: could not read the profile \(quoted(listed.name)), which may name \(quoted(stored)): \(error)")
                }
            }
            guard users.isEmpty else { throw SoundError.inUse(stored, profiles: users) }
            // Printed just before the sound goes: output that cannot be written removes nothing.
            try library.remove(name: stored) { (stored) throws(ProfileError) in
                try Output.print("removed \(quoted(stored))\n")
            }
        }
    }
}
