@preconcurrency import CReadline
import Glibc

/// Reads lines from the user: GNU readline on a terminal. The interactive editor arrives with issue 4;
/// for now this target only proves that readline links.
public enum LineReader {
    /// The version of the GNU readline library linked in, such as `8.2`.
    public static var readlineVersion: String {
        guard let text = rl_library_version else { return "unknown" }
        return String(cString: text)
    }
}

/// Writes text to standard error without Foundation.
public struct FileHandleOutput: Sendable {
    let descriptor: Int32

    /// Standard error.
    public static let standardError = FileHandleOutput(descriptor: 2)

    /// Writes `text` whole, retrying short writes.
    public func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
