/// Paragraphs broken at spaces to fit a terminal's width, counted in display columns.
///
/// A word is never broken: a line breaks only at a space, and a word wider than the width goes on a
/// line of its own (the terminal may then wrap that one). ANSI colour sequences take no columns. The
/// lines of box tables (``BoxTable``) keep their own layout: they are cut to the width already.
package enum WordWrap {
    /// `line` (one line, no line break) broken at spaces into lines of at most `width` columns; each
    /// line after the first starts with `indent` spaces (a hanging indent), by default two more than
    /// `line` starts with. An indent of more than half the width is cut to half of it, so that the
    /// words keep room.
    package static func lines(_ line: String, width: Int, indent: Int? = nil) -> [String] {
        guard columns(line) > width else { return [line] }
        let leading = line.prefix { $0 == " " }
        let continuation = String(repeating: " ", count: max(0, min(indent ?? leading.count + 2, width / 2)))
        var lines: [String] = []
        var current = String(leading)
        var used = leading.count
        var hasWord = false
        for (gap, word) in tokens(line.dropFirst(leading.count)) {
            let wordColumns = columns(word)
            if !hasWord {
                current += word
                used += wordColumns
                hasWord = true
            } else if used + gap.count + wordColumns <= width {
                current += gap + word
                used += gap.count + wordColumns
            } else {
                lines.append(current)
                current = continuation + word
                used = continuation.count + wordColumns
            }
        }
        lines.append(current)
        return lines
    }

    /// Each line of `text` wrapped to `width` (``lines(_:width:indent:)``, with its default hanging
    /// indent), except the lines of box tables; with no width (output to a pipe or file), `text` as it is.
    package static func paragraphs(_ text: String, width: Int?) -> String {
        guard let width, width > 0, text.utf8.count > width else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            isTableLine(line) ? String(line) : lines(String(line), width: width).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The columns `text` takes on a terminal: its display width without ANSI CSI sequences
    /// (`ESC [ 1 ; 32 m`).
    package static func columns(_ text: some StringProtocol) -> Int {
        var total = 0
        var escape = 0  // 0: text; 1: after ESC; 2: inside a CSI sequence
        for character in text {
            switch escape {
            case 1:
                escape = character == "[" ? 2 : 0
            case 2:
                if let value = character.asciiValue, (0x40...0x7E).contains(value) { escape = 0 }
            default:
                if character == "\u{1B}" { escape = 1 } else { total += DisplayWidth.of(character) }
            }
        }
        return total
    }

    /// Whether `line` is a line of a box table: its first character that is not a space draws a box.
    private static func isTableLine(_ line: Substring) -> Bool {
        guard let first = line.first(where: { $0 != " " }) else { return false }
        return "┌│├└╭╰".contains(first)
    }

    /// The words of `text` (split at ASCII spaces), each with the spaces before it.
    private static func tokens(_ text: Substring) -> [(gap: String, word: String)] {
        var tokens: [(gap: String, word: String)] = []
        var gap = ""
        var word = ""
        for character in text {
            if character == " " {
                if !word.isEmpty {
                    tokens.append((gap, word))
                    gap = ""
                    word = ""
                }
                gap.append(character)
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { tokens.append((gap, word)) }
        return tokens
    }
}
