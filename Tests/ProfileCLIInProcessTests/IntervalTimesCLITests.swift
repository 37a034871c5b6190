import Foundation
import Testing
import TestSupport

/// `intervals.at` through the command line, in process: set → show → plan, the refusals and their exit status, and a
/// version-3 file that the first change writes as version 4.
@Suite("Interval bells at chosen times (CLI)")
struct IntervalTimesCLITests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    }

    func run(_ arguments: String...) throws -> Harness.Result {
        try InProcess.run(arguments, store: store, home: home)
    }

    func json(_ result: Harness.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    }

    func intervalOffsets(_ name: String) throws -> [Int] {
        let plan = try json(try run("plan", name, "--format", "json"))
        let events = try #require(plan["events"] as? [[String: Any]])
        return events.filter { $0["event"] as? String == "interval" }.compactMap { $0["seconds"] as? Int }
    }

    @Test func setShowPlan() throws {
        #expect(try run("new", "Zazen").status == 0)
        #expect(try run("set", "Zazen", "duration", "30m").status == 0)
        #expect(try run("set", "Zazen", "intervals", "on").status == 0)
        let set = try run("set", "Zazen", "intervals.at", "10m, 25m")
        #expect(set.status == 0 && set.stderr.isEmpty, "\(set.stderr)")
        #expect(set.stdout == "Intervals: ~ 3.1 At 10:00, 25:00\n")
        #expect(try intervalOffsets("Zazen") == [600, 1500])

        let show = try json(try run("show", "Zazen", "--format", "json", "--section", "intervals"))
        let sections = try #require(show["sections"] as? [[String: Any]])
        let rows = try #require(sections.first?["rows"] as? [[String: Any]])
        #expect(rows.count == 3)
        #expect(rows.map { $0["label"] as? String } == ["Enabled", "At", "Bell"])
        #expect(rows[1]["value"] as? String == "10:00, 25:00")
        #expect(rows[1]["times"] as? [String] == ["10:00", "25:00"])
        #expect(rows[1]["timesSeconds"] as? [Int] == [600, 1500])
        let plain = try run("show", "Zazen", "--format", "plain", "--section", "intervals")
        #expect(plain.stdout == "intervals\t0\tEnabled\ton\nintervals\t1\tAt\t10:00, 25:00\nintervals\t2\tBell\tSinging Bowl\n")
        let table = try run("show", "Zazen", "--section", "intervals")
        #expect(table.stdout.contains("At") && table.stdout.contains("10:00, 25:00"), "\(table.stdout)")

        let file = try String(contentsOfFile: "\(store)/Zazen.json", encoding: .utf8)
        #expect(file.contains("\"version\": 6,") && file.contains("\"at\": [\"10:00\", \"25:00\"]") && !file.contains("\"every\""))

        // Back to every: the same row, reloaded; the file holds every and no at.
        #expect(try run("set", "Zazen", "intervals.every", "10m").stdout
                == "Intervals: ~ 3.1 Every 10:00\ndropped the interval bell at 30:00: it falls on the main sit's end or within 10 s of it\n")
        #expect(try intervalOffsets("Zazen") == [600, 1200])
        #expect(!(try String(contentsOfFile: "\(store)/Zazen.json", encoding: .utf8)).contains("\"at\""))
    }

    @Test func aZazenPeriodWithKinhin() throws {
        #expect(try run("new", "Zazen").status == 0)
        #expect(try run("set", "Zazen", "duration", "55m").status == 0)
        #expect(try run("set", "Zazen", "intervals", "on").status == 0)
        #expect(try run("set", "Zazen", "intervals.at", "25m 30m").status == 0)
        #expect(try intervalOffsets("Zazen") == [1500, 1800])
        let plain = try run("plan", "Zazen", "--format", "plain")
        #expect(plain.stdout.contains("25:00\t\tinterval\tSinging Bowl\t1\t100\t\n30:00\t\tinterval\tSinging Bowl\t1\t100\t\n"), "\(plain.stdout)")
    }

    @Test func refusalsAreUsageErrorsAndChangeNothing() throws {
        #expect(try run("new", "Zazen").status == 0)
        #expect(try run("set", "Zazen", "duration", "30m").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: "\(store)/Zazen.json"))
        let cases = [
            ("29:55", "profile: interval bell time 29:55 is out of range: use 00:10 (10 seconds) to 29:49, more than 10 seconds before the main sit's end (30:00)\n"),
            ("0, 10m", "profile: interval bell time 00:00 is out of range (the Start bell rings at 00:00): use 00:10 (10 seconds) to 29:49, more than 10 seconds before the main sit's end (30:00)\n"),
            ("10m 10:00", "profile: invalid interval bell times \"10m 10:00\": 10:00 is given twice; each time rings one bell; use times into the main sit, separated by commas or spaces (10m, 25m or 10:00 25:00), each in minutes (20), units without spaces (20m, 90s, 1h30m) or clock time (7:30, 1:05:00)\n"),
        ]
        for (value, message) in cases {
            let result = try run("set", "Zazen", "intervals.at", value)
            #expect(result.status == 64, "\(value)")
            #expect(result.stderr == message)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(store)/Zazen.json")) == before)
    }

    @Test func aShorterMainSitDropsTheTimeAndPlanSaysSo() throws {
        #expect(try run("new", "Zazen").status == 0)
        #expect(try run("set", "Zazen", "duration", "30m").status == 0)
        #expect(try run("set", "Zazen", "intervals", "on").status == 0)
        #expect(try run("set", "Zazen", "intervals.at", "10m, 25m").status == 0)
        let shorter = try run("set", "Zazen", "duration", "20m")
        #expect(shorter.status == 0)
        #expect(shorter.stdout == "Time: ~ 0.0 Duration 20:00\ndropped the interval bell at 25:00: it falls on or past the main sit's end or within 10 s of it\n")
        let plan = try json(try run("plan", "Zazen", "--format", "json"))
        #expect(plan["dropped"] as? [String] == ["25:00"])
        #expect(try intervalOffsets("Zazen") == [600])
    }

    @Test func aVersionThreeFileIsWrittenAsTheCurrentVersionByTheNextChange() throws {
        try FileManager.default.copyItem(atPath: Harness.fixtures.appendingPathComponent("../migration/v3/Intervals.json").path,
                                         toPath: "\(store)/Intervals.json")
        #expect(try run("show", "Intervals").status == 0)
        #expect(try String(contentsOfFile: "\(store)/Intervals.json", encoding: .utf8).contains("\"version\": 3,"), "reading never writes")
        #expect(try run("set", "Intervals", "intervals.at", "10m 20m").status == 0)
        let file = try String(contentsOfFile: "\(store)/Intervals.json", encoding: .utf8)
        #expect(file.contains("\"version\": 6,") && file.contains("\"at\": [\"10:00\", \"20:00\"]"))
    }
}
