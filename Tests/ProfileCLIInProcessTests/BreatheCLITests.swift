import Foundation
import Testing
import TestSupport

/// Issue 48, item 4: `--breathe` through the command line, in process: what it accepts and refuses (64,
/// naming the value and what is accepted), and `plan` showing where the pacing starts and ends.
@Suite("Breathe (CLI)")
struct BreatheCLITests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    }

    func run(_ arguments: String...) throws -> Harness.Result {
        try InProcess.run(arguments, store: store, home: home)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var value: String
        var says: String
        var testDescription: String { value }
    }

    static let refusals: [Refusal] = [
        Refusal(value: "4-x-8", says: #""x" is not a number of seconds"#),
        Refusal(value: "slow", says: "slow"),
        Refusal(value: "0-1-1", says: "the in-breath is 0 s"),
        Refusal(value: "4", says: "4"),
        Refusal(value: "4-4-4-4-4", says: "4-4-4-4-4"),
    ]

    @Test(arguments: refusals)
    func aPatternItCannotReadIsRefusedNamingWhatIsAccepted(_ c: Refusal) throws {
        for command in [["run", "1m"], ["plan", "Morning"]] {
            if command[0] == "plan" { _ = try run("new", "Morning") }
            let result = try InProcess.run(command + ["--breathe", c.value, "--no-log", "--silent"].filter { command[0] == "run" || !$0.hasPrefix("--no") && $0 != "--silent" },
                                           store: store, home: home)
            #expect(result.status == 64, "\(command) \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("profile: invalid breathing pattern \"\(c.value)\""), "\(result.stderr)")
            #expect(result.stderr.contains(c.says), "\(result.stderr)")
            #expect(result.stderr.contains("use coherent, box, 4-7-8, sigh, or seconds of in, hold, out and hold"), "\(result.stderr)")
        }
    }

    @Test(arguments: ["coherent", "box", "4-7-8", "sigh", "4-4-4-4", "4,2,6,0", "5.5-0-5.5-0", "Coherent 5.5"])
    func theAcceptedFormsPlan(_ pattern: String) throws {
        _ = try run("new", "Morning")
        let plain = try run("plan", "Morning", "--breathe", pattern, "--format", "plain")
        #expect(plain.status == 0, "\(plain.stderr)")
        let lines = plain.stdout.split(separator: "\n")
        #expect(lines.count == 5, "\(plain.stdout)")
        #expect(lines.filter { $0.contains("\tbreathing-start\t") }.count == 1 && lines.filter { $0.contains("\tbreathing-end\t") }.count == 1)
    }

    @Test func planShowsThePacersSpan() throws {
        _ = try run("new", "Morning")
        _ = try run("set", "Morning", "warmup", "on")
        let plain = try run("plan", "Morning", "--breathe", "4,2,6,0", "--format", "plain")
        let fields = plain.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let start = try #require(fields.first { $0[2] == "breathing-start" })
        let end = try #require(fields.first { $0[2] == "breathing-end" })
        // The warm-up comes first: the pacer leads the main sit, the whole of it.
        let mainStart = try #require(fields.first { $0[2] == "main-start" })
        let mainEnd = try #require(fields.first { $0[2] == "main-end" })
        #expect(start[0] == mainStart[0] && end[0] == mainEnd[0], "\(fields)")
        #expect(start[7] == "4-2-6-0" && end[7] == "4-2-6-0")
        // No --breathe, and Breathing off in a new profile: nothing of it.
        #expect(!(try run("plan", "Morning", "--format", "plain").stdout.contains("breathing")))
        let help = try run("help", "run")
        #expect(help.stdout.contains("--breathe <pattern>"), "\(help.stdout)")
    }

    /// `run 1m --breathe 4-7-8 --speed 60`, piped, through the command line: one line when the pacing
    /// starts, the note that the breath is not heard (no stream at another speed), one line when it ends,
    /// and nothing of it in between. (Logged, the sit's line carries `"breathing":{"pattern":"4-7-8",
    /// "breaths":4,"seconds":60}` once the journal's line format of issue 48 is merged; LiveSitTests checks
    /// the summary it is logged from.)
    @Test func aPipedRunSaysThePacingsStartAndEndOnce() throws {
        let result = try run("run", "1m", "--breathe", "4-7-8", "--speed", "60", "--no-log", "--silent", "--no-inhibit")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let breathing = lines.filter { $0.contains("  breathing  ") }
        #expect(breathing.count == 2, "\(result.stdout)")
        #expect(breathing.first?.hasSuffix("+00:00  breathing  breathe 4-7-8: in 4, hold 7, out 8") == true, "\(breathing)")
        #expect(breathing.last?.hasSuffix("+01:00  breathing  breathing ends: 4 breaths led") == true, "\(breathing)")
        #expect(lines.filter { $0.contains("the breath is shown, not heard") }.count == 1, "\(result.stdout)")
    }
}
