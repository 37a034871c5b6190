import Files
import Dispatch
import Foundation
import Testing
import LocalTime
@testable import ProfileKit
import TextSupport

/// The file store's promises: locks, atomic saves, modes, links and leftovers.
@Suite("File store")
struct FileProfileStoreTests {
    /// Collects the store's notices.
    final class Notices: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [String] = []
        func add(_ message: String) { lock.lock(); messages.append(message); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return messages }
    }

    let dir: TemporaryDirectory
    let notices = Notices()
    let store: FileProfileStore
    var folder: String { store.directory }

    init() throws {
        dir = try TemporaryDirectory()
        let notices = notices
        store = FileProfileStore(directory: "\(dir.path)/profiles", lockTimeout: 0.3, notice: { notices.add($0) })
    }

    /// A pid that existed a moment ago and no longer does.
    static func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    func files() -> [String] { dir.contents("profiles").keys.sorted() }

    /// A live process running `/bin/sleep` under the program name `program` (a link to it), for locks
    /// and temp files whose pid is alive; the caller terminates it.
    func liveProcess(named program: String) throws -> Process {
        let link = "\(dir.path)/\(program)"
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil {
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/bin/sleep")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: link)
        process.arguments = ["30"]
        try process.run()
        // Until exec has happened, /proc shows the test runner's name.
        for _ in 0..<200 where POSIX.programName(process.processIdentifier) != program { usleep(5_000) }
        return process
    }

    @Test func theStoreIsCreatedOnFirstWriteOnly() throws {
        #expect(try store.list().isEmpty)
        #expect(throws: ProfileError.profileNotFound("Morning", suggestion: nil)) { try store.load("Morning") }
        #expect(dir.contents().isEmpty, "reading created something")
        _ = try store.create(Profile(name: "Morning"))
        #expect(files() == ["Morning.json"])
        #expect(try dir.read("profiles/Morning.json") == String(decoding: ProfileDocument.encode(Profile(name: "Morning")), as: UTF8.self))
    }

    /// An update that changes nothing leaves the file's bytes alone, even a version-1 file's; a
    /// deleted file is restored with its bytes.
    @Test func anUpdateThatChangesNothingWritesNothing() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let text = "{ \"version\": 1, \"duration\": \"30:00\" }\n"
        try text.write(toFile: "\(folder)/Old.json", atomically: false, encoding: .utf8)
        _ = try store.update("Old") { $0.duration = .minutes(30) }
        #expect(try String(contentsOfFile: "\(folder)/Old.json", encoding: .utf8) == text)
        let removed = try store.delete("Old")
        _ = try store.restore(removed)
        #expect(try String(contentsOfFile: "\(folder)/Old.json", encoding: .utf8) == text)
    }

    /// A deleted file comes back with its mode, a deleted link as the link; a version other than the
    /// one named is not deleted.
    @Test func restoreKeepsTheModeAndTheLink() throws {
        _ = try store.create(Profile(name: "Good"))
        chmod("\(folder)/Good.json", 0o600)
        _ = try store.restore(try store.delete("Good"))
        var info = stat()
        #expect(stat("\(folder)/Good.json", &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(symlink("Good.json", "\(folder)/x.json") == 0)
        let link = try store.delete("x")
        #expect(link.linkTarget == "Good.json")
        _ = try store.restore(link)
        #expect(POSIX.linkTarget("\(folder)/x.json") == "Good.json")
        let stale = try store.load("Good").revision
        _ = try store.update("Good") { $0.duration = .minutes(45) }
        #expect(throws: ProfileError.conflict(path: "\(folder)/Good.json")) { try store.delete("Good", basedOn: stale) }
        #expect(FileManager.default.fileExists(atPath: "\(folder)/Good.json"))
    }

    @Test func savesLeaveNoTempOrLockFiles() throws {
        var stored = try store.create(Profile(name: "Morning"))
        for minutes in 1...30 {
            stored.profile.duration = .minutes(minutes)
            stored = try store.save(stored.profile, basedOn: stored.revision)
            _ = try store.update("Morning") { $0[segment: .warmUp].enabled.toggle() }
            stored = try store.load("Morning")
        }
        #expect(files() == ["Morning.json"])
        #expect(try store.load("Morning").profile.duration == .minutes(30))
    }

    @Test func leftoverTempFilesAreIgnoredAndCleanedOnTheNextSave() throws {
        _ = try store.create(Profile(name: "Morning"))
        let dead = try Self.deadPID()
        try dir.write("profiles/.Morning.json.\(dead).deadbeef.tmp", "{\"version\": 1, \"dur")
        try dir.write("profiles/.Evening.json.\(dead).deadbeef.tmp", "{")
        // Another profile's temp file, whose name starts like Morning's (`Morning.json.x` is a valid name).
        try dir.write("profiles/.Morning.json.x.json.\(dead).deadbeef.tmp", "{")
        #expect(try store.list().map(\.name) == ["Morning"])
        _ = try store.update("Morning") { $0.duration = .minutes(5) }
        #expect(files() == [".Evening.json.\(dead).deadbeef.tmp", ".Morning.json.x.json.\(dead).deadbeef.tmp", "Morning.json"],
                "only Morning's leftovers are its to clean")
    }

    /// A temp file a live `profile` made moments ago may be a save in progress: it is kept. One whose pid
    /// now runs another program, or that is older than any save takes, is a leftover.
    @Test func aTempFileOfALiveSaveIsNeverRemoved() throws {
        _ = try store.create(Profile(name: "Morning"))
        let profile = try liveProcess(named: "profile")
        let other = try liveProcess(named: "sleep")
        defer { profile.terminate(); other.terminate() }
        let live = ".Morning.json.\(profile.processIdentifier).0badf00d.tmp"
        let old = ".Morning.json.\(profile.processIdentifier).01df11e.tmp"
        let reused = ".Morning.json.\(other.processIdentifier).deadbeef.tmp"
        for name in [live, old, reused] { try dir.write("profiles/\(name)", "{") }
        let longAgo = time(nil) - Int(AtomicFile.abandonedAge) - 60
        var times = [timeval(tv_sec: longAgo, tv_usec: 0), timeval(tv_sec: longAgo, tv_usec: 0)]
        #expect(utimes("\(folder)/\(old)", &times) == 0)
        _ = try store.update("Morning") { $0.duration = .minutes(5) }
        #expect(files() == [live, "Morning.json"])
    }

    @Test func aLockHeldByALiveProcessIsRefusedWithItsPid() throws {
        _ = try store.create(Profile(name: "Morning"))
        let before = dir.contents("profiles")
        let host = POSIX.hostName
        // Pid 1 as it runs now: its start time and this boot.
        try dir.write("profiles/Morning.json.lock", FileLock.record(for: 1))
        #expect {
            try store.update("Morning") { $0.duration = .minutes(5) }
        } throws: { error in
            (error as? ProfileError)?.description
                == "\(folder)/Morning.json.lock: locked by pid 1 on \(host); try again when it has finished; if no profile is running on \(host), remove the lock: rm '\(folder)/Morning.json.lock'"
                && (error as? ProfileError)?.category == .temporary
        }
        #expect(dir.contents("profiles")["Morning.json"] == before["Morning.json"])
        #expect(files().contains("Morning.json.lock"), "a live process's lock is never broken")
        #expect(notices.all.isEmpty)
    }

    @Test func aLockFromAnotherHostIsNeverBroken() throws {
        _ = try store.create(Profile(name: "Morning"))
        try dir.write("profiles/Morning.json.lock", "\(try Self.deadPID()) some-other-host\n")
        #expect(throws: ProfileError.self) { try store.update("Morning") { $0.duration = .minutes(5) } }
        #expect(files().contains("Morning.json.lock"))
    }

    @Test func aStaleLockIsBrokenWithANotice() throws {
        _ = try store.create(Profile(name: "Morning"))
        let pid = try Self.deadPID()
        try dir.write("profiles/Morning.json.lock", "\(pid) \(POSIX.hostName)\n")
        _ = try store.update("Morning") { $0.duration = .minutes(5) }
        #expect(try store.load("Morning").profile.duration == .minutes(5))
        #expect(files() == ["Morning.json"])
        #expect(notices.all == ["\(folder)/Morning.json.lock: broke a stale lock left by pid \(pid), which no longer exists"])
    }

    /// After a crash and a reboot the lock's pid may run again as another program: the lock is stale.
    @Test func aLockWhosePidNowRunsAnotherProcessIsBrokenWithANotice() throws {
        _ = try store.create(Profile(name: "Morning"))
        let host = POSIX.hostName
        let sleeper = try liveProcess(named: "sleep")
        defer { sleeper.terminate() }
        let pid = sleeper.processIdentifier
        let started = try #require(POSIX.processStartTime(pid), "this system does not say when a process started")
        let boot = try #require(POSIX.bootID)
        let locks = [
            ("\(pid) \(host) \(started + 1) \(boot)\n", "left by pid \(pid), which now belongs to another process"),
            ("\(pid) \(host) \(started) 00000000-0000-0000-0000-000000000000\n", "left by pid \(pid) before the system restarted"),
            // An older profile's lock, with no start time: the pid runs `sleep`, not profile.
            ("\(pid) \(host)\n", "left by pid \(pid), which is now \"sleep\", not profile"),
        ]
        for (minutes, (record, reason)) in zip(1..., locks) {
            try dir.write("profiles/Morning.json.lock", record)
            _ = try store.update("Morning") { $0.duration = .minutes(minutes) }
            #expect(notices.all.last == "\(folder)/Morning.json.lock: broke a stale lock \(reason)")
        }
        #expect(notices.all.count == 3)
        #expect(files() == ["Morning.json"])
        // The same pid with its true start time, or an old lock of a process named profile, holds.
        let named = try liveProcess(named: "profile")
        defer { named.terminate() }
        for record in [FileLock.record(for: pid), "\(named.processIdentifier) \(host)\n"] {
            try dir.write("profiles/Morning.json.lock", record)
            #expect(throws: ProfileError.self) { try store.update("Morning") { $0.duration = .minutes(9) } }
        }
        #expect(notices.all.count == 3)
    }

    @Test func anEmptyLockIsBrokenOnlyWhenOld() throws {
        _ = try store.create(Profile(name: "Morning"))
        try dir.write("profiles/Morning.json.lock", "")
        #expect(throws: ProfileError.self) { try store.update("Morning") { $0.duration = .minutes(5) } }
        // Ten seconds later its owner is surely gone.
        var times = [timeval(tv_sec: time(nil) - 10, tv_usec: 0), timeval(tv_sec: time(nil) - 10, tv_usec: 0)]
        #expect(utimes("\(folder)/Morning.json.lock", &times) == 0)
        _ = try store.update("Morning") { $0.duration = .minutes(6) }
        #expect(try store.load("Morning").profile.duration == .minutes(6))
        #expect(notices.all.count == 1)
        #expect(notices.all.first?.contains("with no owner written in it") == true)
    }

    @Test func anEditThatKeepsSizeAndTimestampIsStillAConflict() throws {
        let stored = try store.create(Profile(name: "Morning"))
        let path = "\(folder)/Morning.json"
        var info = stat()
        #expect(stat(path, &info) == 0)
        // Same length, different content, same mtime: only the content tells.
        let edited = try dir.read("profiles/Morning.json").replacingOccurrences(of: "20:00", with: "25:00")
        try dir.write("profiles/Morning.json", edited)
        var times = [timespec](arrayLiteral: info.st_atim, info.st_mtim)
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(throws: ProfileError.conflict(path: path)) { try store.save(stored.profile, basedOn: stored.revision) }
        #expect(try store.load("Morning").profile.duration == .minutes(25))
    }

    @Test func theFileModeIsKept() throws {
        _ = try store.create(Profile(name: "Private"))
        #expect(chmod("\(folder)/Private.json", 0o600) == 0)
        _ = try store.update("Private") { $0.duration = .minutes(5) }
        var info = stat()
        #expect(stat("\(folder)/Private.json", &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o600)
    }

    @Test func aLinkOutOfTheStoreIsNeverFollowed() throws {
        _ = try store.create(Profile(name: "Morning"))
        let outside = try TemporaryDirectory()
        try outside.write("victim.json", "{\"version\": 1}\n")
        #expect(symlink("\(outside.path)/victim.json", "\(folder)/Evil.json") == 0)
        let expected = ProfileError.symlinkOutsideStore(path: "\(folder)/Evil.json", target: "\(outside.path)/victim.json")
        #expect(throws: expected) { try store.load("Evil") }
        #expect(throws: expected) { try store.update("Evil") { $0.duration = .minutes(5) } }
        let listed = try store.list()
        #expect(listed.map(\.name) == ["Evil", "Morning"])
        if case let .failure(error) = listed.first?.result { #expect(error == expected) } else { Issue.record("Evil was read") }
        #expect(try outside.read("victim.json") == "{\"version\": 1}\n")
        #expect(expected.description.hasSuffix("outside the store; profile will not follow it"))
    }

    @Test func aLinkInsideTheStoreWritesItsTargetAndStaysALink() throws {
        _ = try store.create(Profile(name: "Morning"))
        #expect(symlink("Morning.json", "\(folder)/Alias.json") == 0)
        _ = try store.update("Alias") { $0.duration = .minutes(33) }
        #expect(try store.load("Morning").profile.duration == .minutes(33))
        var info = stat()
        #expect(lstat("\(folder)/Alias.json", &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFLNK)
        #expect(files() == ["Alias.json", "Morning.json"])
    }

    /// Every name of one file takes the file's lock: a change through a link waits for the lock of the
    /// file it leads to, and a delete or rename of the link too.
    @Test func aLinkTakesTheLockOfTheFileItLeadsTo() throws {
        _ = try store.create(Profile(name: "P"))
        #expect(symlink("P.json", "\(folder)/x.json") == 0)
        try dir.write("profiles/P.json.lock", FileLock.record(for: getpid()))
        let lockedOut: (ProfileError) -> Bool = { error in
            if case let .locked(path, pid, _) = error { return path == "\(folder)/P.json.lock" && pid == getpid() }
            return false
        }
        for (label, change) in [
            ("update", { () throws(ProfileError) in _ = try store.update("x") { $0.duration = .minutes(5) } }),
            ("delete", { () throws(ProfileError) in _ = try store.delete("x") }),
            ("rename", { () throws(ProfileError) in _ = try store.rename("x", to: "y") }),
        ] as [(String, () throws(ProfileError) -> Void)] {
            do throws(ProfileError) {
                try change()
                Issue.record("\(label) through the link did not wait for P.json.lock")
            } catch {
                #expect(lockedOut(error), "\(label): \(error)")
            }
        }
        #expect(try store.load("P").profile.duration == .minutes(20))
        #expect(files() == ["P.json", "P.json.lock", "x.json"])
    }

    /// A link pointed elsewhere while a save waited for the lock: the save writes the new target under
    /// the new target's lock.
    @Test func aLinkRetargetedWhileWaitingIsFollowedAgain() throws {
        _ = try store.create(Profile(name: "Good"))
        _ = try store.create(Profile(name: "Other"))
        #expect(symlink("Good.json", "\(folder)/x.json") == 0)
        try dir.write("profiles/Good.json.lock", FileLock.record(for: getpid()))
        let waiting = FileProfileStore(directory: folder, lockTimeout: 10)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<StoredProfile, ProfileError>?
        DispatchQueue.global().async {
            outcome = Result { () throws(ProfileError) in try waiting.update("x") { $0.duration = .minutes(7) } }
            done.signal()
        }
        usleep(100_000)
        #expect(unlink("\(folder)/x.json") == 0 && symlink("Other.json", "\(folder)/x.json") == 0)
        #expect(unlink("\(folder)/Good.json.lock") == 0)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(throws: Never.self) { try outcome?.get() }
        #expect(try store.load("Other").profile.duration == .minutes(7))
        #expect(try store.load("Good").profile.duration == .minutes(20))
    }

    /// A profile renamed or deleted while a change waited for its lock is not found (66), not an I/O error.
    @Test func aProfileGoneWhileWaitingForTheLockIsNotFound() throws {
        _ = try store.create(Profile(name: "Morning"))
        _ = try store.create(Profile(name: "Evening"))
        let waiting = FileProfileStore(directory: folder, lockTimeout: 10)
        let changes: [(String, @Sendable () throws(ProfileError) -> Void)] = [
            ("update", { () throws(ProfileError) in _ = try waiting.update("Morning") { $0.duration = .minutes(7) } }),
            ("delete", { () throws(ProfileError) in _ = try waiting.delete("Evening") }),
        ]
        for (index, (label, change)) in changes.enumerated() {
            let name = index == 0 ? "Morning" : "Evening"
            try dir.write("profiles/\(name).json.lock", FileLock.record(for: getpid()))
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var failure: ProfileError?
            DispatchQueue.global().async {
                do throws(ProfileError) { try change() } catch { failure = error }
                done.signal()
            }
            usleep(100_000)
            #expect(rename("\(folder)/\(name).json", "\(folder)/\(name) Renamed.json") == 0)
            #expect(unlink("\(folder)/\(name).json.lock") == 0)
            #expect(done.wait(timeout: .now() + 10) == .success)
            #expect(failure?.category == .notFound, "\(label): \(String(describing: failure))")
            #expect(failure?.description.hasPrefix("no profile named \"\(name)\"") == true, "\(label)")
        }
        #expect(files() == ["Evening Renamed.json", "Morning Renamed.json"])
    }

    /// Files whose names are one name after case folding: `show` and `set` refuse it, naming both, as
    /// `list` does; `delete` and `rename` take the file named exactly, to put the store right.
    @Test func twoFilesOfOneNameAreRefusedNamingBoth() throws {
        try POSIX.makeDirectories(folder)
        try dir.write("profiles/Morning.json", "{\"version\": 2}\n")
        try dir.write("profiles/morning.json", "{\"version\": 2, \"duration\": 60}\n")
        let refusal = ProfileError.document(DocumentError(
            file: "\(folder)/morning.json",
            message: "names the same profile as \(folder)/Morning.json (names are compared ignoring case and Unicode normalization); rename or remove one of them"))
        #expect(throws: refusal) { try store.load("Morning") }
        #expect(throws: refusal) { try store.load("MORNING") }
        #expect(throws: refusal) { try store.update("morning") { $0.duration = .minutes(5) } }
        #expect(throws: refusal) { try store.create(Profile(name: "MoRnInG")) }
        let listed = try store.list()
        #expect(listed.count == 2 && listed.allSatisfy { if case .failure = $0.result { true } else { false } })
        _ = try store.rename("morning", to: "Noon")
        #expect(try store.load("Morning").profile.duration == .minutes(20))
        #expect(try store.load("Noon").profile.duration == .minutes(1))
        try dir.write("profiles/MORNING.json", "{\"version\": 2}\n")
        #expect(throws: ProfileError.self) { try store.load("Morning") }
        _ = try store.delete("MORNING")
        #expect(files() == ["Morning.json", "Noon.json"])
    }

    /// A directory fsync that fails after the rename: the change is in place, and the error says so.
    @Test func aFolderThatCannotBeFlushedSaysTheChangeIsSaved() {
        let error = ProfileError.notFlushed(path: "/p", operation: "fsync", errno: EIO)
        #expect(error.description == "/p: saved, but the folder could not be flushed: fsync failed: EIO (Input/output error); the change may not survive a power loss")
        #expect(error.category == .io)
    }

    @Test func aDecomposedFileNameIsFoundAndSavedInPlace() throws {
        try POSIX.makeDirectories(folder)
        try dir.write("profiles/Cafe\u{301}.json", "{\"version\": 1}\n")
        _ = try store.update("Café") { $0.duration = .minutes(9) }
        #expect(files().count == 1, "no second, composed file appeared")
        #expect(try store.load("CAFE\u{301}").profile.duration == .minutes(9))
        #expect(try store.names() == ["Café"])
    }

    @Test func aFolderNamedLikeAProfileIsAnErrorNotACrash() throws {
        try POSIX.makeDirectories("\(folder)/Odd.json")
        #expect(throws: ProfileError.document(DocumentError(file: "\(folder)/Odd.json", message: "not a regular file; a profile is a JSON file"))) {
            try store.load("Odd")
        }
    }

    /// How many updates each writer of ``concurrentWritersLoseNoUpdate()`` makes, its first included.
    static let racingRounds = 25

    /// Writer `writer`'s own setting of `profile` as a count of its updates: the main sit's minutes, the
    /// warm-up's seconds, the cool-down's seconds past 100, and the cool-down bell's volume past
    /// 100 − ``racingRounds`` (its bell the catalog's bell at the count). Count ``racingRounds`` is a
    /// duration of 25 minutes, a warm-up of 25 s, a cool-down of 125 s and a bell at 100%.
    static func count(_ writer: Int, in profile: Profile) -> Int? {
        switch writer {
        case 0: profile.duration.seconds / 60
        case 1: profile.segment(ofType: .warmUp)?.duration.seconds
        case 2: profile.segment(ofType: .coolDown).map { $0.duration.seconds - 100 }
        default: profile.segment(ofType: .coolDown).map { $0.bell.volume - (100 - racingRounds) }
        }
    }

    /// Sets writer `writer`'s own setting of `profile` to `count` (see ``count(_:in:)``).
    static func set(_ writer: Int, to count: Int, in profile: inout Profile) {
        switch writer {
        case 0: profile.duration = .minutes(count)
        case 1: profile[segment: .warmUp].duration = TimerDuration(seconds: count)
        case 2: profile[segment: .coolDown].duration = TimerDuration(seconds: 100 + count)
        default: profile[segment: .coolDown].bell = BellChoice(.builtIn(Bell.allCases[count % Bell.allCases.count]),
                                                               volume: 100 - racingRounds + count)
        }
    }

    /// Four writers each update their own setting 25 times, each update reading it and writing the next
    /// count: an update lost anywhere (a write from a stale read putting an older count back) leaves that
    /// writer's count short for good, so the last values account for every update.
    @Test func concurrentWritersLoseNoUpdate() async throws {
        let rounds = Self.racingRounds
        var shared = Profile(name: "Shared")
        for writer in 0..<4 { Self.set(writer, to: 1, in: &shared) }
        _ = try store.create(shared)
        let store = FileProfileStore(directory: folder, lockTimeout: 30)
        let unreadable = Notices()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for _ in 2...rounds {
                        _ = try store.update("Shared") { profile in
                            guard let count = Self.count(writer, in: profile) else { return unreadable.add("writer \(writer): no count") }
                            Self.set(writer, to: count + 1, in: &profile)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(unreadable.all.isEmpty)
        let final = try store.load("Shared").profile
        #expect((0..<4).map { Self.count($0, in: final) } == Array(repeating: rounds, count: 4), "updates lost")
        #expect(final.duration == .minutes(rounds))
        #expect(final.segment(ofType: .warmUp)?.duration == TimerDuration(seconds: rounds))
        #expect(final.segment(ofType: .coolDown)?.duration == TimerDuration(seconds: 100 + rounds))
        #expect(final.segment(ofType: .coolDown)?.bell == BellChoice(Bell.allCases[rounds % Bell.allCases.count]))
        #expect(files() == ["Shared.json"])
    }

    @Test func ioErrorsNameTheFileAndTheErrno() {
        let error = ProfileError.io(path: "/p/Morning.json", operation: "rename", errno: ENOSPC)
        #expect(error.description == "/p/Morning.json: rename failed: ENOSPC (No space left on device)")
        #expect(error.category == .io)
    }
}
