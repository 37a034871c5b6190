import Foundation
import Testing
import TestSupport
import Screens

/// Acceptance 1: scripted editor sessions (stdin piped) against `Fixtures/golden/repl/`, through
/// `ProfileCLI.run` in process (in ProfileREPLTests they started the built binary: the in-process tier
/// under the sanitizers, which builds no binary, found only what `make check` had left in .build).
@Suite("Editor transcripts")
struct TranscriptTests {
    static let morning = ("Morning.json", "Morning")

    static let cases: [ScriptCase] = [
        ScriptCase("every-command", setup: [morning], [
            Step("edit", "Morning", stdin: """
                show
                show cooldown
                show 1
                toggle warmup
                set duration 45
                tap 1.0
                tap 2.1
                7:30
                tap 2.3
                tap 2
                tap 4
                choose
                tap 0.0 25m
                undo
                redo
                list
                new Evening
                set cooldown on
                open Morning
                help
                help tap
                quit
                show
                """),
            Step("show", "Morning", "--format", "plain"),
            Step("show", "Evening", "--format", "plain"),
        ]),
        ScriptCase("every-switch-transition", [
            Step("edit", stdin: """
                # The transitions of the ProfileKit issue, from a new profile.
                toggle warmup
                toggle warmup
                toggle cooldown
                toggle cooldown
                toggle cooldown.bells
                toggle cooldown
                toggle cooldown.bells
                toggle cooldown.bells
                toggle cooldown

                set cooldown.bells off
                set cooldown.bells on
                # Issue 38: the Ambience section's switch, its sound and volume, and a tap that asks.
                toggle ambience
                set ambience.sound ocean
                set ambience.volume 55%
                # Issue 50: the Sound row opens a picker of the soundscapes and recordings.
                tap 5.1
                help
                tap brown
                listen
                choose
                tap 5.2 40%
                set ambience.volume 5
                toggle ambience
                # Issue 48: the Breathing section's switch; its pattern's Custom inserts In, Hold, Out and
                # Hold (6.2 to 6.5) and another pattern deletes them; taps that ask and that set; undo.
                toggle breathing
                tap 6.1
                custom
                tap 6.2 5.5
                tap 6.5
                1
                set breathing.pattern box
                set breathing.in 6
                undo
                undo
                redo
                tap 6.2
                whole
                tap 6.3
                tick
                show breathing
                toggle breathing
                """),
            Step("list", "--format", "plain"),
        ]),
        ScriptCase("undo-redo", setup: [morning], [
            Step("edit", "Morning", stdin: """
                undo
                toggle cooldown
                set duration 10
                toggle warmup
                undo
                undo
                undo
                undo
                redo
                redo
                redo
                redo
                undo
                set cooldown.bell gong
                redo
                """),
            Step("show", "Morning", "--format", "plain"),
        ]),
        ScriptCase("all-or-nothing", setup: [morning], [
            Step("edit", "Morning", stdin: "toggle warmup\nset duration 50\nnew Evening\nset cooldown.duration 2h\ntoggle cooldown\n"),
            Step("list", "--format", "plain"),
            Step("edit", "Morning", stdin: "toggle warmup\nset duration 50\nnew Evening\nset cooldown.duration 1h\ntoggle cooldown\n"),
            Step("list", "--format", "plain"),
        ]),
        ScriptCase("errors", setup: [morning], [
            Step("edit", "Morning", stdin: "toggle warmup\ntgole cooldown\n"),
            Step("edit", "Morning", stdin: "toggle\n"),
            Step("edit", "Morning", stdin: "toggle warmp\n"),
            Step("edit", "Morning", stdin: "set duration\n"),
            Step("edit", "Morning", stdin: "set duration 1:60\n"),
            Step("edit", "Morning", stdin: "set warmup.duration 61m\n"),
            Step("edit", "Morning", stdin: "set cooldown.bell cowbell\n"),
            Step("edit", "Morning", stdin: "tap 2.9\n"),
            Step("edit", "Morning", stdin: "tap 7.0\n"),
            Step("edit", "Morning", stdin: "toggle breathing\nset breathing.pattern custom\nset breathing.in 0\n"),
            Step("edit", "Morning", stdin: "toggle breathing\ntap 6.1 square\n"),
            Step("edit", "Morning", stdin: "toggle breathing.pattern\n"),
            Step("edit", "Morning", stdin: "tap two\n"),
            Step("edit", "Morning", stdin: "show bells\n"),
            Step("edit", "Morning", stdin: "undo now\n"),
            Step("edit", "Morning", stdin: "open Evenin\n"),
            Step("edit", "Morning", stdin: "new morning\n"),
            Step("edit", "Morning", stdin: "new ../x\n"),
            Step("edit", "Morning", stdin: "help frob\n"),
            Step("edit", "Morning", stdin: "show\u{1B}[31m\n"),
            Step("edit", "Morning", stdin: "tap 2.1\n"),
            Step("edit", "Morning", stdin: "# only a comment\n\n   \n" + String(repeating: "x", count: 1_048_576) + "\n"),
            Step("edit", "Mornin", stdin: "show\n"),
            Step("show", "Morning", "--format", "plain"),
        ]),
        // Profiles → profile → bell picker → listen → next → choose → back, with the bell saved on disk.
        ScriptCase("screens", setup: [morning, ("Default.json", "Default")], [
            Step("edit", "Morning", stdin: """
                back
                help
                tap 1
                back
                open Morning
                bell
                help
                tap 1
                tap 4
                listen
                next
                previous
                next
                next
                next
                listen
                next
                next
                choose
                back
                """),
            Step("show", "Morning", "--format", "plain"),
            Step("edit", "Morning", stdin: "back\ncopy 2 Evening\n"),
            Step("edit", "Morning", stdin: "bell\ntap 2\nchoose\n"),
            Step("edit", "Morning", stdin: "bell\nlisten\nnext\nnext\n"),
            Step("edit", "Morning", stdin: "bell\ntap 9\n"),
            Step("edit", "Morning", stdin: "back\nback\n"),
            Step("show", "Morning", "--format", "plain"),
        ]),
        ScriptCase("intervals", setup: [morning], [
            Step("edit", "Morning", stdin: """
                toggle intervals
                set intervals.every 7:30
                tap 3.1
                10m
                tap 3.2 gong
                tap 3.2
                tap 3
                tap 4
                choose
                show intervals
                undo
                toggle intervals
                toggle intervals
                """),
            Step("show", "Morning", "--section", "intervals", "--format", "json"),
            Step("set", "Morning", "intervals", "off"),
            Step("toggle", "Morning", "intervals", "--format", "json"),
            Step("set", "Morning", "intervals.bell", "Wood Block", "--format", "json"),
            Step("set", "Morning", "intervals.every", "1h"),
            Step("set", "Morning", "intervals.every", "9s"),
            Step("export", "Morning"),
        ]),
        ScriptCase("quit-and-comments", setup: [morning], [
            Step("edit", "Morning", stdin: "# set things up\n\n  toggle warmup  \nexit\ntoggle cooldown\nnonsense\n"),
            Step("show", "Morning", "--format", "plain"),
        ]),
    ]

    @Test(arguments: cases)
    func transcript(_ c: ScriptCase) throws {
        try InProcess.check(c, folder: "repl")
    }

    @Test func everyGoldenFileBelongsToACase() throws {
        #expect(try Harness.strayGoldenFiles("repl", cases: Self.cases).isEmpty)
    }
}
