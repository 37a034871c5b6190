import Foundation
import Testing
import TestSupport
import Sound
import Players

/// What a run hands its player, end to end: strikes and volume in the WAV file, `--volume`, recorded
/// sounds, and a recording this machine lacks.
@Suite("Bells that are heard", .serialized)
struct BellSoundTests {
    let home: String
    var store: String { "\(home)/store" }
    /// Where the keeping player puts each file it is handed, numbered in the order they came.
    var kept: String { "\(home)/kept" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        // It keeps bells only: not the silence `run` plays it before the sit to check that it starts.
        let player = "\(home)/keep"
        try "#!/bin/sh\ncase \"$1\" in */check-silence-*) exit 0;; esac\nn=$(ls '\(kept)' | wc -l)\ncp \"$1\" '\(kept)'/$(printf %03d \"$n\").wav\n"
            .writeExecutable(to: player)
    }

    func run(_ arguments: String...) throws -> Harness.Result {
        try Harness.run(arguments, store: store, home: home, environment: ["PROFILE_PLAYER": "\(home)/keep"])
    }

    /// The files the player was handed, in order, decoded (by the test's own reader: a bell's file may
    /// be longer than the minute WAVReader takes from a recording).
    func keptSounds() throws -> [PCMSound] {
        try FileManager.default.contentsOfDirectory(atPath: kept).sorted().map { name in
            let wav = try ExportedWAV(path: "\(kept)/\(name)")
            return PCMSound(int16: wav.samples, sampleRate: wav.sampleRate)
        }
    }

    func clearKept() throws {
        try FileManager.default.removeItem(atPath: kept)
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
    }

    /// The loudest sample of `sound` in its first `seconds`.
    static func peak(_ sound: PCMSound, first seconds: Double = .infinity) -> Float {
        let count = seconds.isFinite ? min(sound.samples.count, Int(seconds * Double(sound.sampleRate))) : sound.samples.count
        return sound.samples[..<count].reduce(0) { max($0, abs($1)) }
    }

    @Test func threeStrikesAt70PercentAreLongerAndQuieterThanTheExport() throws {
        #expect(try run("new", "Once", "--duration", "1").status == 0)
        #expect(try run("set", "Once", "bells.start", "none").status == 0)
        #expect(try run("set", "Once", "bells.end", "temple bell").status == 0)
        #expect(try run("copy", "Once", "Thrice").status == 0)
        #expect(try run("set", "Thrice", "bells.end", "temple bell x3 70%").status == 0)

        let once = try run("run", "Once", "--speed", "600")
        #expect(once.status == 0, "\(once.stderr)")
        let single = try #require(try keptSounds().last)
        try clearKept()
        let thrice = try run("run", "Thrice", "--speed", "600")
        #expect(thrice.status == 0, "\(thrice.stderr)")
        #expect(thrice.stdout.contains("bell: Temple Bell ×3 70% ("))
        let triple = try #require(try keptSounds().last)

        let export = "\(home)/export"
        #expect(try run("sounds", "--export", export).status == 0)
        let exportedWAV = try ExportedWAV(path: "\(export)/temple-bell.wav")
        let exported = PCMSound(int16: exportedWAV.samples, sampleRate: exportedWAV.sampleRate)

        #expect(triple.seconds >= single.seconds + 4, "three strikes last \(triple.seconds) s, one \(single.seconds) s")
        // The first strike, before the second begins (the Temple Bell's strikes come 8 s apart, give or
        // take a few percent), peaks at 70% of the exported bell.
        let ratio = Self.peak(triple, first: 0.95 * BellSynth.spacing(for: .templeBell)) / Self.peak(exported)
        #expect(ratio >= 0.65 && ratio <= 0.75, "the first strike peaks at \(ratio) of the export")
        #expect(abs(Self.peak(single) / Self.peak(exported) - 1) < 0.01, "one strike at 100% is the exported bell")
        #expect(Self.peak(triple) <= Float(StrikeMix.ceiling) + 1e-4, "the strikes add up without clipping")
    }

    @Test func runVolumeScalesEveryBell() throws {
        #expect(try run("new", "Quiet", "--duration", "1").status == 0)
        #expect(try run("run", "Quiet", "--speed", "600").status == 0)
        let full = try #require(try keptSounds().first)
        try clearKept()
        #expect(try run("run", "Quiet", "--speed", "600", "--volume", "50").status == 0)
        let half = try #require(try keptSounds().first)
        let ratio = Self.peak(half) / Self.peak(full)
        #expect(abs(ratio - 0.5) < 0.01, "--volume 50 peaks at \(ratio)")
        let refused = try run("run", "Quiet", "--volume", "120")
        #expect(refused.status == 64)
        #expect(refused.stderr == "profile: invalid --volume \"120\": use a whole percentage from 5 to 100, such as 50\n")
    }

    /// `sounds --play rain` hands the player ten seconds of the soundscape, 16-bit stereo at 44.1 kHz,
    /// made once into the cache; a bell's name still plays the bell.
    @Test func aSoundscapeIsPlayedForTenSecondsInStereo() throws {
        let played = try run("sounds", "--play", "rain")
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stderr.contains("playing Rain (keep)"), "\(played.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: kept)
        #expect(files.count == 1)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(kept)/\(try #require(files.first))")))
        #expect(bytes.count == 44 + 10 * 44_100 * 4 && bytes[22] == 2, "\(bytes.count) bytes, \(bytes.count > 22 ? bytes[22] : 0) channels")
        let cached = try FileManager.default.contentsOfDirectory(atPath: "\(Harness.sharedCache)/profile/bells")
        #expect(cached.contains("soundscape-v\(SoundscapeSynth.version)-rain-100.wav"), "\(cached)")
        #expect(try run("sounds", "--play", "brown-noise").stderr.contains("playing Brown Noise (keep)"))
        let unknown = try run("sounds", "--play", "thunder")
        #expect(unknown.status != 0 && unknown.stderr.contains("thunder"), "\(unknown.stderr)")
    }

    /// Issue 50, item 5: with no audio player installed, `sounds --play rain` does not "play" a
    /// soundscape as one terminal beep: it says it cannot, names the package to install on Debian, Fedora
    /// and Arch, fails (78) and rings nothing; a bell still rings the terminal bell.
    @Test func withNoPlayerASoundscapeIsNotABeep() throws {
        let bare = ["PROFILE_PLAYER": "", "PATH": "/nonexistent"]
        let played = try Harness.run(["sounds", "--play", "rain"], store: store, home: home, environment: bare)
        #expect(played.status == 78, "\(played.status) \(played.stderr)")
        #expect(played.stderr == "profile: cannot play the soundscape Rain: no audio player is installed: \(SystemBellRinger.installHint)\n", "\(played.stderr)")
        #expect(!played.stdout.contains("\u{07}") && !played.stderr.contains("\u{07}"), "a beep was rung")
        let cue = try Harness.run(["sounds", "--play", "breath:box"], store: store, home: home, environment: bare)
        #expect(cue.status == 78 && cue.stderr.contains("cannot play the breathing cue: no audio player is installed: install alsa-utils"), "\(cue.stderr)")
        #expect(SystemBellRinger.installHint.contains("apt install alsa-utils") && SystemBellRinger.installHint.contains("dnf install")
                && SystemBellRinger.installHint.contains("pacman -S"))
    }

    /// Issue 50, item 5: on a terminal, a player that fails does not turn a soundscape into one beep of
    /// the terminal bell: the command says it could not play it and fails (78).
    @Test func aFailingPlayerPlaysNoSoundscapeAsABeep() throws {
        let screen = try PseudoTerminal(arguments: [Harness.binary.path, "sounds", "--play", "wind"],
                                        environment: Harness.environment(store: store, home: home, extra: ["PATH": "/nonexistent", "PROFILE_PLAYER": "/bin/false"]))
        #expect(screen.waitForExit() == 78, "\(screen.output)")
        #expect(!screen.output.contains("\u{07}"), "a beep: \(screen.output.debugDescription)")
        #expect(screen.output.contains("could not play Wind"), "\(screen.output)")
    }

    /// Issue 50, item 10: a long message on a terminal of 60 columns is broken at spaces, its lines
    /// indented, where the terminal broke it mid-word; to a pipe it is one line (above).
    @Test func aLongMessageOnANarrowTerminalBreaksAtSpaces() throws {
        let screen = try PseudoTerminal(arguments: [Harness.binary.path, "sounds", "--play", "breath:box"],
                                        environment: Harness.environment(store: store, home: home, extra: ["PATH": "/nonexistent", "PROFILE_PLAYER": ""]),
                                        columns: 60, rows: 20)
        #expect(screen.waitForExit() == 78)
        let lines = screen.output.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
        #expect(lines.count >= 3 && lines.allSatisfy { $0.count <= 60 }, "\(lines)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") }, "\(lines)")
        let words = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(words == "profile: cannot play the breathing cue: no audio player is installed: \(SystemBellRinger.installHint)", "\(words)")
    }

    /// A generated 16-bit mono WAV is added, chosen, planned and run, and the player gets the recording.
    @Test func aRecordingIsAddedChosenPlannedAndRun() throws {
        let rate = 22_050
        let samples = (0..<rate / 2).map { Int16(20_000 * sin(Double($0) * 2 * .pi * 330 / Double(rate)) * exp(-Double($0) / Double(rate) * 4)) }
        let file = "\(home)/my bowl.wav"
        try Data(WAV.encode(samples, sampleRate: rate)).write(to: URL(fileURLWithPath: file))
        let added = try run("sounds", "add", "My Bowl", file)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(home)/.local/share/profile/sounds/My Bowl.wav"))
        #expect(try run("new", "Own", "--duration", "1").status == 0)
        #expect(try run("set", "Own", "bells.start", "my bowl x2 80%").status == 0)
        let plan = try run("plan", "Own", "--format", "json")
        #expect(plan.stdout.contains(#""bell": "My Bowl", "strikes": 2, "volume": 80, "missing": false"#))
        let ran = try run("run", "Own", "--speed", "600")
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(ran.stdout.contains("bell: My Bowl ×2 80% ("))
        let first = try #require(try keptSounds().first)
        #expect(first.sampleRate == rate, "the recording plays at its own rate")
        // A recording's strikes come StrikeMix.spacing apart, the second a little late or early.
        let second = Double(StrikeMix.start(ofStrike: 1, spacing: StrikeMix.spacing, sampleRate: rate)) / Double(rate)
        #expect(abs(first.seconds - (second + 0.5)) < 0.01)
        #expect(abs(second - StrikeMix.spacing) <= 0.05 * StrikeMix.spacing)
        // A text file is no sound, and adds nothing.
        try "not a wav\n".write(toFile: "\(home)/notes.wav", atomically: true, encoding: .utf8)
        let text = try run("sounds", "add", "Notes", "\(home)/notes.wav")
        #expect(text.status == 65)
        #expect(try run("sounds", "--format", "plain").stdout.hasSuffix("Wood Block\nMy Bowl\nBrown Noise\nRain\nOcean\nStream\nWind\nFire\n"))
        // In use, it stays; the error names the profile.
        let refused = try run("sounds", "remove", "my bowl")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("\"Own\""))
    }

    /// A profile naming a recording this machine lacks runs with the default bell, and says so once.
    @Test func aMissingRecordingRingsTheDefaultBellAndSaysSoOnce() throws {
        let document = #"{"version": 3, "duration": "00:30", "bells": {"start": {"name": "Gone Bowl"}, "end": {"name": "gone bowl", "strikes": 2}}}"#
        try document.write(toFile: "\(store)/Copied.json", atomically: true, encoding: .utf8)
        let ran = try run("run", "Copied", "--speed", "60")
        #expect(ran.status == 0, "\(ran.stderr)")
        let notes = ran.stdout.components(separatedBy: "ringing Singing Bowl instead").count - 1
        #expect(notes == 1, "the missing recording is told once:\n\(ran.stdout)")
        #expect(ran.stdout.contains("there is no recorded sound \"Gone Bowl\" in \(home)/.local/share/profile/sounds; ringing Singing Bowl instead"))
        let sounds = try keptSounds()
        #expect(sounds.count == 2)
        #expect(sounds.allSatisfy { $0.sampleRate == 44_100 }, "the default bell rang in its place")
    }

    func run(_ arguments: [String], environment: [String: String]) throws -> Harness.Result {
        try Harness.run(arguments, store: store, home: home, environment: ["PROFILE_PLAYER": "\(home)/keep"].merging(environment) { $1 })
    }

    func writeBowl(_ path: String) throws {
        let samples = (0..<4_000).map { Int16(8_000 * sin(Double($0) / 10)) }
        try Data(WAV.encode(samples, sampleRate: 8_000)).write(to: URL(fileURLWithPath: path))
    }

    /// Recordings live under `$XDG_DATA_HOME`, and a run's private files under `$TMPDIR`, removed after.
    @Test func recordingsFollowXDGDataHomeAndRunsLeaveNoTemporaryFiles() throws {
        let data = "\(home)/data", temporary = "\(home)/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let environment = ["XDG_DATA_HOME": data, "TMPDIR": temporary]
        try writeBowl("\(home)/bowl.wav")
        #expect(try run(["sounds", "add", "Bowl", "\(home)/bowl.wav"], environment: environment).status == 0)
        #expect(FileManager.default.fileExists(atPath: "\(data)/profile/sounds/Bowl.wav"))
        #expect(try run(["new", "Short", "--duration", "1"], environment: environment).status == 0)
        #expect(try run(["set", "Short", "bells.end", "bowl x2"], environment: environment).status == 0)
        let ran = try run(["run", "Short", "--speed", "600"], environment: environment)
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(try keptSounds().count == 2, "both bells rang through the player")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "the run's temporary folder is gone")
    }

    /// Names that differ only in case, added at once, give one sound.
    @Test func caseTwinsAddedAtOnceGiveOneSound() throws {
        try writeBowl("\(home)/bowl.wav")
        let binary = Harness.binary.path
        let environment = Harness.environment(store: store, home: home, extra: [:])
        let processes = try ["Twin", "TWIN", "twin", "tWiN"].map { name in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["sounds", "add", name, "\(home)/bowl.wav"]
            process.environment = environment
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.filter { $0.terminationStatus == 0 }.count == 1)
        #expect(processes.allSatisfy { $0.terminationStatus == 0 || $0.terminationStatus == 73 })
        let stored = try FileManager.default.contentsOfDirectory(atPath: "\(home)/.local/share/profile/sounds").filter { !$0.hasPrefix(".") }
        #expect(stored.count == 1, "\(stored)")
    }

    /// Output that cannot be written adds or removes nothing; a failing player fails `sounds --play`.
    @Test func lostOutputChangesNothingAndAFailingPlayerFails() throws {
        try writeBowl("\(home)/bowl.wav")
        let folder = "\(home)/.local/share/profile/sounds"
        let full = try Harness.run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(Harness.binary.path)' sounds add Bowl '\(home)/bowl.wav' > /dev/full"],
                                   environment: Harness.environment(store: store, home: home, extra: [:]))
        #expect(full.status == 74)
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/Bowl.wav"))
        #expect(try run("sounds", "add", "Bowl", "\(home)/bowl.wav").status == 0)
        let removing = try Harness.run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(Harness.binary.path)' sounds remove Bowl > /dev/full"],
                                       environment: Harness.environment(store: store, home: home, extra: [:]))
        #expect(removing.status == 74)
        #expect(FileManager.default.fileExists(atPath: "\(folder)/Bowl.wav"))

        let failing = try run(["sounds", "--play", "gong x2"], environment: ["PROFILE_PLAYER": "/bin/false"])
        #expect(failing.status == 78)
        #expect(failing.stderr.contains("profile: could not play Gong ×2: false failed with status 1"), "\(failing.stderr)")
        let both = try run("sounds", "--play", "gong", "--export", "\(home)/out")
        #expect(both.status == 64)
        #expect(!FileManager.default.fileExists(atPath: "\(home)/out"))
    }
}
