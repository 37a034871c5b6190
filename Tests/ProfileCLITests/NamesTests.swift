import Foundation
import Testing
import LocalTime
import Players
import JSON
import LineEditing
import ProfileKit
import ProfileREPL
import Screens
import Sitting
import TableKit
import TextSupport

/// The program's own types do not collide with Foundation's or the standard library's: this file
/// imports Foundation and every library target and names both sides without qualification.
@Suite("Names")
struct NamesTests {
    @Test func renamedTypesLiveBesideFoundationAndTheStandardLibrary() {
        let foundationPath = IndexPath(indexes: [2, 1])
        let rowPath = RowPath(section: 2, row: 1)
        #expect(foundationPath.count == 2 && rowPath.description == "2.1")

        let clock: Duration = .seconds(90)
        let length = TimerDuration(seconds: 90)
        #expect(clock == .seconds(length.seconds) && length.formatted == "01:30")

        let row = TableRow(id: "time.duration", label: "Duration", content: .value("20:00"))
        let section = TableSection(id: "time", title: "Time", rows: [row])
        #expect(TableSnapshot(sections: [section]).sections[0].rows == [row])
    }
}
