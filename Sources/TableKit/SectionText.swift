/// Sections and updates as text, for any table: box tables with index paths, and one line per changed
/// section naming its rows.
package enum SectionText {
    /// Box tables of `sections` (each with its index), one under the other with shared column widths.
    ///
    /// - Parameter marked: rows to flag as just inserted (`+` before the path, highlighted in colour).
    /// - Parameter changed: rows to flag as just changed (`~` before the path, highlighted as well: the
    ///   update's lines mark them so, and the table now does too, issue 50).
    /// - Parameter numbered: name rows by number from 1 (`3`) instead of by index path (`0.2`), for lists.
    package static func tables(_ sections: [(index: Int, section: TableSection)], options: RenderOptions = RenderOptions(),
                              marked: Set<RowPath> = [], changed: Set<RowPath> = [], numbered: Bool = false) -> String {
        let tables = sections.map { index, section in
            BoxTable(
                title: StyledText(section.title, .bold),
                rows: section.rows.enumerated().map { row, content in
                    let path = RowPath(section: index, row: row)
                    let isMarked = marked.contains(path) || changed.contains(path)
                    return [
                        StyledText(mark(path, marked: marked, changed: changed) + (numbered ? String(row + 1) : path.description),
                                   isMarked ? .inserted : .dim),
                        StyledText(content.label, isMarked ? .inserted : .plain),
                        StyledText(content.detail, isMarked ? .inserted : style(of: content)),
                    ]
                },
                // The path is what `tap` takes and the value what the row says: the label's words give
                // way to neither; the value is cut only at the last.
                fits: [.key(), .main(), .key(narrowest: 5)])
        }
        return BoxTable.render(tables, options: options)
    }

    /// Every section in one box table, to be taken in at a glance: each section's heading is a row (its
    /// index and title, in bold), its rows under it by index path with their labels indented, and
    /// `footer` (the session's total, say) under a rule at the bottom.
    ///
    /// - Parameter marked: rows to flag as just inserted (`+` before the path, highlighted in colour).
    /// - Parameter changed: rows to flag as just changed (`~` before the path, highlighted as well).
    package static func glance(_ sections: [TableSection], footer: [(label: String, value: String)] = [],
                               options: RenderOptions = RenderOptions(), marked: Set<RowPath> = [], changed: Set<RowPath> = []) -> String {
        var rows: [[StyledText]] = []
        for (index, section) in sections.enumerated() {
            rows.append([StyledText(String(index), .dim), StyledText(section.title, .bold), StyledText("")])
            for (row, content) in section.rows.enumerated() {
                let path = RowPath(section: index, row: row)
                let isMarked = marked.contains(path) || changed.contains(path)
                rows.append([
                    StyledText(mark(path, marked: marked, changed: changed) + path.description, isMarked ? .inserted : .dim),
                    StyledText("  " + content.label, isMarked ? .inserted : .plain),
                    StyledText(content.detail, isMarked ? .inserted : style(of: content)),
                ])
            }
        }
        let table = BoxTable(rows: rows, alignments: [.right], fits: [.key(), .main(), .key(narrowest: 5)],
                             footer: footer.map { [StyledText(""), StyledText($0.label, .bold), StyledText($0.value, .bold)] })
        return table.render(options: options)
    }

    /// The mark before a row's path: `+` inserted, `~` changed, a space otherwise.
    private static func mark(_ path: RowPath, marked: Set<RowPath>, changed: Set<RowPath>) -> String {
        marked.contains(path) ? "+" : changed.contains(path) ? "~" : " "
    }

    /// The rows `update` inserted and changed, by their paths after it: what a table marks, as the
    /// update's lines mark them (`+` inserted; `~` a value changed; a switch that flipped is no `~`).
    package static func marks(of update: TableUpdate) -> (inserted: Set<RowPath>, changed: Set<RowPath>) {
        (Set(update.sections.flatMap { section in section.insertedRows.map { RowPath(section: section.section, row: $0) } }),
         Set(update.sections.flatMap { section in
             section.changed.filter { !$0.new.isSwitch }.map { RowPath(section: section.section, row: $0.after) }
         }))
    }

    private static func style(of row: TableRow) -> TextStyle {
        switch row.content {
        case .toggle(true): .on
        case .toggle(false): .dim
        case .value: .plain
        }
    }

    /// How an update is told in words.
    package enum UpdateStyle: Sendable {
        /// Each row with its label and value, `Cool Down: + 2.1 Duration 05:00, + 2.2 Bells off`
        /// (`-` deleted, `~` changed value; a switch that flipped is not listed, its control shows it).
        /// `numbered` names rows by number from 1 (`3`) instead of by path, for lists.
        case rows(numbered: Bool)
    }

    /// One line per changed section, in `style`; `no visible rows changed` when none did.
    package static func updateLines(_ update: TableUpdate, style: UpdateStyle = .rows(numbered: false)) -> String {
        let numbered = switch style { case let .rows(numbered): numbered }
        let lines = update.sections.compactMap { section -> String? in
            func describe(_ mark: String, _ index: Int, _ row: TableRow) -> String {
                let detail = row.detail.isEmpty ? "" : " \(row.detail)"
                let name = numbered ? String(index + 1) : RowPath(section: section.section, row: index).description
                return "\(mark) \(name) \(row.label)\(detail)"
            }
            let parts = section.deleted.map { describe("-", $0.index, $0.row) }
                + section.inserted.map { describe("+", $0.index, $0.row) }
                + section.changed.filter { !$0.new.isSwitch }.map { describe("~", $0.after, $0.new) }
            return parts.isEmpty ? nil : "\(section.title): \(parts.joined(separator: ", "))"
        }
        return (lines.isEmpty ? "no visible rows changed" : lines.joined(separator: "\n")) + "\n"
    }

    /// An update's lines, then the sections it touched in `sections` with the inserted and changed rows
    /// marked.
    package static func describe(_ update: TableUpdate, in sections: [TableSection], options: RenderOptions = RenderOptions()) -> String {
        var output = updateLines(update)
        let touched = Set(update.sections.map(\.section))
        guard !touched.isEmpty else { return output }
        let (inserted, changed) = marks(of: update)
        output += tables(sections.enumerated().filter { touched.contains($0.offset) }.map { ($0.offset, $0.element) },
                         options: options, marked: inserted, changed: changed)
        return output
    }
}
