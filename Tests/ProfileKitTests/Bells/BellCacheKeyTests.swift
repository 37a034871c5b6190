import Foundation
import Testing
import TestSupport
import ProfileKit
import Sound
import Players

/// Issue 47, item 8: the bells' cache is keyed by everything that makes the sound — the bell, its
/// strikes and its volume — so that ×3 after ×1 at the same volume plays three strikes. (The one test
/// of strikes before this changed the volume too, so a key without the strikes still gave it a new file.)
///
/// Each ringer plays through a fake player that notes the file it was handed; the file is then read
/// back and its length compared with what ``StrikeMix`` makes of that many strikes.
@Suite("the bells' cache is keyed by the strikes too", .serialized)
struct BellCacheKeyTests {
    let folder: String
    var bin: String { "\(folder)/bin" }
    var log: String { "\(folder)/played.log" }

    init() throws {
        folder = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        // Notes the file it was handed, and exits at once.
        try "#!/bin/sh\nfor a in \"$@\"; do last=\"$a\"; done\necho \"$last\" >> '\(log)'\n".writeExecutable(to: "\(bin)/fake-player")
    }

    /// A ringer whose bells play through the fake player, with the cache in `cache`.
    func ringer(cache: String) -> SystemBellRinger {
        SystemBellRinger(environment: ["PATH": bin, "PROFILE_PLAYER": "\(bin)/fake-player", "XDG_CACHE_HOME": cache, "TMPDIR": folder],
                         terminalBell: nil, clock: .live)
    }

    /// The files the player was handed so far, waiting (up to 5 s) until there are `count`.
    func played(_ count: Int) -> [String] {
        let deadline = Date().addingTimeInterval(5)
        var lines: [String] = []
        repeat {
            lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            if lines.count >= count { break }
            Thread.sleep(forTimeInterval: 0.01)
        } while Date() < deadline
        return lines
    }

    /// The seconds of sound in the 16-bit mono WAV file at `path` (its data after the 44-byte header).
    static func seconds(ofFile path: String) throws -> Double {
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        return Double(size - 44) / Double(2 * BellSynth.sampleRate)
    }

    /// What StrikeMix makes of `strikes` of `bell`, in seconds.
    static func expected(_ bell: Bell, strikes: Int) -> Double {
        StrikeMix.seconds(of: PCMSound(bell: bell.instrument), strikes: strikes, spacing: BellSynth.spacing(for: bell.instrument))
    }

    /// One ringer: ×1, then ×3, then ×1 again, all at 100 %: each file is as long as its strikes make it.
    @Test func threeStrikesAfterOneAtTheSameVolumePlayThree() throws {
        let bell = Bell.woodBlock
        let ringer = ringer(cache: "\(folder)/cache")
        defer { ringer.close() }
        // One at a time: the players run at once, and their lines would come in any order.
        for (index, strikes) in [1, 3, 1].enumerated() {
            #expect(ringer.ring(BellChoice(.builtIn(bell), strikes: strikes, volume: 100)).sounded)
            _ = played(index + 1)
        }
        let files = played(3)
        try #require(files.count == 3, "the player was handed \(files)")
        for (file, strikes) in zip(files, [1, 3, 1]) {
            let seconds = try Self.seconds(ofFile: file)
            let wanted = Self.expected(bell, strikes: strikes)
            #expect(abs(seconds - wanted) < 0.01, "×\(strikes) played \(file): \(seconds) s, \(strikes) strikes last \(wanted) s")
        }
        #expect(files[0] != files[1], "×1 and ×3 were handed one file, \(files[0])")
        #expect(files[0] == files[2], "×1 made again instead of found in the cache: \(files[0]), then \(files[2])")
    }

    /// Two ringers sharing one cache folder (two runs): the second's ×3 is not the first's ×1 found on
    /// disk, at any volume they share.
    @Test(arguments: [100, 70])
    func aCachedSingleStrikeIsNotTakenForThree(volume: Int) throws {
        let bell = Bell.templeBell
        let cache = "\(folder)/shared-cache-\(volume)"
        let first = ringer(cache: cache)
        #expect(first.ring(BellChoice(.builtIn(bell), strikes: 1, volume: volume)).sounded)
        _ = played(1)
        first.close()
        let second = ringer(cache: cache)
        defer { second.close() }
        #expect(second.ring(BellChoice(.builtIn(bell), strikes: 3, volume: volume)).sounded)
        let files = played(2)
        try #require(files.count == 2, "the player was handed \(files)")
        let one = try Self.seconds(ofFile: files[0]), three = try Self.seconds(ofFile: files[1])
        #expect(abs(one - Self.expected(bell, strikes: 1)) < 0.01, "×1: \(one) s")
        #expect(abs(three - Self.expected(bell, strikes: 3)) < 0.01,
                "×3 at \(volume)% after ×1 at \(volume)% played \(files[1]): \(three) s, three strikes last \(Self.expected(bell, strikes: 3)) s")
    }
}
