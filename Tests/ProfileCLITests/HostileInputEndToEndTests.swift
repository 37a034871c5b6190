import Foundation
import Testing
import TestSupport

/// Hostile input that only the process itself meets: bytes that are not UTF-8 in its arguments and its
/// environment (which `main` reads and hands on), and standard input that never ends (a hang here must
/// not hang the tests). The rest of it runs in process (HostileInputTests).
@Suite("Hostile input, end to end")
struct HostileInputEndToEndTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try Harness.makeStore().home
    }

    // MARK: Bytes that are not text

    @Test func anArgumentThatIsNotUTF8IsRefused() throws {
        let before = Harness.snapshot(store)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        // bash's $'…' makes the byte 0xFF, which Swift's own CommandLine.arguments would turn into U+FFFD.
        process.arguments = ["-c", "exec \"$0\" new $'a\\xffb'", Harness.binary.path]
        process.environment = Harness.environment(store: store, home: home)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(stderr == "profile: argument 2 is not valid UTF-8: \"a\\xFFb\"; names, values and paths are UTF-8 text\n")
        #expect(Harness.snapshot(store) == before, "no profile was created")
    }

    // MARK: Input that never ends

    @Test func anEditScriptFromDevZeroEndsAtOnce() throws {
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["edit", "Morning"]
        process.environment = Harness.environment(store: store, home: home)
        process.standardInput = FileHandle(forReadingAtPath: "/dev/zero")
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let start = Date()
        try process.run()
        let deadline = start.addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        let ended = !process.isRunning
        if !ended { process.terminate() }
        process.waitUntilExit()
        #expect(ended, "profile edit < /dev/zero still ran after 2 s")
        #expect(process.terminationStatus == 65)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.hasPrefix("profile: <stdin>:1: the line is at least "), "\(stderr)")
        #expect(stderr.hasSuffix(" bytes long; a line has at most 4096\nprofile: nothing was saved\n"), "\(stderr)")
    }

    /// A path in the environment that is not UTF-8 is refused (78), not repaired into another path.
    @Test func anEnvironmentPathThatIsNotUTF8IsRefused() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "PROFILE_STORE=\"$(printf '\(store)/st\\377')\" \"$0\" new A", Harness.binary.path]
        process.environment = Harness.environment(store: store, home: home, extra: [:]).filter { $0.key != "PROFILE_STORE" }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 78)
        #expect(stderr == "profile: PROFILE_STORE is not valid UTF-8: \"\(store)/st\\xFF\"; paths and settings are UTF-8 text\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store) == ["Morning.json"])
    }
}
