import Testing
import ProfileKit
import TestDoubles
import TableKit
@testable import Sitting

/// The live display's frame is a pure function of the run's state and the terminal's width.
@Suite("Run frame")
struct RunFrameTests {
    static let timeline = Timeline(profile: SampleProfiles.run)

    @Test func theFrameSaysThePartTheTimeLeftTheBarAndTheNextBell() {
        let state = RunState(name: "Run", timeline: Self.timeline, elapsed: 130.5, sound: "paplay")
        let frame = RunFrame(state, width: 60, keys: true)
        #expect(frame.lines.map(\.text) == [
            "Main sit: 29:50 left · session: 34:50 left",
            "██" + String(repeating: "░", count: 48) + " 5%",
            "Next bell: Interval bell 1 (Tingsha) at 09:00, in 06:50",
            "space pause · q stop · sound: paplay",
        ])
        #expect(frame.lines.map(\.style) == [.plain, .plain, .plain, .dim])
    }

    @Test func theQuestionAndAPauseShow() {
        var state = RunState(name: "Run", timeline: Self.timeline, elapsed: 2219.2, sound: "aplay")
        state.isPaused = true
        #expect(RunFrame(state, width: 80, keys: true).lines.last?.text == "space resume · q stop · sound: aplay")
        #expect(RunFrame(state, width: 80, keys: false).lines.last?.text == "sound: aplay", "no keys, no hint of them")
        state.isConfirmingStop = true
        let frame = RunFrame(state, width: 80, keys: true)
        #expect(frame.lines[0].text == "Cool Down: 00:01 left · session: 00:01 left  PAUSED")
        #expect(frame.lines[2].text == "Next bell: Session ends (Singing Bowl) at 37:00, in 00:01")
        #expect(frame.lines.last == RunFrame.Line(text: "Stop the session? y to stop, any other key to go on", style: .bold))
    }

    /// Every line fits one column short of the width (a full line wraps on some terminals), however narrow.
    @Test(arguments: [1, 20, 33, 60, 200])
    func linesFitTheWidth(_ width: Int) {
        let state = RunState(name: "Run", timeline: Self.timeline, elapsed: 600, sound: "a player with a long name")
        for line in RunFrame(state, width: width, keys: true).lines {
            #expect(DisplayWidth.of(line.text) <= max(20, width) - 1, "\(line.text)")
        }
    }

    /// The text changes once a session second: the countdowns round up.
    @Test func theTextChangesOnTheSecond() {
        var state = RunState(name: "Run", timeline: Self.timeline, elapsed: 130.01, sound: "paplay")
        let before = RunFrame(state, width: 60, keys: true)
        state.elapsed = 130.99
        #expect(RunFrame(state, width: 60, keys: true) == before)
        #expect(RunFrame.nextChange(after: 130.01) == 131)
        state.elapsed = 131.001
        #expect(RunFrame(state, width: 60, keys: true) != before)
    }
}
