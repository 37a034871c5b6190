import Files
import LocalTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif

/// The sit run last, which `run` with no name runs again: one line in
/// `${XDG_STATE_HOME:-$HOME/.local/state}/profile/last-run`, the profile's name, or for a quick sit
/// `/quick SECONDS` (a slash no profile's name can hold).
package struct LastRun: Sendable {
    /// What was run last.
    package enum Sit: Hashable, Sendable {
        case profile(String)
        /// A quick sit (`run 20m`) of so many seconds.
        case quick(seconds: Int)
    }

    /// The line's start for a quick sit.
    static let quickMark = "/quick "

    /// The file.
    package let path: String

    /// The file in the state folder `folder` (`…/.local/state/profile`).
    package init(folder: String) {
        path = "\(folder)/last-run"
    }

    /// The profile's name kept, or nil when there is none yet or the sit run last was a quick one.
    ///
    /// - Throws: as ``sit()``.
    package func name() throws(ProfileError) -> String? {
        guard case let .profile(name) = try sit() else { return nil }
        return name
    }

    /// The sit kept, or nil when there is none yet.
    ///
    /// - Throws: ``ProfileError`` when the file cannot be read, or holds neither a name a profile could
    ///   have nor a quick sit (said with its path, so it can be removed).
    package func sit() throws(ProfileError) -> Sit? {
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
        let refused = ProfileError.invalidStateFile(path: path, reason: "not the name of a profile on a line: remove it, and the next run of a profile writes it anew")
        // One line; its final newline may be missing (a hand edit with `printf` or an editor that leaves it out).
        let line = bytes.last == 0x0A ? bytes.dropLast() : bytes[...]
        guard let text = String(validating: line, as: UTF8.self) else { throw refused }
        if text.hasPrefix(Self.quickMark) {
            let digits = text.dropFirst(Self.quickMark.count)
            // As the program writes it: digits with no leading zero.
            guard !digits.isEmpty, digits.count <= 6, digits.first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }), let seconds = Int(digits),
                  SegmentType.main.allowedDurations.contains(TimerDuration(seconds: seconds)) else { throw refused }
            return .quick(seconds: seconds)
        }
        guard let name = try? ProfileName(validating: text) else { throw refused }
        return .profile(name.value)
    }

    /// Keeps `sit` as the sit run last: written beside the file and renamed over it, so a reader sees the
    /// old one or the new one.
    package func keep(_ sit: Sit) throws(ProfileError) {
        let line = switch sit {
        case let .profile(name): name
        case let .quick(seconds): Self.quickMark + String(seconds)
        }
        try io(POSIX.makeDirectories(POSIX.directoryName(path), mode: 0o700))
        // Through a temporary of a new random name: whatever lies at a predictable name (a FIFO that
        // would block the open, a link) is never written through.
        try io(AtomicFile.replace(path, with: Array((line + "\n").utf8), newFileMode: 0o600))
    }
}
