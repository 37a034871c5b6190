/// A list with a header row, such as the profiles: the columns and the rows, to be drawn as a box table
/// with or without a number before each row (the editor's lists are tapped by number).
package struct ListTable: Sendable {
    /// The column headings.
    package var headers: [String]
    /// How each column aligns.
    package var alignments: [BoxTable.Alignment]
    /// The rows, one cell per column.
    package var rows: [[StyledText]]
    /// How each column gives way when the list is wider than the screen (``ColumnFit``).
    package var fits: [ColumnFit]

    /// Makes a list.
    package init(headers: [String], alignments: [BoxTable.Alignment], rows: [[StyledText]], fits: [ColumnFit]) {
        self.headers = headers
        self.alignments = alignments
        self.rows = rows
        self.fits = fits
    }

    /// The list as a box table; `numbered` puts a `#` column first, counting from 1, which is a key
    /// (`tap N` takes it).
    ///
    /// - Parameter marked: indexes of rows to flag as just inserted (`+3`, highlighted in colour), as
    ///   section tables mark theirs; only a numbered list has the column for the mark.
    package func render(numbered: Bool, marked: Set<Int> = [], options: RenderOptions) -> String {
        guard numbered else {
            return BoxTable(headers: headers, rows: rows, alignments: alignments, fits: fits)
                .render(options: options)
        }
        return BoxTable(headers: ["#"] + headers,
                        rows: rows.enumerated().map { index, cells in
                            guard marked.contains(index) else { return [StyledText("\(index + 1)", .dim)] + cells }
                            return [StyledText("+\(index + 1)", .inserted)] + cells.map { StyledText($0.text, .inserted) }
                        },
                        alignments: [.right] + alignments, fits: [.key()] + fits)
            .render(options: options)
    }
}
