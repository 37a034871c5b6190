#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files
import JournalCore
import ProfileKit
import TextSupport

/// What makes a file a journal this program may write to: it is empty (blank lines aside), or at least
/// one of its lines is a record of a sit. A text file of notes, a passwd file or a bashrc is no journal,
/// and no command appends to it, cuts it or rewrites it.
extension JournalFile {
    /// How much of a file is read first to find a record: a journal's first line is one.
    static let kindProbeBytes = 1 << 20

    /// Refuses (65) the journal open for reading as `fd` when it is not empty and holds no record line;
    /// reads from its start only as far as its first record (its offset is then anywhere).
    func checkIsJournal(_ fd: Int32) throws(JournalError) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw JournalError.failure(path, "fstat") }
        guard info.st_size > 0 else { return }
        let probe = try JournalError.io(POSIX.readBlock(fd, at: 0, count: min(Int(info.st_size), Self.kindProbeBytes), path: path))
        let read = probe.count
        // Whole lines of the probe first; all of the file only when none of them is a record.
        let cut = read < Int(info.st_size) ? (probe.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) : probe.count
        if Self.holdsRecordOrIsBlank(probe[..<cut], wholeFile: cut == Int(info.st_size)) == true { return }
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw JournalError.failure(path, "lseek") }
        guard let bytes = try JournalError.io(POSIX.readAll(fd, path: path, limit: Self.sizeLimit)) else {
            throw JournalError.failure(path, "read", EFBIG)
        }
        if Self.holdsRecordOrIsBlank(bytes[...], wholeFile: true) == true { return }
        throw notAJournal(bytes)
    }

    /// Whether `bytes` hold a record line (true), or, when they are the whole file, only blank lines
    /// (true); false for a whole file with neither; nil when a part of it has no record yet.
    static func holdsRecordOrIsBlank(_ bytes: ArraySlice<UInt8>, wholeFile: Bool) -> Bool? {
        let array = Array(bytes)
        let (whole, torn) = SitLine.lines(of: array)
        var blank = true
        for line in whole + (torn.map { [$0] } ?? []) {
            let text = array[line.range]
            if SitLine.isBlank(text) { continue }
            blank = false
            if (try? SitLine.decode(Array(text))) != nil { return true }
        }
        return wholeFile ? blank : nil
    }

    /// The error for a file that is no journal (65): what it holds, and what a journal is.
    func notAJournal(_ bytes: [UInt8]) -> JournalError {
        let (whole, torn) = SitLine.lines(of: bytes)
        let count = whole.count + (torn == nil ? 0 : 1)
        return .document(DocumentError(file: path, message: """
            holds no record of a sit (\(count == 1 ? "1 line" : "\(grouped(count)) lines"), none of them a record), so it is no journal; \
            profile writes only to a journal, a file of one JSON record a line: name another with --journal FILE or PROFILE_JOURNAL
            """))
    }
}
