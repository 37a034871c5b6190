import Foundation
import Testing
import TestSupport
import ProfileKit

/// Acceptance 2: the real readline path on a pseudo-terminal.
@Suite("Editor on a terminal", .serialized)
struct TerminalTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try Harness.makeStore().home
    }

    func start(_ arguments: String..., environment extra: [String: String] = [:]) throws -> PseudoTerminal {
        try PseudoTerminal(arguments: [Harness.binary.path] + arguments,
                           environment: Harness.environment(store: store, home: home, extra: extra))
    }

    func file(_ name: String) throws -> String {
        try String(contentsOfFile: "\(store)/\(name).json", encoding: .utf8)
    }

    @Test func tabCompletesACommandAndASwitch() throws {
        let editor = try start("edit")
        try editor.waitFor("profile:Default> ")
        let mark = editor.checkpoint()
        editor.send("tog\t")
        try editor.waitFor("toggle ", since: mark)
        editor.send("wa\t")
        try editor.waitFor("warmup", since: mark)
        editor.send("\r")
        try editor.waitFor("Warm Up: + 1.1 Duration 02:00", since: mark)
        // Two switches start with "coo": readline completes what they share.
        editor.send("toggle coo\t")
        try editor.waitFor("ldown", since: mark)
        editor.send("\u{15}")
        editor.send("quit\r")
        #expect(editor.waitForExit() == 0)
    }

    /// Issue 28: through real readline, a name completes as the editor's parser reads it back — quotes
    /// at both ends kept by single quotes around it, a backquote or `$(…)` as it is — and the completed
    /// line opens that profile.
    @Test func tabCompletesHostileNamesToLinesThatOpenThem() throws {
        for name in ["\"Zen\"", "q'uote", "x$(touch CANARY)y"] {
            let made = try Harness.run(["new", name], store: store, home: home)
            #expect(made.status == 0, "\(made.stderr)")
        }
        let editor = try start("edit", "Morning")
        try editor.waitFor("profile:Morning> ")
        for (typed, name) in [("open \"Z", "\"Zen\""), ("open q", "q'uote"), ("open x", "x$(touch CANARY)y")] {
            let mark = editor.checkpoint()
            editor.send(typed + "\t\r")
            try editor.waitFor("profile:\(name)> ", since: mark)
        }
        editor.send("quit\r")
        #expect(editor.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: "\(home)/CANARY"))
    }

    /// readline drops the lead byte of C3 28 and would hand back `new Z(`: the typed bytes are checked,
    /// and the line is refused whole. Valid UTF-8 typed the same way still works.
    @Test func aLineTypedWithBrokenUTF8IsRefused() throws {
        let editor = try start("edit", "Morning")
        try editor.waitFor("profile:Morning> ")
        var mark = editor.checkpoint()
        editor.send("new Z")
        editor.send(bytes: [0xC3, 0x28])
        editor.send("\r")
        try editor.waitFor("profile: the line is not valid UTF-8 text", since: mark)
        try editor.waitFor("profile:Morning> ", since: mark)
        mark = editor.checkpoint()
        editor.send("new Z\u{E9}\r")
        try editor.waitFor("profile:Z\u{E9}> ", since: mark)
        editor.send("quit\r")
        #expect(editor.waitForExit() == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: store).sorted()
        #expect(names == ["Morning.json", "Z\u{E9}.json"], "no profile from the broken line: \(names)")
    }

    /// Completion on the profiles screen and in the bell picker, through readline.
    @Test func tabCompletesOnEveryScreen() throws {
        try FileManager.default.copyItem(atPath: Harness.fixtures.appendingPathComponent("Long Sit.json").path,
                                         toPath: "\(store)/Long Sit.json")
        let editor = try start("edit", "Morning")
        try editor.waitFor("profile:Morning> ")
        var mark = editor.checkpoint()
        editor.send("back\r")
        try editor.waitFor("\nprofile> ", since: mark)
        mark = editor.checkpoint()
        // Two tabs list the candidates: the numbers of the two profiles (Long Sit and Morning).
        editor.send("tap \t\t")
        let listed = try editor.waitFor("profile> tap ", since: mark + 1)
        #expect(listed.contains("1") && listed.contains("2"))
        editor.send("\u{15}")
        mark = editor.checkpoint()
        editor.send("open Mo\t")
        try editor.waitFor("open Morning", since: mark)
        editor.send("\r")
        try editor.waitFor("profile:Morning> ", since: mark)
        mark = editor.checkpoint()
        editor.send("bell\r")
        try editor.waitFor("profile:Morning/cool down bell> ", since: mark)
        mark = editor.checkpoint()
        editor.send("tap \t\t")
        let bells = try editor.waitFor("profile:Morning/cool down bell> tap ", since: mark + 1)
        for number in 1...5 { #expect(bells.contains("\(number)"), "the picker lists bell \(number)") }
        editor.send("\u{15}quit\r")
        #expect(editor.waitForExit() == 0)
    }

    @Test func tabCompletesABellNameWithASpace() throws {
        let editor = try start("edit", "Morning")
        try editor.waitFor("profile:Morning> ")
        let mark = editor.checkpoint()
        editor.send("set cooldown.bell Wo\t")
        try editor.waitFor("Wood Block", since: mark)
        editor.send("\r")
        try editor.waitFor("Cool Down: ~ 2.3 Bell Wood Block", since: mark)
        // Ctrl-D counts only at a prompt: typed between lines, the terminal (not readline) would take it.
        try editor.waitFor("\nprofile:Morning> ", since: mark)
        editor.send("\u{04}")
        #expect(editor.waitForExit() == 0)
        #expect(try file("Morning").contains("\"name\": \"Wood Block\""), "the change was saved at once")
    }

    @Test func upArrowRecallsHistory() throws {
        let editor = try start("edit", "Morning")
        try editor.waitFor("profile:Morning> ")
        editor.send("show time\r")
        let mark = editor.checkpoint()
        try editor.waitFor("│ Time", since: 0)
        try editor.waitFor("profile:Morning> ", since: mark)
        let second = editor.checkpoint()
        editor.send("\u{1B}[A")
        try editor.waitFor("show time", since: second)
        editor.send("\r")
        try editor.waitFor("│ Time", since: second)
        editor.send("quit\r")
        #expect(editor.waitForExit() == 0)

        let history = "\(home)/.local/state/profile/history"
        #expect(try String(contentsOfFile: history, encoding: .utf8) == "show time\nquit\n", "no repeated lines")
        let attributes = try FileManager.default.attributesOfItem(atPath: history)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func ctrlCDropsTheLineAndTheEditorGoesOn() throws {
        let editor = try start("edit", "Morning")
        try editor.waitFor("profile:Morning> ")
        editor.send("toggle warm")
        try editor.waitFor("toggle warm")
        let mark = editor.checkpoint()
        editor.send("\u{03}")
        try editor.waitFor("\nprofile:Morning> ", since: mark)
        #expect(editor.isRunning)
        let shown = editor.checkpoint()
        editor.send("show warmup\r")
        let table = try editor.waitFor("└", since: shown)
        #expect(table.contains("│  1.0 │ Enabled  │ on"), "the dropped line did not run")
        try editor.waitFor("\nprofile:Morning> ", since: shown)
        editor.send("\u{04}")
        #expect(editor.waitForExit() == 0)
        #expect(try file("Morning").contains("\"type\": \"warm-up\",\n      \"enabled\": true"))
    }

    @Test func aResizeInTheMiddleOfALineKeepsTheLine() throws {
        let editor = try start("edit", "Morning")
        try editor.waitFor("profile:Morning> ")
        editor.send("show cool")
        try editor.waitFor("show cool")
        editor.resize(columns: 60, rows: 20)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(editor.isRunning)
        let mark = editor.checkpoint()
        editor.send("down\r")
        try editor.waitFor("│ Cool Down", since: mark)
        editor.send("quit\r")
        #expect(editor.waitForExit() == 0)
    }

    @Test func ctrlDOnAnEmptyLineQuits() throws {
        let editor = try start("edit", "Morning")
        try editor.waitFor("profile:Morning> ")
        editor.send("\u{04}")
        #expect(editor.waitForExit() == 0)
    }

    /// The question shows the current value as the default: typing replaces it, a wrong answer is asked
    /// again, Enter keeps it, and Ctrl-C or Ctrl-D leave it.
    @Test func tapOnADurationAsksWithTheCurrentValueAsTheDefault() throws {
        let editor = try start("edit", "Morning", environment: ["TERM": "xterm"])
        try editor.waitFor("profile:Morning> ")
        var mark = editor.checkpoint()
        editor.send("tap 0.0\r")
        try editor.waitFor("Time duration [30:00]: ", since: mark)
        mark = editor.checkpoint()
        editor.send("99h\r")
        try editor.waitFor("profile: ", since: mark)
        try editor.waitFor("Time duration [30:00]: ", since: mark)
        mark = editor.checkpoint()
        editor.send("45\r")
        try editor.waitFor("Time: ~ 0.0 Duration 45:00", since: mark)
        try editor.waitFor("profile:Morning> ", since: mark)
        // Enter, Ctrl-C and Ctrl-D each leave the value, and the editor goes on.
        for key in ["\r", "\u{03}", "\u{04}"] {
            mark = editor.checkpoint()
            editor.send("tap 2.1\r")
            try editor.waitFor("Cool Down duration [05:00]: ", since: mark)
            editor.send(key)
            try editor.waitFor("Cool Down duration stays 05:00", since: mark)
            try editor.waitFor("profile:Morning> ", since: mark)
        }
        mark = editor.checkpoint()
        editor.send("redo\r")
        let after = try editor.waitFor("nothing to redo", since: mark)
        // The line's own newline, then the reply: no blank line (readline 8.2 keeps a Ctrl-D in mind).
        let echo = after[..<(after.range(of: "nothing to redo")?.lowerBound ?? after.endIndex)]
        #expect(echo.unicodeScalars.filter { $0 == "\n" }.count == 1, "a blank line after Ctrl-D at a question: \(after.debugDescription)")
        editor.send("quit\r")
        #expect(editor.waitForExit() == 0)
        let saved = try file("Morning")
        #expect(saved.contains("\"duration\": \"45:00\"") && saved.contains("\"duration\": \"05:00\""))
    }

    /// On the profiles screen, delete asks; `n` keeps the file, `y` deletes it, and undo brings back the
    /// same bytes.
    @Test func deleteOnTheProfilesScreenAsksAndUndoRestoresTheFile() throws {
        let evening = "\(store)/Evening.json"
        let bytes = Data("{ \"version\": 2, \"duration\": \"45:00\" }\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: evening))
        let editor = try start("edit", "Morning")
        try editor.waitFor("profile:Morning> ")
        var mark = editor.checkpoint()
        editor.send("back\r")
        try editor.waitFor("\nprofile> ", since: mark)
        for (answer, reply) in [("n", "kept \"Evening\""), ("y", "deleted \"Evening\"")] {
            mark = editor.checkpoint()
            editor.send("delete 1\r")
            try editor.waitFor("Delete profile \"Evening\"? [y/N] ", since: mark)
            editor.send("\(answer)\r")
            try editor.waitFor(reply, since: mark)
            try editor.waitFor("\nprofile> ", since: mark)
            #expect(FileManager.default.fileExists(atPath: evening) == (answer == "n"))
        }
        mark = editor.checkpoint()
        editor.send("undo\r")
        try editor.waitFor("Profiles: + 1 Evening", since: mark)
        try editor.waitFor("\nprofile> ", since: mark)
        #expect(try Data(contentsOf: URL(fileURLWithPath: evening)) == bytes)
        editor.send("quit\r")
        #expect(editor.waitForExit() == 0)
    }

    /// The picker marks the profile's bell `(now)` without selecting it, so `tap 3` then `choose` takes
    /// bell 3; on a terminal a tap plays the bell it selects.
    @Test func tapOnTheBellRowOpensThePickerAndChooseGoesBack() throws {
        let editor = try start("edit", "Morning")
        try editor.waitFor("profile:Morning> ")
        let mark = editor.checkpoint()
        editor.send("tap 2.3\r")
        try editor.waitFor("5 │ Wood Block", since: mark)
        try editor.waitFor("Temple Bell (now)", since: mark)
        try editor.waitFor("\nprofile:Morning/cool down bell> ", since: mark)
        let picking = editor.checkpoint()
        editor.send("tap 3\r")
        try editor.waitFor("playing Gong (", since: picking)
        try editor.waitFor("\nprofile:Morning/cool down bell> ", since: picking)
        let chosen = editor.checkpoint()
        editor.send("choose\r")
        try editor.waitFor("Cool Down: ~ 2.3 Bell Gong", since: chosen)
        try editor.waitFor("\nprofile:Morning> ", since: chosen)
        editor.send("quit\r")
        #expect(editor.waitForExit() == 0)
        #expect(try file("Morning").contains("\"name\": \"Gong\""))
    }

    /// The editor on Morning, with a `paplay` that only writes the files it is given, one a line, to the
    /// log returned; the bell cache in the test's home.
    func editorWithLoggingPlayer() throws -> (PseudoTerminal, String) {
        let bin = "\(home)/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let log = "\(home)/played.log"
        try "#!/bin/sh\necho \"$@\" >> '\(log)'\n".writeExecutable(to: "\(bin)/paplay")
        return (try start("edit", "Morning", environment: ["PATH": "\(bin):\(Harness.systemPath)", "XDG_CACHE_HOME": "\(home)/cache"]), log)
    }

    /// Waits up to 10 s until the logging player has written `lines` lines: the editor says "playing"
    /// once it has started the player, which may not have run yet, and closing the picker stops it.
    func waitForPlayed(_ log: String, lines: Int) {
        func played() -> Int { (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").count ?? 0 }
        if !eventually(within: 10, { played() >= lines }) { Issue.record("the player wrote \(played()) of \(lines) lines in 10 s") }
    }

    /// The picker's preview plays each bell through the player `profile run` uses, with the strikes and
    /// volume being chosen; from the Intervals' Bell row it chooses the interval bell.
    @Test func thePickerPlaysThroughTheRunPlayerAndChoosesTheIntervalBell() throws {
        let (editor, log) = try editorWithLoggingPlayer()
        try editor.waitFor("profile:Morning> ")
        var mark = editor.checkpoint()
        editor.send("toggle intervals\r")
        try editor.waitFor("\nprofile:Morning> ", since: mark)
        mark = editor.checkpoint()
        editor.send("tap 3.2\r")
        try editor.waitFor("\nprofile:Morning/interval bell> ", since: mark)
        let first = editor.checkpoint()
        for line in ["tap 4", "strikes 2", "volume 70", "listen"] {
            mark = editor.checkpoint()
            editor.send(line + "\r")
            try editor.waitFor("\nprofile:Morning/interval bell> ", since: mark)
            // The next preview stops this one: it has played first.
            if line == "tap 4" { waitForPlayed(log, lines: 1) }
        }
        let shown = editor.output(since: first)
        #expect(shown.contains("playing Tingsha (paplay)"))
        #expect(shown.contains("the bell you choose strikes 2 times at 70%"))
        #expect(editor.output(since: mark).contains("listening to 1 bell: Tingsha"))
        #expect(editor.output(since: mark).contains("playing Tingsha ×2 70% (paplay)"))
        waitForPlayed(log, lines: 2)
        mark = editor.checkpoint()
        editor.send("choose\r")
        try editor.waitFor("Intervals: ~ 3.2 Bell Tingsha ×2 70%", since: mark)
        try editor.waitFor("\nprofile:Morning> ", since: mark)
        editor.send("quit\r")
        #expect(editor.waitForExit() == 0)
        let played = try String(contentsOfFile: log, encoding: .utf8)
        #expect(played == "\(home)/cache/profile/bells/v3.3-tingsha-x1-100.wav\n\(home)/cache/profile/bells/v3.3-tingsha-x2-70.wav\n")
        let morning = try file("Morning")
        #expect(morning.contains("\"name\": \"Tingsha\",\n      \"strikes\": 2,\n      \"volume\": 70\n"), "the interval bell is Tingsha ×2 70%")
        #expect(morning.contains("\"name\": \"Temple Bell\""), "the cool-down bell is unchanged")
    }

    /// Issue 50, item 3: the Ambience's Sound row opens the sound picker; a soundscape tapped there plays
    /// ten seconds through the player `sounds --play` uses, and `choose` makes it the profile's.
    @Test func theSoundRowOpensThePickerThatPlaysAndChoosesASoundscape() throws {
        let (editor, log) = try editorWithLoggingPlayer()
        try editor.waitFor("profile:Morning> ")
        var mark = editor.checkpoint()
        editor.send("toggle ambience\r")
        try editor.waitFor("\nprofile:Morning> ", since: mark)
        mark = editor.checkpoint()
        editor.send("tap 5.1\r")
        let opened = try editor.waitFor("\nprofile:Morning/ambience sound> ", since: mark)
        #expect(opened.contains("Rain (now)"))
        #expect(opened.contains("tap N selects sound N, choose takes it; back keeps Rain"))
        mark = editor.checkpoint()
        editor.send("tap ocean\r")
        // Ten seconds of the ocean are made once (into the cache) before they play.
        let played = try editor.waitFor("\nprofile:Morning/ambience sound> ", since: mark, timeout: 60)
        #expect(played.contains("playing 10 seconds of Ocean (paplay)"), "\(played)")
        // The player has written its line before `choose` closes the picker, which stops what plays.
        waitForPlayed(log, lines: 1)
        mark = editor.checkpoint()
        editor.send("choose\r")
        try editor.waitFor("Ambience: ~ 5.1 Sound Ocean", since: mark)
        try editor.waitFor("\nprofile:Morning> ", since: mark)
        editor.send("quit\r")
        #expect(editor.waitForExit() == 0)
        let files = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(files.count == 1 && files[0].hasPrefix("\(home)/cache/profile/bells/soundscape-") && files[0].contains("ocean"), "\(files)")
        #expect(try file("Morning").contains("\"Ocean\""), "the ambience plays the ocean")
    }

    /// Acceptance 3: a second process changes the profile while the editor has it open.
    @Test(arguments: ["r", "k"])
    func aChangeFromAnotherProcessIsNeverLostSilently(_ answer: String) throws {
        let editor = try start("edit", "Morning")
        try editor.waitFor("profile:Morning> ")
        let other = try Harness.run(["set", "Morning", "duration", "5"], store: store, home: home)
        #expect(other.status == 0)
        let mark = editor.checkpoint()
        editor.send("toggle warmup\r")
        try editor.waitFor("was changed by someone else", since: mark)
        try editor.waitFor("reload theirs (r) or keep yours (k)? ", since: mark)
        #expect(try file("Morning").contains("\"duration\": \"05:00\""), "nothing was written while asking")
        editor.send("\(answer)\r")
        if answer == "r" {
            try editor.waitFor("reloaded Morning from disk; your change was dropped", since: mark)
            #expect(try file("Morning").contains("\"duration\": \"05:00\""))
            #expect(try file("Morning").contains("\"type\": \"warm-up\",\n      \"enabled\": true"))
        } else {
            try editor.waitFor("kept your version of Morning", since: mark)
            #expect(try file("Morning").contains("\"duration\": \"30:00\""))
            #expect(try file("Morning").contains("\"type\": \"warm-up\",\n      \"enabled\": false"))
        }
        editor.send("quit\r")
        #expect(editor.waitForExit() == 0)
    }

    @Test func deleteAsksOnATerminal() throws {
        let no = try start("delete", "Morning")
        try no.waitFor("Delete profile \"Morning\"? [y/N] ")
        no.send("n\r")
        try no.waitFor("kept \"Morning\"")
        #expect(no.waitForExit() == 0)
        #expect(FileManager.default.fileExists(atPath: "\(store)/Morning.json"))

        let yes = try start("delete", "Morning")
        try yes.waitFor("[y/N] ")
        yes.send("y\r")
        #expect(yes.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: "\(store)/Morning.json"))
    }

    @Test func colourOnlyOnAColourTerminalWithoutNoColor() throws {
        let colour = try start("show", "Morning", environment: ["TERM": "xterm-256color"])
        #expect(colour.waitForExit() == 0)
        #expect(colour.output.contains("\u{1B}[1mTime\u{1B}[0m"))
        #expect(colour.output.contains("┌"), "a table is the default on a terminal")

        let plain = try start("show", "Morning", environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        #expect(plain.waitForExit() == 0)
        #expect(!plain.output.contains("\u{1B}["))
        #expect(plain.output.contains("┌"))
    }
}

/// Acceptance 3 for scripts: an editor reading a script while another process saves the same profile.
@Suite("Editor scripts and other writers")
struct ScriptConflictTests {
    @Test func aScriptThatWouldOverwriteAnotherWriterFailsAndWritesNothing() throws {
        let home = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let store = "\(home)/store"
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Harness.fixtures.appendingPathComponent("Morning.json").path,
                                         toPath: "\(store)/Morning.json")

        Harness.ignoreBrokenPipes
        let editor = Process()
        editor.executableURL = Harness.binary
        editor.arguments = ["edit", "Morning"]
        editor.environment = Harness.environment(store: store, home: home)
        let input = Pipe()
        let errors = Pipe()
        editor.standardInput = input
        editor.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        editor.standardError = errors
        try editor.run()
        try input.fileHandleForWriting.write(contentsOf: Data("toggle warmup\n".utf8))
        // The editor has read the profile once it has answered the first line; give it that moment.
        Thread.sleep(forTimeInterval: 0.5)
        let other = try Harness.run(["set", "Morning", "duration", "5"], store: store, home: home)
        #expect(other.status == 0)
        try input.fileHandleForWriting.write(contentsOf: Data("set cooldown.duration 9\n".utf8))
        try input.fileHandleForWriting.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        editor.waitUntilExit()

        #expect(editor.terminationStatus == 75)
        #expect(message == "profile: \(store)/Morning.json: the file was changed by someone else since it was read; reload it or save again to replace it\nprofile: nothing was saved\n")
        let text = try String(contentsOfFile: "\(store)/Morning.json", encoding: .utf8)
        #expect(text.contains("\"duration\": \"05:00\""), "the other writer's change is there")
        #expect(text.contains("\"type\": \"warm-up\",\n      \"enabled\": true"), "the script's changes are not")
        #expect(!text.contains("09:00"))
    }
}
