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
        #expect(end == .committed(created: [], saved: ["Morning"]))
        #expect(end.savedNote == "saved \"Morning\"\n")
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

    /// Issue 40: nothing looks saved that is not. A failed script's last word is `nothing was saved`; one
    /// that saved says what, a profile it created said as created; one that changed nothing says nothing.
    @Test func theEndSaysWhatWasSavedAndWhatWasNot() throws {
        let failed = try run(Lines(["set duration 25m", "set duration banana"]), store: try morning())
        #expect(failed.0.savedNote == "nothing was saved\n")
        #expect(ScriptEnd.readFailed(5).savedNote == "nothing was saved\n")

        let store = try InMemoryProfileStore([Profile(name: "Morning", duration: .minutes(20)), Profile(name: "Evening")])
        let two = try run(Lines(["set duration 25m", "open Evening", "set duration 30m"]), store: store)
        #expect(two.0 == .committed(created: [], saved: ["Morning", "Evening"]))
        #expect(two.0.savedNote == "saved \"Morning\" and \"Evening\"\n")

        let created = try run(Lines(["new Dusk", "set duration 40m"]), store: try morning())
        #expect(created.0 == .committed(created: ["Dusk"], saved: []), "\(created.0)")
        #expect(created.0.savedNote == "created the profile \"Dusk\"\n")

        let unchanged = try run(Lines(["show"]), store: try morning())
        #expect(unchanged.0 == .committed(created: [], saved: []))
        #expect(unchanged.0.savedNote == "")
    }

    /// A save that fails after others succeeded names those, and no other, as saved; the first one
    /// failing leaves `nothing was saved`.
    @Test func aSaveThatFailsSaysWhatWasSavedBeforeIt() throws {
        let store = try InMemoryProfileStore([Profile(name: "Morning", duration: .minutes(20)), Profile(name: "Evening")])
        let lines = Lines(["set duration 25m", "open Evening", "set duration 30m"])
        let session = try Session(store: store, name: "Morning", mode: .script)
        let end = try session.runScript(read: {
            let line = lines.next()
            // Evening changes on disk while the script runs: its save is a conflict.
            if line == .end { _ = try? store.update("Evening") { (profile: inout Profile) throws(ProfileError) in profile.duration = .minutes(45) } }
            return line
        }, write: { _ in }, print: { (_: String) throws(ProfileError) in })
        guard case let .saveFailed(error, saved) = end, case .conflict = error else {
            Issue.record("\(end)")
            return
        }
        #expect(saved == ["Morning"])
        #expect(end.savedNote == "saved only \"Morning\"; nothing else was saved\n")
        #expect(try store.load("Morning").profile.duration == .minutes(25))
        #expect(ScriptEnd.saveFailed(error, saved: []).savedNote == "nothing was saved\n")
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
