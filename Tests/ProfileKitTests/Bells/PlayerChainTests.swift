import Foundation
import Testing
import TestSupport
import ProfileKit
import Sound
import Players
import TestDoubles

/// Issue 23, item 6: bells that fail are not silent failures. The chain of players, the check before
/// the sit, and what ``SystemBellRinger/check()`` finds between bells, with fake players (shell scripts)
/// in a temporary folder.
@Suite("bell players that fail", .serialized)
struct PlayerChainTests {
    let folder: String
    var bin: String { "\(folder)/bin" }

    init() throws {
        folder = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    }

    /// A clock the test moves (TestDoubles').
    typealias FakeClock = ManualClock

    /// Writes a fake player `name` into `directory` (the test's bin folder by default); `body` is its
    /// shell script.
    @discardableResult
    func player(_ name: String, in directory: String? = nil, _ body: String) throws -> String {
        let directory = directory ?? bin
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = "\(directory)/\(name)"
        try ("#!/bin/sh\n" + body + "\n").writeExecutable(to: path)
        return path
    }

    /// A player that appends its arguments to `<name>.log` beside it and exits 0.
    @discardableResult
    func logging(_ name: String) throws -> String {
        try player(name, "echo \"$@\" >> '\(bin)/\(name).log'")
    }

    /// A player that fails at once with status 1.
    @discardableResult
    func failing(_ name: String) throws -> String { try player(name, "exit 1") }

    /// A player that never ends: it starts a `sleep` (its pid written to `<name>.child`) and waits for it.
    @discardableResult
    func hanging(_ name: String) throws -> String {
        try player(name, "sleep 1000 &\necho $! > '\(bin)/\(name).child'\nwait")
    }

    func lines(_ name: String) -> [String] {
        ((try? String(contentsOfFile: "\(bin)/\(name).log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// A ringer over the test's players, on `clock` when given (the live clock otherwise). The players are
    /// real processes, so a wait on a given clock passes real time too and moves the clock on by it,
    /// unless `realWaits` is false.
    func ringer(_ extra: [String: String] = [:], terminalBell: (() -> Void)? = nil,
                clock: FakeClock? = nil, realWaits: Bool = true) -> SystemBellRinger {
        let environment = ["PATH": bin, "XDG_CACHE_HOME": "\(folder)/cache", "TMPDIR": folder].merging(extra) { $1 }
        let sound = clock.map { clock in
            realWaits ? SoundClock(now: { clock.time }, sleep: { Thread.sleep(forTimeInterval: $0); clock.time += $0 }) : clock.sound
        }
        return SystemBellRinger(environment: environment, terminalBell: terminalBell, clock: sound ?? .live)
    }

    /// Calls `check()` until it says something or `seconds` of real time pass; the checks, merged.
    func checkUntilTold(_ ringer: SystemBellRinger, seconds: Double = 5) -> RingerCheck {
        var merged = RingerCheck()
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let checked = ringer.check()
            merged.notes += checked.notes
            merged.unsounded += checked.unsounded
            if !merged.notes.isEmpty { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return merged
    }

    /// Whether process `pid` is gone (or a zombie no one has reaped yet).
    static func isGone(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    static func waitUntilGone(_ pid: pid_t, seconds: Double = 3) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if isGone(pid) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return isGone(pid)
    }

    func childPid(of name: String, seconds: Double = 3) throws -> pid_t {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: "\(bin)/\(name).child", encoding: .utf8),
               let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw CocoaError(.fileNoSuchFile)
    }

    // MARK: The chain

    @Test func theChainIsProfilePlayerThenThePathPlayersEachOnce() throws {
        let aplay = try logging("aplay")
        let pw = try logging("pw-play")
        let pa = try logging("paplay")
        // A folder twice on PATH gives each player once.
        let chosen = ringer(["PROFILE_PLAYER": "aplay", "PATH": "\(bin):\(bin)"])
        #expect(chosen.players == [aplay, pw, pa])
        #expect(ringer(["PATH": "\(bin):\(bin)"]).players == [pw, pa, aplay])
        let mine = try player("my-player", in: "\(folder)/other", "exit 0")
        #expect(ringer(["PROFILE_PLAYER": mine]).players == [mine, pw, pa, aplay])
        // `none` is no player at all; a name not found leaves the path's.
        let none = ringer(["PROFILE_PLAYER": "none"], terminalBell: {})
        #expect(none.players.isEmpty && none.soundName == "terminal bell")
        #expect(ringer(["PROFILE_PLAYER": "none"]).soundName == SystemBellRinger.noSound)
        let missing = ringer(["PROFILE_PLAYER": "no-such-player"])
        #expect(missing.players == [pw, pa, aplay])
        let report = missing.ring(BellChoice(.gong))
        #expect(report.via == "pw-play")
        #expect(report.note == "PROFILE_PLAYER names \"no-such-player\", which is not an executable on PATH; pw-play rings the bells")
        missing.finish(timeout: 5)
    }

    // MARK: Before the sit

    @Test func theCheckBeforeTheSitReplacesAPlayerThatFailsAtOncePlayingOnlySilence() throws {
        try failing("pw-play")
        try logging("paplay")
        let ringer = ringer()
        let started = Date()
        let notes = ringer.preflight()
        let took = Date().timeIntervalSince(started)
        #expect(notes == ["pw-play failed with status 1 before the sit; paplay rings the bells"])
        #expect(ringer.soundName == "paplay")
        #expect(took < 1, "the check took \(took) s")
        // The working player was checked too, with a tenth of a second of silence, not a bell.
        let played = lines("paplay")
        #expect(played.count == 1)
        let file = try #require(played.first)
        #expect(file.hasSuffix("/check-silence-100ms.wav"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(bytes.count == 44 + 2 * BellSynth.sampleRate / 10)
        #expect(bytes.dropFirst(44).allSatisfy { $0 == 0 })
        // A player that works is not replaced, and nothing more is said.
        #expect(ringer.preflight().isEmpty)
        #expect(ringer.soundName == "paplay")
    }

    @Test func everyPlayerFailingBeforeTheSitLeavesTheTerminalBellOrNoSound() throws {
        try failing("pw-play")
        try player("paplay", "exit 3")
        try player("aplay", "kill -TERM $$")
        let quiet = ringer()
        #expect(quiet.preflight() == [
            "pw-play failed with status 1, paplay failed with status 3 and aplay was stopped by signal 15 before the sit; "
            + "no terminal for the terminal bell either, so no bell can sound"])
        #expect(quiet.soundName == SystemBellRinger.noSound)
        #expect(quiet.ring(BellChoice(.gong)) == RingReport(via: SystemBellRinger.noSound, sounded: false))
        var rang = 0
        let terminal = ringer(terminalBell: { rang += 1 })
        #expect(terminal.preflight().last?.hasSuffix("before the sit; ringing the terminal bell") == true)
        let report = terminal.ring(BellChoice(.gong))
        #expect(report == RingReport(via: "terminal bell"), "the note was said under the header, not again")
        #expect(rang == 1)
    }

    @Test func aPlayerStillPlayingAfterTheCheckStartedAndIsStopped() throws {
        try hanging("pw-play")
        let ringer = ringer()
        let started = Date()
        #expect(ringer.preflight().isEmpty)
        let took = Date().timeIntervalSince(started)
        #expect(took >= SystemBellRinger.preflightWait && took < SystemBellRinger.preflightWait + 1, "\(took) s")
        #expect(ringer.soundName == "pw-play")
        #expect(Self.waitUntilGone(try childPid(of: "pw-play")), "the player's own child outlived the check")
    }

    // MARK: Between bells

    @Test func aPlayerThatFailsIsReplacedOnceAndItsBellRingsAgain() throws {
        try failing("pw-play")
        try logging("paplay")
        let clock = FakeClock(1000)
        let ringer = ringer(clock: clock)
        let first = ringer.ring(BellChoice(.gong))
        #expect(first.via == "pw-play" && first.sounded)
        let checked = checkUntilTold(ringer)
        #expect(checked == RingerCheck(notes: ["pw-play failed with status 1; paplay rings the bells from now on"]))
        // The bell rang again through paplay, at once; the next goes there too, and nothing more is said.
        ringer.finish(timeout: 5)
        #expect(lines("paplay").count == 1)
        #expect(ringer.ring(BellChoice(.gong)) == RingReport(via: "paplay"))
        ringer.finish(timeout: 5)
        #expect(ringer.check() == RingerCheck())
        #expect(lines("paplay").count == 2 && Set(lines("paplay")).count == 1)
    }

    @Test func aFailureLaterThanTheRetryWindowCountsTheBellAsNotSounded() throws {
        try failing("pw-play")
        try logging("paplay")
        let clock = FakeClock(1000)
        let ringer = ringer(clock: clock)
        _ = ringer.ring(BellChoice(.gong))
        Thread.sleep(forTimeInterval: 0.3)
        clock.time += SystemBellRinger.retryWindow + 0.5
        let checked = checkUntilTold(ringer)
        #expect(checked == RingerCheck(notes: ["pw-play failed with status 1; paplay rings the bells from now on"], unsounded: 1))
        #expect(lines("paplay").isEmpty, "a bell this late is not rung again")
    }

    @Test func withNothingAfterAFailingPlayerTheBellDidNotSound() throws {
        try failing("paplay")
        let quiet = ringer()
        _ = quiet.ring(BellChoice(.gong))
        #expect(checkUntilTold(quiet) == RingerCheck(
            notes: ["paplay failed with status 1; no terminal for the terminal bell either, so no bell can sound from now on"], unsounded: 1))
        #expect(quiet.ring(BellChoice(.gong)) == RingReport(via: SystemBellRinger.noSound, sounded: false))
        // With a terminal the bell rings there instead, and counts.
        var rang = 0
        let terminal = ringer(terminalBell: { rang += 1 })
        _ = terminal.ring(BellChoice(.gong))
        #expect(checkUntilTold(terminal) == RingerCheck(notes: ["paplay failed with status 1; ringing the terminal bell from now on"]))
        #expect(rang == 1)
    }

    @Test func aPlayerThatHangsPastItsBellIsKilledWithWhatItStarted() throws {
        try hanging("pw-play")
        try logging("paplay")
        let clock = FakeClock(1000)
        let ringer = ringer(clock: clock)
        #expect(ringer.nextCheck == nil)
        _ = ringer.ring(BellChoice(.gong))
        let child = try childPid(of: "pw-play")
        let deadline = try #require(ringer.nextCheck)
        // The gong's file is several seconds long; the player may take 5 s more.
        #expect(deadline > clock.time + SystemBellRinger.hangGrace + 1)
        clock.time = deadline - 0.1
        #expect(ringer.check() == RingerCheck())
        #expect(ringer.isSounding && !Self.isGone(child))
        clock.time = deadline
        #expect(ringer.check() == RingerCheck(
            notes: ["pw-play was still playing 5 s after its bell's end and was stopped; paplay rings the bells from now on"], unsounded: 1))
        #expect(ringer.nextCheck == nil && !ringer.isSounding)
        #expect(Self.waitUntilGone(child), "the hanging player's sleep survived")
        #expect(lines("paplay").isEmpty, "a bell is not rung again that late")
        #expect(ringer.ring(BellChoice(.gong)).via == "paplay")
        ringer.finish(timeout: 5)
    }

    /// The ring-out after the sit waits for the last bell, but a player of an earlier bell that hangs is
    /// stopped at its own deadline, as it would be during the sit, not only when the last bell is done
    /// (found by hand: a 30 s sit's first bell, its player hanging, played on to 62 s).
    @Test func aHangingPlayerIsStoppedOnTimeDuringTheRingOut() throws {
        try hanging("pw-play")
        let clock = FakeClock(1000)
        let ringer = ringer(clock: clock)
        _ = ringer.ring(BellChoice(.gong))
        let first = try #require(ringer.nextCheck)
        clock.time += 20
        _ = ringer.ring(BellChoice(.gong))
        var wakes: [Double] = []
        ringer.ringOut { seconds in
            clock.time += seconds
            wakes.append(clock.time)
            return wakes.count > 10
        }
        #expect(wakes.first == first, "the first wait ended at \(wakes.first ?? 0), the first player's deadline is \(first)")
        #expect(!ringer.isSounding)
    }

    /// The players run on the run's clock: `finish(timeout:)` waits on it, not on the real one.
    @Test func finishWaitsOnTheRunsClock() throws {
        try hanging("pw-play")
        let clock = FakeClock(1000)
        let ringer = ringer(clock: clock, realWaits: false)
        _ = ringer.ring(BellChoice(.gong))
        let child = try childPid(of: "pw-play")
        let started = Date()
        ringer.finish(timeout: 1)
        #expect(clock.time >= 1001 && clock.time < 1001.1, "\(clock.time - 1000) s on the run's clock")
        #expect(Date().timeIntervalSince(started) < 0.9, "waited on the real clock")
        #expect(!ringer.isSounding)
        #expect(Self.waitUntilGone(child), "the stopped player's sleep survived")
    }

    /// A ring-out waits for the last player's deadline, a key or a player's end, not in fixed steps: with
    /// a player that never ends, `stop` is handed the whole wait at once (it was asked every 50 ms, twenty
    /// wake-ups a second for a run piped to nothing, 553 in one 30-second ring-out), and the ring-out
    /// still ends at the deadline, the player stopped.
    @Test func aRingOutWaitsForTheDeadlineNotInSteps() throws {
        try hanging("pw-play")
        let clock = FakeClock(1000)
        let ringer = ringer(clock: clock, realWaits: false)
        _ = ringer.ring(BellChoice(.tingsha))
        let child = try childPid(of: "pw-play")
        var waits: [Double] = []
        ringer.ringOut { seconds in
            waits.append(seconds)
            clock.time += seconds
            return false
        }
        #expect(waits.count <= 2, "asked \(waits.count) times: \(waits.prefix(5))")
        #expect((waits.first ?? 0) > 1, "the first wait reaches the deadline: \(waits.prefix(5))")
        #expect(!ringer.isSounding)
        #expect(Self.waitUntilGone(child), "the hung player's sleep survived the ring-out")
    }

    @Test func finishStopsAPlayerAndWhatItStarted() throws {
        try hanging("pw-play")
        let ringer = ringer()
        _ = ringer.ring(BellChoice(.gong))
        let child = try childPid(of: "pw-play")
        ringer.finish(timeout: 0)
        #expect(!ringer.isSounding)
        #expect(Self.waitUntilGone(child), "the stopped player's sleep survived")
        #expect(ringer.check() == RingerCheck(), "a player stopped by us did not fail")
    }
}
