import Files
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif

/// The profile run last, which `run` with no name runs again: one line, the name, in
/// `${XDG_STATE_HOME:-$HOME/.local/state}/profile/last-run`.
package struct LastRun: Sendable {
    /// The file.
    package let path: String

    /// The file in the state folder `folder` (`…/.local/state/profile`).
    package init(folder: String) {
        path = "\(folder)/last-run"
    }

    /// The name kept, or nil when there is none yet.
    ///
    /// - Throws: ``ProfileError`` when the file cannot be read, or holds no name a profile could have
    ///   (said with its path, so it can be removed).
    package func name() throws(ProfileError) -> String? {
        let bytes: [UInt8]
        // Not followed, and not waited on: a link, a FIFO or a folder put there is no name.
        switch try io(ReadFile.small(path, limit: 4096, noFollow: true)) {
        case .missing: return nil
        case .notRegular:
            throw ProfileError.invalidStateFile(path: path, reason: "not a regular file: remove it, and the next run of a profile writes it anew")
        case .tooLarge:
            throw ProfileError.invalidStateFile(path: path, reason: "over 4096 bytes: remove it, and the next run of a profile writes it anew")
        case let .contents(read): bytes = read
        }
        guard bytes.last == 0x0A, let text = String(validating: bytes.dropLast(), as: UTF8.self),
              let name = try? ProfileName(validating: text) else {
            throw ProfileError.invalidStateFile(path: path, reason: "not the name of a profile on a line: remove it, and the next run of a profile writes it anew")
        }
        return name.value
    }

    /// Keeps `name` as the profile run last: written beside the file and renamed over it, so a reader
    /// sees the old name or the new one.
    package func keep(_ name: String) throws(ProfileError) {
        try io(POSIX.makeDirectories(POSIX.directoryName(path), mode: 0o700))
        // Through a temporary of a new random name: whatever lies at a predictable name (a FIFO that
        // would block the open, a link) is never written through.
        try io(AtomicFile.replace(path, with: Array((name + "\n").utf8), newFileMode: 0o600))
    }
}
