import TableKit

extension RunFrame.Line {
    /// The fewest unchanged columns worth moving over rather than writing again: a cursor movement
    /// (`ESC [ n C`) costs about as many bytes.
    package static let shortestKept = 4

    /// The bytes that turn this line, on the screen with the cursor on its row, into `new`; they start
    /// with a carriage return, and leave the cursor on the row (at no particular column).
    ///
    /// A line of text is written whole, so that what it says is in the output as it reads (a test, a
    /// `script` log, a screen reader following the output). Of a row of the big digits only what changed
    /// is written: the same style and shape (as many characters, each as wide) gets its changed runs,
    /// moving over unchanged stretches of ``shortestKept`` columns or more (a second changes the last
    /// digit or two of each row); another row of the same style is written from its first changed column
    /// and cleared after; a row of another style whole.
    ///
    /// - Complexity: O(*n*) in the characters of the lines.
    package func rewritten(as new: RunFrame.Line, color: Bool) -> String {
        guard style == new.style, isDigits, new.isDigits else { return "\r\u{1B}[2K" + new.style.apply(new.text, color: color) }
        let old = Array(text), next = Array(new.text)
        let widths = next.map { DisplayWidth.of($0) }
        if old.count == next.count, zip(old, widths).allSatisfy({ DisplayWidth.of($0) == $1 }) {
            var output = "\r"
            var column = 0, cursor = 0, index = 0
            while index < next.count {
                guard old[index] != next[index] else {
                    column += widths[index]
                    index += 1
                    continue
                }
                // A run of changes, taking in unchanged stretches too short to move over.
                var end = index
                while end < next.count {
                    if old[end] != next[end] {
                        end += 1
                        continue
                    }
                    var same = end
                    while same < next.count, old[same] == next[same] { same += 1 }
                    guard same < next.count, widths[end..<same].reduce(0, +) < Self.shortestKept else { break }
                    end = same
                }
                if column > cursor { output += "\u{1B}[\(column - cursor)C" }
                output += style.apply(String(next[index..<end]), color: color)
                column += widths[index..<end].reduce(0, +)
                cursor = column
                index = end
            }
            return output
        }
        let kept = zip(old, next).prefix { $0 == $1 }.count
        let column = widths[..<kept].reduce(0, +)
        guard column >= Self.shortestKept else { return "\r\u{1B}[2K" + style.apply(new.text, color: color) }
        return "\r\u{1B}[\(column)C" + style.apply(String(next[kept...]), color: color) + "\u{1B}[K"
    }
}
