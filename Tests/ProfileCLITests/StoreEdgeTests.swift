import Files
import Foundation
import Testing
import TestSupport
import ProfileKit

/// The store's edges through the real binary: a profile that goes away while a command waits for its
/// lock, strange entries in the store, and settings from the environment that make no sense.
@Suite("Store edges", .serialized)
struct StoreEdgeTests {

    /// A `set` or `delete` waiting for the lock while another process renames the profile away ends
    /// with "no profile" (66), not with an I/O error.
    @Test(arguments: [["set", "Morning", "duration", "5"], ["delete", "Morning", "--force"], ["rename", "Morning", "Noon"]])
    func aProfileRenamedWhileACommandWaitsIsNotFound(_ arguments: [String]) throws {
        Harness.ignoreBrokenPipes
        let (home, store) = try Harness.makeStore()
        defer { try? FileManager.default.removeItem(atPath: home) }
        // The lock of a live process (this one) holds the command until the file has gone.
        try FileLock.record(for: getpid()).write(toFile: "\(store)/Morning.json.lock", atomically: false, encoding: .utf8)
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = arguments
        process.environment = Harness.environment(store: store, home: home, extra: ["PROFILE_LOCK_TIMEOUT": "20"])
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        usleep(500_000)
        #expect(rename("\(store)/Morning.json", "\(store)/Evening.json") == 0)
        #expect(unlink("\(store)/Morning.json.lock") == 0)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 66, "\(stderr)")
        #expect(stderr.hasPrefix("profile: no profile named \"Morning\""), "\(stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store) == ["Evening.json"])
    }

    /// `new dawn` and `new Dawn` at once take the store's names lock, so one creates the profile and
    /// the other is told it exists: never two files for one name. A bounded race, 20 rounds.
    @Test func twoNamesOfOneProfileCreatedAtOnceMakeOneFile() throws {
        let (home, store) = try Harness.makeStore()
        defer { try? FileManager.default.removeItem(atPath: home) }
        for round in 0..<20 {
            let processes = ["Dawn\(round)", "dawn\(round)"].map { name in
                let process = Process()
                process.executableURL = Harness.binary
                process.arguments = ["new", name]
                // Not the harness's 0.3 s: on a loaded machine the holder's fsyncs can take longer, and
                // the loser would be told to try again (75) instead of that the name exists.
                process.environment = Harness.environment(store: store, home: home, extra: ["PROFILE_LOCK_TIMEOUT": "20"])
                process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
                process.standardError = FileHandle(forWritingAtPath: "/dev/null")
                return process
            }
            for process in processes { try process.run() }
            for process in processes { process.waitUntilExit() }
            let statuses = processes.map(\.terminationStatus).sorted()
            #expect(statuses == [0, 73], "round \(round): \(statuses)")
            let files = try FileManager.default.contentsOfDirectory(atPath: store).filter { $0.lowercased() == "dawn\(round).json" }
            #expect(files.count == 1, "round \(round): \(files)")
        }
    }

    @Test(arguments: ["abc", "-1", "1e3", "3601"])
    func aLockTimeoutThatIsNotANumberOfSecondsExits78(_ value: String) throws {
        let (home, store) = try Harness.makeStore()
        defer { try? FileManager.default.removeItem(atPath: home) }
        for arguments in [["set", "Morning", "duration", "5"], ["list"]] {
            let result = try Harness.run(arguments, store: store, home: home, environment: ["PROFILE_LOCK_TIMEOUT": value])
            #expect(result.status == 78)
            #expect(result.stderr == "profile: invalid PROFILE_LOCK_TIMEOUT \"\(value)\": use a number of seconds from 0 to 3600, such as 5 or 0.5\n")
        }
        #expect(try ReliabilityTests.current(store).duration == .minutes(30), "nothing was saved")
    }

    /// A relative HOME would put the store wherever the command runs: it is ignored, as a relative XDG
    /// variable is.
    @Test func aRelativeHomeIsIgnored() throws {
        let (home, _) = try Harness.makeStore()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let trap = "\(home)/rel/.config/profile/profiles"
        try FileManager.default.createDirectory(atPath: trap, withIntermediateDirectories: true)
        try "{\"version\": 2}\n".write(toFile: "\(trap)/Trap Under The Current Folder.json", atomically: false, encoding: .utf8)
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["list", "--format", "plain"]
        process.currentDirectoryURL = URL(fileURLWithPath: home)
        var environment = Harness.environment(store: "", home: "rel")
        environment["PROFILE_STORE"] = nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let listed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(!listed.contains("Trap Under The Current Folder"))
    }

    struct Entry: CustomTestStringConvertible, Sendable {
        let id: String
        /// Makes the entry in the store folder.
        let make: @Sendable (String) throws -> Void
        let arguments: [String]
        let status: Int32
        /// What stderr says after `profile: <store>/`.
        let message: String
        var testDescription: String { id }
    }

    static let entries: [Entry] = [
        Entry(id: "a link to itself", make: { store in
            try FileManager.default.createSymbolicLink(atPath: "\(store)/Loop.json", withDestinationPath: "Loop.json")
        }, arguments: ["show", "Loop"], status: 74,
              message: "Loop.json: follow link to \"Loop.json\" failed: ELOOP (Too many levels of symbolic links)\n"),
        Entry(id: "a name that is not UTF-8", make: { store in
            let path = Array(store.utf8) + Array("/Bad".utf8) + [0xFF] + Array(".json".utf8)
            let fd = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o644)
            guard fd >= 0 else { throw POSIXError(.EIO) }
            _ = write(fd, "{\"version\": 2}", 14)
            close(fd)
        }, arguments: ["list", "--format", "plain"], status: 65,
              message: ": the file name \"Bad\\xFF.json\" is not valid UTF-8, so no profile name reaches it; rename the file\n"),
        Entry(id: "two files of one name", make: { store in
            try "{\"version\": 2}".write(toFile: "\(store)/MORNING.json", atomically: false, encoding: .utf8)
        }, arguments: ["set", "morning", "duration", "5"], status: 65,
              message: "Morning.json: names the same profile as $STORE/MORNING.json (names are compared ignoring case and Unicode normalization); rename or remove one of them\n"),
    ]

    @Test(arguments: entries)
    func aStrangeEntryIsReportedAsWhatItIs(_ c: Entry) throws {
        let (home, store) = try Harness.makeStore()
        defer {
            // Foundation cannot name a file whose name is not UTF-8: remove the store with rm.
            _ = try? Process.run(URL(fileURLWithPath: "/bin/rm"), arguments: ["-rf", home]).waitUntilExit()
        }
        try c.make(store)
        let before = Harness.snapshot(store)
        let result = try Harness.run(c.arguments, store: store, home: home)
        #expect(result.status == c.status, "\(result.stderr)")
        let separator = c.message.hasPrefix(":") ? "" : "/"
        #expect(result.stderr.hasSuffix("profile: \(store)\(separator)\(c.message.replacingOccurrences(of: "$STORE", with: store))"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("ENOENT"))
        #expect(Harness.snapshot(store) == before, "something changed on disk")
    }
}
