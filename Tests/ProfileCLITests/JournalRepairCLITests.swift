import Files
import Foundation
import Testing
import TestSupport
import ProfileKit

/// Issue 30, items 3 and 4, end to end on the built binary: notes are text, and `log check` and
/// `log repair` get a damaged journal going again with nothing lost. Every test has its own home and
/// journal.
@Suite("Journal repair, end to end")
struct JournalRepairCLITests {
    let home: String
    var store: String { "\(home)/store" }
    var journal: String { "\(home)/journal.jsonl" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    }

    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> Harness.Result {
        try Harness.run(arguments, store: store, home: home, environment: ["PROFILE_JOURNAL": journal, "TZ": "UTC"].merging(environment) { $1 })
    }

    /// A record as `profile` writes it, on day `day` of March 2026.
    static func line(_ id: String, day: Int, outcome: String = "completed", note: String = "null") -> String {
        #"{"id":"\#(id)","start":"2026-03-0\#(day)T07:00:00+00:00","end":"2026-03-0\#(day)T07:20:00+00:00","profile":"Morning","seconds":1200,"#
            + #""plannedSeconds":1200,"outcome":"\#(outcome)","bells":0,"note":\#(note)}"#
    }

    func write(_ lines: [String], to path: String? = nil) throws {
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path ?? journal))
    }

    func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// The ids `log --format json` gives, or nil when it fails.
    func ids() throws -> [String]? {
        let result = try run("log", "--format", "json")
        guard result.status == 0 else { return nil }
        let records = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        return records?.compactMap { $0["id"] as? String }
    }

    /// The files of `folder` whose names start `prefix`.
    func files(in folder: String, startingWith prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(prefix) }.sorted()
    }

    // MARK: Notes are text

    /// The issue's check: ESC and BEL in a note are refused, naming the character, and the journal stays
    /// byte for byte; so is an invisible U+200B, and a name given with --profile.
    @Test func aNoteWithAControlOrInvisibleCharacterIsRefusedAndNothingIsWritten() throws {
        #expect(try run("log", "add", "--start", "2026-03-01 07:00", "--duration", "20m", "--note", "first").status == 0)
        let before = try bytes(journal)
        for (option, value, character) in [("--note", "copied \u{1B}]52;c;aGVsbG8=\u{7} quietly", "U+001B"), ("--note", "ring\u{7}", "U+0007"),
                                           ("--note", "zero\u{200B}width", "U+200B"), ("--profile", "Morning\u{1B}[2J", "U+001B")] {
            let result = try run("log", "add", "--duration", "5m", option, value)
            #expect(result.status == 64, "\(option) \(character): \(result.stderr)")
            #expect(result.stderr.hasPrefix("profile: invalid \(option) \""), "\(result.stderr)")
            #expect(result.stderr.hasSuffix(": use text without control or invisible characters: it contains the invisible character \(character)\n"),
                    "\(result.stderr)")
            #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x7 || $0.value == 0x200B }, "shown escaped")
            #expect(try bytes(journal) == before, "\(option) \(character): the journal changed")
        }
        let emoji = try run("log", "add", "--duration", "5m", "--note", "🧘‍♀️ calm")
        #expect(emoji.status == 0, "an emoji's own joiner is part of what a reader sees: \(emoji.stderr)")
    }

    /// `run --note` is checked before the session: nothing is shown, sat or logged.
    @Test func runRefusesSuchANoteBeforeTheSessionStarts() throws {
        #expect(try run("new", "Two", "--duration", "2").status == 0)
        for note in ["\u{1B}[2J", "a\u{200B}b"] {
            let result = try run("run", "Two", "--speed", "600", "--log", "--silent", "--note", note)
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains("invalid --note") && result.stderr.contains("it contains the invisible character U+"), "\(result.stderr)")
            #expect(result.stdout.isEmpty, "refused before the session: \(result.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: journal), "not even opened")
    }

    /// A journal written before notes were checked still reads, and what shows on a terminal escapes them
    /// as before; JSON and CSV keep them exactly. Such a line is not damaged.
    @Test func aJournalThatHoldsSuchANoteStillReadsAndEscapesIt() throws {
        try write([Self.line("0000000000a1", day: 1, note: #""copied \u001b]52;c;aGk=\u0007 \u200b""#)])
        let plain = try run("log", "--format", "plain")
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains(#"copied \u{1B}]52;c;aGk=\u{7} \u{200B}"#), "\(plain.stdout)")
        let table = try run("log", "--format", "table")
        #expect(table.status == 0 && !table.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x7 }, "\(table.stdout)")
        let csv = try run("log", "--format", "csv")
        #expect(csv.stdout.contains("copied \u{1B}]52;c;aGk=\u{7} \u{200B}"), "CSV keeps the text exactly")
        let check = try run("log", "check")
        #expect(check.status == 0 && check.stdout == "\(journal): 1 sit, no damaged line\n", "\(check.stdout)\(check.stderr)")
    }

    // MARK: Check and repair

    /// The issue's check: a journal with a damaged third line.
    @Test func aDamagedThirdLineIsListedNamedAndMovedAside() throws {
        let good = (1...5).map { Self.line("00000000000\($0)", day: $0) }
        var lines = good
        lines[2] = Self.line("000000000003", day: 3, outcome: "finished")
        try write(lines)
        let original = try bytes(journal)

        let check = try run("log", "check")
        #expect(check.status == 65)
        #expect(check.stdout.isEmpty)
        #expect(check.stderr == """
            profile: \(journal):3:159: outcome: expected completed, stopped or interrupted, found "finished"
            profile: \(journal): 1 damaged line of 5; run 'profile log repair' to move damaged lines aside

            """, "\(check.stderr)")
        for arguments in [["log"], ["stats"], ["calendar"], ["log", "delete", "000000000001", "--force"]] {
            let result = try Harness.run(arguments, store: store, home: home, environment: ["PROFILE_JOURNAL": journal, "TZ": "UTC"])
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr.hasPrefix("profile: \(journal):3:159: outcome: "), "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasSuffix("; run 'profile log repair' to move damaged lines aside\n"), "\(arguments): \(result.stderr)")
        }
        #expect(try bytes(journal) == original, "checks and refusals write nothing")

        let repair = try run("log", "repair")
        #expect(repair.status == 0, "\(repair.stderr)")
        let moved = try files(in: home, startingWith: "journal.damaged-")
        #expect(moved.count == 1)
        let name = try #require(moved.first)
        #expect(name.wholeMatch(of: /journal\.damaged-\d{8}T\d{6}\.jsonl/) != nil, "\(name)")
        #expect(try bytes("\(home)/\(name)") == Data((lines[2] + "\n").utf8), "exactly that line")
        #expect(repair.stdout == """
            moved: \(journal):3:159: outcome: expected completed, stopped or interrupted, found "finished"
            moved 1 damaged line to \(home)/\(name); the journal keeps 4 of its 5 lines

            """, "\(repair.stdout)")
        #expect(try ids() == ["000000000001", "000000000002", "000000000004", "000000000005"])
        #expect(try bytes(journal) == Data(([good[0], good[1], good[3], good[4]].joined(separator: "\n") + "\n").utf8))

        let after = try run("log", "check")
        #expect(after.status == 0 && after.stderr.isEmpty)
        #expect(after.stdout == "\(journal): 4 sits, no damaged line\n")
        let again = try run("log", "repair")
        #expect(again.status == 0 && again.stdout == "\(journal): no damaged line; nothing to repair\n", "\(again.stdout)")
        #expect(try files(in: home, startingWith: "journal.damaged-") == moved, "nothing more made")
    }

    /// Several damaged lines, blank lines and a torn last line: every damaged line is listed and moved in
    /// order; the torn line stays for the next entry to cut off, as it always has.
    @Test func severalDamagedLinesMoveTogetherAndATornLastLineStays() throws {
        let bad = ["{\"id\":", Self.line("0000000000b2", day: 2, outcome: "done"), #"{"id":"x","start":"2026-03-04T07:00:00Z","seconds":60,"outcome":"completed","Note":"x"}"#]
        let torn = #"{"id":"0000000000t9","start":"2026-03"#
        let text = [bad[0], Self.line("0000000000a1", day: 1), bad[1], "", Self.line("0000000000a3", day: 3), bad[2]].joined(separator: "\n") + "\n" + torn
        try Data(text.utf8).write(to: URL(fileURLWithPath: journal))

        let check = try run("log", "check")
        #expect(check.status == 65)
        let listed = check.stderr.split(separator: "\n")
        #expect(listed.count == 5, "a warning, three lines and the count: \(check.stderr)")
        #expect(listed[0].hasPrefix("profile: warning: \(journal):7: ignored an incomplete last line"))
        #expect(listed[1].hasPrefix("profile: \(journal):1:7: "))
        #expect(listed[2].hasPrefix("profile: \(journal):3:") && listed[2].contains("found \"done\""))
        #expect(listed[3].hasPrefix("profile: \(journal):6:") && listed[3].contains("unknown key \"Note\""))
        #expect(listed[4] == "profile: \(journal): 3 damaged lines of 7; run 'profile log repair' to move damaged lines aside")

        let repair = try run("log", "repair")
        #expect(repair.status == 0, "\(repair.stderr)")
        let name = try #require(try files(in: home, startingWith: "journal.damaged-").first)
        #expect(try String(contentsOfFile: "\(home)/\(name)", encoding: .utf8) == bad.joined(separator: "\n") + "\n")
        #expect(repair.stdout.split(separator: "\n").filter { $0.hasPrefix("moved: \(journal):") }.count == 3)
        #expect(repair.stdout.hasSuffix("moved 3 damaged lines to \(home)/\(name); the journal keeps 4 of its 7 lines\n"), "\(repair.stdout)")
        #expect(try String(contentsOfFile: journal, encoding: .utf8)
            == [Self.line("0000000000a1", day: 1), "", Self.line("0000000000a3", day: 3)].joined(separator: "\n") + "\n" + torn)

        let checked = try run("log", "check")
        #expect(checked.status == 0 && checked.stdout == "\(journal): 2 sits, no damaged line\n")
        #expect(checked.stderr.contains("ignored an incomplete last line"), "the torn line is warned about as before")
        let added = try run("log", "add", "--start", "2026-03-05 07:00", "--duration", "20m")
        #expect(added.status == 0 && added.stderr.contains("moved a last line with no newline that is no record"), "\(added.stderr)")
        #expect(try ids()?.count == 3)
    }

    /// A journal whose folder cannot be written: the repair fails (74) and nothing changes. Root writes
    /// any folder, so as root the command runs as nobody (setpriv).
    @Test func aRepairThatCannotWriteChangesNothing() throws {
        let folder = "\(home)/sealed"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = "\(folder)/journal.jsonl"
        try write([Self.line("0000000000a1", day: 1), "damaged", Self.line("0000000000a3", day: 3)], to: path)
        let original = try bytes(path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }

        let asRoot = geteuid() == 0
        let executable = asRoot ? URL(fileURLWithPath: "/usr/bin/setpriv") : Harness.binary
        let prefix = asRoot ? ["--reuid=65534", "--regid=65534", "--clear-groups", Harness.binary.path] : []
        let result = try Harness.run(executable: executable, prefix + ["log", "repair", "--journal", path],
                                     environment: Harness.environment(store: store, home: home, extra: ["TZ": "UTC"]))
        #expect(result.status == 74, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("EACCES"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try bytes(path) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["journal.jsonl"])
    }

    /// A repair takes the lock appends take: while another holds it, the repair waits, then gives up
    /// (75) with nothing changed.
    @Test func aRepairWaitsForTheJournalsLockAndGivesUpWithNothingChanged() throws {
        try write([Self.line("0000000000a1", day: 1), "damaged"])
        let original = try bytes(journal)
        try Data(FileLock.record(for: 1).utf8).write(to: URL(fileURLWithPath: "\(journal).lock"))
        let result = try run("log", "repair")
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("journal.jsonl.lock: locked by pid 1"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try bytes(journal) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).sorted() == ["journal.jsonl", "journal.jsonl.lock", "store"])
    }

    /// Output that cannot be written repairs nothing: no file is left beside the journal.
    @Test func lostOutputRepairsNothing() throws {
        try write([Self.line("0000000000a1", day: 1), "damaged"])
        let original = try bytes(journal)
        let binary = Harness.shellQuoted(Harness.binary.path)
        for redirect in ["> /dev/full", ">&-"] {
            let result = try Harness.run(executable: URL(fileURLWithPath: "/bin/bash"), ["-c", "\(binary) log repair \(redirect)"],
                                         environment: Harness.environment(store: store, home: home, extra: ["PROFILE_JOURNAL": journal]))
            #expect(result.status == 74, "\(redirect): \(result.stderr)")
            #expect(try bytes(journal) == original)
            #expect(try FileManager.default.contentsOfDirectory(atPath: home).sorted() == ["journal.jsonl", "store"], "\(redirect)")
        }
    }

    /// A journal that is a symbolic link is repaired as `log delete` and appends treat it: the file it
    /// points to is rewritten, the link stays, and the damaged lines go beside that file, named after it.
    @Test func aLinkedJournalKeepsItsLinkAndTheDamagedLinesGoBesideItsFile() throws {
        let synced = "\(home)/sync"
        try FileManager.default.createDirectory(atPath: synced, withIntermediateDirectories: true)
        let target = "\(synced)/sits.jsonl"
        try write([Self.line("0000000000a1", day: 1), "damaged", Self.line("0000000000a3", day: 3)], to: target)
        try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: target)

        let repair = try run("log", "repair")
        #expect(repair.status == 0, "\(repair.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: journal) == target, "still a link to the same file")
        let moved = try files(in: synced, startingWith: "sits.damaged-")
        #expect(moved.count == 1)
        #expect(try files(in: home, startingWith: "journal.damaged-").isEmpty)
        #expect(repair.stdout.contains("to \(synced)/\(moved.first ?? "?"); the journal keeps 2 of its 3 lines"), "\(repair.stdout)")
        #expect(try String(contentsOfFile: "\(synced)/\(moved.first ?? "")", encoding: .utf8) == "damaged\n")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.line("0000000000a1", day: 1) + "\n" + Self.line("0000000000a3", day: 3) + "\n")
        #expect(try ids() == ["0000000000a1", "0000000000a3"])
    }

    /// The shells complete the two subcommands and their journal option, and their help names them.
    @Test func completionAndHelpKnowCheckAndRepair() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try run("--generate-completion-script", shell).stdout
            #expect(script.contains("check") && script.contains("repair"), "\(shell)")
        }
        let fish = try run("--generate-completion-script", "fish").stdout
        #expect(fish.contains(#""profile log repair" journal' -l 'journal'"#) && fish.contains(#""profile log check" journal' -l 'journal'"#))
        let help = try run("log", "--help").stdout
        #expect(help.contains("  check  ") && help.contains("  repair  "), "\(help)")
    }

    @Test func aMissingJournalHasNothingToCheckOrRepair() throws {
        let check = try run("log", "check")
        #expect(check.status == 0 && check.stdout == "\(journal): no journal yet, so no damaged line\n")
        let repair = try run("log", "repair")
        #expect(repair.status == 0 && repair.stdout == "\(journal): no journal yet; nothing to repair\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home) == ["store"])
    }
}
