#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What makes an append all or nothing even when its process is killed, without ever taking a byte it
/// did not write: before the write, a mark records the file it is for (device and inode), the file's
/// length, and what the write will add, as its length and a checksum of each of its chunks; once the
/// write is flushed the mark is removed. A mark still there when the next writer holds the file's lock
/// is a write that was cut off, and only a *proven* rest of it is taken back.
///
/// Proven by content, as SQLite's write-ahead log proves its frames: the bytes past the recorded length
/// must be a prefix of the recorded write, every chunk of them matching its checksum, and the cut must
/// fall where a killed write stops. Linux copies a `write` into the page cache a page at a time and
/// stops between pages when a fatal signal is pending (`generic_perform_write`), so a write killed
/// midway ends on a 4 KiB boundary of the file's offsets; the chunks are cut on those boundaries, and a
/// prefix ending anywhere else is not the rest of a killed write. A mark younger than the file's last
/// change cannot be the mark of the write that made it. Anything else — the file restored in place, a
/// line another program appended, a mark planted or left by an older version — is left as it is: the
/// file is never cut, and the mark is only removed (by a writer), with words that say so.
///
/// The mark belongs to the file, not to the name that reached it: it is `.appending-<device>-<inode>` in
/// the real file's folder, so a hard link or a bind mount of that folder finds the same mark.
///
/// Only a holder of the file's lock marks, clears or settles; a reader only looks (``look(at:bytes:folder:)``).
package struct AppendMark: Sendable {
    /// The mark's own path.
    package let path: String
    /// The file's length before the write.
    package let length: Int

    /// The chunks' alignment, in bytes of the file's offsets: the page a killed write stops at.
    package static let chunkSize = 4096
    /// The largest mark read: a 1 GiB write has 262,145 chunks of 24 bytes.
    package static let sizeLimit = 8 << 20
    /// The first line of every mark.
    static let header = "profile append mark 2"

    /// The mark of the file `info` describes, in its real folder `folder`.
    package static func path(folder: String, info: stat) -> String {
        "\(folder)/.appending-\(UInt64(info.st_dev))-\(UInt64(info.st_ino))"
    }

    /// The name of the marks version 1 kept beside the file (`<file>.appending`, holding only a length):
    /// they cannot prove a byte, so a writer removes them and cuts nothing.
    package static func legacyPath(of file: String) -> String { file + ".appending" }

    /// Marks the file open as `fd` (at `file`, its real path) before `bytes` are appended to it.
    ///
    /// - Throws: ``FileError/io(path:operation:errno:)``; EEXIST when a mark is there (settle it first).
    package static func mark(_ fd: Int32, file: String, adding bytes: [UInt8]) throws(FileError) -> AppendMark {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw POSIX.failure(file, "fstat") }
        let record = Record(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), length: Int(info.st_size),
                            writeLength: bytes.count, chunks: Record.checksums(of: bytes[...], at: Int(info.st_size)))
        let path = path(folder: POSIX.directoryName(file), info: info)
        // Whoever may read the file may read its mark: a reader of another user counts as this one does.
        let markFd = try AtomicFile.createNew(path, mode: (info.st_mode & 0o666) | 0o600)
        do throws(FileError) {
            defer { close(markFd) }
            try POSIX.writeAll(markFd, record.text, path: path)
            try POSIX.fsync(markFd, path: path)
            try POSIX.fsyncDirectory(POSIX.directoryName(path))
        } catch {
            unlink(path)
            throw error
        }
        return AppendMark(path: path, length: record.length)
    }

    /// Removes the mark once the write is flushed, and flushes its folder, so that the write stays.
    package func clear() throws(FileError) {
        guard unlink(path) == 0 else { throw POSIX.failure(path, "unlink") }
        try POSIX.fsyncDirectory(POSIX.directoryName(path))
    }

    // MARK: What a mark holds

    /// A mark's content: `profile append mark 2`, then `device`, `inode`, `length`, `write` (decimal), a
    /// `chunk` line (16 hex digits) for each chunk of the write, and `check`, the checksum of every line
    /// before it, each line ended by a newline.
    package struct Record: Equatable, Sendable {
        package var device: UInt64
        package var inode: UInt64
        /// The file's length before the write.
        package var length: Int
        /// The bytes the write adds.
        package var writeLength: Int
        /// The checksum of each chunk of the write, the chunks cut at the file's 4 KiB boundaries.
        package var chunks: [UInt64]

        /// The chunks of a write of `count` bytes at offset `start`: their ranges in the write.
        static func chunkRanges(start: Int, count: Int) -> [Range<Int>] {
            var ranges: [Range<Int>] = []
            var offset = 0
            while offset < count {
                let next = min(count, (start + offset) / chunkSize * chunkSize + chunkSize - start)
                ranges.append(offset..<next)
                offset = next
            }
            return ranges
        }

        /// The checksums of the chunks of `bytes`, written at offset `start`.
        package static func checksums(of bytes: ArraySlice<UInt8>, at start: Int) -> [UInt64] {
            chunkRanges(start: start, count: bytes.count).map { range in
                checksum(bytes[(bytes.startIndex + range.lowerBound)..<(bytes.startIndex + range.upperBound)])
            }
        }

        /// FNV-1a, 64 bits: a checksum against a cut, a restore or another program's bytes, not against
        /// someone forging a mark (who could as well edit the file).
        static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
            return hash
        }

        /// The mark's bytes.
        package var text: [UInt8] {
            var lines = ["\(AppendMark.header)", "device \(device)", "inode \(inode)", "length \(length)", "write \(writeLength)"]
            lines += chunks.map { "chunk \(Self.hex($0))" }
            var bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
            bytes += Array("check \(Self.hex(Self.checksum(bytes[...])))\n".utf8)
            return bytes
        }

        static func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }

        /// The record `bytes` hold, read strictly: nil for anything this program did not write (another
        /// header, a sign or leading zero in a number, a field missing, repeated or out of order, the
        /// wrong number of chunks, a check that does not match).
        package init?(_ bytes: [UInt8]) {
            guard bytes.last == 0x0A else { return nil }
            let lines = bytes.dropLast().split(separator: 0x0A, omittingEmptySubsequences: false)
            guard lines.count >= 6, lines.first.map({ Array($0) }) == Array(AppendMark.header.utf8) else { return nil }
            func field(_ index: Int, _ name: String) -> Substring? {
                let line = String(decoding: lines[index], as: UTF8.self)
                let prefix = name + " "
                guard line.hasPrefix(prefix) else { return nil }
                return line.dropFirst(prefix.count)
            }
            func decimal(_ index: Int, _ name: String) -> UInt64? {
                guard let text = field(index, name), !text.isEmpty, text.count <= 20,
                      text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), text == "0" || !text.hasPrefix("0") else { return nil }
                return UInt64(text)
            }
            func hexadecimal(_ index: Int, _ name: String) -> UInt64? {
                guard let text = field(index, name), text.utf8.count == 16,
                      text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
                return UInt64(text, radix: 16)
            }
            guard let device = decimal(1, "device"), let inode = decimal(2, "inode"),
                  let length = decimal(3, "length").flatMap({ Int(exactly: $0) }),
                  let write = decimal(4, "write").flatMap({ Int(exactly: $0) }), write > 0, length <= Int.max - write else { return nil }
            let count = Self.chunkRanges(start: length, count: write).count
            guard lines.count == 5 + count + 1 else { return nil }
            var chunks: [UInt64] = []
            chunks.reserveCapacity(count)
            for index in 5..<(5 + count) {
                guard let chunk = hexadecimal(index, "chunk") else { return nil }
                chunks.append(chunk)
            }
            let checked = lines[lines.count - 1]
            let body = bytes[..<(checked.startIndex)]
            guard let check = hexadecimal(lines.count - 1, "check"), check == Self.checksum(body) else { return nil }
            self.init(device: device, inode: inode, length: length, writeLength: write, chunks: chunks)
        }

        package init(device: UInt64, inode: UInt64, length: Int, writeLength: Int, chunks: [UInt64]) {
            self.device = device
            self.inode = inode
            self.length = length
            self.writeLength = writeLength
            self.chunks = chunks
        }

        /// Whether `rest`, the file's bytes past ``length``, is what this write leaves when it is cut
        /// off: a prefix of it, each chunk matching, ending at the write's end or on a chunk boundary.
        package func isPrefix(_ rest: ArraySlice<UInt8>) -> Bool {
            guard rest.count <= writeLength else { return false }
            guard rest.isEmpty || rest.count == writeLength || (length + rest.count) % chunkSize == 0 else { return false }
            for (index, range) in Self.chunkRanges(start: length, count: writeLength).enumerated() where range.upperBound <= rest.count {
                let chunk = rest[(rest.startIndex + range.lowerBound)..<(rest.startIndex + range.upperBound)]
                guard Self.checksum(chunk) == chunks[index] else { return false }
            }
            return true
        }
    }

    // MARK: Looking and settling

    /// Why a mark was not taken as the rest of a write.
    package enum Doubt: Equatable, Sendable {
        /// It is not a mark this program wrote (or one an older version left, which holds no checksums).
        case unreadable
        /// It is another file's (another device or inode).
        case otherFile
        /// It cannot be read by this user (another user's journal, read through its permissions).
        case forbidden
        /// The file's bytes past the mark's length are not what its write left (restored, edited or
        /// appended to by another program since), or the file is shorter than before the write.
        case changed
    }

    /// What the mark of a file says of it.
    package enum Finding: Equatable, Sendable {
        /// No mark: no write was cut off.
        case none
        /// A write that was cut off (or is being written now): the file was `length` bytes before it,
        /// and the `removable` bytes past that are proven to be its own.
        case proven(length: Int, removable: Int)
        /// A mark that proves nothing: the file is to be left as it is.
        case doubtful(Doubt)
    }

    /// What the mark of the file described by `info` (whose real folder is `folder`) says of it, given
    /// the file's `bytes` (read from that same descriptor): only looks, never changes anything.
    package static func look(at info: stat, bytes: [UInt8], folder: String) -> Finding {
        let path = path(folder: folder, info: info)
        guard let markInfo = try? POSIX.lstatIfExists(path) else { return .none }
        let content: [UInt8]?
        do throws(FileError) {
            content = try readMark(path)
        } catch {
            return .doubtful(error.code == EACCES ? .forbidden : .unreadable)
        }
        guard POSIX.isRegular(markInfo), let content, let record = Record(content) else { return .doubtful(.unreadable) }
        return judge(record, info: info, markWritten: markInfo, rest: { range in bytes.count >= range.upperBound ? bytes[range] : nil },
                     size: bytes.count)
    }

    /// `record` against the file `info`, `size` bytes long, whose bytes `rest` gives.
    static func judge(_ record: Record, info: stat, markWritten markInfo: stat, rest: (Range<Int>) -> ArraySlice<UInt8>?, size: Int) -> Finding {
        guard record.device == UInt64(info.st_dev), record.inode == UInt64(info.st_ino) else { return .doubtful(.otherFile) }
        guard size >= record.length else { return .doubtful(.changed) }
        let count = size - record.length
        guard count > 0 else { return .proven(length: record.length, removable: 0) }
        // The write comes after its mark: a file last changed before the mark was made holds none of it.
        // (Change times, which no one can set back: `touch` sets a mark's modification time.)
        guard POSIX.changeTime(info) >= POSIX.changeTime(markInfo) else { return .doubtful(.changed) }
        guard count <= record.writeLength, let bytes = rest(record.length..<size), record.isPrefix(bytes) else {
            return .doubtful(.changed)
        }
        return .proven(length: record.length, removable: count)
    }

    /// The mark's bytes, read without following a link or waiting on a FIFO.
    private static func readMark(_ path: String) throws(FileError) -> [UInt8]? {
        let fd = try POSIX.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, POSIX.isRegular(info) else { return nil }
        return try POSIX.readAll(fd, path: path, limit: sizeLimit)
    }

    /// What ``settle(_:file:)`` did.
    package enum Settled: Equatable, Sendable {
        /// There was no mark: no write was cut off.
        case nothing
        /// The mark of a write that left nothing (or that finished) was removed.
        case cleared
        /// The file was put back to its length before a write that was cut off: `removed` bytes went,
        /// each proven to be that write's.
        case rolledBack(removed: Int)
        /// The mark proved nothing; it was removed and the file left as it is.
        case leftAsIs(Doubt)
        /// Not cutting was asked, and `removable` proven bytes of a cut-off write wait, with their mark.
        case waiting(removable: Int)
    }

    /// Settles the mark of the file open as `fd` (readable, the file's lock held; at `file`, its real
    /// path): cuts a proven rest of a write that was cut off (through a descriptor opened for it, after
    /// checking that `file` still names that file), and removes the mark; a mark that proves nothing is
    /// removed and the file left as it is. A mark of the old kind beside the file
    /// (``legacyPath(of:)``) is removed as well, cutting nothing.
    ///
    /// - Parameter cutting: false to leave a proven rest and its mark alone (``Settled/waiting``): a
    ///   caller that may not cut, such as a recovery run by a command that only reads.
    /// - Throws: ``FileError/io(path:operation:errno:)`` when the mark or the file cannot be read, cut
    ///   or flushed; the mark then stays for the next writer.
    package static func settle(_ fd: Int32, file: String, cutting: Bool = true) throws(FileError) -> Settled {
        let (finding, markPath) = try find(fd, file: file)
        var settled = Settled.nothing
        switch finding {
        case .none:
            break
        case let .proven(length, removable):
            if removable > 0 {
                guard cutting else { return .waiting(removable: removable) }
                let writer = try POSIX.open(file, O_WRONLY | O_NOFOLLOW | O_NONBLOCK)
                defer { close(writer) }
                var held = stat()
                var info = stat()
                guard fstat(fd, &held) == 0, fstat(writer, &info) == 0 else { throw POSIX.failure(file, "fstat") }
                guard held.st_dev == info.st_dev, held.st_ino == info.st_ino else { throw FileError.conflict(path: file) }
                try AppendFile.cut(writer, to: length, path: file)
                try POSIX.fsync(writer, path: file)
                settled = .rolledBack(removed: removable)
            } else {
                settled = .cleared
            }
        case let .doubtful(doubt):
            settled = .leftAsIs(doubt)
        }
        var removedOne = false
        let legacy = legacyPath(of: file)
        for path in [markPath, legacy] {
            guard let path, (try? POSIX.lstatIfExists(path)) != nil else { continue }
            guard unlink(path) == 0 || errno == ENOENT else { throw POSIX.failure(path, "unlink") }
            removedOne = true
            if path == legacy, settled == .nothing || settled == .cleared { settled = .leftAsIs(.unreadable) }
        }
        if removedOne { try POSIX.fsyncDirectory(POSIX.directoryName(file)) }
        return settled
    }

    /// What the mark of the file open as `fd` says, read from the descriptor (the holder of the lock).
    package static func find(_ fd: Int32, file: String) throws(FileError) -> (finding: Finding, path: String?) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw POSIX.failure(file, "fstat") }
        let path = path(folder: POSIX.directoryName(file), info: info)
        guard let markInfo = try POSIX.lstatIfExists(path) else { return (.none, nil) }
        guard POSIX.isRegular(markInfo), let content = try readMark(path), let record = Record(content) else {
            return (.doubtful(.unreadable), path)
        }
        let size = Int(info.st_size)
        var failure: FileError?
        let finding = judge(record, info: info, markWritten: markInfo, rest: { range in
            do throws(FileError) {
                return try POSIX.readBytes(fd, at: range.lowerBound, count: range.count, path: file)[...]
            } catch {
                failure = error
                return nil
            }
        }, size: size)
        if let failure { throw failure }
        return (finding, path)
    }
}
