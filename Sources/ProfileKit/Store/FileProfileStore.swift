#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import TextSupport

/// Profiles as files: `<directory>/<name>.json`, saved crash-safely.
///
/// A save takes the profile's lock (`<name>.json.lock`, created with `O_EXCL`), removes temp files a
/// killed process left, writes a temp file in the same directory with the old file's mode, fsyncs it,
/// renames it over the profile and fsyncs the directory. Readers never lock: they see the old file or
/// the new one, never a mix. A lock whose process no longer exists on this host is broken with a notice.
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

    /// The profile files in the store, by name; nil names are files whose stem is not a valid name.
    private func entries() throws(ProfileError) -> [(stem: String, path: String)] {
        guard let names = try POSIX.directoryEntries(directory) else { return [] }
        return names
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") && $0.count > 5 }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { (String($0.dropLast(5)), "\(directory)/\($0)") }
    }

    /// Finds the file of the profile called `name`: the exact file first, else any whose name is the same
    /// after NFC and case folding.
    func locate(_ name: ProfileName) throws(ProfileError) -> Location? {
        let exact = path(for: name)
        if try POSIX.lstatIfExists(exact) != nil { return Location(name: name.value, path: exact) }
        let key = name.key
        for entry in try entries() where ProfileName.key(entry.stem) == key {
            return Location(name: entry.stem.nfc, path: entry.path)
        }
        return nil
    }

    private func locateExisting(_ text: String) throws(ProfileError) -> Location {
        let name = try ProfileName(validating: text)
        guard let location = try locate(name) else {
            throw .profileNotFound(text, suggestion: closestMatch(to: text, in: (try? names()) ?? []))
        }
        return location
    }

    // MARK: Reading

    package func names() throws(ProfileError) -> [String] {
        Self.sortedByName(try entries().map { $0.stem.nfc }) { $0 }
    }

    package func list() throws(ProfileError) -> [ListedProfile] {
        var firstFile: [String: String] = [:]
        let listed = try entries().map { entry in
            let name = entry.stem.nfc
            let key = ProfileName.key(name)
            let twin = firstFile[key]
            if twin == nil { firstFile[key] = entry.path }
            let result: Result<Profile, ProfileError> = Result { () throws(ProfileError) -> Profile in
                do throws(ProfileError) {
                    _ = try ProfileName(validating: entry.stem)
                } catch {
                    throw .document(DocumentError(file: entry.path, message: error.description))
                }
                if let twin {
                    // Two files whose names differ only in case or Unicode normalization: one profile, two
                    // versions. Neither is guessed at.
                    throw .document(DocumentError(file: entry.path, message: "names the same profile as \(twin) (names are compared ignoring case and Unicode normalization); rename or remove one of them"))
                }
                return try read(Location(name: name, path: entry.path)).stored.profile
            }
            return ListedProfile(name: name, path: entry.path, result: result)
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
        guard let info = try POSIX.lstatIfExists(path), POSIX.isSymlink(info) else { return path }
        let target = POSIX.linkTarget(path) ?? "?"
        guard let resolved = POSIX.realPath(path) else {
            throw .io(path: path, operation: "follow link to \(quoted(target))", errno: ENOENT)
        }
        let root = POSIX.realPath(directory) ?? directory
        guard resolved.hasPrefix(root + "/") else { throw .symlinkOutsideStore(path: path, target: target) }
        return resolved
    }

    /// Reads and decodes a profile file; the bytes come back too, for conflict checks.
    private func read(_ location: Location) throws(ProfileError) -> (bytes: [UInt8]?, stored: StoredProfile) {
        let real = try resolve(location.path)
        let fd = try POSIX.open(real, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw POSIX.failure(location.path, "fstat") }
        guard POSIX.isRegular(info) else {
            throw .document(DocumentError(file: location.path, message: "not a regular file; a profile is a JSON file"))
        }
        guard let bytes = try POSIX.readAll(fd, path: location.path, limit: ProfileDocument.maximumSize) else {
            throw .document(DocumentError(
                file: location.path,
                message: "the file is \(info.st_size) bytes; a profile document is at most \(ProfileDocument.maximumSize) bytes"))
        }
        let profile = try ProfileDocument.decode(bytes, name: location.name, file: location.path)
        return (bytes, StoredProfile(profile: profile, revision: Revision(of: bytes)))
    }

    /// The revision on disk now, or nil when the file is gone.
    private func currentRevision(_ location: Location) throws(ProfileError) -> Revision? {
        let real = try resolve(location.path)
        guard try POSIX.lstatIfExists(real) != nil else { return nil }
        let fd = try POSIX.open(real, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        defer { close(fd) }
        let bytes = try POSIX.readAll(fd, path: location.path, limit: ProfileDocument.maximumSize) ?? []
        return Revision(of: bytes)
    }

    // MARK: Writing

    package func create(_ profile: Profile) throws(ProfileError) -> StoredProfile {
        let name = try ProfileName(validating: profile.name)
        try POSIX.makeDirectories(directory)
        let location = Location(name: name.value, path: path(for: name))
        return try withLock(location.path) { () throws(ProfileError) -> StoredProfile in
            if let existing = try locate(name) { throw .profileExists(existing.name) }
            var named = profile
            named.name = name.value
            return try write(named, to: location)
        }
    }

    package func save(_ profile: Profile, basedOn revision: Revision) throws(ProfileError) -> StoredProfile {
        let location = try locateExisting(profile.name)
        return try withLock(location.path) { () throws(ProfileError) -> StoredProfile in
            guard try currentRevision(location) == revision else { throw .conflict(path: location.path) }
            var named = profile
            named.name = location.name
            return try write(named, to: location)
        }
    }

    package func update(_ name: String, _ change: (inout Profile) throws(ProfileError) -> Void) throws(ProfileError) -> StoredProfile {
        let location = try locateExisting(name)
        return try withLock(location.path) { () throws(ProfileError) -> StoredProfile in
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
        let location = try locateExisting(name)
        return try withLock(location.path) { () throws(ProfileError) -> RemovedProfile in
            // The file is read under the lock, so that what comes back is what was removed.
            var removed = RemovedProfile(name: location.name, bytes: nil)
            if let info = try POSIX.lstatIfExists(location.path), POSIX.isSymlink(info) {
                removed.linkTarget = POSIX.linkTarget(location.path)
            }
            // A link out of the store, or to nothing, is removed with nothing to put back.
            if let real = try? resolve(location.path), let info = try POSIX.lstatIfExists(real), POSIX.isRegular(info) {
                let fd = try POSIX.open(real, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
                defer { close(fd) }
                removed.bytes = try POSIX.readAll(fd, path: location.path, limit: ProfileDocument.maximumSize)
                removed.mode = UInt32(info.st_mode & 0o7777)
            }
            if let revision, removed.bytes.map(Revision.init(of:)) != revision { throw .conflict(path: location.path) }
            guard unlink(location.path) == 0 else { throw POSIX.failure(location.path, "unlink") }
            try POSIX.fsyncDirectory(directory)
            return removed
        }
    }

    package func restore(_ removed: RemovedProfile) throws(ProfileError) -> StoredProfile {
        let name = try ProfileName(validating: removed.name)
        let location = Location(name: name.value, path: path(for: name))
        guard let bytes = removed.bytes else { throw Self.cannotRestore(location.path) }
        // The same checks as reading it back: a restored file is one the store can read.
        let profile = try ProfileDocument.decode(bytes, name: name.value, file: location.path)
        try POSIX.makeDirectories(directory)
        return try withLock(location.path) { () throws(ProfileError) -> StoredProfile in
            if let existing = try locate(name) { throw .profileExists(existing.name) }
            // A link comes back as the link while what it pointed at is still there, as it was.
            if let target = removed.linkTarget, symlink(target, location.path) == 0 {
                if let stored = try? read(location).stored, stored.revision == Revision(of: bytes) {
                    try POSIX.fsyncDirectory(directory)
                    return stored
                }
                unlink(location.path)
            }
            try write(bytes, to: location, newFileMode: removed.mode.map { mode_t($0) } ?? 0o644)
            return StoredProfile(profile: profile, revision: Revision(of: bytes))
        }
    }

    /// A removed file that was too large to keep cannot be put back.
    package static func cannotRestore(_ path: String) -> ProfileError {
        .document(DocumentError(file: path, message: "cannot be put back: it was over \(ProfileDocument.maximumSize) bytes when it was deleted"))
    }

    package func rename(_ old: String, to new: String) throws(ProfileError) -> StoredProfile {
        let source = try locateExisting(old)
        let newName = try ProfileName(validating: new)
        let target = Location(name: newName.value, path: path(for: newName))
        if ProfileName.key(source.name) != newName.key, let existing = try locate(newName) {
            throw .profileExists(existing.name)
        }
        return try withLock(source.path) { () throws(ProfileError) -> StoredProfile in
            let stored = try read(source).stored
            guard source.path != target.path else { return stored }
            return try withLock(target.path) { () throws(ProfileError) -> StoredProfile in
                // link refuses to replace, so a profile created meanwhile under the new name survives.
                guard link(source.path, target.path) == 0 else {
                    if errno == EEXIST { throw .profileExists(newName.value) }
                    throw POSIX.failure(target.path, "link")
                }
                guard unlink(source.path) == 0 else { throw POSIX.failure(source.path, "unlink") }
                try POSIX.fsyncDirectory(directory)
                var profile = stored.profile
                profile.name = newName.value
                return StoredProfile(profile: profile, revision: stored.revision)
            }
        }
    }

    /// Writes `profile` to its file through a temp file and a rename; the caller holds the lock.
    private func write(_ profile: Profile, to location: Location) throws(ProfileError) -> StoredProfile {
        let bytes = ProfileDocument.encode(profile)
        try write(bytes, to: location)
        return StoredProfile(profile: profile, revision: Revision(of: bytes))
    }

    /// Writes `bytes` to a profile's file through a temp file and a rename; the caller holds the lock.
    private func write(_ bytes: [UInt8], to location: Location, newFileMode: mode_t = 0o644) throws(ProfileError) {
        let real = try resolve(location.path)
        let folder = POSIX.directoryName(real)
        let base = POSIX.baseName(real)
        removeLeftoverTempFiles(base: base, in: folder)

        var mode = newFileMode
        var owner: (uid_t, gid_t)?
        if let info = try POSIX.lstatIfExists(real) {
            mode = info.st_mode & 0o7777
            owner = (info.st_uid, info.st_gid)
        }
        let random = UInt64.random(in: 0...UInt64.max)
        let temp = "\(folder)/.\(base).\(getpid()).\(String(random & 0xFFFF_FFFF, radix: 16)).tmp"

        let fd = try POSIX.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode, operation: "create")
        var renamed = false
        defer { if !renamed { unlink(temp) } }
        do throws(ProfileError) {
            try POSIX.writeAll(fd, bytes, path: temp)
            // The umask may have narrowed the mode given to open.
            guard fchmod(fd, mode) == 0 else { throw POSIX.failure(temp, "fchmod") }
            if let (uid, gid) = owner, getuid() == 0 { _ = fchown(fd, uid, gid) }
            try POSIX.fsync(fd, path: temp)
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw POSIX.failure(temp, "close") }
        guard POSIX.renameFile(temp, real) == 0 else { throw POSIX.failure(real, "rename") }
        renamed = true
        try POSIX.fsyncDirectory(folder)
    }

    /// Temp files of this profile that a killed process left; the caller holds the lock, so no live
    /// writer owns them.
    private func removeLeftoverTempFiles(base: String, in folder: String) {
        guard let names = try? POSIX.directoryEntries(folder) else { return }
        for name in names where name.hasPrefix(".\(base).") && name.hasSuffix(".tmp") {
            unlink("\(folder)/\(name)")
        }
    }

    // MARK: Locking

    /// Runs `body` while holding the lock file `<path>.lock`.
    func withLock<T>(_ path: String, _ body: () throws(ProfileError) -> T) throws(ProfileError) -> T {
        let lockPath = path + ".lock"
        try acquireLock(lockPath)
        defer { unlink(lockPath) }
        return try body()
    }

    private func acquireLock(_ lockPath: String) throws(ProfileError) {
        let deadline = POSIX.monotonicNow() + lockTimeout
        var delay = 0.001
        let owner = Array("\(getpid()) \(POSIX.hostName)\n".utf8)
        while true {
            let fd = POSIX.openFile(lockPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            if fd >= 0 {
                defer { close(fd) }
                do throws(ProfileError) {
                    try POSIX.writeAll(fd, owner, path: lockPath)
                } catch {
                    unlink(lockPath)
                    throw error
                }
                return
            }
            guard errno == EEXIST else {
                if errno == EINTR { continue }
                throw POSIX.failure(lockPath, "create lock")
            }
            switch try inspectLock(lockPath) {
            case .gone, .broken:
                continue
            case let .held(pid, host):
                guard POSIX.monotonicNow() < deadline else { throw .locked(path: lockPath, pid: pid, host: host) }
                POSIX.sleep(seconds: delay)
                delay = min(delay * 2, 0.05)
            }
        }
    }

    private enum LockState {
        case gone
        case broken
        case held(pid: Int32, host: String)
    }

    /// Looks at an existing lock and breaks it when its owner is dead.
    ///
    /// Breakers serialize on `flock` of the lock file itself and unlink only while the path still names
    /// the inode they inspected, so two processes breaking the same stale lock cannot remove a fresh one.
    private func inspectLock(_ lockPath: String) throws(ProfileError) -> LockState {
        let fd = POSIX.openFile(lockPath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ENOENT { return .gone }
            throw POSIX.failure(lockPath, "open lock")
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw POSIX.failure(lockPath, "flock") }
        }
        let content = String(decoding: (try POSIX.readAll(fd, path: lockPath, limit: 4096)) ?? [], as: UTF8.self)
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw POSIX.failure(lockPath, "fstat") }
        let fields = content.split(whereSeparator: { $0 == " " || $0 == "\n" })
        let pid = fields.first.flatMap { Int32($0) }
        let host = fields.count > 1 ? String(fields[1]) : ""
        let age = POSIX.now() - POSIX.modificationTime(info)

        let reason: String
        if let pid, !host.isEmpty {
            guard host == POSIX.hostName, !POSIX.processExists(pid) else { return .held(pid: pid, host: host) }
            reason = "left by pid \(pid), which no longer exists"
        } else {
            // Its owner died between creating the lock and writing its pid into it, or is doing so now.
            guard age > 2 else { return .held(pid: pid ?? 0, host: host.isEmpty ? POSIX.hostName : host) }
            reason = "with no owner written in it, \(Int(age)) s old"
        }
        guard let now = try POSIX.lstatIfExists(lockPath), now.st_ino == info.st_ino, now.st_dev == info.st_dev else {
            return .gone
        }
        guard unlink(lockPath) == 0 || errno == ENOENT else { throw POSIX.failure(lockPath, "unlink stale lock") }
        notice("\(lockPath): broke a stale lock \(reason)")
        return .broken
    }
}
