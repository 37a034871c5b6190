import LocalTime
import Foundation
import Testing
import TestSupport

/// Issue 15 end to end: the journal `run` writes, `log`, `stats` and `calendar` over it, and appends that
/// survive concurrency and SIGKILL. Every run has its own home and journal: nothing reaches the real one.
@Suite("The journal of sits")
struct JournalCLITests {
    let home: String
    var store: String { "\(home)/store" }
    var journal: String { "\(home)/journal.jsonl" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    }

    func run(_ arguments: String..., stdin: String? = nil, environment: [String: String] = [:]) throws -> Harness.Result {
        try Harness.run(arguments, stdin: stdin, store: store, home: home,
                        environment: ["PROFILE_JOURNAL": journal, "TZ": "UTC"].merging(environment) { $1 })
    }

    /// The records `log --format json` gives.
    func records(environment: [String: String] = [:]) throws -> [[String: Any]] {
        let result = try Harness.run(["log", "--format", "json"], store: store, home: home,
                                     environment: ["PROFILE_JOURNAL": journal, "TZ": "UTC"].merging(environment) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    func stats(_ extra: String..., zone: String = "UTC") throws -> [String: Any] {
        let result = try Harness.run(["stats", "--format", "json"] + extra, store: store, home: home,
                                     environment: ["PROFILE_JOURNAL": journal, "TZ": zone])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// `YYYY-MM-DD` of `days` ago, in UTC (or `hoursEast` of it).
    static func day(_ daysAgo: Int, hoursEast: Int = 0) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: hoursEast * 3600)
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(Double(-daysAgo) * 86_400))
    }

    // MARK: stats

    @Test func streaksCountTodayYesterdayAndTheDayBefore() throws {
        // Today's sit starts at midnight and lasts 20 minutes: in the first half hour of a UTC day it
        // would not have ended yet, so the test then keeps a clock twelve hours east of UTC (TZ's sign
        // is inverted), where the day is half gone.
        let east = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).hour! < 1 ? 12 : 0
        let zone = east == 0 ? "UTC" : "Etc/GMT-\(east)"
        for (ago, minutes) in [(0, 20), (1, 25), (2, 30), (10, 15), (11, 10)] {
            let result = try run("log", "add", "--start", "\(Self.day(ago, hoursEast: east)) 00:00", "--duration", "\(minutes)m",
                                 "--profile", "Morning", environment: ["TZ": zone])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("logged: "))
        }
        let all = try stats(zone: zone)
        #expect(all["sessions"] as? Int == 5)
        #expect(all["totalSeconds"] as? Int == 100 * 60)
        #expect(all["averageSeconds"] as? Int == 20 * 60)
        #expect(all["currentStreak"] as? Int == 3)
        #expect(all["longestStreak"] as? Int == 3)

        let today = try #require(try records(environment: ["TZ": zone]).first { ($0["start"] as? String)?.hasPrefix(Self.day(0, hoursEast: east)) == true }?["id"] as? String)
        #expect(try run("log", "delete", today, "--force", environment: ["TZ": zone]).status == 0)
        let withoutToday = try stats(zone: zone)
        #expect(withoutToday["currentStreak"] as? Int == 2, "a streak is not broken before the day is over")
        #expect(withoutToday["longestStreak"] as? Int == 2)
        #expect(withoutToday["sessions"] as? Int == 4)

        let since = try stats("--since", Self.day(2, hoursEast: east), "--until", "yesterday", zone: zone)
        #expect(since["sessions"] as? Int == 2 && since["totalSeconds"] as? Int == 55 * 60)
        let table = try run("stats", "--format", "table", environment: ["TZ": zone])
        #expect(table.stdout.contains("current streak │ 2 days"))
        // Piped, the same row is a plain line.
        #expect(try run("stats", environment: ["TZ": zone]).stdout.contains("current streak\t2 days\n"))
    }

    // MARK: run

    /// A profile of `minutes` minutes, nothing else on.
    func makeProfile(_ name: String, minutes: Int) throws {
        #expect(try run("new", name, "--duration", "\(minutes)").status == 0)
    }

    @Test func aFastRunLogsOnlyWithLogAndThenItsSessionTime() throws {
        try makeProfile("Two", minutes: 2)
        let unlogged = try run("run", "Two", "--speed", "600", "--silent")
        #expect(unlogged.status == 0)
        #expect(unlogged.stdout.split(separator: "\n").last?.hasSuffix("  not logged: a run at --speed 600 is logged only with --log") == true,
                "said, as a sit under a minute is: \(unlogged.stdout)")
        let unasked = try run("run", "Two", "--speed", "600", "--silent", "--no-log")
        #expect(unasked.status == 0 && !unasked.stdout.contains("logged"), "--no-log asked for it: nothing to say")
        #expect(!FileManager.default.fileExists(atPath: journal), "a run at another speed logs only with --log")

        let result = try run("run", "Two", "--speed", "600", "--log", "--silent", "--note", "demo, \"fast\"")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").last?.hasSuffix("  logged: 02:00 of 02:00, completed") == true, "\(result.stdout)")
        let logged = try records()
        #expect(logged.count == 1)
        let record = try #require(logged.first)
        #expect(record["profile"] as? String == "Two")
        #expect(record["seconds"] as? Int == 120 && record["plannedSeconds"] as? Int == 120)
        #expect(record["outcome"] as? String == "completed" && record["bells"] as? Int == 0)
        #expect(record["note"] as? String == "demo, \"fast\"")
        // The session's times: the end is the start plus the seconds sat and paused (none here), and a
        // line without pauses is written as earlier versions wrote it.
        #expect(record["pausedSeconds"] as? Int == 0)
        let start = try #require((record["start"] as? String).flatMap(Timestamp.init(parsing:)))
        let end = try #require((record["end"] as? String).flatMap(Timestamp.init(parsing:)))
        #expect(end.epoch - start.epoch == 120)
        #expect(try !String(contentsOfFile: journal, encoding: .utf8).contains("pausedSeconds"))
        let info = try FileManager.default.attributesOfItem(atPath: journal)
        #expect(info[.posixPermissions] as? Int == 0o600)
    }

    /// A stop (Ctrl-Z, SIGTSTP, then SIGCONT) is paused time: at 20× the record holds the real seconds
    /// stopped times 20 as pausedSeconds, not in seconds, and its end is the start plus both.
    @Test func aStopIsRecordedAsPausedSecondsAtTheSessionsSpeed() throws {
        try makeProfile("Two", minutes: 2)
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["run", "Two", "--speed", "20", "--log", "--silent"]
        process.environment = Harness.environment(store: store, home: home, extra: ["PROFILE_JOURNAL": journal, "TZ": "UTC"])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Under way (its record holds its first seconds), then stopped for two real seconds: the time
        // measured.
        #expect(Harness.waitForRecords(home: home, holding: 1), "the run started")
        kill(process.processIdentifier, SIGTSTP)
        Thread.sleep(forTimeInterval: 2)
        kill(process.processIdentifier, SIGCONT)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        let record = try #require(try records().first)
        let paused = try #require(record["pausedSeconds"] as? Int)
        #expect(record["seconds"] as? Int == 120 && record["outcome"] as? String == "completed")
        #expect(paused >= 30 && paused <= 60, "about two seconds stopped at 20×: \(paused)")
        let start = try #require((record["start"] as? String).flatMap(Timestamp.init(parsing:)))
        let end = try #require((record["end"] as? String).flatMap(Timestamp.init(parsing:)))
        #expect(end.epoch - start.epoch == 120 + paused)
        #expect(try String(contentsOfFile: journal, encoding: .utf8).contains(#""note":null,"pausedSeconds":\#(paused)}"#))
    }

    @Test func SIGINTLogsAnInterruptedSitWithTheSecondsReached() throws {
        try makeProfile("Ten", minutes: 10)
        Harness.ignoreBrokenPipes
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["run", "Ten", "--speed", "60", "--log", "--silent"]
        process.environment = Harness.environment(store: store, home: home, extra: ["PROFILE_JOURNAL": journal, "TZ": "UTC"])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Once its record holds a minute of session (a second at 60×), however long the start took.
        #expect(Harness.waitForRecords(home: home, holding: 60), "the run reached a minute")
        kill(process.processIdentifier, SIGINT)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let record = try #require(try records().first)
        let seconds = try #require(record["seconds"] as? Int)
        #expect(seconds >= 60 && seconds < 600, "a minute or more at 60×, interrupted before the end: \(seconds)")
        #expect(record["outcome"] as? String == "interrupted" && record["plannedSeconds"] as? Int == 600)
        #expect(text.contains("logged: \(String(format: "%02d:%02d", seconds / 60, seconds % 60)) of 10:00, interrupted"), "\(text)")
    }

    @Test func SIGHUPAndSIGTERMEndARunAsSIGINTDoes() throws {
        try makeProfile("Ten", minutes: 10)
        for signal in [SIGHUP, SIGTERM] {
            let process = Process()
            process.executableURL = Harness.binary
            process.arguments = ["run", "Ten", "--speed", "120", "--log", "--silent"]
            process.environment = Harness.environment(store: store, home: home, extra: ["PROFILE_JOURNAL": journal])
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            #expect(Harness.waitForRecords(home: home, holding: 60), "the run reached a minute")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationStatus == 130)
        }
        #expect(try records().map { $0["outcome"] as? String } == ["interrupted", "interrupted"])
    }

    @Test func aSitUnderAMinuteIsNotLoggedAndSaysSo() throws {
        try makeProfile("Ten", minutes: 10)
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["run", "Ten", "--silent"]
        process.environment = Harness.environment(store: store, home: home, extra: ["PROFILE_JOURNAL": journal])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Under way: a run that will be logged keeps a record from its start.
        #expect(Harness.waitForRecords(home: home), "the run started")
        kill(process.processIdentifier, SIGINT)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(text.contains("not logged: 00:0"), "\(text)")
        #expect(text.contains("sat, under a minute"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)).isEmpty, "opened before the sit, nothing appended")
    }

    /// A whole minute at normal speed: logged by default, not with --no-log. The two run side by side.
    @Test func aOneMinuteRunLogsByDefaultAndNotWithNoLog() throws {
        try makeProfile("One", minutes: 1)
        let quiet = "\(home)/quiet.jsonl"
        let processes = [["--no-log"], []].map { extra in
            let process = Process()
            process.executableURL = Harness.binary
            process.arguments = ["run", "One", "--silent"] + extra
            // The default journal: XDG_DATA_HOME under this test's home.
            process.environment = Harness.environment(store: store, home: home, extra: extra.isEmpty
                ? ["XDG_DATA_HOME": "\(home)/data"] : ["PROFILE_JOURNAL": quiet])
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            return process
        }
        for process in processes { try process.run() }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == [0, 0])
        #expect(!FileManager.default.fileExists(atPath: quiet))
        let text = try String(contentsOfFile: "\(home)/data/profile/journal.jsonl", encoding: .utf8)
        #expect(text.split(separator: "\n").count == 1)
        #expect(text.contains(#""profile":"One","seconds":60,"plannedSeconds":60,"outcome":"completed""#))
    }

    @Test func stoppedWithQThenYExits1AndLogsAStoppedSit() throws {
        try makeProfile("Ten", minutes: 10)
        let screen = try PseudoTerminal(arguments: [Harness.binary.path, "run", "Ten", "--speed", "60", "--log", "--silent"],
                                        environment: Harness.environment(store: store, home: home, extra: [
                                            "PROFILE_JOURNAL": journal, "TERM": "xterm-256color", "NO_COLOR": "1"]))
        try screen.waitFor("Main sit: ")
        #expect(Harness.waitForRecords(home: home, holding: 60), "the run reached a minute")
        screen.send("q")
        try screen.waitFor("Stop the session?")
        screen.send("y")
        try screen.waitFor(", stopped")
        #expect(screen.waitForExit() == 1)
        let record = try #require(try records().first)
        #expect(record["outcome"] as? String == "stopped")
        #expect(screen.output.contains("logged: "))
    }

    // MARK: Safe appends

    @Test func fourProcessesAdding50SitsEachLeave200Records() throws {
        let script = (0..<4).map { writer in
            "for i in $(seq 1 50); do profile log add --start \"2026-01-0\(writer + 1) 07:$(printf %02d $i)\" --duration 20m --note \"w\(writer) $i\" >/dev/null || echo failed; done &"
        }.joined(separator: "\n") + "\nwait\n"
        let folder = Harness.binary.deletingLastPathComponent().path
        let result = try Harness.run(executable: URL(fileURLWithPath: "/bin/bash"), ["-c", script],
                                     environment: Harness.environment(store: store, home: home, extra: [
                                         "PATH": "\(folder):\(Harness.systemPath)", "PROFILE_JOURNAL": journal, "PROFILE_LOCK_TIMEOUT": "30"]))
        #expect(!result.stdout.contains("failed"), "\(result.stderr)")
        let all = try records()
        #expect(all.count == 200)
        #expect(Set(all.compactMap { $0["note"] as? String }).count == 200)
        #expect(Set(all.compactMap { $0["id"] as? String }).count == 200)
    }

    @Test func SIGKILLAtAnyMomentOfLogAddLeavesAJournalEveryCommandReads() throws {
        var generator = SeededGenerator(seed: 15)
        var finished = 0
        for round in 0..<60 {
            let process = Process()
            process.executableURL = Harness.binary
            process.arguments = ["log", "add", "--start", "2026-02-01 07:00", "--duration", "\(round + 1)m"]
            process.environment = Harness.environment(store: store, home: home, extra: ["PROFILE_JOURNAL": journal])
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.012, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .exit { finished += 1 }
        }
        for arguments in [["log"], ["log", "--format", "json"], ["log", "--format", "csv"], ["stats"], ["calendar"]] {
            let result = try Harness.run(arguments, store: store, home: home, environment: ["PROFILE_JOURNAL": journal])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let before = try records().count
        #expect(before >= finished)
        // A kill between creating the lock and writing its owner into it leaves a lock with no owner,
        // which FileLock breaks only once it is 2 s old (until then its owner may be writing it): the add
        // waits past that, not the harness's 0.3 s (with the release binary the readers above can take
        // well under 2 s, and the add then failed with 75, "has not written its pid yet").
        let added = try run("log", "add", "--duration", "5m", "--note", "after the kills", environment: ["PROFILE_LOCK_TIMEOUT": "5"])
        #expect(added.status == 0, "\(added.stderr)")
        let after = try records()
        #expect(after.count == before + 1)
        #expect(after.last?["note"] as? String == "after the kills")
    }

    @Test func aTornLastLineIsWarnedAboutAndCutOffByTheNextAdd() throws {
        #expect(try run("log", "add", "--start", "2026-03-01 07:00", "--duration", "20m").status == 0)
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"id":"3f2a9c1e","start":"2026-03-02T07:00"#.utf8))
        try handle.close()
        let read = try run("log", "--format", "plain")
        #expect(read.status == 0)
        #expect(read.stdout.split(separator: "\n").count == 1)
        #expect(read.stderr.contains("profile: warning: \(journal):2: ignored an incomplete last line"), "\(read.stderr)")
        let added = try run("log", "add", "--start", "2026-03-03 07:00", "--duration", "30m", "--note", "after")
        #expect(added.status == 0)
        #expect(added.stderr.contains("profile: notice: \(journal):2: moved a last line with no newline that is no record (\(#"{"id":"3f2a9c1e","start":"2026-03-02T07:00"#.utf8.count) bytes) to "), "\(added.stderr)")
        // Moved, not cut: the fragment is in a damaged-lines file beside the journal, byte for byte.
        let folder = (journal as NSString).deletingLastPathComponent
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("journal.damaged-") }
        #expect(aside.count == 1)
        #expect(try aside.first.map { try String(contentsOfFile: "\(folder)/\($0)", encoding: .utf8) } == #"{"id":"3f2a9c1e","start":"2026-03-02T07:00"#)
        let all = try records()
        #expect(all.count == 2 && all.last?["note"] as? String == "after")
        let after = try run("log")
        #expect(after.stderr.isEmpty)
    }

    @Test func anInvalidLineInTheMiddleExits65NamingItsLine() throws {
        for day in 1...3 {
            #expect(try run("log", "add", "--start", "2026-03-0\(day) 07:00", "--duration", "20m").status == 0)
        }
        var lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[1] = lines[1].replacingOccurrences(of: #""outcome":"completed""#, with: #""outcome":"finished""#)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: journal))
        let before = try Data(contentsOf: URL(fileURLWithPath: journal))
        for arguments in [["log"], ["stats"], ["calendar"], ["log", "delete", "x", "--force"]] {
            let result = try run(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr.hasPrefix("profile: \(journal):2:"), "\(result.stderr)")
            #expect(result.stderr.contains("outcome: expected completed, stopped or interrupted, found \"finished\""))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before, "nothing was written")
    }

    // MARK: log

    @Test func csvReadsBackWithAStandardReaderAsManyRowsAsJSON() throws {
        let notes = ["plain", "a, comma", "a \"quote\"", "two\nlines", "禅 🧘"]
        for (index, note) in notes.enumerated() {
            guard note != "two\nlines" else {
                // A note is text now: a line break is refused (64), but a journal written before holds it.
                let refused = try run("log", "add", "--duration", "25m", "--note", note)
                #expect(refused.status == 64 && refused.stderr.contains("U+000A"), "\(refused.stderr)")
                let line = #"{"id":"0000000a0004","start":"2026-04-04T07:00:00+00:00","end":"2026-04-04T07:25:00+00:00","profile":"Evening, late","#
                    + #""seconds":1500,"plannedSeconds":1500,"outcome":"completed","bells":0,"note":"two\nlines"}"# + "\n"
                let handle = try #require(FileHandle(forWritingAtPath: journal))
                try handle.seekToEnd()
                try handle.write(contentsOf: Data(line.utf8))
                try handle.close()
                continue
            }
            let result = try run("log", "add", "--start", "2026-04-0\(index + 1) 07:00", "--duration", "25m",
                                 "--profile", index % 2 == 0 ? "Morning" : "Evening, late", "--note", note)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try run("log", "add", "--start", "2026-04-09 06:00", "--duration", "1h").status == 0)
        let csv = try run("log", "--format", "csv")
        let python = """
            import csv, json, sys
            rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")))
            print(json.dumps(rows))
            """
        let file = "\(home)/log.csv"
        try Data(csv.stdout.utf8).write(to: URL(fileURLWithPath: file))
        let read = try Harness.run(executable: URL(fileURLWithPath: "/usr/bin/python3"), ["-c", python, file], environment: ["LANG": "C.UTF-8"])
        #expect(read.status == 0, "\(read.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String: String]])
        let json = try records()
        #expect(rows.count == json.count && json.count == 6)
        #expect(rows.map { $0["note"] ?? "?" } == notes + [""])
        #expect(rows.map { $0["id"] ?? "" } == json.map { $0["id"] as? String ?? "-" })
        #expect(Array(rows[0].keys).sorted() == ["activity", "bells", "breathingBreaths", "breathingPattern", "breathingSeconds", "end", "id", "note",
                                                  "outcome", "pausedSeconds", "plannedSeconds", "profile", "recovered", "seconds", "start"])
        #expect(rows.allSatisfy { $0["activity"] == "" } && json.allSatisfy { $0["activity"] is NSNull }, "a sit added by hand is a meditation")
        #expect(rows.allSatisfy { $0["breathingPattern"] == "" } && json.allSatisfy { $0["breathing"] is NSNull },
                "a sit added by hand has no breathing: empty fields, null")
        #expect(json.last?["profile"] is NSNull && json.last?["note"] is NSNull, "null where empty")
        #expect(rows.allSatisfy { $0["pausedSeconds"] == "0" } && json.allSatisfy { $0["pausedSeconds"] as? Int == 0 },
                "a sit added by hand has no pauses, and says so")
        #expect(rows.allSatisfy { $0["recovered"] == "false" } && json.allSatisfy { $0["recovered"] as? Bool == false })
        #expect(csv.stdout.hasPrefix("id,start,end,profile,seconds,plannedSeconds,outcome,bells,note,pausedSeconds,recovered,breathingPattern,breathingBreaths,breathingSeconds,activity\r\n"))
    }

    @Test func logFiltersByDayAndProfileAndListsNewestLast() throws {
        for (start, profile) in [("2026-05-03 07:00", "Morning"), ("2026-05-01 07:00", "Evening"), ("2026-05-02 21:00", "morning")] {
            #expect(try run("log", "add", "--start", start, "--duration", "20m", "--profile", profile).status == 0)
        }
        let all = try run("log", "--format", "plain").stdout.split(separator: "\n").map { $0.split(separator: "\t")[1] }
        #expect(all == ["2026-05-01T07:00:00+00:00", "2026-05-02T21:00:00+00:00", "2026-05-03T07:00:00+00:00"])
        let since = try run("log", "--format", "plain", "--since", "2026-05-02", "--profile", "MORNING")
        #expect(since.stdout.split(separator: "\n").count == 2)
        let until = try run("log", "--format", "plain", "--until", "2026-05-01")
        #expect(until.stdout.split(separator: "\n").count == 1)
        let bad = try run("log", "--since", "May 1")
        #expect(bad.status == 64 && bad.stderr.contains("invalid --since \"May 1\": use a date as YYYY-MM-DD, today or yesterday"))
    }

    @Test func deleteAsksOnATerminalNeedsForceOtherwiseAndSaysWhatItRemoved() throws {
        #expect(try run("log", "add", "--start", "2026-05-03 07:00", "--duration", "20m", "--profile", "Morning").status == 0)
        let id = try #require(try records().first?["id"] as? String)
        let refused = try run("log", "delete", id)
        #expect(refused.status == 64 && refused.stderr.contains("without --force"))
        let missing = try run("log", "delete", "nope", "--force")
        #expect(missing.status == 66 && missing.stderr.contains("no sit with the id \"nope\""))
        let screen = try PseudoTerminal(arguments: [Harness.binary.path, "log", "delete", id],
                                        environment: Harness.environment(store: store, home: home, extra: ["PROFILE_JOURNAL": journal, "TZ": "UTC"]))
        try screen.waitFor("Delete the sit \(id)  2026-05-03 07:00  20:00 of 20:00, completed, Morning? [y/N] ")
        screen.send("y\r")
        try screen.waitFor("deleted: \(id)  2026-05-03 07:00")
        #expect(screen.waitForExit() == 0)
        #expect(try records().isEmpty)
    }

    @Test func addRefusesWhatItCannotRecord() throws {
        for (arguments, message) in [
            (["--start", "2026-05-03", "--duration", "20m"], "invalid --start \"2026-05-03\""),
            (["--start", "2026-02-30 07:00", "--duration", "20m"], "invalid --start"),
            (["--duration", "0"], "invalid --duration \"0\": use a length from 1 second to 24 hours"),
            (["--duration", "25h"], "invalid --duration"),
            (["--duration", "20m", "--note", ""], "invalid --note"),
        ] {
            let result = try run(["log", "add"] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix("profile: ") && result.stderr.contains(message), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: journal))
    }

    // MARK: After the review

    /// A record the program could not read back would stop every reading command and `log delete`:
    /// a start to come and a clock more than a day off UTC are refused, and nothing is written.
    @Test func addRefusesASitToComeAndAClockTheJournalCannotRecord() throws {
        let future = try run("log", "add", "--start", "9999-12-31 23:59", "--duration", "20m")
        #expect(future.status == 64)
        #expect(future.stderr == "profile: invalid --start \"9999-12-31 23:59\": use a time that has come: a sit is logged once it has happened\n")
        // A sit that started ten minutes ago cannot have lasted twenty.
        var tenMinutesAgo = time(nil) - 600
        var parts = tm()
        gmtime_r(&tenMinutesAgo, &parts)
        let recent = String(format: "%04d-%02d-%02d %02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                            Int(parts.tm_hour), Int(parts.tm_min))
        let going = try run("log", "add", "--start", recent, "--duration", "20m", environment: ["TZ": "UTC"])
        #expect(going.status == 64)
        #expect(going.stderr == "profile: invalid --duration \"20m\": use a length that has passed since --start: a sit is logged once it has ended\n")
        let zone = try run("log", "add", "--duration", "5m", environment: ["TZ": "XXX-24:59"])
        #expect(zone.status == 64 && zone.stderr.contains("invalid TZ \"XXX-24:59\": use a time zone less than 24 hours off UTC"), "\(zone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: journal))
        try makeProfile("Two", minutes: 2)
        let sat = try run("run", "Two", "--speed", "600", "--log", "--silent", environment: ["TZ": "XXX-24:59"])
        #expect(sat.status == 64 && !sat.stdout.contains("run Two"), "refused before the session: \(sat.stdout)")
        #expect(try run("log").status == 0)
    }

    /// The lead's decision: an append never depends on the earlier lines, so it goes ahead; the
    /// reading commands and `log delete` refuse the journal (65). A file whose only lines are no
    /// records is no journal at all: the append refuses it too, and changes nothing.
    @Test func anInvalidLineDoesNotStopAnAppendButStopsReadersAndDelete() throws {
        let damaged = #"{"id":"a","start":"2026-03-01T07:00:00Z","seconds":60,"outcome":"finished"}"# + "\n"
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: journal))
        let refused = try run("log", "add", "--start", "2026-03-02 07:00", "--duration", "20m")
        #expect(refused.status == 65 && refused.stderr.contains("holds no record of a sit"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == damaged)
        #expect(try run("log", "add", "--start", "2026-02-28 07:00", "--duration", "20m", "--journal", "\(journal).new").status == 0)
        try Data((String(contentsOfFile: "\(journal).new", encoding: .utf8) + damaged).utf8).write(to: URL(fileURLWithPath: journal))
        let added = try run("log", "add", "--start", "2026-03-02 07:00", "--duration", "20m")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").count == 3)
        for arguments in [["log"], ["stats"], ["log", "delete", "a", "--force"]] {
            #expect(try run(arguments).status == 65, "\(arguments)")
        }
    }

    /// No crash leaves a whole JSON object: a hand-written last line that is one is reported, and the
    /// next entry moves it, byte for byte, to a damaged-lines file beside the journal.
    @Test func aWholeJSONLastLineWithoutNewlineIsInvalidAndMovedAside() throws {
        #expect(try run("log", "add", "--start", "2026-03-01 07:00", "--duration", "20m").status == 0)
        let hand = #"{"id":"hand","start":"2026-03-02T07:00:00Z","seconds":60,"outcome":"complete"}"#
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(hand.utf8))
        try handle.close()
        let read = try run("log")
        #expect(read.status == 65)
        #expect(read.stderr.hasPrefix("profile: \(journal):2:68: outcome: expected completed, stopped or interrupted"), "\(read.stderr)")
        let added = try run("log", "add", "--start", "2026-03-03 07:00", "--duration", "20m")
        #expect(added.status == 0 && added.stderr.hasPrefix("profile: notice: \(journal):2: moved a last line with no newline that is no record"), "\(added.stderr)")
        let lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2 && !lines.contains { $0 == hand })
        let folder = (journal as NSString).deletingLastPathComponent
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("journal.damaged-") }
        #expect(try aside.map { try String(contentsOfFile: "\(folder)/\($0)", encoding: .utf8) } == [hand], "the hand-written line, byte for byte")
        #expect(try run("log").status == 0)
    }

    /// `log add` and `log delete` print before they write: output that cannot be written changes nothing.
    @Test func lostOutputLogsAndDeletesNothing() throws {
        #expect(try run("log", "add", "--start", "2026-03-01 07:00", "--duration", "20m").status == 0)
        let id = try #require(try records().first?["id"] as? String)
        let before = try Data(contentsOf: URL(fileURLWithPath: journal))
        let binary = Harness.shellQuoted(Harness.binary.path)
        for redirect in ["> /dev/full", ">&-"] {
            for command in ["log add --duration 5m", "log delete -f \(id)"] {
                let result = try Harness.run(executable: URL(fileURLWithPath: "/bin/bash"), ["-c", "\(binary) \(command) \(redirect)"],
                                             environment: Harness.environment(store: store, home: home, extra: ["PROFILE_JOURNAL": journal]))
                #expect(result.status == 74, "\(command) \(redirect): \(result.stderr)")
                #expect(result.stderr.contains("<stdout>: write failed"), "\(result.stderr)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before, "\(command) \(redirect) changed the journal")
            }
        }
    }

    /// A journal that cannot take the sit is said before the session starts, not after it.
    @Test func runRefusesAnUnusableJournalBeforeTheSit() throws {
        try makeProfile("Two", minutes: 2)
        let fifo = "\(home)/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createDirectory(atPath: "\(home)/folder", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: "\(home)/file"))
        for (path, status, message) in [
            ("\(home)/folder", 65, "is a folder, not a regular file"), (fifo, 65, "is a FIFO (named pipe), not a regular file"),
            ("/dev/null", 65, "is a character device, not a regular file"), ("\(home)/file/journal.jsonl", 74, "ENOTDIR"),
            ("/proc/self/status", 74, "create lock failed"),
        ] {
            let result = try run("run", "Two", "--speed", "600", "--log", "--silent", "--journal", path)
            #expect(result.status == Int32(status), "\(path): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(path): \(result.stderr)")
            #expect(!result.stdout.contains("run Two"), "\(path): refused before the session")
        }
    }

    /// A FIFO would block for ever and `/dev/zero` would be read to the size cap.
    @Test func readingAJournalThatIsNoRegularFileFailsAtOnce() throws {
        let fifo = "\(home)/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [fifo, "/dev/zero"] {
            for arguments in [["log"], ["stats"], ["calendar"], ["log", "add", "--duration", "5m"]] {
                let started = Date()
                let result = try run(arguments + ["--journal", path])
                #expect(result.status == 65, "\(arguments) \(path): \(result.stderr)")
                #expect(result.stderr.contains("not a regular file"), "\(result.stderr)")
                #expect(Date().timeIntervalSince(started) < 5)
            }
        }
    }

    @Test func theLogTableFits80ColumnsWithAnHourSitAndALongName() throws {
        #expect(try run("log", "add", "--start", "2026-03-01 07:00", "--duration", "1h30m", "--profile", String(repeating: "Long name ", count: 6),
                        "--note", String(repeating: "a long note ", count: 10)).status == 0)
        #expect(try run("log", "add", "--start", "2026-03-02 07:00", "--duration", "20m", "--profile", "Morning").status == 0)
        let table = try run("log", "--format", "table", environment: ["COLUMNS": "80"])
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.count == 7 && lines.allSatisfy { $0.count <= 80 }, "\(table.stdout)")
        // Issue 50: the name is cut only once the outcome and the note are left out (the last line says
        // so) and the start has taken its short form.
        #expect(lines.last == "not shown at this width: outcome, note", "\(table.stdout)")
        #expect(table.stdout.contains("│ 1 Mar 07:00 │ 01:30:00 │ Long name Long name Long name Long … │"), "\(table.stdout)")
        #expect(table.stdout.contains("│ Morning "), "\(table.stdout)")
    }

    @Test func aFilterThatMatchesNothingSaysSoNotThatNothingIsLogged() throws {
        let empty = try run("stats")
        #expect(empty.stdout.hasPrefix("no sits logged; a run logs one"))
        #expect(try run("log", "add", "--start", "2026-03-01 07:00", "--duration", "20m", "--profile", "Morning").status == 0)
        let stats = try run("stats", "--profile", "Evening")
        #expect(stats.status == 0 && stats.stdout == "no sits match --profile \"Evening\"\n", "\(stats.stdout)")
        let log = try run("log", "--format", "table", "--since", "2026-04-01")
        #expect(log.stdout == "no sits match --since 2026-04-01\n", "\(log.stdout)")
    }

    @Test func aBlankNoteAndAnEmptyJournalPathAreRefused() throws {
        let blank = try run("log", "add", "--duration", "5m", "--note", " ")
        #expect(blank.status == 64 && blank.stderr == "profile: invalid --note \" \": use some text: it is blank\n", "\(blank.stderr)")
        let long = try run("log", "add", "--duration", "5m", "--note", String(repeating: "x", count: 4001))
        #expect(long.status == 64 && long.stderr.contains("use text of at most 4,000 bytes (this is 4,001)"), "\(long.stderr)")
        for arguments in [["log"], ["log", "add", "--duration", "5m"], ["stats"]] {
            let result = try run(arguments + ["--journal", ""])
            #expect(result.status == 64 && result.stderr.contains("invalid --journal \"\""), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: journal))
    }

    /// A record with a key the program does not know is refused where the key is, with the closest one.
    @Test func anUnknownKeyIsRefusedWithItsPlaceAndTheClosestKey() throws {
        try Data((#"{"id":"a","start":"2026-03-01T07:00:00Z","seconds":60,"outcome":"completed","Note":"x"}"# + "\n").utf8)
            .write(to: URL(fileURLWithPath: journal))
        let result = try run("log")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("profile: \(journal):1:77: Note: unknown key \"Note\" (did you mean \"note\"?)"), "\(result.stderr)")
    }

    /// Two sits with one id: delete cannot tell which is meant.
    @Test func deleteRefusesAnIdTwoSitsShare() throws {
        let line = #"{"id":"same","start":"2026-03-01T07:00:00Z","seconds":60,"outcome":"completed"}"#
        try Data((line + "\n" + line.replacingOccurrences(of: "03-01", with: "03-02") + "\n").utf8).write(to: URL(fileURLWithPath: journal))
        let result = try run("log", "delete", "same", "--force")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("profile: \(journal):1: 2 sits have the id \"same\", on lines 1 and 2"), "\(result.stderr)")
        #expect(try records().count == 2)
        let ids = try run("log", "add", "--duration", "5m")
        #expect(ids.stdout.split(separator: " ")[1].count == 12, "twelve hex digits: \(ids.stdout)")
    }

    /// A sit deleted by another process while the question waits is as missing as one missing up front.
    @Test func anIdThatVanishesBeforeTheLockIsMissing66() throws {
        #expect(try run("log", "add", "--start", "2026-05-03 07:00", "--duration", "20m").status == 0)
        let id = try #require(try records().first?["id"] as? String)
        let screen = try PseudoTerminal(arguments: [Harness.binary.path, "log", "delete", id],
                                        environment: Harness.environment(store: store, home: home, extra: ["PROFILE_JOURNAL": journal, "TZ": "UTC"]))
        try screen.waitFor("[y/N] ")
        #expect(try run("log", "delete", id, "--force").status == 0)
        screen.send("y\r")
        try screen.waitFor("no sit with the id")
        #expect(screen.waitForExit() == 66)
    }

    /// `stats` groups names as `--profile` matches them.
    @Test func statsGroupsProfileNamesIgnoringCase() throws {
        for (start, name) in [("2026-03-01 07:00", "morning"), ("2026-03-02 07:00", "Morning"), ("2026-03-03 07:00", "Evening")] {
            #expect(try run("log", "add", "--start", start, "--duration", "20m", "--profile", name).status == 0)
        }
        let profiles = try #require(try stats()["profiles"] as? [[String: Any]])
        #expect(profiles.map { $0["profile"] as? String } == ["Morning", "Evening"])
        #expect(profiles.map { $0["sessions"] as? Int } == [2, 1])
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Harness.Result {
        try Harness.run(arguments, store: store, home: home, environment: ["PROFILE_JOURNAL": journal, "TZ": "UTC"].merging(environment) { $1 })
    }

    /// Local days are TZ's: across the change to summer time in New York, a skipped time is refused and
    /// each sit keeps its day and its offset.
    @Test func localDaysFollowTZAcrossADaylightSavingChange() throws {
        let newYork = ["TZ": "America/New_York"]
        let skipped = try run("log", "add", "--start", "2026-03-08 02:30", "--duration", "20m", environment: newYork)
        #expect(skipped.status == 64 && skipped.stderr.contains("skipped"), "\(skipped.stderr)")
        for start in ["2026-03-07 23:30", "2026-03-08 23:30", "2026-03-09 00:10"] {
            #expect(try run("log", "add", "--start", start, "--duration", "20m", environment: newYork).status == 0)
        }
        let plain = try run("log", "--format", "plain", "--since", "2026-03-08", "--until", "2026-03-08", environment: newYork)
        #expect(plain.stdout.split(separator: "\t")[1] == "2026-03-08T23:30:00-04:00")
        let before = try run("log", "--format", "plain", "--until", "2026-03-07", environment: newYork)
        #expect(before.stdout.split(separator: "\t")[1] == "2026-03-07T23:30:00-05:00")
        let stats = try run("stats", "--format", "json", "--since", "2026-03-07", "--until", "2026-03-09", environment: newYork)
        #expect(stats.stdout.contains("\"longestStreak\": 3"))
        // In UTC the same three sits fall on the 8th, 9th and 9th.
        let utc = try run("stats", "--format", "json", "--since", "2026-03-07", "--until", "2026-03-09")
        #expect(utc.stdout.contains("\"days\": 2"))
    }

    // MARK: issue 37

    /// `log --format csv` and `--format insight-timer` on a terminal escape what could act on it (an ESC
    /// of a hand-written line), as the table does; piped, they give the text exactly.
    @Test func csvOnATerminalEscapesAnEscapeAndPipedGivesItAsItIs() throws {
        let line = #"{"id":"aaaaaaaaaaaa","start":"2026-04-10T08:00:00Z","seconds":600,"outcome":"completed","profile":"Eve\u001b[7mning","note":"red \u001b[31m here"}"#
        try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: journal))
        let piped = try run("log", "--format", "csv")
        #expect(piped.status == 0 && piped.stdout.contains("Eve\u{1B}[7mning") && piped.stdout.contains("red \u{1B}[31m here"), "\(piped.stdout)")
        let pipedInsight = try run("log", "--format", "insight-timer")
        #expect(pipedInsight.status == 0 && pipedInsight.stdout.contains(",Eve\u{1B}[7mning,"), "\(pipedInsight.stdout)")
        for (format, shows) in [("csv", #"red \u{1B}[31m here"#), ("insight-timer", #",Eve\u{1B}[7mning,Meditation"#)] {
            let screen = try PseudoTerminal(arguments: [Harness.binary.path, "log", "--format", format],
                                            environment: Harness.environment(store: store, home: home, extra: ["PROFILE_JOURNAL": journal, "TZ": "UTC"]))
            let output = try screen.waitFor(shows)
            #expect(screen.waitForExit() == 0)
            #expect(!screen.output(since: 0).unicodeScalars.contains { $0.value == 0x1B }, "\(format): \(output)")
        }
    }

    /// A sit of another machine's journal whose id this one holds with other content is a conflict: 65,
    /// naming both places and the fields, nothing written; `--keep-logged` keeps this journal's version
    /// and says how many it kept.
    @Test func importRefusesAConflictAndKeepLoggedKeepsTheJournalsVersion() throws {
        let a = #"{"id":"aaaaaaaaaaaa","start":"2026-04-10T08:00:00Z","seconds":600,"outcome":"completed"}"#
        let b = #"{"id":"bbbbbbbbbbbb","start":"2026-04-11T08:00:00Z","seconds":600,"outcome":"completed"}"#
        let bEdited = #"{"id":"bbbbbbbbbbbb","start":"2026-04-11T08:00:00Z","seconds":600,"outcome":"completed","note":"edited there"}"#
        let c = #"{"id":"cccccccccccc","start":"2026-04-12T08:00:00Z","seconds":600,"outcome":"completed"}"#
        try Data("\(a)\n\(b)\n".utf8).write(to: URL(fileURLWithPath: journal))
        let other = "\(home)/other.jsonl"
        try Data("\(a)\n\(c)\n\(bEdited)\n".utf8).write(to: URL(fileURLWithPath: other))
        let before = try Data(contentsOf: URL(fileURLWithPath: journal))
        let refused = try run("log", "import", other)
        #expect(refused.status == 65 && refused.stdout.isEmpty)
        #expect(refused.stderr.contains("\(other):3: the sit \"bbbbbbbbbbbb\" differs from the one logged at \(journal):2 in note; nothing was imported: "), "\(refused.stderr)")
        #expect(refused.stderr.contains("--keep-logged"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before)
        let kept = try run("log", "import", "--keep-logged", other)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout == "added 1 sit, skipped 1 already logged, kept 1 conflicting sit as logged\n", "\(kept.stdout)")
        let sits = try records()
        #expect(sits.map { $0["id"] as? String ?? "" } == ["aaaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccccc"])
        #expect(sits[1]["note"] is NSNull, "the journal's version kept")
        #expect(try run("log", "import", "--keep-logged", other).stdout == "added 0 sits, skipped 2 already logged, kept 1 conflicting sit as logged\n")
    }

    // MARK: calendar

    @Test func theCalendarUnderNoColorFits80ColumnsWithARowForEachWeekday() throws {
        // None today: a sit at midnight would not have ended in the first minutes of a day.
        for ago in [1, 2, 3, 40, 200, 370] {
            #expect(try run("log", "add", "--start", "\(Self.day(ago)) 00:00", "--duration", "\(ago % 50 + 5)m").status == 0)
        }
        let result = try run("calendar", environment: ["NO_COLOR": "1", "COLUMNS": "80"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(result.stdout)")
        for weekday in ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] {
            #expect(lines.filter { $0.hasPrefix(weekday + " ") }.count == 1, "\(weekday)")
        }
        #expect(result.stdout.contains("less ·░▒▓█ more") && !result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains(" on 5 days of "), "the sit 370 days ago is outside 53 weeks")
        let narrow = try run("calendar", "--weeks", "4")
        #expect(narrow.stdout.split(separator: "\n")[1].count == 5 + 4 || narrow.stdout.split(separator: "\n")[1].count < 9)
        #expect(try run("calendar", "--weeks", "0").status == 64)
    }

    /// The shell scripts ask the program: `log delete` completes the journal's ids, newest first, and
    /// `--profile` the store's profile names.
    @Test func completionOffersIdsForDeleteAndProfileNamesForProfile() throws {
        try makeProfile("Morning", minutes: 20)
        for day in ["2026-06-01 07:00", "2026-06-02 07:00"] {
            #expect(try run("log", "add", "--start", day, "--duration", "20m").status == 0)
        }
        let ids = try records().compactMap { $0["id"] as? String }
        let offered = try run("---completion", "log", "delete", "--", "positional@0", "3", "0", "profile", "log", "delete", "")
        #expect(offered.stdout == ids.reversed().joined(separator: "\n") + "\n")
        let names = try run("---completion", "stats", "--", "--profile", "2", "0", "profile", "stats", "--profile", "")
        #expect(names.stdout == "Morning\n")
        for shell in ["bash", "zsh", "fish"] {
            let script = try run("--generate-completion-script", shell).stdout
            #expect(script.contains("calendar") && script.contains("stats") && script.contains("---completion log delete"), "\(shell)")
        }
    }

    @Test func aRelativeXDGDataHomeIsIgnored() throws {
        let result = try Harness.run(["log", "add", "--duration", "5m"], store: store, home: home,
                                     environment: ["XDG_DATA_HOME": "relative/data"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(home)/.local/share/profile/journal.jsonl"))
    }
}
