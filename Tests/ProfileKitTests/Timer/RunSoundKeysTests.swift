import Testing
import ProfileKit
import TestDoubles
import TextSupport
import TableKit
import Players
@testable import Sitting

/// Issue 38, items 4 and 5: the keys that change how a sit sounds, the ambience's fades, and what the
/// screen and the summary say of them, as pure rules.
@Suite("Run: volume, mute and ambience keys")
struct RunSoundKeysTests {
    static let timeline = Timeline(profile: Profile(name: "T", duration: .minutes(30)))

    @Test func theKeysAreDecoded() {
        let table: [(Character, RunKey)] = [("-", .volumeDown), ("_", .volumeDown), ("+", .volumeUp), ("=", .volumeUp),
                                            ("m", .mute), ("M", .mute), ("a", .ambience), ("A", .ambience),
                                            (" ", .pause), ("q", .quit), ("x", .other)]
        for (character, key) in table {
            #expect(RunKey(byte: character.asciiValue!) == key, "\(character)")
        }
    }

    struct KeysCase: CustomTestStringConvertible, Sendable {
        var id: String
        var keys: [RunKey]
        /// The sound effects of the last key.
        var last: [RunEffect]
        var volume: Double?
        var muted = false
        var testDescription: String { id }
    }

    static func presses(_ key: RunKey, _ count: Int) -> [RunKey] { Array(repeating: key, count: count) }

    static let cases: [KeysCase] = [
        KeysCase(id: "- is 3 dB quieter", keys: [.volumeDown], last: [.setVolume(-3)], volume: -3),
        KeysCase(id: "three - are 9 dB", keys: presses(.volumeDown, 3), last: [.setVolume(-9)], volume: -9),
        KeysCase(id: "+ stops at 0 dB", keys: [.volumeUp], last: [], volume: 0),
        KeysCase(id: "- then + is back at 0", keys: [.volumeDown, .volumeUp], last: [.setVolume(0)], volume: 0),
        KeysCase(id: "ten - are −30 dB", keys: presses(.volumeDown, 10), last: [.setVolume(-30)], volume: -30),
        KeysCase(id: "past −30 dB is silence", keys: presses(.volumeDown, 11), last: [.setVolume(nil)], volume: nil),
        KeysCase(id: "- in silence does nothing", keys: presses(.volumeDown, 12), last: [], volume: nil),
        KeysCase(id: "+ from silence is −30 dB", keys: presses(.volumeDown, 11) + [.volumeUp], last: [.setVolume(-30)], volume: -30),
        KeysCase(id: "m mutes", keys: [.mute], last: [.mute(true)], volume: 0, muted: true),
        KeysCase(id: "m again unmutes", keys: [.mute, .mute], last: [.mute(false)], volume: 0),
        KeysCase(id: "a switches the ambience off", keys: [.ambience], last: [.ambience(false)], volume: 0),
        KeysCase(id: "a again on", keys: [.ambience, .ambience], last: [.ambience(true)], volume: 0),
        KeysCase(id: "volume keys work while paused", keys: [.pause, .volumeDown], last: [.setVolume(-3)], volume: -3),
        KeysCase(id: "- answers no to the stop question", keys: [.quit, .volumeDown], last: [], volume: 0),
    ]

    @Test(arguments: cases)
    func keysBecomeEffects(_ test: KeysCase) {
        var machine = RunMachine(timeline: Self.timeline, speed: 1, start: 0)
        _ = machine.handle(.time(0))
        var last: [RunEffect] = []
        for (index, key) in test.keys.enumerated() { last = machine.handle(.key(key, at: 1 + Double(index))) }
        #expect(last == test.last)
        #expect(machine.volume == test.volume)
        #expect(machine.isMuted == test.muted)
        #expect(!machine.isConfirmingStop)
    }

    /// A change of sound alone keeps no record of the sit.
    @Test func soundKeysKeepNoRecord() {
        var machine = RunMachine(timeline: Self.timeline, speed: 1, start: 0, records: true)
        _ = machine.handle([.time(0)], at: 0)
        #expect(machine.handle([.key(.volumeDown, at: 5)], at: 5) == [.setVolume(-3)])
        #expect(machine.handle([.key(.mute, at: 7)], at: 7) == [.mute(true)])
    }

    struct FadeStep: Sendable {
        var elapsed: Double
        var paused = false
        var change: (Bool, Double)?
    }

    /// In over 8 s at the start, down and up over 2 s for a pause, out over the last 8 s.
    @Test func theAmbienceFadesWithTheSession() {
        var fade = AmbienceFade(speed: 1)
        let steps: [FadeStep] = [
            FadeStep(elapsed: 0, change: (true, AmbienceFade.fadeIn)),
            FadeStep(elapsed: 100),
            FadeStep(elapsed: 200, paused: true, change: (false, AmbienceFade.pauseFade)),
            FadeStep(elapsed: 200, paused: true),
            FadeStep(elapsed: 200, change: (true, AmbienceFade.pauseFade)),
            FadeStep(elapsed: 1791),
            FadeStep(elapsed: 1792, change: (false, 8)),
            FadeStep(elapsed: 1795),
        ]
        for step in steps {
            let change = fade.change(elapsed: step.elapsed, paused: step.paused, timeline: Self.timeline)
            #expect(change?.playing == step.change?.0 && change?.seconds == step.change?.1, "at \(step.elapsed)")
        }
        var late = AmbienceFade(speed: 1)
        _ = late.change(elapsed: 0, paused: false, timeline: Self.timeline)
        #expect(late.nextChange(elapsed: 10, timeline: Self.timeline) == 1792)
        // Woken late, 3 s before the end: out over those 3 s, silent at the end bell.
        #expect(late.change(elapsed: 1797, paused: false, timeline: Self.timeline)?.seconds == 3)
    }

    /// An open-ended main sit plays on until it is ended; the fade-out starts then.
    @Test func anOpenEndedSitFadesOutWhenItsEndIsKnown() {
        let open = Timeline(profile: Profile(name: "T", duration: .minutes(30)), open: true)
        var fade = AmbienceFade(speed: 1)
        #expect(fade.change(elapsed: 0, paused: false, timeline: open)?.playing == true)
        #expect(fade.change(elapsed: 5_000, paused: false, timeline: open) == nil)
        #expect(fade.nextChange(elapsed: 5_000, timeline: open) == nil)
        let ended = open.endingMainSit(at: 5_000)
        let change = fade.change(elapsed: 5_000, paused: false, timeline: ended)
        #expect(change?.playing == false, "no cool-down: out at once, over what is left")
    }

    @Test func theVolumeIsSaid() {
        #expect(volumeText(0, muted: false) == "volume 0 dB")
        #expect(volumeText(-9, muted: false) == "volume \u{2212}9 dB")
        #expect(volumeText(nil, muted: false) == "volume off")
        #expect(volumeText(0, muted: true) == "muted")
        #expect(volumeText(-6, muted: true) == "muted (volume \u{2212}6 dB)")
    }

    /// The screen shows the volume once the keys changed it, and names the keys, from 40 columns up.
    @Test(arguments: [40, 50, 60, 80, 120])
    func theScreenShowsTheVolumeAndTheKeys(_ width: Int) {
        var state = RunState(name: "Run", timeline: Self.timeline, elapsed: 100, sound: "pacat")
        state.volume = -9
        state.hasAmbience = true
        let keys = RunFrame(state, width: width, keys: true).lines.last!.text.trimmingWhitespace()
        #expect(keys.hasPrefix("volume \u{2212}9 dB · space pause · q stop"), "\(keys)")
        #expect(DisplayWidth.of(keys) <= width - 1 && !keys.contains("…"), "\(keys)")
        if width >= 100 { #expect(keys == "volume \u{2212}9 dB · space pause · q stop · - + volume · m mute · a ambience · sound: pacat") }
        state.volume = 0
        state.isMuted = true
        #expect(RunFrame(state, width: width, keys: true).lines.last!.text.trimmingWhitespace().hasPrefix("muted · space pause"))
    }

    /// Muted bells are counted as muted, not rung; the volume the sit ended at is said when it changed.
    @Test func theSummarySaysMutedBellsAndTheVolume() {
        var summary = RunSummary(ending: .completed, elapsed: 1800, bellsRung: 1, bellsPlanned: 2, pauses: 0)
        summary.bellsMuted = 1
        summary.volumeChanged = true
        summary.endVolume = -6
        #expect(summary.text(end: Self.timeline.end) == "Session complete: 30:00, 1 of 2 bells rang, 1 muted; ended at volume \u{2212}6 dB.")
    }
}

extension RunSoundKeysTests {
    /// On a fake clock: `m` after the start bell, and every later bell is shown as muted, not rung.
    @Test func bellsWhileMutedAreNotRung() {
        let first = Double(Timeline(profile: SessionRunnerTests.profile).bells[0].offset)
        let run = SessionRunnerTests.run(keys: [(first + 1, .mute)])
        #expect(run.ringer.rung.count == 1, "only the start bell rang")
        #expect(run.summary.bellsRung == 1 && run.summary.bellsMuted == 6)
        #expect(run.display.fired.compactMap(\.report).dropFirst().allSatisfy { $0.via == "muted" && !$0.sounded })
        #expect(run.summary.text(end: Timeline(profile: SessionRunnerTests.profile).end)
            == "Session complete: 37:00, 1 of 7 bells rang, 6 muted; ended muted.")
    }
}
