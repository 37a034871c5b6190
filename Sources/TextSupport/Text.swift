/// `value` in upper-case hexadecimal, zero-padded to at least `digits` digits: `hex(0x1B, digits: 4)`
/// is `001B`. Diagnostics write bytes and code points this way.
package func hex(_ value: some BinaryInteger, digits: Int = 1) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return text.count >= digits ? text : String(repeating: "0", count: digits - text.count) + text
}

/// `U+001B`, as Unicode names a code point.
package func codePoint(_ scalar: Unicode.Scalar) -> String {
    "U+" + hex(scalar.value, digits: 4)
}

extension StringProtocol {
    /// The text without leading and trailing white space.
    package func trimmingWhitespace() -> String {
        // Most text has no space at either end: no copy, and no walk over its characters.
        if let first = utf8.first, let last = utf8.reversed().first, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F { return String(self) }
        guard let start = firstIndex(where: { !$0.isWhitespace }),
              let end = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[start...end])
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0 to 9 (not any of Unicode's other numbers).
    package var isASCIIDigit: Bool { isASCII && isNumber }
}

/// A field of a tab-separated line: tabs and line breaks would split it, so they become spaces.
package func plainField(_ text: String) -> String {
    // Nearly every field is plain already; only a field with a tab or line break is rebuilt.
    guard text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 >= 0x80 }) else { return text }
    return String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
}

/// `a, b and c` (or with another last word: `a, b or c`), as sentences list things.
package func listed(_ words: [String], _ conjunction: String = "and") -> String {
    words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " \(conjunction) " + (words.last ?? "")
}

extension Double {
    /// The value rounded to `decimals` digits after the point (to the nearest, halves away from zero), with
    /// every one of them written: `8.0`, `0.25`; with no decimals, the whole number alone (`8`). For
    /// values that are not negative, as lengths in seconds are.
    package func formatted(decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((self * scale).rounded())
        let whole = scaled / Int(scale), fraction = scaled % Int(scale)
        guard decimals > 0 else { return String(whole) }
        let digits = String(fraction)
        return "\(whole).\(String(repeating: "0", count: decimals - digits.count))\(digits)"
    }
}
