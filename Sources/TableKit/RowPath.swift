/// A row's place in the table: section and row, both from zero, written `2.1` as users refer to it.
package struct RowPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section, from zero.
    package var section: Int
    /// The row within the section, from zero.
    package var row: Int

    /// Makes an index path.
    package init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// Reads `S.R` as users type it (`2.1`); nil for anything else.
    package init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2,
              parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let section = Int(parts[0]), let row = Int(parts[1]) else { return nil }
        self.init(section: section, row: row)
    }

    package static func < (lhs: RowPath, rhs: RowPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    package var description: String { "\(section).\(row)" }
}
