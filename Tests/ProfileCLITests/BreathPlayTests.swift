import Foundation
import Testing
import TestSupport

/// Issue 48, item 4: `sounds --play breath:PATTERN` hands the player the pattern's cue, as a sit hears
/// it, and refuses what it cannot play with a message naming the value and what would do.
@Suite("sounds --play breath:")
struct BreathPlayTests {
    let home: String
    var store: String { "\(home)/store" }
    var kept: String { "\(home)/kept" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        try "#!/bin/sh\ncase \"$1\" in */check-silence-*) exit 0;; esac\ncp \"$1\" '\(kept)'/\n".writeExecutable(to: "\(home)/keep")
    }

    func run(_ arguments: String...) throws -> Harness.Result {
        try Harness.run(arguments, store: store, home: home, environment: ["PROFILE_PLAYER": "\(home)/keep"])
    }

    /// 19 s of 4-7-8's ticks: stereo at 44.1 kHz, a tick starting at 0, 4 and 11 s (within 20 ms) and
    /// at no other time.
    @Test func thePatternsTicksArePlayed() throws {
        let played = try run("sounds", "--play", "breath:4-7-8", "--cue", "tick", "--seconds", "19")
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stderr.contains("playing breathing 4-7-8, tick (keep)"), "\(played.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: kept)
        let wav = try ExportedWAV(path: "\(kept)/\(try #require(files.first))")
        #expect(wav.channels == 2 && wav.sampleRate == 44_100 && wav.samples.count == 2 * 19 * 44_100)
        var onsets: [Double] = []
        var lastLoud = -100_000
        for frame in 0..<(wav.samples.count / 2) where abs(Int(wav.samples[2 * frame])) > 160 {
            if frame - lastLoud > 13_000 { onsets.append(Double(frame) / 44_100) }
            lastLoud = frame
        }
        #expect(onsets.count == 3 && zip(onsets, [0.0, 4, 11]).allSatisfy { abs($0 - $1) <= 0.02 }, "\(onsets)")
    }

    @Test func whatCannotBePlayedIsRefused() throws {
        let pattern = try run("sounds", "--play", "breath:4-x-8")
        #expect(pattern.status == 64)
        #expect(pattern.stderr.hasPrefix("profile: invalid breathing pattern \"4-x-8\": "), "\(pattern.stderr)")
        let cue = try run("sounds", "--play", "breath:box", "--cue", "none")
        #expect(cue.status == 64 && cue.stderr == "profile: invalid breathing cue \"none\": it plays nothing; use tone, swell, tick\n", "\(cue.stderr)")
        let alone = try run("sounds", "--seconds", "5")
        #expect(alone.status == 64 && alone.stderr.contains("--seconds only with --play breath:PATTERN"), "\(alone.stderr)")
        let long = try run("sounds", "--play", "breath:box", "--seconds", "601")
        #expect(long.status == 64 && long.stderr == "profile: invalid breathing cue length \"601\": it is not a number of seconds from 1 to 600; use --seconds 1 to 600\n",
                "\(long.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: kept).isEmpty)
    }
}
