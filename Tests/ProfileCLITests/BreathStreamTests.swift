import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 48, items 3 and 5, end to end: a sit at speed 1 on a pseudo-terminal with the breathing pacer
/// on, its one stream captured by `Scripts/test-sink`. The cue's phase boundaries are found in the
/// samples (the tone's dip at each change) within 20 ms of the pattern's times, its in-breaths rise and
/// its out-breaths fall; and the screen's phase words change in step with them.
@Suite("the breath heard and seen", .serialized)
struct BreathStreamTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try Harness.makeStore().home
    }

    static let rate = 44_100.0
    /// Coherent breathing: 5.5 s in, 5.5 s out.
    static let half = 5.5

    static func monotonic() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The RMS level of `samples` over 10 ms centred on each frame of `range` (prefix sums of squares).
    static func levels(_ samples: [Float], _ range: Range<Int>) -> [Double] {
        let half = 220
        let from = max(0, range.lowerBound - half), to = min(samples.count, range.upperBound + half)
        var sums = [0.0]
        sums.reserveCapacity(to - from + 1)
        for index in from..<to { sums.append(sums[sums.count - 1] + Double(samples[index]) * Double(samples[index])) }
        return range.map { frame in
            let low = max(from, frame - half) - from, high = min(to, frame + half) - from
            return high > low ? ((sums[high] - sums[low]) / Double(high - low)).squareRoot() : 0
        }
    }

    /// A 24-second sit whose start bell is quiet (20 %) and that rings no end bell, led by coherent
    /// breathing with a tone at full volume from its start: out-breaths begin at 5.5 and 16.5 s, in-breaths
    /// at 11 and 22 s.
    @Test func theCuesBoundariesAndTheScreensWordsFollowThePattern() throws {
        let data = "\(home)/sink.raw", log = "\(home)/sink.log"
        let sink = Harness.root.appendingPathComponent("Scripts/test-sink").path
        let document = #"{"version": 6, "duration": "00:24", "bells": {"start": {"name": "Singing Bowl", "strikes": 1, "volume": 20}, "end": null}, "breathing": {"enabled": true, "pattern": "coherent", "custom": "4,0,6,0", "lead": "whole", "cue": "tone", "volume": 100}}"#
        try document.write(toFile: "\(store)/Breath.json", atomically: true, encoding: .utf8)
        let environment = Harness.environment(store: store, home: home, extra: [
            "TERM": "xterm-256color", "NO_COLOR": "1", "PROFILE_SINK": sink,
            "PROFILE_TEST_SINK_DATA": data, "PROFILE_TEST_SINK_LOG": log,
        ])
        let screen = try PseudoTerminal(arguments: [Harness.binary.path, "run", "Breath", "--no-log"], environment: environment)
        // When each change of phase shows (the seconds left, rounded up: 5.5 is "6"): the words are
        // rewritten whole when the move changes.
        var shown: [(word: String, at: Double)] = []
        var mark = screen.checkpoint()
        for word in ["out 6", "in 6", "out 6", "in 6"] {
            _ = try screen.waitFor(word, since: mark, timeout: 15)
            shown.append((word, Self.monotonic()))
            mark = screen.checkpoint()
        }
        #expect(screen.waitForExit(timeout: 40) == 0, "\(screen.output)")
        #expect(!screen.output.contains("not heard"), "\(screen.output)")

        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: data)))
        let first = try #require(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").first?
            .split(separator: " ").first.flatMap { Double($0) })
        // Both channels carry the cue alike: the left one is measured.
        let left = stride(from: 0, to: bytes.count - 3, by: 4).map {
            Float(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)) / 32768
        }
        // The start bell marks the sit's second 0 in the stream (its first 20 ms, StreamSinkTests).
        let zero = try #require(left.firstIndex { abs($0) > 0.005 })
        #expect(Double(zero) / Self.rate <= 0.02)
        for (index, boundary) in [Self.half, 2 * Self.half, 3 * Self.half, 4 * Self.half].enumerated() {
            let expected = zero + Int(boundary * Self.rate)
            let window = (expected - Int(0.1 * Self.rate))..<(expected + Int(0.1 * Self.rate))
            let levels = Self.levels(left, window)
            let lowest = try #require(levels.indices.min { levels[$0] < levels[$1] })
            let offset = Double(window.lowerBound + lowest - expected) / Self.rate
            #expect(abs(offset) <= 0.02, "the boundary at \(boundary) s is \(Int(offset * 1000)) ms off in the stream")
            // The screen's words changed at the same time, as the screen redraws (10 a second at most).
            let seen = shown[index].at - first - boundary
            #expect(seen > -0.05 && seen < 0.25, "\(shown[index].word) showed \(Int(seen * 1000)) ms from the pattern's \(boundary) s")
        }
        // Rising on the in-breath, falling on the out-breath: the level a second into each half, against
        // the level a second before its end (the bell's tail, 20 dB under, long gone by 11 s).
        let level = { (second: Double) in
            let frame = zero + Int(second * Self.rate)
            return Self.levels(left, frame..<(frame + 1)).first ?? 0
        }
        #expect(level(3 * Self.half - 1) > 1.5 * level(2 * Self.half + 1), "the in-breath from 11 s rises")
        #expect(level(3 * Self.half + 1) > 1.5 * level(4 * Self.half - 1), "the out-breath from 16.5 s falls")
    }
}
