#if canImport(Glibc)
import Glibc
#else
#error("reminders are systemd user units: only Linux is supported")
#endif
import Desktop
import ProfileKit

/// The systemd user unit folder, `${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user`, written with the
/// profile store's locked atomic saves: the live ``UnitFiles`` of `profile remind`.
struct UnitFolder: UnitFiles {
    let folder: String
    let lockTimeout: Double

    /// The folder the environment names; nil when neither an absolute `XDG_CONFIG_HOME` nor a home is known.
    static func live() throws(ProfileError) -> UnitFolder {
        if let problem = Terminal.undecodableVariable() { throw ProfileError.configuration(problem) }
        let environment = Terminal.environment
        let timeout = try StoreLocation.lockTimeout(environment: environment)
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return UnitFolder(folder: "\(config)/systemd/user", lockTimeout: timeout)
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? Terminal.passwordHome()
        guard let home else {
            throw ProfileError.configuration("cannot find the systemd user unit folder: XDG_CONFIG_HOME and HOME are not set (or are not absolute paths) and the password database names no home folder")
        }
        return UnitFolder(folder: "\(home)/.config/systemd/user", lockTimeout: timeout)
    }

    func names() throws -> [String] {
        (try POSIX.directoryEntries(folder) ?? []).compactMap { String(validating: $0, as: UTF8.self) }
    }

    func read(_ name: String) throws -> String? {
        let path = "\(folder)/\(name)"
        guard let info = try POSIX.lstatIfExists(path) else { return nil }
        if info.st_mode & S_IFMT == S_IFDIR { throw ReminderError.notAUnitFile(path: path) }
        let fd = try POSIX.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
        defer { close(fd) }
        // A unit this program wrote is well under a kilobyte; 64 KiB is far past any of them.
        guard let bytes = try POSIX.readAll(fd, path: path, limit: 65536) else {
            throw ReminderError.damagedUnit(path: path, reason: "it is larger than 64 KiB")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ReminderError.damagedUnit(path: path, reason: "it is not UTF-8 text")
        }
        return text
    }

    func exists(_ name: String) -> Bool {
        (try? POSIX.lstatIfExists("\(folder)/\(name)")) != nil
    }

    func write(_ text: String, to name: String) throws {
        try POSIX.makeDirectories(folder, mode: 0o755)
        try FileProfileStore.writeFile(Array(text.utf8), to: "\(folder)/\(name)")
    }

    func remove(_ name: String) throws {
        let path = "\(folder)/\(name)"
        guard unlink(path) == 0 || errno == ENOENT else {
            if errno == EISDIR { throw ReminderError.notAUnitFile(path: path) }
            throw POSIX.failure(path, "unlink")
        }
    }

    func locked<T>(_ body: () throws -> T) throws -> T {
        try POSIX.makeDirectories(folder, mode: 0o755)
        var result: Result<T, any Error>?
        try FileProfileStore.withFileLock("\(folder)/.profile-remind", timeout: lockTimeout,
                                          notice: { Output.diagnostic("notice: \($0)") }) { () throws(ProfileError) in
            do {
                result = .success(try body())
            } catch let error as ProfileError {
                throw error
            } catch {
                result = .failure(error)
            }
        }
        guard let result else { throw ProfileError.configuration("the reminder lock ran nothing") }
        return try result.get()
    }
}
