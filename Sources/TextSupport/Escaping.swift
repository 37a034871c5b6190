/// How a message shows a piece of input (a value, a key, a name, a path) so that the reader sees exactly
/// what it holds and nothing in it can act on the terminal.
///
/// Control characters, format characters such as the bidi override U+202E, and other invisible code
/// points are written `\u{1B}`; a line break is written `\n`, so a message stays on one line. A piece
/// longer than its limit is cut and followed by its size, so that a megabyte of input is not echoed
/// back whole: `"kkkk…" (1,000,000 characters)`.
package enum Echo {
    /// The most characters of a value, key or name a message shows: the longest profile name fits.
    package static let limit = 64
    /// The most characters of a path a message shows: longer than any real one.
    package static let pathLimit = 1024
}

/// `text` in double quotes, with control, format and other invisible characters escaped as `\u{…}`,
/// so that a user can see exactly what was refused; cut after `limit` characters with its size.
package func quoted(_ text: String, limit: Int = Echo.limit) -> String {
    let (shown, size) = cut(text, limit: limit)
    return "\"" + escaping(shown, quote: true) + (size.map { "…\" (\($0))" } ?? "\"")
}

/// `text` as it is, except that control, format and other invisible characters are escaped as in
/// ``quoted(_:limit:)``, and cut after `limit` characters with its size: for the parts of a message that
/// are not quoted, such as a file's path or a key path.
package func escaped(_ text: String, limit: Int = Echo.limit) -> String {
    let (shown, size) = cut(text, limit: limit)
    return escaping(shown, quote: false) + (size.map { "… (\($0))" } ?? "")
}

/// A path as messages show it: escaped, and cut only when longer than any real path.
package func escapedPath(_ path: String) -> String {
    escaped(path, limit: Echo.pathLimit)
}

/// A finished message as one line a terminal shows as it is: whatever invisible character is left
/// (a line break included) is escaped, and a line longer than `limit` characters is cut with `…`.
///
/// Messages escape their pieces already; this is the last guard before the bytes reach a terminal.
package func diagnosticLine(_ message: some StringProtocol, limit: Int = 2000) -> String {
    var text = Substring(message)
    var cutShort = false
    if let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex {
        text = text[..<text.index(before: end)]
        cutShort = true
    }
    let tail = cutShort ? "…" : ""
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value >= 0x7F }) else { return String(text) + tail }
    var result = ""
    for character in text {
        let scalars = Array(character.unicodeScalars)
        for index in scalars.indices {
            let scalar = scalars[index]
            if isHidden(scalars, at: index) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + tail
}

/// `1,000,000 characters`: a size as messages give it, in groups of three digits.
package func characterCount(_ count: Int) -> String {
    "\(grouped(count)) character\(count == 1 ? "" : "s")"
}

/// `1000000` as `1,000,000`.
package func grouped(_ number: Int) -> String {
    var digits = String(number.magnitude)
    var groups: [Substring] = []
    while digits.count > 3 {
        groups.insert(Substring(digits.suffix(3)), at: 0)
        digits.removeLast(3)
    }
    groups.insert(Substring(digits), at: 0)
    return (number < 0 ? "-" : "") + groups.joined(separator: ",")
}

/// The first `limit` characters of `text`, and its size when that is not all of it.
///
/// - Complexity: O(*limit*) when the text is short enough, else O(*n*) to count it.
private func cut(_ text: String, limit: Int) -> (shown: Substring, size: String?) {
    guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex else {
        return (text[...], nil)
    }
    return (text[..<end], characterCount(text.count))
}

private func escaping(_ text: Substring, quote: Bool) -> String {
    var result = ""
    for character in text {
        let scalars = Array(character.unicodeScalars)
        for index in scalars.indices {
            let scalar = scalars[index]
            switch scalar {
            case "\"" where quote: result += "\\\""
            case "\\": result += "\\\\"
            default:
                if isHidden(scalars, at: index) {
                    result += escape(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
    }
    return result
}

/// `\n`, `\t`, `\r`, `\0`, else `\u{1B}`.
private func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": "\\n"
    case "\t": "\\t"
    case "\r": "\\r"
    case "\0": "\\0"
    default: "\\u{\(hex(scalar.value))}"
    }
}

/// Whether the code point at `index` of one character's code points is one a reader cannot see there.
///
/// Invisible code points are hidden everywhere but in an emoji, where they are part of the picture:
/// the zero-width joiner between two emoji (`🧘‍♀️` is 🧘, U+200D, ♀, U+FE0F), and the tags of a
/// subdivision flag. A variation selector (U+FE0E, U+FE0F) shows as part of the emoji or keycap it
/// follows and is hidden after anything else.
package func isHidden(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    let scalar = scalars[index]
    let emojiBase = scalars.first.map { !$0.isASCII && $0.properties.isEmoji } ?? false
    switch scalar.value {
    case 0x200D:
        // Joined between emoji: after an emoji (with its selector or skin tone) and before another.
        guard index > 0, index + 1 < scalars.count else { return true }
        let before = scalars[index - 1]
        let after = scalars[index + 1]
        let beforeIsEmoji = (!before.isASCII && before.properties.isEmoji) || before.value == 0xFE0F
            || before.properties.isEmojiModifier
        return !(beforeIsEmoji && !after.isASCII && after.properties.isEmoji)
    case 0xFE0E, 0xFE0F:
        guard index > 0 else { return true }
        return !scalars[index - 1].properties.isEmoji
    case 0xE0020...0xE007F:
        return !(emojiBase && index > 0)
    default:
        return scalar.isInvisible
    }
}

extension Unicode.Scalar {
    /// Control, format, separator, private-use, unassigned or surrogate code points: what a reader
    /// cannot see or tell apart.
    package var isInvisible: Bool {
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate:
            true
        case .spaceSeparator:
            self != " "
        default:
            false
        }
    }
}

extension String {
    /// The first code point a reader cannot see where it stands (see ``isHidden(_:at:)``), if any.
    package var firstHiddenScalar: Unicode.Scalar? {
        for character in self {
            let scalars = Array(character.unicodeScalars)
            if let index = scalars.indices.first(where: { isHidden(scalars, at: $0) }) { return scalars[index] }
        }
        return nil
    }
}
