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
    /// How each column gives way when the table is wider than the terminal (``ColumnFit``); a column
    /// without an entry is ``ColumnFit/main()``: always shown, never cut. With no width to fit
    /// (``RenderOptions/width`` nil) every column is whole.
    package var fits: [ColumnFit]
    /// Rows under a rule at the bottom, such as a total.
    package var footer: [[StyledText]]

    /// Makes a table.
    package init(title: StyledText? = nil, headers: [String]? = nil, rows: [[StyledText]],
                alignments: [Alignment] = [], fits: [ColumnFit] = [], footer: [[StyledText]] = []) {
        self.title = title
        self.headers = headers
        self.rows = rows
        self.alignments = alignments
        self.fits = fits
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

    /// The width of each column in its cells' short forms (``StyledText/short``), nil for a column
    /// whose cells have none.
    func shortWidths() -> [Int?] {
        (0..<columnCount).map { column in
            let cells = (rows + footer).compactMap { column < $0.count ? $0[column] : nil }
            guard cells.contains(where: { $0.short != nil }) else { return nil }
            let header = headers.flatMap { column < $0.count ? DisplayWidth.of($0[column]) : nil } ?? 0
            return max(header, cells.map { DisplayWidth.of($0.short ?? $0.text) }.max() ?? 0)
        }
    }

    /// The columns' widths in a table `width` columns wide, nil for a column left out: the columns'
    /// `natural` widths, given up least important first by the rule of ``ColumnFit``. Ties go from the
    /// right when leaving out (the last minor column first) and from the left when cutting what stays
    /// (an id before the name after it). A table that cannot fit even so keeps what it cannot cut.
    ///
    /// - Complexity: O(*n*²) in the number of columns.
    /// A column with short forms (`short`, the width of its cells in them) takes them, whole, before it
    /// is cut.
    package static func fittedWidths(_ natural: [Int], fits: [ColumnFit], short: [Int?] = [], width: Int?) -> [Int?] {
        guard let width else { return natural }
        func fit(_ column: Int) -> ColumnFit { column < fits.count ? fits[column] : .main() }
        func total(_ widths: [Int?]) -> Int {
            let kept = widths.compactMap { $0 }
            return kept.reduce(0, +) + 3 * max(0, kept.count - 1) + 4
        }
        func narrowed(_ start: [Int?], in columns: [Int]) -> [Int?] {
            var widths = start
            for column in columns {
                guard total(widths) > width, var current = widths[column] else { continue }
                if column < short.count, let shortWidth = short[column], current > shortWidth {
                    current = shortWidth
                    widths[column] = current
                }
                let over = total(widths) - width
                guard over > 0, let narrowest = fit(column).narrowest, current > narrowest else { continue }
                widths[column] = max(narrowest, current - over)
            }
            return widths
        }
        let leavable = natural.indices.filter { fit($0).mayBeLeftOut }
            .sorted { (fit($0).importance, -$0) < (fit($1).importance, -$1) }
        let staying = natural.indices.filter { !fit($0).mayBeLeftOut }
            .sorted { (fit($0).importance, $0) < (fit($1).importance, $1) }
        var left = Set<Int>()
        func attempt() -> [Int?] {
            narrowed(natural.indices.map { left.contains($0) ? nil : natural[$0] }, in: leavable)
        }
        var widths = attempt()
        for column in leavable where total(widths) > width {
            left.insert(column)
            widths = attempt()
        }
        return narrowed(widths, in: staying)
    }

    /// The columns this table, drawn alone `options.width` wide, leaves out to fit.
    package func columnsLeftOut(options: RenderOptions) -> [Int] {
        let widths = Self.fittedWidths(naturalWidths(), fits: fits, short: shortWidths(), width: options.width)
        return widths.indices.filter { widths[$0] == nil }
    }

    /// Renders tables one under the other with shared column widths, separated by a blank line; the
    /// first table's ``fits`` fit them all. When a column is left out to fit, a last line names it.
    package static func render(_ tables: [BoxTable], options: RenderOptions) -> String {
        guard let columns = tables.map(\.columnCount).max(), columns > 0 else { return "" }
        var natural = [Int](repeating: 0, count: columns)
        // A column has short forms when any table's has; a table without them counts its whole cells.
        var shortest = [Int](repeating: 0, count: columns)
        var hasShort = [Bool](repeating: false, count: columns)
        for table in tables {
            let shorts = table.shortWidths()
            for (column, width) in table.naturalWidths().enumerated() {
                natural[column] = max(natural[column], width)
                shortest[column] = max(shortest[column], shorts[column] ?? width)
                hasShort[column] = hasShort[column] || shorts[column] != nil
            }
        }
        let short = (0..<columns).map { hasShort[$0] ? shortest[$0] : nil }
        var widths = fittedWidths(natural, fits: tables.first?.fits ?? [], short: short, width: options.width)
        // The title spans every column; widen the last one shown if a title needs more room, as far as
        // the width allows.
        let kept = widths.compactMap { $0 }
        let inner = kept.reduce(0, +) + 3 * max(0, kept.count - 1)
        let titleWidth = tables.compactMap { $0.title.map { DisplayWidth.of($0.text) } }.max() ?? 0
        if titleWidth > inner, let last = widths.lastIndex(where: { $0 != nil }), let current = widths[last] {
            let room = options.width.map { max(0, $0 - (inner + 4)) } ?? Int.max
            widths[last] = current + min(titleWidth - inner, room)
        }
        var text = tables.map { $0.render(widths: widths, options: options) }.joinedText(separator: "\n")
        let named = tables.lazy.compactMap(\.headers).first ?? []
        let leftOut = widths.indices.filter { widths[$0] == nil && $0 < named.count }.map { named[$0] }
        if !leftOut.isEmpty {
            let note = "not shown at this width: " + leftOut.joinedText(separator: ", ")
            text += TextStyle.dim.apply(options.width.map { DisplayWidth.truncate(note, to: $0) } ?? note, color: options.color) + "\n"
        }
        return text
    }

    /// Renders this table alone.
    package func render(options: RenderOptions) -> String {
        Self.render([self], options: options)
    }

    private func render(widths all: [Int?], options: RenderOptions) -> String {
        let shown = all.indices.filter { all[$0] != nil }
        let widths = shown.compactMap { all[$0] }
        let innerWidth = widths.reduce(0, +) + 3 * max(0, widths.count - 1)
        func line(_ left: String, _ fill: String, _ join: String, _ right: String, split: Bool) -> String {
            left + (split ? widths.map { String(repeating: fill, count: $0 + 2) }.joinedText(separator: join)
                          : String(repeating: fill, count: innerWidth + 2)) + right
        }
        func cells(_ row: [StyledText]) -> String {
            "│ " + zip(shown, widths).map { column, width in
                let cell = column < row.count ? row[column] : StyledText("")
                let whole = DisplayWidth.of(cell.text) > width ? cell.short ?? cell.text : cell.text
                let text = DisplayWidth.truncate(whole, to: width)
                let right = column < alignments.count && alignments[column] == .right
                let padding = DisplayWidth.padding(text, to: width)
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
