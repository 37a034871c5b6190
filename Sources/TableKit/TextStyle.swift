/// How rendered text looks: its width in columns and whether it may use colour.
package struct RenderOptions: Sendable, Equatable {
    /// The terminal's width; tables narrower than this are never stretched, wider ones are cut. Nil
    /// when there is no width to fit (output to a pipe or file): tables keep their natural width.
    package var width: Int?
    /// Whether ANSI colour and emphasis may be used.
    package var color: Bool

    /// Makes options.
    package init(width: Int? = 80, color: Bool = false) {
        self.width = width
        self.color = color
    }
}

/// The few text styles the renderers use; each maps to one ANSI SGR sequence.
package enum TextStyle: Sendable {
    case plain, bold, dim, on, inserted
    /// Bold and coloured, for the run screen's big digits: one colour a part of the sit.
    case boldYellow, boldCyan, boldMagenta

    var code: String? {
        switch self {
        case .plain: nil
        case .bold: "1"
        case .dim: "2"
        case .on: "32"
        case .inserted: "1;32"
        case .boldYellow: "1;33"
        case .boldCyan: "1;36"
        case .boldMagenta: "1;35"
        }
    }

    /// The SGR sequence that turns this style on (`ESC [ 1 m`), or nil for plain text; `ESC [ 0 m` turns
    /// it off. For output that styles many pieces at once, such as the run screen's digits.
    package var opening: String? { code.map { "\u{1B}[\($0)m" } }

    /// `text` in this style when `color` is on, unchanged otherwise.
    package func apply(_ text: String, color: Bool) -> String {
        guard color, let code, !text.isEmpty else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}

/// A piece of text with a style, for table cells.
package struct StyledText: Sendable {
    package var text: String
    package var style: TextStyle
    /// A shorter way to say the same, which a table too wide for the terminal shows whole rather than
    /// cut `text` (`20 Nov 07:00` for `2026-11-20 07:00`); nil when there is none.
    package var short: String?

    package init(_ text: String, _ style: TextStyle = .plain, short: String? = nil) {
        self.text = text
        self.style = style
        self.short = short
    }
}
