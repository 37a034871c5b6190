import Foundation
import Testing

/// Runs the built `profile` binary in scratch stores and compares what it printed with golden files.
public enum Harness {
    /// The package root.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Fixtures/profiles`.
    public static let fixtures = root.appendingPathComponent("Fixtures/profiles")

    /// `Fixtures/golden/<folder>`.
    public static func golden(_ folder: String) -> URL {
        root.appendingPathComponent("Fixtures/golden/\(folder)")
    }

    /// Re-record golden files instead of comparing: `PROFILE_RECORD_GOLDEN=1 swift test`.
    public static let recording = ProcessInfo.processInfo.environment["PROFILE_RECORD_GOLDEN"] == "1"

    /// The `profile` executable next to the test bundle (or `$PROFILE_BINARY`).
    public static let binary: URL = {
        defaultStopSignals
        if let explicit = ProcessInfo.processInfo.environment["PROFILE_BINARY"] { return URL(fileURLWithPath: explicit) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("profile")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/profile")
    }()

    /// Writing to a program that has already exited must fail with EPIPE, not kill the test runner.
    public static let ignoreBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
        defaultStopSignals
    }()

    /// SIGINT and SIGQUIT at their default, for every program a test starts to inherit: a shell runs a
    /// background job with both ignored, and `run` keeps an ignored SIGINT ignored (as nohup asks), so a
    /// test that stops a run with Ctrl-C would otherwise wait for it forever when the tests run in the
    /// background.
    public static let defaultStopSignals: Void = {
        signal(SIGINT, SIG_DFL)
        signal(SIGQUIT, SIG_DFL)
    }()

    /// This machine's host name, as lock files record it.
    public static let hostName = ProcessInfo.processInfo.hostName

    /// What a run printed and how it ended.
    public struct Result: Sendable {
        public var stdout: String
        public var stderr: String
        public var status: Int32
        /// Whether the run passed its deadline and was killed (the test has been told so already).
        public var timedOut = false

        public init(stdout: String, stderr: String, status: Int32, timedOut: Bool = false) {
            self.stdout = stdout
            self.stderr = stderr
            self.status = status
            self.timedOut = timedOut
        }
    }

    /// The fixed environment every run gets, plus `extra` (an empty value removes a variable). Its system
    /// bus is one that is not there, so that a `run` never takes the machine's sleep lock and always says
    /// the same (the tests of the lock give it a bus of their own).
    public static func environment(store: String, home: String, extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": systemPath, "HOME": home, "PROFILE_STORE": store, "LANG": "C.UTF-8", "TERM": "dumb",
            "PROFILE_LOCK_TIMEOUT": "0.3", "INPUTRC": "/dev/null",
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/profile-tests/system_bus_socket",
            "XDG_CACHE_HOME": sharedCache,
        ]
        environment.merge(extra) { $1 }
        return environment.filter { !$0.value.isEmpty }
    }

    /// A scratch home with a store folder (`home/store`) holding copies of the sample profiles `names`.
    public static func makeStore(holding names: [String] = ["Morning"]) throws -> (home: String, store: String) {
        let home = try makeTemporaryDirectory()
        let store = "\(home)/store"
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("\(name).json").path,
                                             toPath: "\(store)/\(name).json")
        }
        return (home, store)
    }

    /// Starts the built binary (or `executable`) with `arguments` in the tests' environment plus `extra`,
    /// standard input empty and standard output and error into one pipe; the caller reads it and waits.
    /// After `deadline` seconds the child's process group is killed, and its `waitUntilExit()` fails
    /// the test (``DeadlineProcess``).
    public static func start(executable: URL = binary, _ arguments: [String], store: String, home: String,
                             extra: [String: String] = [:], deadline: Double = DeadlineProcess.defaultDeadline) throws -> (process: DeadlineProcess, output: Pipe) {
        ignoreBrokenPipes
        let process = DeadlineProcess()
        process.deadline = deadline
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(store: store, home: home, extra: extra)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        return (process, output)
    }

    /// Runs `profile arguments…` with `stdin` piped in (or /dev/null), for at most `deadline` seconds.
    public static func run(_ arguments: [String], stdin: String? = nil, store: String, home: String,
                           environment extra: [String: String] = [:], deadline: Double = DeadlineProcess.defaultDeadline) throws -> Result {
        try run(executable: binary, arguments, stdin: stdin, environment: environment(store: store, home: home, extra: extra),
                deadline: deadline)
    }

    /// Runs any program (the binary under a shell or strace, say) with `stdin` piped in (or /dev/null),
    /// reading its output and errors whole without ever blocking on a full pipe. A run still going
    /// after `deadline` seconds has its process group killed and fails the test, naming the command
    /// (``DeadlineProcess``); its result says ``Result/timedOut``.
    public static func run(executable: URL, _ arguments: [String], stdin: String? = nil,
                           environment: [String: String], deadline: Double = DeadlineProcess.defaultDeadline) throws -> Result {
        ignoreBrokenPipes
        let process = DeadlineProcess()
        process.deadline = deadline
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = stdin == nil ? FileHandle(forReadingAtPath: "/dev/null") : input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Feed stdin and drain stderr on other threads, so no full pipe ever blocks the child.
        let group = DispatchGroup()
        if let stdin {
            let writer = input.fileHandleForWriting
            DispatchQueue.global().async(group: group) {
                // A program that fails early stops reading; the rest of its input is simply not needed.
                try? writer.write(contentsOf: Data(stdin.utf8))
                try? writer.close()
            }
        }
        nonisolated(unsafe) var errorData = Data()
        let errorReader = errors.fileHandleForReading
        DispatchQueue.global().async(group: group) {
            errorData = errorReader.readDataToEndOfFile()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(stdout: String(decoding: outputData, as: UTF8.self),
                      stderr: String(decoding: errorData, as: UTF8.self),
                      status: process.terminationStatus, timedOut: process.timedOut)
    }

    /// Every file below `path` with its bytes, to prove that a failed command wrote nothing.
    public static func snapshot(_ path: String) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: path) else { return result }
        while let name = walker.nextObject() as? String {
            result[name] = FileManager.default.contents(atPath: "\(path)/\(name)") ?? Data()
        }
        return result
    }

    /// A word as a shell would need it quoted.
    public static func shellQuoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_./:$=".unicodeScalars.contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Compares `text` with a golden file, or writes it when recording.
    public static func expectGolden(_ text: String, folder: String, name: String,
                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = golden(folder).appendingPathComponent("\(name).txt")
        if recording {
            let before = try? String(contentsOf: file, encoding: .utf8)
            guard before != text else { return }
            try FileManager.default.createDirectory(at: golden(folder), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            // Never silently: a re-recorded file fails the run until it is read and the variable unset.
            Issue.record("re-recorded \(file.path): read its diff before committing it", sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(text == expected, "differs from \(file.path); PROFILE_RECORD_GOLDEN=1 re-records it",
                sourceLocation: sourceLocation)
    }

    /// How a test runs `profile arguments…`: the built binary (``run(_:stdin:store:home:environment:)``)
    /// or, in the in-process tier, the command line's library with the same arguments.
    public typealias Runner = @Sendable (_ arguments: [String], _ stdin: String?, _ store: String, _ home: String,
                               _ environment: [String: String]) throws -> Result

    /// Runs a scripted case in a fresh home and store and compares its transcript with
    /// `Fixtures/golden/<folder>/<id>.txt`. Every failing step must leave the files as they were. `runner`
    /// runs each step (the built binary, unless the caller runs the command line in process).
    public static func check(_ c: ScriptCase, folder: String, runner: Runner? = nil,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = runner ?? { arguments, stdin, store, home, environment in
            try Harness.run(arguments, stdin: stdin, store: store, home: home, environment: environment)
        }
        let home = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let store = "\(home)/store"
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        for (fixture, name) in c.setup {
            try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent(fixture).path, toPath: "\(store)/\(name).json")
        }
        for (path, text) in c.files {
            let url = URL(fileURLWithPath: "\(store)/\(path)").standardized
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.replacingOccurrences(of: "$HOST", with: hostName).replacingOccurrences(of: "$HOME", with: home).utf8).write(to: url)
        }
        let fixturesFolder = root.appendingPathComponent("Fixtures").path
        func expand(_ text: String) -> String {
            text.replacingOccurrences(of: "$HOME", with: home).replacingOccurrences(of: "$FIXTURES", with: fixturesFolder)
        }
        func scrub(_ text: String) -> String {
            text.replacingOccurrences(of: fixturesFolder, with: "$FIXTURES")
                .replacingOccurrences(of: store, with: "$STORE")
                .replacingOccurrences(of: home, with: "$HOME")
                .replacingOccurrences(of: " \(hostName)", with: " $HOST")
        }

        var transcript = ""
        for step in c.steps {
            let before = snapshot(home)
            let result = try run(step.arguments.map(expand), step.stdin, store, home, step.environment.mapValues(expand))
            transcript += "$ profile " + step.arguments.map(shellQuoted).joined(separator: " ")
            if let stdin = step.stdin {
                // Lines too long to read are shown by their length.
                let shown = stdin.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    line.utf8.count > 200 ? "\(line.prefix(20))… (\(line.utf8.count) bytes)" : String(line)
                }.joined(separator: "\n")
                transcript += shown.contains("\n") ? " <<'EOF'\n" + shown + (shown.hasSuffix("\n") ? "" : "\n") + "EOF" : " <<< " + shellQuoted(shown)
            }
            transcript += "\n" + scrub(result.stdout)
            if !result.stderr.isEmpty { transcript += "[stderr]\n" + scrub(result.stderr) }
            transcript += "[exit \(result.status)]\n\n"
            if result.status == 0, step.arguments.contains("json") {
                #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil,
                        "\(step.arguments) printed invalid JSON", sourceLocation: sourceLocation)
            }
            if result.status != 0 {
                #expect(snapshot(home) == before, "\(step.arguments) failed but changed files", sourceLocation: sourceLocation)
                #expect(!result.stderr.isEmpty, "\(step.arguments) failed without a message", sourceLocation: sourceLocation)
            }
        }
        try expectGolden(transcript, folder: folder, name: c.id, sourceLocation: sourceLocation)
    }

    /// The golden files in `folder` that no case in `cases` names.
    public static func strayGoldenFiles(_ folder: String, cases: [ScriptCase]) throws -> Set<String> {
        let files = try FileManager.default.contentsOfDirectory(atPath: golden(folder).path).filter { $0.hasSuffix(".txt") }
        return Set(files).subtracting(cases.map { "\($0.id).txt" })
    }
}

/// One step of a scripted case: a command line, its stdin, and extra environment.
public struct Step: Sendable {
    public var arguments: [String]
    public var stdin: String?
    public var environment: [String: String]

    public init(_ arguments: String..., stdin: String? = nil, environment: [String: String] = [:]) {
        self.arguments = arguments
        self.stdin = stdin
        self.environment = environment
    }
}

/// A scripted case compared with a golden transcript.
public struct ScriptCase: CustomTestStringConvertible, Sendable {
    /// The golden file's name, without `.txt`.
    public var id: String
    /// Fixture profiles copied into the store first: (file under Fixtures/profiles, name in the store).
    public var setup: [(String, String)]
    /// Files written before the steps: (path relative to the store, text; `$HOST` is the host name).
    public var files: [(String, String)]
    public var steps: [Step]

    public init(_ id: String, setup: [(String, String)] = [], files: [(String, String)] = [], _ steps: [Step]) {
        self.id = id
        self.setup = setup
        self.files = files
        self.steps = steps
    }

    public var testDescription: String { id }
}

extension String {
    /// Writes the text as an executable (mode 0755) at `path`, replacing what is there.
    ///
    /// The file is opened with `O_CLOEXEC` and closed before this returns, so no child that another
    /// thread of the test process starts meanwhile inherits a descriptor open for writing, which would
    /// make executing the file fail with `Text file busy` (ETXTBSY; FIELD-NOTES, third round). Foundation's
    /// `write(toFile:atomically:)` gives no such promise.
    public func writeExecutable(to path: String) throws {
        unlink(path)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        var bytes = Array(utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            bytes = bytes.dropFirst(written)
        }
        guard fchmod(fd, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}

extension Harness {
    /// Puts the built binary at `path`: a hard link where the file system allows one, else a copy made
    /// by `cp` in a child process. Either way no descriptor of the test process is ever open for writing
    /// on it, so running it cannot fail with `Text file busy` (which `FileManager.copyItem` caused when
    /// another test's child inherited the copy's descriptor).
    public static func placeBinary(at path: String) throws {
        let source = binary.resolvingSymlinksInPath().path
        if link(source, path) == 0 { return }
        let copied = try run(executable: URL(fileURLWithPath: "/bin/cp"), [source, path], environment: ["PATH": systemPath])
        guard copied.status == 0 else { throw POSIXError(.EIO) }
    }

    /// Where the program `name` is, looked for as `Scripts/setup` looks for it: on this process's `PATH`,
    /// then in `/usr/local/bin`, `/usr/bin` and `/bin`; nil when it is nowhere.
    public static func tool(_ name: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether a test that needs the program `name` runs: when it is there, and always in CI (`CI=true`),
    /// where a missing program must fail the test rather than skip it (`Scripts/setup` installs each one,
    /// and a skip would read as green).
    public static func runs(needing names: String...) -> Bool {
        ProcessInfo.processInfo.environment["CI"] == "true" || names.allSatisfy { tool($0) != nil }
    }

    /// One bell cache for every run of the binary, so that the bells are made once and not again in each
    /// scratch home (a debug binary takes seconds to make them): `$PROFILE_TEST_CACHE` when it names a
    /// folder (Scripts/test gives all its test processes one), else a temporary folder of this process. A
    /// test of the cache itself gives `XDG_CACHE_HOME` a folder of its own, or "" to use HOME's `.cache`.
    public static let sharedCache: String = {
        if let given = ProcessInfo.processInfo.environment["PROFILE_TEST_CACHE"], given.hasPrefix("/") {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: given, isDirectory: &isDirectory), isDirectory.boolValue { return given }
        }
        return (try? makeTemporaryDirectory()) ?? "/nonexistent/profile-tests/cache"
    }()

    /// The programs a test's `PATH` offers: a folder of links to those of `/usr/bin` and `/bin`, less the
    /// ones whose presence changes what `profile` does (the sound players it looks for and systemctl).
    /// Every test gives the program this `PATH` (plus its own fakes in front), so what the machine has
    /// installed changes no result: with alsa-utils installed, a test that fakes failing players no
    /// longer finds the real `aplay` behind them.
    public static let systemPath: String = {
        let hidden: Set<String> = ["aplay", "paplay", "pacat", "parec", "pw-play", "pw-cat", "pw-record", "systemctl"]
        guard let folder = try? makeTemporaryDirectory() else { return "/usr/bin:/bin" }
        let bin = "\(folder)/bin"
        mkdir(bin, 0o755)
        for source in ["/usr/bin", "/bin"] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: source)) ?? [] where !hidden.contains(name) {
                symlink("\(source)/\(name)", "\(bin)/\(name)")  // the first folder's program wins, as on PATH
            }
        }
        return bin
    }()
}

/// A fresh directory under the system's temp folder.
public func makeTemporaryDirectory() throws -> String {
    let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
    var template = Array((base + "profile-test.XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
        throw CocoaError(.fileWriteUnknown)
    }
    return String(cString: made)
}

/// A seeded generator, so that a failing random test can be replayed (SplitMix64).
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}


extension Harness {
    /// Whether process `pid` is gone (or dead, a zombie no one reaped yet), within 3 s.
    public static func processIsGone(_ pid: pid_t) -> Bool {
        let deadline = Date().addingTimeInterval(3)
        repeat {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            if stat.split(separator: ")").last?.split(separator: " ").first == "Z" { return true }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < deadline
        return false
    }
}

extension Harness {
    /// The session seconds each record of a sit in progress holds now, in `home`'s state folder
    /// (`$HOME/.local/state/profile/sit-*.json`): what a running `run --log` keeps.
    public static func recordedSeconds(home: String) -> [Int] {
        let folder = "\(home)/.local/state/profile"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("sit-") }
        return names.compactMap { name in
            guard let data = FileManager.default.contents(atPath: "\(folder)/\(name)"),
                  let record = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let sit = record["sit"] as? [String: Any] else { return nil }
            return sit["seconds"] as? Int
        }
    }

    /// Waits until `records` runs' records hold at least `seconds` of session each (a run that got so
    /// far), polling, for at most `timeout` real seconds: how a test knows a run is under way instead of
    /// sleeping for as long as it hopes the start takes. Returns whether they did.
    @discardableResult
    public static func waitForRecords(home: String, holding seconds: Int = 0, records: Int = 1, timeout: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if recordedSeconds(home: home).filter({ $0 >= seconds }).count >= records { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }
}
