#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import Files
import ProfileKit
import TestSupport
import LocalTime
@testable import JournalCore
@testable import JournalStore

/// Issue 46, item 10: the file layer checked against a model that never loses a byte. Random steps of
/// ours and of the world's — appends and imports, writes killed at each of their calls (before the
/// mark, after it, a page into the write, after the write, after the flush), another program's
/// appends, restores in place, renames, a second name, planted marks, repairs — and after every step:
/// a reader changed nothing (not the journal, not its folder), every byte the model holds as written
/// (ours once an append returned, every other program's) is still in the journal or in a damaged-lines
/// file beside it, and where nothing but our own writes happened the journal is exactly the model.
@Suite("Journal against a model")
struct JournalModelTests {
    enum Step: CaseIterable {
        case append, importMany, killedAppend, foreignAppend, restore, rename, otherName, plantedMark, repair
    }

    /// The model: what must survive, and what the journal is exactly when only we wrote.
    struct Model {
        /// Byte strings whose every line must be found in the journal or a damaged-lines file.
        var kept: [[UInt8]] = []
        /// The journal's bytes as the model knows them, while only our writes (and cut-off writes of ours
        /// that a writer may take back) happened since it was last known.
        var exact: [UInt8]? = []
        /// A write of ours cut off: the bytes it left, which the next writer takes back.
        var cutOff: [UInt8]?
        /// The lines of every write of ours that was cut off: never logged, so a writer may take them
        /// back wherever its mark proves them, even after another program copied them (a file renamed
        /// into place with the same bytes may come to have the inode its mark names).
        var unlogged: Set<[UInt8]> = []
    }

    static let seeds: [UInt64] = [3, 11, 29]

    @Test(arguments: Sanitizer.fewer(seeds, keeping: 1))
    func randomStepsLoseNoByte(seed: UInt64) throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/journal.jsonl"
        let second = "\(folder)/same-file.jsonl"
        var generator = SeededGenerator(seed: seed)
        var model = Model()
        var serial = 0
        var snapshots: [[UInt8]] = [[]]
        var counts: [Step: Int] = [:]
        try Data().write(to: URL(fileURLWithPath: path))

        func newSit() -> Sit {
            serial += 1
            let start = Timestamp(epoch: 1_700_000_000 + serial * 5_000, offset: 3600)
            let seconds = Int.random(in: 60...3600, using: &generator)
            return Sit(id: String(format: "m%05d%06d", seed, serial), start: start, end: Timestamp(epoch: start.epoch + seconds, offset: 3600),
                       profile: "Model", seconds: seconds, plannedSeconds: seconds, outcome: .completed, bells: 2,
                       note: serial % 3 == 0 ? String(repeating: "n", count: Int.random(in: 1...3000, using: &generator)) : nil)
        }
        func bytes(_ file: String) -> [UInt8] { (try? Array(Data(contentsOf: URL(fileURLWithPath: file)))) ?? [] }
        func folderState() -> [String: [UInt8]] {
            var state: [String: [UInt8]] = [:]
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] { state[name] = bytes("\(folder)/\(name)") }
            return state
        }
        func appendRaw(_ extra: [UInt8]) {
            let fd = open(path, O_WRONLY | O_APPEND)
            #expect(fd >= 0)
            #expect(write(fd, extra, extra.count) == extra.count)
            close(fd)
        }
        /// A writer of ours ran: a cut-off write of ours is gone when nothing else came after it.
        func ourWriterRan(adding line: [UInt8]) {
            if var exact = model.exact {
                exact.removeLast(model.cutOff?.count ?? 0)
                model.exact = exact + line
            }
            model.cutOff = nil
            model.kept.append(line)
        }
        /// Another program wrote: what a cut-off write of ours left is now in the file for good (no mark
        /// proves it any more), so the journal is no longer known exactly.
        func worldWrote(keeping: [UInt8]) {
            model.cutOff = nil
            model.exact = nil
            if !keeping.isEmpty { model.kept.append(keeping) }
        }

        for number in 0..<150 {
            let step = Step.allCases.randomElement(using: &generator) ?? .append
            counts[step, default: 0] += 1
            let label = "seed \(seed), step \(number) (\(step))"
            switch step {
            case .append, .otherName:
                let sit = newSit()
                let name = step == .otherName && FileManager.default.fileExists(atPath: second) ? second : path
                try JournalFile(path: name).append(sit)
                ourWriterRan(adding: Array(sit.line.utf8))
            case .importMany:
                let sits = (0..<Int.random(in: 2...40, using: &generator)).map { _ in newSit() }
                // An import refuses a journal with a damaged line (it could hold any of the sits): nothing written.
                guard let imported = try? JournalFile(path: path).appendImported(sits.map { ($0, false) }, dryRun: false) else {
                    #expect(model.exact == nil, "\(label): an import refused a journal only this program wrote")
                    break
                }
                #expect(imported.added.count == sits.count, "\(label)")
                ourWriterRan(adding: sits.flatMap { Array($0.line.utf8) })
            case .killedAppend:
                // Where a kill lands: before the write, a page into it, after it (flushed or not).
                let sits = (0..<Int.random(in: 1...40, using: &generator)).map { _ in newSit() }
                let lines = sits.flatMap { Array($0.line.utf8) }
                let fd = open(path, O_WRONLY | O_APPEND)
                #expect(fd >= 0)
                var info = stat()
                fstat(fd, &info)
                // A mark already there means an earlier cut-off write: a writer would settle it first.
                if model.cutOff != nil || (try? POSIX.lstatIfExists(AppendMark.path(folder: folder, info: info))) != nil {
                    close(fd)
                    try JournalFile(path: path).settle()
                    if let cut = model.cutOff, var exact = model.exact { exact.removeLast(cut.count); model.exact = exact }
                    model.cutOff = nil
                    continue
                }
                _ = try AppendMark.mark(fd, file: POSIX.realPath(path) ?? path, adding: lines)
                let length = Int(info.st_size)
                let pageEnd = (length / AppendMark.chunkSize + 1) * AppendMark.chunkSize - length
                let written = [0, min(pageEnd, lines.count), lines.count].randomElement(using: &generator) ?? 0
                let part = Array(lines.prefix(written))
                #expect(write(fd, part, part.count) == part.count)
                close(fd)
                model.cutOff = part
                model.unlogged.formUnion(part.split(separator: 0x0A).map(Array.init))
                if var exact = model.exact { exact += part; model.exact = exact }
            case .foreignAppend:
                let line = Array(newSit().line.utf8)
                let keep = (model.cutOff ?? []) + line
                appendRaw(line)
                worldWrote(keeping: keep)
            case .restore:
                // `cp backup journal.jsonl`: the same inode, an earlier content.
                let backup = snapshots.randomElement(using: &generator) ?? []
                let fd = open(path, O_WRONLY | O_TRUNC)
                #expect(write(fd, backup, backup.count) == backup.count)
                close(fd)
                model = Model(kept: [backup], exact: nil, cutOff: nil, unlogged: model.unlogged)
            case .rename:
                // A sync tool puts a new file in place: another inode, the same bytes.
                let now = bytes(path)
                let temporary = "\(folder)/incoming.tmp"
                try Data(now).write(to: URL(fileURLWithPath: temporary))
                #expect(rename(temporary, path) == 0)
                worldWrote(keeping: now)
                unlink(second)
                #expect(link(path, second) == 0)
            case .plantedMark:
                var info = stat()
                #expect(stat(path, &info) == 0)
                let planted = ["\(Int.random(in: 0...Int(info.st_size), using: &generator)) \(info.st_dev) \(info.st_ino)\n", "+188 1 1\n", "garbage"]
                    .randomElement(using: &generator) ?? ""
                let target = Bool.random(using: &generator) ? AppendMark.path(folder: folder, info: info) : AppendMark.legacyPath(of: path)
                if model.cutOff == nil { try Data(planted.utf8).write(to: URL(fileURLWithPath: target)) }
            case .repair:
                // Every writer settles a cut-off write first; a journal only we wrote has nothing to repair.
                try JournalFile(path: path).settle()
                if var exact = model.exact {
                    exact.removeLast(model.cutOff?.count ?? 0)
                    model.exact = exact
                }
                model.cutOff = nil
                let repair = try JournalFile(path: path).repair(stamp: "model-\(number)")
                if model.exact != nil { #expect(repair.check.damaged.isEmpty, "\(label): a journal only this program wrote needed a repair") }
                // A repair replaces the file (as a delete does): a hard link's other name keeps the old one.
                unlink(second)
                #expect(link(path, second) == 0)
            }

            // A reader changes nothing, in the journal or its folder.
            let before = folderState()
            _ = try? JournalFile(path: path).read()
            _ = try? JournalFile(path: path).check()
            #expect(folderState() == before, "\(label): a reader changed the folder")

            // No byte the model keeps is lost: each of its lines is in the journal or, moved aside whole
            // (a last line with no newline, a line that is no record), in a damaged-lines file. The lines
            // of a cut-off write of ours are not kept: wherever they stand, they were never logged.
            let files = folderState().filter { $0.key == "journal.jsonl" || $0.key.hasPrefix("journal.damaged-") }.map(\.value)
            let wholeLines = Set(files.flatMap { $0.split(separator: 0x0A).map(Array.init) })
            for piece in Set(model.kept.flatMap { $0.split(separator: 0x0A).map(Array.init) }) where !piece.isEmpty && !wholeLines.contains(piece) && !model.unlogged.contains(piece) {
                // Not a line of its own: a part of one (a fragment another program's line was glued to).
                let found = files.contains { Data($0).range(of: Data(piece)) != nil }
                #expect(found, "\(label): \(piece.count) bytes the model keeps are gone")
            }
            // With only our writes, the journal is exactly the model (a cut-off write's bytes included,
            // until a writer takes them back).
            if let exact = model.exact {
                #expect(bytes(path) == exact, "\(label): the journal is \(bytes(path).count) bytes, the model \(exact.count)")
            }
            if model.cutOff == nil, snapshots.count < 12, Bool.random(using: &generator) { snapshots.append(bytes(path)) }
        }
        #expect(Step.allCases.allSatisfy { counts[$0, default: 0] > 0 }, "every kind of step ran: \(counts)")
    }
}
