import ArgumentParser
import ProfileKit
import Bells
import Sitting
import Desktop

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a session: ring each bell at its time, with a live display on a terminal.",
        discussion: """
            On a terminal: the part under way, the time left in it and in the session, a progress bar and \
            the next bell; space pauses and resumes, q asks to stop and y confirms. Elsewhere (a pipe, a \
            file): one line per event with its time. Bells are synthesized and played through pw-play, \
            paplay or aplay (or $PROFILE_PLAYER); without one the terminal bell rings, and with no terminal \
            either the log says no bell could sound. Ctrl-C, SIGTERM and SIGHUP stop it after its summary, with \
            exit status 130; q then y stops it with 1; a line it cannot write stops it with 74. The end bell \
            of a completed session rings out (up to a minute) after the sit is logged; q or Ctrl-C stops it.

            A run that ends after a minute or more is logged in the journal (see 'profile log'): its start, \
            the profile, the seconds sat (pauses left out), the planned seconds, how it ended and the bells \
            that rang; the summary says so. --no-log logs nothing; a run at another --speed logs only with \
            --log, its times then the session's. While it lasts, a run that will be logged keeps a record \
            of its sit in ${XDG_STATE_HOME:-$HOME/.local/state}/profile/, locked while it lives: if it is \
            killed (SIGKILL, a crash, a dead battery), the next journal command logs the sit, recovered.
            """)

    /// The speeds `--speed` accepts.
    static let speeds = 0.01...10_000.0

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The profile.", completion: profileNameCompletion)
    var name: String

    @Option(help: ArgumentHelp("Run this many times faster, for demos and tests: 60 runs a minute in a second.", valueName: "x"))
    var speed: String?

    @Flag(help: "Ring no bell: no sound, no terminal bell.")
    var silent = false

    @Option(help: ArgumentHelp("Play every bell at this percentage (\(BellChoice.allowedVolume.lowerBound) to \(BellChoice.allowedVolume.upperBound)) of its own volume.", valueName: "percent"))
    var volume: String?

    @Flag(help: "Keep the machine free to sleep during the run: take no logind inhibitor lock.")
    var noInhibit = false

    @OptionGroup var journal: RunJournalOptions

    func run() throws {
        try reporting {
            let factor = try speed.map { text throws(ProfileError) in try Self.parseSpeed(text) } ?? 1
            let level = try volume.map { text throws(ProfileError) in try Self.parseVolume(text) } ?? 100
            let context = try Context(global)
            let profile = try context.store.load(name).profile
            let timeline = Timeline(profile: profile)

            let system = silent ? nil : Terminal.bellRinger(volume: level)
            let ringer: BellRinger = system ?? SilentRinger()
            let keys = TerminalKeys()
            defer { keys.restore() }
            // A live display moves the cursor, which a dumb terminal cannot do: it gets the log lines.
            let display: RunDisplay = context.stdoutIsTerminal && Terminal.variable("TERM") != "dumb"
                ? LiveRunDisplay(write: Output.stdout, width: { Terminal.width() }, color: context.render.color, keys: keys.readsKeys,
                                 drawsFrame: { TerminalKeys.ownsTerminal(1) })
                : LogRunDisplay(write: Output.stdout, wallClock: Terminal.wallClock)
            let planned = switch timeline.end {
            case .fixed(let seconds): seconds
            }
            let runJournal = try RunJournal(journal, speed: factor, profile: profile.name, total: planned)
            let environment = SitEnvironment(
                clock: MonotonicClock(), input: keys, display: display, ringer: ringer,
                // Before the sit: a player that fails at once is replaced now, and the header says so.
                checkBells: { system?.preflight() ?? [] },
                sound: { system?.soundName ?? "silent" },
                holdOffSleep: { seconds in Self.holdOffSleep(profile: profile.name, seconds: seconds, inhibit: !noInhibit, keys: keys) },
                record: { summary throws(ProfileError) in
                    try runJournal.finish(summary, total: planned, logStyle: display is LogRunDisplay)
                },
                progress: runJournal.progress)
            let summary = try SitSession(name: profile.name, timeline: timeline, speed: factor).perform(in: environment)
            keys.restore()
            // A run stopped by a signal ends with 130 even when its summary could not be written (a closed
            // terminal); one stopped because its output was lost fails as any command's lost output does.
            if summary.ending == .interrupted, !keys.stoppedByLostOutput { throw ExitStatus.interrupted.exitCode }
            if summary.ending == .stopped { throw ExitStatus.stopped.exitCode }
        }
    }

    static func parseVolume(_ text: String) throws(ProfileError) -> Int {
        guard let value = BellChoice.volume(text) else {
            throw ProfileError.invalidOption(text, option: "--volume", accepted: "a whole percentage from \(BellChoice.allowedVolume.lowerBound) to \(BellChoice.allowedVolume.upperBound), such as 50")
        }
        return value
    }

    static func parseSpeed(_ text: String) throws(ProfileError) -> Double {
        guard let value = Double(text), value.isFinite, speeds.contains(value) else {
            throw ProfileError.invalidOption(text, option: "--speed", accepted: "a number from 0.01 to 10000, such as 60 (a minute in a second)")
        }
        return value
    }
}
