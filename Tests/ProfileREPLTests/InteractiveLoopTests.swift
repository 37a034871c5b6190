import Testing
import ProfileKit
import TestDoubles
@testable import ProfileREPL

/// The editor's loop on a terminal, in process: lines in, replies and diagnostics out, the history kept
/// for commands only.
@Suite("The editor's loop on a terminal")
struct InteractiveLoopTests {
    /// Runs `lines` through a session of Morning and gives what was printed, said and remembered.
    static func run(_ lines: [ScriptLine]) throws -> (printed: String, said: [String], remembered: [String], store: InMemoryProfileStore,
                                                     unread: Int) {
        let store = try InMemoryProfileStore([Profile(name: "Morning")])
        let session = try Session(store: store, name: "Morning", mode: .interactive)
        var pending = lines[...]
        var printed = "", said: [String] = [], remembered: [String] = []
        try session.runInteractive(read: { _ in pending.popFirst() ?? .end }, remember: { remembered.append($0) },
                                   print: { printed += $0 }, diagnostic: { said.append($0) })
        return (printed, said, remembered, store, pending.count)
    }

    static func line(_ text: String) -> ScriptLine { .line(Array(text.utf8)) }

    @Test func commandsAreHandledSavedAndRemembered() throws {
        let result = try Self.run([Self.line("toggle ambience"), Self.line("quit"), Self.line("toggle warmup")])
        #expect(result.printed.contains("Ambience: + 5.1 Sound Rain, + 5.2 Volume 30%"))
        #expect(result.remembered == ["toggle ambience", "quit"], "the loop ends at quit")
        #expect(try result.store.load("Morning").profile.ambience.isEnabled)
        #expect(try !result.store.load("Morning").profile[segment: .warmUp].enabled)
    }

    /// An answer to a question is not a command: it is not remembered; Ctrl-C and Ctrl-D leave the
    /// question, and Ctrl-D on an empty line quits.
    @Test func questionsAreLeftAndAnswersNotRemembered() throws {
        let result = try Self.run([Self.line("tap 0.0"), Self.line("25"), Self.line("tap 0.0"), .interrupted,
                                   Self.line("tap 0.0"), .end, .end, Self.line("never read")])
        #expect(result.remembered == ["tap 0.0", "tap 0.0", "tap 0.0"])
        #expect(try result.store.load("Morning").profile.duration == .minutes(25))
        #expect(result.unread == 1, "the line after the quitting Ctrl-D is never read")
        #expect(result.printed.hasSuffix("\n\n"), "Ctrl-D ends the line before the editor quits")
    }

    @Test func aLineTooLongOrNotTextIsRefusedAndTheEditorGoesOn() throws {
        let result = try Self.run([.tooLong(70_000), .notText, Self.line("toggle warmup"), .readFailed(5)])
        #expect(result.said == [Session.tooLong(70_000).message, Session.notText.message])
        #expect(try result.store.load("Morning").profile[segment: .warmUp].enabled)
    }

    /// A reply that cannot be written ends the loop with that error.
    @Test func aReplyThatCannotBeWrittenEndsIt() throws {
        let store = try InMemoryProfileStore([Profile(name: "Morning")])
        let session = try Session(store: store, name: "Morning", mode: .interactive)
        // The welcome is written; the reply to `show` is not, and the loop reads no further line.
        var printed = 0, reads = 0
        #expect(throws: ProfileError.self) {
            try session.runInteractive(read: { _ in reads += 1; return Self.line("show") }, remember: { _ in },
                                       print: { _ throws(ProfileError) in
                                           printed += 1
                                           if printed > 1 { throw .io(path: "<stdout>", operation: "write", errno: 5) }
                                       },
                                       diagnostic: { _ in })
        }
        #expect(printed == 2 && reads == 1)
    }
}
