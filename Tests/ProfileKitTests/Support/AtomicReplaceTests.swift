#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport
import Files

/// The atomic replace's temporary file, where a hostile folder plants things: the link or file is put at
/// exactly the name the replace will try next (its naming is forced through the seam), so that the test
/// fails the moment `O_EXCL` or `O_NOFOLLOW` goes from the temporary's `open`.
@Suite("Atomic replace: planted temporaries")
struct AtomicReplaceTests {
    /// A folder with `file` (the old bytes) and `precious`, a file elsewhere a link will point at.
    static func scratch() throws -> (folder: String, file: String, precious: String) {
        let folder = try makeTemporaryDirectory()
        let file = "\(folder)/settings.json"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: file))
        let precious = "\(folder)/precious"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: precious))
        return (folder, file, precious)
    }

    /// Names handed out in turn, one for each attempt; past the list, the last again.
    final class Names {
        private var names: [String]
        private(set) var asked = 0
        init(_ names: [String]) { self.names = names }
        func next(_ base: String) -> String {
            asked += 1
            return names.count > 1 ? names.removeFirst() : names[0]
        }
    }

    /// The first name the replace tries is a link to another file, the second a file someone else
    /// holds: neither is followed nor reused (the link's target and the file keep their bytes, the link
    /// stays a link), and the replace takes the third name.
    @Test func aLinkOrAFilePlantedAtTheNextNameIsNeitherFollowedNorReused() throws {
        let (folder, file, precious) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let link = ".settings.json.1.aaaa.tmp", held = ".settings.json.1.bbbb.tmp", free = ".settings.json.1.cccc.tmp"
        #expect(symlink(precious, "\(folder)/\(link)") == 0)
        try Data("someone else's\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/\(held)"))
        let names = Names([link, held, free])
        try AtomicFile.replace(file, with: Array("new\n".utf8), naming: names.next)

        #expect(names.asked == 3, "each planted name was refused, the third taken")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "new\n")
        #expect(try String(contentsOfFile: precious, encoding: .utf8) == "precious\n", "the link was not followed")
        var info = stat()
        #expect(lstat(file, &info) == 0 && POSIX.isRegular(info), "the file is a file, not the planted link renamed over it")
        #expect(lstat("\(folder)/\(link)", &info) == 0 && POSIX.isSymlink(info), "the planted link is left as it was")
        #expect(try String(contentsOfFile: "\(folder)/\(held)", encoding: .utf8) == "someone else's\n", "the planted file was not reused")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/\(free)"), "the temporary became the file")
    }

    /// Issue 47, item 3: the replace that keeps its file locked (a sit's record) is the one replace: the
    /// mode it is given is the file's whatever the umask (here 022, which would make 0666 into 0644),
    /// the temporary is gone, and the descriptor it hands over holds the file's lock.
    @Test func theReplaceHoldingItsLockSetsTheModeWhateverTheUmask() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = "\(folder)/sit-a.json", temporary = "\(folder)/.sit-a.json.tmp"
        // 022 is the usual umask: set it only if it is not already so, and put back what it was.
        let before = umask(0o022)
        if before != 0o022 { umask(before | 0o022) } else { umask(before) }
        defer { umask(before) }
        var held: Int32 = -1
        for text in ["first\n", "second\n"] {
            try AtomicFile.replaceHoldingLock(file, with: Array(text.utf8), through: temporary, mode: 0o666) { fd in
                if held >= 0 { close(held) }
                held = fd
            }
            #expect(held >= 0)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
            var info = stat()
            #expect(stat(file, &info) == 0 && info.st_mode & 0o7777 == 0o666, "mode \(String(info.st_mode & 0o7777, radix: 8))")
            #expect(access(temporary, F_OK) != 0, "the temporary became the file")
            let other = open(file, O_RDONLY)
            #expect(FileLock.tryLock(other) == .held, "the file is locked by the descriptor handed over")
            close(other)
        }
        close(held)
    }

    /// A folder where every name the replace tries is a planted link: it gives up after its attempts,
    /// saying EEXIST of the temporary, and changes nothing: not the file, not the link's target.
    @Test func aReplaceThatFindsOnlyPlantedNamesFailsAndChangesNothing() throws {
        let (folder, file, precious) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let link = ".settings.json.1.aaaa.tmp"
        #expect(symlink(precious, "\(folder)/\(link)") == 0)
        let names = Names([link])
        #expect(throws: FileError.io(path: "\(folder)/\(link)", operation: "create", errno: EEXIST)) {
            try AtomicFile.replace(file, with: Array("new\n".utf8), naming: names.next)
        }
        #expect(names.asked == 16)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old\n")
        #expect(try String(contentsOfFile: precious, encoding: .utf8) == "precious\n")
        var info = stat()
        #expect(lstat("\(folder)/\(link)", &info) == 0 && POSIX.isSymlink(info))
    }
}
