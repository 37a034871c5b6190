import Foundation
import Testing
import TestSupport

/// Input a hostile user or a broken file may give, through the built binary: diagnostics are escaped
/// and one line each, bytes that are not text are refused before anything uses them, and nothing is
/// echoed back at length or read forever.
@Suite("Hostile input")
struct HostileInputTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Harness.fixtures.appendingPathComponent("Morning.json").path,
                                         toPath: "\(store)/Morning.json")
    }

    func run(_ arguments: String..., stdin: String? = nil) throws -> Harness.Result {
        try Harness.run(arguments, stdin: stdin, store: store, home: home)
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(store)/\(name)"))
    }

    /// The lines of `stderr`, checked to hold no byte a terminal would act on.
    func diagnostics(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Substring] {
        let controls = stderr.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || $0.properties.generalCategory == .format }
        #expect(controls.isEmpty, "raw control or format characters reach stderr: \(stderr.debugDescription)", sourceLocation: sourceLocation)
        return stderr.split(separator: "\n")
    }

    // MARK: Escaping

    @Test func aHostileKeyAndAHostileFileNameAreEscapedOneLineEach() throws {
        try write("Evil.json", "{\"version\": 2, \"\\u001b[2J\\u001b[31mevil\\u202e\": 1}")
        try write("a\u{1B}[2J\nb\u{202E}.json", "{\"version\": 2}")
        let list = try run("list")
        #expect(list.status == 65)
        let lines = diagnostics(list.stderr)
        #expect(lines.count == 2, "one line per error: \(list.stderr.debugDescription)")
        #expect(lines.allSatisfy { $0.hasPrefix("profile: ") })
        #expect(lines.contains { $0.hasSuffix("/store/Evil.json:1:16: \\u{1B}[2J\\u{1B}[31mevil\\u{202E}: unknown key \"\\u{1B}[2J\\u{1B}[31mevil\\u{202E}\"; a profile document has the keys version, duration, segments, intervals") })
        #expect(lines.contains { $0.hasSuffix("/store/a\\u{1B}[2J\\nb\\u{202E}.json: invalid profile name \"a\\u{1B}[2J\\nb\\u{202E}\": it contains the invisible character U+001B") })
        #expect(list.stdout.contains("Morning"), "the readable profile is still listed")

        let show = try run("show", "Evil")
        #expect(show.status == 65)
        #expect(diagnostics(show.stderr).count == 1)
    }

    @Test func aHostileImportPathIsEscaped() throws {
        let result = try run("import", "\(home)/no\u{1B}]0;title\u{07}such\n/Sit.json")
        #expect(result.status != 0)
        let lines = diagnostics(result.stderr)
        #expect(lines.count == 1, "\(result.stderr.debugDescription)")
        #expect(lines.first?.contains("/no\\u{1B}]0;title\\u{7}such\\n/Sit.json: ") == true, "\(result.stderr.debugDescription)")
    }

    // MARK: Size

    /// A megabyte of bad value is shown cut, with its size: under 4 KB of stderr in all.
    @Test(arguments: [
        "{\"version\": 2, \"duration\": \"%BIG%\"}",
        "{\"version\": 2, \"%BIG%\": 1}",
        "{\"version\": 2, \"intervals\": {\"name\": \"%BIG%\"}}",
        "{\"version\": 2, \"duration\": %DIGITS%}",
    ])
    func aMegabyteValueIsCutWithItsSize(_ template: String) throws {
        let text = template.replacingOccurrences(of: "%BIG%", with: String(repeating: "k", count: 1_000_000))
            .replacingOccurrences(of: "%DIGITS%", with: String(repeating: "1", count: 1_000_000))
        let file = "\(home)/Big.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let before = Harness.snapshot(store)
        let result = try run("import", file)
        #expect(result.status == 65)
        #expect(result.stderr.utf8.count < 4096, "\(result.stderr.utf8.count) bytes of stderr")
        #expect(result.stderr.contains("… (1,000,000 characters)") || result.stderr.contains("…\" (1,000,000 characters)"),
                "\(result.stderr.prefix(300))")
        #expect(diagnostics(result.stderr).count == 1)
        #expect(Harness.snapshot(store) == before)
    }

    @Test func aLongValueInAScriptIsCut() throws {
        let value = String(repeating: "k", count: 4000)
        let result = try run("edit", "Morning", stdin: "set duration \(value)\n")
        #expect(result.status == 65)
        #expect(result.stderr.utf8.count < 1024, "\(result.stderr)")
        #expect(result.stderr.contains("\" (4,000 characters)"), "\(result.stderr)")
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
        #expect(stderr.hasSuffix(" bytes long; a line has at most 4096\n"), "\(stderr)")
    }

    // MARK: Values ArgumentParser takes for options

    @Test func aNegativeDurationSaysSo() throws {
        let result = try run("set", "Morning", "duration", "-5")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("profile: invalid duration \"-5\": a duration cannot be negative; use minutes (20)"), "\(result.stderr)")
        let other = try run("set", "Morning", "warmup", "-1")
        #expect(other.status == 64)
        #expect(other.stderr == "profile: \"-1\" reads as an option, and there is no such option; to give a value that starts with '-', put '--' before it\n")
        let spaced = try run("set", "Morning", "duration", "- 5")
        #expect(spaced.stderr.hasPrefix("profile: invalid duration \"- 5\": a duration cannot be negative"), "\(spaced.stderr)")
        let option = try run("new", "Evening", "--duration", "-5")
        #expect(option.stderr.hasPrefix("profile: invalid duration \"-5\": a duration cannot be negative"), "\(option.stderr)")
        let start = try run("plan", "Morning", "--start", "-5")
        #expect(start.stderr == "profile: \"-5\" reads as an option, and there is no such option; to give it as the value of --start, write --start=-5\n")
    }
}

/// What a second hostile look found (issue 16): each through the built binary.
@Suite("Hostile input, second look", .serialized)
struct HostileInputFollowUpTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Harness.fixtures.appendingPathComponent("Morning.json").path,
                                         toPath: "\(store)/Morning.json")
    }

    func run(_ arguments: [String], extra: [String: String] = [:]) throws -> Harness.Result {
        try Harness.run(arguments, store: store, home: home, environment: extra)
    }

    /// Of two files that are one name after folding, `delete` takes the one named exactly, so that the
    /// store can be put right with the program itself; the other stays.
    @Test func deleteTakesTheTwinNamedExactly() throws {
        try FileManager.default.copyItem(atPath: "\(store)/Morning.json", toPath: "\(store)/morning.json")
        #expect(try run(["show", "morning"]).status == 65, "the name is ambiguous")
        let result = try run(["delete", "--force", "morning"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store) == ["Morning.json"])
    }

    /// A broken file can be deleted: delete does not need to read it.
    @Test func aBrokenFileCanBeDeleted() throws {
        try Data("{".utf8).write(to: URL(fileURLWithPath: "\(store)/Broken.json"))
        #expect(try run(["delete", "--force", "Broken"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: "\(store)/Broken.json"))
    }

    /// A link to nothing is no profile (66), and says where it points.
    @Test func aLinkToNothingIsNoProfile() throws {
        #expect(symlink("Gone.json", "\(store)/x.json") == 0)
        let result = try run(["set", "x", "duration", "5"])
        #expect(result.status == 66)
        #expect(result.stderr.hasSuffix("x.json: is a symbolic link to \"Gone.json\", which does not exist; point it at a profile or remove it\n"))
    }

    /// A missing profile's suggestion is never the name asked for.
    @Test func theSuggestionIsNeverTheNameItself() throws {
        let result = try run(["show", "Mornin"])
        #expect(result.stderr == "profile: no profile named \"Mornin\" (did you mean \"Morning\"?)\n")
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

    /// `-0` in a document is zero, refused for its range, not as a negative number.
    @Test func minusZeroIsZero() throws {
        let file = "\(home)/zero.json"
        try Data("{\"version\": 2, \"duration\": -0}".utf8).write(to: URL(fileURLWithPath: file))
        let result = try run(["import", file])
        #expect(result.status == 65)
        #expect(result.stderr.contains("duration 00:00 is out of range"), "\(result.stderr)")
    }
}
