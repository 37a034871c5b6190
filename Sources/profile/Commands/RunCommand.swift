import Files
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import ProfileKit
import Bells
import Sitting
import Desktop
import Journal
import TextSupport

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a session: ring each bell at its time, with a live display on a terminal.",
        discussion: """
            With no name it runs the profile run last, else Default; a length that names no profile (20m, \
            45, 1h) is a quick sit with the default bells, logged with no profile. --open lets the main sit \
            count up until q, then y, ends it (the cool-down and the End bell follow); --until sizes the main \
            sit so that the session ends at a time of day; --at waits for a time of day, counting down.

            On a terminal: the part under way, the time left in it and in the session, a progress bar and \
            the next bell, under the time left in big digits on a terminal of 40×12 or more; the terminal's \
            title says the time left and the profile while the run lasts. Space pauses and resumes, q asks to stop and y confirms. Elsewhere (a pipe, a \
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

    @Argument(help: ArgumentHelp("The profile (default: the one run last, else Default), or a length for a quick sit: 20m, 45, 1h.",
                                 valueName: "name-or-length"),
              completion: profileNameCompletion)
    var name: String?

    @OptionGroup var shapeOptions: ShapeOptions

    @Option(help: ArgumentHelp("Wait until this time of day, counting down (q cancels), and start then.", valueName: "HH:MM[:SS]"))
    var at: String?

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
        try reporting { try perform(given: nil) }
    }

    /// Runs the sit: of `given` when the editor runs the profile it edits (saved or not), else of the
    /// profile the arguments name. Throws the run's exit status for a stopped or interrupted sit.
    func perform(given: Profile?) throws {
        do {
            let factor = try speed.map { text throws(ProfileError) in try Self.parseSpeed(text) } ?? 1
            let level = try volume.map { text throws(ProfileError) in try Self.parseVolume(text) } ?? 100
            let startAt = try at.map { text throws(ProfileError) in try ClockTime.timeOfDay(text, option: "--at") }
            let shape = try shapeOptions.shape()
            let context = try Context(global)
            let lastRun = Self.lastRunFile()
            let (profile, quick) = try given.map { ($0, false) } ?? SitRequest.resolve(name: name, store: context.store, lastRun: lastRun, warn: { Output.diagnostic($0) })
            if quick, let option = shapeOptions.given {
                throw ProfileError.invalidOption(name ?? "", option: "\(option) with the length",
                                                 accepted: "a profile's name, or no \(option): a quick sit lasts the length it is given")
            }
            // Only a key ends an open-ended main sit (q, then y): without a terminal to read them from, the
            // sit could only be cut off.
            if shape == .open, !Terminal.isTerminal(0) {
                throw ProfileError.invalidOption("--open", option: "option",
                                                 accepted: "a terminal on standard input for --open (q, then y, ends the main sit); without one, give the sit a length or --until")
            }
            // Sized on the local clock from the moment the sit starts, across a change to or from summer time.
            let startEpoch = startAt.map { ClockTime.nextEpoch(of: $0, after: WallClock.precise()) } ?? WallClock.precise()
            let timeline = try shape.timeline(of: profile, startingAt: startAt ?? ClockTime.now(),
                                              secondsUntil: { ClockTime.secondsFrom(startEpoch, until: $0) })

            let system = silent ? nil : Terminal.bellRinger(volume: level)
            let ringer: BellRinger = system ?? SilentRinger()
            let keys = TerminalKeys()
            defer { keys.restore() }
            // A live display moves the cursor, which a dumb terminal cannot do: it gets the log lines.
            let live = context.stdoutIsTerminal && Terminal.variable("TERM") != "dumb"
            let display: RunDisplay = live
                ? LiveRunDisplay(write: Output.stdout, width: { Terminal.width() }, height: { Terminal.height() ?? 0 }, color: context.render.color, keys: keys.readsKeys,
                                 drawsFrame: { TerminalKeys.ownsTerminal(1) })
                : LogRunDisplay(write: Output.stdout, wallClock: Terminal.wallClock)
            let planned: Int? = switch timeline.end {
            case .fixed(let seconds): seconds
            case .open: nil
            }
            let logged = quick ? nil : profile.name
            // Opened before a wait for --at, so that a journal that cannot be written is said now, not then.
            var runJournal = try RunJournal(journal, speed: factor, profile: logged, total: planned)
            if let startAt {
                switch Self.waitForStart(at: startAt, name: profile.name, live: live, keys: keys, inhibit: !noInhibit) {
                case .start: break
                case .cancelled:
                    keys.restore()
                    Output.stdout("cancelled: \(quoted(profile.name)) did not start\n")
                    throw ExitStatus.stopped.exitCode
                case .interrupted:
                    keys.restore()
                    // Output that could not be written fails as any command's does (74), said once.
                    if keys.stoppedByLostOutput { return }
                    Output.stdout("interrupted: \(quoted(profile.name)) did not start\n")
                    throw ExitStatus.interrupted.exitCode
                }
                runJournal.startsNow()
            }
            if !quick { Self.keepLastRun(profile.name, in: lastRun) }
            let environment = SitEnvironment(
                clock: MonotonicClock(), input: keys, display: display, ringer: ringer,
                // Before the sit: a player that fails at once is replaced now, and the header says so.
                checkBells: { system?.preflight() ?? [] },
                sound: { system?.soundName ?? "silent" },
                holdOffSleep: { seconds in Self.holdOffSleep(profile: profile.name, seconds: seconds, inhibit: !noInhibit, keys: keys) },
                record: { summary throws(ProfileError) in
                    try runJournal.finish(summary, logStyle: display is LogRunDisplay)
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

    /// Where the profile run last is kept; nil with no home.
    static func lastRunFile() -> LastRun? {
        SitRecordFolder.location(environment: Terminal.environment, homeFallback: Terminal.passwordHome).map { LastRun(folder: $0) }
    }

    /// Keeps `name` as the profile run last; a failure is said, and the sit goes on.
    static func keepLastRun(_ name: String, in file: LastRun?) {
        do throws(ProfileError) {
            try file?.keep(name)
        } catch {
            Output.diagnostic("warning: \(error); 'profile run' with no name will not run this profile next")
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

extension RunCommand {
    /// Waits for `run --at`: sleep held off, a countdown on a terminal (`Morning starts at 07:00, in
    /// 12:34 · q cancels`), one line elsewhere.
    static func waitForStart(at time: ClockTime, name: String, live: Bool, keys: TerminalKeys, inhibit: Bool) -> StartWait.Outcome {
        let target = ClockTime.nextEpoch(of: time, after: WallClock.precise())
        let hold = holdOffSleep(profile: name, seconds: max(0, target - WallClock.precise()), inhibit: inhibit, keys: keys)
        defer { hold.release() }
        if let note = hold.note { Output.stdout(live ? "  \(note)\n" : "\(Terminal.wallClock())  note  \(note)\n") }
        let tomorrow = LocalCalendar().day(of: Int(target)) != LocalCalendar().day(of: Int(WallClock.precise()))
        let title = "\(escaped(name)) starts at \(time)\(tomorrow ? " tomorrow" : "")"
        let outcome = StartWait.wait(until: target, wall: POSIX.now, input: keys, countsDown: live) { seconds in
            let left = TimerDuration(seconds: seconds).formatted
            if live {
                Output.stdout("\r\u{1B}[K\(title), in \(left)\(keys.readsKeys ? " · q cancels" : "")")
            } else {
                Output.stdout("\(Terminal.wallClock())  waiting: \(title), in \(left)\n")
            }
        }
        if live { Output.stdout("\r\u{1B}[K") }
        return outcome
    }
}
