import Foundation
import Testing
import TestSupport
import Sound
import Players
import TestDoubles
import SoundAnalysis
#if canImport(Glibc)
import Glibc
#endif

/// Issue 38, item 8: a sit at speed 1 on a terminal, its one stream captured by `Scripts/test-sink`
/// (`PROFILE_SINK`), which keeps the bytes and when each came; everything is measured from the samples.
@Suite("one stream, captured", .serialized)
struct StreamSinkTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try Harness.makeStore().home
    }

    static let rate = 44_100.0

    /// CLOCK_MONOTONIC, the clock the run paces its stream by and the sink stamps its reads with.
    static func monotonic() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The level in dB (RMS re full scale) of the `frequency` component of `samples[range]`, by Goertzel's
    /// recurrence over a Hann window: a full-scale sine is −3 dB, as ``SoundMeasure/decibels(meanSquare:)``
    /// has it (the window's coherent gain, 0.5, is divided out).
    static func tone(_ samples: [Float], _ range: Range<Int>, frequency: Double) -> Double {
        let range = range.clamped(to: samples.indices)
        guard range.count > 1 else { return -.infinity }
        let coefficient = 2 * cos(2 * Double.pi * frequency / rate)
        var (s1, s2) = (0.0, 0.0)
        for (index, at) in range.enumerated() {
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(range.count - 1))
            let s0 = Double(samples[at]) * window + coefficient * s1 - s2
            (s2, s1) = (s1, s0)
        }
        let power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
        let amplitude = 2 * sqrt(max(0, power)) / (Double(range.count) * 0.5)
        return amplitude > 0 ? 20 * log10(amplitude / sqrt(2)) : -.infinity
    }

    /// The ambience of a profile's Ambience section (issue 47: no test variable in the product): a
    /// recording of a 300 Hz tone, `sounds add`ed as `Tone`, at 20 %. The product makes a recording a
    /// loop scaled to the soundscapes' loudness, so the level it should have is measured from that loop.
    static let toneVolume = 20
    static let toneSeconds = 20.0

    /// Writes the `Tone` recording into the sound library and a one-minute profile `Tone` that plays it
    /// as its ambience (the start bell a Singing Bowl at full volume); returns the level, in dB, the
    /// tone should have in the stream once faded in.
    func toneProfile(environment: [String: String]) throws -> Double {
        let folder = try #require(SoundLibrary.folder(environment: environment))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let samples = TestTone.sine(frequency: 300, seconds: Self.toneSeconds)
        try Data(WAV.encode(samples, sampleRate: Int(Self.rate))).write(to: URL(fileURLWithPath: "\(folder)/Tone.wav"))
        let document = #"{"version": 5, "duration": "01:00", "bells": {"start": {"name": "Singing Bowl", "strikes": 1, "volume": 100}}, "ambience": {"enabled": true, "sound": "Tone", "volume": \#(Self.toneVolume)}}"#
        try document.write(toFile: "\(store)/Tone.json", atomically: true, encoding: .utf8)
        let loop = try #require(StereoLoop(recording: PCMSound(int16: samples, sampleRate: Int(Self.rate))))
        // Past the loop's crossfaded head, where the tone is steady.
        let steady = Int(5 * Self.rate)..<Int(5.1 * Self.rate)
        return Self.tone(loop.right, steady, frequency: 300) + 20 * log10(Double(Self.toneVolume) / 100)
    }

    /// A one-minute sit of a profile whose ambience is a 300 Hz tone at 20 %: it fades in; three `-`
    /// make it at least 6 dB quieter within half a second; `m` silences everything and `m` again brings
    /// it back; the start bell is in the stream at its start; and the sink never holds more than half a
    /// second beyond the time elapsed.
    @Test func theStreamFadesStepsMutesAndKeepsItsLead() throws {
        let data = "\(home)/sink.raw", log = "\(home)/sink.log"
        let sink = Harness.root.appendingPathComponent("Scripts/test-sink").path
        let environment = Harness.environment(store: store, home: home, extra: [
            "TERM": "xterm-256color", "NO_COLOR": "1", "PROFILE_SINK": sink,
            "PROFILE_TEST_SINK_DATA": data, "PROFILE_TEST_SINK_LOG": log,
        ])
        let expected = try toneProfile(environment: environment)
        let screen = try PseudoTerminal(arguments: [Harness.binary.path, "run", "Tone", "--no-log"], environment: environment)
        try screen.waitFor("sound: test-sink")
        try screen.waitFor("m mute · a ambience")
        Thread.sleep(forTimeInterval: 9)
        let down = Self.monotonic()
        screen.send("---")
        try screen.waitFor("volume \u{2212}9 dB")
        Thread.sleep(forTimeInterval: 1.5)
        let muted = Self.monotonic()
        screen.send("m")
        try screen.waitFor("muted")
        Thread.sleep(forTimeInterval: 1.5)
        let unmuted = Self.monotonic()
        screen.send("m")
        Thread.sleep(forTimeInterval: 1.5)
        screen.send("q")
        try screen.waitFor("Stop the session?")
        screen.send("y")
        try screen.waitFor("Stopped at 00:1")
        #expect(screen.waitForExit() == 1)
        #expect(screen.output.contains("ended at volume \u{2212}9 dB"))

        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: data)))
        let arrivals = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map {
            let fields = $0.split(separator: " ")
            return (time: Double(fields[0])!, total: Double(fields[1])!)
        }
        let first = try #require(arrivals.first).time
        let ahead = arrivals.map { $0.total / (4 * Self.rate) - ($0.time - first) }.max() ?? 0
        #expect(ahead <= 0.5, "the sink held \(ahead) s beyond the time elapsed")
        // And it keeps up: each write brings the stream at least to the time elapsed (a top-up is due
        // 0.15 s before what was written runs out).
        let behind = arrivals.map { ($0.time - first) - $0.total / (4 * Self.rate) }.max() ?? 0
        #expect(behind <= 0, "the stream fell \(behind) s behind the time elapsed")
        let channel = { (which: Int) in
            stride(from: 2 * which, to: bytes.count - 1, by: 4).map { Float(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)) / 32768 }
        }
        let left = channel(0), right = channel(1)
        // The frame heard at monotonic time `time`: the stream's first byte was written as it started.
        let frame = { (time: Double) in Int((time - first) * Self.rate) }
        let window = { (time: Double) in frame(time)..<frame(time + 0.1) }
        let ambience = { (time: Double) in Self.tone(right, window(time), frequency: 300) }
        // The tone at 20 % of the loop's level once faded in.
        #expect(ambience(first + 0.3) < ambience(down - 0.5) - 10, "fade-in: \(ambience(first + 0.3)) → \(ambience(down - 0.5)) dB")
        #expect(abs(ambience(down - 0.5) - expected) < 1.5, "\(ambience(down - 0.5)) dB once faded in, \(expected) dB expected")
        #expect(ambience(down + 0.5) <= ambience(down - 0.5) - 6, "three - : \(ambience(down - 0.5)) → \(ambience(down + 0.5)) dB")
        let silent = frame(muted + 0.5)..<frame(muted + 1.2)
        #expect(left[silent.clamped(to: left.indices)].allSatisfy { $0 == 0 } && right[silent.clamped(to: right.indices)].allSatisfy { $0 == 0 },
                "muted: silence")
        #expect(abs(ambience(unmuted + 0.6) - ambience(down + 0.6)) < 1, "unmuted: \(ambience(unmuted + 0.6)) dB, as before m")
        // The start bell (a singing bowl at full volume) is in the first 20 ms of the stream.
        let onset = left.firstIndex { abs($0) > 0.02 }
        #expect(onset.map { Double($0) / Self.rate <= 0.02 } == true, "the start bell begins at \(onset.map { Double($0) / Self.rate } ?? -1) s")
    }

    /// Issue 49, item 1, end to end: a soundscape is made live in the stream from a seed each sit draws
    /// anew. Two sits of one profile whose ambience is Brown Noise at 50 %, started together, their
    /// streams captured: past the 8 s fade-in both play the soundscape at its level (−33 LUFS at full
    /// volume, so about −39 at 50 %: within 3 LU over 1.5 s), and the two are different sounds (their
    /// samples correlate under 0.3), where a loop would have made them one.
    @Test func twoSitsHearTwoSoundscapes() throws {
        let document = #"{"version": 5, "duration": "01:00", "bells": {"start": null, "end": null}, "ambience": {"enabled": true, "sound": "Brown Noise", "volume": 50}}"#
        try document.write(toFile: "\(store)/Brown.json", atomically: true, encoding: .utf8)
        let sink = Harness.root.appendingPathComponent("Scripts/test-sink").path
        let screens = try (0..<2).map { index in
            let environment = Harness.environment(store: store, home: home, extra: [
                "TERM": "xterm-256color", "NO_COLOR": "1", "PROFILE_SINK": sink, "PROFILE_TEST_SINK_DATA": "\(home)/sink-\(index).raw",
            ])
            return try PseudoTerminal(arguments: [Harness.binary.path, "run", "Brown", "--no-log"], environment: environment)
        }
        for screen in screens { try screen.waitFor("sound: test-sink") }
        Thread.sleep(forTimeInterval: 10.5)
        for screen in screens {
            screen.send("q")
            try screen.waitFor("Stop the session?")
            screen.send("y")
            #expect(screen.waitForExit() == 1)
        }
        let captured = try (0..<2).map { index in
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(home)/sink-\(index).raw")))
            let channels = (0..<2).map { which in
                stride(from: 2 * which, to: bytes.count - 1, by: 4).map { Float(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)) / 32768 }
            }
            // 8.5 s to 10 s of the stream: past the fade-in.
            let heard = Int(8.5 * Self.rate)..<Int(10 * Self.rate)
            #expect(channels[0].count >= heard.upperBound, "sit \(index): \(Double(channels[0].count) / Self.rate) s captured")
            return channels.map { Array($0[heard.clamped(to: $0.indices)]) }
        }
        for (index, channels) in captured.enumerated() {
            let loudness = Loudness.integrated(channels, sampleRate: Int(Self.rate))
            let expected = SoundscapeSynth.loudness + 20 * log10(0.5)
            #expect(abs(loudness - expected) <= 3, "sit \(index): \(loudness) LUFS, \(expected) expected")
        }
        let together = SoundMeasure.correlation(captured[0][0], captured[1][0])
        #expect(abs(together) < 0.3, "the two sits' soundscapes correlate \(together): one sound, not two")
    }
}

