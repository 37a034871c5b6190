import Testing
@testable import ProfileKit
@testable import ProfileREPL
import TestDoubles
import TextSupport

/// `profile edit` with a script: one transaction, its output held until the commit, a failing line
/// named by its number with nothing saved.
@Suite("Editor scripts")
struct ScriptRunTests {
    /// A script's lines, then its end.
    final class Lines {
        var lines: [ScriptLine]
        init(_ texts: [String], then last: ScriptLine = .end) { lines = texts.map { .line(Array($0.utf8)) } + [last] }
        func next() -> ScriptLine { lines.isEmpty ? .end : lines.removeFirst() }
    }

    final class Printed {
        var written: [String] = []
        var printed: [String] = []
    }

    func run(_ lines: Lines, store: InMemoryProfileStore) throws -> (ScriptEnd, Printed) {
        let session = try Session(store: store, name: "Morning", mode: .script)
        let printed = Printed()
        let end = try session.runScript(read: lines.next, write: { printed.written.append($0) },
                                        print: { (text: String) throws(ProfileError) in printed.printed.append(text) })
        return (end, printed)
    }

    func morning() throws -> InMemoryProfileStore {
        try InMemoryProfileStore([Profile(name: "Morning", duration: .minutes(20))])
    }

    @Test func aScriptThatRunsIsSavedOnceItsOutputIsOut() throws {
        let store = try morning()
        let (end, printed) = try run(Lines(["set duration 25m", "show"]), store: store)
        #expect(end == .committed(created: nil))
        #expect(try store.load("Morning").profile.duration == .minutes(25))
        #expect(printed.written.allSatisfy(\.isEmpty) && printed.printed.joined().contains("25:00"), "\(printed.printed)")
    }

    @Test func theFirstFailingLineStopsItNamedByNumberWithNothingSaved() throws {
        let store = try morning()
        let (end, printed) = try run(Lines(["set duration 25m", "set duration banana", "set duration 30m"]), store: store)
        guard case let .failed(line, _) = end else {
            Issue.record("\(end)")
            return
        }
        #expect(line == 2)
        #expect(try store.load("Morning").profile.duration == .minutes(20), "nothing saved")
        #expect(printed.printed.isEmpty && printed.written.joined().contains("25:00"), "what ran before is shown, not printed as saved")
    }

    @Test func aLineTooLongOrNotTextOrAnOpenQuestionFailsIt() throws {
        let long = try run(Lines(["show"], then: .tooLong(5000)), store: try morning())
        #expect(long.0 == .failed(line: 2, Session.tooLong(5000)))
        let notText = try run(Lines([], then: .notText), store: try morning())
        #expect(notText.0 == .failed(line: 1, Session.notText))
        let unread = try run(Lines(["show"], then: .readFailed(5)), store: try morning())
        #expect(unread.0 == .readFailed(5))
    }

    /// A script is the data: whatever the editor refused makes it a data error (65), while the system's
    /// failures keep their class (74, 75, 78), also when they come from a sit's journal, carried.
    @Test func aScriptsErrorIsClassedAsDataUnlessTheSystemFailed() {
        struct JournalLocked: ReportedError {
            var category: ErrorCategory { .temporary }
            var systemErrno: Int32? { nil }
            var description: String { "/j.lock: locked" }
        }
        struct NoSuchSit: ReportedError {
            var category: ErrorCategory { .notFound }
            var systemErrno: Int32? { nil }
            var description: String { "no sit" }
        }
        let cases: [(EditorError, ErrorCategory)] = [
            (.usage("unknown command"), .data),
            (.profile(.profileNotFound("Nope", suggestion: nil)), .data),
            (.profile(.invalidDuration("x", reason: "r")), .data),
            (.profile(.profileExists("Morning")), .data),
            (.profile(.io(path: "/s/Morning.json", operation: "write", errno: 28)), .io),
            (.profile(.locked(path: "/s/Morning.json.lock", pid: 1, host: "h")), .temporary),
            (.profile(.configuration("no HOME")), .configuration),
            (.carried(CarriedError(JournalLocked())), .temporary),
            (.carried(CarriedError(NoSuchSit())), .data),
        ]
        for (error, category) in cases {
            #expect(error.scriptCategory == category, "\(error)")
        }
    }
}
