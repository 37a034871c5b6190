import Foundation
import Testing
import TestSupport

/// Issue 25, items 2 and 4 end to end: times as people say them for `log add --start`, `log -n`, a
/// warning for a profile no one knows, and the CSV Insight Timer exports.
@Suite("Journal times, the last sits and Insight Timer's CSV")
struct JournalTimesTests {
    let home: String
    var store: String { "\(home)/store" }
    var journal: String { "\(home)/journal.jsonl" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Harness.fixtures.appendingPathComponent("Morning.json").path, toPath: "\(store)/Morning.json")
    }

    /// A zone where it is past 01:00 now, so that a time of today early in the morning has come:
    /// UTC, or five hours behind it in UTC's first hour.
    static var zone: String {
        let secondsToday = Int(Date().timeIntervalSince1970) % 86_400
        return secondsToday >= 3600 ? "UTC" : "EST5"
    }

    func run(_ arguments: String..., zone: String = "UTC") throws -> Harness.Result {
        try Harness.run(arguments, store: store, home: home, environment: ["PROFILE_JOURNAL": journal, "TZ": zone])
    }

    func records(zone: String = "UTC") throws -> [[String: Any]] {
        let result = try run("log", "--format", "json", zone: zone)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    /// `YYYY-MM-DD` of `daysAgo` days before today in `zone` (`UTC` or `EST5`).
    static func day(_ daysAgo: Int, zone: String) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: zone == "UTC" ? 0 : -5 * 3600)
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(Double(-daysAgo) * 86_400))
    }

    struct StartCase: CustomTestStringConvertible, Sendable {
        var start: String
        /// The start the journal gets, given today and yesterday in the zone.
        var expected: @Sendable (_ today: String, _ yesterday: String) -> String
        var testDescription: String { start }
    }

    static let starts = [
        StartCase(start: "00:00") { today, _ in "\(today)T00:00:00" },
        StartCase(start: "0:30") { today, _ in "\(today)T00:30:00" },
        StartCase(start: "yesterday 06:00") { _, yesterday in "\(yesterday)T06:00:00" },
        StartCase(start: "today 00:15:30") { today, _ in "\(today)T00:15:30" },
        StartCase(start: "2026-11-20 07:15") { _, _ in "2026-11-20T07:15:00" },
        StartCase(start: "2026-11-20T07:15:09") { _, _ in "2026-11-20T07:15:09" },
    ]

    /// `--start` as people say it, through the binary: one case a form (today's time, yesterday's, a
    /// date and time); every case of the grammar runs in process (SitEditsTests).
    @Test(arguments: [starts[1], starts[2], starts[5]])
    func aStartAsPeopleSayIt(_ c: StartCase) throws {
        let zone = Self.zone
        let result = try run("log", "add", "--start", c.start, "--duration", "10s", zone: zone)
        #expect(result.status == 0, "\(result.stderr)")
        let start = try #require(try records(zone: zone).first?["start"] as? String)
        #expect(start.hasPrefix(c.expected(Self.day(0, zone: zone), Self.day(1, zone: zone))), "\(start)")
    }

    /// ISO 8601 with an offset names a moment, written in the local offset.
    @Test func anISOStartWithAnOffsetIsThatMoment() throws {
        #expect(try run("log", "add", "--start", "2026-11-20T07:15:00+01:00", "--duration", "20m").status == 0)
        #expect(try run("log", "add", "--start", "2026-11-21T07:15:00Z", "--duration", "20m").status == 0)
        #expect(try records().compactMap { $0["start"] as? String } == ["2026-11-20T06:15:00+00:00", "2026-11-21T07:15:00+00:00"])
    }

    /// Through the binary, what a refused start says and leaves; every refused form runs in process.
    @Test(arguments: ["25:00", "tomorrow 06:00"])
    func aStartThatIsNoTimeIsRefused(_ start: String) throws {
        let result = try run("log", "add", "--start", start, "--duration", "10m")
        #expect(result.status == 64)
        #expect(result.stderr.contains("HH:MM (today), 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' (local) or ISO 8601 with an offset"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: journal))
    }

    /// `-n N` (`--last N`): the last N of the sits taken, in every format; what is not a count is refused.
    @Test func theLastSits() throws {
        for day in 20...24 {
            #expect(try run("log", "add", "--start", "2026-11-\(day) 06:00", "--duration", "20m", "--profile", day % 2 == 0 ? "Morning" : "Evening").status == 0)
        }
        let two = try run("log", "-n", "2", "--format", "plain")
        #expect(two.status == 0)
        #expect(two.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[1].prefix(10)) } == ["2026-11-23", "2026-11-24"])
        let filtered = try run("log", "--last", "1", "--profile", "evening", "--format", "json")
        #expect(filtered.stdout.contains("2026-11-23T06:00") && !filtered.stdout.contains("2026-11-24"))
        #expect(try run("log", "list", "-n", "99", "--format", "plain").stdout.split(separator: "\n").count == 5)
        for bad in ["0", "two", "1.5", "9999999999"] {
            let result = try run("log", "-n", bad)
            #expect(result.status == 64 && result.stderr.contains("--last"), "\(bad): \(result.stderr)")
        }
    }

    /// A profile neither the store nor the journal knows is logged, with a warning and the closest name;
    /// one the store or the journal knows is not warned about.
    @Test func anUnknownProfileIsLoggedWithAWarning() throws {
        let typo = try run("log", "add", "--duration", "20m", "--profile", "Mornign")
        #expect(typo.status == 0)
        #expect(typo.stderr == "profile: warning: no profile \"Mornign\" — logged anyway; did you mean \"Morning\"?\n", "\(typo.stderr)")
        #expect(try run("log", "add", "--duration", "20m", "--profile", "morning").stderr == "", "the store has it, ignoring case")
        // No warning: the journal has it now. The third 20 minutes make the first hour: its milestone is said (issue 39).
        let known = try run("log", "add", "--duration", "20m", "--profile", "Mornign").stderr
        #expect(known.hasPrefix("profile: milestone: 1 hour sat (your first was on ") && known.split(separator: "\n").count == 1, "\(known)")
        let other = try run("log", "add", "--duration", "20m", "--profile", "Zazen")
        #expect(other.stderr == "profile: warning: no profile \"Zazen\" — logged anyway\n")
        #expect(try records().count == 4)
    }

    /// The CSV Insight Timer exports: its header, local times as it writes them, durations unpadded, the
    /// profile as the preset (quoted when it holds a comma), Meditation as the activity, CR LF.
    @Test func insightTimersCSV() throws {
        #expect(try run("log", "add", "--start", "2026-04-20 08:21:14", "--duration", "45m", "--profile", "Morning").status == 0)
        #expect(try run("log", "add", "--start", "2026-04-21 21:05:00", "--duration", "1h2m3s", "--profile", "Evening, late").status == 0)
        #expect(try run("log", "add", "--start", "2026-04-22 06:00:00", "--duration", "59s").status == 0)
        let result = try run("log", "--format", "insight-timer", zone: "EST5")
        #expect(result.status == 0)
        #expect(result.stdout == "Started At,Duration,Preset,Activity\r\n"
                    + "04/20/2026 03:21:14,0:45:0,Morning,Meditation\r\n"
                    + "04/21/2026 16:05:00,1:2:3,\"Evening, late\",Meditation\r\n"
                    + "04/22/2026 01:00:00,0:0:59,,Meditation\r\n", "\(result.stdout)")
    }

    // MARK: log edit (item 3)

    func lines() throws -> [String] {
        try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// `log edit ID --note edited --duration 30m` changes just those (and the end, which the length
    /// moves, and the planned length, which was the length); the other lines stay byte for byte.
    @Test func editChangesJustWhatItIsGiven() throws {
        for day in 20...22 {
            #expect(try run("log", "add", "--start", "2026-11-\(day) 06:00", "--duration", "20m", "--profile", "Morning", "--note", "day \(day)").status == 0)
        }
        let before = try lines()
        let sits = try records()
        let id = try #require(sits[1]["id"] as? String)
        let result = try run("log", "edit", id, "--note", "edited", "--duration", "30m")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "before: \(id)  2026-11-21 06:00  20:00 of 20:00, completed, Morning: \"day 21\"\n"
                    + "after:  \(id)  2026-11-21 06:00  30:00 of 30:00, completed, Morning: \"edited\"\n", "\(result.stdout)")
        let after = try lines()
        #expect(after[0] == before[0] && after[2] == before[2], "the other lines byte for byte")
        let edited = try records()[1]
        #expect(edited["id"] as? String == id && edited["start"] as? String == "2026-11-21T06:00:00+00:00")
        #expect(edited["end"] as? String == "2026-11-21T06:30:00+00:00" && edited["seconds"] as? Int == 1800 && edited["plannedSeconds"] as? Int == 1800)
        #expect(edited["note"] as? String == "edited" && edited["profile"] as? String == "Morning")

        #expect(try run("log", "edit", id, "--no-note", "--no-profile", "--start", "yesterday 05:00").status == 0)
        let again = try records().first { $0["id"] as? String == id }
        #expect(again?["note"] is NSNull && again?["profile"] is NSNull && again?["seconds"] as? Int == 1800)
        #expect((again?["start"] as? String)?.hasPrefix("\(Self.day(1, zone: "UTC"))T05:00:00") == true)
    }

    /// What `log add` refuses, `log edit` refuses, and a failed edit changes nothing.
    @Test func aBadEditChangesNothing() throws {
        #expect(try run("log", "add", "--start", "2026-11-20 06:00", "--duration", "20m").status == 0)
        let id = try #require(try records().first?["id"] as? String)
        let before = try Data(contentsOf: URL(fileURLWithPath: journal))
        let cases: [([String], Int32, String)] = [
            ([], 64, "at least one of --start"),
            (["--profile", "A", "--no-profile"], 64, "no --profile with --no-profile"),
            (["--note", "a\u{1B}b"], 64, "U+001B"),
            (["--duration", "25h"], 64, "from 1 second to 24 hours"),
            (["--start", "2099-01-01 06:00"], 64, "a time that has come"),
            (["--start", "00:00", "--duration", "24h"], 64, "a sit that has ended by now"),
        ]
        for (options, status, says) in cases {
            let result = try Harness.run(["log", "edit", id] + options, store: store, home: home, environment: ["PROFILE_JOURNAL": journal, "TZ": "UTC"])
            #expect(result.status == status && result.stderr.contains(says), "\(options): \(result.status) \(result.stderr)")
        }
        let missing = try run("log", "edit", String(id.dropLast()) + "x", "--note", "n")
        #expect(missing.status == 66 && missing.stderr.contains("no sit with the id"), "\(missing.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before)
    }

    // MARK: log import (item 1)

    static let insight = "Started At,Duration,Preset,Activity\r\n"
        + "04/21/2026 21:05:00,1:2:3,\"Evening, late\",Walking\r\n"
        + "04/20/2026 08:21:14,0:45:0,,Meditation\r\n"
        + "4/22/2026 6:00:00,0:20:0,Morning,Meditation\r\n"

    func write(_ text: String, to name: String) throws -> String {
        let path = "\(home)/\(name)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Insight Timer's CSV: three sits with their starts (local, here UTC) and seconds, the preset as the
    /// profile and an activity other than Meditation kept as the sit's activity (issue 50), listed by
    /// start; a second import adds nothing, and says so.
    @Test func insightTimersExportIsImportedOnce() throws {
        let file = try write(Self.insight, to: "insight.csv")
        let first = try run("log", "import", file)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "added 3 sits\n")
        let sits = try records()
        #expect(sits.map { $0["start"] as? String ?? "" } == ["2026-04-20T08:21:14+00:00", "2026-04-21T21:05:00+00:00", "2026-04-22T06:00:00+00:00"])
        #expect(sits.map { $0["seconds"] as? Int ?? 0 } == [2700, 3723, 1200])
        #expect(sits[1]["profile"] as? String == "Evening, late" && sits[1]["activity"] as? String == "Walking" && sits[1]["note"] is NSNull)
        #expect(sits[0]["profile"] is NSNull && sits[0]["note"] is NSNull && sits[0]["activity"] is NSNull && sits[2]["profile"] as? String == "Morning")
        #expect(sits.allSatisfy { $0["outcome"] as? String == "completed" })
        let again = try run("log", "import", file)
        #expect(again.status == 0 && again.stdout == "added 0 sits, skipped 3 already logged\n", "\(again.stdout)")
        #expect(try records().count == 3)
        // Round trip: what log --format insight-timer writes reads back as the same sits.
        let exported = try write(try run("log", "--format", "insight-timer").stdout, to: "exported.csv")
        #expect(try run("log", "import", exported).stdout == "added 0 sits, skipped 3 already logged\n")
    }

    /// Issue 50, item 9, end to end: a day-first export with a Yoga row (as a European phone writes it)
    /// imports, exports as Insight Timer writes it (month-first, the activity as it came) and that export
    /// imports into another journal as the same sits; `--activity` takes only its rows.
    @Test func aDayFirstFileWithAYogaRowRoundTrips() throws {
        let european = try write("Started At,Duration,Preset,Activity\r\n03/11/2026 07:00:00,0:20:0,Morning,Meditation\r\n"
                                 + "04/11/2026 18:30:00,1:0:0,,Yoga\r\n25/11/2026 07:05:00,0:25:0,Morning,Meditation\r\n", to: "european.csv")
        let imported = try run("log", "import", european)
        // No note: the file reads one way only (the milestone of the first hour may be said).
        #expect(imported.status == 0 && imported.stdout == "added 3 sits\n" && !imported.stderr.contains("note:"), "\(imported.stdout)\(imported.stderr)")
        let sits = try records()
        #expect(sits.map { $0["start"] as? String ?? "" } == ["2026-11-03T07:00:00+00:00", "2026-11-04T18:30:00+00:00", "2026-11-25T07:05:00+00:00"])
        #expect(sits.map { $0["activity"] as? String ?? "-" } == ["-", "Yoga", "-"] && sits.allSatisfy { $0["note"] is NSNull })
        let export = try run("log", "--format", "insight-timer")
        #expect(export.stdout == "Started At,Duration,Preset,Activity\r\n11/03/2026 07:00:00,0:20:0,Morning,Meditation\r\n"
                    + "11/04/2026 18:30:00,1:0:0,,Yoga\r\n11/25/2026 07:05:00,0:25:0,Morning,Meditation\r\n", "\(export.stdout)")
        let exported = try write(export.stdout, to: "exported.csv")
        let other = "\(home)/other.jsonl"
        let back = try Harness.run(["log", "import", exported], store: store, home: home, environment: ["PROFILE_JOURNAL": other, "TZ": "UTC"])
        #expect(back.status == 0 && back.stdout == "added 3 sits\n", "\(back.stderr)")
        let there = try Harness.run(["log", "--format", "json"], store: store, home: home, environment: ["PROFILE_JOURNAL": other, "TZ": "UTC"])
        #expect(there.stdout == (try run("log", "--format", "json")).stdout, "the same sits, the activity kept")
        // Only the Yoga, into a third journal.
        let third = "\(home)/third.jsonl"
        let yoga = try Harness.run(["log", "import", "--activity", "YOGA", european], store: store, home: home, environment: ["PROFILE_JOURNAL": third, "TZ": "UTC"])
        #expect(yoga.status == 0 && yoga.stdout == "added 1 sit, left out 2 rows of other activities\n", "\(yoga.stdout)\(yoga.stderr)")
    }

    /// A bad row stops the whole import, naming its file and line; the journal stays byte for byte.
    @Test func aBadRowImportsNothing() throws {
        #expect(try run("log", "add", "--start", "2026-11-20 06:00", "--duration", "20m").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: journal))
        let bad = try write("Started At,Duration,Preset,Activity\r\n04/20/2026 08:21:14,0:45:0,,Meditation\r\n04/31/2026 08:00:00,0:10:0,,Meditation\r\n", to: "bad.csv")
        let result = try run("log", "import", bad)
        #expect(result.status == 65)
        #expect(result.stderr.contains("bad.csv:3:1: Started At: \"04/31/2026 08:00:00\" is no date read month-first (MM/DD/YYYY, as line 2's \"04/20/2026 08:21:14\" shows): month 4 of 2026 has no day 31"), "\(result.stderr)")
        for (name, text, says) in [
            ("unknown.csv", "date,minutes\n2026-01-01,20\n", "unknown.csv:1: not a file 'log import' reads"),
            ("quote.csv", "Started At,Duration,Preset,Activity\n04/20/2026 08:21:14,0:45:0,\"open,Meditation\n", "quote.csv:2: a quoted field that never ends"),
            ("fields.csv", "Started At,Duration,Preset,Activity\n04/20/2026 08:21:14,0:45:0\n", "fields.csv:2: expected 4 fields"),
            ("escape.csv", "Started At,Duration,Preset,Activity\n04/20/2026 08:21:14,0:45:0,a\u{1B}b,Meditation\n", "escape.csv:2: Preset: expected text without control or invisible characters"),
            ("bad.jsonl", "{\"id\":\"x\",\"start\":\"bad\",\"seconds\":1,\"outcome\":\"completed\"}\n", "bad.jsonl:1:"),
        ] {
            let path = try write(text, to: name)
            let failed = try run("log", "import", file0(), path)
            #expect(failed.status == 65 && failed.stderr.contains(says), "\(name): \(failed.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before)
        #expect(try run("log", "import").status == 64)
    }

    /// A good file beside the bad ones: all or nothing, it is not imported either.
    func file0() throws -> String { try write(Self.insight, to: "good.csv") }

    /// Another machine's journal, imported twice, adds its sits once with their ids; this program's own
    /// CSV read into an empty journal gives the same JSON; --dry-run adds nothing; - reads stdin.
    @Test func journalsAndOwnCSVRoundTrip() throws {
        let other = "\(home)/other.jsonl"
        for (day, note) in [(20, "first"), (21, "a \"quoted\", comma")] {
            let result = try Harness.run(["log", "add", "--start", "2026-11-\(day) 06:00", "--duration", "25m", "--profile", "Morning", "--note", note],
                                         store: store, home: home, environment: ["PROFILE_JOURNAL": other, "TZ": "UTC"])
            #expect(result.status == 0)
        }
        let dry = try run("log", "import", "--dry-run", other)
        #expect(dry.status == 0 && dry.stdout.hasSuffix("would add 2 sits\n") && dry.stdout.contains("would add: "), "\(dry.stdout)")
        #expect(try !FileManager.default.fileExists(atPath: journal) || records().isEmpty)
        #expect(try run("log", "import", other).stdout == "added 2 sits\n")
        #expect(try run("log", "import", other).stdout == "added 0 sits, skipped 2 already logged\n")
        let mine = try records()
        let theirs = try Harness.run(["log", "--format", "json"], store: store, home: home, environment: ["PROFILE_JOURNAL": other, "TZ": "UTC"])
        #expect(try JSONSerialization.jsonObject(with: Data(theirs.stdout.utf8)) as? NSArray == mine as NSArray, "the same sits, ids kept")

        // The program's own CSV, through standard input, into an empty journal.
        let csv = try run("log", "--format", "csv").stdout
        let empty = "\(home)/empty.jsonl"
        let fromCSV = try Harness.run(["log", "import", "-"], stdin: csv, store: store, home: home, environment: ["PROFILE_JOURNAL": empty, "TZ": "UTC"])
        #expect(fromCSV.status == 0 && fromCSV.stdout == "added 2 sits\n", "\(fromCSV.stderr)")
        let json = try Harness.run(["log", "--format", "json"], store: store, home: home, environment: ["PROFILE_JOURNAL": empty, "TZ": "UTC"])
        #expect(json.stdout == (try run("log", "--format", "json")).stdout)
    }

    /// What the hostile test of the import found, each refused or kept as it should be.
    @Test func importRefusesWhatLogAddRefuses() throws {
        let header = "Started At,Duration,Preset,Activity\n"
        let own = "id,start,end,profile,seconds,plannedSeconds,outcome,bells,note,pausedSeconds,recovered\n"
        for (name, text, says) in [
            ("future.csv", header + "12/31/2099 08:00:00,0:45:0,,Meditation\n", "future.csv:2: a sit still to come"),
            ("long.csv", header + "04/20/2026 08:00:00,24:0:1,,Meditation\n", "long.csv:2: Duration: a sit of at most 24 hours"),
            ("backwards.csv", own + "aaaaaaaaaaaa,2026-04-10T08:00:00+00:00,2026-04-09T08:00:00+00:00,,1200,1200,completed,0,,0,false\n",
             "backwards.csv:2: end: a time before the start"),
            ("twice.csv", own + "aaaaaaaaaaaa,2026-04-10T08:00:00+00:00,2026-04-10T08:20:00+00:00,,1200,1200,completed,0,,0,false\n"
                + "aaaaaaaaaaaa,2026-04-11T08:00:00+00:00,2026-04-11T08:20:00+00:00,,1200,1200,completed,0,,0,false\n",
             "twice.csv:3: the id \"aaaaaaaaaaaa\" is another sit's too, at "),
            ("array.json", "[{\"id\":\"a\"}]\n", "array.json:1: a JSON array, as 'log --format json' prints it"),
            ("legacy.jsonl", "{\"id\":\"bbbbbbbbbbbb\",\"start\":\"2026-04-10T08:00:00Z\",\"seconds\":60,\"outcome\":\"completed\",\"note\":\"a\\tb\"}\n",
             "sit \"bbbbbbbbbbbb\": note: expected text without control or invisible characters: it contains the invisible character U+0009; mend it where it was logged: profile log edit bbbbbbbbbbbb --note TEXT (or --no-note)"),
        ] {
            let result = try run("log", "import", try write(text, to: name))
            #expect(result.status == 65 && result.stderr.contains(says), "\(name): \(result.stderr)")
        }
        let gap = try Harness.run(["log", "import", try write(header + "03/29/2026 02:30:00,0:20:0,,Meditation\n", to: "gap.csv")],
                                  store: store, home: home, environment: ["PROFILE_JOURNAL": journal, "TZ": "Europe/Berlin"])
        #expect(gap.status == 65 && gap.stderr.contains("is a time the local clock skipped"), "\(gap.stderr)")
        let device = try run("log", "import", "/dev/zero")
        #expect(device.status == 64 && device.stderr.contains("not a device"), "\(device.stderr)")
        #expect(!FileManager.default.fileExists(atPath: journal))

        // Rows of no length are left out and said; a blank preset is none; Meditation in any case is no note.
        let kept = try run("log", "import", try write(header + "04/20/2026 08:00:00,0:0:0,,Meditation\n04/21/2026 08:00:00,0:20:0,  ,meditation \n", to: "empty.csv"))
        #expect(kept.status == 0 && kept.stdout == "added 1 sit, left out 1 row of no length\n", "\(kept.stdout)\(kept.stderr)")
        #expect(try records().first.map { $0["profile"] is NSNull && $0["note"] is NSNull } == true)

        // A journal cut off in the middle of its last line (the other machine was writing): the rest is
        // imported, the fragment left out with a warning.
        let torn = try write("{\"id\":\"cccccccccccc\",\"start\":\"2026-04-12T08:00:00Z\",\"seconds\":600,\"outcome\":\"completed\"}\n{\"id\":\"dd", to: "torn.jsonl")
        let fromTorn = try run("log", "import", torn)
        #expect(fromTorn.status == 0 && fromTorn.stdout == "added 1 sit\n" && fromTorn.stderr.contains("torn.jsonl:2: ignored an incomplete last line"), "\(fromTorn.stderr)")
    }

    /// The same Insight Timer export imported on two machines is one history when their journals are
    /// joined: its rows' ids are made of the rows; and a file with ids and one without, holding the
    /// same sit, give one sit in either order.
    @Test func insightRowsAreTheSameSitsOnEveryMachine() throws {
        let export = try write(Self.insight, to: "insight.csv")
        let other = "\(home)/other.jsonl"
        let there = try Harness.run(["log", "import", export], store: store, home: home, environment: ["PROFILE_JOURNAL": other, "TZ": "UTC"])
        #expect(there.status == 0)
        #expect(try run("log", "import", export).stdout == "added 3 sits\n")
        #expect(try run("log", "import", other).stdout == "added 0 sits, skipped 3 already logged\n")
        let ids = try records().compactMap { $0["id"] as? String }
        #expect(ids.count == 3 && ids.allSatisfy { $0.hasPrefix("it") && $0.count == 15 }, "\(ids)")

        // A sit logged with an id, then the same sit from Insight Timer's file, and the other way round.
        let own = try write("id,start,end,profile,seconds,plannedSeconds,outcome,bells,note\nxid000000001,2026-05-10T08:00:00+00:00,2026-05-10T08:20:00+00:00,,1200,1200,completed,0,\n", to: "own.csv")
        let row = try write("Started At,Duration,Preset,Activity\n05/10/2026 08:00:00,0:20:0,,Meditation\n", to: "row.csv")
        #expect(try run("log", "import", own, row).stdout == "added 1 sit, skipped 1 already logged\n")
        let fresh = "\(home)/fresh.jsonl"
        let reversed = try Harness.run(["log", "import", row, own], store: store, home: home, environment: ["PROFILE_JOURNAL": fresh, "TZ": "UTC"])
        #expect(reversed.stdout == "added 1 sit, skipped 1 already logged\n", "\(reversed.stdout)")
    }
}
