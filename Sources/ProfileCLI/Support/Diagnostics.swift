import TableKit
import TextSupport

extension Output {
    /// Writes `profile: message` to standard error as one line, whatever the message holds.
    ///
    /// The messages escape the pieces of input they show already; this is the last guard: no control
    /// character, bidi override or line break that slipped through reaches the terminal raw, and no
    /// line is longer than ``diagnosticLimit`` bytes. The line is then broken at spaces to fit `width`,
    /// or, when standard error is a terminal, the terminal's width (issue 50: a long notice wrapped by the
    /// terminal broke mid-word); to a pipe or a file it stays one line, for scripts and logs.
    static func diagnostic(_ message: String, width: Int? = nil) {
        let fit = width ?? (Terminal.isTerminal(2) ? Terminal.tableWidth(of: 2) : nil)
        stderr(WordWrap.paragraphs(diagnosticLine("profile: " + message, limit: diagnosticLimit), width: fit) + "\n")
    }

    /// The longest line of a diagnostic, in bytes of UTF-8: far more than any message needs, and well
    /// under 4 KB however many code points one character of it holds.
    static let diagnosticLimit = 2000
}
