/// How many terminal columns text takes: 2 for East Asian wide characters and emoji, 0 for combining
/// marks and invisible format characters, 1 otherwise.
///
/// Swift's `count` counts characters and UTF-16 padding counts code units; neither lines up CJK, emoji
/// or combining marks in a terminal. This follows Markus Kuhn's `wcwidth` per character (grapheme
/// cluster), which is what terminals do.
package enum DisplayWidth {
    /// The columns `text` takes.
    ///
    /// - Complexity: O(*n*) in the number of Unicode scalars.
    package static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns one character takes.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if character.isASCII { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
        if scalars.allSatisfy(isZeroWidth) { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F || $0.properties.isEmojiPresentation }) { return 2 }
        return isWide(first) ? 2 : 1
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: true
        default: scalar.value == 0x200B
        }
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15), condensed.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB,
        0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// `text` cut to at most `width` columns, ending in `…` when anything was cut.
    package static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    /// The spaces that fill `text` out to `width` columns (none when it is as wide already). Cells are
    /// padded outside their colour codes, so the padding comes apart from the text.
    package static func padding(_ text: some StringProtocol, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - of(text)))
    }
}
