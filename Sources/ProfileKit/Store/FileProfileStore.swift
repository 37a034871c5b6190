#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import Files
import TextSupport

/// Profiles as files: `<directory>/<name>.json`, saved crash-safely.
///
/// A save takes the lock of the profile's file (`<file>.lock`, created with `O_EXCL`; a name that is a
/// link inside the store locks the file it leads to, so every name of one file takes one lock), removes
/// temp files a killed process left, writes a temp file in the same directory with the old file's mode,
/// fsyncs it, renames it over the profile and fsyncs the directory. Readers never lock: they see the old
/// file or the new one, never a mix. A lock whose process no longer exists on this host (or whose pid
/// now belongs to another process) is broken with a notice.
package struct FileProfileStore: ProfileStore {
    /// The folder that holds the profiles; created on the first write.
    package let directory: String
    /// How long a save waits for another process's lock before giving up with ``ProfileError/locked``.
    package let lockTimeout: Double
    private let notice: @Sendable (String) -> Void

    /// Opens the store in `directory`.
    ///
    /// - Parameter notice: receives messages about repairs, such as a stale lock that was broken.
    package init(directory: String, lockTimeout: Double = 5, notice: @escaping @Sendable (String) -> Void = { _ in }) {
        var directory = directory
        while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
        self.directory = directory
        self.lockTimeout = lockTimeout
        self.notice = notice
    }

    /// Where a profile's file is (or would be), and the name it goes by.
    struct Location {
        var name: String
        var path: String
    }

    private func path(for name: ProfileName) -> String { "\(directory)/\(name.value).json" }

    /// A profile file in the store: its name without `.json`, and its path.
    private struct Entry {
        var stem: String
        var path: String
    }

    /// The profile files in the store, in byte order of their names, and the `.json` files whose names
    /// are not valid UTF-8 (no profile name can reach them).
    /// Whether a directory entry is a profile's file by its name: `NAME.json`, not hidden.
    private static func isProfileFile(_ bytes: [UInt8]) -> Bool {
        let suffix = ".json".utf8
        return bytes.count > suffix.count && bytes.first != UInt8(ascii: ".") && bytes.suffix(suffix.count).elementsEqual(suffix)
    }

    private func scan() throws(ProfileError) -> (entries: [Entry], undecodable: [[UInt8]]) {
        guard let names = try io(POSIX.directoryEntries(directory)) else { return ([], []) }
        var entries: [Entry] = []
        var undecodable: [[UInt8]] = []
        for bytes in names where Self.isProfileFile(bytes) {
            guard let name = String(validating: bytes, as: UTF8.self) else {
                undecodable.append(bytes)
                continue
            }
            entries.append(Entry(stem: String(name.dropLast(5)), path: "\(directory)/\(name)"))
        }
        entries.sort { $0.stem.utf8.lexicographicallyPrecedes($1.stem.utf8) }
        undecodable.sort { $0.lexicographicallyPrecedes($1) }
        return (entries, undecodable)
    }

    private func entries() throws(ProfileError) -> [Entry] { try scan().entries }

    /// Finds the file of the profile called `name`: the file whose name is the same after NFC and case
    /// folding.
    ///
    /// Two or more such files are one profile in two versions, and neither is guessed at: the name is
    /// refused with the files named, as `list` reports them — unless `exactly` and one of them is `name`
    /// byte for byte, which `delete` and `rename` take, so that the store can be put right with them.
    ///
    /// - Complexity: one read of the folder; an ASCII name is compared with ASCII file names byte for
    ///   byte, ignoring case, and only the other names are normalized and folded (a `show` in a store of
    ///   10,000 profiles stays a few milliseconds).
    func locate(_ name: ProfileName, exactly: Bool = false) throws(ProfileError) -> Location? {
        guard let names = try io(POSIX.directoryEntries(directory)) else { return nil }
        let key = name.key
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
        let ascii = name.value.utf8.allSatisfy { $0 < 0x80 } ? name.value.utf8.map(lower) : nil
        var matches: [Entry] = []
        for bytes in names where Self.isProfileFile(bytes) {
            let stem = bytes.dropLast(5)
            // ASCII names fold to their lower case; nothing else folds to an ASCII name but a few
            // letters (the Kelvin sign), which are not ASCII and so take the full comparison.
            if let ascii, stem.allSatisfy({ $0 < 0x80 }) {
                guard stem.count == ascii.count, zip(stem, ascii).allSatisfy({ lower($0) == $1 }) else { continue }
            }
            guard let file = String(validating: bytes, as: UTF8.self) else { continue }
            let entry = Entry(stem: String(file.dropLast(5)), path: "\(directory)/\(file)")
            if ProfileName.key(entry.stem) == key { matches.append(entry) }
        }
        matches.sort { $0.stem.utf8.lexicographicallyPrecedes($1.stem.utf8) }
        guard let first = matches.first else { return nil }
        if matches.count > 1 {
            guard exactly, let exact = matches.first(where: { $0.stem.utf8.elementsEqual(name.value.utf8) }) else {
                throw Self.twins(matches[1], of: matches.indices.filter { $0 != 1 }.map { matches[$0] })
            }
            return Location(name: exact.stem.nfc, path: exact.path)
        }
        return Location(name: first.stem.nfc, path: first.path)
    }

    /// The error for a file whose name is one profile's with `others`.
    private static func twins(_ entry: Entry, of others: [Entry]) -> ProfileError {
        .document(DocumentError(
            file: entry.path,
            message: "names the same profile as \(listed(others.map(\.path))) (names are compared ignoring case and Unicode normalization); rename or remove one of them"))
    }

    /// The name of the profile `text` names, as its file has it, without reading the file (a broken one
    /// can be deleted too); of twin files, the one named by `text` byte for byte, as `delete` takes it.
    package func existingName(_ text: String) throws(ProfileError) -> String {
        try locateExisting(text, exactly: true).name
    }

    private func locateExisting(_ text: String, exactly: Bool = false) throws(ProfileError) -> Location {
        let name = try ProfileName(validating: text)
        guard let location = try locate(name, exactly: exactly) else { throw notFound(text) }
        return location
    }

    /// No profile of that name; a close name is suggested, never the name itself (a profile renamed
    /// back while this command waited would otherwise be "did you mean" itself).
    private func notFound(_ text: String) -> ProfileError {
        let key = ProfileName.key(text)
        let others = ((try? names()) ?? []).filter { ProfileName.key($0) != key }
        return .profileNotFound(text, suggestion: closestMatch(to: text, in: others))
    }

    // MARK: Reading

    package func names() throws(ProfileError) -> [String] {
        Self.sortedByName(try entries().map { $0.stem.nfc }) { $0 }
    }

    package func list() throws(ProfileError) -> [ListedProfile] {
        let (entries, undecodable) = try scan()
        var byKey: [String: [Entry]] = [:]
        for entry in entries { byKey[ProfileName.key(entry.stem), default: []].append(entry) }
        var listed = entries.map { entry in
            let name = entry.stem.nfc
            let result: Result<Profile, ProfileError> = Result { () throws(ProfileError) -> Profile in
                do throws(ProfileError) {
                    _ = try ProfileName(validating: entry.stem)
                } catch {
                    throw .document(DocumentError(file: entry.path, message: error.description))
                }
                let twins = byKey[ProfileName.key(name)] ?? []
                if twins.count > 1 {
                    // Files whose names differ only in case or Unicode normalization: one profile, two
                    // versions. Neither is guessed at, here or by any command that names it.
                    // Paths compare byte for byte: as Swift strings an NFC and an NFD name are equal.
                    throw Self.twins(entry, of: twins.filter { !$0.path.utf8.elementsEqual(entry.path.utf8) })
                }
                return try read(Location(name: name, path: entry.path)).stored.profile
            }
            return ListedProfile(name: name, path: entry.path, result: result)
        }
        for bytes in undecodable {
            let shown = String(decoding: bytes, as: UTF8.self)
            let error = ProfileError.document(DocumentError(
                file: directory,
                message: "the file name \(quoted(bytes: bytes, limit: Echo.pathLimit)) is not valid UTF-8, so no profile name reaches it; rename the file"))
            listed.append(ListedProfile(name: String(shown.dropLast(5)), path: "\(directory)/\(shown)", result: .failure(error)))
        }
        return Self.sortedByName(listed) { $0.name }
    }

    /// `items` sorted by name as people expect (case-insensitively), each key computed once.
    ///
    /// - Complexity: O(*n* log *n*) comparisons of precomputed keys.
    package static func sortedByName<T>(_ items: [T], name: (T) -> String) -> [T] {
        let keyed: [(key: String, name: String, item: T)] = items.map { item in
            let text = name(item)
            return (ProfileName.key(text), text, item)
        }
        let sorted = keyed.sorted { (a, b) -> Bool in a.key == b.key ? a.name < b.name : a.key < b.key }
        return sorted.map { $0.item }
    }

    package func load(_ name: String) throws(ProfileError) -> StoredProfile {
        try read(try locateExisting(name)).stored
    }

    /// The real file behind `path`: itself, or the target of a link that stays inside the store.
    private func resolve(_ path: String) throws(ProfileError) -> String {
        guard let info = try io(POSIX.lstatIfExists(path)), POSIX.isSymlink(info) else { return path }
        let target = POSIX.linkTarget(path) ?? "?"
        let resolved: String
        switch POSIX.canonicalPath(path) {
        case let .success(path): resolved = path
        case let .failure(error):
            // ENOENT for a link to nothing, ELOOP for a link to itself or a cycle of links.
            guard case let .io(_, _, code) = error else { throw ProfileError(error) }
            if code == ENOENT { throw .danglingLink(path: path, target: target) }
            throw .io(path: path, operation: "follow link to \(quoted(target))", errno: code)
        }
        let root = POSIX.realPath(directory) ?? directory
        guard resolved.hasPrefix(root + "/") else { throw .symlinkOutsideStore(path: path, target: target) }
        return resolved
    }

    /// Reads and decodes a profile file; the bytes come back too, for conflict checks.
    private func read(_ location: Location) throws(ProfileError) -> (bytes: [UInt8]?, stored: StoredProfile) {
        let real = try resolve(location.path)
        let bytes: [UInt8]
        switch try io(ReadFile.small(real, limit: ProfileDocument.maximumSize, noFollow: true, naming: location.path)) {
        case .missing: throw ProfileError.failure(real, "open", ENOENT)
        case .notRegular: throw .document(DocumentError(file: location.path, message: "not a regular file; a profile is a JSON file"))
        case let .tooLarge(size):
            throw .document(DocumentError(
                file: location.path,
                message: "the file is \(size) bytes; a profile document is at most \(ProfileDocument.maximumSize) bytes"))
        case let .contents(read): bytes = read
        }
        let profile = try ProfileDocument.decode(bytes, name: location.name, file: location.path)
        return (bytes, StoredProfile(profile: profile, revision: Revision(of: bytes)))
    }

    /// The revision on disk now, or nil when the file is gone.
    private func currentRevision(_ location: Location) throws(ProfileError) -> Revision? {
        let real = try resolve(location.path)
        switch try io(ReadFile.small(real, limit: ProfileDocument.maximumSize, noFollow: true, naming: location.path)) {
        case .missing: return nil
        case let .contents(bytes): return Revision(of: bytes)
        // Not a profile it could have read: no revision it was based on.
        case .notRegular, .tooLarge: return Revision(of: [])
        }
    }

    // MARK: Writing

    package func create(_ profile: Profile) throws(ProfileError) -> StoredProfile {
        let name = try ProfileName(validating: profile.name)
        try io(POSIX.makeDirectories(directory))
        let location = Location(name: name.value, path: path(for: name))
        return try withNamesLock { () throws(ProfileError) -> StoredProfile in
            try withLock(location, existing: false) { () throws(ProfileError) -> StoredProfile in
                if let existing = try locate(name) { throw .profileExists(existing.name) }
                var named = profile
                named.name = name.value
                return try write(named, to: location)
            }
        }
    }

    package func save(_ profile: Profile, basedOn revision: Revision) throws(ProfileError) -> StoredProfile {
        let location = try locateExisting(profile.name)
        // A file gone meanwhile is a conflict here: the editor asks whether to keep its version.
        return try withLock(location, existing: false) { () throws(ProfileError) -> StoredProfile in
            guard try currentRevision(location) == revision else { throw .conflict(path: location.path) }
            var named = profile
            named.name = location.name
            return try write(named, to: location)
        }
    }

    package func update(_ name: String, _ change: (inout Profile) throws(ProfileError) -> Void) throws(ProfileError) -> StoredProfile {
        let location = try locateExisting(name)
        return try withLock(location, existing: true) { () throws(ProfileError) -> StoredProfile in
            let stored = try read(location).stored
            var profile = stored.profile
            try change(&profile)
            profile.name = location.name
            // A change that changes nothing leaves the file alone.
            guard profile != stored.profile else { return stored }
            return try write(profile, to: location)
        }
    }

    @discardableResult
    package func delete(_ name: String, basedOn revision: Revision?) throws(ProfileError) -> RemovedProfile {
        let location = try locateExisting(name, exactly: true)
        return try withLock(location, existing: true) { () throws(ProfileError) -> RemovedProfile in
            // The file is read under the lock, so that what comes back is what was removed.
            var removed = RemovedProfile(name: location.name, bytes: nil)
            if let info = try io(POSIX.lstatIfExists(location.path)), POSIX.isSymlink(info) {
                removed.linkTarget = POSIX.linkTarget(location.path)
            }
            // A link out of the store, or to nothing, is removed with nothing to put back.
            if let real = try? resolve(location.path), let info = try io(POSIX.lstatIfExists(real)), POSIX.isRegular(info) {
                removed.bytes = try io(ReadFile.small(real, limit: ProfileDocument.maximumSize, noFollow: true, naming: location.path)).bytes
                removed.mode = UInt32(info.st_mode & 0o7777)
            }
            if let revision, removed.bytes.map(Revision.init(of:)) != revision { throw .conflict(path: location.path) }
            guard unlink(location.path) == 0 else { throw ProfileError.failure(location.path, "unlink") }
            try flush(directory)
            return removed
        }
    }

    package func restore(_ removed: RemovedProfile) throws(ProfileError) -> StoredProfile {
        let name = try ProfileName(validating: removed.name)
        let location = Location(name: name.value, path: path(for: name))
        guard let bytes = removed.bytes else { throw Self.cannotRestore(location.path) }
        // The same checks as reading it back: a restored file is one the store can read.
        let profile = try ProfileDocument.decode(bytes, name: name.value, file: location.path)
        try io(POSIX.makeDirectories(directory))
        return try withNamesLock { () throws(ProfileError) -> StoredProfile in
            try withLock(location, existing: false) { () throws(ProfileError) -> StoredProfile in
                if let existing = try locate(name) { throw .profileExists(existing.name) }
                // A link comes back as the link while what it pointed at is still there, as it was.
                if let target = removed.linkTarget, symlink(target, location.path) == 0 {
                    if let stored = try? read(location).stored, stored.revision == Revision(of: bytes) {
                        try flush(directory)
                        return stored
                    }
                    unlink(location.path)
                }
                try write(bytes, to: location, newFileMode: removed.mode.map { mode_t($0) } ?? 0o644)
                return StoredProfile(profile: profile, revision: Revision(of: bytes))
            }
        }
    }

    /// A removed file that was too large to keep cannot be put back.
    package static func cannotRestore(_ path: String) -> ProfileError {
        .document(DocumentError(file: path, message: "cannot be put back: it was over \(ProfileDocument.maximumSize) bytes when it was deleted"))
    }

    package func rename(_ old: String, to new: String) throws(ProfileError) -> StoredProfile {
        let source = try locateExisting(old, exactly: true)
        let newName = try ProfileName(validating: new)
        let target = Location(name: newName.value, path: path(for: newName))
        return try withNamesLock { () throws(ProfileError) -> StoredProfile in
            // Under the names lock, no other name of the new profile can come in meanwhile.
            if ProfileName.key(source.name) != newName.key, let existing = try locate(newName) {
                throw .profileExists(existing.name)
            }
            return try withLock(source, existing: true) { () throws(ProfileError) -> StoredProfile in
                let stored = try read(source).stored
                guard source.path != target.path else { return stored }
                return try withLock(target, existing: false) { () throws(ProfileError) -> StoredProfile in
                    // link refuses to replace, so a profile created meanwhile under the new name survives.
                    guard link(source.path, target.path) == 0 else {
                        if errno == EEXIST { throw .profileExists(newName.value) }
                        throw ProfileError.failure(target.path, "link")
                    }
                    guard unlink(source.path) == 0 else { throw ProfileError.failure(source.path, "unlink") }
                    try flush(directory)
                    var profile = stored.profile
                    profile.name = newName.value
                    return StoredProfile(profile: profile, revision: stored.revision)
                }
            }
        }
    }

    /// Writes `profile` to its file through a temp file and a rename; the caller holds the lock.
    private func write(_ profile: Profile, to location: Location) throws(ProfileError) -> StoredProfile {
        let bytes = ProfileDocument.encode(profile)
        try write(bytes, to: location)
        return StoredProfile(profile: profile, revision: Revision(of: bytes))
    }

    /// Writes `bytes` to a profile's file through ``AtomicFile/replace(_:with:newFileMode:flush:renamed:)``
    /// after removing the temp files a killed save left; the caller holds the lock.
    private func write(_ bytes: [UInt8], to location: Location, newFileMode: mode_t = 0o644) throws(ProfileError) {
        let real = try resolve(location.path)
        AtomicFile.removeLeftovers(of: POSIX.baseName(real), in: POSIX.directoryName(real))
        try io(AtomicFile.replace(real, with: bytes, newFileMode: newFileMode))
    }

    /// Flushes `folder` after a change is in place there. A failure now cannot take the change back, so
    /// it is reported as ``ProfileError/notFlushed(path:operation:errno:)``: saved, maybe not durably.
    private func flush(_ folder: String) throws(ProfileError) {
        try io(AtomicFile.flushFolder(folder))
    }

    // MARK: Locking

    /// How often a lock is taken again because the name's link was pointed elsewhere meanwhile.
    private static let lockAttempts = 8

    /// Runs `body` holding the store's names lock (`.names.lock`), which every change that brings a
    /// name into the store takes before a profile's own lock: `new morning` and `new Morning` at once
    /// would otherwise take two locks and both create their file.
    func withNamesLock<T>(_ body: () throws(ProfileError) -> T) throws(ProfileError) -> T {
        try withLock(Location(name: ".names", path: "\(directory)/.names"), existing: false, body)
    }

    /// Runs `body` while holding the lock of the file `location` leads to.
    ///
    /// The lock is `<file>.lock` beside the real file: a name that is a link inside the store locks its
    /// target, so that every name of one file takes one lock. A link out of the store, to nothing or to
    /// itself locks its own name (nothing is written through it). With `existing`, a file that is gone by
    /// the time the lock is held — deleted or renamed by another process meanwhile — is
    /// ``ProfileError/profileNotFound(_:suggestion:)``.
    func withLock<T>(_ location: Location, existing: Bool, _ body: () throws(ProfileError) -> T) throws(ProfileError) -> T {
        for _ in 0..<Self.lockAttempts {
            let file = (try? resolve(location.path)) ?? location.path
            let lockPath = file + ".lock"
            try acquireLock(lockPath)
            defer { unlink(lockPath) }
            // The link may have been pointed elsewhere while this process waited for the lock.
            guard ((try? resolve(location.path)) ?? location.path) == file else { continue }
            if existing, try io(POSIX.lstatIfExists(location.path)) == nil { throw notFound(location.name) }
            return try body()
        }
        throw .conflict(path: location.path)
    }

    private func acquireLock(_ lockPath: String) throws(ProfileError) {
        try io(FileLock(timeout: lockTimeout, notice: notice).acquire(lockPath))
    }
}
