import TextSupport

extension Output {
    /// Writes `profile: message` to standard error as one line, whatever the message holds.
    ///
    /// The messages escape the pieces of input they show already; this is the last guard: no control
    /// character, bidi override or line break that slipped through reaches the terminal raw, and no
    /// line is longer than ``diagnosticLimit`` bytes.
    static func diagnostic(_ message: String) {
        stderr(diagnosticLine("profile: " + message, limit: diagnosticLimit) + "\n")
    }

    /// The longest line of a diagnostic, in bytes of UTF-8: far more than any message needs, and well
    /// under 4 KB however many code points one character of it holds.
    static let diagnosticLimit = 2000
}
