import Foundation
import Testing

/// Acceptance 1 of the command line: every subcommand, format and exit status, against golden files.
@Suite("profile command line")
struct CLIGoldenTests {
    static let morning = ("Morning.json", "Morning")
    static let longSit = ("Long Sit.json", "Long Sit")
    static let zen = ("禅 Zen 🧘.json", "禅 Zen 🧘")
    static let broken = ("invalid/syntax-error.json", "Broken")

    static let cases: [CLICase] = [
        CLICase("help", [Step("--help"), Step("help", "set"), Step("--version")]),
        CLICase("usage-errors", [Step("show"), Step("frobnicate"), Step("list", "--format", "yaml")]),
        CLICase("list-empty", [Step("list"), Step("list", "--format", "json"), Step("list", "--format", "table")]),
        CLICase("list-formats", setup: [morning, longSit, zen, ("Default.json", "Default")], [
            Step("list", "--format", "table"), Step("list", "--format", "plain"), Step("list", "--format", "json"),
            Step("list"),
        ]),
        CLICase("list-with-a-broken-file", setup: [morning, broken], [Step("list"), Step("list", "--format", "json")]),
        CLICase("show-formats", setup: [morning], [
            Step("show", "Morning", "--format", "table"), Step("show", "Morning"),
            Step("show", "Morning", "--format", "json"), Step("show", "morning", "--section", "cooldown", "--format", "table"),
            Step("show", "Morning", "--section", "warmup", "--format", "json"),
            Step("show", "Morning", "--format", "table", "--no-color"),
        ]),
        CLICase("show-cjk-and-emoji", setup: [zen, longSit], [
            Step("show", "禅 Zen 🧘", "--format", "table"), Step("show", "禅 ZEN 🧘", "--format", "plain"),
            Step("list", "--format", "table"),
        ]),
        CLICase("show-errors", setup: [morning, broken], [
            Step("show", "Mornin"), Step("show", "Evening"), Step("show", "Broken"), Step("show", "../etc/passwd"),
            Step("show", "Morning", "--section", "intervals"),
        ]),
        CLICase("new", setup: [morning], [
            Step("new", "Evening", "--duration", "45m"), Step("show", "Evening", "--format", "plain"),
            Step("new", "Midday", "--from", "Morning", "--duration", "1:05:00"), Step("show", "Midday", "--format", "plain"),
            Step("new", "evening"), Step("new", "Night", "--duration", "1:60"), Step("new", "Night", "--duration", "24h"),
            Step("new", ".hidden"), Step("new", "Night", "--from", "Nope"), Step("list", "--format", "plain"),
        ]),
        CLICase("copy-rename-delete", setup: [morning, longSit], [
            Step("copy", "Morning", "Dawn"), Step("copy", "Morning", "long sit"), Step("copy", "Nope", "X"),
            Step("rename", "Dawn", "Sunrise"), Step("rename", "Sunrise", "Long Sit"), Step("rename", "Sunrise", "SUNRISE"),
            Step("list", "--format", "plain"),
            Step("delete", "SUNRISE"), Step("delete", "SUNRISE", "--force"), Step("delete", "Sunrise", "-f"),
            Step("list", "--format", "plain"),
        ]),
        CLICase("set", setup: [("Default.json", "Default")], [
            Step("set", "Default", "duration", "25"),
            Step("set", "Default", "warmup", "on"),
            Step("set", "Default", "warmup.duration", "90s", "--format", "json"),
            Step("set", "Default", "cooldown", "on"),
            Step("set", "Default", "cooldown.duration", "7:30"),
            Step("set", "Default", "cooldown.bells", "on", "--format", "json"),
            Step("set", "Default", "cooldown.bell", "temple bell", "--format", "json"),
            Step("set", "Default", "cooldown.bell", "Temple Bell"),
            Step("show", "Default", "--format", "plain"),
            Step("set", "Default", "cooldown.durration", "5"),
            Step("set", "Default", "warmup", "maybe"),
            Step("set", "Default", "warmup.duration", "2h"),
            Step("set", "Default", "cooldown.bell", "Cowbell"),
            Step("set", "Nope", "duration", "5"),
        ]),
        // The toggle sequence of the ProfileKit issue, through the command line.
        CLICase("toggle-sequence", setup: [("Default.json", "Default")], [
            Step("toggle", "Default", "warmup", "--format", "json"),
            Step("toggle", "Default", "warmup", "--format", "json"),
            Step("toggle", "Default", "cooldown", "--format", "json"),
            Step("toggle", "Default", "cooldown", "--format", "json"),
            Step("toggle", "Default", "cooldown.bells", "--format", "json"),
            Step("toggle", "Default", "cooldown", "--format", "json"),
            Step("toggle", "Default", "cooldown.bells", "--format", "json"),
            Step("toggle", "Default", "cooldown.bells", "--format", "json"),
            Step("toggle", "Default", "cooldown", "--format", "json"),
            Step("toggle", "Default", "warmup"),
            Step("toggle", "Default", "cooldown"),
            Step("toggle", "Default", "warmp"),
        ]),
        CLICase("export-import", setup: [morning], files: [("../elsewhere/Import Me.json", "{\"version\": 1, \"duration\": \"12:00\"}\n")], [
            Step("export", "Morning"),
            Step("import", "$HOME/elsewhere/Import Me.json"), Step("show", "Import Me", "--format", "plain"),
            Step("import", "-", "--name", "Piped", stdin: "{\"version\": 1, \"segments\": [{\"type\": \"warm-up\", \"enabled\": true}]}"),
            Step("show", "Piped", "--format", "plain"),
            Step("import", "-", "--name", "Morning", stdin: "{\"version\": 1}"),
            Step("import", "-", "--name", "Morning", "--force", stdin: "{\"version\": 1, \"duration\": 300}"),
            Step("show", "Morning", "--format", "plain"),
            Step("import", "-", "--name", "Bad", stdin: "{\"version\": 1, \"duraton\": 300}"),
            Step("import", "-", stdin: "{\"version\": 1}"),
            Step("import", "$HOME/elsewhere/missing.json"),
            Step("list", "--format", "plain"),
        ]),
        CLICase("sounds", [Step("sounds", "--format", "table"), Step("sounds"), Step("sounds", "--format", "json")]),
        CLICase("locked", setup: [morning], files: [("Morning.json.lock", "1 $HOST\n")], [
            Step("set", "Morning", "duration", "5"), Step("toggle", "Morning", "warmup"),
            Step("show", "Morning", "--format", "plain"),
        ]),
        CLICase("stale-lock", setup: [morning], files: [("Morning.json.lock", "999999999 $HOST\n")], [
            Step("set", "Morning", "duration", "5"), Step("show", "Morning", "--format", "plain"),
        ]),
        CLICase("io-error", files: [("../not-a-folder", "just a file\n")], [
            Step("new", "Morning", environment: ["PROFILE_STORE": "$HOME/not-a-folder/profiles"]),
        ]),
        CLICase("store-option", files: [("../other/Elsewhere.json", "{\"version\": 1, \"duration\": 60}\n")], [
            Step("list", "--store", "$HOME/other", "--format", "plain"),
            Step("show", "Elsewhere", "--store", "$HOME/other", "--format", "plain"),
        ]),
    ]

    @Test(arguments: cases)
    func golden(_ c: CLICase) throws {
        let home = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let store = "\(home)/store"
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        for (fixture, name) in c.setup {
            try FileManager.default.copyItem(atPath: CLIHarness.fixtures.appendingPathComponent(fixture).path,
                                             toPath: "\(store)/\(name).json")
        }
        for (path, text) in c.files {
            let url = URL(fileURLWithPath: "\(store)/\(path)").standardized
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.replacingOccurrences(of: "$HOST", with: CLIHarness.hostName).utf8).write(to: url)
        }

        func expand(_ text: String) -> String { text.replacingOccurrences(of: "$HOME", with: home) }
        func scrub(_ text: String) -> String {
            text.replacingOccurrences(of: store, with: "$STORE")
                .replacingOccurrences(of: home, with: "$HOME")
                .replacingOccurrences(of: " \(CLIHarness.hostName)", with: " $HOST")
        }

        var transcript = ""
        for step in c.steps {
            let before = CLIHarness.snapshot(home)
            let result = try CLIHarness.run(step.arguments.map(expand), stdin: step.stdin, store: store, home: home,
                                            environment: step.environment.mapValues(expand))
            transcript += "$ profile " + step.arguments.map(Self.shellQuoted).joined(separator: " ")
            if let stdin = step.stdin { transcript += " <<< " + Self.shellQuoted(stdin) }
            transcript += "\n" + scrub(result.stdout)
            if !result.stderr.isEmpty { transcript += "[stderr]\n" + scrub(result.stderr) }
            transcript += "[exit \(result.status)]\n\n"
            if result.status == 0, step.arguments.contains("json") {
                #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil,
                        "\(step.arguments) printed invalid JSON")
            }
            if result.status != 0 {
                #expect(CLIHarness.snapshot(home) == before, "\(step.arguments) failed but changed files")
                #expect(!result.stderr.isEmpty, "\(step.arguments) failed without a message")
            }
        }

        let goldenFile = CLIHarness.golden.appendingPathComponent("\(c.id).txt")
        if CLIHarness.recording {
            try FileManager.default.createDirectory(at: CLIHarness.golden, withIntermediateDirectories: true)
            try Data(transcript.utf8).write(to: goldenFile)
            return
        }
        let expected = try String(contentsOf: goldenFile, encoding: .utf8)
        #expect(transcript == expected, "differs from \(goldenFile.path); PROFILE_RECORD_GOLDEN=1 re-records it")
    }

    static func shellQuoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_./:$=".unicodeScalars.contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    @Test func everyGoldenFileBelongsToACase() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: CLIHarness.golden.path).filter { $0.hasSuffix(".txt") }
        #expect(Set(files) == Set(Self.cases.map { "\($0.id).txt" }))
    }
}

func makeTemporaryDirectory() throws -> String {
    let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
    var template = Array((base + "profile-cli.XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
        throw CocoaError(.fileWriteUnknown)
    }
    return String(cString: made)
}
