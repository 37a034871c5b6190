import Foundation
import Testing
import TestSupport

/// The golden cases of the command line that need the built binary (the rest run in process: the
/// in-process tier's CLIGoldenTests, whose check for stray golden files names these).
@Suite("profile command line, end to end")
struct CLIGoldenEndToEndTests {
    static let morning = ("Morning.json", "Morning")
    static let journalFile = GoldenJournal.file
    static let journalLines = GoldenJournal.lines
    static let utc = GoldenJournal.utc

    static let cases: [ScriptCase] = [
        ScriptCase("journal-errors", files: [(journalFile, journalLines + #"{"id":"x","start":"2025-01-05T07:00:00Z","seconds":"20m","outcome":"completed"}"# + "\n" + #"{"id":"y","sta"#)], [
            Step("log", environment: utc), Step("stats", environment: utc), Step("calendar", environment: utc),
            Step("log", "check", environment: utc), Step("log", "add", "--duration", "5m", "--note", "zero\u{200B}width", environment: utc),
            Step("log", "--since", "1 Jan", environment: utc), Step("log", "--since", "2025-01-03", "--until", "2025-01-01", environment: utc),
            Step("log", "add", "--start", "2025-01-05", "--duration", "20m", environment: utc),
            Step("log", "add", "--start", "2025-03-09 02:30", "--duration", "20m", environment: ["TZ": "America/New_York"]),
            Step("log", "add", "--duration", "0", environment: utc), Step("calendar", "--weeks", "0", environment: utc),
            Step("stats", "--format", "csv", environment: utc),
        ]),
        ScriptCase("run-errors", setup: [morning], [
            Step("run", "Morning", "--speed", "0"),
            Step("run", "Morning", "--speed", "fast"),
            Step("run", "Morning", "--speed", "1e9"),
            Step("run", "Evening"),
            Step("sounds", "--play", "Cowbell"),
            Step("sounds", "--format", "plain"),
        ]),
    ]

    @Test(arguments: cases)
    func golden(_ c: ScriptCase) throws {
        try Harness.check(c, folder: "cli")
    }
}
