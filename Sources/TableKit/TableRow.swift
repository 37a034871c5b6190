/// One row of a table: a labelled switch or a labelled value, with a stable identity.
package struct TableRow: Hashable, Sendable {
    /// What the row shows on its right.
    package enum Content: Hashable, Sendable {
        /// An on/off switch.
        case toggle(isOn: Bool)
        /// A text value such as a time (`05:00`) or a bell name.
        case value(String)
    }

    /// Names the row across changes (`cooldown.duration`), so a row keeps its identity when its
    /// content changes or rows around it come and go.
    package var id: String
    /// The text on the row's left: `Enabled`, `Duration`, `Bells`, `Name`.
    package var label: String
    /// The switch or value on the row's right.
    package var content: Content

    /// Makes a row.
    package init(id: String, label: String, content: Content) {
        self.id = id
        self.label = label
        self.content = content
    }

    /// Whether the row is a switch.
    package var isSwitch: Bool {
        if case .toggle = content { true } else { false }
    }

    /// The right-hand side as text: `on`/`off` for switches, the value otherwise.
    package var detail: String {
        switch content {
        case let .toggle(isOn): isOn ? "on" : "off"
        case let .value(text): text
        }
    }
}

/// A titled group of rows, one per profile part (Time, Warm Up, Cool Down).
package struct TableSection: Hashable, Sendable {
    /// Names the section across changes (`cooldown`).
    package var id: String
    /// The heading: `Time`, `Warm Up`, `Cool Down`.
    package var title: String
    /// The rows, top to bottom.
    package var rows: [TableRow]

    /// Makes a section.
    package init(id: String, title: String, rows: [TableRow]) {
        self.id = id
        self.title = title
        self.rows = rows
    }
}
