import Testing
import Breath

/// Issue 48's patterns and their clock, before any screen or sound: the named patterns' figures, what
/// `--breathe` accepts and refuses, where the breath is at any moment (its phase, the time left, how full
/// the lungs are) and the boundaries a cue and a screen change at, over a 20-minute sit without drift.
struct BreathPatternTests {
    @Test func theNamedPatternsAreWhatTheirSourcesSay() {
        #expect(BreathPattern.coherent.phases.map(\.tenths) == [55, 55])
        #expect(abs(BreathPattern.coherent.breathsPerMinute - 60 / 11) < 1e-9)
        #expect(BreathPattern.box.phases.map(\.move) == [.breatheIn, .hold, .breatheOut, .hold])
        #expect(BreathPattern.box.cycleSeconds == 16)
        #expect(BreathPattern.fourSevenEight.phases.map(\.tenths) == [40, 70, 80])
        #expect(BreathPattern.cyclicSigh.phases.map(\.move) == [.breatheIn, .topUp, .breatheOut])
        #expect(BreathPattern.cyclicSigh.breathsPerMinute == 6)
    }

    @Test(arguments: [
        ("coherent", BreathPattern.coherent), ("Coherent 5.5", .coherent), ("BOX", .box), (" box 4 ", .box),
        ("4-7-8", .fourSevenEight), ("sigh", .cyclicSigh), ("cyclic-sigh", .cyclicSigh), ("Cyclic sigh", .cyclicSigh),
    ])
    func namesAreRead(_ text: String, _ pattern: BreathPattern) throws {
        #expect(try BreathPattern(parsing: text) == pattern)
    }

    @Test(arguments: [
        ("4-4-4-4", [40, 40, 40, 40]), ("4,2,6,0", [40, 20, 60]), ("5.5-0-5.5", [55, 55]), ("5.5-0-5.5-0", [55, 55]),
        ("3-0-6-2", [30, 60, 20]), ("1-0-1-0", [10, 10]), ("30,30,0.0,0", nil), ("4-7-8-0", [40, 70, 80]),
    ] as [(String, [Int]?)])
    func secondsAreRead(_ text: String, _ tenths: [Int]?) {
        let parsed = try? BreathPattern(parsing: text)
        #expect(parsed?.phases.map(\.tenths) == tenths, "\(text)")
    }

    @Test(arguments: [
        ("", "it is not a pattern's name, nor three or four seconds joined by -"),
        ("calm", "it is not a pattern's name, nor three or four seconds joined by -"),
        ("4-8", "it is not a pattern's name, nor three or four seconds joined by -"),
        ("4,2,6", "four seconds are in, hold, out and hold, and this has 3"),
        ("4-x-8", "\"x\" is not a number of seconds (at most one decimal)"),
        ("4--8", "\"\" is not a number of seconds (at most one decimal)"),
        ("4-7-8.25", "\"8.25\" is not a number of seconds (at most one decimal)"),
        ("-4-7-8", "\"\" is not a number of seconds (at most one decimal)"),
        ("0.5-0-4", "the in-breath is 0.5 s; it takes at least 1 s"),
        ("4-0-0.9", "the out-breath is 0.9 s; it takes at least 1 s"),
        ("4-31-8", "the hold after it is 31 s; a phase lasts at most 30 s"),
        ("20-20-20-1", "a breath of 61 s; a breath lasts at most 60 s"),
    ])
    func refusalsSayWhatIsWrongAndWhatWouldDo(_ text: String, _ reason: String) {
        do throws(BreathPatternError) {
            let accepted = try BreathPattern(parsing: text)
            Issue.record("\(text.debugDescription) was read as \(accepted.text)")
        } catch {
            #expect(error == BreathPatternError(input: text, reason: reason))
            #expect(error.description == "invalid breathing pattern \"\(text)\": \(reason); use \(BreathPattern.acceptedForms)")
            #expect(error.category == .usage)
        }
    }

    @Test(arguments: [BreathPattern.coherent, .box, .fourSevenEight, .cyclicSigh,
                      try! BreathPattern(parsing: "4,2,6,0"), try! BreathPattern(parsing: "2.5-0.5-7.5-1.5")])
    func theTextReadsBackAsThePattern(_ pattern: BreathPattern) throws {
        #expect(try BreathPattern(parsing: pattern.text) == pattern, "\(pattern.text)")
    }

    /// At each phase's start the position names it with its whole length left; the lungs are empty at
    /// the breath's start, full after the in-breath(s), kept through a hold and empty after the out-breath.
    @Test(arguments: [BreathPattern.coherent, .box, .fourSevenEight, .cyclicSigh])
    func eachPhaseIsWhereThePatternPutsIt(_ pattern: BreathPattern) {
        var start = 0.0
        for (index, phase) in pattern.phases.enumerated() {
            let at = pattern.position(at: start + 1e-9)
            #expect(at.index == index && at.phase == phase && at.cycle == 0)
            #expect(abs(at.remaining - phase.seconds) < 1e-6)
            let end = pattern.position(at: start + phase.seconds - 1e-9)
            switch phase.move {
            case .breatheIn: #expect(at.fullness < 0.01 && end.fullness > (pattern == .cyclicSigh ? 0.79 : 0.99))
            case .topUp: #expect(abs(at.fullness - BreathPattern.topUpStart) < 0.01 && end.fullness > 0.99)
            case .hold: #expect(abs(at.fullness - end.fullness) < 1e-9)
            case .breatheOut: #expect(at.fullness > 0.99 && end.fullness < 0.01)
            }
            start += phase.seconds
        }
    }

    /// The shape grows only while breathing in and shrinks only while breathing out, never jumps (the
    /// most it moves in 10 ms), and the pattern repeats exactly: 20 minutes on, the same moment of the
    /// breath is at the same place (no drift).
    @Test(arguments: [BreathPattern.coherent, .box, .fourSevenEight, .cyclicSigh])
    func theBreathMovesSmoothlyOneWayAtATimeAndDoesNotDrift(_ pattern: BreathPattern) {
        let step = 0.01
        var previous = pattern.position(at: 0)
        var largest = 0.0
        for index in 1...Int(pattern.cycleSeconds * 2 / step) {
            let now = pattern.position(at: Double(index) * step)
            let change = now.fullness - previous.fullness
            largest = max(largest, abs(change))
            // Within a phase (across a boundary the two samples belong to two phases).
            if now.index == previous.index {
                switch now.phase.move {
                case .breatheIn, .topUp: #expect(change >= -1e-12, "falls while breathing in at \(Double(index) * step) s")
                case .hold: #expect(abs(change) < 1e-12)
                case .breatheOut: #expect(change <= 1e-12, "rises while breathing out at \(Double(index) * step) s")
                }
            }
            previous = now
        }
        // The steepest half cosine here: the sigh's 1 s top-up over a fifth of the breath (π/2 · 0.2 · 0.01).
        #expect(largest < 0.005, "\(largest) in 10 ms")
        for offset in [0.0, 0.7, pattern.cycleSeconds / 2, pattern.cycleSeconds - 0.05] {
            let first = pattern.position(at: offset)
            let cycles = Int(1_200 / pattern.cycleSeconds)
            let later = pattern.position(at: offset + Double(cycles) * pattern.cycleSeconds)
            #expect(later.index == first.index && later.cycle == first.cycle + cycles)
            #expect(abs(later.elapsed - first.elapsed) < 1e-6 && abs(later.fullness - first.fullness) < 1e-6)
        }
    }

    /// The boundaries of 20 minutes: one for each phase of each breath begun, at exact multiples of the
    /// tenths, each where `position` says that phase begins.
    @Test(arguments: [BreathPattern.coherent, .box, .fourSevenEight, .cyclicSigh])
    func theBoundariesOfTwentyMinutesAreExact(_ pattern: BreathPattern) {
        let boundaries = pattern.boundaries(from: 0, to: 1_200)
        var expected = 0
        var time = 0
        while true {
            var ended = false
            for phase in pattern.phases {
                if Double(time) / 10 >= 1_200 { ended = true; break }
                expected += 1
                time += phase.tenths
            }
            if ended { break }
        }
        #expect(boundaries.count == expected)
        for (time, phase) in boundaries {
            #expect(abs(time * 10 - (time * 10).rounded()) < 1e-6, "\(time) is a whole number of tenths")
            let at = pattern.position(at: time + 1e-6)
            #expect(at.phase == phase && at.elapsed < 1e-3, "at \(time) s")
        }
        // A window in the middle is the same list's slice.
        let middle: [Double] = pattern.boundaries(from: 300, to: 400).map(\.time)
        let slice: [Double] = boundaries.map(\.time).filter { (time: Double) -> Bool in time >= 300 && time < 400 }
        #expect(middle == slice)
    }
}
