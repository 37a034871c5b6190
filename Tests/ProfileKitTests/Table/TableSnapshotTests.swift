import Testing
@testable import ProfileKit
import TableKit

@Suite("Table-view consistency rule")
struct TableSnapshotTests {
    static func row(_ n: Int) -> TableRow { TableRow(id: "r\(n)", label: "Row \(n)", content: .value("\(n)")) }

    static func snapshot(_ counts: [Int]) -> TableSnapshot {
        TableSnapshot(sections: counts.enumerated().map { index, count in
            TableSection(id: "s\(index)", title: "S\(index)", rows: (0..<count).map(row))
        })
    }

    typealias IR = TableUpdate.IndexedRow

    struct BadUpdate: CustomTestStringConvertible, Sendable {
        let id: String
        let counts: [Int]
        let update: TableUpdate
        let message: String
        var testDescription: String { id }
    }

    static let badUpdates: [BadUpdate] = [
        BadUpdate(
            id: "count off by the missing rows",
            counts: [1, 2, 1],
            update: TableUpdate(sections: [.init(section: 2, title: "S2", before: 1, after: 3, inserted: [IR(index: 1, row: row(9))])]),
            message: "Invalid update: invalid number of rows in section 2. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."),
        BadUpdate(
            id: "insert past the end",
            counts: [7],
            update: TableUpdate(sections: [.init(section: 0, title: "S0", before: 7, after: 8, inserted: [IR(index: 8, row: row(9))])]),
            message: "attempt to insert row 8 into section 0, but there are only 8 rows in section 0 after the update"),
        BadUpdate(
            id: "delete past the end",
            counts: [1],
            update: TableUpdate(sections: [.init(section: 0, title: "S0", before: 1, after: 0, deleted: [IR(index: 1, row: row(1))])]),
            message: "attempt to delete row 1 from section 0 which only contains 1 rows before the update"),
        BadUpdate(
            id: "reload past the end",
            counts: [2],
            update: TableUpdate(sections: [.init(section: 0, title: "S0", before: 2, after: 2,
                                                 changed: [.init(before: 2, after: 2, old: row(2), new: row(3))])]),
            message: "attempt to reload row 2 from section 0 which only contains 2 rows before the update"),
        BadUpdate(
            id: "section that does not exist",
            counts: [1, 1],
            update: TableUpdate(sections: [.init(section: 3, title: "S3", before: 0, after: 1, inserted: [IR(index: 0, row: row(0))])]),
            message: "attempt to update section 3, but there are only 2 sections"),
        BadUpdate(
            id: "same row deleted twice",
            counts: [3],
            update: TableUpdate(sections: [.init(section: 0, title: "S0", before: 3, after: 1,
                                                 deleted: [IR(index: 1, row: row(1)), IR(index: 1, row: row(1))])]),
            message: "attempt to delete row 1 from section 0 twice"),
        BadUpdate(
            id: "same row inserted twice",
            counts: [1],
            update: TableUpdate(sections: [.init(section: 0, title: "S0", before: 1, after: 3,
                                                 inserted: [IR(index: 1, row: row(1)), IR(index: 1, row: row(2))])]),
            message: "attempt to insert row 1 into section 0 twice"),
        BadUpdate(
            id: "delete and reload one row",
            counts: [2],
            update: TableUpdate(sections: [.init(section: 0, title: "S0", before: 2, after: 1,
                                                 deleted: [IR(index: 1, row: row(1))],
                                                 changed: [.init(before: 1, after: 1, old: row(1), new: row(5))])]),
            message: "attempt to delete and reload the same index path (0.1)"),
        BadUpdate(
            id: "section updated twice",
            counts: [1],
            update: TableUpdate(sections: [.init(section: 0, title: "S0", before: 1, after: 1),
                                           .init(section: 0, title: "S0", before: 1, after: 1)]),
            message: "attempt to update section 0 twice in one update"),
        BadUpdate(
            id: "reload that states the wrong place",
            counts: [3],
            update: TableUpdate(sections: [.init(section: 0, title: "S0", before: 3, after: 2,
                                                 deleted: [IR(index: 0, row: row(0))],
                                                 changed: [.init(before: 2, after: 2, old: row(2), new: row(5))])]),
            message: "attempt to reload row 2 of section 0 at row 2 after the update, but it moves to row 1"),
    ]

    @Test(arguments: badUpdates)
    func refusesInconsistentUpdates(_ c: BadUpdate) {
        #expect {
            try Self.snapshot(c.counts).applying(c.update)
        } throws: { error in
            (error as? TableUpdateError)?.description == c.message
        }
    }

    @Test func deletesComeBeforeInserts() throws {
        // Delete row 0 of [r0 r1 r2] and insert at row 2 of the result: r1 r2 x.
        let update = TableUpdate(sections: [.init(section: 0, title: "S0", before: 3, after: 3,
                                                  deleted: [IR(index: 0, row: Self.row(0))],
                                                  inserted: [IR(index: 2, row: Self.row(9))])])
        let result = try Self.snapshot([3]).applying(update)
        #expect(result.sections[0].rows.map(\.id) == ["r1", "r2", "r9"])
        #expect(try result.applying(update.inverse) == Self.snapshot([3]))
    }

    @Test func diffingAMiddleChangeReplacesTheTail() throws {
        let old = [TableSection(id: "s", title: "S", rows: [Self.row(0), Self.row(1), Self.row(2)])]
        let new = [TableSection(id: "s", title: "S", rows: [Self.row(0), Self.row(5), Self.row(2)])]
        let update = TableUpdate(from: old, to: new)
        #expect(update.sections.first?.deletedRows == [1, 2])
        #expect(update.sections.first?.insertedRows == [1, 2])
        #expect(try TableSnapshot(sections: old).applying(update) == TableSnapshot(sections: new))
    }

    @Test func indexPathsReadAndPrintAsUsersWriteThem() {
        #expect(RowPath(parsing: "2.1") == RowPath(section: 2, row: 1))
        #expect(RowPath(section: 2, row: 1).description == "2.1")
        for bad in ["", "2", "2.", ".1", "2.1.0", "a.b", "-1.0", "2,1", "99999.1"] {
            #expect(RowPath(parsing: bad) == nil, "\(bad)")
        }
    }
}

/// Identity-based diffs: rows hidden and shown in the middle of a section.
@Suite("Diffing by identity")
struct IdentityDiffTests {
    static func row(_ id: String, _ value: String = "") -> TableRow { TableRow(id: id, label: id, content: .value(value)) }

    @Test func hidingAndShowingRowsInTheMiddle() throws {
        let old = [TableSection(id: "s", title: "S", rows: ["a", "b", "c", "d"].map { Self.row($0) })]
        let new = [TableSection(id: "s", title: "S", rows: [Self.row("a"), Self.row("c", "playing"), Self.row("e")])]
        let update = TableUpdate(diffing: old, to: new)
        let section = try #require(update.sections.first)
        #expect(section.deletedRows == [1, 3])
        #expect(section.insertedRows == [2])
        #expect(section.reloadedRows == [2])
        #expect(section.changed.map(\.after) == [1])
        #expect(try TableSnapshot(sections: old).applying(update) == TableSnapshot(sections: new))
        #expect(try TableSnapshot(sections: new).applying(update.inverse) == TableSnapshot(sections: old))
    }

    @Test func randomSubsetsRoundTrip() throws {
        var rng = SeededGenerator(seed: 99)
        let universe = (0..<12).map { "r\($0)" }
        for _ in 0..<2000 {
            func randomRows() -> [TableRow] {
                universe.filter { _ in Bool.random(using: &rng) }.map { Self.row($0, Bool.random(using: &rng) ? "x" : "y") }
            }
            let old = [TableSection(id: "s", title: "S", rows: randomRows())]
            let new = [TableSection(id: "s", title: "S", rows: randomRows())]
            let update = TableUpdate(diffing: old, to: new)
            #expect(try TableSnapshot(sections: old).applying(update) == TableSnapshot(sections: new))
            #expect(try TableSnapshot(sections: new).applying(update.inverse) == TableSnapshot(sections: old))
        }
    }
}
