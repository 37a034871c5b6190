/// Draws tables with box-drawing characters, aligned by display width.
///
/// Several tables can share column widths (``render(_:options:)``), so the sections of a profile line up
/// one under the other.
package struct BoxTable: Sendable {
    /// A column's alignment.
    package enum Alignment: Sendable { case left, right }

    /// The title row spanning all columns, if any.
    package var title: StyledText?
    /// Column headings, if any.
    package var headers: [String]?
    /// The rows; each has one cell per column.
    package var rows: [[StyledText]]
    /// Per column; missing entries are left-aligned.
    package var alignments: [Alignment]
    /// The column that gives up space (its cells are cut with `…`) when the table is wider than the
    /// terminal; with no width to fit (``RenderOptions/width`` nil) nothing is cut.
    package var flexibleColumn: Int?
    /// Rows under a rule at the bottom, such as a total.
    package var footer: [[StyledText]]

    /// Makes a table.
    package init(title: StyledText? = nil, headers: [String]? = nil, rows: [[StyledText]],
                alignments: [Alignment] = [], flexibleColumn: Int? = nil, footer: [[StyledText]] = []) {
        self.title = title
        self.headers = headers
        self.rows = rows
        self.alignments = alignments
        self.flexibleColumn = flexibleColumn
        self.footer = footer
    }

    private var columnCount: Int { max(headers?.count ?? 0, (rows + footer).map(\.count).max() ?? 0) }

    /// The natural width of each column: its widest cell.
    func naturalWidths() -> [Int] {
        (0..<columnCount).map { column in
            let cells = (rows + footer).compactMap { column < $0.count ? DisplayWidth.of($0[column].text) : nil }
            let header = headers.flatMap { column < $0.count ? DisplayWidth.of($0[column]) : nil } ?? 0
            return max(cells.max() ?? 0, header)
        }
    }

    /// Renders tables one under the other with shared column widths, separated by a blank line.
    package static func render(_ tables: [BoxTable], options: RenderOptions) -> String {
        guard let columns = tables.map(\.columnCount).max(), columns > 0 else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for table in tables {
            for (column, width) in table.naturalWidths().enumerated() { widths[column] = max(widths[column], width) }
        }
        // The title spans every column; widen the last one if a title needs more room.
        let inner = { (widths: [Int]) in widths.reduce(0, +) + 3 * (widths.count - 1) }
        let titleWidth = tables.compactMap { $0.title.map { DisplayWidth.of($0.text) } }.max() ?? 0
        if titleWidth > inner(widths) { widths[columns - 1] += titleWidth - inner(widths) }
        // Too wide for the terminal: the flexible column gives up space, down to 5 columns.
        let total = inner(widths) + 4
        if let width = options.width, total > width, let flexible = tables.first?.flexibleColumn, flexible < columns {
            widths[flexible] = max(5, widths[flexible] - (total - width))
        }
        return tables.map { $0.render(widths: widths, options: options) }.joinedText(separator: "\n")
    }

    /// Renders this table alone.
    package func render(options: RenderOptions) -> String {
        Self.render([self], options: options)
    }

    private func render(widths: [Int], options: RenderOptions) -> String {
        let innerWidth = widths.reduce(0, +) + 3 * (widths.count - 1)
        func line(_ left: String, _ fill: String, _ join: String, _ right: String, split: Bool) -> String {
            left + (split ? widths.map { String(repeating: fill, count: $0 + 2) }.joinedText(separator: join)
                          : String(repeating: fill, count: innerWidth + 2)) + right
        }
        func cells(_ row: [StyledText]) -> String {
            "│ " + widths.indices.map { column in
                let cell = column < row.count ? row[column] : StyledText("")
                let text = DisplayWidth.truncate(cell.text, to: widths[column])
                let right = column < alignments.count && alignments[column] == .right
                let padding = DisplayWidth.padding(text, to: widths[column])
                let styled = cell.style.apply(text, color: options.color)
                return right ? padding + styled : styled + padding
            }.joinedText(separator: " │ ") + " │"
        }
        var lines: [String] = []
        if let title {
            lines.append(line("┌", "─", "─", "┐", split: false))
            let text = DisplayWidth.truncate(title.text, to: innerWidth)
            lines.append("│ " + title.style.apply(text, color: options.color) + DisplayWidth.padding(text, to: innerWidth) + " │")
            lines.append(line("├", "─", "┬", "┤", split: true))
        } else {
            lines.append(line("┌", "─", "┬", "┐", split: true))
        }
        if let headers {
            lines.append(cells(headers.map { StyledText($0, .bold) }))
            lines.append(line("├", "─", "┼", "┤", split: true))
        }
        lines.append(contentsOf: rows.map(cells))
        if !footer.isEmpty {
            lines.append(line("├", "─", "┼", "┤", split: true))
            lines.append(contentsOf: footer.map(cells))
        }
        lines.append(line("└", "─", "┴", "┘", split: true))
        return lines.joinedText(separator: "\n") + "\n"
    }
}
