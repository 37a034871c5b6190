import Foundation
import Testing
import TestSupport

/// Output that cannot be written is an error, not a success (issue 16, item 1): a full device, a closed
/// standard output and an I/O error make every command that prints exit 74 with
/// `profile: <stdout>: write failed: …`, and change nothing; a reader that goes away (`| head`) ends the
/// command quietly, by SIGPIPE, with nothing saved that was not saved yet.
@Suite("Output errors", .serialized)
struct OutputErrorTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try Harness.makeStore(holding: ["Morning", "Long Sit"]).home
    }

    /// A command that prints, and what it reads on standard input.
    struct PrintingCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var stdin: String = ""
        var testDescription: String { (["profile"] + arguments).joined(separator: " ") + (stdin.isEmpty ? "" : " <<< script") }
    }

    static let printing: [PrintingCase] = [
        PrintingCase(arguments: ["export", "Morning"]),
        PrintingCase(arguments: ["list"]),
        PrintingCase(arguments: ["list", "--format", "json"]),
        PrintingCase(arguments: ["show", "Morning"]),
        PrintingCase(arguments: ["show", "Morning", "--format", "table"]),
        PrintingCase(arguments: ["set", "Morning", "duration", "31"]),
        PrintingCase(arguments: ["set", "Morning", "warmup.duration", "3", "--format", "json"]),
        PrintingCase(arguments: ["toggle", "Morning", "cooldown"]),
        PrintingCase(arguments: ["plan", "Morning"]),
        PrintingCase(arguments: ["sounds"]),
        PrintingCase(arguments: ["edit", "Morning"], stdin: "set duration 40\ntoggle intervals\n"),
        PrintingCase(arguments: ["help", "set"]),
        PrintingCase(arguments: ["--version"]),
    ]

    /// Runs `script` in bash with `$PROFILE` the binary under test and `stdin` as its input.
    func shell(_ script: String, stdin: String = "") throws -> Harness.Result {
        try Harness.run(executable: URL(fileURLWithPath: "/bin/bash"), ["-c", script], stdin: stdin,
                        environment: Harness.environment(store: store, home: home, extra: ["PROFILE": Harness.binary.path]))
    }

    /// `"$PROFILE" 'word' 'word'…`, quoted for bash.
    static func command(_ arguments: [String]) -> String {
        (["\"$PROFILE\""] + arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }).joined(separator: " ")
    }

    /// A full device and a closed standard output: exit 74 naming `<stdout>` and the errno, no change.
    @Test(arguments: printing)
    func outputThatCannotBeWrittenExits74NamingStdoutAndChangesNothing(_ c: PrintingCase) throws {
        for (redirect, failure) in [(" > /dev/full", "ENOSPC (No space left on device)"), (" >&-", "EBADF (Bad file descriptor)")] {
            let before = Harness.snapshot(store)
            let result = try shell(Self.command(c.arguments) + redirect, stdin: c.stdin)
            #expect(result.status == 74, "\(redirect)")
            #expect(result.stderr == "profile: <stdout>: write failed: \(failure)\n")
            #expect(Harness.snapshot(store) == before, "output that could not be written changed the store")
        }
    }

    /// The reader has gone before the command writes: it stops without a word, by SIGPIPE, and a change
    /// whose update could not be printed is not saved.
    @Test(arguments: printing)
    func aReaderThatHasGoneEndsTheCommandQuietlyBySIGPIPE(_ c: PrintingCase) throws {
        let before = Harness.snapshot(store)
        let result = try shell("{ sleep 0.3; exec \(Self.command(c.arguments)); } | true; echo \"${PIPESTATUS[0]}\"",
                               stdin: c.stdin)
        #expect(result.stdout == "141\n")
        #expect(result.stderr == "")
        #expect(Harness.snapshot(store) == before, "a change whose output was lost was saved")
    }

    @Test func exportIntoHeadEndsWith0Or141AndNothingOnStderr() throws {
        let result = try shell(Self.command(["export", "Morning"]) + " | head -c1; echo \" ${PIPESTATUS[0]}\"")
        #expect(result.stdout == "{ 0\n" || result.stdout == "{ 141\n", "\(result.stdout)")
        #expect(result.stderr == "")
    }

    /// EIO, injected on the file standard output goes to.
    @Test(.enabled(if: ReliabilityTests.canInject, "strace is not installed (apt-get install strace)"))
    func anIOErrorOnStdoutExits74() throws {
        let strace = try #require(ReliabilityTests.strace)
        let out = "\(home)/out.txt"
        let result = try shell("\(strace) -f -o /dev/null -P '\(out)' -e trace=write -e inject=write:error=EIO "
            + Self.command(["export", "Morning"]) + " > '\(out)'")
        #expect(result.status == 74)
        #expect(result.stderr == "profile: <stdout>: write failed: EIO (Input/output error)\n")
    }

    /// A standard output another program left non-blocking fills up (EAGAIN) while its reader is slow:
    /// the writer waits, and every byte arrives.
    @Test func aNonBlockingStdoutWithASlowReaderGetsEveryByte() throws {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting.fileDescriptor
        _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK)
        let input = "\(home)/script"
        try String(repeating: "show\n", count: 200).write(toFile: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["edit", "Morning"]
        process.environment = Harness.environment(store: store, home: home)
        process.standardInput = FileHandle(forReadingAtPath: input)
        process.standardOutput = pipe
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        try pipe.fileHandleForWriting.close()
        Thread.sleep(forTimeInterval: 0.5)
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "")
        #expect(process.terminationStatus == 0)
        let one = try Harness.run(["edit", "Morning"], stdin: "show\n", store: store, home: home)
        #expect(output.count == one.stdout.utf8.count * 200, "\(output.count) bytes of \(one.stdout.utf8.count * 200)")
        #expect(output.count > 65536, "the pipe never filled")
    }

    /// Commands that print nothing have nothing to lose: a closed standard output is no error for them,
    /// and the files they open do not take its place.
    @Test func commandsThatPrintNothingSucceedWithAClosedStdout() throws {
        for arguments in [["new", "Evening", "--duration", "25"], ["copy", "Evening", "Noon"], ["rename", "Noon", "Dusk"],
                          ["delete", "--force", "Dusk"]] {
            let result = try shell(Self.command(arguments) + " >&-")
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr == "")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: store).sorted()
        #expect(names == ["Evening.json", "Long Sit.json", "Morning.json"])
        let show = try Harness.run(["show", "Evening", "--format", "plain"], store: store, home: home)
        #expect(show.status == 0 && show.stdout.contains("25:00"), "\(show)")
    }

    /// An editor script whose input cannot be read is no script that ended: it fails with 74, naming
    /// standard input, and saves nothing.
    @Test func anEditScriptWithAClosedStdinFailsAndSavesNothing() throws {
        let before = try String(contentsOfFile: "\(store)/Morning.json", encoding: .utf8)
        let result = try shell(Self.command(["edit", "Morning"]) + " <&-")
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr == "profile: <stdin>: read failed: EBADF (Bad file descriptor)\nprofile: nothing was saved\n")
        #expect(try String(contentsOfFile: "\(store)/Morning.json", encoding: .utf8) == before)
    }

    /// A listing that did not get out is the failure reported first; the file that could not be read is
    /// still named.
    @Test func listWithAFullDeviceAndABadFileExits74AndNamesBoth() throws {
        try "{".write(toFile: "\(store)/Broken.json", atomically: true, encoding: .utf8)
        let result = try shell(Self.command(["list"]) + " > /dev/full")
        #expect(result.status == 74)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.contains("Broken.json") == true)
        #expect(lines.last == "profile: <stdout>: write failed: ENOSPC (No space left on device)")
    }

    /// The documented exception: an `edit` script's last line, that it created the profile, comes after
    /// the save, so when it cannot be written the profile exists.
    @Test func anEditScriptThatCreatedDefaultSaysSoAfterItsSave() throws {
        let result = try shell(Self.command(["edit"]) + " > /dev/full", stdin: "")
        #expect(result.status == 74)
        #expect(result.stderr == "profile: <stdout>: write failed: ENOSPC (No space left on device)\n")
        #expect(FileManager.default.fileExists(atPath: "\(store)/Default.json"))
    }

    /// `run` stops at the first line it cannot write, instead of timing a session nobody sees.
    @Test func runStopsAtOnceWhenItsLogCannotBeWritten() throws {
        let start = Date()
        let full = try shell(Self.command(["run", "Morning", "--silent", "--speed", "10"]) + " > /dev/full")
        #expect(full.status == 74)
        #expect(full.stderr == "profile: <stdout>: write failed: ENOSPC (No space left on device)\n")
        let gone = try shell("{ sleep 0.3; exec \(Self.command(["run", "Morning", "--silent", "--speed", "10"])); } | true; "
            + "echo \"${PIPESTATUS[0]}\"")
        #expect(gone.stdout == "141\n")
        #expect(gone.stderr == "")
        // The session is 37 minutes, 3.7 minutes at this speed: both stopped at its start.
        #expect(Date().timeIntervalSince(start) < 10)
    }

    /// `sounds --export` stops at the first line it cannot write: one file, not five.
    @Test func soundsExportStopsAtTheFirstLineItCannotWrite() throws {
        let folder = "\(home)/wav"
        let result = try shell(Self.command(["sounds", "--export", folder]) + " > /dev/full")
        #expect(result.status == 74)
        #expect(result.stderr == "profile: <stdout>: write failed: ENOSPC (No space left on device)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["singing-bowl.wav"])
    }

    // MARK: On a terminal

    func terminal(_ script: String) throws -> PseudoTerminal {
        let environment = Harness.environment(store: store, home: home,
                                              extra: ["TERM": "xterm-256color", "NO_COLOR": "1", "PROFILE": Harness.binary.path])
        return try PseudoTerminal(arguments: ["/bin/bash", "-c", script], environment: environment)
    }

    /// The interactive editor whose screen cannot be written stops at once, before any line is read.
    @Test func theEditorStopsWhenItsOutputCannotBeWritten() throws {
        let before = Harness.snapshot(store)
        let screen = try terminal("exec " + Self.command(["edit", "Morning"]) + " > /dev/full")
        try screen.waitFor("profile: <stdout>: write failed: ENOSPC (No space left on device)")
        #expect(screen.waitForExit() == 74)
        #expect(Harness.snapshot(store) == before)
    }

    /// A question nobody can see is not asked: `delete` on a terminal whose standard error fails deletes
    /// nothing.
    @Test func deleteDeletesNothingWhenItCannotAsk() throws {
        let before = Harness.snapshot(store)
        let screen = try terminal("exec " + Self.command(["delete", "Morning"]) + " 2> /dev/full")
        screen.send("y\n")
        #expect(screen.waitForExit() == 74)
        #expect(Harness.snapshot(store) == before)
    }
}
