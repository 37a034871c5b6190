import Foundation
import Testing
import TestSupport

/// Issue 30 end to end: a run killed with SIGKILL (what an out-of-memory kill, a crashed terminal or a
/// dead battery does) still counts, logged by the next journal command; a live run's record is never
/// taken.
@Suite("A sit is never lost", .serialized)
struct RecoveryTests {
    let home: String
    var store: String { "\(home)/store" }
    var records: String { "\(home)/.local/state/profile" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Harness.fixtures.appendingPathComponent("Morning.json").path, toPath: "\(store)/Morning.json")
    }

    func run(_ arguments: String...) throws -> Harness.Result {
        try Harness.run(arguments, store: store, home: home)
    }

    func start(_ arguments: String...) throws -> Process {
        try Harness.start(arguments, store: store, home: home).process
    }

    func sits() throws -> (sits: [[String: Any]], stderr: String) {
        let result = try run("log", "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let sits = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return (sits, result.stderr)
    }

    func recordNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: records)) ?? []).filter { $0.hasPrefix("sit-") }.sorted()
    }

    /// SIGKILL once `records` runs' records hold `seconds` of session each.
    func kill9(_ process: Process, once seconds: Int, records: Int = 1) {
        #expect(Harness.waitForRecords(home: home, holding: seconds, records: records), "the runs got so far before the kill")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Killed after about 5 s at --speed 60 (about five minutes of session; here once its record holds
    /// three, however long the machine took to start it): the next `profile log` logs it once,
    /// interrupted and recovered, with the session seconds reached at the last minute kept, and says so;
    /// a second `profile log` adds nothing and says nothing.
    @Test func aKilledRunIsRecoveredOnceByTheNextLog() throws {
        let process = try start("run", "Morning", "--speed", "60", "--log", "--silent")
        kill9(process, once: 180)
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(recordNames().count == 1, "the run left its record: \(recordNames())")

        let (first, said) = try sits()
        #expect(first.count == 1)
        let sit = try #require(first.first)
        #expect(sit["outcome"] as? String == "interrupted" && sit["recovered"] as? Bool == true && sit["profile"] as? String == "Morning")
        let seconds = try #require(sit["seconds"] as? Int)
        #expect((180...330).contains(seconds), "\(seconds) s")
        #expect(sit["plannedSeconds"] as? Int == 2220)
        let minutes = String(format: "%02d:%02d", seconds / 60, seconds % 60)
        #expect(said.hasPrefix("profile: recovered a sit cut off at ") && said.hasSuffix(": Morning, \(minutes) of 37:00\n"), "\(said)")
        #expect(said.split(separator: "\n").count == 1)
        #expect(recordNames().isEmpty)

        let (second, saidAgain) = try sits()
        #expect(saidAgain == "")
        #expect(second.count == 1 && second.first?["id"] as? String == sit["id"] as? String)
        // The journal's line says it too; the other commands read it.
        let journal = try String(contentsOfFile: "\(home)/.local/share/profile/journal.jsonl", encoding: .utf8)
        #expect(journal.hasSuffix(#","outcome":"interrupted","bells":0,"note":null,"recovered":true}"# + "\n"), "\(journal)")
        #expect(try run("stats", "--format", "json").stdout.contains(#""sessions": 1"#))
    }

    /// Killed after 2 s at normal speed: under a minute sat, nothing is logged and nothing is said.
    @Test func aRunKilledUnderAMinuteLogsNothing() throws {
        let process = try start("run", "Morning", "--silent")
        kill9(process, once: 0)
        #expect(recordNames().count == 1)
        let (sits, said) = try sits()
        #expect(sits.isEmpty && said == "", "\(said)")
        #expect(recordNames().isEmpty, "the record is dropped")
    }

    /// Two runs at once, each with its own record; one is killed. While the other lives, `profile log`
    /// from another process recovers only the dead one; when the living one ends, its sit is logged by
    /// itself, completed and not recovered: exactly one line each.
    @Test func aLiveRunsRecordIsLeftAlone() throws {
        #expect(try run("set", "Morning", "duration", "10").status == 0)
        #expect(try run("set", "Morning", "warmup", "off").status == 0)
        #expect(try run("set", "Morning", "cooldown", "off").status == 0)
        let living = try start("run", "Morning", "--speed", "60", "--log", "--silent")
        let killed = try start("run", "Morning", "--speed", "60", "--log", "--silent")
        // Both have a record holding a minute: the killed one's is then surely logged (waiting for any one
        // record would be the living run's, which started first, on a slow machine).
        kill9(killed, once: 60, records: 2)
        #expect(recordNames().count == 2, "\(recordNames())")
        #expect(living.isRunning)
        for _ in 0..<3 {
            _ = try sits()
            #expect(living.isRunning)
        }
        let (during, said) = try sits()
        #expect(during.count == 1 && during.first?["recovered"] as? Bool == true, "only the dead run's sit: \(during)")
        #expect(said == "", "said once, by the first log: \(said)")
        #expect(recordNames().count == 1, "the living run's record stays")
        living.waitUntilExit()
        #expect(living.terminationStatus == 0)
        let (after, _) = try sits()
        #expect(after.count == 2)
        let own = after.filter { $0["recovered"] as? Bool == false }
        #expect(own.count == 1 && own.first?["outcome"] as? String == "completed" && own.first?["seconds"] as? Int == 600)
        #expect(Set(after.compactMap { $0["id"] as? String }).count == 2)
        #expect(recordNames().isEmpty)
    }

    /// A run that is not logged keeps no record: looked at once it is under way (its first event is
    /// out), and again once it is killed.
    @Test func aRunThatIsNotLoggedKeepsNoRecord() throws {
        let (process, output) = try Harness.start(["run", "Morning", "--speed", "60", "--silent"], store: store, home: home)
        var seen = ""
        while !seen.contains("warmup-start"), case let data = output.fileHandleForReading.availableData, !data.isEmpty {
            seen += String(decoding: data, as: UTF8.self)
        }
        #expect(seen.contains("warmup-start"), "\(seen)")
        #expect(recordNames().isEmpty)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(recordNames().isEmpty)
    }
}
