import LocalTime
import Files
import Foundation
import Testing
import TestSupport
import ProfileKit
@testable import JournalCore
@testable import JournalStore

/// Issue 30, items 1 and 2 in process: the record of a sit in progress, its lock, and the recovery of a
/// dead run's sit into the journal it names.
@Suite("Sit records")
struct SitRecordTests {
    static func sit(id: String = "0123456789ab", seconds: Int = 300, note: String? = nil) -> Sit {
        // Its span holds the seconds sat and the 40 paused, as a run's does.
        Sit(id: id, start: Timestamp(epoch: 1_795_414_500, offset: 3600), end: Timestamp(epoch: 1_795_414_500 + seconds + 40, offset: 3600),
            profile: "Morning", seconds: seconds, plannedSeconds: 1800, outcome: .interrupted, bells: 2, note: note, pausedSeconds: 40)
    }

    /// A folder of records and a journal, empty as a run's `prepare` leaves it (or not there), both in
    /// a fresh temporary folder.
    static func scratch(journalExists: Bool = true) throws -> (folder: SitRecordFolder, journal: String) {
        let home = try makeTemporaryDirectory()
        let journal = "\(home)/share/journal.jsonl"
        if journalExists {
            try FileManager.default.createDirectory(atPath: "\(home)/share", withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: journal, contents: nil))
        }
        return (SitRecordFolder(path: "\(home)/state/profile"), journal)
    }

    static func recover(_ folder: SitRecordFolder) -> [SitRecordFolder.Recovery] {
        folder.recover(journal: { JournalFile(path: $0, lockTimeout: 0.3) }, stamp: "20261125T064100", now: 1_795_414_500 + 86_400)
    }

    static func names(_ folder: SitRecordFolder) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    // MARK: The record

    @Test func aRecordReadsBackAsWritten() throws {
        let record = SitRecord(journal: "/home/ana/sits \"quoted\".jsonl", written: Timestamp(epoch: 1_795_414_800, offset: 3600),
                               sit: Self.sit(note: "a \"good\" one, ß"))
        let bytes = record.bytes
        #expect(bytes.last == 0x0A && bytes.filter { $0 == 0x0A }.count == 1, "one line")
        #expect(try SitRecord.decode(bytes) == record)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(#"{"journal":"/home/ana/sits \"quoted\".jsonl","written":"2026-11-23T07:20:00+01:00","sit":{"id":"0123456789ab","#))
    }

    struct BadRecord: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var says: String
        var testDescription: String { name }
    }

    static let goodSit = #"{"id":"0123456789ab","start":"2026-11-23T06:55:00+01:00","seconds":300,"outcome":"interrupted"}"#
    static let bad = [
        BadRecord(name: "not JSON", text: "{\"journal\":", says: "1:12: "),
        BadRecord(name: "an array", text: "[]", says: "1:1: expected a record"),
        BadRecord(name: "an unknown key", text: #"{"journal":"/j","written":"2026-11-23T07:00:00+01:00","sit":\#(goodSit),"pid":4}"#,
                  says: #"unknown key "pid""#),
        BadRecord(name: "a relative journal", text: #"{"journal":"j.jsonl","written":"2026-11-23T07:00:00+01:00","sit":\#(goodSit)}"#,
                  says: "journal: expected an absolute path"),
        BadRecord(name: "no time written", text: #"{"journal":"/j","sit":\#(goodSit)}"#, says: #"the record has no "written""#),
        BadRecord(name: "a bad time", text: #"{"journal":"/j","written":"07:00","sit":\#(goodSit)}"#, says: "written: expected a time"),
        BadRecord(name: "no sit", text: #"{"journal":"/j","written":"2026-11-23T07:00:00+01:00"}"#, says: #"the record has no "sit""#),
        BadRecord(name: "a note with an escape", text: #"{"journal":"/j","written":"2026-11-23T07:00:00+01:00","sit":{"id":"0123456789ab","start":"2026-11-23T06:55:00+01:00","seconds":300,"outcome":"interrupted","note":"hi\u001b]52;c;aGk=\u0007"}}"#,
                  says: "sit: note: expected text without control or invisible characters: it contains the invisible character U+001B"),
        BadRecord(name: "a profile with a bidi override", text: #"{"journal":"/j","written":"2026-11-23T07:00:00+01:00","sit":{"id":"0123456789ab","start":"2026-11-23T06:55:00+01:00","seconds":300,"outcome":"interrupted","profile":"ab\u202Ec"}}"#,
                  says: "sit: profile: expected text without control or invisible characters: it contains the invisible character U+202E"),
        BadRecord(name: "a sit already marked recovered", text: #"{"journal":"/j","written":"2026-11-23T07:00:00+01:00","sit":{"id":"0123456789ab","start":"2026-11-23T06:55:00+01:00","seconds":300,"outcome":"interrupted","recovered":false}}"#,
                  says: "sit: recovered: a record of a sit in progress has no \"recovered\""),
        BadRecord(name: "a sit the journal would refuse", text: #"{"journal":"/j","written":"2026-11-23T07:00:00+01:00","sit":{"id":"0123456789ab","seconds":300,"outcome":"interrupted"}}"#,
                  says: #"sit: the record has no "start""#),
    ]

    /// A record is read as strictly as the journal: whatever it does not know is refused, with where.
    @Test(arguments: bad)
    func aRecordIsReadStrictly(_ c: BadRecord) {
        do {
            _ = try SitRecord.decode(Array(c.text.utf8))
            Issue.record("read \(c.name)")
        } catch {
            #expect(error.description.contains(c.says), "\(error.description)")
        }
    }

    // MARK: The lock

    /// While its run lives (the writer holds it open), a record is never touched, however often it is
    /// rewritten; once the run is gone (the writer closed without removing it, as a killed process's
    /// files are), the sit is logged once, recovered, and the record goes.
    @Test func aLiveRecordIsLeftAloneAndADeadOneIsLoggedOnce() throws {
        let (folder, journal) = try Self.scratch()
        var writer: SitRecordWriter? = SitRecordWriter(folder: folder, id: "0123456789ab")
        for seconds in [0, 60, 120, 180] {
            try writer?.write(SitRecord(journal: journal, written: Timestamp(epoch: 1_795_414_500 + seconds + 40, offset: 3600),
                                        sit: Self.sit(seconds: seconds)))
            #expect(Self.recover(folder).isEmpty, "a live run's record is not taken at \(seconds) s")
        }
        #expect(Self.names(folder) == ["sit-0123456789ab.json"], "no temporary file is left beside it")
        #expect(try JournalFile(path: journal).read().isEmpty)
        let info = try FileManager.default.attributesOfItem(atPath: folder.path)
        #expect((info[.posixPermissions] as? Int) == 0o700, "the folder is the user's alone")
        let file = try FileManager.default.attributesOfItem(atPath: folder.recordPath(id: "0123456789ab"))
        #expect((file[.posixPermissions] as? Int) == 0o600)

        writer = nil
        let recoveries = Self.recover(folder)
        guard recoveries.count == 1, case .logged(let record) = recoveries[0] else {
            Issue.record("expected one sit logged, got \(recoveries)")
            return
        }
        #expect(record.sit.seconds == 180 && record.written.epoch == 1_795_414_720)
        var expected = Self.sit(seconds: 180)
        expected.recovered = true
        #expect(try JournalFile(path: journal).read() == [expected])
        #expect(Self.names(folder).isEmpty)
        #expect(Self.recover(folder).isEmpty, "a second recovery finds nothing")
        #expect(try JournalFile(path: journal).read().count == 1)
    }

    /// A run that logged its sit and died before removing its record: the journal already has the id,
    /// so nothing is appended twice.
    @Test func aSitAlreadyInTheJournalIsNotLoggedAgain() throws {
        let (folder, journal) = try Self.scratch()
        let sit = Self.sit(seconds: 600)
        try JournalFile(path: journal).append(sit)
        do {
            let writer = SitRecordWriter(folder: folder, id: sit.id)
            try writer.write(SitRecord(journal: journal, written: sit.end, sit: sit))
        }
        let recoveries = Self.recover(folder)
        #expect(recoveries.count == 1 && { if case .alreadyLogged = recoveries[0] { true } else { false } }())
        #expect(try JournalFile(path: journal).read() == [sit])
        #expect(Self.names(folder).isEmpty)
    }

    /// Under a minute sat: dropped without logging, as a short run is.
    @Test func aSitUnderAMinuteIsDropped() throws {
        let (folder, journal) = try Self.scratch()
        do {
            let writer = SitRecordWriter(folder: folder, id: "0123456789ab")
            try writer.write(SitRecord(journal: journal, written: Self.sit().end, sit: Self.sit(seconds: 59)))
        }
        let recoveries = Self.recover(folder)
        #expect(recoveries.count == 1 && { if case .tooShort = recoveries[0] { true } else { false } }())
        #expect(try JournalFile(path: journal).read().isEmpty)
        #expect(Self.names(folder).isEmpty)
    }

    /// A journal that is a folder is no journal (issue 37): the record is moved aside, with the reason.
    @Test func aRecordWhoseJournalIsAFolderIsMovedAside() throws {
        let (folder, journal) = try Self.scratch(journalExists: false)
        try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
        do {
            let writer = SitRecordWriter(folder: folder, id: "0123456789ab")
            try writer.write(SitRecord(journal: journal, written: Self.sit().end, sit: Self.sit()))
        }
        let recoveries = Self.recover(folder)
        #expect(recoveries.count == 1 && { if case .unreadable(_, "its journal, \(journal), is not a regular file", _) = recoveries[0] { true } else { false } }(),
                "\(recoveries)")
        #expect(Self.names(folder) == ["sit-0123456789ab.json.unreadable-20261125T064100"])
    }

    /// A record that cannot be read is moved aside, byte for byte, never deleted; names that are not a
    /// record's are left alone.
    @Test func anUnreadableRecordIsMovedAside() throws {
        let (folder, _) = try Self.scratch()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let garbage = Data("{\"journal\": 1}\n".utf8)
        try garbage.write(to: URL(fileURLWithPath: folder.recordPath(id: "0123456789ab")))
        try Data("other".utf8).write(to: URL(fileURLWithPath: "\(folder.path)/history"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: "\(folder.path)/sit-bad id.json"))
        let recoveries = Self.recover(folder)
        guard recoveries.count == 1, case .unreadable(let path, let problem, let aside) = recoveries[0] else {
            Issue.record("expected one record moved aside, got \(recoveries)")
            return
        }
        #expect(path == folder.recordPath(id: "0123456789ab") && problem.contains("journal: expected a string"))
        #expect(aside == path + ".unreadable-20261125T064100")
        #expect(FileManager.default.contents(atPath: aside) == garbage)
        #expect(Self.names(folder) == ["history", "sit-0123456789ab.json.unreadable-20261125T064100", "sit-bad id.json"])
        #expect(Self.recover(folder).isEmpty, "what was moved aside is not read again")
    }

    /// A record that says another sit than its name is not trusted.
    @Test func aRecordMustBeTheSitItsNameSays() throws {
        let (folder, journal) = try Self.scratch()
        do {
            let writer = SitRecordWriter(folder: folder, id: "aaaaaaaaaaaa")
            try writer.write(SitRecord(journal: journal, written: Self.sit().end, sit: Self.sit(id: "0123456789ab")))
        }
        let recoveries = Self.recover(folder)
        #expect(recoveries.count == 1 && { if case .unreadable(_, let problem, _) = recoveries[0] { problem.contains("not the \"aaaaaaaaaaaa\"") } else { false } }())
        #expect(try JournalFile(path: journal).read().isEmpty)
    }

    /// A run whose sit was logged removes its record, and the temporary file beside it.
    @Test func removingLeavesNothing() throws {
        let (folder, journal) = try Self.scratch()
        let writer = SitRecordWriter(folder: folder, id: "0123456789ab")
        try writer.write(SitRecord(journal: journal, written: Self.sit().end, sit: Self.sit()))
        try writer.remove()
        #expect(Self.names(folder).isEmpty)
        try writer.remove()
        #expect(Self.recover(folder).isEmpty)
    }

    /// What is not a file a run writes (a link, a folder) is moved aside as it is, the link itself and
    /// not what it points to; a link is never followed.
    @Test func aLinkOrAFolderInARecordsPlaceIsMovedAside() throws {
        let (folder, journal) = try Self.scratch()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let target = "\(folder.path)/../target.json"
        try Data(SitRecord(journal: journal, written: Self.sit().end, sit: Self.sit()).bytes).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: folder.recordPath(id: "0123456789ab"), withDestinationPath: target)
        try FileManager.default.createDirectory(atPath: folder.recordPath(id: "aaaaaaaaaaaa"), withIntermediateDirectories: false)
        let recoveries = Self.recover(folder)
        let problems = recoveries.compactMap { if case .unreadable(_, let problem, _) = $0 { problem } else { nil } }
        #expect(problems.sorted() == ["a folder, not a file a run writes", "a symbolic link, not a file a run writes"], "\(recoveries)")
        #expect(Self.names(folder) == ["sit-0123456789ab.json.unreadable-20261125T064100", "sit-aaaaaaaaaaaa.json.unreadable-20261125T064100"])
        #expect(try JournalFile(path: journal).read().isEmpty, "what the link points to was not logged")
        #expect(FileManager.default.fileExists(atPath: target))
    }

    /// A journal that is gone (a disk unmounted, a file removed) is not made anew under its path: the
    /// record waits for it.
    @Test func aJournalThatIsGoneIsNotMadeAnew() throws {
        let (folder, journal) = try Self.scratch(journalExists: false)
        do {
            let writer = SitRecordWriter(folder: folder, id: "0123456789ab")
            try writer.write(SitRecord(journal: journal, written: Self.sit().end, sit: Self.sit()))
        }
        let recoveries = Self.recover(folder)
        #expect(recoveries.count == 1 && { if case .failed(_, let error) = recoveries[0] { "\(error)".contains("ENOENT") } else { false } }())
        #expect(!FileManager.default.fileExists(atPath: POSIX.directoryName(journal)))
        #expect(Self.names(folder) == ["sit-0123456789ab.json"])
        // Once it is back, the sit is logged.
        try FileManager.default.createDirectory(atPath: POSIX.directoryName(journal), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: journal, contents: nil))
        #expect(Self.recover(folder).count == 1)
        #expect(try JournalFile(path: journal).read().map(\.recovered) == [true])
    }
}

extension SitRecordTests {
    /// A run killed between making its first temporary file and renaming it leaves only that file: an
    /// old one with no record beside it is removed; a recent one (a run writing now) or one beside its
    /// record is left alone. A torn fragment holding the id is no proof that the sit is logged.
    @Test func staleTemporaryFilesGoAndTornFragmentsDoNotCount() throws {
        let (folder, journal) = try Self.scratch()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let old = folder.temporaryPath(id: "aaaaaaaaaaaa"), recent = folder.temporaryPath(id: "bbbbbbbbbbbb")
        #expect(FileManager.default.createFile(atPath: old, contents: Data("{\"jour".utf8)))
        #expect(FileManager.default.createFile(atPath: recent, contents: Data("{\"jour".utf8)))
        let now = Int(Date().timeIntervalSince1970)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(now - 3600))], ofItemAtPath: old)
        _ = folder.recover(journal: { JournalFile(path: $0) }, stamp: "20261125T064100", now: now)
        #expect(Self.names(folder) == [".sit-bbbbbbbbbbbb.json.tmp"])

        // The journal ends in a fragment of the sit's own line, as a power cut in the middle of its
        // append left before appends were marked: the record is still logged, and the fragment moved
        // aside (a journal of nothing but a fragment would be no journal: see JournalKindTests).
        let sit = Self.sit()
        let earlier = Self.sit(id: "fedcba987654")
        try Data((earlier.line + String(sit.line.prefix(40))).utf8).write(to: URL(fileURLWithPath: journal))
        do {
            let writer = SitRecordWriter(folder: folder, id: sit.id)
            try writer.write(SitRecord(journal: journal, written: sit.end, sit: sit))
        }
        let recoveries = Self.recover(folder)
        #expect(recoveries.count == 1 && { if case .logged = recoveries[0] { true } else { false } }(), "\(recoveries)")
        #expect(try JournalFile(path: journal).read().map(\.id) == [earlier.id, sit.id])
    }
}

extension SitRecordTests {
    /// A journal whose lock is held (by a live process) is waited for once a recovery, not once a record:
    /// its other records wait for the next command, said as the first was.
    @Test func aLockedJournalIsWaitedForOnce() throws {
        let (folder, journal) = try Self.scratch()
        try FileLock.record(for: getpid()).write(toFile: journal + ".lock", atomically: false, encoding: .utf8)
        for id in ["aaaaaaaaaaaa", "bbbbbbbbbbbb"] {
            let writer = SitRecordWriter(folder: folder, id: id)
            try writer.write(SitRecord(journal: journal, written: Self.sit().end, sit: Self.sit(id: id)))
        }
        var opened = 0
        let recoveries = folder.recover(journal: { opened += 1; return JournalFile(path: $0, lockTimeout: 0.2) },
                                        stamp: "20261125T064100", now: 1_795_414_500 + 86_400)
        #expect(opened == 1, "the second record did not wait for the lock again")
        let failures = recoveries.compactMap { if case .failed(_, let error) = $0 { error } else { nil } }
        #expect(failures.count == 2 && failures.allSatisfy { if case .locked? = $0.fileError { true } else { false } }, "\(recoveries)")
        #expect(Self.names(folder).count == 2, "both records stay")
    }
}

/// Issue 37, items 3 and 6: a record is trusted only when it is the user's own, in a folder that is
/// theirs alone, naming a journal of theirs; and its sit must be one that could have happened.
extension SitRecordTests {
    /// A record of `sit` for `journal`, written as a run writes it (the folder made 0700, the record
    /// 0600), its run then gone.
    static func leave(_ sit: Sit = sit(), journal: String, in folder: SitRecordFolder) throws {
        let writer = SitRecordWriter(folder: folder, id: sit.id)
        try writer.write(SitRecord(journal: journal, written: sit.end, sit: sit))
    }

    /// The one record moved aside, with its problem; nil (and an issue) for anything else.
    static func movedAside(_ recoveries: [SitRecordFolder.Recovery], _ folder: SitRecordFolder,
                           sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        guard recoveries.count == 1, case .unreadable(let path, let problem, let aside) = recoveries[0] else {
            Issue.record("expected one record moved aside, got \(recoveries)", sourceLocation: sourceLocation)
            return nil
        }
        #expect(path == folder.recordPath(id: "0123456789ab") && aside == path + ".unreadable-20261125T064100", sourceLocation: sourceLocation)
        #expect(names(folder) == ["sit-0123456789ab.json.unreadable-20261125T064100"], sourceLocation: sourceLocation)
        return problem
    }

    /// What a journal command says of the records in `folder` (`$XDG_STATE_HOME/profile`).
    static func warnings(_ folder: SitRecordFolder, journal: String) -> [String] {
        var said: [String] = []
        SitRecordFolder.recoverCutOffSits(current: JournalFile(path: journal, lockTimeout: 0.3),
                                          environment: ["XDG_STATE_HOME": POSIX.directoryName(folder.path), "TZ": "UTC"],
                                          passwordHome: { nil }, now: 1_795_414_500 + 86_400, calendar: LocalCalendar(zone: .utc)) { said.append($0) }
        return said
    }

    /// A record naming a text file (a copy of a passwd file, a bashrc) never appends to it: the file is
    /// unchanged byte for byte, and the record is moved aside with a warning naming both.
    @Test func aRecordNamingATextFileLeavesItAlone() throws {
        let (folder, journal) = try Self.scratch()
        for text in ["root:x:0:0:root:/root:/bin/bash\nnobody:x:65534:65534::/nonexistent:/usr/sbin/nologin\n",
                     "# ~/.bashrc\nexport PATH=$HOME/bin:$PATH\nalias ll='ls -l'\n",
                     // A fragment of this very sit's line alone, as only a crash of an unmarked append
                     // could leave: the append would refuse it, so the record goes aside as for any file.
                     String(Self.sit().line.prefix(30))] {
            let bytes = Data(text.utf8)
            try bytes.write(to: URL(fileURLWithPath: journal))
            try Self.leave(journal: journal, in: folder)
            let said = Self.warnings(folder, journal: journal)
            #expect(FileManager.default.contents(atPath: journal) == bytes, "the file is untouched")
            let record = folder.recordPath(id: "0123456789ab"), aside = record + ".unreadable-" + LocalCalendar(zone: .utc).fileStamp(1_795_414_500 + 86_400)
            #expect(said == ["warning: \(record): not a record of a sit in progress: its journal, \(journal), holds no record of a sit, so it is no journal; moved it to \(aside)"])
            #expect(Self.names(folder) == [POSIX.baseName(aside)])
            try FileManager.default.removeItem(atPath: aside)
        }
    }

    /// A folder group or others may write in is not read at all: its records stay, no journal is
    /// written, and the warning, said once however many records it holds, names the folder and the fix.
    @Test func aGroupWritableFolderIsNotRead() throws {
        let (folder, journal) = try Self.scratch()
        try Self.leave(journal: journal, in: folder)
        try Self.leave(Self.sit(id: "aaaaaaaaaaaa"), journal: journal, in: folder)
        #expect(chmod(folder.path, 0o770) == 0)
        let recoveries = Self.recover(folder)
        #expect(recoveries.count == 1 && { if case .untrustedFolder(folder.path, let problem) = recoveries[0] { problem.contains("mode 770") } else { false } }(),
                "\(recoveries)")
        let said = Self.warnings(folder, journal: journal)
        #expect(said == ["warning: \(folder.path): not reading the records of sits in progress from it, since it is not yours alone: it is writable by group or others (mode 770); make it writable by you alone: chmod go-w \(folder.path)"])
        #expect(try JournalFile(path: journal).read().isEmpty)
        #expect(Self.names(folder) == ["sit-0123456789ab.json", "sit-aaaaaaaaaaaa.json"], "nothing is moved or removed")
        // Mended, it is read again.
        #expect(chmod(folder.path, 0o700) == 0)
        #expect(Self.recover(folder).count == 2)
        #expect(try JournalFile(path: journal).read().count == 2)
    }

    /// A folder another user owns is not read either.
    @Test func aFolderOfAnotherUserIsNotRead() throws {
        let (folder, journal) = try Self.scratch()
        try Self.leave(journal: journal, in: folder)
        guard geteuid() == 0 else { return }  // Only root can give a folder away.
        #expect(chown(folder.path, 65534, 65534) == 0)
        let recoveries = Self.recover(folder)
        #expect(recoveries.count == 1 && { if case .untrustedFolder(_, let problem) = recoveries[0] { problem.hasPrefix("owned by uid 65534") } else { false } }(),
                "\(recoveries)")
        #expect(try JournalFile(path: journal).read().isEmpty)
    }

    /// A record another user owns is not theirs to log: moved aside, its sit not logged.
    @Test func aRecordOfAnotherUserIsMovedAside() throws {
        try #require(geteuid() == 0, "only root can give a file away")
        let (folder, journal) = try Self.scratch()
        try Self.leave(journal: journal, in: folder)
        #expect(chown(folder.recordPath(id: "0123456789ab"), 65534, 65534) == 0)
        let problem = Self.movedAside(Self.recover(folder), folder)
        #expect(problem?.hasPrefix("owned by uid 65534, not by this user (uid 0)") == true, "\(problem ?? "")")
        #expect(try JournalFile(path: journal).read().isEmpty)
    }

    /// A record naming another user's journal (a real journal, even) does not write to it.
    @Test func aJournalOfAnotherUserIsNotWritten() throws {
        try #require(geteuid() == 0, "only root can give a file away")
        let (folder, journal) = try Self.scratch()
        let line = Data(Self.sit(id: "ffffffffffff").line.utf8)
        try line.write(to: URL(fileURLWithPath: journal))
        #expect(chown(journal, 65534, 65534) == 0)
        try Self.leave(journal: journal, in: folder)
        let problem = Self.movedAside(Self.recover(folder), folder)
        #expect(problem == "its journal, \(journal), is owned by uid 65534, not by this user (uid 0)")
        #expect(FileManager.default.contents(atPath: journal) == line)
    }

    /// A journal that is a folder, a FIFO or a device is no journal: the record is moved aside and
    /// nothing is opened for writing (a FIFO is not even waited on).
    @Test func aJournalThatIsNoRegularFileIsNotWritten() throws {
        let (folder, journal) = try Self.scratch(journalExists: false)
        try FileManager.default.createDirectory(atPath: POSIX.directoryName(journal), withIntermediateDirectories: true)
        #expect(mkfifo(journal, 0o600) == 0)
        try Self.leave(journal: journal, in: folder)
        #expect(Self.movedAside(Self.recover(folder), folder) == "its journal, \(journal), is not a regular file")
    }

    struct Implausible: CustomTestStringConvertible, Sendable {
        var name: String
        var sit: Sit
        var says: String
        var testDescription: String { name }
    }

    static let implausible: [Implausible] = {
        let start = Timestamp(epoch: 1_795_414_500, offset: 3600)
        var future = sit()
        future.start = Timestamp(epoch: 4_070_908_800, offset: 0)
        future.end = Timestamp(epoch: 4_070_908_800 + 300, offset: 0)
        var long = sit(seconds: 1200)
        long.seconds = 9_999_999
        var day = sit()
        day.start = Timestamp(epoch: start.epoch - 3600, offset: 3600)
        day.end = Timestamp(epoch: start.epoch + 83_000, offset: 3600)
        day.seconds = 86_401
        // Started a day before recovery's now and ending a second after it: what a record of a run at
        // --speed held before its sit was put in the past; a recovered sit has ended by now, strictly.
        var ahead = sit()
        ahead.end = Timestamp(epoch: start.epoch + 86_401, offset: 3600)
        var backwards = sit()
        backwards.end = Timestamp(epoch: start.epoch - 60, offset: 3600)
        return [
            Implausible(name: "a start in 2099", sit: future, says: "a sit still to come (it starts at 2099-01-01T00:00:00+00:00)"),
            Implausible(name: "9,999,999 seconds in 20 minutes", sit: long,
                        says: "seconds: 9,999,999 seconds sat between 2026-11-23T07:15:00+01:00 and 2026-11-23T07:35:40+01:00, which are 1,240 seconds apart, 40 of them paused"),
            Implausible(name: "more than a day", sit: day, says: "seconds: 86,401 seconds sat: expected a sit of at most 24 hours"),
            Implausible(name: "an end before the start", sit: backwards, says: "end: a time before the start"),
            Implausible(name: "an end a second after now", sit: ahead, says: "a sit still to come (it ends at 2026-11-24T07:15:01+01:00)"),
        ]
    }()

    /// A record's sit obeys what `log add` obeys: one that could not have happened is moved aside with
    /// the reason, not logged.
    @Test(arguments: implausible)
    func anImplausibleSitIsMovedAside(_ c: Implausible) throws {
        let (folder, journal) = try Self.scratch()
        try Self.leave(c.sit, journal: journal, in: folder)
        let problem = Self.movedAside(Self.recover(folder), folder)
        #expect(problem?.hasPrefix("its sit could not have happened: \(c.says)") == true, "\(problem ?? "")")
        #expect(try JournalFile(path: journal).read().isEmpty)
    }

    /// The rule is the import's too: the same sits in profile's CSV, or in a journal, are refused naming
    /// the file and the line.
    @Test(arguments: implausible)
    func anImportRefusesTheSameSits(_ c: Implausible) throws {
        let now = 1_795_414_500 + 86_400
        let good = Self.sit(id: "aaaaaaaaaaaa")
        let csv = "id,start,end,profile,seconds,plannedSeconds,outcome,bells,note,pausedSeconds,recovered\n"
            + [good, c.sit].map { sit in
                [sit.id, sit.start.text, sit.end.text, sit.profile ?? "", "\(sit.seconds)", sit.plannedSeconds.map { "\($0)" } ?? "",
                 sit.outcome.rawValue, "\(sit.bells)", sit.note ?? "", "\(sit.pausedSeconds)", "false"].joined(separator: ",") + "\n"
            }.joined()
        for (name, text) in [("sits.csv", csv), ("sits.jsonl", good.line + c.sit.line)] {
            do {
                _ = try JournalImport.read(Array(text.utf8), path: "/in/\(name)", calendar: LocalCalendar(zone: .utc), now: now)
                Issue.record("imported \(c.name) from \(name)")
            } catch {
                guard case .document(let problem) = error else {
                    Issue.record("expected a document error, got \(error)")
                    continue
                }
                #expect(problem.file == "/in/\(name)" && problem.line == (name.hasSuffix("csv") ? 3 : 2), "\(error)")
                #expect(problem.message.hasPrefix(c.says), "\(error)")
                #expect(error.category == .data)
            }
        }
        // The same file without it is taken.
        #expect(try JournalImport.read(Array(good.line.utf8), path: "/in/good.jsonl", calendar: LocalCalendar(zone: .utc), now: now).sits == [good])
    }
}

/// Issue 46, item 8: a record is trusted only when a run of this program could have written it.
extension SitRecordTests {
    struct NoRunsRecord: CustomTestStringConvertible, Sendable {
        var name: String
        var sit: Sit
        /// When the record says it was written; nil: at the sit's end, as a run writes it.
        var written: Timestamp?
        var says: String
        var testDescription: String { name }
    }

    /// Recovery's now in these tests (``recover(_:)``): a day after the sits' start.
    static let recoveryNow = 1_795_414_500 + 86_400

    /// A real record of 10 minutes sat and 40 seconds paused, changed by `change`.
    static func tenMinutes(_ change: (inout Sit) -> Void = { _ in }) -> Sit {
        var sit = sit(seconds: 600)
        change(&sit)
        return sit
    }

    /// A real record of half an hour sat (all it planned) and 40 seconds paused, changed by `change`.
    static func halfAnHour(_ change: (inout Sit) -> Void = { _ in }) -> Sit {
        var sit = sit(seconds: 1800)
        change(&sit)
        return sit
    }

    static let noRunsRecords: [NoRunsRecord] = {
        let yearOne = CivilDate.days(year: 1, month: 1, day: 1) * 86_400 + 6 * 3600
        return [
            NoRunsRecord(name: "9,999,999 seconds paused in a 10-minute span", sit: tenMinutes { $0.pausedSeconds = 9_999_999 },
                         says: "pausedSeconds: 9,999,999 seconds paused and 600 sat between 2026-11-23T07:15:00+01:00 and 2026-11-23T07:25:40+01:00, which are 640 seconds apart: a run's pauses lie within its span"),
            NoRunsRecord(name: "ten minutes sat over 25 years", sit: tenMinutes {
                $0.start = Timestamp(epoch: 978_307_200, offset: 0)
            }, says: "it spans"),
            NoRunsRecord(name: "46 seconds paused in a span with room for 40", sit: tenMinutes { $0.pausedSeconds = 46 },
                         says: "pausedSeconds: 46 seconds paused and 600 sat"),
            NoRunsRecord(name: "9,999,999 bells", sit: tenMinutes { $0.bells = 9_999_999 },
                         says: "bells: 9,999,999 bells in 600 seconds sat: a session that long rings at most 102"),
            NoRunsRecord(name: "a bell more than a session can ring", sit: tenMinutes { $0.bells = 103 },
                         says: "bells: 103 bells in 600 seconds sat"),
            // The model's shortest interval, handed in by the store (Sit.RunLimits.profile): a bell every
            // 10 seconds of half an hour, and the three a session rings besides.
            NoRunsRecord(name: "a bell more than half an hour rings at one every 10 seconds", sit: halfAnHour { $0.bells = 185 },
                         says: "bells: 185 bells in 1,800 seconds sat: a session that long rings at most 184 (an interval bell every 10 seconds at most, or 99 chosen times, and 3 more)"),
            NoRunsRecord(name: "plannedSeconds 0", sit: tenMinutes { $0.plannedSeconds = 0 },
                         says: "plannedSeconds: 0: a run plans a session of at least 1 second"),
            NoRunsRecord(name: "more sat than planned", sit: tenMinutes { $0.plannedSeconds = 300 },
                         says: "seconds: 600 seconds sat of 300 planned: a run stops at the length it planned"),
            NoRunsRecord(name: "a sit in year 0001", sit: tenMinutes {
                $0.start = Timestamp(epoch: yearOne, offset: 0)
                $0.end = Timestamp(epoch: yearOne + 640, offset: 0)
            }, says: "it starts at 0001-01-01T06:00:00+00:00, before 2000: no run of profile keeps such a record"),
            NoRunsRecord(name: "written in 2099", sit: tenMinutes(), written: Timestamp(epoch: 4_070_908_800, offset: 0),
                         says: "written: it was written at 2099-01-01T00:00:00+00:00, which is still to come"),
            NoRunsRecord(name: "written 6 seconds after now", sit: tenMinutes(), written: Timestamp(epoch: recoveryNow + 6, offset: 3600),
                         says: "written: it was written at 2026-11-24T07:15:06+01:00, which is still to come"),
            NoRunsRecord(name: "written before its sit's end", sit: tenMinutes(), written: Timestamp(epoch: 1_795_414_500 + 634, offset: 3600),
                         says: "written: it was written at 2026-11-23T07:25:34+01:00, before its sit's end at 2026-11-23T07:25:40+01:00"),
        ]
    }()

    /// What no run writes is moved aside, its reason said, and nothing is logged.
    @Test(arguments: noRunsRecords)
    func aRecordNoRunWritesIsMovedAside(_ c: NoRunsRecord) throws {
        let (folder, journal) = try Self.scratch()
        do {
            let writer = SitRecordWriter(folder: folder, id: c.sit.id)
            try writer.write(SitRecord(journal: journal, written: c.written ?? c.sit.end, sit: c.sit))
        }
        let bytes = FileManager.default.contents(atPath: folder.recordPath(id: c.sit.id))
        let problem = Self.movedAside(Self.recover(folder), folder)
        #expect(problem?.hasPrefix("no run of profile could have written it: \(c.says)") == true, "\(problem ?? "")")
        #expect(try JournalFile(path: journal).read().isEmpty, "not logged")
        #expect(FileManager.default.contents(atPath: folder.recordPath(id: c.sit.id) + ".unreadable-20261125T064100") == bytes, "kept as it was")
    }

    struct RunsRecord: CustomTestStringConvertible, Sendable {
        var name: String
        var sit: Sit
        var written: Timestamp?
        var testDescription: String { name }
    }

    /// Records at the edge of each rule, as a run can write them: each is logged.
    static let runsRecords: [RunsRecord] = [
        RunsRecord(name: "a real record", sit: tenMinutes()),
        RunsRecord(name: "pauses that fill the span, and the clocks' slack", sit: tenMinutes { $0.pausedSeconds = 45 }),
        RunsRecord(name: "as many bells as a session can ring", sit: tenMinutes { $0.bells = 102 }),
        RunsRecord(name: "a bell every 10 seconds of half an hour", sit: halfAnHour { $0.bells = 184 }),
        RunsRecord(name: "an open-ended sit", sit: tenMinutes { $0.plannedSeconds = nil }),
        RunsRecord(name: "all that was planned", sit: tenMinutes { $0.plannedSeconds = 600; $0.outcome = .completed }),
        RunsRecord(name: "written a few seconds before the sit's end", sit: tenMinutes(), written: Timestamp(epoch: 1_795_414_500 + 635, offset: 3600)),
        RunsRecord(name: "written a few seconds after now", sit: tenMinutes(), written: Timestamp(epoch: recoveryNow + 5, offset: 3600)),
        RunsRecord(name: "written hours after the sit's end", sit: tenMinutes(), written: Timestamp(epoch: 1_795_414_500 + 7200, offset: 3600)),
    ]

    @Test(arguments: runsRecords)
    func aRecordARunCouldWriteIsLogged(_ c: RunsRecord) throws {
        let (folder, journal) = try Self.scratch()
        do {
            let writer = SitRecordWriter(folder: folder, id: c.sit.id)
            try writer.write(SitRecord(journal: journal, written: c.written ?? c.sit.end, sit: c.sit))
        }
        let recoveries = Self.recover(folder)
        #expect(recoveries.count == 1 && { if case .logged = recoveries[0] { true } else { false } }(), "\(recoveries)")
        var expected = c.sit
        expected.recovered = true
        #expect(try JournalFile(path: journal).read() == [expected])
        #expect(Self.names(folder).isEmpty)
    }

    /// A profile may be 30 seconds long: its run's record plans 30 and is dropped as too short, as the
    /// run would drop it, not moved aside as no run's.
    @Test func aShortProfilesRecordIsDroppedNotMovedAside() throws {
        let (folder, journal) = try Self.scratch()
        var sit = Self.sit(seconds: 30)
        sit.plannedSeconds = 30
        sit.bells = 1
        try Self.leave(sit, journal: journal, in: folder)
        let recoveries = Self.recover(folder)
        #expect(recoveries.count == 1 && { if case .tooShort = recoveries[0] { true } else { false } }(), "\(recoveries)")
        #expect(try JournalFile(path: journal).read().isEmpty)
        #expect(Self.names(folder).isEmpty)
    }
}
