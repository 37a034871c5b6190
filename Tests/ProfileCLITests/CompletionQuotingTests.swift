import Foundation
import Testing
import TestSupport

/// Issue 28: Tab never runs what a name says. Profiles, recordings, sit ids and files with hostile
/// names are completed in bash (with bash-completion), zsh and fish as a person does it — the keys
/// typed in tmux, Tab pressed — and the completed line is read back by the shell itself: every word
/// must be exactly the name, and no canary file may appear.
@Suite("Completion quotes for each shell", .serialized)
struct CompletionQuotingTests {
    /// Whether a shell and what drives it are installed (`Scripts/setup check` installs them).
    static func installed(_ paths: String...) -> Bool {
        TmuxShell.isAvailable && (ProcessInfo.processInfo.environment["CI"] == "true"
            || paths.allSatisfy { $0.hasPrefix("/") ? FileManager.default.fileExists(atPath: $0) : Harness.tool($0) != nil })
    }
    static let missing: Comment = "install tmux, bash-completion, zsh and fish: Scripts/setup check"

    /// A name, the text typed before Tab, and a label for failures.
    struct Case: CustomTestStringConvertible, Sendable {
        var typed: String
        var expected: [String]
        var testDescription: String { "\(typed) → \(expected.last ?? "")" }
    }

    /// Profiles whose names would run a command or split into other words if a shell evaluated them.
    static let profiles = [
        "b`touch CANARY1`c", "x$(touch CANARY2)y", "Anna's evening", "say \"om\"", "st*r", "semi;colon",
        "Ünïcode", "🧘 calm", "co:lon", "'Quoted'", "wow!!ok",
    ]
    /// Recordings (their names follow the same rules as profiles').
    static let recordings = ["Rain `touch CANARY3`", "Drum $(touch CANARY4)", "Tom's drum"]
    /// Sit ids: letters, digits, `-` and `_`, so one may start with a dash.
    static let ids = ["-dash12345678", "abc123456789"]
    /// Files for `import`: anything a file name may hold, a backslash and a leading dash included.
    static let files = ["back\\slash.json", "-lead.json", "x$(touch CANARY5).json", "q'uote.json", "st*r.json"]

    let home: String
    var store: String { "\(home)/store" }
    var work: String { "\(home)/work" }
    var bin: String { "\(home)/bin" }
    var journal: String { "\(home)/journal.jsonl" }

    init() throws {
        home = try makeTemporaryDirectory()
        for folder in [store, work, bin, "\(work)/files"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(atPath: "\(bin)/profile", withDestinationPath: Harness.binary.path)
        for name in Self.profiles {
            let made = try Harness.run(["new", name], store: store, home: home)
            #expect(made.status == 0, "\(name): \(made.stderr)")
        }
        let bowl = Harness.root.appendingPathComponent("Fixtures/sounds/Small Bowl.wav").path
        for name in Self.recordings {
            let added = try Harness.run(["sounds", "add", name, bowl], store: store, home: home,
                                        environment: ["XDG_DATA_HOME": "\(home)/data"])
            #expect(added.status == 0, "\(name): \(added.stderr)")
        }
        var lines = ""
        for (index, id) in Self.ids.enumerated() {
            lines += "{\"id\":\"\(id)\",\"start\":\"2026-11-2\(index)T07:00:00+00:00\",\"end\":\"2026-11-2\(index)T07:20:00+00:00\","
                + "\"profile\":null,\"seconds\":1200,\"plannedSeconds\":1200,\"outcome\":\"completed\",\"bells\":0,\"note\":null}\n"
        }
        try lines.write(toFile: journal, atomically: true, encoding: .utf8)
        for name in Self.files {
            try "{}".write(toFile: "\(work)/files/\(name)", atomically: true, encoding: .utf8)
        }
    }

    /// The environment of each shell: the program on PATH as `profile`, the store, journal and sounds.
    var environment: [String: String] {
        ["PATH": "\(bin):\(Harness.systemPath)", "HOME": home, "PROFILE_STORE": store, "PROFILE_JOURNAL": journal,
         "XDG_DATA_HOME": "\(home)/data", "LANG": "C.UTF-8", "TERM": "screen", "PWD": work]
    }

    func script(_ shell: String) throws -> String {
        let result = try Harness.run(["--generate-completion-script", shell], store: store, home: home)
        try #require(result.status == 0, "\(result.stderr)")
        let path = "\(home)/completion.\(shell)"
        try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func expectNoCanary(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: work) + FileManager.default.contentsOfDirectory(atPath: home)
        #expect(!names.contains { $0.hasPrefix("CANARY") }, "a completion ran a name: \(names)", sourceLocation: sourceLocation)
    }

    /// What each shell completes the same way: a unique prefix of every hostile name, typed plain.
    static var plainCases: [Case] {
        [
            Case(typed: "profile show b", expected: ["profile", "show", profiles[0]]),
            Case(typed: "profile show x", expected: ["profile", "show", profiles[1]]),
            Case(typed: "profile show A", expected: ["profile", "show", profiles[2]]),
            Case(typed: "profile show sa", expected: ["profile", "show", profiles[3]]),
            Case(typed: "profile show st", expected: ["profile", "show", profiles[4]]),
            Case(typed: "profile show se", expected: ["profile", "show", profiles[5]]),
            Case(typed: "profile show Ü", expected: ["profile", "show", profiles[6]]),
            Case(typed: "profile show 🧘", expected: ["profile", "show", profiles[7]]),
            Case(typed: "profile show c", expected: ["profile", "show", profiles[8]]),
            // `!!` left unquoted would be the previous command when the line runs.
            Case(typed: "profile show w", expected: ["profile", "show", profiles[10]]),
            Case(typed: "profile sounds --play Ra", expected: ["profile", "sounds", "--play", recordings[0]]),
            Case(typed: "profile sounds --play Dr", expected: ["profile", "sounds", "--play", recordings[1]]),
            Case(typed: "profile sounds remove T", expected: ["profile", "sounds", "remove", recordings[2]]),
            // An id that starts with a dash is an argument only after `--`, as the program needs it.
            Case(typed: "profile log delete -- -d", expected: ["profile", "log", "delete", "--", ids[0]]),
            Case(typed: "profile log delete a", expected: ["profile", "log", "delete", ids[1]]),
            Case(typed: "profile import files/b", expected: ["profile", "import", "files/" + files[0]]),
            Case(typed: "profile import files/-", expected: ["profile", "import", "files/" + files[1]]),
            Case(typed: "profile import files/x", expected: ["profile", "import", "files/" + files[2]]),
            Case(typed: "profile import files/q", expected: ["profile", "import", "files/" + files[3]]),
            Case(typed: "profile import files/s", expected: ["profile", "import", "files/" + files[4]]),
        ]
    }

    /// Names begun inside quotes, or with a quote escaped: bash and zsh read these the same way.
    static var quotedCases: [Case] {
        [
            Case(typed: "profile show 'A", expected: ["profile", "show", profiles[2]]),
            Case(typed: "profile show \"sa", expected: ["profile", "show", profiles[3]]),
            Case(typed: "profile show \"x", expected: ["profile", "show", profiles[1]]),
            Case(typed: "profile show 'b", expected: ["profile", "show", profiles[0]]),
            Case(typed: "profile show \\'", expected: ["profile", "show", profiles[9]]),
            Case(typed: "profile show \"'", expected: ["profile", "show", profiles[9]]),
            Case(typed: "profile show \"Ü", expected: ["profile", "show", profiles[6]]),
            Case(typed: "profile show co:", expected: ["profile", "show", profiles[8]]),
            Case(typed: "profile show Anna\\'", expected: ["profile", "show", profiles[2]]),
        ]
    }

    /// A file begun inside quotes: zsh's own file completion leaves such a quote open after a name
    /// that holds one (as it does for `ls`), so this is bash's alone.
    /// In bash, a prefix typed with what the shell would expand (`$(`, a pattern, a leading `~` or
    /// `#`) is written anew from the name, not kept as code around it.
    static let typedExpansions = [
        Case(typed: "profile show \"x$(", expected: ["profile", "show", profiles[1]]),
        Case(typed: "profile show st*", expected: ["profile", "show", profiles[4]]),
        Case(typed: "profile show 'x$(", expected: ["profile", "show", profiles[1]]),
    ]

    /// Issue 40: names complete whatever their case as typed; the name is written in its own case.
    static let caseCases = [
        Case(typed: "profile sounds --play tem", expected: ["profile", "sounds", "--play", "Temple Bell"]),
        Case(typed: "profile sounds --play SINGING", expected: ["profile", "sounds", "--play", "Singing Bowl"]),
        Case(typed: "profile sounds --play dr", expected: ["profile", "sounds", "--play", recordings[1]]),
        Case(typed: "profile show anna", expected: ["profile", "show", profiles[2]]),
    ]

    static let quotedFile = Case(typed: "profile import 'files/q", expected: ["profile", "import", "files/" + files[3]])

    func shell(_ name: String) throws -> TmuxShell {
        let prompt = "ready$ "
        switch name {
        case "bash":
            let rc = "\(home)/bashrc"
            try """
                PS1='ready$ '
                source /usr/share/bash-completion/bash_completion
                source '\(try script("bash"))'
                cd '\(work)'
                """.write(toFile: rc, atomically: true, encoding: .utf8)
            return try TmuxShell(["/bin/bash", "--noprofile", "--rcfile", rc, "-i"], environment: environment, prompt: prompt)
        case "zsh":
            let folder = "\(home)/zsh"
            try FileManager.default.createDirectory(atPath: "\(folder)/functions", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: try script("zsh"), toPath: "\(folder)/functions/_profile")
            try """
                PS1='ready$ '
                fpath=('\(folder)/functions' $fpath)
                autoload -Uz compinit && compinit -u -D
                cd '\(work)'
                """.write(toFile: "\(folder)/.zshrc", atomically: true, encoding: .utf8)
            var environment = environment
            environment["ZDOTDIR"] = folder
            return try TmuxShell([Harness.tool("zsh") ?? "/usr/bin/zsh", "-d", "-i"], environment: environment, prompt: prompt)
        default:
            let setup = "source '\(try script("fish"))'; function fish_prompt; echo -n 'ready$ '; end; cd '\(work)'"
            return try TmuxShell([Harness.tool("fish") ?? "/usr/bin/fish", "--no-config", "-i", "-C", setup], environment: environment, prompt: prompt)
        }
    }

    func check(_ shellName: String, _ cases: [Case]) throws {
        let shell = try shell(shellName)
        for item in cases {
            let words = try shell.complete(item.typed)
            #expect(words == item.expected, "\(shellName): \(item.typed)")
        }
        try expectNoCanary()
    }

    @Test(.enabled(if: installed("/bin/bash", "/usr/share/bash-completion/bash_completion"), missing))
    func bashCompletesHostileNamesExactly() throws {
        try check("bash", Self.plainCases + Self.quotedCases + [Self.quotedFile] + Self.typedExpansions + Self.caseCases
                    + [Case(typed: "profile show 'anna", expected: ["profile", "show", Self.profiles[2]])])
    }

    @Test(.enabled(if: installed("zsh"), missing))
    func zshCompletesHostileNamesExactly() throws {
        try check("zsh", Self.plainCases + Self.quotedCases + Self.caseCases)
    }

    /// Fish has no backquote substitution; its quotes otherwise work as bash's.
    @Test(.enabled(if: installed("fish"), missing))
    func fishCompletesHostileNamesExactly() throws {
        try check("fish", Self.plainCases + Self.caseCases + [
            Case(typed: "profile show 'A", expected: ["profile", "show", Self.profiles[2]]),
            Case(typed: "profile show \"sa", expected: ["profile", "show", Self.profiles[3]]),
        ])
    }

    /// The issue's check, in bash: every word offered for `profile show `, read back by the shell
    /// (`eval`, so a word quoted wrongly would run), is one of the names, and every name is offered.
    /// The same for a prefix typed in each kind of quote.
    @Test(arguments: [
        ("profile show ", "", profiles),
        ("profile show 'A", "A", ["Anna's evening"]),
        ("profile show \"s", "s", ["say \"om\"", "st*r", "semi;colon"]),
        ("profile sounds remove ", "", recordings),
        ("profile log delete ", "", ids),
    ])
    func bashOffersEveryNameAsData(line: String, replaced: String, names: [String]) throws {
        let program = """
            source '\(try script("bash"))'
            COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            _profile profile "$2" ''
            for word in "${COMPREPLY[@]}"; do
                # readline's rule: an open quote is closed unless the word already ends with it.
                word="$3$word"
                [[ -n "$3" && "${word: -1}" != "$3" ]] && word+="$3"
                eval "printf '<%s>\\n' $word"
            done
            """
        // Inside an open quote a word goes on from it.
        let openQuote = line.last(where: { $0 == "'" || $0 == "\"" }).map(String.init) ?? ""
        let result = try Harness.run(executable: URL(fileURLWithPath: "/bin/bash"), ["-c", program, "bash", line, replaced, openQuote],
                                     environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let words = result.stdout.split(separator: "\n").map { String($0.dropFirst().dropLast()) }
        #expect(Set(words.filter { !$0.hasPrefix("--") }) == Set(names), "\(line)")
        try expectNoCanary()
    }

    /// The scripts name what they change, so an ArgumentParser update that moves it fails here, not in
    /// a user's shell.
    @Test func theScriptsReplaceArgumentParsersCandidateHandling() throws {
        let bash = try String(contentsOfFile: try script("bash"), encoding: .utf8)
        #expect(bash.contains("\n__profile_generated() {\n"))
        #expect(!bash.contains("\n_profile() {\n    local state"), "ArgumentParser's entry point is renamed")
        let zsh = try String(contentsOfFile: try script("zsh"), encoding: .utf8)
        let override = try #require(zsh.range(of: "candidates=(\"${(@)candidates//:/\\\\:}\")"))
        let call = try #require(zsh.range(of: "if [[ \"${funcstack[1]}\" = _profile ]]; then", options: .backwards))
        #expect(override.upperBound < call.lowerBound, "the replacement is defined before _profile runs")
    }
}

/// Issue 28, item 4: the other places where a name or a value from a file meets a shell or a
/// terminal. The player is started without a shell, with a file of the program's own naming; a
/// `PROFILE_PLAYER` that is not a program is named, escaped, and never run; and the manual's and the
/// README's examples, pasted into bash, run nothing but what they show and expand no name.
@Suite("Names never reach a shell", .serialized)
struct NamesNeverReachAShellTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    }

    func expectNoCanary(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: home)
        #expect(!names.contains { $0.hasPrefix("CANARY") }, "a name was run: \(names)", sourceLocation: sourceLocation)
    }

    /// A recording with `$(…)` in its name, played through a player whose own path has one: the player
    /// gets exactly one argument, an absolute path to a WAV file that does not carry the name.
    @Test func thePlayerGetsOneArgumentAndNoShell() throws {
        let folder = "\(home)/pl ay $(touch CANARY1)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let player = "\(folder)/keep"
        let log = "\(home)/argv.txt"
        try "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" > '\(log)'\n".writeExecutable(to: player)
        let environment = ["XDG_DATA_HOME": "\(home)/data", "XDG_CACHE_HOME": "\(home)/cache", "PROFILE_PLAYER": player]
        let name = "Drum $(touch CANARY2) `touch CANARY3`"
        let bowl = Harness.root.appendingPathComponent("Fixtures/sounds/Small Bowl.wav").path
        let added = try Harness.run(["sounds", "add", name, bowl], store: store, home: home, environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        let played = try Harness.run(["sounds", "--play", name], store: store, home: home, environment: environment)
        #expect(played.status == 0, "\(played.stderr)")
        let argv = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(argv.count == 2 && argv.first == "1", "one argument: \(argv)")
        let file = argv.last ?? ""
        #expect(file.hasPrefix("/") && file.hasSuffix(".wav") && !file.contains("touch"), "\(file)")
        try expectNoCanary()
    }

    /// `PROFILE_PLAYER` is a program's name or path, never a command line: one that names no program
    /// is said (escaped) and not run.
    @Test func aPlayerThatIsACommandLineIsNotRun() throws {
        let value = "sh -c 'touch CANARY4'; touch CANARY5 $(touch CANARY6)\u{1B}[2J"
        let played = try Harness.run(executable: URL(fileURLWithPath: "/bin/sh"),
                                     ["-c", "cd '\(home)' && exec '\(Harness.binary.path)' sounds --play Gong"],
                                     environment: Harness.environment(store: store, home: home, extra: ["PROFILE_PLAYER": value]))
        #expect(played.status == 78, "\(played.stderr)")
        #expect(played.stderr.contains("PROFILE_PLAYER names"), "\(played.stderr)")
        #expect(!played.stderr.contains("\u{1B}"), "the value is escaped: \(played.stderr)")
        try expectNoCanary()
    }

    /// The `$ ` lines of a page's examples, as a reader would paste them.
    static func exampleLines() throws -> [String] {
        var lines: [String] = []
        let manual = try String(contentsOf: Harness.root.appendingPathComponent("man/profile.1"), encoding: .utf8)
        let examples = manual.components(separatedBy: ".Sh EXAMPLES").dropFirst().first ?? ""
        for line in examples.components(separatedBy: "\n") where line.hasPrefix("$ ") {
            lines.append(String(line.dropFirst(2)).replacingOccurrences(of: "\\e", with: "\\")
                .replacingOccurrences(of: "\\(aq", with: "'").replacingOccurrences(of: "\\(dq", with: "\"")
                .replacingOccurrences(of: "\\-", with: "-"))
        }
        #expect(lines.count >= 10, "profile(1) has its examples")
        for document in ReadmeTests.documents() {
            let page = try String(contentsOf: Harness.root.appendingPathComponent(document), encoding: .utf8)
            lines += page.components(separatedBy: "\n").filter { $0.hasPrefix("$ ") }.map { String($0.dropFirst(2)) }
        }
        return lines
    }

    /// Each example runs in bash with `profile` and the tools beside it replaced by functions that do
    /// nothing: any other command it would run, and any word it would expand as a file pattern, is an
    /// error, and it may create no file.
    @Test func theExamplesRunNothingButWhatTheyShow() throws {
        let folder = try makeTemporaryDirectory()
        for line in try Self.exampleLines() {
            let program = """
                shopt -s failglob
                command_not_found_handle() { printf 'ran %s\\n' "$1" >&2; return 127; }
                for tool in profile jq cut head; do eval "$tool() { while IFS= read -r _; do :; done; }"; done
                PATH=/nonexistent
                \(line)
                """
            let result = try Harness.run(executable: URL(fileURLWithPath: "/bin/bash"), ["--norc", "-c", program],
                                         environment: ["HOME": folder, "LANG": "C.UTF-8", "PWD": folder])
            #expect(result.stderr.isEmpty, "\(line): \(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "\(line) made a file")
        }
    }
}
