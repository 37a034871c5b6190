import Files
import Foundation
import Testing
import TestSupport
import ProfileKit
import Sound
import Players
import ProfileREPL

/// Acceptance 3 and 4 end to end: `profile run` off and on a terminal, the players it finds, and the
/// exported WAV files read back.
@Suite("profile run and sounds", .serialized)
struct RunTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        for name in ["Morning", "Intervals", "Long Sit"] {
            try FileManager.default.copyItem(atPath: Harness.fixtures.appendingPathComponent("\(name).json").path,
                                             toPath: "\(store)/\(name).json")
        }
    }

    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> Harness.Result {
        try Harness.run(arguments, store: store, home: home, environment: environment)
    }

    /// A folder `bin-folder` holding a fake player `name` whose shell script is `body(log)`, with `log` a
    /// file beside it.
    func player(_ name: String, folder: String, body: (_ log: String) -> String) throws -> (bin: String, log: String) {
        let bin = "\(home)/bin-\(folder)"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let log = "\(bin)/played.log"
        try ("#!/bin/sh\n" + body(log)).writeExecutable(to: "\(bin)/\(name)")
        return (bin, log)
    }

    /// A folder holding a fake player `name` that appends its arguments to `log` and exits with `status`.
    func fakePlayer(_ name: String, status: Int = 0) throws -> (bin: String, log: String) {
        try player(name, folder: "\(name)-\(status)") { log in "echo \"$@\" >> '\(log)'\nexit \(status)\n" }
    }

    /// The `kind` column of each log line, and its offset.
    static func events(_ output: String) -> [(offset: String, kind: String)] {
        output.split(separator: "\n").compactMap { line in
            let fields = line.components(separatedBy: "  ")
            guard fields.count >= 3 else { return nil }
            return (String(fields[1].dropFirst()), fields[2])
        }
    }

    // MARK: Not on a terminal

    @Test func offATerminalEachEventIsOneLineInThePlannedOrder() throws {
        // --no-log and --no-inhibit: the events alone (without them a fast run ends by saying it is not
        // logged, and the header says that the computer may sleep: the tests' system bus is not there).
        let result = try run("run", "Intervals", "--speed", "2000", "--silent", "--no-log", "--no-inhibit")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        let stamp = #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}  \+[0-9:]+  /#
        for line in lines { #expect(line.firstMatch(of: stamp) != nil, "\(line)") }
        let plan = try run("plan", "Intervals", "--format", "plain")
        let planned = plan.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        let logged = Self.events(result.stdout)
        #expect(logged.first?.kind == "run Intervals: 52:00, 7 bells, sound: silent")
        #expect(logged.dropFirst().dropLast().map(\.kind) == planned.map { String($0[2]) })
        #expect(logged.dropFirst().dropLast().map(\.offset) == planned.map { String($0[0]) })
        #expect(lines.last?.hasSuffix("completed  Session complete: 52:00, 0 of 7 bells rang (silent).") == true, "a silent bell is not counted as rung")
        #expect(result.stdout.contains("bell: Tingsha (silent)"))
        #expect(!result.stdout.contains("\u{07}") && result.stderr.isEmpty)
    }

    @Test func theFirstPlayerOnThePathPlaysEachBellsFile() throws {
        let (bin, log) = try fakePlayer("paplay")
        let cache = "\(home)/cache"
        let result = try run("run", "Morning", "--speed", "2000",
                             environment: ["PATH": "\(bin):\(Harness.systemPath)", "XDG_CACHE_HOME": cache])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("sound: paplay"))
        #expect(result.stdout.contains("cooldown-start  Cool-down starts  bell: Temple Bell (paplay)"))
        let played = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        // Before the sit the player is checked with a tenth of a second of silence; then the bells. The
        // file's name carries the synthesis's and the mix's versions, so a file an older `profile` made
        // is never played for a bell that now sounds different.
        #expect(played == ["\(cache)/profile/bells/check-silence-100ms.wav"] + ["singing-bowl", "temple-bell", "singing-bowl"].map {
            "\(cache)/profile/bells/v\(BellSynth.version).\(StrikeMix.version)-\($0)-x1-100.wav"
        })
        #expect(played.dropFirst().first?.hasSuffix("/v3.3-singing-bowl-x1-100.wav") == true)
        for file in Set(played) { _ = try ExportedWAV(path: file) }
        #expect(try ExportedWAV(path: played[0]).samples.allSatisfy { $0 == 0 }, "the check is silent")
    }

    /// `profile` ignores SIGPIPE to see EPIPE; a player it starts gets every signal's default back.
    @Test func aPlayerStartsWithSIGPIPEAtItsDefault() throws {
        let bin = "\(home)/bin-sigpipe"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let log = "\(bin)/status.log"
        try "#!/bin/sh\ngrep '^SigIgn:' /proc/$$/status >> '\(log)'\n".writeExecutable(to: "\(bin)/paplay")
        let result = try run("run", "Long Sit", "--speed", "5000", environment: ["PATH": "\(bin):\(Harness.systemPath)"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            let mask = try #require(UInt64(line.split(separator: "\t").last ?? "", radix: 16), "\(line)")
            #expect(mask & (1 << (UInt64(SIGPIPE) - 1)) == 0, "the player inherited SIGPIPE ignored: \(line)")
        }
    }

    @Test func pwPlayComesBeforePaplayAndAplayGetsQuiet() throws {
        let pw = try fakePlayer("pw-play")
        let pa = try fakePlayer("paplay")
        let first = try run("run", "Long Sit", "--speed", "5000", environment: ["PATH": "\(pa.bin):\(pw.bin):\(Harness.systemPath)"])
        #expect(first.stdout.contains("sound: pw-play"))
        #expect(!FileManager.default.fileExists(atPath: pa.log))
        let a = try fakePlayer("aplay")
        // Without XDG_CACHE_HOME (the tests' shared cache) the bells are made under HOME's .cache.
        _ = try run("run", "Long Sit", "--speed", "5000", environment: ["PATH": "\(a.bin):\(Harness.systemPath)", "XDG_CACHE_HOME": ""])
        #expect(try String(contentsOfFile: a.log, encoding: .utf8).hasPrefix(
            "-q \(home)/.cache/profile/bells/check-silence-100ms.wav\n-q \(home)/.cache/profile/bells/v3.3-singing-bowl-x1-100.wav"))
    }

    /// With no player, and neither stdout nor stderr a terminal to ring the terminal bell on, nothing
    /// sounds: the log says so for every bell, and why once, instead of claiming the terminal bell.
    @Test func withoutAPlayerOrATerminalTheLogSaysNoBellSounds() throws {
        for environment in [["PATH": "/nonexistent"], ["PROFILE_PLAYER": "none"], ["PROFILE_PLAYER": "no-such-player"]] {
            // --no-inhibit: the note about sleep is not the one counted here.
            let result = try run("run", "Morning", "--speed", "2000", "--no-inhibit", environment: environment)
            #expect(result.status == 0)
            #expect(result.stdout.contains("sound: no sound"))
            #expect(result.stdout.contains("main-start  Main sit starts  bell: Singing Bowl (no sound)"))
            #expect(result.stdout.contains("cooldown-start  Cool-down starts  bell: Temple Bell (no sound)"))
            #expect(!result.stdout.contains("terminal bell)"), "a bell claimed the terminal bell: \(result.stdout)")
            #expect(!result.stdout.contains("\u{07}") && !result.stderr.contains("\u{07}"))
            let notes = result.stdout.split(separator: "\n").filter { $0.contains("  note  ") }
            #expect(notes.count == 1, "the reason is given once: \(notes)")
            #expect(notes.first?.hasSuffix("; no terminal for the terminal bell either, so no bell can sound") == true)
            #expect(result.stdout.contains("Session complete: 37:00, 0 of 3 bells rang (no sound)."), "\(result.stdout)")
        }
    }

    // MARK: Players that fail (issue 23, item 6)

    /// The run's lines that are notes.
    static func notes(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in line.range(of: "  note  ").map { String(line[$0.upperBound...]) } }
    }

    static func isGone(_ pid: pid_t) -> Bool { Harness.processIsGone(pid) }

    /// The journal's records, from the JSON lines file at `path`.
    static func records(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// Every player on PATH failing, and no terminal: found before the sit, said once under the header;
    /// no bell sounds, and neither the summary nor the journal counts one.
    @Test func everyPlayerFailingBeforeTheSitLeavesNoSoundAndCountsNoBell() throws {
        let (bin, _) = try player("pw-play", folder: "all-failing") { _ in "exit 1\n" }
        _ = try player("paplay", folder: "all-failing") { _ in "exit 2\n" }
        let journal = "\(home)/failing.jsonl"
        let result = try run("run", "Morning", "--speed", "500", "--log", "--no-inhibit",
                             environment: ["PATH": "\(bin):\(Harness.systemPath)", "PROFILE_JOURNAL": journal])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("run Morning: 37:00, 3 bells, sound: no sound"))
        #expect(Self.notes(result.stdout) == [
            "pw-play failed with status 1 and paplay failed with status 2 before the sit; no terminal for the terminal bell either, so no bell can sound"])
        #expect(result.stdout.contains("session-end  Session ends  bell: Singing Bowl (no sound)"))
        #expect(result.stdout.contains("Session complete: 37:00, 0 of 3 bells rang (no sound)."), "\(result.stdout)")
        let records = try Self.records(journal)
        #expect(records.count == 1 && records.first?["bells"] as? Int == 0, "\(records)")
    }

    /// A player that fails only once the bells come is replaced by the next on PATH; the bell it failed
    /// rings again there at once, the log says so once, and every bell counts.
    @Test func aPlayerFailingDuringTheSitIsReplacedAndItsBellRingsAgain() throws {
        // pw-play passes the check before the sit (a silence) and fails every bell.
        let (bin, _) = try player("pw-play", folder: "replaced") { _ in "case \"$1\" in */check-silence-*) exit 0;; esac\nexit 1\n" }
        let (_, log) = try player("paplay", folder: "replaced") { log in "echo \"$@\" >> '\(log)'\n" }
        let journal = "\(home)/replaced.jsonl"
        // At --speed 500 the bells come 0.6 s and more apart: the failure is found before the next.
        let result = try run("run", "Morning", "--speed", "500", "--log", "--no-inhibit",
                             environment: ["PATH": "\(bin):\(Harness.systemPath)", "PROFILE_JOURNAL": journal])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("run Morning: 37:00, 3 bells, sound: pw-play"))
        #expect(Self.notes(result.stdout) == ["pw-play failed with status 1; paplay rings the bells from now on"], "\(result.stdout)")
        #expect(result.stdout.contains("main-start  Main sit starts  bell: Singing Bowl (pw-play)"))
        #expect(result.stdout.contains("cooldown-start  Cool-down starts  bell: Temple Bell (paplay)"))
        let played = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(played.map { $0.split(separator: "/").last ?? "" } == ["v3.3-singing-bowl-x1-100.wav", "v3.3-temple-bell-x1-100.wav", "v3.3-singing-bowl-x1-100.wav"],
                "paplay got every bell, the failed one again")
        #expect(result.stdout.contains("Session complete: 37:00, 3 of 3 bells rang."), "\(result.stdout)")
        #expect(try Self.records(journal).first?["bells"] as? Int == 3)
    }

    /// A player still playing 5 s after its bell's end is killed with what it started, the next player
    /// takes over, the log says so once, and the bell it held did not sound.
    @Test func aHangingPlayerIsKilledAndTheNextTakesOver() throws {
        // A short recording, so that the player hangs past its end 5 s after it is handed it.
        let rate = 8_000
        let samples = (0..<rate / 4).map { Int16(8_000 * sin(Double($0) / 5)) }
        try Data(WAV.encode(samples, sampleRate: rate)).write(to: URL(fileURLWithPath: "\(home)/tick.wav"))
        #expect(try run("sounds", "add", "Tick", "\(home)/tick.wav").status == 0)
        #expect(try run("new", "Hang", "--duration", "1").status == 0)
        #expect(try run("set", "Hang", "bells.start", "tick").status == 0)
        #expect(try run("set", "Hang", "bells.end", "tick").status == 0)
        let (bin, hung) = try player("pw-play", folder: "hanging") { log in
            "case \"$1\" in */check-silence-*) exit 0;; esac\nsleep 1000 &\necho $! >> '\(log)'\nwait\n"
        }
        let (_, log) = try player("paplay", folder: "hanging-next") { log in "echo \"$@\" >> '\(log)'\n" }
        let journal = "\(home)/hanging.jsonl"
        // A minute at --speed 8 is 7.5 s: the start bell's player is killed about 5.3 s in.
        let started = Date()
        let result = try run("run", "Hang", "--speed", "8", "--log", "--no-inhibit",
                             environment: ["PATH": "\(bin):\(POSIX.directoryName(log)):\(Harness.systemPath)", "PROFILE_JOURNAL": journal])
        #expect(Date().timeIntervalSince(started) < 12)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.notes(result.stdout) == ["pw-play was still playing 5 s after its bell's end and was stopped; paplay rings the bells from now on"],
                "\(result.stdout)")
        let sleeper = try #require(pid_t(String(contentsOfFile: hung, encoding: .utf8).split(separator: "\n").first ?? ""))
        #expect(Self.isGone(sleeper), "the hanging player's sleep survived")
        #expect(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count == 1, "the end bell, not the late start bell")
        #expect(result.stdout.contains("session-end  Session ends  bell: Tick (paplay)"))
        #expect(result.stdout.contains("Session complete: 01:00, 1 of 2 bells rang."), "\(result.stdout)")
        #expect(try Self.records(journal).first?["bells"] as? Int == 1)
    }

    @Test func soundsPlaySaysItCouldNotPlayWithoutAPlayerOrATerminal() throws {
        let result = try run("sounds", "--play", "gong", environment: ["PROFILE_PLAYER": "none"])
        // Nothing could sound, so the command failed.
        #expect(result.status == 78)
        #expect(result.stderr == "profile: could not play Gong: PROFILE_PLAYER is none; no terminal for the terminal bell either, so no bell can sound\n")
    }

    /// Ctrl-C, SIGTERM and a hang-up (the terminal closed) end a run alike: the summary, then 130.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aStopSignalEndsTheRunWithItsSummaryAndStatus130(_ signal: Int32) throws {
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["run", "Morning", "--silent"]
        process.environment = Harness.environment(store: store, home: home)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        Thread.sleep(forTimeInterval: 0.5)
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "")
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        let lines = text.split(separator: "\n")
        #expect(lines.dropLast().last?.contains("interrupted  Interrupted at 00:00 of 37:00; 0 of 3 bells rang.") == true)
        // Under a minute sat: not logged, and the last line says so.
        #expect(lines.last?.hasSuffix("  not logged: 00:00 sat, under a minute") == true, "\(text)")
    }

    /// `nohup profile run`: a hang-up the run was started ignoring stays ignored, and the sit goes on.
    @Test func aRunStartedIgnoringHangUpsOutlivesOne() throws {
        let (process, output) = try Harness.start(
            executable: URL(fileURLWithPath: "/bin/sh"),
            ["-c", "trap '' HUP; exec \"$0\" run Morning --silent --no-log --no-inhibit", Harness.binary.path],
            store: store, home: home)
        // Under way (its handlers set) once its first event is out.
        var seen = ""
        while !seen.contains("warmup-start"), case let data = output.fileHandleForReading.availableData, !data.isEmpty {
            seen += String(decoding: data, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGHUP)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(process.isRunning, "the hang-up stopped the run")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
    }

    /// The player has a process group of its own, which a terminal's Ctrl-C does not reach: a signal that
    /// stops `sounds --play` stops its bell too.
    @Test func aSignalStopsTheBellSoundsPlays() throws {
        let player = try player("paplay", folder: "forever") { log in "echo $$ > '\(log)'\nexec sleep 1000\n" }
        let (process, _) = try Harness.start(["sounds", "--play", "Gong"], store: store, home: home,
                                             extra: ["PATH": "\(player.bin):\(Harness.systemPath)"])
        _ = eventually(within: 10) { FileManager.default.fileExists(atPath: player.log) }
        let pid = try #require(Int32(String(contentsOfFile: player.log, encoding: .utf8).trimmingWhitespace()))
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(Self.isGone(pid), "the player still plays")
    }

    // MARK: On a terminal

    func terminal(_ arguments: String..., environment: [String: String] = [:]) throws -> PseudoTerminal {
        let extra = ["TERM": "xterm-256color", "NO_COLOR": "1"].merging(environment) { $1 }
        return try PseudoTerminal(arguments: [Harness.binary.path] + arguments,
                                  environment: Harness.environment(store: store, home: home, extra: extra))
    }

    /// The main sit's time left as each frame drawn in `text` shows it (`29:10` of `Main sit: 29:10 left · …`).
    static func mainSitTimes(_ text: String) -> [String] {
        text.matches(of: #/Main sit: (\d\d:\d\d) left/#).map { String($0.output.1) }
    }

    /// The session time a `Paused` or `Resumed` line of `text` says (`02:41  Paused`).
    static func saidAt(_ word: String, in text: String) -> String? {
        text.matches(of: #/(\d\d:\d\d)  (Paused|Resumed)/#).first { $0.output.2 == word }.map { String($0.output.1) }
    }

    /// At --speed 400 the main sit's time left moves 40 s in each tenth of a second a frame is drawn: paused
    /// for most of a second it would move by minutes, were the clock not stopped.
    @Test func theLiveDisplayPausesResumesAndEnds() throws {
        let screen = try terminal("run", "Morning", "--speed", "400", "--no-log", environment: ["PROFILE_PLAYER": "none"])
        try screen.waitFor("Morning: 37:00, 3 bells, sound: terminal bell")
        try screen.waitFor("Warm Up: ")
        try screen.waitFor("space pause · q stop · m mute · sound: terminal bell")  // no volume keys for a beep (issue 50)
        try screen.waitFor("Main sit starts (Singing Bowl)")
        try screen.waitFor("PROFILE_PLAYER is none; ringing the terminal bell")
        try screen.waitFor("Next bell: Cool-down starts (Temple Bell) at 32:00")
        let mark = screen.checkpoint()
        screen.send(" ")
        let paused = try screen.waitFor("PAUSED", since: mark)
        #expect(paused.contains("Paused"))
        try screen.waitFor("space resume", since: mark)
        // Paused, nothing moves: the part's time left stays put for 0.8 s (320 s of the session at this
        // speed), and no event fires.
        let shown = try #require(Self.mainSitTimes(screen.output(since: mark)).last, "the paused frame shows no time left")
        let frozen = screen.checkpoint()
        let since = screen.watch(for: 0.8, since: frozen)
        #expect(Self.mainSitTimes(since).allSatisfy { $0 == shown }, "the time left moved while paused, from \(shown): \(Self.mainSitTimes(since))")
        #expect(!since.contains("Cool-down starts"), "an event fired while paused")
        let resuming = screen.checkpoint()
        screen.send(" ")
        let resumed = try screen.waitFor("Resumed", since: mark)
        // The session's clock stood still: it resumes at the time it paused at.
        let pausedAt = try #require(Self.saidAt("Paused", in: resumed))
        #expect(Self.saidAt("Resumed", in: resumed) == pausedAt, "the session's clock ran while paused")
        // And moves again: a frame shows less time left.
        try screen.waitUntil("the time left moving after resume", since: resuming, timeout: 5) {
            Self.mainSitTimes($0).contains { $0 < shown }
        }
        try screen.waitFor("Cool-down starts (Temple Bell)", since: mark)
        try screen.waitFor("Session complete: 37:00, 3 of 3 bells rang, ", timeout: 20)
        #expect(screen.waitForExit() == 0)
        // The pause lasted about a second of real time: said as a time when it rounds to one.
        #expect(screen.output.contains("3 of 3 bells rang, paused 1 time.") || screen.output.contains("3 of 3 bells rang, 00:01 paused (1 time)."))
        #expect(screen.output.contains("\u{07}"), "the terminal bell rang")
        #expect(screen.output.hasSuffix("\u{1B}[?25h"), "the cursor is shown again")
    }

    /// On a terminal, a player that fails before the sit leaves the terminal bell: the header says so,
    /// once, and the bells ring there and count.
    @Test func aPlayerFailingBeforeTheSitLeavesTheTerminalBellOnATerminal() throws {
        let (bin, _) = try fakePlayer("paplay", status: 1)
        let screen = try terminal("run", "Morning", "--speed", "1000", "--no-log", environment: ["PATH": "\(bin):\(Harness.systemPath)"])
        try screen.waitFor("Morning: 37:00, 3 bells, sound: terminal bell")
        try screen.waitFor("paplay failed with status 1 before the sit; ringing the terminal bell")
        try screen.waitFor("Session complete: 37:00, 3 of 3 bells rang", timeout: 20)
        #expect(screen.waitForExit() == 0)
        #expect(screen.output.components(separatedBy: "paplay failed").count == 2, "said once")
        #expect(screen.output.contains("\u{07}"), "the terminal bell rang")
    }

    /// A folder holding a fake player `name` that passes the check before the sit at once and plays each
    /// bell for `seconds` (it sleeps): it writes `check FILE` for the check's silence, `start PID SLEEP FILE`
    /// when handed a bell (its pid and its sleep's), and `done PID logged` (or `unlogged`) when the bell has
    /// played to its end, saying whether the journal `journal` then held a sit.
    func slowPlayer(_ name: String, seconds: Double, journal: String = "/nonexistent") throws -> (bin: String, log: String) {
        try player(name, folder: "slow-\(name)") { log in
            """
            case "$1" in */check-silence-*) echo "check $1" >> '\(log)'; exit 0;; esac
            sleep \(seconds) &
            echo "start $$ $! $1" >> '\(log)'
            wait
            if [ -s '\(journal)' ]; then logged=logged; else logged=unlogged; fi
            echo "done $$ $logged" >> '\(log)'

            """
        }
    }

    /// The lines of the fake player's `log` that start with `kind` (`check`, `start`, `done`), split at
    /// the blanks, once there are at least `count` of them or 10 s have passed.
    static func played(_ log: String, _ kind: String, atLeast count: Int = 0) -> [[String]] {
        let deadline = Date().addingTimeInterval(10)
        while true {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.filter { $0.first == kind }
            if lines.count >= count || Date() >= deadline { return lines }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Whether process `pid` is running now (not gone, not a zombie).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return stat.split(separator: ")").last?.split(separator: " ").first != "Z"
    }

    /// Issue 24: a bell rings for up to a minute, and the end bell of a completed sit is let ring to its
    /// end: the sit is logged first, and the player is not stopped.
    @Test func theEndBellRingsOutAfterTheSitIsLogged() throws {
        let journal = "\(home)/rings-out.jsonl"
        let player = try slowPlayer("paplay", seconds: 1.5, journal: journal)
        let started = Date()
        let result = try run("run", "Long Sit", "--speed", "5000", "--log", "--no-inhibit",
                             environment: ["PATH": "\(player.bin):\(Harness.systemPath)", "PROFILE_JOURNAL": journal])
        #expect(result.status == 0, "\(result.stderr)")
        // The check before the sit ends at once: the 1.5 s are the bells'.
        #expect(Self.played(player.log, "check").map { $0.last?.hasSuffix("/check-silence-100ms.wav") } == [true], "the player was checked once")
        #expect(Date().timeIntervalSince(started) >= 1.4, "the run waited for the bell")
        // The Start bell and the End bell (the last handed over), both the Singing Bowl's file.
        let bells = Self.played(player.log, "start")
        #expect(bells.count == 2 && bells.allSatisfy { $0.last?.hasSuffix("/v\(BellSynth.version).\(StrikeMix.version)-singing-bowl-x1-100.wav") == true }, "\(bells)")
        let end = try #require(bells.last?.dropFirst().first, "the end bell was never handed to the player")
        let done = Self.played(player.log, "done").filter { $0.dropFirst().first == end }
        #expect(!done.isEmpty, "the end bell was cut")
        #expect(done.first?.last == "logged", "the sit was not in the journal when the end bell ended: \(done)")
        #expect(try Self.records(journal).count == 1, "the sit is logged once")
        #expect(try String(contentsOfFile: player.log, encoding: .utf8).contains("done"), "the end bell was cut")
        #expect(!result.stdout.contains("rings out"), "the hint is for a terminal")
    }

    /// On a terminal the run says the bell rings out, and q stops it there: the player (and what it
    /// started) is stopped at once, long before the bell's end, and never finishes.
    @Test func qStopsTheEndBellRingingOut() throws {
        let player = try slowPlayer("paplay", seconds: 30)
        let screen = try terminal("run", "Long Sit", "--speed", "5000", "--no-log", environment: ["PATH": "\(player.bin):\(Harness.systemPath)"])
        try screen.waitFor("Session complete: ", timeout: 20)
        try screen.waitFor("The bell rings out; q stops it.")
        // The Start bell and the End bell, each a shell and its sleep, still playing when q comes.
        let bells = Self.played(player.log, "start", atLeast: 2)
        #expect(bells.count == 2, "\(bells)")
        let pids = bells.flatMap { $0.dropFirst().prefix(2).compactMap { pid_t($0) } }
        #expect(pids.count == 4, "\(bells)")
        #expect(pids.allSatisfy(Self.isRunning), "the bell was not ringing out when q came")
        let asked = Date()
        screen.send("q")
        #expect(screen.waitForExit() == 0, "a completed sit, its bell stopped early")
        #expect(Date().timeIntervalSince(asked) < 5)
        for pid in pids { #expect(Self.isGone(pid), "the player (or its sleep) \(pid) still plays after q") }
        #expect(Self.played(player.log, "done").isEmpty, "the player was stopped before it finished")
    }

    @Test func qAsksAndYStops() throws {
        let screen = try terminal("run", "Long Sit", "--speed", "10", "--silent")
        try screen.waitFor("Main sit: ")
        let mark = screen.checkpoint()
        screen.send("q")
        try screen.waitFor("Stop the session? y to stop, any other key to go on", since: mark)
        screen.send("n")
        try screen.waitFor("space pause · q stop", since: screen.checkpoint())
        screen.send("q")
        screen.send("y")
        try screen.waitFor("Stopped at 00:", since: mark)
        // A sit cut short is told from a completed one (0) and an interrupted one (130).
        #expect(screen.waitForExit() == 1)
        #expect(!screen.output.contains("\u{07}"), "--silent rings nothing")
    }

    /// q, then y: the run stops and says so; then the shell leaves, and with it the tmux server (a server
    /// left behind keeps the test runner's inherited pipes open and can hold up other tests).
    static func stopAndLeave(_ shell: TmuxShell) throws {
        try shell.press("q")
        try shell.waitForScreen { $0.contains("Stop the session?") }
        try shell.press("y")
        try shell.waitForScreen { $0.contains("Stopped at 0") }
        try shell.type("exit")
        try shell.press("Enter")
    }

    /// An interactive bash in tmux that has been told to run Long Sit with `options`, once the run shows
    /// its frame.
    func runInBash(_ options: String, columns: Int = 250, rows: Int = 60) throws -> TmuxShell {
        let rc = "\(home)/bashrc"
        try "PS1='ready$ '\n".write(toFile: rc, atomically: true, encoding: .utf8)
        let environment = Harness.environment(store: store, home: home, extra: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        let shell = try TmuxShell(["/bin/bash", "--noprofile", "--rcfile", rc, "-i"], environment: environment, prompt: "ready$ ",
                                  columns: columns, rows: rows)
        try shell.type("'\(Harness.binary.path)' run 'Long Sit' \(options)")
        try shell.press("Enter")
        try shell.waitForScreen { $0.contains("Main sit: ") }
        return shell
    }

    /// Ctrl-Z in bash: the shell gets its terminal back as it was (canonical, echoing); `fg` brings the run
    /// back paused, saying how long it was stopped; one space (no Enter) goes on; q and y still stop it.
    @Test(.enabled(if: TmuxShell.isAvailable)) func ctrlZStopsTheRunAndFgBringsItBackPaused() throws {
        let shell = try runInBash("--speed 10 --silent --no-log")
        try shell.press("C-z")
        try shell.waitForScreen { $0.contains("Stopped") }
        try shell.type("stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo :$((40 + 2))done")
        try shell.press("Enter")
        let modes = try shell.waitForScreen { $0.contains(":42done") }
        #expect(modes.contains("icanon echo :42done"), "the shell's terminal after Ctrl-Z: \(modes)")
        try shell.type("fg")
        try shell.press("Enter")
        let back = try shell.waitForScreen { $0.contains("— paused; space goes on, q stops") && $0.contains("PAUSED") }
        #expect(back.contains("stopped 00:0"), "how long it was stopped: \(back)")
        try shell.press("Space")
        try shell.waitForScreen { $0.contains("Resumed") }
        // While the question is asked the clock stands: the time left does not move for 3 s (30 s of the
        // session at this speed); n goes on, then q and y stop.
        try shell.press("q")
        let asking = try shell.waitForScreen { $0.contains("Stop the session?") }
        Thread.sleep(forTimeInterval: 3)
        let later = try shell.waitForScreen { $0.contains("Stop the session?") }
        let timeLeft = { (screen: String) in screen.split(separator: "\n").first { $0.contains("session: ") }.map(String.init) }
        #expect(timeLeft(asking) != nil && timeLeft(asking) == timeLeft(later), "the time left moved while asking")
        try shell.press("n")
        try shell.waitForScreen { $0.contains("space pause · q stop") }
        try Self.stopAndLeave(shell)
    }

    /// Ctrl-Z, then `bg`: the run goes on in the background without touching the terminal (a read there
    /// would stop it with SIGTTIN, and no bell would ring), while the shell reads what is typed; `fg` gives
    /// it back its keys: one space resumes it.
    @Test(.enabled(if: TmuxShell.isAvailable)) func aRunSentToTheBackgroundGoesOnAndFgGivesItItsKeys() throws {
        let shell = try runInBash("--speed 10 --silent --no-log")
        try shell.press("C-z")
        try shell.waitForScreen { $0.contains("Stopped") }
        try shell.type("bg")
        try shell.press("Enter")
        try shell.type("echo typed:$((40 + 2))")
        try shell.press("Enter")
        try shell.waitForScreen { $0.contains("typed:42") }
        Thread.sleep(forTimeInterval: 1)
        try shell.type("jobs")
        try shell.press("Enter")
        let jobs = try shell.waitForScreen { $0.contains("Running") || $0.contains("Stopped (tty input)") }
        #expect(!jobs.contains("Stopped (tty input)"), "the run stopped in the background: \(jobs)")
        try shell.type("fg")
        try shell.press("Enter")
        Thread.sleep(forTimeInterval: 1.5)
        try shell.press("Space")
        try shell.waitForScreen { $0.contains("Resumed") }
        try Self.stopAndLeave(shell)
    }

    /// SIGSTOP from elsewhere while the run has the terminal: the shell takes the terminal (canonical) and
    /// `fg` gives it back; the run takes its keys again (one space, no Enter, pauses) and draws its frame anew.
    /// The time stopped is lateness, not a pause (issue 23): the clock went on.
    @Test(.enabled(if: TmuxShell.isAvailable)) func aStopFromElsewhereGivesTheKeysBackAfterFg() throws {
        let shell = try runInBash("--speed 10 --silent --no-log --store '\(store)'")
        let found = Process()
        found.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        found.arguments = ["-f", "run Long Sit --speed 10 --silent --no-log --store \(store)"]
        let out = Pipe()
        found.standardOutput = out
        try found.run()
        found.waitUntilExit()
        let pid = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").compactMap { Int32($0) }.first
        #expect(pid != nil, "the run's process")
        guard let pid else { return }
        kill(pid, SIGSTOP)
        try shell.waitForScreen { $0.contains("Stopped") }
        try shell.type("fg")
        try shell.press("Enter")
        Thread.sleep(forTimeInterval: 1)
        try shell.press("Space")
        let paused = try shell.waitForScreen { $0.contains("Paused") && $0.contains("PAUSED") }
        #expect(!paused.contains("stopped 00:"), "a stop from elsewhere is not said as a Ctrl-Z pause: \(paused)")
        try Self.stopAndLeave(shell)
    }

    /// The rows of `screen` drawn in block characters, the progress bar (`░`) left out: the big digits.
    static func digitRows(_ screen: String) -> [Substring] {
        screen.split(separator: "\n").filter { $0.contains { "█▀▄".contains($0) } && !$0.contains("░") }
    }

    /// `01:29:50 left · Long Sit` (or `29:50 left · …`): the time left in the part under way and the
    /// profile, as the title says them.
    static func saysTimeLeft(_ title: String) -> Bool {
        title.wholeMatch(of: #/(\d\d:)?\d\d:\d\d left · Long Sit/#) != nil
    }

    /// Issue 27's check: in tmux at 80 × 24 a run shows the time left in block digits (ten rows at this
    /// size, at least five), and the pane's title says the time left and the profile; after Ctrl-C the
    /// title no longer does.
    @Test(.enabled(if: TmuxShell.isAvailable)) func atEightyByTwentyFourTheTimeLeftIsBigAndInTheTitleUntilCtrlC() throws {
        let shell = try runInBash("--speed 10 --silent --no-log", columns: 80, rows: 24)
        let screen = try shell.waitForScreen { Self.digitRows($0).count >= 5 && $0.contains("space pause") }
        #expect(Self.digitRows(screen).count == 10, "\(screen)")
        // The digits are the time left in the first line below them, and centred: as many blanks either side.
        let line = try #require(screen.split(separator: "\n").first { $0.contains("Main sit: ") })
        #expect(line.contains(" left · session: "))
        let title = try shell.paneTitle()
        #expect(Self.saysTimeLeft(title), "the pane's title: \(title)")
        try shell.press("C-c")
        // The title is put back in the same write as the summary, before it.
        try shell.waitForScreen { $0.contains("Interrupted at ") }
        let after = try shell.paneTitle()
        #expect(!after.contains("left"), "the title still says the time left: \(after)")
        #expect(!after.contains("Long Sit"))
        try shell.type("exit")
        try shell.press("Enter")
    }

    /// Below 40 × 12 the run keeps today's few lines (the title still says the time left); a terminal
    /// made big enough gets the digits, and made small again the lines.
    @Test(.enabled(if: TmuxShell.isAvailable)) func aSmallTerminalKeepsTheFewLinesAndAResizeChangesTheLayout() throws {
        let shell = try runInBash("--speed 10 --silent --no-log", columns: 30, rows: 10)
        let small = try shell.waitForScreen { $0.contains("space pause") || $0.contains("space paus…") }
        #expect(Self.digitRows(small).isEmpty, "\(small)")
        #expect(small.contains("Main sit: "))
        #expect(Self.saysTimeLeft(try shell.paneTitle()))
        try shell.resize(columns: 80, rows: 24)
        try shell.waitForScreen { Self.digitRows($0).count == 10 }
        try shell.resize(columns: 30, rows: 10)
        try shell.waitForScreen { Self.digitRows($0).isEmpty && $0.contains("Main sit: ") }
        try shell.press("q")
        try shell.waitForScreen { $0.contains("Stop the sess") }
        try shell.press("y")
        try shell.waitForScreen { $0.contains("Stopped at 0") }
        #expect(try !shell.paneTitle().contains("left"))
        try shell.type("exit")
        try shell.press("Enter")
    }

    /// Ctrl-Z gives the shell its title back while the run is stopped; `fg` sets the run's again.
    @Test(.enabled(if: TmuxShell.isAvailable)) func ctrlZGivesTheTitleBackAndFgTakesItAgain() throws {
        let shell = try runInBash("--speed 10 --silent --no-log", columns: 80, rows: 24)
        try shell.waitForScreen { $0.contains("space pause") }
        #expect(Self.saysTimeLeft(try shell.paneTitle()))
        try shell.press("C-z")
        try shell.waitForScreen { $0.contains("Stopped") }
        #expect(try !shell.paneTitle().contains("left"))
        try shell.type("fg")
        try shell.press("Enter")
        try shell.waitForScreen { $0.contains("PAUSED") }
        let deadline = Date().addingTimeInterval(5)
        var title = try shell.paneTitle()
        while !title.contains("paused"), Date() < deadline {
            usleep(30_000)
            title = try shell.paneTitle()
        }
        #expect(title.hasSuffix(" left, paused · Long Sit"), "\(title)")
        try Self.stopAndLeave(shell)
    }

    @Test func aDumbTerminalGetsTheLogLinesAndKeysStillWork() throws {
        let screen = try terminal("run", "Long Sit", "--speed", "10", "--silent", environment: ["TERM": "dumb"])
        try screen.waitFor("main-start  Main sit starts")
        screen.send(" ")
        try screen.waitFor("  paused\n")
        screen.send("q")
        try screen.waitFor("question  Stop the session? y to stop, any other key to go on")
        screen.send("y")
        try screen.waitFor("stopped  Stopped at 00:")
        #expect(screen.waitForExit() == 1, "stopped with q then y")
        #expect(!screen.output.contains("\u{1B}["), "no cursor movement on a dumb terminal")
    }

    // MARK: WAV files

    @Test func exportedBellsReadBackAsDecayingWAVs() throws {
        let folder = "\(home)/out/bells"
        let result = try run("sounds", "--export", folder)
        #expect(result.status == 0, "\(result.stderr)")
        // Issue 24's shortest lengths, and a Wood Block under a second.
        let expected: [(file: String, bell: Bell, seconds: ClosedRange<Double>)] = [
            ("singing-bowl.wav", .singingBowl, 25...60), ("temple-bell.wav", .templeBell, 40...90), ("gong.wav", .gong, 25...60),
            ("tingsha.wav", .tingsha, 15...40), ("wood-block.wav", .woodBlock, 0.2...0.99),
        ]
        // The soundscapes' loops beside the bells (issue 38): each 16-bit stereo, 30 s.
        let loops = Soundscape.allCases.map { SoundscapeSynth.fileName(for: $0) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == (expected.map(\.file) + loops).sorted())
        for loop in loops {
            let wav = try ExportedWAV(path: "\(folder)/\(loop)")
            #expect(wav.sampleRate == 44_100 && wav.channels == 2 && wav.bitsPerSample == 16 && wav.seconds >= 30, "\(loop)")
        }
        var signatures: Set<[Int16]> = []
        for (file, bell, seconds) in expected {
            let wav = try ExportedWAV(path: "\(folder)/\(file)")
            #expect(result.stdout.contains("wrote \(folder)/\(file) (\(bell.rawValue), \(String(format: "%.1f", wav.seconds)) s)"), "\(result.stdout)")
            #expect(wav.sampleRate == 44_100 && wav.channels == 1 && wav.bitsPerSample == 16, "\(file)")
            #expect(seconds.contains(wav.seconds), "\(file) lasts \(wav.seconds) s")
            // Loud by loudness, not by peak: every bell at the same momentary loudness.
            let loudness = Loudness.maxMomentary(wav.samples.map { Float($0) / 32_768 }, sampleRate: wav.sampleRate)
            #expect(abs(loudness - BellSynth.loudness) < 0.5, "\(file) is \(loudness) LUFS")
            // Loudness, window by window after the strike, falls and ends 60 dB down.
            let windows = wav.rms(windowSeconds: wav.seconds / 10)
            let loudest = windows.indices.max { windows[$0] < windows[$1] } ?? 0
            #expect(loudest <= 1, "\(file) is loudest at its start")
            for index in (loudest + 1)..<windows.count {
                #expect(windows[index] < windows[index - 1], "\(file) grows louder in window \(index): \(windows)")
            }
            #expect((windows.last ?? 1) < (windows[loudest]) * 0.01, "\(file) rings out: \(windows)")
            #expect(wav.samples.last.map { abs(Int($0)) < 50 } == true, "\(file) ends without a click")
            signatures.insert(Array(wav.samples.prefix(4_000)))
        }
        #expect(signatures.count == expected.count, "every bell sounds different")
        // Exporting again gives the same bytes: the sounds are computed, not random.
        let again = "\(home)/again"
        _ = try run("sounds", "--export", again)
        for (file, _, _) in expected {
            #expect(FileManager.default.contents(atPath: "\(again)/\(file)") == FileManager.default.contents(atPath: "\(folder)/\(file)"))
        }
    }

    @Test func exportIntoAFileFailsAndWritesNothing() throws {
        try "x".write(toFile: "\(home)/plain", atomically: true, encoding: .utf8)
        let before = Harness.snapshot(home)
        let result = try run("sounds", "--export", "\(home)/plain/bells")
        #expect(result.status == 74)
        #expect(result.stderr == "profile: \(home)/plain/bells: lstat failed: ENOTDIR (Not a directory)\n")
        #expect(Harness.snapshot(home) == before)
    }
}

/// Reads a PCM WAV file independently of the writer: RIFF chunks are walked, not assumed.
struct ExportedWAV {
    var sampleRate = 0
    var channels = 0
    var bitsPerSample = 0
    var samples: [Int16] = []

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw Malformed(description: "\(path): unreadable") }
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else { throw Malformed(description: "\(path): not RIFF/WAVE") }
        guard u32(4) == bytes.count - 8 else { throw Malformed(description: "\(path): RIFF size \(u32(4)) for \(bytes.count) bytes") }
        var offset = 12
        var sawFormat = false
        while offset + 8 <= bytes.count {
            let size = u32(offset + 4)
            let body = offset + 8
            guard body + size <= bytes.count else { throw Malformed(description: "\(path): chunk \(tag(offset)) overruns the file") }
            switch tag(offset) {
            case "fmt ":
                guard u16(body) == 1 else { throw Malformed(description: "\(path): not PCM") }
                channels = u16(body + 2)
                sampleRate = u32(body + 4)
                guard u32(body + 8) == sampleRate * channels * 2, u16(body + 12) == channels * 2 else {
                    throw Malformed(description: "\(path): byte rate or block align disagree")
                }
                bitsPerSample = u16(body + 14)
                sawFormat = true
            case "data":
                guard sawFormat, size % 2 == 0 else { throw Malformed(description: "\(path): data before fmt, or odd size") }
                samples = stride(from: body, to: body + size, by: 2).map { Int16(bitPattern: UInt16(u16($0))) }
            default:
                break
            }
            offset = body + size + size % 2
        }
        guard sawFormat, !samples.isEmpty else { throw Malformed(description: "\(path): no fmt or no data") }
    }

    var seconds: Double { Double(samples.count) / Double(sampleRate) }

    /// Root-mean-square level of consecutive windows.
    func rms(windowSeconds: Double) -> [Double] {
        let size = max(1, Int(windowSeconds * Double(sampleRate)))
        return stride(from: 0, to: samples.count - size + 1, by: size).map { start in
            let sum = samples[start..<start + size].reduce(0.0) { $0 + Double($1) * Double($1) }
            return (sum / Double(size)).squareRoot()
        }
    }
}
