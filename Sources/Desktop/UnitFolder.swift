#if canImport(Glibc)
import Glibc
#else
#error("reminders are systemd user units: only Linux is supported")
#endif
import Files

/// The systemd user unit folder, `${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user`, written through the
/// file layer's locked atomic replace: the live ``UnitFiles`` of `profile remind`. Its errors are the
/// file layer's (``FileError``) and ``ReminderError``; the executable says both.
package struct UnitFolder: UnitFiles {
    package let folder: String
    let lock: FileLock

    /// The folder `folder`, whose lock is waited for up to `lockTimeout` seconds; `notice` is told each
    /// stale lock broken.
    package init(folder: String, lockTimeout: Double, notice: @escaping @Sendable (String) -> Void) {
        self.folder = folder
        lock = FileLock(timeout: lockTimeout, notice: notice)
    }

    package func names() throws -> [String] {
        (try POSIX.directoryEntries(folder) ?? []).compactMap { String(validating: $0, as: UTF8.self) }
    }

    package func read(_ name: String) throws -> String? {
        let path = "\(folder)/\(name)"
        let bytes: [UInt8]
        // A unit this program wrote is well under a kilobyte; 64 KiB is far past any of them.
        switch try ReadFile.small(path, limit: 65536) {
        case .missing: return nil
        case let .notRegular(info):
            if POSIX.isDirectory(info) { throw ReminderError.notAUnitFile(path: path) }
            throw ReminderError.damagedUnit(path: path, reason: "it is \(POSIX.kindName(info)), not a regular file")
        case .tooLarge: throw ReminderError.damagedUnit(path: path, reason: "it is larger than 64 KiB")
        case let .contents(read): bytes = read
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ReminderError.damagedUnit(path: path, reason: "it is not UTF-8 text")
        }
        return text
    }

    package func exists(_ name: String) -> Bool {
        (try? POSIX.lstatIfExists("\(folder)/\(name)")) != nil
    }

    package func write(_ text: String, to name: String) throws {
        try POSIX.makeDirectories(folder, mode: 0o755)
        let path = "\(folder)/\(name)"
        AtomicFile.removeLeftovers(of: name, in: folder)
        try AtomicFile.replace(path, with: Array(text.utf8), newFileMode: 0o644)
    }

    package func remove(_ name: String) throws {
        let path = "\(folder)/\(name)"
        guard unlink(path) == 0 || errno == ENOENT else {
            if errno == EISDIR { throw ReminderError.notAUnitFile(path: path) }
            throw POSIX.failure(path, "unlink")
        }
    }

    package func locked<T>(_ body: () throws -> T) throws -> T {
        try POSIX.makeDirectories(folder, mode: 0o755)
        return try lock.withLock(on: "\(folder)/.profile-remind", failure: { $0 as any Error }, body)
    }
}
