import Foundation
import Testing

/// Runs the built `profile` binary in a scratch store and compares what it printed with golden files.
enum CLIHarness {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = root.appendingPathComponent("Fixtures/profiles")
    static let golden = root.appendingPathComponent("Fixtures/golden/cli")

    /// Re-record golden files instead of comparing: `PROFILE_RECORD_GOLDEN=1 swift test`.
    static let recording = ProcessInfo.processInfo.environment["PROFILE_RECORD_GOLDEN"] == "1"

    /// The `profile` executable next to the test bundle.
    static let binary: URL = {
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

    static let hostName = ProcessInfo.processInfo.hostName

    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// Runs `profile arguments…` with `stdin` and a small, fixed environment.
    static func run(_ arguments: [String], stdin: String? = nil, store: String, home: String,
                    environment extra: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = [
            "PATH": "/usr/bin:/bin", "HOME": home, "PROFILE_STORE": store, "LANG": "C.UTF-8", "TERM": "dumb",
            "PROFILE_LOCK_TIMEOUT": "0.3",
        ]
        environment.merge(extra) { $1 }
        process.environment = environment.filter { !$0.value.isEmpty }
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = stdin == nil ? FileHandle(forReadingAtPath: "/dev/null") : input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        // Read both pipes to the end before waiting, so a full pipe never blocks the child.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(stdout: String(decoding: outputData, as: UTF8.self),
                      stderr: String(decoding: errorData, as: UTF8.self),
                      status: process.terminationStatus)
    }

    /// Every file below `path` with its bytes, to prove that a failed command wrote nothing.
    static func snapshot(_ path: String) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: path) else { return result }
        while let name = walker.nextObject() as? String {
            result[name] = FileManager.default.contents(atPath: "\(path)/\(name)") ?? Data()
        }
        return result
    }
}

/// One step of a scripted session: a command line, its stdin, and extra environment.
struct Step: Sendable {
    var arguments: [String]
    var stdin: String?
    var environment: [String: String]

    init(_ arguments: String..., stdin: String? = nil, environment: [String: String] = [:]) {
        self.arguments = arguments
        self.stdin = stdin
        self.environment = environment
    }
}

/// A scripted session compared with `Fixtures/golden/cli/<id>.txt`.
struct CLICase: CustomTestStringConvertible, Sendable {
    /// The golden file's name, without `.txt`.
    var id: String
    /// Fixture profiles copied into the store first: (fixture file in Fixtures/profiles, name in the store).
    var setup: [(String, String)]
    /// Shell-free preparation, run before the steps: write these files (store-relative path → text).
    var files: [(String, String)]
    var steps: [Step]

    init(_ id: String, setup: [(String, String)] = [], files: [(String, String)] = [], _ steps: [Step]) {
        self.id = id
        self.setup = setup
        self.files = files
        self.steps = steps
    }

    var testDescription: String { id }
}
