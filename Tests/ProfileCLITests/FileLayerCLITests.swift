import Foundation
import Testing
import TestSupport
import ProfileKit

/// The file layer end to end: what a hostile folder or a full file system does to the commands that
/// write through it (`sounds --export`, an append to the journal).
@Suite("The file layer, end to end")
struct FileLayerCLITests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    }

    /// `sounds --export` once wrote through `DIR/.NAME.wav.PID.tmp`, opened without `O_EXCL` or
    /// `O_NOFOLLOW`: a link planted there for the next pids had a file elsewhere overwritten with WAV
    /// data. Every name the old code would have used, for the next hundred pids, is now such a link, and
    /// the file they point at is unchanged, while every bell and soundscape is exported.
    @Test func exportFollowsNoLinkPlantedAtAGuessableTemporaryName() throws {
        let out = "\(home)/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let target = "\(home)/precious"
        try "precious\n".write(toFile: target, atomically: false, encoding: .utf8)
        // Every bell and every soundscape, as the export names them (the catalogs' own names, lowercased).
        let names = (Bell.allCases.map(\.rawValue) + Soundscape.allCases.map(\.rawValue)).map { $0.lowercased().split(separator: " ").joined(separator: "-") }
        let last = Int32((try? String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? getpid()
        var planted = 0
        for pid in (last + 1)...(last + 100) {
            for name in names where symlink(target, "\(out)/.\(name).wav.\(pid).tmp") == 0 { planted += 1 }
        }
        #expect(planted == 100 * names.count)
        let result = try Harness.run(["sounds", "--export", out], store: store, home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        let exported = try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") }
        #expect(exported.count == names.count && exported.allSatisfy { $0.hasSuffix(".wav") }, "\(exported)")
        #expect(result.stdout.split(separator: "\n").count == exported.count, "\(result.stdout)")
    }

    /// An append that the file system cuts short (here a file size limit, which makes `write` stop part
    /// way with EFBIG) leaves the journal byte for byte as it was, and the command fails with 74.
    @Test func anAppendCutShortLeavesTheJournalAsItWas() throws {
        let journal = "\(home)/journal.jsonl"
        let line = #"{"id":"0123456789ab","start":"2026-11-20T07:00:00+00:00","end":"2026-11-20T07:20:00+00:00","profile":"Morning","seconds":1200,"plannedSeconds":1200,"outcome":"completed","bells":2,"note":null}"#
        // 10 lines of 191 bytes: 1,910 bytes, under the limit of 2 KiB (bash counts `ulimit -f` in
        // KiB); the next line would cross it.
        let before = String(repeating: line.replacingOccurrences(of: "0123456789ab", with: "0123456789a0") + "\n", count: 10)
        try before.write(toFile: journal, atomically: false, encoding: .utf8)
        #expect(before.utf8.count < 2048 && before.utf8.count + 190 > 2048)
        // SIGXFSZ ignored, so that the write fails with EFBIG instead of killing the program.
        let script = "trap '' XFSZ; ulimit -f 2; exec \"$0\" log add --duration 20m --start 2026-11-21T07:00 --journal \"$1\""
        let result = try Harness.run(executable: URL(fileURLWithPath: "/bin/bash"), ["-c", script, Harness.binary.path, journal],
                                     environment: Harness.environment(store: store, home: home, extra: ["TZ": "UTC"]))
        #expect(result.status == 74, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("journal.jsonl"), "\(result.stderr)")
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == before)
    }
}
