import LocalTime
import Testing
import TableKit
import Breath
@testable import JournalCore

/// Issue 48's journal: the breathing a run's pacer led is written in a sit's line only when there is
/// some, read strictly by the reader and its fast path alike, and shown by `log`, `stats` and the exports,
/// which import back.
@Suite("Journal: breathing")
struct SitBreathingTests {
    static let now = 1_900_000_000

    static func sit(seconds: Int = 600, breathing: SitBreathing? = nil, profile: String? = "Morning") -> Sit {
        Sit(id: "0123456789ab", start: Timestamp(epoch: 1_795_414_500, offset: 3600), end: Timestamp(epoch: 1_795_414_500 + seconds, offset: 3600),
            profile: profile, seconds: seconds, plannedSeconds: seconds, outcome: .completed, bells: 2, note: nil, breathing: breathing)
    }

    static let head = #"{"id":"0123456789ab","start":"2026-11-23T07:15:00+01:00","end":"2026-11-23T07:25:00+01:00","profile":"Morning","seconds":600,"plannedSeconds":600,"outcome":"completed","bells":2,"note":null"#

    static func fast(_ line: [UInt8]) -> Sit? {
        line.withUnsafeBufferPointer { SitLine.fastDecode($0, 0..<line.count) }
    }

    // MARK: Lines

    /// A sit without breathing keeps exactly the line earlier versions wrote; with it, `breathing` comes
    /// last; both read back through both readers and write again byte for byte.
    @Test(arguments: [nil, SitBreathing(pattern: "4-7-8", breaths: 16, seconds: 300), SitBreathing(pattern: "coherent", breaths: 55, seconds: 600),
                      SitBreathing(pattern: "cyclic sigh", breaths: 1, seconds: 0), SitBreathing(pattern: "5.5-2.5-5.5-2.5", breaths: 38, seconds: 600),
                      SitBreathing(pattern: "box", breaths: 0, seconds: 0)])
    func linesRoundTripByteForByte(_ breathing: SitBreathing?) throws {
        var sit = Self.sit(breathing: breathing)
        for paused in [0, 45] {
            for recovered in [false, true] {
                sit.pausedSeconds = paused
                sit.recovered = recovered
                let line = sit.line
                let bytes = Array(line.utf8.dropLast())
                let strict = try SitLine.decode(bytes)
                #expect(strict == sit)
                #expect(Self.fast(bytes) == sit, "the fast path takes what the writer writes")
                #expect(strict.line == line, "byte for byte")
                if let breathing {
                    #expect(line.hasSuffix(#","breathing":{"pattern":"\#(breathing.pattern)","breaths":\#(breathing.breaths),"seconds":\#(breathing.seconds)}}"# + "\n"))
                } else {
                    #expect(!line.contains("breathing"), "a sit without breathing keeps today's line")
                }
            }
        }
        #expect(Self.sit().line == Self.head + "}\n", "the line of a sit without pauses or a pacer is the one earlier versions wrote")
    }

    /// The run's own value, as `Sit.run` makes it, is logged as it was handed in.
    @Test func aRunsBreathingIsLogged() throws {
        let breathing = SitBreathing(pattern: "4-7-8", breaths: 16, seconds: 300)
        let sit = try #require(Sit.run(outcome: .completed, elapsed: 300, total: 300, bells: 2, pausedSeconds: 0, speed: 1, started: Self.now - 300,
                                       now: Self.now, profile: nil, note: nil, calendar: LocalCalendar(zone: .utc), breathing: breathing))
        #expect(try SitLine.decode(Array(sit.line.utf8.dropLast())).breathing == breathing)
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var breathing: String
        var key: String
        /// The column's offset from the start of `breathing`'s text.
        var at: String
        var message: String
        var testDescription: String { breathing }
    }

    /// Each bad field of `breathing` is refused naming its key, at its column, with what is accepted.
    static let bads = [
        Bad(breathing: "5", key: "breathing", at: "5", message: "expected an object such as {\"pattern\":\"4-7-8\",\"breaths\":16,\"seconds\":300}, or null, found the number 5"),
        Bad(breathing: #""4-7-8""#, key: "breathing", at: #""4-7-8""#, message: "expected an object such as"),
        Bad(breathing: #"{"pattern":"4-7-8","breaths":16,"seconds":300,"cue":"tone"}"#, key: "breathing", at: #""cue""#,
            message: "unknown key \"cue\"; breathing has the keys pattern, breaths, seconds"),
        Bad(breathing: #"{"pattern":"4-7-8","breath":16,"seconds":300}"#, key: "breathing", at: #""breath""#, message: "(did you mean \"breaths\"?)"),
        Bad(breathing: #"{"pattern":"4-7-8","seconds":300}"#, key: "breathing", at: "{", message: "no \"breaths\"; expected an object"),
        Bad(breathing: #"{"breaths":16,"seconds":300}"#, key: "breathing", at: "{", message: "no \"pattern\""),
        Bad(breathing: #"{"pattern":478,"breaths":16,"seconds":300}"#, key: "breathing.pattern", at: "478", message: "expected a string such as \"4-7-8\", found the number 478"),
        Bad(breathing: #"{"pattern":"4-7-9","breaths":16,"seconds":300}"#, key: "breathing.pattern", at: #""4-7-9""#,
            message: "expected the pattern as --breathe writes it, \"4-7-9-0\", found \"4-7-9\""),
        Bad(breathing: #"{"pattern":"sigh!","breaths":1,"seconds":3}"#, key: "breathing.pattern", at: #""sigh!""#, message: "found \"sigh!\""),
        // Another name --breathe takes for a pattern is not what a run writes.
        Bad(breathing: #"{"pattern":"sigh","breaths":1,"seconds":10}"#, key: "breathing.pattern", at: #""sigh""#,
            message: "expected the pattern as --breathe writes it, \"cyclic sigh\", found \"sigh\""),
        Bad(breathing: #"{"pattern":"Coherent","breaths":16,"seconds":300}"#, key: "breathing.pattern", at: #""Coherent""#,
            message: "expected the pattern as --breathe writes it, \"coherent\", found \"Coherent\""),
        Bad(breathing: #"{"pattern":"4,7,8,0","breaths":16,"seconds":300}"#, key: "breathing.pattern", at: #""4,7,8,0""#,
            message: "expected the pattern as --breathe writes it, \"4-7-8\""),
        Bad(breathing: #"{"pattern":"slow","breaths":16,"seconds":300}"#, key: "breathing.pattern", at: #""slow""#,
            message: "expected a breathing pattern as --breathe writes it (coherent, box, 4-7-8, sigh, or seconds of in, hold, out and hold such as 4-2-6-0), found \"slow\": it is not a pattern's name"),
        Bad(breathing: #"{"pattern":"0.5-0-4-0","breaths":16,"seconds":300}"#, key: "breathing.pattern", at: #""0.5-0-4-0""#,
            message: "the in-breath is 0.5 s; it takes at least 1 s"),
        Bad(breathing: #"{"pattern":"4-7-8","breaths":-1,"seconds":300}"#, key: "breathing.breaths", at: "-1", message: "expected a whole number from 0 to 9,999,999, found the number -1"),
        Bad(breathing: #"{"pattern":"4-7-8","breaths":1.5,"seconds":300}"#, key: "breathing.breaths", at: "1.5", message: "expected a whole number"),
        Bad(breathing: #"{"pattern":"4-7-8","breaths":"16","seconds":300}"#, key: "breathing.breaths", at: #""16""#, message: "found the string \"16\""),
        Bad(breathing: #"{"pattern":"4-7-8","breaths":16,"seconds":null}"#, key: "breathing.seconds", at: "null", message: "expected a whole number from 0 to 9,999,999, found null"),
        Bad(breathing: #"{"pattern":"4-7-8","breaths":16,"seconds":10000000}"#, key: "breathing.seconds", at: "10000000", message: "expected a whole number"),
        Bad(breathing: #"{"pattern":"4-7-8","breaths":16,"seconds":601}"#, key: "breathing.seconds", at: "601",
            message: "expected at most the sit's 600 seconds (breathing is led within the sit), found 601"),
        // 300 s of 4-7-8 (19 s a breath) begin at most 16 breaths, with a second's grace: ceil(3010 / 190).
        Bad(breathing: #"{"pattern":"4-7-8","breaths":17,"seconds":300}"#, key: "breathing.breaths", at: "17",
            message: "expected at most 16 breaths in 300 seconds of 4-7-8 (a breath every 19 s), found 17"),
        Bad(breathing: #"{"pattern":"coherent","breaths":2,"seconds":0}"#, key: "breathing.breaths", at: "2",
            message: "expected at most 1 breaths in 0 seconds of coherent (a breath every 11 s), found 2"),
    ]

    @Test(arguments: bads)
    func aBadBreathingIsRefusedAtItsPlace(_ c: Bad) throws {
        let prefix = Self.head + #","breathing":"#
        let line = prefix + c.breathing + "}"
        let bytes = Array(line.utf8)
        #expect(Self.fast(bytes) == nil, "the fast path leaves it to the strict reader")
        do {
            _ = try SitLine.decode(bytes)
            Issue.record("read \(c.breathing)")
        } catch {
            let offset = try #require(c.breathing.range(of: c.at)).lowerBound
            #expect(error.column == prefix.count + c.breathing.distance(from: c.breathing.startIndex, to: offset) + 1, "\(error.message)")
            #expect(error.key == c.key)
            #expect(error.message.contains(c.message), "\(error.message)")
        }
        // In a journal, the place is path:line:column.
        let scan = SitLine.scan(Array((Self.sit().line + line + "\n").utf8), keepLines: false, firstDamage: true)
        let damage = try #require(scan.damaged.first)
        #expect(SitLine.damage(damage.line, damage.problem, path: "j.jsonl").description.hasPrefix("j.jsonl:2:\(damage.problem.column): \(c.key): "))
    }

    /// The most breaths a pattern begins: one at the start and one a whole breath after, with a second's grace.
    @Test func theMostBreathsFollowThePattern() {
        #expect(SitBreathing.mostBreaths(seconds: 300, pattern: .fourSevenEight) == 16)
        #expect(SitBreathing.mostBreaths(seconds: 0, pattern: .coherent) == 1)
        #expect(SitBreathing.mostBreaths(seconds: 10, pattern: .coherent) == 1, "11 s: one breath begun by 11 s")
        #expect(SitBreathing.mostBreaths(seconds: 11, pattern: .coherent) == 2)
        #expect(SitBreathing.mostBreaths(seconds: 600, pattern: .box) == 38)
        let breathing = SitBreathing(pattern: "box", breaths: 38, seconds: 600)
        #expect(breathing.problem(sitSeconds: 600) == nil)
        #expect(SitBreathing(pattern: "box", breaths: 39, seconds: 600).problem(sitSeconds: 600)?.key == "breaths")
    }

    /// The reader's quick way to a custom pattern takes exactly what `BreathPattern.text` writes, as the
    /// parser reads it, and leaves everything else (names, other spellings, refusals) to the parser.
    @Test func theQuickCustomPatternAgreesWithTheParser() throws {
        var texts = ["04-2-6-0", "4.0-2-6-0", "4-2-6", "4-2-6-0-", "4-2-6-0 ", "4,2,6,0", "5.5-0-5.5-0", "4-0-4-0", "0.5-0-4-0",
                     "1000-0-4-0", "4--6-0", "", "4-2-6-0x", "-4-2-6-0", "4-2-6-.5", "4-2-6-0.", "30-0-30-0", "30.1-0-10-0", "4-7-8-0", "4-7-8"]
        var grid = 0
        for breatheIn in [10, 15, 40, 55, 300] {
            for holdIn in [0, 5, 20, 70] {
                for out in [10, 40, 55, 80] {
                    for holdOut in [0, 25, 40, 100] {
                        guard let pattern = try? BreathPattern(inTenths: breatheIn, holdIn: holdIn, outTenths: out, holdOut: holdOut) else { continue }
                        texts.append(pattern.text)
                        grid += 1
                        #expect(SitBreathing(pattern: pattern.text, breaths: 1, seconds: 1).problem(sitSeconds: 1) == nil, "\(pattern.text)")
                    }
                }
            }
        }
        #expect(grid > 200)
        var quick = 0
        for text in texts {
            let parsed = try? BreathPattern(parsing: text)
            let named = BreathPattern.named.contains { $0.names.contains(text) }
            if let custom = SitBreathing.canonicalCustom(text) {
                quick += 1
                #expect(parsed == custom && parsed?.text == text, "\(text)")
            } else {
                #expect(named || parsed?.text != text, "a text as BreathPattern.text writes it goes the quick way: \(text)")
            }
        }
        #expect(quick > 200 && quick < texts.count)
    }

    /// Null reads as none (`log --format json` writes it for a sit without); the fast path takes only
    /// what the writer writes, and agrees with the strict reader on everything it takes.
    @Test func theFastPathAgreesWithTheStrictReader() throws {
        let tails = [
            "}", #","breathing":null}"#, #","breathing":{"pattern":"4-7-8","breaths":16,"seconds":300}}"#,
            #","pausedSeconds":45,"breathing":{"pattern":"coherent","breaths":10,"seconds":100}}"#,
            #","pausedSeconds":45,"recovered":true,"breathing":{"pattern":"4-2-6-0","breaths":9,"seconds":100}}"#,
            #","recovered":true,"breathing":{"pattern":"cyclic sigh","breaths":0,"seconds":0}}"#,
            #","breathing":{"pattern":"4-7-8","breaths":16,"seconds":300},"recovered":true}"#,
            #","breathing":{"seconds":300,"pattern":"4-7-8","breaths":16}}"#,
            #","breathing":{"pattern":"4-7-8","breaths":16,"seconds":300} }"#,
            #","breathing":{"pattern":"4-7-8","breaths":16,"seconds":300}}  "#,
            #","breathing":{"pattern":"4-7-8","breaths":16,"seconds":300,"cue":1}}"#,
            #","breathing":{"pattern":"4-7-8","breaths":17,"seconds":300}}"#,
            #","breathing":{"pattern":"4-7-8","breaths":16,"seconds":601}}"#,
            #","breathing":{"pattern":"4-7-9","breaths":16,"seconds":300}}"#,
            #","breathing":{"pattern":"4-7-8","breaths":016,"seconds":300}}"#,
            #","breathing":{"pattern":"4-7-8","breaths":16,"seconds":300}"#,
            #","breathing":{"pattern":"4\u002d7-8","breaths":16,"seconds":300}}"#,
            #","breathing":{"pattern":"4-7-8","breaths":16,"seconds":300},"breathing":null}"#,
        ]
        var taken = 0
        for tail in tails {
            let bytes = Array((Self.head + tail).utf8)
            let strict = try? SitLine.decode(bytes)
            if let fast = Self.fast(bytes) {
                taken += 1
                #expect(fast == strict, "\(tail)")
            } else if strict != nil {
                // Only what the writer never writes goes the slow way: null, keys out of their order, spaces, escapes.
                #expect(tail.contains("null") || tail.contains("},\"recovered") || tail.contains("{\"seconds") || tail.contains("} }")
                            || tail.contains("\\u"), "\(tail)")
            }
        }
        #expect(taken == 6, "}, the four the writer writes, and one with spaces after the line")
        #expect(try SitLine.decode(Array((Self.head + #","breathing":null}"#).utf8)).breathing == nil)
    }

    // MARK: Output

    static let paced = [
        sit(seconds: 1200, breathing: nil, profile: "Morning"),
        sit(seconds: 300, breathing: SitBreathing(pattern: "4-7-8", breaths: 16, seconds: 300), profile: nil),
        sit(seconds: 900, breathing: SitBreathing(pattern: "coherent", breaths: 28, seconds: 300), profile: "Evening"),
        sit(seconds: 600, breathing: SitBreathing(pattern: "4-7-8", breaths: 32, seconds: 600), profile: "Evening"),
    ]

    /// Plain lines and CSV give the breathing as three columns after the others (empty without it); JSON
    /// as one object (null without it); the table as a column only when a sit shown was paced.
    @Test func logShowsThePatternAndTheBreaths() {
        let calendar = LocalCalendar(zone: .utc)
        let csv = JournalRenderer.log(Self.paced, format: .csv, calendar: calendar)
        #expect(csv.hasPrefix("id,start,end,profile,seconds,plannedSeconds,outcome,bells,note,pausedSeconds,recovered,breathingPattern,breathingBreaths,breathingSeconds,activity\r\n"))
        #expect(csv.contains(",completed,2,,0,false,,,,\r\n") && csv.contains(",completed,2,,0,false,4-7-8,16,300,\r\n"), "\(csv)")
        let plain = JournalRenderer.log(Self.paced, format: .plain, calendar: calendar).split(separator: "\n")
        #expect(plain[0].hasSuffix("\tfalse\t\t\t\t") && plain[2].hasSuffix("\tfalse\tcoherent\t28\t300\t"), "\(plain)")
        #expect(plain.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == Sit.columns.count })
        let json = JournalRenderer.log(Self.paced, format: .json, calendar: calendar)
        #expect(json.contains(#""recovered": false, "breathing": null, "activity": null}"#)
                    && json.contains(#""recovered": false, "breathing": {"pattern": "4-7-8", "breaths": 16, "seconds": 300}, "activity": null}"#), "\(json)")
        let wide = JournalRenderer.log(Self.paced, format: .table, calendar: calendar, options: RenderOptions(width: 120))
        #expect(wide.contains("│ breathing ") && wide.contains("│ 4-7-8 ×16 ") && wide.contains("│ coherent ×28 "), "\(wide)")
        #expect(wide.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 120 }, "\(wide)")
        // At 80 columns a seventh column would leave the profile and the note nothing: the breathing leads the note.
        var noted = Self.paced
        noted[1].note = "calm"
        let narrow = JournalRenderer.log(noted, format: .table, calendar: calendar, options: RenderOptions(width: 80))
        #expect(!narrow.contains("breathing") && narrow.contains("│ 4-7-8 ×16 ·") && narrow.contains("│ coherent ×28 "), "\(narrow)")
        #expect(narrow.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 80 }, "\(narrow)")
        #expect(JournalRenderer.log(noted, format: .table, calendar: calendar, options: RenderOptions(width: nil)).contains("│ breathing "),
                "without a width, the column")
        let full = JournalRenderer.log(noted, format: .table, calendar: calendar, options: RenderOptions(width: 100))
        #expect(full.contains("│ 4-7-8 ×16 ") && full.contains("│ calm "), "with room, the note is the note's: \(full)")
        let unpaced = JournalRenderer.log([Self.paced[0]], format: .table, calendar: calendar, options: RenderOptions(width: 80))
        #expect(!unpaced.contains("breathing"), "a table of sits without a pacer keeps its columns")
    }

    /// `stats` counts minutes of paced breathing, in all and per pattern, in each format.
    @Test func statsCountPacedBreathing() {
        let days = Self.paced.map { LocalCalendar(zone: .utc).day(of: $0.start.epoch) }
        let stats = JournalStats(sits: Self.paced, days: days, today: days[0])
        #expect(stats.pacedSeconds == 1200)
        #expect(stats.patterns == [JournalStats.PatternTime(pattern: "4-7-8", sessions: 2, breaths: 48, seconds: 900),
                                   JournalStats.PatternTime(pattern: "coherent", sessions: 1, breaths: 28, seconds: 300)])
        let plain = JournalRenderer.stats(stats, format: .plain)
        #expect(plain.contains("paced breathing\t20 min\n") && plain.hasSuffix("pattern\t4-7-8\t2\t48\t15 min\npattern\tcoherent\t1\t28\t5 min\n"), "\(plain)")
        let json = JournalRenderer.stats(stats, format: .json)
        #expect(json.contains(#""pacedSeconds": 1200"#) && json.contains(#"{"pattern": "4-7-8", "sessions": 2, "breaths": 48, "seconds": 900}"#), "\(json)")
        let table = JournalRenderer.stats(stats, format: .table, options: RenderOptions(width: 80))
        #expect(table.contains("paced breathing") && table.contains("Paced breathing") && table.contains("15 min"), "\(table)")
        // Sits of one pattern are counted together.
        let sighs = [Self.sit(seconds: 60, breathing: SitBreathing(pattern: "cyclic sigh", breaths: 6, seconds: 60)),
                     Self.sit(seconds: 60, breathing: SitBreathing(pattern: "cyclic sigh", breaths: 6, seconds: 60))]
        #expect(JournalStats(sits: sighs, days: [days[0], days[0]], today: days[0]).patterns
                    == [JournalStats.PatternTime(pattern: "cyclic sigh", sessions: 2, breaths: 12, seconds: 120)])
        let none = JournalStats(sits: [Self.paced[0]], days: [days[0]], today: days[0])
        #expect(none.pacedSeconds == 0 && none.patterns.isEmpty)
        #expect(!JournalRenderer.stats(none, format: .plain).contains("breathing"), "stats of sits without a pacer keep their lines")
        #expect(JournalRenderer.stats(none, format: .json).contains(#""pacedSeconds": 0"#))
    }

    // MARK: Import and edits

    /// What `log --format csv` writes, and the journal itself, import as the same sits, breathing and all;
    /// a CSV of the columns before the breathing's still imports, and a row with part of it is refused.
    @Test func exportsImportBack() throws {
        let calendar = LocalCalendar(zone: .utc)
        let csv = JournalRenderer.logBytes(Self.paced.enumerated().map { index, sit in
            var sit = sit
            sit.id = "s\(index)"
            return sit
        }, format: .csv, calendar: calendar)
        let read = try JournalImport.read(csv, path: "e.csv", calendar: calendar, now: Self.now)
        #expect(read.sits.map(\.breathing) == Self.paced.map(\.breathing))
        let journal = Array(read.sits.map(\.line).joined().utf8)
        #expect(try JournalImport.read(journal, path: "j.jsonl", calendar: calendar, now: Self.now).sits == read.sits)
        let text = String(decoding: csv, as: UTF8.self)
        let bad = text.replacing(",4-7-8,16,300,\r\n", with: ",4-7-8,16,,\r\n")
        let badError = #expect(throws: JournalError.self) {
            _ = try JournalImport.read(Array(bad.utf8), path: "e.csv", calendar: calendar, now: Self.now)
        }
        #expect(badError.map { "\($0)" }?.contains("e.csv:3: breathingSeconds: expected a whole number") == true, "\(String(describing: badError))")
        let tooMany = text.replacing(",4-7-8,16,300,\r\n", with: ",4-7-8,99,300,\r\n")
        let tooManyError = #expect(throws: JournalError.self) {
            _ = try JournalImport.read(Array(tooMany.utf8), path: "e.csv", calendar: calendar, now: Self.now)
        }
        #expect(tooManyError.map { "\($0)" }?.contains("e.csv:3: breathing.breaths: expected at most 16 breaths") == true,
                "\(String(describing: tooManyError))")
        // 13 columns: part of the breathing's, which no version wrote (the activity's dropped too).
        let partial = text.split(separator: "\r\n").map { String($0.split(separator: ",", omittingEmptySubsequences: false).dropLast(2).joined(separator: ",")) }
        #expect(throws: JournalError.self) {
            _ = try JournalImport.read(Array((partial.joined(separator: "\r\n") + "\r\n").utf8), path: "e.csv", calendar: calendar, now: Self.now)
        }
    }

    /// `log edit` keeps the breathing, and refuses a length shorter than what was led.
    @Test func anEditKeepsTheBreathingWithinTheSit() throws {
        let calendar = LocalCalendar(zone: .utc)
        var sit = Self.sit(seconds: 900, breathing: SitBreathing(pattern: "4-7-8", breaths: 32, seconds: 600))
        sit.start = Timestamp(epoch: Self.now - 7200, offset: 0)
        sit.end = Timestamp(epoch: Self.now - 6300, offset: 0)
        func edit(_ duration: String) throws -> Sit.Edit {
            try Sit.Edit(id: sit.id, start: nil, duration: duration, profile: nil, noProfile: false, note: "n", noNote: false, calendar: calendar, now: Self.now)
        }
        let longer = try sit.edited(try edit("20m"), calendar: calendar, now: Self.now, zoneName: nil)
        #expect(longer.breathing == sit.breathing && longer.seconds == 1200)
        #expect(try SitLine.decode(Array(longer.line.utf8.dropLast())) == longer)
        #expect(try sit.edited(try edit("10m"), calendar: calendar, now: Self.now, zoneName: nil).seconds == 600)
        let shorter = #expect(throws: JournalError.self) {
            _ = try sit.edited(try edit("9m"), calendar: calendar, now: Self.now, zoneName: nil)
        }
        #expect(shorter.map { "\($0)" }?.contains("a length of at least 10:00, the breathing the run led in this sit") == true,
                "\(String(describing: shorter))")
    }
}
