#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole files written so that a reader sees the old bytes or the new, never a part: the one way every
/// target replaces a file (profiles, the journal's rewrite, a sit's record, the profile run last, the
/// sounds, the bell cache and its export, reminder units).
///
/// The new bytes go to a temporary file beside the target, named `.<name>.<pid>.<random>.tmp` and
/// created with `O_CREAT|O_EXCL|O_NOFOLLOW` (so a link or file planted at a predictable name is never
/// followed or reused), given the mode, fsynced, renamed over the target, and the folder is fsynced. On
/// any failure before the rename the temporary is removed and the target is as it was.
package enum AtomicFile {
    /// The temporary name prefix and suffix of a file `base`: `.<base>.` and `.tmp`.
    package static func temporaryName(of base: String) -> String {
        let random = UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF
        return ".\(base).\(getpid()).\(String(random, radix: 16)).tmp"
    }

    /// Creates a new temporary file beside `path` for writing, with `O_CREAT|O_EXCL|O_NOFOLLOW|O_CLOEXEC`
    /// and `mode`; tries new random names while one exists.
    ///
    /// - Parameter naming: the name of a temporary of a file named so, asked anew for each attempt:
    ///   ``temporaryName(of:)``; a test passes its own to plant a link or a file at the next name.
    package static func createTemporary(beside path: String, mode: mode_t,
                                        naming: (String) -> String = temporaryName(of:)) throws(FileError) -> (path: String, fd: Int32) {
        let folder = POSIX.directoryName(path)
        let base = POSIX.baseName(path)
        var attempts = 0
        while true {
            let temporary = "\(folder)/\(naming(base))"
            do throws(FileError) {
                let fd = try POSIX.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode, operation: "create")
                return (temporary, fd)
            } catch {
                attempts += 1
                guard error.code == EEXIST, attempts < 16 else { throw error }
            }
        }
    }

    /// Replaces the file at `path` with `bytes`, atomically and durably.
    ///
    /// - Parameters:
    ///   - newFileMode: the mode of a file that does not exist yet; an existing one keeps its mode (and,
    ///     for root, its owner). Either is set with `fchmod`, so the umask cannot narrow it.
    ///   - flush: whether to fsync the folder after the rename; a failure there is
    ///     ``FileError/notFlushed(path:operation:errno:)``: the new file is in place.
    ///   - renamed: runs once the rename is done, so that a caller knows a later failure left the new
    ///     bytes in place.
    ///   - naming: the temporary's name (``createTemporary(beside:mode:naming:)``); a test's seam.
    /// - Throws: ``FileError/io(path:operation:errno:)`` naming the file and what failed, with nothing changed.
    package static func replace(_ path: String, with bytes: [UInt8], newFileMode: mode_t = 0o644,
                                flush: Bool = true, renamed: () -> Void = {},
                                naming: (String) -> String = temporaryName(of:)) throws(FileError) {
        try replace(path, with: bytes, newFileMode: newFileMode, flush: flush, holdingLock: false,
                    renamed: { _ in renamed() }, naming: naming)
    }

    /// The one replace: ``replace(_:with:newFileMode:flush:renamed:naming:)``, and with `holdingLock` the
    /// temporary is locked (`flock`, exclusive) before it is written and kept open past the rename:
    /// `renamed` is handed its descriptor (else -1), which the caller then owns.
    private static func replace(_ path: String, with bytes: [UInt8], newFileMode: mode_t, flush: Bool, holdingLock: Bool,
                                renamed: (Int32) -> Void, naming: (String) -> String) throws(FileError) {
        var mode = newFileMode
        var owner: (uid_t, gid_t)?
        if let info = try POSIX.lstatIfExists(path), !POSIX.isSymlink(info) {
            mode = info.st_mode & 0o7777
            owner = (info.st_uid, info.st_gid)
        }
        let (temporary, fd) = try createTemporary(beside: path, mode: mode, naming: naming)
        var done = false
        defer { if !done { unlink(temporary) } }
        do throws(FileError) {
            if holdingLock {
                switch FileLock.tryLock(fd) {
                case .taken: break
                case .held: throw POSIX.failure(path, "lock", EWOULDBLOCK)
                case let .failed(code): throw POSIX.failure(path, "lock", code)
                }
            }
            try POSIX.writeAll(fd, bytes, path: temporary)
            // The umask may have narrowed the mode given to open.
            guard fchmod(fd, mode) == 0 else { throw POSIX.failure(temporary, "fchmod") }
            if let (uid, gid) = owner, getuid() == 0 { _ = fchown(fd, uid, gid) }
            try POSIX.fsync(fd, path: temporary)
        } catch {
            close(fd)
            throw error
        }
        if !holdingLock {
            guard close(fd) == 0 else { throw POSIX.failure(temporary, "close") }
        }
        guard POSIX.renameFile(temporary, path) == 0 else {
            let failure = POSIX.failure(path, "rename")
            if holdingLock { close(fd) }
            throw failure
        }
        done = true
        renamed(holdingLock ? fd : -1)
        if flush { try flushFolder(POSIX.directoryName(path)) }
    }

    /// Creates the file `path` with `bytes` only if nothing is there (`O_CREAT|O_EXCL|O_NOFOLLOW`), with
    /// `mode` whatever the umask, and fsyncs it; a file of that name is never overwritten.
    ///
    /// - Throws: ``FileError/io(path:operation:errno:)`` with EEXIST when the name is taken.
    package static func create(_ path: String, with bytes: [UInt8], mode: mode_t) throws(FileError) {
        let fd = try POSIX.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode, operation: "create")
        do throws(FileError) {
            guard fchmod(fd, mode) == 0 else { throw POSIX.failure(path, "fchmod") }
            try POSIX.writeAll(fd, bytes, path: path)
            try POSIX.fsync(fd, path: path)
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
        guard close(fd) == 0 else {
            let failure = POSIX.failure(path, "close")
            unlink(path)
            throw failure
        }
    }

    /// Fsyncs `folder` after a change of its entries. A failure now cannot take the change back, so it
    /// is ``FileError/notFlushed(path:operation:errno:)``: done, maybe not durably.
    package static func flushFolder(_ folder: String) throws(FileError) {
        do throws(FileError) {
            try POSIX.fsyncDirectory(folder)
        } catch {
            guard case let .io(path, operation, code) = error else { throw error }
            throw .notFlushed(path: path, operation: operation, errno: code)
        }
    }

    /// How old a temporary file is before it counts as left over even when its pid runs a `profile`.
    package static let abandonedAge = 600.0

    /// Removes the temporary files of the file `base` in `folder` that no live write owns; the caller
    /// holds the file's lock.
    ///
    /// A temporary is `.<base>.<pid>.<hex>.tmp`. Every write makes its temporary under the lock the caller
    /// now holds, so one is left over when its process is gone or runs another program (its pid was
    /// reused), or when it is older than any write takes. One a live `profile` process made moments ago
    /// is left alone: its lock was broken as stale, and removing its file would fail its write.
    package static func removeLeftovers(of base: String, in folder: String) {
        guard let names = try? POSIX.directoryEntries(folder) else { return }
        let prefix = Array(".\(base).".utf8)
        let suffix = Array(".tmp".utf8)
        for bytes in names where bytes.count > prefix.count + suffix.count && bytes.starts(with: prefix)
            && bytes.suffix(suffix.count).elementsEqual(suffix) {
            // Exactly `<pid>.<hex>` between them, so that another file's temporary (`.A.json.x.json.…` for
            // a file `A.json.x`) is never taken for this one's.
            let middle = bytes[prefix.count..<(bytes.count - suffix.count)].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard middle.count == 2, let pid = Int32(String(decoding: middle[0], as: UTF8.self)),
                  !middle[1].isEmpty, middle[1].allSatisfy({ hexDigits.contains($0) }) else { continue }
            let path = "\(folder)/\(String(decoding: bytes, as: UTF8.self))"
            guard let info = try? POSIX.lstatIfExists(path), POSIX.isRegular(info) else { continue }
            let young = POSIX.now() - POSIX.modificationTime(info) < abandonedAge
            if pid != getpid(), young, POSIX.processExists(pid), POSIX.programName(pid).map(FileLock.isProfileProgram) ?? true {
                continue
            }
            unlink(path)
        }
    }

    private static let hexDigits = Set("0123456789abcdefABCDEF".utf8)
}

extension AtomicFile {
    /// Replaces `path` with `bytes` as ``replace(_:with:newFileMode:flush:renamed:naming:)`` does (the
    /// mode set, file and folder fsynced), through the fixed name `temporary` beside it (one only this
    /// process writes), and keeps the new file open with an exclusive `flock` taken before it has its
    /// name, so that no reader that locks can take it between the rename and the caller's next step.
    /// `locked` is handed that descriptor once the rename is done (before the folder is flushed, so a
    /// flush that fails leaves it with the caller too); the caller closes it to let go of the lock. The
    /// record of a sit in progress is written with it.
    ///
    /// - Throws: ``FileError/io(path:operation:errno:)``; a temporary that cannot be made is said of
    ///   `path` (the file a person would look for), and nothing is left behind.
    package static func replaceHoldingLock(_ path: String, with bytes: [UInt8], through temporary: String,
                                           mode: mode_t, locked: (Int32) -> Void) throws(FileError) {
        // One a process killed in the middle of a write left: only this process writes this name now.
        unlink(temporary)
        let name = POSIX.baseName(temporary)
        do throws(FileError) {
            try replace(path, with: bytes, newFileMode: mode, flush: true, holdingLock: true, renamed: locked, naming: { _ in name })
        } catch {
            if case let .io(failed, "create", code) = error, failed == temporary { throw POSIX.failure(path, "create", code) }
            throw error
        }
    }

    /// Creates the file `path` for writing only if nothing is there (`O_CREAT|O_EXCL|O_NOFOLLOW`), with
    /// `mode` whatever the umask, and returns its descriptor; a file of that name is never overwritten.
    ///
    /// - Throws: ``FileError/io(path:operation:errno:)`` with EEXIST when the name is taken.
    package static func createNew(_ path: String, mode: mode_t) throws(FileError) -> Int32 {
        let fd = try POSIX.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode, operation: "create")
        guard fchmod(fd, mode) == 0 else {
            let failure = POSIX.failure(path, "fchmod")
            close(fd)
            unlink(path)
            throw failure
        }
        return fd
    }
}

/// Appends to a file that only ever grows by whole writes (the journal of sits).
package enum AppendFile {
    /// `path` opened for appending (`O_WRONLY|O_APPEND|O_CREAT`, created with `mode`), and `O_NONBLOCK`
    /// so that a FIFO does not wait for a reader; the caller checks what it is.
    package static func open(_ path: String, mode: mode_t) throws(FileError) -> Int32 {
        try POSIX.open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK, mode)
    }

    /// Cuts the file open as `fd` back to `length` bytes (the journal's torn last line).
    package static func cut(_ fd: Int32, to length: Int, path: String) throws(FileError) {
        while ftruncate(fd, off_t(length)) != 0 {
            guard errno == EINTR else { throw POSIX.failure(path, "truncate") }
        }
    }

    /// Appends `bytes` to the file open as `fd` in one `write` and fsyncs it. When the write or the
    /// fsync fails (a full disk, an I/O error), the file is cut back to the length it had before, so
    /// that no part of `bytes` stays behind, and the error is thrown.
    package static func append(_ bytes: [UInt8], to fd: Int32, path: String) throws(FileError) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw POSIX.failure(path, "fstat") }
        let length = info.st_size
        do throws(FileError) {
            try POSIX.writeAll(fd, bytes, path: path)
            try POSIX.fsync(fd, path: path)
        } catch {
            // The append's own error is the one to say; a failed cut back can only be left.
            try? cut(fd, to: Int(length), path: path)
            _ = fsync(fd)
            throw error
        }
    }
}
