/// A message of the argument parser's (swift-argument-parser's `fullMessage`) as the program writes its
/// own diagnostics. Pure text, so the executable only hands it over.
package enum ArgumentParserMessage {
    /// What the argument parser puts before its messages.
    static let prefix = "Error: "
    /// The longest line of such a diagnostic, in bytes of UTF-8: an argument of a megabyte is not echoed
    /// whole, whatever it is made of.
    package static let maximumLineLength = 300

    /// `message` as the program writes its own: `profile: ` in place of `Error: `, invisible characters
    /// (an argument's escape sequences) escaped, and each line bounded to ``maximumLineLength`` bytes.
    package static func diagnostic(_ message: String) -> String {
        ("profile: " + body(of: message)).split(separator: "\n", omittingEmptySubsequences: false)
            .map { diagnosticLine($0, limit: maximumLineLength) }.joined(separator: "\n")
    }

    /// `message` without its `Error: `.
    package static func body(of message: String) -> Substring {
        message.hasPrefix(prefix) ? message.dropFirst(prefix.count) : message[...]
    }
}
