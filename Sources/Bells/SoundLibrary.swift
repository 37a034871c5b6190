#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import TextSupport
import ProfileKit

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
    package init(folder: String) {
        var folder = folder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        self.folder = folder
    }

    /// The library where the environment puts it (``folder(environment:homeFallback:)``); nil when there
    /// is no home folder to put it in.
    package init?(environment: [String: String], homeFallback: () -> String? = { nil }) {
        guard let folder = Self.folder(environment: environment, homeFallback: homeFallback) else { return nil }
        self.init(folder: folder)
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
    /// - Throws: ``ProfileError/io(path:operation:errno:)`` when the folder cannot be read.
    package func names() throws(ProfileError) -> [String] {
        guard let entries = try POSIX.directoryEntries(folder) else { return [] }
        let suffix = Array(Self.fileExtension.utf8)
        var names: [String] = []
        for bytes in entries where bytes.count > suffix.count && bytes.first != UInt8(ascii: ".") && bytes.suffix(suffix.count).elementsEqual(suffix) {
            guard let stem = String(validating: bytes.dropLast(suffix.count), as: UTF8.self),
                  (try? Self.validate(name: stem)) == stem else { continue }
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

    /// Checks `name` as a recorded sound's name and returns it as it would be stored (NFC).
    ///
    /// - Throws: ``ProfileError/invalidSoundName(_:reason:)`` when it breaks a profile-name rule, names
    ///   a built-in bell in any spelling ``Bell/init(named:)`` takes, is `none` (which means no bell), or
    ///   ends with a word a bell choice reads as strikes or a volume (`x3`, `×3`, `70%`).
    package static func validate(name: String) throws(ProfileError) -> String {
        let value: String
        do {
            value = try ProfileName(validating: name).value
        } catch {
            guard case let .invalidName(_, reason) = error else { throw error }
            throw .invalidSoundName(name, reason: reason)
        }
        if let bell = try? Bell(named: value) {
            throw .invalidSoundName(name, reason: "it is the built-in bell \(quoted(bell.rawValue)); choose another name")
        }
        if ProfileName.key(value) == "none" {
            throw .invalidSoundName(name, reason: "\"none\" means no bell; choose another name")
        }
        if let last = value.split(separator: " ").last, Self.readsAsStrikesOrVolume(last) {
            throw .invalidSoundName(name, reason: "it ends with \(quoted(String(last))), which reads as a number of strikes or a volume")
        }
        return value
    }

    /// `x3`, `X3`, `×3` or `70%`: a word a bell choice takes for its strikes or volume.
    private static func readsAsStrikesOrVolume(_ word: Substring) -> Bool {
        let isDigit = { (scalar: Unicode.Scalar) in scalar.properties.numericType == .decimal }
        let scalars = word.unicodeScalars
        guard scalars.count >= 2, let first = scalars.first, let last = scalars.last else { return false }
        if "xX×".unicodeScalars.contains(first) { return scalars.dropFirst().allSatisfy(isDigit) }
        if last == "%" { return scalars.dropLast().allSatisfy(isDigit) }
        return false
    }

    // MARK: Changes

    /// Adds the WAV file at `path` as the sound `name`, and returns the name as stored.
    ///
    /// The file is read whole (at most ``WAVReader/maximumFileBytes``) and decoded first: nothing is
    /// written unless all of it is a sound ``WAVReader`` accepts. Its original bytes are stored.
    ///
    /// - Throws: ``ProfileError/invalidSoundName(_:reason:)``; ``ProfileError/soundExists(_:)`` naming the
    ///   sound already there; ``ProfileError/invalidSound(path:reason:)`` for a file that is not an
    ///   accepted WAV file (or is a folder, a device, too large); ``ProfileError/io(path:operation:errno:)``
    ///   when reading or writing fails; ``ProfileError/notFlushed(path:operation:errno:)`` when the sound
    ///   is in place but the folder could not be flushed.
    @discardableResult
    package func add(name: String, from path: String) throws(ProfileError) -> String {
        let name = try Self.validate(name: name)
        if let existing = try find(name, in: names()) { throw .soundExists(existing) }
        let (bytes, _) = try Self.load(path)
        try POSIX.makeDirectories(folder)
        let target = file(name)
        let random = UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF
        let temp = "\(folder)/.\(name)\(Self.fileExtension).\(getpid()).\(String(random, radix: 16)).tmp"
        let fd = try POSIX.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644, operation: "create")
        defer { unlink(temp) }
        do throws(ProfileError) {
            try POSIX.writeAll(fd, bytes, path: temp)
            try POSIX.fsync(fd, path: temp)
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw POSIX.failure(temp, "close") }
        // link, unlike rename, never replaces a file: a sound of the same name added meanwhile stays.
        if link(temp, target) != 0 {
            switch errno {
            case EEXIST:
                throw .soundExists(name)
            case EPERM, EOPNOTSUPP, EMLINK:
                // A file system without hard links.
                guard POSIX.renameFile(temp, target) == 0 else { throw POSIX.failure(target, "rename") }
            default:
                throw POSIX.failure(target, "link")
            }
        }
        unlink(temp)
        try flush()
        return name
    }

    /// Removes the sound called `name` (ignoring case).
    ///
    /// - Throws: ``ProfileError/unknownSound(_:suggestion:)`` with the closest name when there is no
    ///   such sound; ``ProfileError/io(path:operation:errno:)`` when it cannot be removed;
    ///   ``ProfileError/notFlushed(path:operation:errno:)`` when it is gone but the folder could not be
    ///   flushed.
    package func remove(name: String) throws(ProfileError) {
        let path = file(try existing(name))
        guard unlink(path) == 0 else { throw POSIX.failure(path, "unlink") }
        try flush()
    }

    /// The sound called `name` (ignoring case), read and decoded.
    ///
    /// - Throws: ``ProfileError/unknownSound(_:suggestion:)`` when there is no such sound;
    ///   ``ProfileError/invalidSound(path:reason:)`` naming the file when it is no longer an accepted
    ///   WAV file (changed by hand); ``ProfileError/io(path:operation:errno:)`` when it cannot be read.
    package func sound(named name: String) throws(ProfileError) -> PCMSound {
        try Self.load(file(existing(name))).sound
    }

    /// Reads the file at `path` and decodes it: its bytes and its sound.
    ///
    /// The file is opened without blocking (a named pipe cannot hang the program) and must be a regular
    /// file of at most ``WAVReader/maximumFileBytes``, which is refused without being read.
    ///
    /// - Throws: ``ProfileError/invalidSound(path:reason:)`` naming `path`, or
    ///   ``ProfileError/io(path:operation:errno:)``.
    package static func load(_ path: String) throws(ProfileError) -> (bytes: [UInt8], sound: PCMSound) {
        let fd = try POSIX.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw POSIX.failure(path, "fstat") }
        if POSIX.isDirectory(info) { throw .invalidSound(path: path, reason: "it is a folder; name a WAV file") }
        guard POSIX.isRegular(info) else {
            throw .invalidSound(path: path, reason: "it is not a regular file (a device, pipe or socket); name a WAV file")
        }
        let tooLarge = ProfileError.invalidSound(path: path, reason: """
            it is \(grouped(Int(info.st_size))) bytes; a sound file is at most \(grouped(WAVReader.maximumFileBytes)) \
            (\(WAVReader.maximumSeconds) seconds of \(WAVReader.sampleRates.upperBound) Hz stereo 32-bit samples)
            """)
        guard let bytes = try POSIX.readAll(fd, path: path, limit: WAVReader.maximumFileBytes) else { throw tooLarge }
        do throws(WAVError) {
            return (bytes, try WAVReader.decode(bytes))
        } catch {
            throw .invalidSound(path: path, reason: error.description)
        }
    }

    // MARK: Helpers

    private func file(_ name: String) -> String { "\(folder)/\(name)\(Self.fileExtension)" }

    /// The name in `names` equal to `name` ignoring case and normalization.
    private func find(_ name: String, in names: [String]) -> String? {
        let key = ProfileName.key(name)
        return names.first { ProfileName.key($0) == key }
    }

    /// The stored spelling of `name`, or an error with the closest name.
    private func existing(_ name: String) throws(ProfileError) -> String {
        let names = try names()
        guard let stored = find(name, in: names) else {
            throw .unknownSound(name, suggestion: closestMatch(to: name, in: names))
        }
        return stored
    }

    /// Flushes the folder after a change; a failure then cannot undo the change, so it is
    /// ``ProfileError/notFlushed(path:operation:errno:)``.
    private func flush() throws(ProfileError) {
        do throws(ProfileError) {
            try POSIX.fsyncDirectory(folder)
        } catch {
            guard case let .io(path, operation, code) = error else { throw error }
            throw .notFlushed(path: path, operation: operation, errno: code)
        }
    }
}
