#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import TextSupport

/// The command line's bytes, checked before anything reads them as text.
///
/// Swift's `CommandLine.arguments` repairs bytes that are not UTF-8 with U+FFFD, so `profile new
/// $'a\xffb'` would create `a\u{FFFD}b` without a word. The raw `argv` is checked first instead.
enum ArgumentBytes {
    /// `profile: argument 2 is not valid UTF-8: a\xFFb; …` for the first argument that is not UTF-8 text,
    /// else nil.
    static func problem(in arguments: [[UInt8]]) -> String? {
        for (index, bytes) in arguments.enumerated() where String(validating: bytes, as: UTF8.self) == nil {
            return "argument \(index + 1) is not valid UTF-8: \(shown(bytes)); names, values and paths are UTF-8 text"
        }
        return nil
    }

    /// The process's arguments after the program's name, as bytes.
    static var raw: [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                             count: strlen(pointer)))
        }
    }

    /// The bytes in quotes, valid characters as themselves (escaped as ``escaped(_:limit:)`` does) and
    /// every other byte as `\xFF`; cut, with the size, after about ``Echo/limit`` characters.
    static func shown(_ bytes: [UInt8]) -> String {
        var text = ""
        var run: [UInt8] = []
        func flush() {
            text += escaped(String(decoding: run, as: UTF8.self), limit: Int.max)
            run = []
        }
        var index = 0
        while index < bytes.count, text.count + run.count <= Echo.limit {
            let length = sequenceLength(bytes[index])
            if let length, index + length <= bytes.count,
               String(validating: bytes[index..<index + length], as: UTF8.self) != nil {
                run += bytes[index..<index + length]
                index += length
            } else {
                flush()
                text += "\\x" + hex(bytes[index], digits: 2)
                index += 1
            }
        }
        flush()
        return index < bytes.count ? "\"\(text)…\" (\(grouped(bytes.count)) bytes)" : "\"\(text)\""
    }

    /// How many bytes a UTF-8 sequence starting with `lead` takes; nil for a byte that cannot start one.
    private static func sequenceLength(_ lead: UInt8) -> Int? {
        switch lead {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: nil
        }
    }
}
