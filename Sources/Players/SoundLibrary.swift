#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import Files
import TextSupport
import ProfileKit
import Sound

/// The user's recorded sounds: `NAME.wav` files in `${XDG_DATA_HOME:-$HOME/.local/share}/profile/sounds/`.
///
/// A sound's name follows the profile-name rules (``ProfileName``) and is never a built-in bell's; names
/// are found ignoring case, as profiles are. A file is added only once ``WAVReader`` has accepted all
/// of it, and its original bytes are written crash-safely: to a hidden temp file in the folder, flushed,
/// linked into place (so a sound added meanwhile is never replaced), and the folder flushed.
package struct SoundLibrary: Sendable {
    /// The folder that holds the sounds; created by the first ``add(name:from:)``.
    package let folder: String

    /// The end of every sound's file name.
    package static let fileExtension = ".wav"

    /// The library in `folder`.
    /// Told what the folder's lock did that a user should know (a stale lock broken).
    let notice: @Sendable (String) -> Void

    /// How long an add or a remove waits for another one's lock, in seconds.
    let lockTimeout: Double

    package init(folder: String, lockTimeout: Double = 5, notice: @escaping @Sendable (String) -> Void = { _ in }) {
        self.notice = notice
        self.lockTimeout = lockTimeout
        var folder = folder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        self.folder = folder
    }

    /// The library where the environment puts it (``folder(environment:homeFallback:)``), with the lock
    /// timeout `PROFILE_LOCK_TIMEOUT` sets (5 s when it is not a number: ``located(environment:homeFallback:notice:)``
    /// says so); nil when there is no home folder to put it in.
    package init?(environment: [String: String], homeFallback: () -> String? = { nil }, lockTimeout: Double? = nil,
                  notice: @escaping @Sendable (String) -> Void = { _ in }) {
        guard let folder = Self.folder(environment: environment, homeFallback: homeFallback) else { return nil }
        let timeout = lockTimeout ?? (try? StoreLocation.lockTimeout(environment: environment)) ?? 5
        self.init(folder: folder, lockTimeout: timeout, notice: notice)
    }

    /// The library where the environment puts it, for a command that adds or removes a sound: the lock
    /// timeout `PROFILE_LOCK_TIMEOUT` sets, checked.
    ///
    /// - Throws: ``SoundError/noFolder`` when there is no home folder to put it in; ``ProfileError/configuration(_:)``
    ///   (carried) when the timeout is not a number.
    package static func located(environment: [String: String], homeFallback: () -> String?,
                                notice: @escaping @Sendable (String) -> Void) throws(SoundError) -> SoundLibrary {
        let timeout = try SoundError.refusing { () throws(ProfileError) in try StoreLocation.lockTimeout(environment: environment) }
        guard let library = SoundLibrary(environment: environment, homeFallback: homeFallback, lockTimeout: timeout, notice: notice) else {
            throw .noFolder
        }
        return library
    }

    /// `${XDG_DATA_HOME:-$HOME/.local/share}/profile/sounds`, by the XDG rule of
    /// ``StoreLocation/baseFolder(_:else:environment:homeFallback:)``: a relative or empty
    /// `XDG_DATA_HOME` is ignored.
    package static func folder(environment: [String: String], homeFallback: () -> String? = { nil }) -> String? {
        StoreLocation.baseFolder("XDG_DATA_HOME", else: ".local/share", environment: environment, homeFallback: homeFallback)
            .map { "\($0)/profile/sounds" }
    }

    // MARK: Names

    /// The recorded sounds' names as stored, sorted ignoring case (then by their bytes, so the order is
    /// the same everywhere).
    ///
    /// Only `NAME.wav` files (or links to files) count whose NAME is a valid sound name in UTF-8; hidden
    /// files (temp files among them), other files and folders are not sounds. An absent folder holds none.
    ///
    /// - Throws: ``FileError/io(path:operation:errno:)`` when the folder cannot be read.
    package func names() throws(SoundError) -> [String] {
        guard let entries = try SoundError.io(POSIX.directoryEntries(folder)) else { return [] }
        let suffix = Array(Self.fileExtension.utf8)
        var names: [String] = []
        for bytes in entries where bytes.count > suffix.count && bytes.first != UInt8(ascii: ".") && bytes.suffix(suffix.count).elementsEqual(suffix) {
            guard let stem = String(validating: bytes.dropLast(suffix.count), as: UTF8.self),
                  (try? RecordedSoundName.validate(stem)) == stem else { continue }
            var info = stat()
            guard stat("\(folder)/\(stem)\(Self.fileExtension)", &info) == 0, POSIX.isRegular(info) else { continue }
            names.append(stem)
        }
        return names.sorted { a, b in
            let (keyA, keyB) = (ProfileName.key(a), ProfileName.key(b))
            return keyA != keyB ? keyA < keyB : a.utf8.lexicographicallyPrecedes(b.utf8)
        }
    }

    /// The stored spelling of the sound called `name` ignoring case (and Unicode normalization); nil when
    /// there is none, or the folder cannot be read.
    package func resolve(name: String) -> String? {
        try? find(name, in: names())
    }

    /// The file of the sound called `name` ignoring case; nil when there is none.
    package func path(for name: String) -> String? {
        resolve(name: name).map(file)
    }

    /// Checks `name` as a recorded sound's name (``RecordedSoundName``) for a new recording, and returns
    /// it as it would be stored (NFC). A soundscape's name is refused too: a profile's ambience naming
    /// it would play the soundscape, and `sounds --play` the recording. (Documents that name such a
    /// recording as a bell, from before the soundscapes, still read: the document reader applies
    /// ``RecordedSoundName`` alone.)
    ///
    /// - Throws: ``ProfileError/invalidSoundName(_:reason:)``.
    package static func validate(name: String) throws(ProfileError) -> String {
        let value = try RecordedSoundName.validate(name)
        if let soundscape = Soundscape(matching: value) {
            throw .invalidSoundName(name, reason: "it is the soundscape \(quoted(soundscape.rawValue)); choose another name")
        }
        return value
    }

    // MARK: Changes

    /// Adds the WAV file at `path` as the sound `name`, and returns the name as stored.
    ///
    /// The file is read whole (at most ``WAVReader/maximumFileBytes``) and decoded first: nothing is
    /// written unless all of it is a sound ``WAVReader`` accepts. Its original bytes are stored. The
    /// folder's lock (`.sounds.lock`, the store's kind) is held from the check for a sound of the name,
    /// in any case, to the sound's arrival, so two adds of `Bowl` and `BOWL` at once give one sound;
    /// under it, temporary files a killed add left behind are removed. `beforeCommit` is told the stored
    /// name just before the sound appears; an error it throws adds nothing (`sounds add` prints there,
    /// so output that cannot be written changes nothing).
    ///
    /// - Throws: ``ProfileError/invalidSoundName(_:reason:)`` (carried); ``SoundError/exists(_:)`` naming the
    ///   sound already there; ``SoundError/invalidFile(path:reason:)`` for a file that is not an
    ///   accepted WAV file (or is a folder, a device, too large); ``FileError/io(path:operation:errno:)``
    ///   when reading or writing fails; ``FileError/locked(path:pid:host:)`` when another add holds the
    ///   folder; ``FileError/notFlushed(path:operation:errno:)`` when the sound is in place but the
    ///   folder could not be flushed.
    @discardableResult
    package func add(name: String, from path: String,
                     beforeCommit: (String) throws(ProfileError) -> Void = { _ throws(ProfileError) in }) throws(SoundError) -> String {
        let name = try SoundError.refusing { () throws(ProfileError) in try Self.validate(name: name) }
        if let existing = try find(name, in: names()) { throw .exists(existing) }
        let (bytes, _) = try Self.load(path)
        try SoundError.io(POSIX.makeDirectories(folder))
        return try locked { () throws(SoundError) -> String in
            removeLeftovers()
            if let existing = try find(name, in: names()) { throw .exists(existing) }
            let target = file(name)
            let (temp, fd) = try SoundError.io(AtomicFile.createTemporary(beside: target, mode: 0o644))
            defer { unlink(temp) }
            do throws(SoundError) {
                try SoundError.io(POSIX.writeAll(fd, bytes, path: temp))
                try SoundError.io(POSIX.fsync(fd, path: temp))
            } catch {
                close(fd)
                throw error
            }
            guard close(fd) == 0 else { throw SoundError.failure(temp, "close") }
            try SoundError.refusing { () throws(ProfileError) in try beforeCommit(name) }
            // link, unlike rename, never replaces a file: a sound of the same name made by hand stays.
            if link(temp, target) != 0 {
                switch errno {
                case EEXIST:
                    throw .exists(name)
                case EPERM, EOPNOTSUPP, EMLINK:
                    // A file system without hard links.
                    guard POSIX.renameFile(temp, target) == 0 else { throw SoundError.failure(target, "rename") }
                default:
                    throw SoundError.failure(target, "link")
                }
            }
            unlink(temp)
            try flush()
            return name
        }
    }

    /// Removes the sound called `name` (ignoring case), under the folder's lock; `beforeCommit` is told
    /// its stored name just before it goes, and an error it throws removes nothing.
    ///
    /// - Throws: ``SoundError/unknown(_:suggestion:)`` with the closest name when there is no
    ///   such sound; ``FileError/io(path:operation:errno:)`` when it cannot be removed;
    ///   ``FileError/notFlushed(path:operation:errno:)`` when it is gone but the folder could not be
    ///   flushed.
    package func remove(name: String, beforeCommit: (String) throws(ProfileError) -> Void = { _ throws(ProfileError) in }) throws(SoundError) {
        _ = try existing(name)
        try locked { () throws(SoundError) in
            let stored = try existing(name)
            let path = file(stored)
            try SoundError.refusing { () throws(ProfileError) in try beforeCommit(stored) }
            guard unlink(path) == 0 else { throw SoundError.failure(path, "unlink") }
            try flush()
        }
    }

    /// Runs `body` holding the folder's lock, `.sounds.lock` (hidden, so never a sound).
    private func locked<T>(_ body: () throws(SoundError) -> T) throws(SoundError) -> T {
        try FileLock(timeout: lockTimeout, notice: notice).withLock(on: "\(folder)/.sounds", body)
    }

    /// Removes the temporary files of adds that were killed: under the lock no add is writing one.
    private func removeLeftovers() {
        guard let entries = try? POSIX.directoryEntries(folder) else { return }
        let suffix = Array(".tmp".utf8)
        for entry in entries where entry.first == UInt8(ascii: ".") && entry.count > suffix.count && entry.suffix(suffix.count).elementsEqual(suffix) {
            // The name's bytes as they are: a leftover's name need not be UTF-8.
            let path = Array(folder.utf8) + [UInt8(ascii: "/")] + entry + [0]
            path.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    if let start = chars.baseAddress { _ = unlink(start) }
                }
            }
        }
    }

    /// The sound called `name` (ignoring case), read and decoded.
    ///
    /// - Throws: ``SoundError/unknown(_:suggestion:)`` when there is no such sound;
    ///   ``SoundError/invalidFile(path:reason:)`` naming the file when it is no longer an accepted
    ///   WAV file (changed by hand); ``FileError/io(path:operation:errno:)`` when it cannot be read.
    package func sound(named name: String) throws(SoundError) -> PCMSound {
        try Self.load(file(existing(name))).sound
    }

    /// Reads the file at `path` and decodes it: its bytes and its sound.
    ///
    /// The file is opened without blocking (a named pipe cannot hang the program) and must be a regular
    /// file of at most ``WAVReader/maximumFileBytes``, which is refused without being read.
    ///
    /// - Throws: ``SoundError/invalidFile(path:reason:)`` naming `path`, or
    ///   ``FileError/io(path:operation:errno:)``.
    package static func load(_ path: String) throws(SoundError) -> (bytes: [UInt8], sound: PCMSound) {
        let bytes: [UInt8]
        switch try SoundError.io(ReadFile.small(path, limit: WAVReader.maximumFileBytes)) {
        case .missing: throw SoundError.failure(path, "open", ENOENT)
        case let .notRegular(info):
            if POSIX.isDirectory(info) { throw .invalidFile(path: path, reason: "it is a folder; name a WAV file") }
            throw .invalidFile(path: path, reason: "it is not a regular file (a device, pipe or socket); name a WAV file")
        case let .tooLarge(size):
            throw .invalidFile(path: path, reason: """
                it is \(grouped(size)) bytes; a sound file is at most \(grouped(WAVReader.maximumFileBytes)) \
                (\(WAVReader.maximumSeconds) seconds of \(WAVReader.sampleRates.upperBound) Hz stereo 32-bit samples)
                """)
        case let .contents(read): bytes = read
        }
        do throws(WAVError) {
            return (bytes, try WAVReader.decode(bytes))
        } catch {
            throw .invalidFile(path: path, reason: error.description)
        }
    }

    // MARK: Helpers

    /// The file a sound of the stored name `name` is (or would be) kept in: `<folder>/NAME.wav`.
    package func file(_ name: String) -> String { "\(folder)/\(name)\(Self.fileExtension)" }

    /// The name in `names` equal to `name` ignoring case and normalization.
    private func find(_ name: String, in names: [String]) -> String? {
        let key = ProfileName.key(name)
        return names.first { ProfileName.key($0) == key }
    }

    /// The stored spelling of `name`, or an error with the closest name.
    private func existing(_ name: String) throws(SoundError) -> String {
        let names = try names()
        guard let stored = find(name, in: names) else {
            throw .unknown(name, suggestion: closestMatch(to: name, in: names))
        }
        return stored
    }

    /// Flushes the folder after a change; a failure then cannot undo the change, so it is
    /// ``FileError/notFlushed(path:operation:errno:)``.
    private func flush() throws(SoundError) {
        do throws(SoundError) {
            try SoundError.io(POSIX.fsyncDirectory(folder))
        } catch {
            guard case let .file(.io(path, operation, code)) = error else { throw error }
            throw .file(.notFlushed(path: path, operation: operation, errno: code))
        }
    }
}

extension SoundCatalog {
    /// The sounds a bell can be set to where `library` is: the built-in bells, then its recordings (none
    /// when there is no library, or its folder cannot be read: `profile sounds` says why).
    package init(library: SoundLibrary?) {
        self.init(recorded: (try? library?.names()) ?? [])
    }
}

extension SoundError {
    /// Runs a call of ProfileKit (or a front end's callback), carrying its error whole.
    package static func refusing<T>(_ call: () throws(ProfileError) -> T) throws(SoundError) -> T {
        do {
            return try call()
        } catch {
            throw .profile(error)
        }
    }
}
