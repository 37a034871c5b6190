/// One row of a table: a labelled switch or a labelled value, with a stable identity.
public struct Row: Hashable, Sendable {
    /// What the row shows on its right.
    public enum Content: Hashable, Sendable {
        /// An on/off switch.
        case toggle(isOn: Bool)
        /// A text value such as a time (`05:00`) or a bell name.
        case value(String)
    }

    /// Names the row across changes (`cooldown.duration`), so a row keeps its identity when its
    /// content changes or rows around it come and go.
    public var id: String
    /// The text on the row's left: `Enabled`, `Duration`, `Bells`, `Name`.
    public var label: String
    /// The switch or value on the row's right.
    public var content: Content

    /// Makes a row.
    public init(id: String, label: String, content: Content) {
        self.id = id
        self.label = label
        self.content = content
    }

    /// Whether the row is a switch.
    public var isSwitch: Bool {
        if case .toggle = content { true } else { false }
    }

    /// The right-hand side as text: `on`/`off` for switches, the value otherwise.
    public var detail: String {
        switch content {
        case let .toggle(isOn): isOn ? "on" : "off"
        case let .value(text): text
        }
    }
}

/// A titled group of rows, one per profile part (Time, Warm Up, Cool Down).
public struct Section: Hashable, Sendable {
    /// Names the section across changes (`cooldown`).
    public var id: String
    /// The heading: `Time`, `Warm Up`, `Cool Down`.
    public var title: String
    /// The rows, top to bottom.
    public var rows: [Row]

    /// Makes a section.
    public init(id: String, title: String, rows: [Row]) {
        self.id = id
        self.title = title
        self.rows = rows
    }
}
