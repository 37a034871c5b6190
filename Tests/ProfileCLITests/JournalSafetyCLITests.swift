import Foundation
import Testing
import TestSupport

/// Issue 37, "Not one byte lost", end to end on the built binary: a journal command deletes no byte it
/// did not write. A file that is no journal is refused and kept; a last line that is no record is moved
/// aside, not cut; edit and delete change only their sit's line; and an append is all or nothing when a
/// system call fails (strace), when the process is killed (SIGKILL) and when the disk is full (tmpfs).
/// Every test has its own home and journal.
@Suite("Journal safety")
struct JournalSafetyCLITests {
    let home: String
    var store: String { "\(home)/store" }
    /// The journal's own folder, so that what a command leaves beside it can be listed.
    var folder: String { "\(home)/j" }
    var journal: String { "\(folder)/journal.jsonl" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String], journal path: String? = nil, environment: [String: String] = [:]) throws -> Harness.Result {
        try Harness.run(arguments, store: store, home: home,
                        environment: ["PROFILE_JOURNAL": path ?? journal, "TZ": "UTC"].merging(environment) { $1 })
    }

    /// A record as `profile` writes it, `day` days into 2026 at 07:00 UTC, 20 minutes.
    static func line(_ id: String, day: Int, outcome: String = "completed", note: String = "null") -> String {
        let date = String(format: "2026-03-%02d", day)
        return #"{"id":"\#(id)","start":"\#(date)T07:00:00+00:00","end":"\#(date)T07:20:00+00:00","profile":"Morning","seconds":1200,"#
            + #""plannedSeconds":1200,"outcome":"\#(outcome)","bells":0,"note":\#(note)}"#
    }

    static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// `YYYY-MM-DDTHH:MM:SS+00:00` of `epoch` (seconds since 1970), UTC (civil from days, H. Hinnant).
    static func stamp(_ epoch: Int) -> String {
        let days = epoch / 86_400, seconds = epoch % 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d+00:00", year, month, day, seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    /// Profile's own CSV (`log --format csv`'s header and rows) of `rows` sits of 20 minutes an hour
    /// apart from 2000-01-01, ids `<prefix>000001`…, every one ended long ago.
    static func csv(rows: Int, prefix: String = "imp") -> String {
        var text = "id,start,end,profile,seconds,plannedSeconds,outcome,bells,note,pausedSeconds,recovered\r\n"
        text.reserveCapacity(rows * 110)
        let base = 946_684_800
        for index in 0..<rows {
            let start = base + index * 3600
            text += "\(prefix)\(String(format: "%06d", index + 1)),\(stamp(start)),\(stamp(start + 1200)),Morning,1200,1200,completed,0,,0,false\r\n"
        }
        return text
    }

    /// The names in `path`, sorted.
    static func names(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    // MARK: 1. A file that is no journal

    /// A text file of notes (two lines, the last with no newline) given as the journal is refused by
    /// `log add` and by `log import` (65, naming it), and not one of its bytes changes; nothing is left
    /// beside it.
    @Test func aTextFileOfNotesIsRefusedByAddAndImportAndKeptByteForByte() throws {
        let notes = "\(folder)/notes.txt"
        try Self.write("buy oat milk\ncall the dentist about Tuesday", to: notes)
        let before = try Self.bytes(notes)
        let csv = "\(home)/rows.csv"
        try Self.write(Self.csv(rows: 3), to: csv)
        for arguments in [["log", "add", "--journal", notes, "--start", "2026-03-01 07:00", "--duration", "1m"],
                          ["log", "import", "--journal", notes, csv]] {
            let result = try run(arguments)
            #expect(result.status == 65, "\(arguments[1]): \(result.stderr)")
            #expect(result.stderr.contains(notes), "\(arguments[1]) does not name the file: \(result.stderr)")
            #expect(!result.stdout.contains("logged") && !result.stdout.contains("added"), "\(arguments[1]) claims a write: \(result.stdout)")
            #expect(try Self.bytes(notes) == before, "\(arguments[1]) changed the text file")
            #expect(try Self.names(folder) == ["notes.txt"], "\(arguments[1]) left a file beside it")
        }
    }

    // MARK: 2. A last line that is no record

    /// A journal whose last line is a record with a typo (`"outcome":"complet"`) and no newline: `log add`
    /// moves that line, byte for byte, to one `journal.damaged-*` file beside the journal, says so, and
    /// appends its sit; the record lines before it are unchanged.
    @Test func aTypoedLastLineWithoutNewlineIsMovedAsideByteForByteAndTheSitAdded() throws {
        let kept = Self.line("aaaa00000001", day: 1) + "\n" + Self.line("aaaa00000002", day: 2) + "\n"
        let typo = Self.line("aaaa00000003", day: 3, outcome: "complet")
        try Self.write(kept + typo, to: journal)
        let added = try run(["log", "add", "--start", "2026-03-05 07:00", "--duration", "20m", "--note", "after the typo"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("logged: "), "\(added.stdout)")
        #expect(added.stderr.contains("notice: \(journal):3: moved a last line"), "\(added.stderr)")
        let aside = try Self.names(folder).filter { $0.hasPrefix("journal.damaged-") }
        #expect(aside.count == 1, "\(aside)")
        if let name = aside.first {
            #expect(name.wholeMatch(of: /journal\.damaged-\d{8}T\d{6}\.jsonl/) != nil, "\(name)")
            #expect(try Self.bytes("\(folder)/\(name)") == Data(typo.utf8), "the damaged line is not byte for byte in \(name)")
        }
        let after = try Self.bytes(journal)
        #expect(after.starts(with: Data(kept.utf8)), "the record lines before it changed")
        let rest = String(decoding: after.dropFirst(kept.utf8.count), as: UTF8.self)
        #expect(rest.hasSuffix("\n") && rest.dropLast().split(separator: "\n", omittingEmptySubsequences: false).count == 1, "not one line added: \(rest)")
        #expect(rest.contains(#""note":"after the typo""#) && rest.contains(#""start":"2026-03-05T07:00:00+00:00""#), "\(rest)")
        #expect(!rest.contains("complet\""), "the typo'd line is still in the journal")
        let listed = try Self.names(folder)
        #expect(listed.count == 2, "only the journal and the damaged-lines file: \(listed)")
    }

    // MARK: 3. Edit and delete change one line

    /// A blank line between records and one at the end survive `log edit` and `log delete`: every byte
    /// but those of the sit's own line is as it was.
    @Test func editAndDeleteChangeOnlyTheirSitsLineAndKeepBlankLines() throws {
        let a = Self.line("bbbb00000001", day: 1), b = Self.line("bbbb00000002", day: 2), c = Self.line("bbbb00000003", day: 3)
        let head = a + "\n\n", tail = "\n" + c + "\n\n"
        try Self.write(head + b + tail, to: journal)

        let edited = try run(["log", "edit", "bbbb00000002", "--note", "edited"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let afterEdit = try Self.bytes(journal)
        #expect(afterEdit.starts(with: Data(head.utf8)), "the bytes before the edited line changed: \(String(decoding: afterEdit, as: UTF8.self))")
        #expect(afterEdit.suffix(tail.utf8.count) == Data(tail.utf8), "the bytes after the edited line changed: \(String(decoding: afterEdit, as: UTF8.self))")
        let middle = String(decoding: afterEdit.dropFirst(head.utf8.count).dropLast(tail.utf8.count), as: UTF8.self)
        #expect(!middle.contains("\n") && middle.contains(#""id":"bbbb00000002""#) && middle.contains(#""note":"edited""#), "\(middle)")

        let deleted = try run(["log", "delete", "bbbb00000001", "--force"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        let afterDelete = try Self.bytes(journal)
        #expect(afterDelete == Data(("\n" + middle + tail).utf8), "delete changed more than its line: \(String(decoding: afterDelete, as: UTF8.self))")

        let deletedLast = try run(["log", "delete", "bbbb00000003", "--force"])
        #expect(deletedLast.status == 0, "\(deletedLast.stderr)")
        let afterLast = try Self.bytes(journal)
        #expect(afterLast == Data(("\n" + middle + "\n\n").utf8), "delete changed more than its line: \(String(decoding: afterLast, as: UTF8.self))")
        #expect(try Self.names(folder) == ["journal.jsonl"])
    }

    // MARK: 4. Failing system calls (strace)

    static var strace: String? { Harness.tool("strace") }
    /// As ReliabilityTests: strace needs ptrace, which the sanitizer runs refuse; they skip these.
    static var canInject: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["PROFILE_SANITIZER"] == nil && (strace != nil || environment["CI"] == "true")
    }

    enum Command: String, Sendable, CaseIterable {
        /// `addAfterTornLine`: a `log add` onto a journal whose last line, with no newline, is no record,
        /// so that the append first moves that line aside (the one place an append cuts the journal).
        case add, addAfterTornLine = "add (torn last line)", importRows = "import", edit, repair
        var appends: Bool { self == .add || self == .importRows || self == .addAfterTornLine }
        var addsOneSit: Bool { self == .add || self == .addAfterTornLine }
    }

    struct Fault: CustomTestStringConvertible, Sendable {
        let command: Command
        let syscall: String
        let errno: String
        var testDescription: String { "log \(command.rawValue): \(syscall) \(errno)" }
    }

    static let faults: [Fault] = Command.allCases.flatMap { command in
        [("write", "ENOSPC"), ("fsync", "EIO"), ("rename", "EIO")].map { Fault(command: command, syscall: $0.0, errno: $0.1) }
    }

    /// At most this many occurrences of a call are failed, one run each.
    static let mostFaults = 16

    /// Each of a command's first `write`s (ENOSPC), `fsync`s or `rename`s (EIO) fails in turn: either the
    /// command succeeds and the journal is what it writes, or it fails (non-zero, with a message, no
    /// claim on stdout) and the journal is byte for byte as before; and after the next plain `profile
    /// log` the journal holds none or all of the change, the old bytes still a prefix for an append, and
    /// no mark, lock or temporary file is left.
    @Test(.enabled(if: canInject, "strace is not installed (apt-get install strace)"), arguments: faults)
    func aFailingCallLeavesTheJournalAsBeforeOrWhole(_ fault: Fault) throws {
        let strace = try #require(Self.strace, "strace is missing; .ci/run installs it")
        let old = (1...6).map { Self.line(String(format: "cccc%08d", $0), day: $0) }
        let original: String
        let arguments: [String]
        /// The torn last line of `addAfterTornLine`'s journal.
        let torn = #"{"id":"cccc00000007","start":"2026-03-07T07:00"#
        switch fault.command {
        case .add:
            original = old.joined(separator: "\n") + "\n"
            arguments = ["log", "add", "--start", "2026-03-20 07:00", "--duration", "20m", "--note", "faulted"]
        case .addAfterTornLine:
            original = old.joined(separator: "\n") + "\n" + torn
            arguments = ["log", "add", "--start", "2026-03-20 07:00", "--duration", "20m", "--note", "faulted"]
        case .importRows:
            original = old.joined(separator: "\n") + "\n"
            try Self.write(Self.csv(rows: 100), to: "\(home)/rows.csv")
            arguments = ["log", "import", "\(home)/rows.csv"]
        case .edit:
            original = old.joined(separator: "\n") + "\n"
            arguments = ["log", "edit", "cccc00000003", "--note", "edited"]
        case .repair:
            var lines = old
            lines[2] = Self.line("cccc00000003", day: 3, outcome: "finished")
            original = lines.joined(separator: "\n") + "\n"
            arguments = ["log", "repair"]
        }
        let before = Data(original.utf8)
        /// What an append keeps in place: the journal less a torn last line it moves aside.
        let kept = fault.command == .addAfterTornLine ? Data(original.utf8.dropLast(torn.utf8.count)) : before
        let environment = Harness.environment(store: store, home: home, extra: ["PROFILE_JOURNAL": journal, "TZ": "UTC"])

        func reset() throws {
            for name in try Self.names(folder) { try FileManager.default.removeItem(atPath: "\(folder)/\(name)") }
            try before.write(to: URL(fileURLWithPath: journal))
        }
        func traced(_ options: [String]) throws -> Harness.Result {
            try Harness.run(executable: URL(fileURLWithPath: strace), ["-f", "-qq"] + options + [Harness.binary.path] + arguments,
                            environment: environment)
        }

        // The clean run: how many times the command makes the call, and what it writes.
        try reset()
        let trace = "\(home)/trace.txt"
        let clean = try traced(["-o", trace, "-e", "trace=\(fault.syscall)"])
        #expect(clean.status == 0, "the clean run failed: \(clean.stderr)")
        let count = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("\(fault.syscall)(") && !$0.contains("resumed>") }.count
        let written = try Self.bytes(journal)
        #expect(written != before && written.count > 0, "the clean run changed nothing")
        if fault.command.appends {
            #expect(written.starts(with: kept), "the clean append did not keep the old bytes")
        }
        if fault.syscall == "rename" {
            // An append writes into the journal itself; edit and repair replace it whole.
            #expect(fault.command.appends ? count == 0 : count > 0, "\(count) renames")
        } else {
            #expect(count > 0, "no \(fault.syscall) seen")
        }
        let claim = fault.command.addsOneSit ? "logged:" : fault.command == .importRows ? "added" : nil
        let damagedCleanly = try Self.names(folder).filter { $0.hasPrefix("journal.damaged-") }

        var failures = 0
        for when in Self.mostFaults >= count ? Array(stride(from: 1, through: count, by: 1)) : Array(1...Self.mostFaults) {
            try reset()
            let result = try traced(["-o", "/dev/null", "-e", "trace=\(fault.syscall)",
                                     "-e", "inject=\(fault.syscall):error=\(fault.errno):when=\(when)"])
            let now = try Self.bytes(journal)
            let label = "\(fault.testDescription) #\(when): exit \(result.status)"
            if result.status == 0 {
                if fault.command.addsOneSit {
                    #expect(now.starts(with: kept) && now.count == written.count && now.last == 0x0A, "\(label): succeeded but the sit is not appended whole")
                } else {
                    #expect(now == written, "\(label): succeeded but the journal is not what a clean run writes")
                }
            } else {
                failures += 1
                // A torn last line moved aside before the append failed stays moved (no byte lost): the
                // journal is then its lines before it, and the command must have said where the line went.
                let aside = try Self.names(folder).filter { $0.hasPrefix("journal.damaged-") }
                let movedAndTold = fault.command == .addAfterTornLine && now == kept
                    && (aside.first.map { result.stderr.contains("\(folder)/\($0)") } ?? false)
                // A replace whose folder then cannot be flushed is done, maybe not durably, and says so (74),
                // as a profile's save does: the change stands, told.
                let doneAndTold = (fault.command == .edit || fault.command == .repair) && now == written
                    && result.stderr.contains("saved, but the folder could not be flushed")
                #expect(now == before || movedAndTold || doneAndTold,
                        "\(label): failed but the journal changed (\(before.count) → \(now.count) bytes)\(now == kept ? ", its torn last line moved aside without saying where" : ""); stderr: \(result.stderr)")
                #expect(!result.stderr.isEmpty, "\(label): failed without a message")
                if let claim {
                    #expect(!result.stdout.contains(claim), "\(label): failed but claimed on stdout: \(result.stdout)")
                }
            }
            // The next plain `profile log` settles whatever was left half done.
            let next = try Harness.run(["log"], store: store, home: home, environment: ["PROFILE_JOURNAL": journal, "TZ": "UTC"])
            let settled = try Self.bytes(journal)
            if fault.command != .repair || settled == written {
                #expect(next.status == 0, "\(label): the next 'profile log' failed: \(next.stderr)")
            }
            if fault.command.appends {
                #expect(settled.starts(with: kept), "\(label): old bytes lost or changed after 'profile log'")
            }
            if fault.command.addsOneSit {
                #expect(settled == before || (fault.command == .addAfterTornLine && settled == kept) || (settled.starts(with: kept) && settled.count == written.count && settled.last == 0x0A),
                        "\(label): after 'profile log' the journal is neither before nor the old lines and the whole sit (\(before.count)/\(settled.count)/\(written.count) bytes)")
            } else {
                #expect(settled == before || settled == written,
                        "\(label): after 'profile log' the journal is neither before nor whole (\(before.count)/\(settled.count)/\(written.count) bytes)")
            }
            if result.status != 0 {
                #expect(settled == now, "\(label): the command failed but 'profile log' left its change in")
            }
            let left = try Self.names(folder).filter { !$0.hasPrefix("journal.damaged-") }
            #expect(left == ["journal.jsonl"], "\(label): left beside the journal: \(left)")
            let damaged = try Self.names(folder).filter { $0.hasPrefix("journal.damaged-") }
            let movedLine = fault.command == .repair ? Self.line("cccc00000003", day: 3, outcome: "finished") + "\n"
                : fault.command == .addAfterTornLine ? torn : nil
            if let movedLine, settled != before {
                // No byte lost: the line taken out of the journal is in one damaged-lines file, byte for byte.
                #expect(damaged.count == 1, "\(label): the line taken out of the journal is in no file: \(damaged)")
                if let name = damaged.first {
                    #expect(try Self.bytes("\(folder)/\(name)") == Data(movedLine.utf8),
                            "\(label): the damaged-lines file does not hold the line byte for byte")
                }
            } else if result.status != 0 {
                #expect(damaged.isEmpty, "\(label): the command failed but left \(damaged)")
            }
        }
        print("fault test \(fault.testDescription): \(count) calls in a clean run, failed each of the first \(min(count, Self.mostFaults)): \(failures) runs failed; clean run's damaged files: \(damagedCleanly.count)")
    }

    // MARK: 5. SIGKILL during an import

    /// Rows of the killed import: enough that it takes a while (0.8 s on a debug build, alone), few
    /// enough that its 12 kills and their checks take about 10 s of CPU. 40,000 rows took 34 s of CPU,
    /// the most of any end-to-end suite of `make check`; the kills at each fsync land inside the write
    /// whatever the size (2 of the 12 at 10,000 rows).
    static let killRows = 10_000

    /// The marks of appends left in the journal's folder.
    func marks() throws -> [String] { try Self.names(folder).filter { $0.hasPrefix(".appending-") } }

    /// What the reader and the writer after a killed import must find: the reader (`log check`, then
    /// `stats`) counts the old sits, or all of them once the import's mark is gone, and changes not a
    /// byte; the next writer (`log add`) takes back exactly the import's proven bytes (or keeps a
    /// finished import) and appends its sit after them. Returns whether the kill left the import's
    /// bytes in the file under their mark: a kill inside the write.
    func checkAfterKill(_ label: String, before: Data, all: Data, oldSits: Int, allSits: Int, environment: [String: String]) throws -> Bool {
        let now = try Self.bytes(journal)
        let marked = try !marks().isEmpty
        #expect(now.starts(with: before), "\(label): the old sits are not a prefix")
        #expect(now == before || now == all, "\(label): a kill at a call leaves none or all of the write (\(now.count - before.count) of \(all.count - before.count) bytes)")
        let check = try Harness.run(["log", "check"], store: store, home: home, environment: environment)
        #expect(check.status == 0, "\(label): log check: \(check.stdout)\(check.stderr)")
        let counted = marked ? oldSits : (now == all ? allSits : oldSits)
        let grouped = counted.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
        #expect(check.stdout.contains(" \(grouped) sits,"), "\(label): log check counted \(check.stdout)")
        let stats = try Harness.run(["stats", "--format", "json"], store: store, home: home, environment: environment)
        let figures = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
        #expect(figures?["sessions"] as? Int == counted, "\(label): stats: \(stats.stdout)")
        #expect(try Self.bytes(journal) == now, "\(label): a reader changed the journal")
        #expect(try marks().isEmpty == !marked, "\(label): a reader touched the mark")

        let add = try Harness.run(["log", "add", "--start", "2001-01-01 07:00", "--duration", "20m"], store: store, home: home, environment: environment)
        #expect(add.status == 0, "\(label): log add: \(add.stderr)")
        let settled = try Self.bytes(journal)
        let kept = marked ? before : now
        #expect(settled.starts(with: kept) && settled.count > kept.count && settled.last == 0x0A,
                "\(label): the writer did not take back exactly the cut-off import (\(kept.count) kept, \(settled.count) now)")
        #expect(!marked || add.stderr.contains("took back") || now == before, "\(label): \(add.stderr)")
        #expect(try marks().isEmpty, "\(label): the writer left a mark")
        return marked && now == all
    }

    /// An import of profile's own CSV (10,000 rows) killed with SIGKILL at each of its `fsync`s and
    /// `unlink`s (strace's fault injection: the kill lands at that call, every time), and at 6 random
    /// moments: after each, readers count none or all of the import and change nothing, and the next
    /// writer takes back exactly the import's bytes. At least one kill must land inside the write (its
    /// bytes in the file, its mark still there), or the test proves nothing.
    @Test(.enabled(if: canInject, "strace is not installed (apt-get install strace)"))
    func anImportKilledAtEachCallLeavesNoneOrAllOfItsRows() throws {
        let strace = try #require(Self.strace, "strace is missing; .ci/run installs it")
        let old = (1...5).map { Self.line(String(format: "dddd%08d", $0), day: $0) }.joined(separator: "\n") + "\n"
        let before = Data(old.utf8)
        let csv = "\(home)/big.csv"
        try Self.write(Self.csv(rows: Self.killRows), to: csv)
        let variables = ["PROFILE_JOURNAL": journal, "TZ": "UTC"]
        let environment = Harness.environment(store: store, home: home, extra: variables)
        func reset() throws {
            for name in try Self.names(folder) { try FileManager.default.removeItem(atPath: "\(folder)/\(name)") }
            try before.write(to: URL(fileURLWithPath: journal))
        }

        // One whole import, traced: its journal is the "all" outcome, its calls the places to kill at.
        try reset()
        let trace = "\(home)/trace.txt"
        let clock = ContinuousClock()
        let start = clock.now
        let whole = try Harness.run(executable: URL(fileURLWithPath: strace), ["-f", "-qq", "-o", trace, "-e", "trace=fsync,unlink", Harness.binary.path, "log", "import", csv],
                                    environment: environment)
        let duration = clock.now - start
        #expect(whole.status == 0 && whole.stdout.hasPrefix("added "), "\(whole.stdout)\(whole.stderr)")
        let all = try Self.bytes(journal)
        #expect(all.starts(with: before) && all.count > before.count)
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter { !$0.contains("resumed>") }
        let fsyncs = calls.filter { $0.contains("fsync(") }.count
        let unlinks = calls.filter { $0.contains("unlink(") }.count
        #expect(fsyncs >= 2 && unlinks >= 1, "\(calls)")

        var inside = 0
        var rounds = 0
        for (call, count) in [("fsync", fsyncs), ("unlink", unlinks)] {
            for when in 1...count {
                try reset()
                let killed = try Harness.run(executable: URL(fileURLWithPath: strace),
                                             ["-f", "-qq", "-o", "/dev/null", "-e", "trace=\(call)", "-e", "inject=\(call):signal=SIGKILL:when=\(when)",
                                              Harness.binary.path, "log", "import", csv], environment: environment)
                #expect(killed.status != 0, "\(call) #\(when): the import was not killed")
                if try checkAfterKill("\(call) #\(when)", before: before, all: all, oldSits: 5, allSits: 5 + Self.killRows, environment: variables) {
                    inside += 1
                }
                rounds += 1
            }
        }
        #expect(inside >= 1, "no kill landed inside the import's write: the test proved nothing")

        // Random moments too, as a person's kill -9 lands.
        let window = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        var generator = SeededGenerator(seed: 37)
        for round in 0..<6 {
            try reset()
            let process = Process()
            process.executableURL = Harness.binary
            process.arguments = ["log", "import", csv]
            process.environment = environment
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            let delay = Int64.random(in: 0...max(1, window), using: &generator)
            try process.run()
            usleep(UInt32(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // A lock killed before its owner was written in it is broken once 2 s old: make it so.
            let lock = "\(journal).lock"
            if let info = try? FileManager.default.attributesOfItem(atPath: lock), (info[.size] as? Int) == 0 {
                try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: lock)
            }
            if try checkAfterKill("random round \(round) (after \(delay) µs)", before: before, all: all, oldSits: 5, allSits: 5 + Self.killRows, environment: variables) {
                inside += 1
            }
            rounds += 1
        }
        print("kill test: import of \(Self.killRows) rows takes \(duration); \(rounds) kills (each fsync and unlink, 6 random): \(inside) inside the write, each taken back by the next writer alone")
    }

    // MARK: 6. A full disk

    static let mount = Harness.tool("mount")
    static let umount = Harness.tool("umount")

    /// Whether this process may mount a tmpfs (root, with the right to mount: not in every container).
    static let canMountTmpfs: Bool = {
        guard geteuid() == 0, let mount, let umount, let place = try? makeTemporaryDirectory() else { return false }
        defer { rmdir(place) }
        let result = try? Harness.run(executable: URL(fileURLWithPath: mount), ["-t", "tmpfs", "-o", "size=256k", "tmpfs", place],
                                      environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"])
        guard result?.status == 0 else { return false }
        _ = try? Harness.run(executable: URL(fileURLWithPath: umount), [place], environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"])
        return true
    }()

    /// An import of 3,000 rows onto a tmpfs with about 50 KB left: the write runs out of room, the import
    /// fails (74) with no `added` line, and the journal is byte for byte as before, nothing left beside
    /// it. Skipped where a tmpfs cannot be mounted (not root, or a container without the right to mount).
    @Test(.enabled(if: canMountTmpfs, "needs root and the right to mount a tmpfs")) func anImportOntoAFullDiskFails74AndKeepsTheJournal() throws {
        let mount = try #require(Self.mount), umount = try #require(Self.umount)
        let disk = "\(home)/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let tools = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]
        let mounted = try Harness.run(executable: URL(fileURLWithPath: mount), ["-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", disk], environment: tools)
        try #require(mounted.status == 0, "mount: \(mounted.stderr)")
        defer { _ = try? Harness.run(executable: URL(fileURLWithPath: umount), [disk], environment: tools) }

        let path = "\(disk)/journal.jsonl"
        let original = (1...4).map { Self.line(String(format: "eeee%08d", $0), day: $0) }.joined(separator: "\n") + "\n"
        try Self.write(original, to: path)
        let csv = "\(home)/rows.csv"
        try Self.write(Self.csv(rows: 3000), to: csv)
        // Fill the disk so that about 50 KB is left.
        var info = statvfs()
        #expect(statvfs(disk, &info) == 0)
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        try Data(count: free - 50 * 1024).write(to: URL(fileURLWithPath: "\(disk)/filler"))
        #expect(statvfs(disk, &info) == 0)
        let left = Int(info.f_bavail) * Int(info.f_frsize)
        #expect(left >= 40 * 1024 && left <= 60 * 1024, "\(left) bytes left")

        let result = try run(["log", "import", csv], journal: path)
        #expect(result.status == 74, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("added"), "\(result.stdout)")
        #expect(result.stderr.contains(path), "the message does not name the journal: \(result.stderr)")
        #expect(try Self.bytes(path) == Data(original.utf8), "the journal changed")
        #expect(try Self.names(disk) == ["filler", "journal.jsonl"])
        let next = try run(["log", "check"], journal: path)
        #expect(next.status == 0 && next.stdout == "\(path): 4 sits, no damaged line\n", "\(next.stdout)\(next.stderr)")
    }
}

extension JournalSafetyCLITests {
    /// Issue 46, item 9 end to end: `log import` of a file whose second line is 50 MB is refused at
    /// that line as soon as its limit (1 MiB) is passed, with 65 and the file and line named, in
    /// seconds (under `timeout`, which fails the test at 30), and the journal is not touched.
    @Test func aFiftyMegabyteLineIsRefusedWithItsPlace() throws {
        let file = "\(home)/long.jsonl"
        #expect(FileManager.default.createFile(atPath: file, contents: Data((Self.line("aaaaaaaaaaaa", day: 1) + "\n").utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.seekToEnd()
        let block = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<50 { try handle.write(contentsOf: block) }
        try handle.write(contentsOf: Data("\n".utf8))
        try handle.close()
        try Self.write(Self.line("bbbbbbbbbbbb", day: 2) + "\n", to: journal)
        let before = try Self.bytes(journal)

        let clock = ContinuousClock()
        let start = clock.now
        let result = try Harness.run(executable: URL(fileURLWithPath: "/usr/bin/timeout"), ["-k", "1", "30", Harness.binary.path, "log", "import", file],
                                     environment: Harness.environment(store: store, home: home, extra: ["PROFILE_JOURNAL": journal, "TZ": "UTC"]))
        let took = clock.now - start
        #expect(result.status == 65, "\(result.status) \(result.stderr)")
        #expect(result.stderr.contains("\(file):2: a line longer than 1,048,576 bytes, refused once that much of it was read"), "\(result.stderr)")
        #expect(result.stderr.utf8.count < 1000, "the line itself is not echoed")
        #expect(took < .seconds(10), "\(took)")
        #expect(try Self.bytes(journal) == before)
    }
}
