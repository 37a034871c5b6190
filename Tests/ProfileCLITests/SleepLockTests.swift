import Foundation
import Testing
import TestSupport
import Desktop

/// Issue 23, item 1: a run holds off sleep with a logind inhibitor lock, checked against python3-dbusmock's
/// logind on a private system bus; and what the run says when there is no bus.
///
/// The mock hands out the write end of a pipe and drops the inhibitor when it sees the read end hang up,
/// that is when every copy of the descriptor is closed. So "gone after the run" means no copy of the
/// lock outlived it: not in `profile`, and not in a bell player or anything a player left running.
@Suite("sleep held off during a run", .serialized)
struct SleepLockTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        for name in ["Long Sit", "Morning"] {
            try FileManager.default.copyItem(atPath: Harness.fixtures.appendingPathComponent("\(name).json").path,
                                             toPath: "\(store)/\(name).json")
        }
    }

    /// Starts `profile arguments…` with its output piped; the caller reads it and waits.
    func start(_ arguments: [String], environment: [String: String]) throws -> (process: Process, output: Pipe) {
        try Harness.start(arguments, store: store, home: home, extra: environment)
    }

    /// A folder holding a player `paplay` that writes `played` beside itself and leaves a `sleep 5`
    /// running (its output elsewhere, so it holds no pipe of the test's): were the lock's descriptor
    /// inherited, that process would hold it.
    func lingeringPlayer() throws -> (bin: String, played: String) {
        let bin = "\(home)/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\nsleep 5 </dev/null >/dev/null 2>&1 &\ntouch '\(bin)/played'\nexit 0\n"
            .writeExecutable(to: "\(bin)/paplay")
        return (bin, "\(bin)/played")
    }

    /// Whether process `pid` has exited: it is gone, or a zombie not yet reaped.
    static func hasExited(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // The state follows the command's name in parentheses: `123 (profile) Z …`.
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[close...].dropFirst(2).first == "Z"
    }

    @Test func duringARunLogindListsTheLockAndAfterSIGINTItIsGone() throws {
        let bus = try PrivateSystemBus()
        defer { bus.stop() }
        try bus.startLogind()
        #expect(try bus.inhibitors().isEmpty)

        // Long Sit has no warm-up: its start bell is handed to the player as soon as its file is made.
        let (bin, played) = try lingeringPlayer()
        let (process, output) = try start(
            ["run", "Long Sit", "--speed", "10", "--no-log"],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address, "PATH": "\(bin):\(Harness.systemPath)",
                          "XDG_CACHE_HOME": "\(home)/cache"])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }

        #expect(try eventually(within: 10) { try !bus.inhibitors().isEmpty })
        let held = try bus.inhibitors()
        #expect(held.count == 1)
        let lock = try #require(held.first)
        #expect(lock.count == 4, "\(lock)")
        #expect(lock.first == "sleep:idle")
        #expect(lock.dropFirst().first == "profile")
        #expect(lock.last == "block")
        let why = lock.count == 4 ? lock[2] : ""
        #expect(why.wholeMatch(of: #/a meditation session with "Long Sit" until \d\d:\d\d/#) != nil, "\(why)")

        // The player has run (and left its `sleep 5`) while the lock is held.
        #expect(eventually(within: 20) { FileManager.default.fileExists(atPath: played) })
        #expect(try bus.inhibitors().count == 1)
        kill(process.processIdentifier, SIGINT)
        // `profile` has exited once it is a zombie or gone. Not `waitUntilExit()`: Foundation notices an
        // exit when a socket it leaves to the child closes, and the player's `sleep 5` holds a copy of it.
        let exited = eventually(within: 10) { Self.hasExited(process.processIdentifier) }
        #expect(exited)
        // Within a second, although the player's `sleep 5` still runs: it did not inherit the lock.
        let released = try eventually(within: 1) { try bus.inhibitors().isEmpty }
        #expect(released, "\((try? bus.inhibitors()) ?? [])")
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(text)")
        #expect(text.contains("main-start  Main sit starts  bell: Singing Bowl (paplay)"), "\(text)")
        #expect(!text.contains("may sleep during the sit"), "\(text)")
    }

    /// A piped run sleeps until its next event; when logind says the machine woke, the run wakes at once
    /// and says it slept (the boot clock says how long: here, no time, for the mock's machine never slept).
    @Test func aPipedRunSaysAtOnceThatTheMachineSlept() throws {
        let bus = try PrivateSystemBus()
        defer { bus.stop() }
        try bus.startLogind()
        let log = "\(home)/run.log"
        #expect(FileManager.default.createFile(atPath: log, contents: nil))
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["run", "Long Sit", "--silent", "--no-log"]
        process.environment = Harness.environment(store: store, home: home, extra: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        process.standardOutput = FileHandle(forWritingAtPath: log)
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        let text = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        #expect(try eventually(within: 10) { try !bus.inhibitors().isEmpty && text().contains("main-start") })
        try bus.emitPrepareForSleep(true)
        try bus.emitPrepareForSleep(false)
        // The next event is an hour and forty minutes away: only logind's word can wake the run now.
        #expect(eventually(within: 3) { text().contains("  slept  the computer slept 00:00 — not counted as sitting") }, "\(text())")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(text().components(separatedBy: "  slept  ").count == 2, "said once: \(text())")
    }

    @Test func noInhibitTakesNoLock() throws {
        let bus = try PrivateSystemBus()
        defer { bus.stop() }
        try bus.startLogind()
        // The run writes into a file the test reads as it grows, so no read can wait past a deadline.
        let log = "\(home)/no-inhibit.log"
        #expect(FileManager.default.createFile(atPath: log, contents: nil))
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["run", "Long Sit", "--speed", "10", "--no-log", "--silent", "--no-inhibit"]
        process.environment = Harness.environment(store: store, home: home, extra: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        process.standardOutput = FileHandle(forWritingAtPath: log)
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        func text() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        // Without the flag the lock is taken before the run's header is written (the test above): once the
        // header is out, a lock would be there.
        #expect(eventually(within: 10) { text().contains("run Long Sit") }, "the header came")
        #expect(process.isRunning)
        #expect(try bus.inhibitors().isEmpty)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let text = text()
        #expect(text.contains("run Long Sit: "), "\(text)")
        #expect(!text.contains("sleep"), "\(text)")
    }

    @Test func withoutABusTheHeaderSaysSoOnceAndTheRunGoesOn() throws {
        let result = try Harness.run(["run", "Morning", "--speed", "2000", "--silent", "--no-log"], store: store, home: home,
                                     environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(home)/no-such-bus"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count > 3)
        #expect(lines.first?.hasSuffix("  +00:00  run Morning: 37:00, 3 bells, sound: silent") == true, "\(result.stdout)")
        #expect(lines.dropFirst().first?.hasSuffix("  +00:00  note  the computer may sleep during the sit: its power manager cannot be reached") == true,
                "\(result.stdout)")
        #expect(lines.filter { $0.contains("the computer may sleep") }.count == 1)
        #expect(lines.last?.contains("completed") == true, "\(result.stdout)")
    }

    @Test func aBusWithoutLogindIsSaidAsLogindNotAnswering() throws {
        let bus = try PrivateSystemBus()
        defer { bus.stop() }
        let result = try Harness.run(["run", "Morning", "--speed", "2000", "--silent", "--no-log"], store: store, home: home,
                                     environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        #expect(result.status == 0, "\(result.stderr)")
        let note = result.stdout.split(separator: "\n").dropFirst().first ?? ""
        #expect(note.hasSuffix("  note  the computer may sleep during the sit: logind did not answer (org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.login1 was not provided by any .service files)"),
                "\(result.stdout)")
    }

    // MARK: The texts

    @Test func theReasonNamesTheProfileQuotedAndBounded() {
        #expect(SleepLock.reason(profile: "Morning", until: "07:42") == #"a meditation session with "Morning" until 07:42"#)
        #expect(SleepLock.reason(profile: "a\u{1B}[2Jb", until: "23:05") == #"a meditation session with "a\u{1B}[2Jb" until 23:05"#)
        let long = SleepLock.reason(profile: String(repeating: "k", count: 1000), until: "07:42")
        #expect(long.count < 140 && long.hasSuffix(" until 07:42"), "\(long)")
    }

    @Test func errorTextsSayWhatFailedEscapedAndBounded() {
        #expect(SleepLockError.noBus(code: ENOENT).text == "its power manager cannot be reached")
        #expect(SleepLockError.noBus(code: EACCES).text == "its power manager is closed to this user")
        #expect(SleepLockError.noBus(code: EMFILE).text == "its power manager cannot be reached (Too many open files)")
        #expect(SleepLockError.noLibrary("libsystemd.so.0: cannot open shared object file: No such file or directory").text
                == "no libsystemd (libsystemd.so.0: cannot open shared object file: No such file or directory)")
        // A failure sd-bus names itself is not logind refusing: logind never saw the call.
        #expect(SleepLockError.answer(name: "System.Error.ENOTCONN", message: "Transport endpoint is not connected")
                == .noAnswer(name: "System.Error.ENOTCONN", message: "Transport endpoint is not connected"))
        #expect(SleepLockError.answer(name: "org.freedesktop.DBus.Error.ServiceUnknown", message: "m")
                == .noAnswer(name: "org.freedesktop.DBus.Error.ServiceUnknown", message: "m"))
        let refused = SleepLockError.answer(name: "org.freedesktop.DBus.Error.AccessDenied", message: "Permission denied")
        #expect(refused.text == "logind refused (org.freedesktop.DBus.Error.AccessDenied: Permission denied)")
        #expect(SleepLockError.noAnswer(name: "", message: "the bus did not answer in 2 s").text
                == "logind did not answer (the bus did not answer in 2 s)")
        // The bus's texts come from another process: escaped and cut.
        let hostile = SleepLockError.refused(name: "x.Y", message: "\u{1B}]0;title\u{07}" + String(repeating: "m", count: 10_000)).text
        #expect(!hostile.unicodeScalars.contains { $0.value < 0x20 } && hostile.count < 400, "\(hostile)")
    }
}
