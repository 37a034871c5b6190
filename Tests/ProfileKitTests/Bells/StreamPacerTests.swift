import Foundation
import Testing
import ProfileKit
import Sound
import Players
import TestSupport

/// Issue 47, item 2: the stream's pacing as a pure value, tested as tables, with no sink and no clock.
@Suite("the stream's pacer")
struct StreamPacerTests {
    static let rate = StreamPacer.rate
    static func frames(_ seconds: Double) -> Int { Int((seconds * rate).rounded()) }

    /// One look at the pacer: its anchor and expected bell, how much is written, the time, whether the
    /// mix sounds and the sink has read all; what it renders, when it wakes next, and its anchor after.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var anchor: Double?
        var expected: Double? = nil
        var written: Double
        var now: Double
        var sounding = true
        var drained = true
        /// Whether bytes wait for the sink.
        var backlog = false
        /// Seconds to render, as frames rounded.
        var render: Double
        /// When it wakes after rendering; nil: never.
        var wake: Double?
        /// The anchor after the look.
        var anchorAfter: Double?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "idle: nothing written, nothing sounds, no wake-up", anchor: nil, written: 0, now: 100, sounding: false,
             render: 0, wake: nil, anchorAfter: nil),
        Case(name: "all written was heard and read, nothing sounds: idle", anchor: 100, written: 1, now: 101, sounding: false,
             render: 0, wake: nil, anchorAfter: nil),
        Case(name: "all heard, the sink still holds bytes: watched", anchor: 100, written: 1, now: 101, sounding: false, drained: false,
             render: 0, wake: 101.02, anchorAfter: 100),
        Case(name: "nothing more sounds: woken when the last written is heard", anchor: 100, written: 0.3, now: 100.1, sounding: false,
             render: 0, wake: 100.3, anchorAfter: 100),
        Case(name: "the start: topped up to the high water", anchor: 100, written: 0, now: 100,
             render: 0.35, wake: 100.2, anchorAfter: 100),
        Case(name: "enough ahead: nothing now, woken at the low water", anchor: 100, written: 0.35, now: 100.1,
             render: 0, wake: 100.2, anchorAfter: 100),
        Case(name: "at the low water: topped up to the high water", anchor: 100, written: 0.35, now: 100.2,
             render: 0.2, wake: 100.4, anchorAfter: 100),
        Case(name: "a bell expected: the lead stops at its frame, and the run wakes for it", anchor: 100, expected: 100.3, written: 0.2,
             now: 100.06, render: 0.1, wake: 100.15, anchorAfter: 100),
        Case(name: "held at a bell's frame and under the low water: the run wakes for the bell", anchor: 100, expected: 100.3,
             written: 0.3, now: 100.16, render: 0, wake: 100.3, anchorAfter: 100),
        Case(name: "a bell a moment late still holds the lead", anchor: 100, expected: 100.25, written: 0.3, now: 100.28,
             render: 0, wake: 100.3, anchorAfter: 100),
        Case(name: "a bell long past holds nothing", anchor: 100, expected: 100.1, written: 0.35, now: 100.3,
             render: 0.3, wake: 100.5, anchorAfter: 100),
        Case(name: "a bell far off holds nothing", anchor: 100, expected: 105, written: 0.35, now: 100.2,
             render: 0.2, wake: 100.4, anchorAfter: 100),
        Case(name: "a late wake: the stream goes on from now, topped up from there", anchor: 100, written: 0.35, now: 101,
             render: 0.35, wake: 101.2, anchorAfter: 100.65),
        Case(name: "a sink holding a backlog is looked at again soon", anchor: 100, written: 0.35, now: 100.1, backlog: true,
             render: 0, wake: 100.15, anchorAfter: 100),
    ]

    @Test(arguments: cases)
    func aLook(_ look: Case) {
        var pacer = StreamPacer(anchor: look.anchor, expected: look.expected)
        let written = Self.frames(look.written)
        let render = pacer.frames(written: written, at: look.now, sounding: look.sounding, drained: look.drained)
        #expect(abs(render - Self.frames(look.render)) <= 1, "rendered \(Double(render) / Self.rate) s")
        let wake = pacer.wake(written: written + render, at: look.now, sounding: look.sounding, backlog: look.backlog)
        #expect((wake == nil) == (look.wake == nil), "wakes at \(String(describing: wake))")
        if let wake, let expected = look.wake { #expect(abs(wake - expected) < 1e-3, "wakes at \(wake), not \(expected)") }
        #expect((pacer.anchor == nil) == (look.anchorAfter == nil))
        if let anchor = pacer.anchor, let expected = look.anchorAfter { #expect(abs(anchor - expected) < 1e-6, "anchor \(anchor)") }
        // Whatever the look, never more than half a second ahead of what is heard.
        #expect(pacer.ahead(written: written + render, at: look.now) <= StreamPacer.maximumAhead + 1e-9)
    }

    /// Driven as the run drives it, waking when it asks: sound never runs out, the lead stays within half
    /// a second, about five wake-ups a second while sound plays; a bell expected lands on the frame its
    /// time is heard at; once nothing sounds it goes idle and asks for no wake-up.
    @Test func drivenByItsOwnWakeUpsALeadBellAndIdle() {
        var pacer = StreamPacer()
        var now = 100.0, written = 0, wakes = 0
        let bellAt = 103.3
        let soundEnds = Self.frames(8)
        pacer.start(written: written, at: now)
        pacer.expected = bellAt
        var bellFrame: Int?
        while now < 120 {
            if pacer.expected != nil, now >= bellAt {
                // The ringer places a bell at the frame heard now, once all before it is written.
                bellFrame = max(pacer.heardFrame(at: now) ?? written, written)
                pacer.expected = nil
            }
            let sounding = written < soundEnds
            written += pacer.frames(written: written, at: now, sounding: sounding, drained: true)
            #expect(pacer.ahead(written: written, at: now) <= StreamPacer.maximumAhead + 1e-9)
            if sounding, now < 107.5 { #expect(pacer.ahead(written: written, at: now) > 0, "ran dry at \(now)") }
            guard let wake = pacer.wake(written: written, at: now, sounding: written < soundEnds, backlog: false) else { break }
            #expect(wake > now)
            now = wake
            wakes += 1
        }
        #expect(pacer.anchor == nil, "idle once nothing sounds")
        #expect(now < 109, "no wake-ups once idle: the last at \(now)")
        #expect(wakes <= Int(8.35 / (StreamPacer.highWater - StreamPacer.lowWater)) + 5, "\(wakes) wake-ups")
        #expect(bellFrame.map { abs(Double($0) / Self.rate - 3.3) < 0.001 } == true, "the bell at frame \(String(describing: bellFrame))")
    }
}

/// Issue 47, item 2: one quantizer and one WAV encoder; what is written reads back within a step of 16 bits.
@Suite("one quantizer")
struct QuantizerTests {
    /// A ramp over the whole range, written as a stereo file (both channels the same) through the file
    /// layer and read back: each sample within one step of 16 bits of what was written.
    @Test func anExportedFileReadsBackWithinOneStep() throws {
        let ramp = (0...2_000).map { Float(-1 + 2 * Double($0) / 2_000) }
        let folder = try makeTemporaryDirectory()
        let path = "\(folder)/ramp.wav"
        try WAVFile.write(WAV.encode(left: ramp, right: ramp, sampleRate: 44_100), to: path)
        let sound = try WAVReader.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(sound.samples.count == ramp.count)
        let worst = zip(sound.samples, ramp).map { Double(abs($0 - $1)) * 32_768 }.max() ?? .infinity
        #expect(worst <= 1 + 1e-3, "\(worst) steps off")
        // A mono file of 16-bit samples reads back as they were.
        let samples: [Int16] = [0, 1, -1, 32_767, -32_768, 12_345]
        let mono = try WAVReader.decode(WAV.encode(samples, sampleRate: 8_000))
        #expect(mono.samples.map(PCM16.sample) == samples)
    }

    /// The stream's bytes are the quantizer's samples, little-endian.
    @Test func theStreamPacksLittleEndian() {
        #expect(PCM16.bytes([0x0102, -2]) == [0x02, 0x01, 0xFE, 0xFF])
    }
}
