#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import TextSupport

/// Thin wrappers over the system calls every target uses to reach files; each failure becomes a
/// ``FileError/io(path:operation:errno:)`` naming the path, the operation and the errno.
package enum POSIX {
    package static func failure(_ path: String, _ operation: String, _ code: Int32 = errno) -> FileError {
        .io(path: path, operation: operation, errno: code)
    }

    /// `lstat`, or nil when nothing is there.
    package static func lstatIfExists(_ path: String) throws(FileError) -> stat? {
        var info = stat()
        if lstat(path, &info) == 0 { return info }
        if errno == ENOENT { return nil }
        throw failure(path, "lstat")
    }

    package static func isSymlink(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFLNK }

    /// What a file that is not a regular file is, in words: `a folder`, `a FIFO (named pipe)`.
    package static func kindName(_ info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }
    package static func isRegular(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFREG }
    package static func isDirectory(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFDIR }

    /// `open`, retried on EINTR.
    package static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0, operation: String = "open") throws(FileError) -> Int32 {
        while true {
            let fd = openFile(path, flags | O_CLOEXEC, mode)
            if fd >= 0 { return fd }
            if errno != EINTR { throw failure(path, operation) }
        }
    }

    /// Reads the whole file behind `fd`, refusing more than `limit` bytes.
    ///
    /// The buffer is sized from `fstat` and filled in place: profiles are small, and zeroing a large
    /// scratch buffer per file was a quarter of `profile list`'s instructions.
    package static func readAll(_ fd: Int32, path: String, limit: Int) throws(FileError) -> [UInt8]? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path, "fstat") }
        if Int(info.st_size) > limit { return nil }
        var bytes: [UInt8] = []
        var capacity = max(Int(info.st_size) + 1, 256)
        while true {
            var failed: Int32 = 0
            var ended = false
            // Reading one byte more than the size proves the end of a file that did not grow meanwhile.
            let appended = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < buffer.count {
                    let got = read(fd, buffer.baseAddress! + count, buffer.count - count)
                    if got == 0 { ended = true; return }
                    if got < 0 {
                        if errno == EINTR { continue }
                        failed = errno
                        return
                    }
                    count += got
                }
            }
            if failed != 0 { throw failure(path, "read", failed) }
            // The first read's buffer is kept as it is: a second one of the file's size, and the copy
            // into it, were most of what reading a journal of megabytes cost (`status` reads it whole).
            if bytes.isEmpty { bytes = appended } else { bytes.append(contentsOf: appended) }
            if bytes.count > limit { return nil }
            if ended { return bytes }
            capacity = min(max(capacity * 2, 4096), limit + 1)
        }
    }

    /// Up to `count` bytes of `fd` from where it stands, as many as a regular file holds (reads retried on
    /// EINTR and short counts); fewer only at the end of the file, none there.
    package static func readBlock(_ fd: Int32, count: Int, path: String) throws(FileError) -> [UInt8] {
        var failed: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, done in
            done = 0
            while done < count {
                let got = read(fd, buffer.baseAddress! + done, count - done)
                if got == 0 { return }
                if got < 0 {
                    if errno == EINTR { continue }
                    failed = errno
                    return
                }
                done += got
            }
        }
        if failed != 0 { throw failure(path, "read", failed) }
        return bytes
    }

    /// The bytes of a C string (an argument, an environment variable), before anything decodes them.
    package static func bytes(of string: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: UnsafeRawPointer(string).assumingMemoryBound(to: UInt8.self), count: strlen(string)))
    }

    /// The process's arguments after the program's name, as bytes: Swift's `CommandLine.arguments`
    /// repairs bytes that are not UTF-8 with U+FFFD, so `profile new $'a\xffb'` would create `a\u{FFFD}b`
    /// without a word; the raw `argv` is checked first instead.
    package static var argumentBytes: [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in CommandLine.unsafeArgv[index].map { bytes(of: $0) } ?? [] }
    }

    /// Writes all of `bytes`, retrying short writes and EINTR (``writeWhole(_:_:)``).
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(FileError) {
        if let code = writeWhole(fd, bytes[...]) { throw failure(path, "write", code) }
    }

    /// Writes `bytes` to `fd` whole, retrying interrupted and partial writes, and waiting when the
    /// descriptor was left non-blocking by another program sharing it (a terminal, a pipe).
    ///
    /// - Returns: nil when every byte was written, else the errno of the write that failed.
    package static func writeWhole(_ fd: Int32, _ whole: ArraySlice<UInt8>) -> Int32? {
        var bytes = whole
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, -1)
                    continue
                }
                return errno
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }

    package static func fsync(_ fd: Int32, path: String) throws(FileError) {
        guard syncFile(fd) == 0 else { throw failure(path, "fsync") }
    }

    /// Flushes a directory's entries (a rename inside it) to disk.
    package static func fsyncDirectory(_ path: String) throws(FileError) {
        let fd = try open(path, O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        try fsync(fd, path: path)
    }

    /// `mkdir -p`; new folders get `mode` (less the umask).
    package static func makeDirectories(_ path: String, mode: mode_t = 0o777) throws(FileError) {
        if let info = try lstatIfExists(path) {
            var target = stat()
            guard isDirectory(info) || (isSymlink(info) && stat(path, &target) == 0 && isDirectory(target)) else {
                throw failure(path, "mkdir", ENOTDIR)
            }
            return
        }
        let parent = directoryName(path)
        if parent != path { try makeDirectories(parent, mode: mode) }
        guard mkdir(path, mode) == 0 || errno == EEXIST else { throw failure(path, "mkdir") }
    }

    /// The names in a directory, without `.` and `..`, as the bytes the file system holds (a name need
    /// not be valid UTF-8); nil when the directory does not exist.
    package static func directoryEntries(_ path: String) throws(FileError) -> [[UInt8]]? {
        guard let dir = opendir(path) else {
            if errno == ENOENT { return nil }
            throw failure(path, "opendir")
        }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix(while: { $0 != 0 })) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names
    }

    /// The current folder, or nil when it cannot be named (it was removed, or is too deep).
    package static func currentDirectory() -> String? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }

    /// The canonical absolute path, with every link resolved; nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        try? canonicalPath(path).get()
    }

    /// The canonical absolute path, with every link resolved, or the errno `realpath` failed with
    /// (ENOENT for a link to nothing, ELOOP for a link to itself).
    package static func canonicalPath(_ path: String) -> Result<String, FileError> {
        guard let resolved = realpath(path, nil) else { return .failure(failure(path, "realpath")) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// Where the link at `path` points, as written in it; nil when it is no link.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The absolute path of the running program, as `/proc/self/exe` links to it (what a systemd
    /// service must start to run this program again).
    ///
    /// - Throws: ``FileError/io(path:operation:errno:)`` naming `/proc/self/exe` and `readlink`.
    package static func executablePath() throws(FileError) -> String {
        guard let path = linkTarget("/proc/self/exe") else { throw failure("/proc/self/exe", "readlink") }
        return path
    }

    package static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func baseName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    package static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether a process with this id exists on this host (EPERM means it exists but is not ours).
    package static func processExists(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// When process `pid` started, in clock ticks since boot (field 22 of `/proc/PID/stat`); nil where
    /// the system does not say. With the boot id, it tells a process from a later one given the same pid.
    package static func processStartTime(_ pid: Int32) -> UInt64? {
        guard pid > 0, let bytes = readSmallFile("/proc/\(pid)/stat") else { return nil }
        // The command name in parentheses may hold spaces and parentheses: the fields start after the last ')'.
        guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        // Field 3 (the state) is the first after the name; field 22 is the start time.
        guard fields.count > 19 else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
    }

    /// The state of process `pid`: field 3 of `/proc/PID/stat`, one letter (`R`, `S`, `D`, `T`, `Z` for a
    /// process that has exited but that its parent has not reaped yet, `X` for one being removed); nil
    /// where the system does not say.
    package static func processState(_ pid: Int32) -> UInt8? {
        guard pid > 0, let bytes = readSmallFile("/proc/\(pid)/stat") else { return nil }
        // The command name in parentheses may hold spaces and parentheses: the state follows the last ')'.
        guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        return bytes[(close + 1)...].split(separator: UInt8(ascii: " ")).first?.first
    }

    /// The program running as `pid`: the last part of its `argv[0]`; nil where the system does not say.
    package static func programName(_ pid: Int32) -> String? {
        guard pid > 0, let bytes = readSmallFile("/proc/\(pid)/cmdline") else { return nil }
        let first = bytes.prefix(while: { $0 != 0 })
        return baseName(String(decoding: first, as: UTF8.self))
    }

    /// This boot's id (`/proc/sys/kernel/random/boot_id`); nil where the system does not say.
    package static let bootID: String? = readSmallFile("/proc/sys/kernel/random/boot_id").map {
        String(decoding: $0, as: UTF8.self).trimmingWhitespace()
    }.flatMap { $0.isEmpty ? nil : $0 }

    /// The first 4 KiB of a file, for the small files of `/proc` (whose size `stat` does not give).
    private static func readSmallFile(_ path: String) -> [UInt8]? {
        let fd = openFile(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var count = 0
        while count < buffer.count {
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return nil }
            if got == 0 { break }
            count += got
        }
        return Array(buffer[..<count])
    }

    /// Seconds since the epoch, with nanoseconds.
    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Seconds on the monotonic clock (from an unspecified start; it stops while the machine sleeps).
    package static func monotonicNow() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Seconds since boot, the time the machine slept included (`CLOCK_BOOTTIME`; Darwin's
    /// `CLOCK_MONOTONIC` counts sleep too).
    package static func bootNow() -> Double {
        var time = timespec()
        #if canImport(Darwin)
        clock_gettime(CLOCK_MONOTONIC, &time)
        #else
        clock_gettime(CLOCK_BOOTTIME, &time)
        #endif
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    package static func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

extension POSIX {
    /// The C library's `open`, without retries: for callers that handle every errno themselves.
    package static func openFile(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        Files.openFile(path, flags, mode)
    }

    /// `path` opened to take an exclusive `flock` on it (read and write: over NFS an exclusive lock needs
    /// write access; nothing is written through it), never through a link; -1 with `errno` on failure.
    package static func openToLock(_ path: String) -> Int32 {
        openFile(path, O_RDWR | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    }

    /// The C library's `rename`.
    package static func renameFile(_ old: String, _ new: String) -> Int32 {
        rename(old, new)
    }

    /// When `info`'s file last changed (its data or its inode), in seconds since 1970: the one time no
    /// user can set back (`touch -r` and `rsync -t` set the modification time, not this).
    package static func changeTime(_ info: stat) -> Double {
        #if canImport(Darwin)
        Double(info.st_ctimespec.tv_sec) + Double(info.st_ctimespec.tv_nsec) / 1e9
        #else
        Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9
        #endif
    }

    /// Exactly `count` bytes at `offset` of `fd` (`pread`, retried on EINTR and short reads).
    ///
    /// - Throws: ``FileError/io(path:operation:errno:)``; EIO-like `ENODATA` when the file ends first.
    package static func readBytes(_ fd: Int32, at offset: Int, count: Int, path: String) throws(FileError) -> [UInt8] {
        let bytes = try readBlock(fd, at: offset, count: count, path: path)
        if bytes.count < count { throw failure(path, "read", ENODATA) }
        return bytes
    }

    /// Up to `count` bytes at `offset` of `fd` (`pread`, retried on EINTR and short reads), the offset
    /// of `fd` left where it was; fewer only where the file ends.
    package static func readBlock(_ fd: Int32, at offset: Int, count: Int, path: String) throws(FileError) -> [UInt8] {
        guard count > 0 else { return [] }
        var failed: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, done in
            done = 0
            while done < count {
                let got = pread(fd, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if got < 0, errno == EINTR { continue }
                if got == 0 { return }
                guard got > 0 else { failed = errno; return }
                done += got
            }
        }
        if failed != 0 { throw failure(path, "read", failed) }
        return bytes
    }

    /// When `info`'s file last changed and was last modified, each as seconds and nanoseconds since 1970,
    /// exactly as the file system keeps them (for comparing, where a `Double` would round).
    package static func stamps(_ info: stat) -> (changed: (seconds: Int, nanoseconds: Int), modified: (seconds: Int, nanoseconds: Int)) {
        #if canImport(Darwin)
        ((Int(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec)), (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)))
        #else
        ((Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)), (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)))
        #endif
    }

    /// When `info`'s file was last modified, in whole seconds since 1970 (`st_mtime`, which a `Double`
    /// of the nanoseconds could round up).
    package static func modificationSeconds(_ info: stat) -> Int { stamps(info).modified.seconds }

    /// When `info`'s file was last modified, in seconds since 1970.
    package static func modificationTime(_ info: stat) -> Double {
        #if canImport(Darwin)
        Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }
}

/// The C library's `open`, named apart from ``POSIX/open(_:_:_:operation:)``.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

/// The C library's `fsync`, named apart from ``POSIX/fsync(_:path:)``.
private func syncFile(_ fd: Int32) -> Int32 {
    fsync(fd)
}
