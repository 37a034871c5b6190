import Testing
import Breath
import ProfileKit

/// Issue 48's shared values: the Cue, Leads and Pattern rows' words, and when in a sit a profile's pacer
/// leads (seconds of the sit as it runs), with the breaths it has begun.
struct BreathPacingTests {
    @Test(arguments: [
        ("warmup", BreathLead.warmUp), ("Warm-up", .warmUp), ("whole", .wholeSit), ("whole sit", .wholeSit),
        ("5m", .firstMinutes(5)), ("5", .firstMinutes(5)), ("first 10 min", .firstMinutes(10)), ("1439m", .firstMinutes(1439)),
    ])
    func leadsAreRead(_ text: String, _ lead: BreathLead) throws {
        #expect(try BreathLead(parsing: text) == lead)
        #expect(try BreathLead(parsing: lead.name) == lead, "the stored word reads back")
    }

    @Test(arguments: ["", "0m", "1440m", "-5m", "5s", "five", "first", "12345"])
    func leadsOutOfBoundsAreRefusedNamingWhatWouldDo(_ text: String) {
        do {
            let lead = try BreathLead(parsing: text)
            Issue.record("\(text) was read as \(lead.text)")
        } catch {
            #expect(error.description.hasPrefix("invalid breathing lead \"\(text)\": "), "\(error.description)")
            #expect(error.description.hasSuffix("use warmup, whole, or the first minutes of the main sit such as 5m (1m to 1439m)"))
        }
    }

    @Test func cuesAndChoicesReadTheirNamesAndTitles() throws {
        for cue in BreathCue.allCases { #expect(try BreathCue(parsing: cue.name.uppercased()) == cue) }
        for choice in BreathPatternChoice.allCases {
            #expect(try BreathPatternChoice(parsing: choice.name) == choice)
            #expect(try BreathPatternChoice(parsing: choice.title) == choice)
        }
        #expect(try BreathPatternChoice(parsing: "cyclic-sigh") == .cyclicSigh)
        #expect(throws: BreathPatternError.self) { try BreathCue(parsing: "bell") }
        #expect(throws: BreathPatternError.self) { try BreathPatternChoice(parsing: "4-4-4-4") }
    }

    /// Seconds of the sit: a 2-minute warm-up, then a 20-minute main sit.
    @Test(arguments: [
        (BreathLead.warmUp, 120.0 as Double?, 0.0, 120.0 as Double?),
        (.firstMinutes(5), 120, 120, 420),
        (.firstMinutes(30), 120, 120, 1320),
        (.wholeSit, 120, 120, 1320),
        (.firstMinutes(5), nil, 0, 300),
        (.wholeSit, nil, 0, 1200),
    ] as [(BreathLead, Double?, Double, Double?)])
    func aProfilesPacerLeadsItsPartOfTheSit(_ lead: BreathLead, _ warmUp: Double?, _ start: Double, _ end: Double?) throws {
        let breathing = Breathing(isEnabled: true, lead: lead)
        let pacing = try #require(breathing.pacing(warmUp: warmUp, main: 1200))
        #expect(pacing.start == start)
        #expect(pacing.end == end)
        #expect(pacing.pattern == .coherent)
    }

    @Test func offOrAWarmUpThatIsNotLeadsNothing() {
        #expect(Breathing().pacing(warmUp: 120, main: 1200) == nil)
        #expect(Breathing(isEnabled: true, lead: .warmUp).pacing(warmUp: nil, main: 1200) == nil)
        // An open main sit: the whole of it has no end the pacer knows of; the first minutes do.
        #expect(Breathing(isEnabled: true, lead: .wholeSit).pacing(warmUp: nil, main: nil)?.end == nil)
        #expect(Breathing(isEnabled: true, lead: .firstMinutes(3)).pacing(warmUp: 60, main: nil)?.end == 240)
    }

    @Test func breathsBegunCountEachInBreathOnceAndStopAtTheEnd() {
        let pacing = BreathPacing(pattern: .coherent, cue: .tone, volume: 40, start: 60, end: 60 + 110)
        #expect(pacing.breathsBegun(by: 59) == 0)
        #expect(pacing.breathsBegun(by: 60) == 0)
        #expect(pacing.breathsBegun(by: 60.1) == 1)
        #expect(pacing.breathsBegun(by: 71) == 1)
        #expect(pacing.breathsBegun(by: 71.01) == 2)
        #expect(pacing.breathsBegun(by: 10_000) == 10, "110 s of 11-second breaths")
        #expect(pacing.leads(at: 60) && !pacing.leads(at: 170) && !pacing.leads(at: 59.9))
        // A span of whole breaths whose length in seconds is not exact in binary: 200 breaths of 8.7 s in
        // 29 minutes, 225 of 5.6 s in 21 (seconds over 8.7, rounded up, made 201 and 226).
        let odd = BreathPacing(pattern: try! BreathPattern(inTenths: 40, holdIn: 0, outTenths: 47, holdOut: 0), cue: .tone, volume: 40, start: 0, end: 1740)
        #expect(odd.breathsBegun(by: 1740) == 200)
        let short = BreathPacing(pattern: try! BreathPattern(inTenths: 28, holdIn: 0, outTenths: 28, holdOut: 0), cue: .tone, volume: 40, start: 0, end: 1260)
        #expect(short.breathsBegun(by: 5000) == 225)
    }

    @Test func aCustomPatternFallsBackOnlyWhenItsLengthsMakeNone() {
        var breathing = Breathing(isEnabled: true, choice: .custom, custom: BreathCustom(inTenths: 40, holdIn: 20, outTenths: 60, holdOut: 0))
        #expect(breathing.pattern.text == "4-2-6-0")
        breathing.custom.inTenths = 5
        #expect(breathing.pattern == .coherent)
    }
}
