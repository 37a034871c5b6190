/// The rows a change inserted, deleted and changed, per section: what a UITableView batch update needs.
///
/// Coordinates follow UIKit: deleted rows and the `before` side of a change are indexes in the table as it
/// was; inserted rows and the `after` side are indexes in the table as it is now. Deletes are processed
/// before inserts, so the order of the lists does not matter.
package struct TableUpdate: Hashable, Sendable {
    /// A row and where it stands.
    package struct IndexedRow: Hashable, Sendable {
        /// The row's index in its section (before the update for a deletion, after it for an insertion).
        package var index: Int
        /// The row itself.
        package var row: TableRow

        /// Makes an indexed row.
        package init(index: Int, row: TableRow) {
            self.index = index
            self.row = row
        }
    }

    /// A row that stays in the table but whose content changed.
    package struct RowChange: Hashable, Sendable {
        /// The row's index before the update.
        package var before: Int
        /// The row's index after the update.
        package var after: Int
        /// The row as it was.
        package var old: TableRow
        /// The row as it is now.
        package var new: TableRow

        /// Makes a row change.
        package init(before: Int, after: Int, old: TableRow, new: TableRow) {
            self.before = before
            self.after = after
            self.old = old
            self.new = new
        }
    }

    /// What changed in one section.
    package struct SectionUpdate: Hashable, Sendable {
        /// The section's index.
        package var section: Int
        /// The section's title.
        package var title: String
        /// How many rows the section had before the update.
        package var before: Int
        /// How many rows it has after the update.
        package var after: Int
        /// Rows removed, with their before-state indexes, ascending.
        package var deleted: [IndexedRow]
        /// Rows added, with their after-state indexes, ascending.
        package var inserted: [IndexedRow]
        /// Rows that stay but show something new.
        package var changed: [RowChange]

        /// Makes a section update.
        package init(section: Int, title: String, before: Int, after: Int,
                    deleted: [IndexedRow] = [], inserted: [IndexedRow] = [], changed: [RowChange] = []) {
            self.section = section
            self.title = title
            self.before = before
            self.after = after
            self.deleted = deleted
            self.inserted = inserted
            self.changed = changed
        }

        /// Before-state indexes of the deleted rows.
        package var deletedRows: [Int] { deleted.map(\.index) }
        /// After-state indexes of the inserted rows.
        package var insertedRows: [Int] { inserted.map(\.index) }
        /// Before-state indexes of value rows whose text changed: the rows a table view reloads.
        ///
        /// A switch that changed is not reloaded: the control already shows its new state.
        package var reloadedRows: [Int] { changed.filter { !$0.new.isSwitch }.map(\.before) }
        /// Before-state indexes of switch rows whose state changed.
        package var toggledRows: [Int] { changed.filter(\.new.isSwitch).map(\.before) }

        /// The update that takes this section back.
        package var inverse: SectionUpdate {
            SectionUpdate(
                section: section, title: title, before: after, after: before,
                deleted: inserted, inserted: deleted,
                changed: changed.map { RowChange(before: $0.after, after: $0.before, old: $0.new, new: $0.old) }
            )
        }
    }

    /// The sections that changed, in section order; unchanged sections are left out.
    package var sections: [SectionUpdate]

    /// Makes an update from section updates.
    package init(sections: [SectionUpdate] = []) {
        self.sections = sections
    }

    /// An update that changes nothing.
    package static let none = TableUpdate()

    /// Whether no row was inserted, deleted or changed.
    package var isEmpty: Bool {
        sections.allSatisfy { $0.inserted.isEmpty && $0.deleted.isEmpty && $0.changed.isEmpty }
    }

    /// The update that undoes this one: inserts become deletes and deletes inserts, at the same indexes.
    package var inverse: TableUpdate {
        TableUpdate(sections: sections.map(\.inverse))
    }

    /// The update from `old` to `new`, computed from each section's row counts before and after.
    ///
    /// Rows keep their places from the top: the rows both tables share by identity stay, rows
    /// `before..<after` are inserted when the section grew and rows `after..<before` are deleted when it
    /// shrank. When the rows stop matching by identity earlier than that, the tail from that point on
    /// is deleted and inserted, so the update is always consistent.
    ///
    /// - Precondition: `old` and `new` have the same sections.
    /// - Complexity: O(*n*) in the number of rows.
    package init(from old: [TableSection], to new: [TableSection]) {
        precondition(old.map(\.id) == new.map(\.id), "a table update keeps the same sections")
        var updates: [SectionUpdate] = []
        for (index, (before, after)) in zip(old, new).enumerated() {
            var kept = 0
            while kept < min(before.rows.count, after.rows.count), before.rows[kept].id == after.rows[kept].id {
                kept += 1
            }
            let update = SectionUpdate(
                section: index, title: after.title, before: before.rows.count, after: after.rows.count,
                deleted: (kept..<before.rows.count).map { IndexedRow(index: $0, row: before.rows[$0]) },
                inserted: (kept..<after.rows.count).map { IndexedRow(index: $0, row: after.rows[$0]) },
                changed: (0..<kept).compactMap { row in
                    before.rows[row] == after.rows[row]
                        ? nil : RowChange(before: row, after: row, old: before.rows[row], new: after.rows[row])
                }
            )
            if !(update.deleted.isEmpty && update.inserted.isEmpty && update.changed.isEmpty) {
                updates.append(update)
            }
        }
        self.init(sections: updates)
    }
}

extension TableUpdate {
    /// The update from `old` to `new` with rows matched by identity anywhere in their section, for
    /// tables whose rows come and go in the middle (a list with hidden rows, say).
    ///
    /// Rows whose identity is only in `old` are deleted, rows only in `new` inserted, and rows in both
    /// whose content changed are reported as changed, at their index before and after.
    ///
    /// - Precondition: `old` and `new` have the same sections, and row identities are unique within a
    ///   section.
    /// - Complexity: O(*n* · *m*) in the worst case per section (Myers' difference of the identities).
    package init(diffing old: [TableSection], to new: [TableSection]) {
        precondition(old.map(\.id) == new.map(\.id), "a table update keeps the same sections")
        var updates: [SectionUpdate] = []
        for (index, (before, after)) in zip(old, new).enumerated() {
            let difference = after.rows.map(\.id).difference(from: before.rows.map(\.id))
            var deleted: [IndexedRow] = []
            var inserted: [IndexedRow] = []
            for change in difference {
                switch change {
                case let .remove(offset, _, _): deleted.append(IndexedRow(index: offset, row: before.rows[offset]))
                case let .insert(offset, _, _): inserted.append(IndexedRow(index: offset, row: after.rows[offset]))
                }
            }
            let gone = Set(deleted.map(\.index))
            let added = Set(inserted.map(\.index))
            // The rows that stay pair up in order: the k-th survivor before is the k-th survivor after.
            let stayingBefore = before.rows.indices.filter { !gone.contains($0) }
            let stayingAfter = after.rows.indices.filter { !added.contains($0) }
            let changed = zip(stayingBefore, stayingAfter).compactMap { b, a -> RowChange? in
                before.rows[b] == after.rows[a] ? nil : RowChange(before: b, after: a, old: before.rows[b], new: after.rows[a])
            }
            let update = SectionUpdate(section: index, title: after.title, before: before.rows.count, after: after.rows.count,
                                       deleted: deleted.sorted { $0.index < $1.index },
                                       inserted: inserted.sorted { $0.index < $1.index }, changed: changed)
            if !(update.deleted.isEmpty && update.inserted.isEmpty && update.changed.isEmpty) {
                updates.append(update)
            }
        }
        self.init(sections: updates)
    }
}
