#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
@preconcurrency import CReadline

/// What one read of a line gave.
package enum LineResult: Equatable, Sendable {
    /// A line, without its newline, as raw bytes (it may not be valid UTF-8).
    case line([UInt8])
    /// A line longer than the limit, reported as soon as the limit is passed with the bytes read of it
    /// so far; the next read skips the rest of it, up to the newline.
    case tooLong(Int)
    /// A line typed at a terminal whose bytes were not valid UTF-8: readline dropped or replaced some
    /// of them, so the text it returned is not what was typed, and the line is refused whole.
    case notText
    /// Ctrl-C: the half-typed line is gone.
    case interrupted
    /// End of input (Ctrl-D on an empty line, or the end of a piped script).
    case endOfInput
    /// Reading failed with this errno (a closed descriptor, an I/O error): the input has no end one
    /// can trust, so a script must not go on as if it had ended.
    case readFailed(Int32)
}

/// Where lines come from: GNU readline on a terminal, plain reads otherwise.
package protocol LineSource {
    /// Reads one line, showing `prompt` (on a terminal).
    mutating func readLine(prompt: String) -> LineResult
    /// Remembers a line the user entered, for up-arrow recall.
    mutating func remember(_ line: String)
}

/// Facts about the linked readline.
package enum LineReader {
    /// The version of the GNU readline library linked in, such as `8.2`.
    package static var readlineVersion: String {
        guard let text = rl_library_version else { return "unknown" }
        return String(cString: text)
    }
}

/// Lines from a file descriptor that is not a terminal: no prompt, no echo, no editing.
package struct PlainLineSource: LineSource {
    /// The longest line accepted, in bytes; longer ones are skipped and reported.
    package static let maximumLineLength = 64 * 1024

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false
    /// The errno of a read that failed, reported once after the lines read before it.
    private var readError: Int32?
    /// Whether the start of the current line was reported as too long, so the rest of it is skipped.
    private var skippingRest = false

    /// Reads from `descriptor` (standard input by default).
    package init(descriptor: Int32 = 0) {
        self.descriptor = descriptor
    }

    package mutating func readLine(prompt: String) -> LineResult {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                compact()
                if skippingRest {
                    skippingRest = false
                    continue
                }
                if line.count > Self.maximumLineLength { return .tooLong(line.count) }
                return .line(line.last == 0x0D ? Array(line.dropLast()) : line)
            }
            // No newline yet: a line over the limit is reported at once rather than read to its end,
            // which may never come (`< /dev/zero`), and memory stays bounded.
            let pending = buffer.count - start
            if skippingRest || pending > Self.maximumLineLength {
                buffer.removeAll(keepingCapacity: true)
                start = 0
                if !skippingRest {
                    skippingRest = true
                    return .tooLong(pending)
                }
            }
            if finished {
                skippingRest = false
                if start < buffer.count {
                    let line = Array(buffer[start...])
                    buffer.removeAll()
                    start = 0
                    return .line(line)
                }
                if let code = readError {
                    readError = nil
                    return .readFailed(code)
                }
                return .endOfInput
            }
            fill()
        }
    }

    package mutating func remember(_ line: String) {}

    private mutating func compact() {
        if start > 65536 {
            buffer.removeFirst(start)
            start = 0
        }
    }

    private mutating func fill() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { readError = errno }
            finished = true
            return
        }
    }
}

/// The C library's `read`, named apart from the sources' `readLine`.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
