import LocalTime
import Files
import Foundation
import Testing
import TestSupport
import ProfileKit
@testable import Journal

/// Issue 30, items 1 and 2 in process: the record of a sit in progress, its lock, and the recovery of a
/// dead run's sit into the journal it names.
@Suite("Sit records")
struct SitRecordTests {
    static func sit(id: String = "0123456789ab", seconds: Int = 300, note: String? = nil) -> Sit {
        Sit(id: id, start: Timestamp(epoch: 1_795_414_500, offset: 3600), end: Timestamp(epoch: 1_795_414_500 + seconds, offset: 3600),
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
            try writer?.write(SitRecord(journal: journal, written: Timestamp(epoch: 1_795_414_500 + seconds, offset: 3600),
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
        #expect(record.sit.seconds == 180 && record.written.epoch == 1_795_414_680)
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
            try writer.write(SitRecord(journal: journal, written: Self.sit().start, sit: Self.sit(seconds: 59)))
        }
        let recoveries = Self.recover(folder)
        #expect(recoveries.count == 1 && { if case .tooShort = recoveries[0] { true } else { false } }())
        #expect(try JournalFile(path: journal).read().isEmpty)
        #expect(Self.names(folder).isEmpty)
    }

    /// A journal that cannot take the sit (here a folder): the record stays for a later command.
    @Test func aRecordWhoseJournalCannotBeWrittenStays() throws {
        let (folder, journal) = try Self.scratch(journalExists: false)
        try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
        do {
            let writer = SitRecordWriter(folder: folder, id: "0123456789ab")
            try writer.write(SitRecord(journal: journal, written: Self.sit().start, sit: Self.sit()))
        }
        let recoveries = Self.recover(folder)
        #expect(recoveries.count == 1 && { if case .failed = recoveries[0] { true } else { false } }())
        #expect(Self.names(folder) == ["sit-0123456789ab.json"])
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
            try writer.write(SitRecord(journal: journal, written: Self.sit().start, sit: Self.sit(id: "0123456789ab")))
        }
        let recoveries = Self.recover(folder)
        #expect(recoveries.count == 1 && { if case .unreadable(_, let problem, _) = recoveries[0] { problem.contains("not the \"aaaaaaaaaaaa\"") } else { false } }())
        #expect(try JournalFile(path: journal).read().isEmpty)
    }

    /// A run whose sit was logged removes its record, and the temporary file beside it.
    @Test func removingLeavesNothing() throws {
        let (folder, journal) = try Self.scratch()
        let writer = SitRecordWriter(folder: folder, id: "0123456789ab")
        try writer.write(SitRecord(journal: journal, written: Self.sit().start, sit: Self.sit()))
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
        try Data(SitRecord(journal: journal, written: Self.sit().start, sit: Self.sit()).bytes).write(to: URL(fileURLWithPath: target))
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
            try writer.write(SitRecord(journal: journal, written: Self.sit().start, sit: Self.sit()))
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
            try writer.write(SitRecord(journal: journal, written: Self.sit().start, sit: Self.sit(id: id)))
        }
        var opened = 0
        let recoveries = folder.recover(journal: { opened += 1; return JournalFile(path: $0, lockTimeout: 0.2) },
                                        stamp: "20261125T064100", now: 1_795_414_500 + 86_400)
        #expect(opened == 1, "the second record did not wait for the lock again")
        let failures = recoveries.compactMap { if case .failed(_, let error) = $0 { error } else { nil } }
        #expect(failures.count == 2 && failures.allSatisfy { if case .file(.locked) = $0 { true } else { false } }, "\(recoveries)")
        #expect(Self.names(folder).count == 2, "both records stay")
    }
}
