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
            return "argument \(index + 1) is not valid UTF-8: \(quoted(bytes: bytes)); names, values and paths are UTF-8 text"
        }
        return nil
    }

    /// The process's arguments after the program's name, as bytes.
    static var raw: [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in CommandLine.unsafeArgv[index].map { bytes(of: $0) } ?? [] }
    }

    /// The bytes of a C string (an argument, an environment variable), before anything decodes them.
    static func bytes(of string: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: UnsafeRawPointer(string).assumingMemoryBound(to: UInt8.self), count: strlen(string)))
    }
}
