#if canImport(Glibc)
import Glibc
#endif
import Files
import Foundation
import Testing

/// Issue 47, item 3: the one read of a small file. Whatever is put where a setting, a profile or a unit
/// is expected (a FIFO, a folder, a file too large, nothing), the read answers at once and says which.
@Suite("ReadFile.small: one small read, every guard")
struct ReadFileTests {
    /// What the thread of ``within(_:unblock:_:)`` answered; read only after it signalled.
    final class Box: @unchecked Sendable { var value: String? }

    /// Runs `body` on a thread of its own and waits up to `seconds` for it; nil when it did not return
    /// in time (it is then left to finish once `unblock` lets it).
    static func within(_ seconds: Double, unblock: () -> Void, _ body: @escaping @Sendable () -> String) -> String? {
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.value = body()
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + seconds) == .success else {
            unblock()
            done.wait()
            return nil
        }
        return box.value
    }

    /// A FIFO with no writer: an open without `O_NONBLOCK` would wait for one for ever. The read refuses
    /// it as no regular file within the deadline, followed or not.
    @Test(arguments: [false, true])
    func aFIFOIsRefusedWithoutBlocking(noFollow: Bool) throws {
        let folder = try TemporaryDirectory()
        let fifo = "\(folder.path)/settings.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = Date()
        let found = Self.within(5, unblock: {
            // A writer lets a blocked open go, so the thread ends before the folder is removed.
            let fd = open(fifo, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }) { () -> String in
            switch try? ReadFile.small(fifo, limit: 4096, noFollow: noFollow) {
            case let .notRegular(info)?: return POSIX.kindName(info)
            case let other: return "\(String(describing: other))"
            }
        }
        #expect(found != nil, "the read of a FIFO blocked past the deadline")
        #expect(found == "a FIFO (named pipe)")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    /// A folder is no file to read; nor, when links are not followed, a link (even to a regular file).
    @Test func aFolderOrAnUnfollowedLinkIsNoRegularFile() throws {
        let folder = try TemporaryDirectory()
        guard case let .notRegular(info) = try ReadFile.small(folder.path, limit: 4096) else {
            Issue.record("a folder was read")
            return
        }
        #expect(POSIX.isDirectory(info))
        let file = "\(folder.path)/file", link = "\(folder.path)/link"
        try Data("name\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(symlink(file, link) == 0)
        #expect(try ReadFile.small(link, limit: 4096).bytes == Array("name\n".utf8), "followed by default")
        guard case let .notRegular(linkInfo) = try ReadFile.small(link, limit: 4096, noFollow: true) else {
            Issue.record("a link was followed with noFollow")
            return
        }
        #expect(POSIX.isSymlink(linkInfo))
    }

    /// A file past the limit is refused with its size; one at the limit is read whole.
    @Test func aFileOverTheLimitIsRefusedWithItsSize() throws {
        let folder = try TemporaryDirectory()
        let file = "\(folder.path)/big"
        try Data(repeating: 0x61, count: 4097).write(to: URL(fileURLWithPath: file))
        guard case let .tooLarge(size) = try ReadFile.small(file, limit: 4096) else {
            Issue.record("a file over the limit was read")
            return
        }
        #expect(size == 4097)
        #expect(try ReadFile.small(file, limit: 4097).bytes?.count == 4097)
    }

    /// Nothing there, or a link to nothing, is `.missing`, not an error; an empty file is read as empty.
    @Test func aMissingFileIsMissing() throws {
        let folder = try TemporaryDirectory()
        guard case .missing = try ReadFile.small("\(folder.path)/none", limit: 4096) else {
            Issue.record("a missing file was not .missing")
            return
        }
        #expect(symlink("\(folder.path)/none", "\(folder.path)/dangling") == 0)
        guard case .missing = try ReadFile.small("\(folder.path)/dangling", limit: 4096) else {
            Issue.record("a link to nothing was not .missing")
            return
        }
        try Data().write(to: URL(fileURLWithPath: "\(folder.path)/empty"))
        #expect(try ReadFile.small("\(folder.path)/empty", limit: 4096).bytes == [])
    }

    /// A device is not opened (opening one can have effects of its own), and is said as what it is.
    @Test func aDeviceIsNotRead() throws {
        guard case let .notRegular(info) = try ReadFile.small("/dev/zero", limit: 4096) else {
            Issue.record("/dev/zero was read")
            return
        }
        #expect(POSIX.kindName(info) == "a character device")
    }
}
