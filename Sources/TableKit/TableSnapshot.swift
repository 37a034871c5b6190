/// What a table shows at one moment; it applies updates the way UITableView does and refuses
/// inconsistent ones with UIKit's wording.
package struct TableSnapshot: Hashable, Sendable {
    /// The sections, top to bottom.
    package var sections: [TableSection]

    /// Makes a snapshot.
    package init(sections: [TableSection]) {
        self.sections = sections
    }

    /// The snapshot after `update`: deletes first (before-state indexes), then inserts (after-state
    /// indexes), then changed rows take their new content.
    ///
    /// - Throws: ``TableUpdateError`` when the update breaks the table-view consistency rule.
    /// - Complexity: O(*n*) in the number of rows of the sections the update touches.
    package func applying(_ update: TableUpdate) throws(TableUpdateError) -> TableSnapshot {
        var result = self
        var seen = Set<Int>()
        for change in update.sections {
            guard sections.indices.contains(change.section) else {
                throw .sectionOutOfRange(section: change.section, sections: sections.count)
            }
            guard seen.insert(change.section).inserted else { throw .sectionTwice(section: change.section) }
            result.sections[change.section].rows = try Self.apply(change, to: sections[change.section].rows)
            result.sections[change.section].title = change.title
        }
        return result
    }

    private static func apply(_ update: TableUpdate.SectionUpdate, to rows: [TableRow]) throws(TableUpdateError) -> [TableRow] {
        let section = update.section
        let before = rows.count
        let deleted = update.deleted.map(\.index)
        let inserted = update.inserted.map(\.index)

        guard update.after == before - deleted.count + inserted.count else {
            throw .invalidRowCount(section: section, before: before, after: update.after,
                                   inserted: inserted.count, deleted: deleted.count)
        }
        var deletedSet = Set<Int>()
        for row in deleted {
            guard (0..<before).contains(row) else { throw .deleteOutOfRange(row: row, section: section, before: before) }
            guard deletedSet.insert(row).inserted else { throw .deleteTwice(RowPath(section: section, row: row)) }
        }
        var placed = [TableRow?](repeating: nil, count: update.after)
        for insertion in update.inserted {
            guard placed.indices.contains(insertion.index) else {
                throw .insertOutOfRange(row: insertion.index, section: section, after: update.after)
            }
            guard placed[insertion.index] == nil else {
                throw .insertTwice(RowPath(section: section, row: insertion.index))
            }
            placed[insertion.index] = insertion.row
        }

        // Survivors fill the places the inserts left, in their old order.
        var afterIndex = [Int: Int]()
        var slot = 0
        for (index, row) in rows.enumerated() where !deletedSet.contains(index) {
            while placed[slot] != nil { slot += 1 }
            placed[slot] = row
            afterIndex[index] = slot
        }

        var changedSet = Set<Int>()
        for change in update.changed {
            let path = RowPath(section: section, row: change.before)
            guard (0..<before).contains(change.before) else {
                throw .reloadOutOfRange(row: change.before, section: section, before: before)
            }
            guard !deletedSet.contains(change.before) else { throw .deleteAndReload(path) }
            guard changedSet.insert(change.before).inserted else { throw .reloadTwice(path) }
            guard let slot = afterIndex[change.before], slot == change.after else {
                throw .reloadMisplaced(path, expected: afterIndex[change.before] ?? -1, stated: change.after)
            }
            placed[slot] = change.new
        }
        return placed.compactMap { $0 }
    }
}

/// Why a table update is inconsistent, in UIKit's words.
package enum TableUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidRowCount(section: Int, before: Int, after: Int, inserted: Int, deleted: Int)
    case insertOutOfRange(row: Int, section: Int, after: Int)
    case deleteOutOfRange(row: Int, section: Int, before: Int)
    case reloadOutOfRange(row: Int, section: Int, before: Int)
    case sectionOutOfRange(section: Int, sections: Int)
    case sectionTwice(section: Int)
    case insertTwice(RowPath)
    case deleteTwice(RowPath)
    case reloadTwice(RowPath)
    case deleteAndReload(RowPath)
    case reloadMisplaced(RowPath, expected: Int, stated: Int)

    package var description: String {
        switch self {
        case let .invalidRowCount(section, before, after, inserted, deleted):
            "Invalid update: invalid number of rows in section \(section). The number of rows contained in an existing section after the update (\(after)) must be equal to the number of rows contained in that section before the update (\(before)), plus or minus the number of rows inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
        case let .insertOutOfRange(row, section, after):
            "attempt to insert row \(row) into section \(section), but there are only \(after) rows in section \(section) after the update"
        case let .deleteOutOfRange(row, section, before):
            "attempt to delete row \(row) from section \(section) which only contains \(before) rows before the update"
        case let .reloadOutOfRange(row, section, before):
            "attempt to reload row \(row) from section \(section) which only contains \(before) rows before the update"
        case let .sectionOutOfRange(section, sections):
            "attempt to update section \(section), but there are only \(sections) sections"
        case let .sectionTwice(section):
            "attempt to update section \(section) twice in one update"
        case let .insertTwice(path):
            "attempt to insert row \(path.row) into section \(path.section) twice"
        case let .deleteTwice(path):
            "attempt to delete row \(path.row) from section \(path.section) twice"
        case let .reloadTwice(path):
            "attempt to reload row \(path.row) in section \(path.section) twice"
        case let .deleteAndReload(path):
            "attempt to delete and reload the same index path (\(path))"
        case let .reloadMisplaced(path, expected, stated):
            "attempt to reload row \(path.row) of section \(path.section) at row \(stated) after the update, but it moves to row \(expected)"
        }
    }
}
