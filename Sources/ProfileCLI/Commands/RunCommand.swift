import ArgumentParser
import Players
import LiveSit
import LocalTime
import ProfileKit
import Sitting

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a session: ring each bell at its time, with a live display on a terminal.",
        discussion: """
            With no name it runs the sit run last again (a profile or a quick sit, and says which), else Default; a length that names no profile (20m, \
            45, 1h) is a quick sit with the default bells, logged with no profile. --open lets the main sit \
            count up until q, then y, ends it (the cool-down and the End bell follow); --until sizes the main \
            sit so that the session ends at a time of day (on a terminal, a sit of more than 3 hours is asked about \
            first; elsewhere it needs --yes); --at waits for a time of day, counting down. At speed 1 the header of \
            a run with --until or --at says when it ends: 'ends 07:00 tomorrow'.

            On a terminal: the part under way, the time left in it and in the session, a progress bar and \
            the next bell, under the time left in big digits on a terminal of 40×12 or more; the terminal's \
            title says the time left and the profile while the run lasts. Space pauses and resumes, q asks to stop and y confirms; - and + turn the sound down and up 3 dB, m mutes, a switches the ambience. Elsewhere (a pipe, a \
            file): one line per event with its time. At speed 1 bells and ambience are one stream to pw-cat, pacat or aplay (or $PROFILE_SINK); else bells are synthesized and played through pw-play, \
            paplay or aplay (or $PROFILE_PLAYER); without one the terminal bell rings, and with no terminal \
            either the log says no bell could sound. Ctrl-C, SIGTERM and SIGHUP stop it after its summary, with \
            exit status 130; q then y stops it with 1; a line it cannot write stops it with 74. The end bell \
            of a completed session rings out (up to a minute) after the sit is logged; q or Ctrl-C stops it.

            --breathe PATTERN paces the breath (coherent, box, 4-7-8, sigh, or 4-4-4-4, 4,2,6,0): for the whole of a \
            quick sit; for a profile, in place of its Breathing's pattern (its Leads, Cue and volume kept when its \
            Breathing is on, the main sit in place of a warm-up that is off; else the whole main sit). On a terminal the phase and its seconds ('in 3', 'hold 7', \
            'out 5') and a bar that grows on the in-breath and shrinks on the out-breath; elsewhere a line when the \
            pacing starts and one when it ends. Its cue is heard only through the one stream (speed 1, not --silent); \
            else the run says once that the breath is shown, not heard. A logged sit records the pattern, the breaths \
            led and the seconds paced.

            A run that ends after a minute or more is logged in the journal (see 'profile log'): its start, \
            the profile, the seconds sat (pauses left out), the planned seconds, how it ended and the bells \
            that rang; the summary says so. --no-log logs nothing; a run at another --speed logs only with \
            --log, its lengths then the session's, ending when the run ended. While it lasts, a run that will be logged keeps a record \
            of its sit in ${XDG_STATE_HOME:-$HOME/.local/state}/profile/, locked while it lives: if it is \
            killed (SIGKILL, a crash, a dead battery), the next journal command logs the sit, recovered.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The profile (default: the one run last, else Default), or a length for a quick sit: 20m, 45, 1h.",
                                 valueName: "name-or-length"),
              completion: profileNameCompletion)
    var name: String?

    @OptionGroup var shapeOptions: ShapeOptions

    @OptionGroup var breathOptions: BreathOptions

    @Option(help: ArgumentHelp("Wait until this time of day, counting down (q cancels), and start then.", valueName: "HH:MM[:SS]"))
    var at: OptionValue<ClockTime.At>?

    @Option(help: ArgumentHelp("Run this many times faster, for demos and tests: 60 runs a minute in a second.", valueName: "x"))
    var speed: OptionValue<SitOptions.Speed>?

    @Flag(help: "Ring no bell: no sound, no terminal bell.")
    var silent = false

    @Option(help: ArgumentHelp("Play every bell at this percentage (\(BellChoice.allowedVolume.lowerBound) to \(BellChoice.allowedVolume.upperBound)) of its own volume.", valueName: "percent"))
    var volume: OptionValue<SitOptions.Volume>?

    @Flag(help: "Keep the machine free to sleep during the run: take no logind inhibitor lock.")
    var noInhibit = false

    @Flag(help: "Start a sit longer than 3 hours that --until sized without asking (needed when standard input is not a terminal).")
    var yes = false

    @OptionGroup var journal: RunJournalOptions

    func run() throws {
        try reporting { try perform(given: nil) }
    }

    /// The sit these arguments ask for.
    func options() throws -> SitOptions {
        var options = SitOptions()
        options.name = name
        options.speed = try speed?.value() ?? 1
        options.volume = try volume?.value() ?? 100
        options.at = try at?.value()
        options.shape = try shapeOptions.shape()
        options.breathe = try breathOptions.pattern()
        options.silent = silent
        options.inhibit = !noInhibit
        options.yes = yes
        options.log = journal.log
        options.note = journal.note
        options.journal = journal.journal.journal
        return options
    }

    /// Runs the sit (``LiveSit/run(_:given:store:host:live:makeKeys:makeDisplay:makeRinger:)``): of `given`
    /// when the editor runs the profile it edits (saved or not), else of the profile the arguments name.
    /// Throws the run's exit status for a stopped or interrupted sit.
    func perform(given: Profile?) throws {
        let options = try options()
        let context = try Context(global)
        // A live display moves the cursor, which a dumb terminal cannot do: it gets the log lines.
        let live = context.stdoutIsTerminal && Terminal.variable("TERM") != "dumb"
        let end = try LiveSit.run(
            options, given: given, store: context.store, host: .process, live: live,
            makeKeys: { TerminalKeys() },
            makeDisplay: { keys in
                live ? LiveRunDisplay(write: Output.stdout, width: { Terminal.width() }, height: { Terminal.height() ?? 0 }, color: context.render.color,
                                      keys: keys.readsKeys, drawsFrame: { TerminalKeys.ownsTerminal(Terminal.descriptor(1)) }) as RunDisplay
                    : LogRunDisplay(write: Output.stdout, wallClock: Terminal.logStamp)
            },
            makeRinger: { clock in options.silent ? nil : Terminal.bellRinger(volume: options.volume, clock: clock) })
        switch end {
        case .finished: break
        case .stopped: throw ExitStatus.stopped.exitCode
        case .interrupted: throw ExitStatus.interrupted.exitCode
        }
    }
}

extension SitHost {
    /// This invocation: its variables (TZ among them), the running wall clock, streams and terminal.
    static var process: SitHost {
        var environment = Terminal.environment
        environment["TZ"] = Terminal.variable("TZ")
        return SitHost(environment: environment, passwordHome: Terminal.passwordHome, now: WallClock.live, calendar: LocalZone.calendar,
                       stdinIsTerminal: Terminal.isTerminal(0), say: Output.stdout, diagnostic: { Output.diagnostic($0) },
                       logStamp: Terminal.logStamp, confirm: { (try? Terminal.askYesOrNo($0)) ?? false })
    }
}
