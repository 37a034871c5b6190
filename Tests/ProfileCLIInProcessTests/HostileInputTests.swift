import Foundation
import Testing
import TestSupport

/// Input a hostile user or a broken file may give, run in process: diagnostics are escaped
/// and one line each, bytes that are not text are refused before anything uses them, and nothing is
/// echoed back at length or read forever.
@Suite("Hostile input")
struct HostileInputTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try Harness.makeStore().home
    }

    func run(_ arguments: String..., stdin: String? = nil) throws -> Harness.Result {
        try InProcess.run(arguments, stdin: stdin, store: store, home: home)
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

    /// What a megabyte of bad value is made of, and the size its message gives.
    struct Filler: CustomTestStringConvertible, Sendable {
        let text: String
        let size: String
        var testDescription: String { size }
    }

    static let fillers = [
        Filler(text: String(repeating: "k", count: 1_000_000), size: "1,000,000 characters"),
        // One character: `a` and 400,000 combining accents (800 KB).
        Filler(text: "a" + String(repeating: "\u{301}", count: 400_000), size: "400,001 code points"),
        // One character again, each of its tags escaped as it is shown.
        Filler(text: "a" + String(repeating: "\u{E0067}", count: 200_000), size: "200,001 code points"),
    ]

    /// A megabyte of bad value is shown cut, with its size: under 4 KB of stderr in all, whatever the
    /// value is made of.
    /// Under a sanitizer, the first two places a value can be (every filler kept: they differ in kind).
    @Test(arguments: Sanitizer.fewer([
        "{\"version\": 2, \"duration\": \"%BIG%\"}",
        "{\"version\": 2, \"%BIG%\": 1}",
        "{\"version\": 2, \"intervals\": {\"name\": \"%BIG%\"}}",
        "{\"version\": 2, \"duration\": %DIGITS%}",
    ], keeping: 2), fillers)
    func aMegabyteValueIsCutWithItsSize(_ template: String, _ filler: Filler) throws {
        let digits = template.contains("%DIGITS%")
        let text = template.replacingOccurrences(of: "%BIG%", with: filler.text)
            .replacingOccurrences(of: "%DIGITS%", with: String(repeating: "1", count: 1_000_000))
        let size = digits ? "1,000,000 characters" : filler.size
        let file = "\(home)/Big.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let before = Harness.snapshot(store)
        let result = try run("import", file, "--name", "Big")
        #expect(result.status == 65)
        #expect(result.stderr.utf8.count < 4096, "\(result.stderr.utf8.count) bytes of stderr")
        #expect(result.stderr.contains("… (\(size))") || result.stderr.contains("…\" (\(size))"),
                "\(result.stderr.prefix(300))")
        #expect(diagnostics(result.stderr).count == 1)
        #expect(Harness.snapshot(store) == before)
    }

    /// A command-line argument of one character and 60,000 combining accents (120 KB, about as much as
    /// Linux passes in one argument) is cut as a value of a megabyte is, by the program's messages and
    /// by ArgumentParser's.
    @Test(arguments: [
        ["set", "Morning", "duration", "%A%"],
        ["set", "Morning", "cooldown.bell", "%A%"],
        ["set", "Morning", "%A%", "5"],
        ["new", "%A%"],
        ["show", "%A%"],
        ["show", "Morning", "--format", "%A%"],
        ["list", "%A%"],
    ])
    func anArgumentOfOneLongCharacterIsCut(_ words: [String]) throws {
        let value = "a" + String(repeating: "\u{301}", count: 60_000)
        #expect(value.count == 1)
        let before = Harness.snapshot(store)
        let result = try InProcess.run(words.map { $0 == "%A%" ? value : $0 }, store: store, home: home)
        #expect(result.status == 64 || result.status == 65 || result.status == 66, "\(result.status)")
        #expect(result.stderr.utf8.count < 2048, "\(result.stderr.utf8.count) bytes of stderr")
        let lines = diagnostics(result.stderr)
        #expect(lines.allSatisfy { $0.utf8.count <= 300 } || result.stderr.contains("…\" (60,001 code points)"),
                "\(result.stderr.prefix(300))")
        #expect(Harness.snapshot(store) == before)
    }

    @Test func aLongValueInAScriptIsCut() throws {
        let value = String(repeating: "k", count: 4000)
        let result = try run("edit", "Morning", stdin: "set duration \(value)\n")
        #expect(result.status == 65)
        #expect(result.stderr.utf8.count < 1024, "\(result.stderr)")
        #expect(result.stderr.contains("\" (4,000 characters)"), "\(result.stderr)")
    }

    // MARK: Line breaks in arguments

    /// An argument's line break is ArgumentParser's to quote, not to break its message with: the
    /// error is one line, with the break shown as `\n`, and only ArgumentParser's own lines follow.
    @Test(arguments: [
        (["list", "a\nprofile: fake error"], "profile: Unexpected argument 'a\\nprofile: fake error'"),
        (["show", "Morning", "--section", "\nprofile: all good"],
         "profile: The value '\\nprofile: all good' is invalid for '--section <section>'. Please provide one of the following:"),
        (["show", "Morning", "--section=\nprofile: all good"],
         "profile: The value '\\nprofile: all good' is invalid for '--section <section>'. Please provide one of the following:"),
        (["set", "Morning", "duration", "5", "x\n\u{1B}[2Jprofile: saved"], "profile: Unexpected argument 'x\\n\\u{1B}[2Jprofile: saved'"),
        (["toggle", "Morning", "warmup", "--store"], "profile: Missing value for '--store <dir>'"),
    ])
    func aLineBreakInAnArgumentStaysInItsLine(_ words: [String], _ error: String) throws {
        let before = Harness.snapshot(store)
        let result = try InProcess.run(words, store: store, home: home)
        #expect(result.status == 64)
        let lines = diagnostics(result.stderr)
        #expect(lines.first.map(String.init) == error, "\(result.stderr.debugDescription)")
        // ArgumentParser lists six or more accepted values one a line (`  - time`).
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("Usage: ") || $0.hasPrefix("Help: ") || $0.hasPrefix("  See 'profile ") || $0.hasPrefix("  - ") },
                "\(result.stderr.debugDescription)")
        #expect(Harness.snapshot(store) == before)
    }

    @Test func helpIsWrittenAsItIs() throws {
        let plain = try run("show", "--help")
        let withBreak = try run("show", "a\nb", "--help")
        #expect(plain.status == 0 && withBreak.status == 0)
        #expect(withBreak.stdout == plain.stdout && withBreak.stderr.isEmpty)
        #expect(plain.stdout.contains("\n  --section <section>"))
    }

    // MARK: Invisible characters in names

    @Test(arguments: [
        "Morning\u{34F}", "Morning\u{FE00}", "Morning\u{E0100}", "Mo\u{115F}rning", "Morning\u{180B}", "Morning\u{17B4}",
        "\u{3164}", "Morning1\u{FE0F}", "🧘\u{E0067}x", "🧘\u{E0020}", "🧘\u{E007F}",
    ])
    func anInvisibleCharacterInANameIsRefused(_ name: String) throws {
        let before = Harness.snapshot(store)
        let result = try run("new", name)
        #expect(result.status == 64)
        let lines = diagnostics(result.stderr)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("profile: invalid profile name ") == true)
        #expect(lines.first?.contains(": it contains the invisible character U+") == true, "\(result.stderr)")
        #expect(Harness.snapshot(store) == before, "no profile was created")
    }

    @Test func emojiSequencesAreNames() throws {
        let names = ["🧘\u{200D}♀\u{FE0F}", "👨\u{200D}👩\u{200D}👧", "🏳\u{FE0F}\u{200D}🌈", "1\u{FE0F}\u{20E3}",
                     "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"]
        for name in names {
            let result = try run("new", name)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let list = try run("list", "--format", "plain")
        #expect(Set(list.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }) == Set(names + ["Morning"]))
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

/// What a second hostile look found (issue 16), run in process.
@Suite("Hostile input, second look", .serialized)
struct HostileInputFollowUpTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try Harness.makeStore().home
    }

    func run(_ arguments: [String], extra: [String: String] = [:]) throws -> Harness.Result {
        try InProcess.run(arguments, store: store, home: home, environment: extra)
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

    /// `-0` in a document is zero, refused for its range, not as a negative number.
    @Test func minusZeroIsZero() throws {
        let file = "\(home)/zero.json"
        try Data("{\"version\": 2, \"duration\": -0}".utf8).write(to: URL(fileURLWithPath: file))
        let result = try run(["import", file])
        #expect(result.status == 65)
        #expect(result.stderr.contains("duration 00:00 is out of range"), "\(result.stderr)")
    }
}
