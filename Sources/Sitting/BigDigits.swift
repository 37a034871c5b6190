/// Times drawn in big digits of block characters (`█`, `▀`, `▄` and spaces), for the run screen that
/// can be read from a cushion two metres away.
///
/// The font is the program's own: ten digits and a colon, each five rows of five columns (the colon one),
/// drawn in half-cell pixels (`▀` is a cell's top half, `▄` its bottom half), so a glyph is a bitmap of
/// ten pixel rows. ``lines(_:scale:)`` scales the bitmap by whole numbers, in both directions, before
/// turning it back into block characters: at scale 2 a time is ten rows tall.
package enum BigDigits {
    /// Rows of a glyph at scale 1.
    package static let height = 5
    /// Columns of a digit at scale 1.
    package static let digitWidth = 5
    /// Columns between two glyphs at scale 1.
    package static let gap = 1

    /// The glyphs, row by row. Each row of a glyph has the glyph's width.
    package static let glyphs: [Character: [String]] = [
        "0": ["▄███▄",
              "█   █",
              "█   █",
              "█   █",
              "▀███▀"],
        "1": ["▄██  ",
              "  █  ",
              "  █  ",
              "  █  ",
              "▄▄█▄▄"],
        "2": ["▄███▄",
              "▀   █",
              "  ▄█▀",
              "▄█▀  ",
              "█████"],
        "3": ["▄███▄",
              "▀   █",
              "  ██▀",
              "▄   █",
              "▀███▀"],
        "4": ["█   █",
              "█   █",
              "▀████",
              "    █",
              "    █"],
        "5": ["█████",
              "█    ",
              "████▄",
              "    █",
              "████▀"],
        "6": ["▄███▄",
              "█    ",
              "████▄",
              "█   █",
              "▀███▀"],
        "7": ["█████",
              "    █",
              "   █▀",
              "  █  ",
              "  █  "],
        "8": ["▄███▄",
              "█   █",
              "▄███▄",
              "█   █",
              "▀███▀"],
        "9": ["▄███▄",
              "█   █",
              "▀████",
              "    █",
              "▀███▀"],
        ":": [" ",
              "▄",
              " ",
              "▄",
              " "],
    ]

    /// Whether every character of `text` has a glyph.
    package static func canDraw(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { glyphs[$0] != nil }
    }

    /// Columns `text` takes at `scale`: its glyphs and a gap between each two.
    package static func width(of text: String, scale: Int = 1) -> Int {
        let columns = text.reduce(0) { $0 + (glyphs[$1]?.first?.count ?? 0) }
        return (columns + gap * max(0, text.count - 1)) * scale
    }

    /// `text` (digits and colons) as ``height`` × `scale` rows of block characters, each as wide as
    /// ``width(of:scale:)`` says (trailing spaces kept); a character with no glyph is left out.
    package static func lines(_ text: String, scale: Int = 1) -> [String] {
        let scale = max(1, scale)
        // The pixels of the whole text, two pixel rows a glyph row, glyphs side by side with their gaps.
        var pixels = [[Bool]](repeating: [], count: height * 2)
        for (index, character) in text.filter({ glyphs[$0] != nil }).enumerated() {
            guard let glyph = glyphs[character] else { continue }
            for (row, line) in glyph.enumerated() {
                for (pixelRow, isUpper) in [(row * 2, true), (row * 2 + 1, false)] {
                    if index > 0 { pixels[pixelRow] += Array(repeating: false, count: gap) }
                    pixels[pixelRow] += line.map { cell in
                        switch cell {
                        case "█": true
                        case "▀": isUpper
                        case "▄": !isUpper
                        default: false
                        }
                    }
                }
            }
        }
        // Each pixel becomes scale × scale pixels; two pixel rows make one row of cells again.
        let scaled = pixels.flatMap { row in
            Array(repeating: row.flatMap { Array(repeating: $0, count: scale) }, count: scale)
        }
        return stride(from: 0, to: scaled.count, by: 2).map { top in
            String(zip(scaled[top], scaled[top + 1]).map { upper, lower -> Character in
                switch (upper, lower) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            })
        }
    }
}
