import Foundation
import Testing
@testable import ProfileKit

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
        try dir.write("profiles/.Morning.json.4242.deadbeef.tmp", "{\"version\": 1, \"dur")
        try dir.write("profiles/.Evening.json.4242.deadbeef.tmp", "{")
        #expect(try store.list().map(\.name) == ["Morning"])
        _ = try store.update("Morning") { $0.duration = .minutes(5) }
        #expect(files() == [".Evening.json.4242.deadbeef.tmp", "Morning.json"], "only Morning's leftovers are its to clean")
    }

    @Test func aLockHeldByALiveProcessIsRefusedWithItsPid() throws {
        _ = try store.create(Profile(name: "Morning"))
        let before = dir.contents("profiles")
        let host = POSIX.hostName
        try dir.write("profiles/Morning.json.lock", "1 \(host)\n")
        #expect {
            try store.update("Morning") { $0.duration = .minutes(5) }
        } throws: { error in
            (error as? ProfileError)?.description
                == "\(folder)/Morning.json.lock: locked by pid 1 on \(host); try again when it has finished"
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

    @Test func concurrentWritersLoseNoUpdate() async throws {
        _ = try store.create(Profile(name: "Shared"))
        let store = FileProfileStore(directory: folder, lockTimeout: 30)
        let rounds = 25
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for round in 1...rounds {
                        _ = try store.update("Shared") { profile in
                            switch writer {
                            case 0: profile.duration = .minutes(round)
                            case 1: profile[segment: .warmUp].duration = TimerDuration(seconds: round)
                            case 2: profile[segment: .coolDown].duration = TimerDuration(seconds: 100 + round)
                            default: profile[segment: .coolDown][sound: .begin].bell = Bell.allCases[round % Bell.allCases.count]
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let final = try store.load("Shared").profile
        #expect(final.duration == .minutes(rounds))
        #expect(final.segment(ofType: .warmUp)?.duration == TimerDuration(seconds: rounds))
        #expect(final.segment(ofType: .coolDown)?.duration == TimerDuration(seconds: 100 + rounds))
        #expect(final.segment(ofType: .coolDown)?.sound(ofType: .begin)?.bell == Bell.allCases[rounds % Bell.allCases.count])
        #expect(files() == ["Shared.json"])
    }

    @Test func ioErrorsNameTheFileAndTheErrno() {
        let error = ProfileError.io(path: "/p/Morning.json", operation: "rename", errno: ENOSPC)
        #expect(error.description == "/p/Morning.json: rename failed: ENOSPC (No space left on device)")
        #expect(error.category == .io)
    }
}
