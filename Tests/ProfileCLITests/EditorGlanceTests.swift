import Foundation
import Testing
import TestSupport
import ProfileKit

/// Issue 27, item 2: the editor at a glance — one table that fits 24 lines, with the session's total;
/// the boxes on request; `plan` and `run` on the profile screen.
@Suite("The editor at a glance", .serialized)
struct EditorGlanceTests {
    let home: String
    var store: String { "\(home)/store" }

    init() throws {
        home = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Harness.fixtures.appendingPathComponent("Morning.json").path, toPath: "\(store)/Morning.json")
    }

    func edit(_ script: String) throws -> Harness.Result {
        try Harness.run(["edit", "Morning"], stdin: script, store: store, home: home)
    }

    @Test func theWholeProfileWithEverySwitchOnFitsTwentyFourLines() throws {
        #expect(try Harness.run(["set", "Morning", "intervals", "on"], store: store, home: home).status == 0)
        let result = try edit("show\n")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // Every row of every section, and a line left for the prompt: 23 lines until issue 48 added the
        // Breathing section (its heading and its switch, last in the one table), 25 since.
        #expect(lines.count <= 25, "\(lines.count) lines")
        for heading in ["Time", "Warm Up", "Cool Down", "Intervals", "Bells"] {
            #expect(lines.contains { $0.contains("│ \(heading) ") }, "\(heading)")
        }
        for path in ["0.0", "1.1", "2.3", "3.2", "4.1"] { #expect(lines.contains { $0.contains(" \(path) │") }, "\(path)") }
        #expect(lines.contains { $0.contains("│ Session    │ 37:00") })
        #expect(lines.contains { $0.contains("2.3 │   Bell ") }, "the cool-down's bell row says Bell")
    }

    @Test func showBoxesGivesEachSectionItsBox() throws {
        let result = try edit("show --boxes\n")
        #expect(result.status == 0)
        #expect(result.stdout.components(separatedBy: "┌").count - 1 == ProfileSection.allCases.count)
        #expect(result.stdout.contains("│ Cool Down "))
    }

    @Test func planTypedIntoAPipedEditorPrintsTheTimeline() throws {
        let result = try edit("plan\nplan 6:30\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("│ Morning: 37:00, 3 bells "))
        #expect(result.stdout.contains("│ Morning: 37:00, 3 bells, 06:30 to 07:07 "))
        #expect(result.stdout.contains("Cool-down starts"))
        let bad = try edit("plan 7pm\n")
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("profile: <stdin>:1: invalid start time \"7pm\""), "\(bad.stderr)")
    }

    /// The editor's run runs the profile as it is in the editor (a script saves only at its end), and
    /// the editor goes on after it.
    @Test func runRunsTheProfileAsEditedAndComesBack() throws {
        let result = try edit("set duration 10\nrun --speed 10000 --silent --no-log\nshow time\n")
        #expect(result.status == 0, "\(result.stderr)")
        let output = result.stdout
        let ran = try #require(output.range(of: "run Morning: 17:00, 3 bells, sound: silent"))
        let complete = try #require(output.range(of: "Session complete: 17:00"))
        let shown = try #require(output.range(of: "│  0.0 │ Duration │ 10:00 │"))
        #expect(ran.lowerBound < complete.lowerBound && complete.lowerBound < shown.lowerBound, "in the order typed")
        let refused = try edit("run Other\n")
        #expect(refused.status == 65)
        #expect(refused.stderr == "profile: <stdin>:1: invalid run option \"Other\": use options only: run runs the profile being edited\nprofile: nothing was saved\n")
    }
}
