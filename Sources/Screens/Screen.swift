import TableKit

/// What a screen did with a line.
package struct ScreenReply {
    /// Text for standard output.
    package var output: String
    /// The error, if the line failed.
    package var error: String?

    package init(_ output: String = "", error: String? = nil) {
        self.output = output
        self.error = error
    }

    /// A failed line.
    package static func failure(_ message: String) -> ScreenReply { ScreenReply(error: message) }
}

/// Why a view-model action was refused, in words for the user.
package struct ScreenError: Error, Equatable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// One screen of the editor: it parses its own commands, calls its view model's actions by row index,
/// and renders. It never sees model types: this target depends on TableKit alone.
package protocol Screen: AnyObject {
    /// What the prompt shows for this screen (`bell`), or nil for none.
    var pathComponent: String? { get }
    /// The commands this screen takes, for help and completion, with their usage and summary.
    var commands: [(name: String, usage: String, summary: String)] { get }
    /// The screen as it is now.
    func render(options: RenderOptions) -> String
    /// Handles one command line (not blank, not a comment, not `back`/`quit`/`help`).
    func handle(_ words: [String], line: String, options: RenderOptions) -> ScreenReply
    /// Called when the screen leaves the stack: it lets go of everything it observes.
    func close()
}

/// Splits a command line into its first word and the rest; quotes around the rest are dropped.
package func splitCommand(_ line: String) -> (command: String, rest: String) {
    let trimmed = line.drop { $0.isWhitespace }
    let command = trimmed.prefix { !$0.isWhitespace }
    var rest = String(trimmed.dropFirst(command.count).drop { $0.isWhitespace })
    while rest.last?.isWhitespace == true { rest.removeLast() }
    for quote in ["\"", "'"] where rest.count >= 2 && rest.hasPrefix(quote) && rest.hasSuffix(quote) {
        rest = String(rest.dropFirst().dropLast())
    }
    return (command.lowercased(), rest)
}

/// A 1-based row number as lists show them (`tap 2`), or nil.
func rowNumber(_ text: String, count: Int) -> Int? {
    guard let number = Int(text), number >= 1, number <= count else { return nil }
    return number - 1
}
