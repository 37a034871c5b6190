/// Why a document (a profile, a journal, a file to import) could not be read, and where: the file, the
/// line and column, and the key path of the offending value.
package struct DocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as the user named it or as the store found it; nil for text that came from elsewhere.
    package var file: String?
    /// The 1-based line, when the place is known.
    package var line: Int?
    /// The 1-based column, in characters, when the place is known.
    package var column: Int?
    /// The key path of the value, such as `segments[1].duration`; nil for syntax errors.
    package var keyPath: String?
    /// What is wrong and what would be accepted.
    package var message: String

    /// Makes a document error.
    package init(file: String? = nil, line: Int? = nil, column: Int? = nil, keyPath: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.message = message
    }

    /// `file:line:column: key.path: message`, leaving out what is not known; the file and the key path
    /// are escaped (a key can hold any text), so the message is one line a terminal shows as it is.
    package var description: String {
        var parts: [String] = []
        var place = file.map(escapedPath) ?? ""
        if let line {
            place += place.isEmpty ? "line \(line)" : ":\(line)"
            if let column { place += ":\(column)" }
        }
        if !place.isEmpty { parts.append(place) }
        if let keyPath, !keyPath.isEmpty { parts.append(escaped(keyPath)) }
        parts.append(message)
        return parts.joined(separator: ": ")
    }
}
