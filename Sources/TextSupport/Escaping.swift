/// How a message shows a piece of input (a value, a key, a name, a path) so that the reader sees exactly
/// what it holds and nothing in it can act on the terminal.
///
/// Control characters, format characters such as the bidi override U+202E, and other invisible code
/// points are written `\u{1B}`; a line break is written `\n`, so a message stays on one line. A piece
/// longer than its limit is cut and followed by its size, so that a megabyte of input is not echoed
/// back whole: `"kkkk…" (1,000,000 characters)`.
///
/// The limit counts characters and code points both: one character can hold any number of code points
/// (`a` with 400,000 combining accents is one), so a piece is also cut when what it shows would take
/// more than four code points a character (``Echo/codePointLimit(_:)``, an escape such as `\u{E0067}`
/// counting as the 9 it takes), and its size is then given in code points: `"á́́…" (400,001 code points)`.
package enum Echo {
    /// The most characters of a value, key or name a message shows: the longest profile name fits.
    package static let limit = 64
    /// The most characters of a path a message shows: longer than any real one.
    package static let pathLimit = 1024
    /// The most code points a piece cut after `limit` characters shows, as written (escapes included):
    /// four a character, which holds any valid name (200 bytes) whole and keeps a piece of ``limit``
    /// characters under 1 KB.
    package static func codePointLimit(_ limit: Int) -> Int {
        limit > Int.max / 4 ? Int.max : limit * 4
    }
}

/// `text` in double quotes, with control, format and other invisible characters escaped as `\u{…}`,
/// so that a user can see exactly what was refused; cut after `limit` characters (or
/// ``Echo/codePointLimit(_:)`` code points as written) with its size.
package func quoted(_ text: String, limit: Int = Echo.limit) -> String {
    let (shown, size) = written(text, limit: limit, quote: true)
    return "\"" + shown + (size.map { "…\" (\($0))" } ?? "\"")
}

/// Bytes that may not be UTF-8 (an argument, a variable, a file name) in double quotes: what is text as
/// ``quoted(_:limit:)`` shows it, every other byte as `\xFF`; cut after about `limit` characters with
/// the size in bytes.
package func quoted(bytes: some Collection<UInt8>, limit: Int = Echo.limit) -> String {
    var shown = ""
    var text: [UInt8] = []
    var decoder = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var used = 0
    func flush() {
        shown += quoted(String(decoding: text, as: UTF8.self), limit: Int.max).dropFirst().dropLast()
        text = []
    }
    reading: while shown.count + text.count <= limit {
        switch decoder.parseScalar(from: &iterator) {
        case let .valid(encoded):
            text += encoded
            used += encoded.count
        case let .error(length):
            flush()
            for byte in bytes.dropFirst(used).prefix(length) { shown += "\\x" + hex(byte, digits: 2) }
            used += length
        case .emptyInput:
            break reading
        }
    }
    flush()
    return used < bytes.count ? "\"\(shown)…\" (\(grouped(bytes.count)) bytes)" : "\"\(shown)\""
}

/// `text` as it is, except that control, format and other invisible characters are escaped as in
/// ``quoted(_:limit:)``, and cut as it cuts with its size: for the parts of a message that are not
/// quoted, such as a file's path or a key path.
package func escaped(_ text: String, limit: Int = Echo.limit) -> String {
    let (shown, size) = written(text, limit: limit, quote: false)
    return shown + (size.map { "… (\($0))" } ?? "")
}

/// A path as messages show it: escaped, and cut only when longer than any real path.
package func escapedPath(_ path: String) -> String {
    escaped(path, limit: Echo.pathLimit)
}

/// A finished message as one line a terminal shows as it is: whatever invisible character is left
/// (a line break included) is escaped, and a line that would take more than `limit` bytes of UTF-8 is
/// cut with `…` so that it takes at most `limit`.
///
/// Messages escape their pieces already; this is the last guard before the bytes reach a terminal. It
/// counts bytes, not characters, because one character may be of any length; an escape such as
/// `\u{1B}` is kept whole or left out.
///
/// - Complexity: O(*limit*), plus the length of the character that crosses the limit.
package func diagnosticLine(_ message: some StringProtocol, limit: Int = 2000) -> String {
    let text = Substring(message)
    if text.utf8.count <= limit, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value >= 0x7F }) {
        return String(text)
    }
    let tail = "…"
    var result = ""
    /// The length of `result` up to which a `tail` still fits.
    var fitting = 0
    for character in text {
        let scalars = Array(character.unicodeScalars)
        for index in scalars.indices {
            let scalar = scalars[index]
            let piece = isHidden(scalars, at: index) ? escape(scalar) : String(scalar)
            guard result.utf8.count + piece.utf8.count <= limit else {
                return String(decoding: result.utf8.prefix(fitting), as: UTF8.self) + tail
            }
            result += piece
            if result.utf8.count + tail.utf8.count <= limit { fitting = result.utf8.count }
        }
    }
    return result
}

/// `1,000 code points`: the size of a piece cut by its code points.
package func codePointCount(_ count: Int) -> String {
    "\(grouped(count)) code point\(count == 1 ? "" : "s")"
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

/// `text` escaped, as much of it as fits in `limit` characters and ``Echo/codePointLimit(_:)`` code
/// points as written, and its size when that is not all of it: in characters when the characters ran
/// out, in code points when the code points did (the cut may then fall inside a character).
///
/// - Complexity: O(*limit*) when the text is short enough, else O(*n*) to count it.
private func written(_ text: String, limit: Int, quote: Bool) -> (shown: String, size: String?) {
    let budget = Echo.codePointLimit(limit)
    var result = ""
    var length = 0
    var characters = 0
    for character in text {
        guard characters < limit else { return (result, characterCount(text.count)) }
        characters += 1
        let scalars = Array(character.unicodeScalars)
        for index in scalars.indices {
            let scalar = scalars[index]
            let piece: String = switch scalar {
            case "\"" where quote: "\\\""
            case "\\": "\\\\"
            default: isHidden(scalars, at: index) ? escape(scalar) : String(scalar)
            }
            length += piece.unicodeScalars.count
            guard length <= budget else { return (result, codePointCount(text.unicodeScalars.count)) }
            result += piece
        }
    }
    return (result, nil)
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
///
/// - the zero-width joiner between two emoji (`🧘‍♀️` is 🧘, U+200D, ♀, U+FE0F);
/// - the emoji variation selector U+FE0F after an emoji that would show as text without it (♀, ©,
///   🏳), or between a keycap's base `0`–`9`, `#` or `*` and U+20E3 (`1️⃣`); after an emoji that shows
///   as a picture anyway (🧘) it changes nothing a reader can see;
/// - the tags U+E0020…U+E007E of a subdivision flag, between 🏴 U+1F3F4 and the cancel tag U+E007F
///   that ends it (🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland).
///
/// Everything else that is invisible (``Unicode/Scalar/isInvisible``) is hidden, the text
/// presentation selector U+FE0E included.
package func isHidden(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    let scalar = scalars[index]
    switch scalar.value {
    case 0x200D:
        // Joined between emoji: after an emoji (with its selector or skin tone) and before another.
        guard index > 0, index + 1 < scalars.count else { return true }
        let before = scalars[index - 1]
        let after = scalars[index + 1]
        let beforeIsEmoji = (!before.isASCII && before.properties.isEmoji) || before.value == 0xFE0F
            || before.properties.isEmojiModifier
        return !(beforeIsEmoji && !after.isASCII && after.properties.isEmoji)
    case 0xFE0F:
        guard index > 0 else { return true }
        let before = scalars[index - 1]
        if before.isASCII {
            let isKeycap = "0123456789#*".unicodeScalars.contains(before)
                && index + 1 < scalars.count && scalars[index + 1].value == 0x20E3
            return !isKeycap
        }
        return !(before.properties.isEmoji && !before.properties.isEmojiPresentation)
    case 0xE0020...0xE007F:
        return !isSubdivisionFlag(scalars)
    default:
        return scalar.isInvisible
    }
}

/// 🏴 U+1F3F4, one or more tags U+E0020…U+E007E, and the cancel tag U+E007F, with nothing else.
private func isSubdivisionFlag(_ scalars: [Unicode.Scalar]) -> Bool {
    guard scalars.count >= 3, scalars.first?.value == 0x1F3F4, scalars.last?.value == 0xE007F else { return false }
    return scalars.dropFirst().dropLast().allSatisfy { (0xE0020...0xE007E).contains($0.value) }
}

extension Unicode.Scalar {
    /// Control, format, separator, private-use, unassigned or surrogate code points, the default
    /// ignorable ones (combining grapheme joiner U+034F, variation selectors, Mongolian free variation
    /// selectors, tags…) and the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, which are letters
    /// that show as nothing: what a reader cannot see or tell apart.
    package var isInvisible: Bool {
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate:
            return true
        case .spaceSeparator:
            return self != " "
        default:
            switch value {
            case 0..<0x80: return false
            case 0x115F, 0x1160, 0x3164, 0xFFA0: return true
            default: return properties.isDefaultIgnorableCodePoint
            }
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

    /// Why this text cannot be kept where a reader must see all of it — a profile's name, a sit's note —
    /// naming its first hidden code point: `it contains the invisible character U+001B`; nil when it has
    /// none. Control characters (C0, DEL, C1, line breaks and tabs among them), format characters such as
    /// U+200B and U+202E, and everything else ``isHidden(_:at:)`` hides are refused; an emoji's own
    /// joiners and selectors are not.
    package var hiddenCharacterProblem: String? {
        // Printable ASCII hides nothing: the scan of each scalar's properties is for the rest.
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return nil }
        return firstHiddenScalar.map { "it contains the invisible character \(codePoint($0))" }
    }
}

/// `argument 2 is not valid UTF-8: a\xFFb; …` for the first of the command line's `arguments` (after
/// the program's name) that is not UTF-8 text, else nil: names, values and paths are UTF-8 text.
package func invalidArgumentProblem(in arguments: [[UInt8]]) -> String? {
    for (index, bytes) in arguments.enumerated() where String(validating: bytes, as: UTF8.self) == nil {
        return "argument \(index + 1) is not valid UTF-8: \(quoted(bytes: bytes)); names, values and paths are UTF-8 text"
    }
    return nil
}

/// `text` as one word for a POSIX shell, as a hint to type it shows it: as it is when it holds only
/// letters, digits and `._-+,:@%/=` (`profile new Morning`), else quoted as ``shellQuoted(_:)`` quotes.
package func shellWord(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
        ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || "._-+,:@%/=".unicodeScalars.contains($0)
    }
    return plain ? text : shellQuoted(text)
}

/// `text` as one word for a POSIX shell, to copy into it: `'…'`, or, when it holds a control or
/// invisible character, bash's `$'…'` with that character as `\xHH` bytes, so that the command still
/// names the real path once the diagnostic's own escaping is done.
package func shellQuoted(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.isInvisible || $0 == "\\" }) else {
        return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
    var quoted = "$'"
    for scalar in text.unicodeScalars {
        switch scalar {
        case "'": quoted += "\\'"
        case "\\": quoted += "\\\\"
        default:
            if scalar.isInvisible {
                quoted += String(scalar).utf8.map { "\\x" + hex($0, digits: 2) }.joined()
            } else {
                quoted.unicodeScalars.append(scalar)
            }
        }
    }
    return quoted + "'"
}
