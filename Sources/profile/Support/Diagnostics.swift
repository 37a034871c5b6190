import TextSupport

extension Output {
    /// Writes `profile: message` to standard error as one line, whatever the message holds.
    ///
    /// The messages escape the pieces of input they show already; this is the last guard: no control
    /// character, bidi override or line break that slipped through reaches the terminal raw, and no
    /// line is longer than ``diagnosticLimit`` characters.
    static func diagnostic(_ message: String) {
        stderr(diagnosticLine("profile: " + message, limit: diagnosticLimit) + "\n")
    }

    /// The longest line of a diagnostic, in characters: far more than any message needs.
    static let diagnosticLimit = 2000
}
