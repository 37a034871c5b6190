#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ProfileKit
import TextSupport

extension Terminal {
    /// Asks `question` (`Delete profile "Evening"`) on standard error and reads the answer from the
    /// terminal on standard input: true for `y` or `yes`; otherwise it says `kept <what>` and returns
    /// false. With no terminal to ask on it refuses, saying `--force` is needed (64); a question that
    /// cannot be shown is not asked (74), since its answer would not be one.
    static func confirmDeletion(of what: String, question: String) throws -> Bool {
        guard isTerminal(0) else {
            Output.diagnostic("refusing to delete \(what) without --force: standard input is not a terminal to ask on")
            throw ExitStatus.usage.exitCode
        }
        guard try askYesOrNo(question) else {
            Output.stderr("kept \(what)\n")
            return false
        }
        return true
    }

    /// Asks `question` (`Create profile "Nope"`) as `question? [y/N] ` on standard error and reads the
    /// answer from standard input, which the caller has found to be a terminal: true for `y` or `yes`
    /// (any case), false for anything else or the end of input. A question that cannot be shown is not
    /// asked (74).
    static func askYesOrNo(_ question: String) throws(ProfileError) -> Bool {
        if let code = Output.stderr("\(question)? [y/N] ") {
            throw ProfileError.io(path: "<stderr>", operation: "write", errno: code)
        }
        let answer = answerLine()?.lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }

    /// A line of standard input: through stdio on the process's own (what the editor's readline reads
    /// next), else read from the invocation's descriptor a byte at a time, so that nothing after it is taken.
    private static func answerLine() -> String? {
        let fd = descriptor(0)
        if fd == 0 { return readLine(strippingNewline: true) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
    }
}
