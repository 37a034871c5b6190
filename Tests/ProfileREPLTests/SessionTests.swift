import Files
import Foundation
import Testing
import TestSupport
@testable import ProfileKit
@testable import ProfileREPL
import Screens
import TableKit
import TestDoubles

@Suite("Editor session")
struct SessionTests {
    static func morning() throws -> Profile {
        let bytes = Array(try Data(contentsOf: Harness.fixtures.appendingPathComponent("Morning.json")))
        return try ProfileDocument.decode(bytes, name: "Morning")
    }

    func session(_ mode: Session.Mode = .interactive) throws -> (Session, InMemoryProfileStore) {
        let store = try InMemoryProfileStore([try Self.morning()])
        return (try Session(store: store, name: "Morning", mode: mode), store)
    }

    @Test func linesThatAreNotTextAreRefused() throws {
        let (editor, _) = try session()
        #expect(editor.handle(bytes: [0x73, 0x68, 0xFF, 0x77]).error == .usage("the line is not valid UTF-8 text"))
        #expect(editor.handle(bytes: Array("show\u{07}".utf8)).error == .usage("the line contains the control character U+0007"))
        #expect(editor.handle(bytes: [UInt8](repeating: 0x61, count: 5000)).error
            == .usage("the line is 5000 bytes long; a line has at most 4096"))
        #expect(editor.handle(bytes: Array("show\ttime".utf8)).error == nil, "a tab is white space")
    }

    /// The editor takes a name by the same rules as the command line: a line may hold an invisible
    /// character (it is no control character), but a name may not.
    @Test func theEditorRefusesTheNamesTheCommandLineRefuses() throws {
        let (editor, store) = try session()
        _ = editor.handle("back")
        let names = try store.names()
        for (name, code) in [("Morning\u{34F}", "U+034F"), ("\u{3164}", "U+3164"), ("Morning1\u{FE0F}", "U+FE0F"), ("🧘\u{E0067}x", "U+E0067")] {
            let error = editor.handle(bytes: Array("new \(name)".utf8)).error
            #expect(error?.message.hasPrefix("invalid profile name ") == true, "\(String(describing: error))")
            #expect(error?.message.hasSuffix("it contains the invisible character \(code)") == true, "\(String(describing: error))")
        }
        #expect(try store.names() == names)
        #expect(editor.handle("new 🧘\u{200D}♀\u{FE0F}").error == nil)
        #expect(editor.prompt == "profile:🧘\u{200D}♀\u{FE0F}> ")
    }

    @Test func interactiveChangesAreSavedAtOnce() throws {
        let (editor, store) = try session()
        #expect(editor.handle("toggle warmup").error == nil)
        #expect(try store.load("Morning").profile.segment(ofType: .warmUp)?.enabled == false)
        #expect(editor.handle("undo").error == nil)
        #expect(try store.load("Morning").profile.segment(ofType: .warmUp)?.enabled == true)
    }

    @Test func scriptChangesWaitForTheCommit() throws {
        let (editor, store) = try session(.script)
        #expect(editor.handle("set duration 5").error == nil)
        #expect(editor.handle("new Evening").error == nil)
        #expect(try store.load("Morning").profile.duration == .minutes(30))
        #expect(try store.names() == ["Morning"])
        #expect(try editor.commit() == ["Morning", "Evening"])
        #expect(try store.load("Morning").profile.duration == .minutes(5))
        #expect(try store.names() == ["Evening", "Morning"])
    }

    @Test func aScriptNeverOverwritesAChangeMadeWhileItRan() throws {
        let (editor, store) = try session(.script)
        _ = editor.handle("set duration 5")
        _ = try store.update("Morning") { $0.duration = .minutes(45) }
        #expect(throws: ProfileError.conflict(path: "Morning")) { try editor.commit() }
        #expect(try store.load("Morning").profile.duration == .minutes(45))
    }

    @Test func aConflictAsksAndReloadKeepsTheirs() throws {
        let (editor, store) = try session()
        _ = try store.update("Morning") { $0.duration = .minutes(45) }
        let reply = editor.handle("toggle cooldown")
        #expect(reply.output.contains("was changed by someone else"))
        #expect(editor.isAsking)
        #expect(editor.prompt == "reload theirs (r) or keep yours (k)? ")
        #expect(editor.handle("maybe").error == .usage("answer r to reload theirs or k to keep yours; Ctrl-C keeps the version on disk and drops your change"))
        #expect(editor.isAsking, "an unclear answer asks again")
        #expect(editor.handle("r").output.hasPrefix("reloaded Morning from disk; your change was dropped"))
        #expect(editor.profile.duration == .minutes(45))
        #expect(editor.profile.segment(ofType: .coolDown)?.enabled == true)
        #expect(editor.handle("undo").output == "nothing to undo\n", "history of the dropped version is gone")
    }

    @Test func aConflictKeepYoursReplacesTheirsKnowingly() throws {
        let (editor, store) = try session()
        _ = try store.update("Morning") { $0.duration = .minutes(45) }
        _ = editor.handle("toggle cooldown")
        #expect(editor.handle("k").output == "kept your version of Morning\n")
        let saved = try store.load("Morning").profile
        #expect(saved.duration == .minutes(30))
        #expect(saved.segment(ofType: .coolDown)?.enabled == false)
        // The next change saves normally again.
        #expect(editor.handle("toggle cooldown").error == nil)
        #expect(try store.load("Morning").profile.segment(ofType: .coolDown)?.enabled == true)
    }

    @Test func ctrlCDuringAConflictKeepsWhatIsOnDisk() throws {
        let (editor, store) = try session()
        _ = try store.update("Morning") { $0.duration = .minutes(45) }
        _ = editor.handle("toggle cooldown")
        #expect(editor.cancelQuestion().hasPrefix("kept the version on disk"))
        #expect(!editor.isAsking)
        #expect(editor.profile == (try store.load("Morning").profile))
    }

    @Test func tapAsksWithTheCurrentValueAsTheDefault() throws {
        let (editor, store) = try session()
        #expect(editor.handle("tap 2.1").output == "Enter keeps 05:00; Ctrl-C goes back\n")
        #expect(editor.prompt == "Cool Down duration [05:00]: ")
        #expect(editor.question == "Cool Down duration [05:00]")
        #expect(editor.handle("").output == "Cool Down duration stays 05:00\n", "an empty answer keeps the value")
        #expect(!editor.isAsking)
        _ = editor.handle("tap 2.1")
        #expect(editor.handle("99h").error != nil)
        #expect(editor.isAsking, "a wrong answer asks again")
        #expect(editor.prompt == "Cool Down duration [05:00]: ")
        #expect(editor.handle("45").output.hasPrefix("Cool Down: ~ 2.1 Duration 45:00\n"), "typing replaces the value")
        #expect(!editor.isAsking)
        #expect(try store.load("Morning").profile.segment(ofType: .coolDown)?.duration == .minutes(45))
        _ = editor.handle("tap 0.0")
        #expect(editor.cancelQuestion() == "Time duration stays 30:00\n", "Ctrl-C and Ctrl-D leave the value")
        #expect(!editor.isAsking)
        #expect(editor.profile.duration == .minutes(30))
    }

    @Test func tapOnTheIntervalRowAsksForTheTimesInAtMode() throws {
        let (editor, store) = try session()
        _ = editor.handle("toggle intervals")
        #expect(editor.handle("set intervals.at 20m, 10m").output.hasPrefix("Intervals: ~ 3.1 At 10:00, 20:00\n"))
        #expect(editor.handle("tap 3.1").output == "Enter keeps 10:00, 20:00; Ctrl-C goes back\n")
        #expect(editor.prompt == "Interval bell times [10:00, 20:00] (or every …): ")
        #expect(editor.handle("").output == "Interval bell times stay 10:00, 20:00\n")
        _ = editor.handle("tap 3.1")
        #expect(editor.handle("10m 30m").error?.message
                == "interval bell time 30:00 is out of range: use 00:10 (10 seconds) to 29:49, more than 10 seconds before the main sit's end (30:00); Enter keeps 10:00, 20:00; Ctrl-C goes back")
        #expect(editor.isAsking, "a wrong answer asks again")
        #expect(editor.handle("25m 5m").output.hasPrefix("Intervals: ~ 3.1 At 05:00, 25:00\n"))
        #expect(try store.load("Morning").profile.intervals.schedule == .at([.minutes(5), .minutes(25)]))
        // Either form from the editor: naming the other mode switches the row, which is reloaded.
        _ = editor.handle("tap 3.1")
        #expect(editor.handle("every 7m").output.hasPrefix("Intervals: ~ 3.1 Every 07:00\n"))
        #expect(ProfileViewModel(profile: editor.profile).numberOfRows(for: .intervals) == 3)
        _ = editor.handle("tap 3.1")
        #expect(editor.prompt == "Time between interval bells [07:00] (or at …): ")
        #expect(editor.handle("at 12:00 24:00").output.hasPrefix("Intervals: ~ 3.1 At 12:00, 24:00\n"))
        #expect(editor.handle("tap 3.1 every 6m").output.hasPrefix("Intervals: ~ 3.1 Every 06:00\n"), "a value after the path too")
        #expect(editor.handle("undo").output.hasPrefix("undo: tap 3.1 every 6m\n"))
        #expect(try store.load("Morning").profile.intervals.schedule == .at([.minutes(12), .minutes(24)]))
        #expect(editor.completions(line: "set intervals.", cursor: 14).1 == ["intervals.every", "intervals.at", "intervals.bell"])
        // With intervals off, the row is hidden: the note, and its undo, name the mode that is set.
        _ = editor.handle("toggle intervals")
        #expect(editor.handle("set intervals.every 8m").output == "Time between interval bells is now 08:00; its row shows when Intervals is on\n")
        #expect(editor.handle("undo").output
                == "undo: set intervals.every 8m\nInterval bell times are now 12:00, 24:00; its row shows when Intervals is on\n")
    }

    @Test func aChangeThatChangesNothingSaysWhatIsSo() throws {
        let (editor, store) = try session()
        let before = try store.load("Morning").revision
        #expect(editor.handle("set warmup.duration 2m").output == "Warm Up duration is already 02:00\n")
        #expect(editor.handle("set cooldown.bell temple bell").output == "Cool Down bell is already Temple Bell\n")
        #expect(editor.handle("set warmup on").output == "Warm Up is already on\n")
        #expect(editor.handle("tap 1.1 2:00").output == "Warm Up duration is already 02:00\n")
        #expect(try store.load("Morning").revision == before, "nothing was saved")
        #expect(editor.handle("undo").output == "nothing to undo\n", "nor remembered for undo")
    }

    @Test func aChangeOfAHiddenRowSaysWhereItWent() throws {
        let (editor, _) = try session()
        _ = editor.handle("toggle warmup")
        #expect(editor.handle("set warmup.duration 3m").output
            == "Warm Up duration is now 03:00; its row shows when Warm Up is on\n")
        _ = editor.handle("toggle cooldown")
        #expect(editor.handle("set cooldown.bell gong").output
            == "Cool Down bell is now Gong; its row shows when Cool Down is on\n")
        #expect(editor.handle("undo").output
            == "undo: set cooldown.bell gong\nCool Down bell is now Temple Bell; its row shows when Cool Down is on\n")
    }

    @Test func aChangeThatDropsAnIntervalBellSaysSoAsPlanDoes() throws {
        let (editor, _) = try session()
        _ = editor.handle("set intervals.every 10m")
        _ = editor.handle("toggle intervals")
        // At 80 columns the note is wrapped; its words are the same.
        let shortened = editor.handle("set duration 20m").output.replacing("\n  ", with: " ")
        #expect(shortened.hasSuffix("dropped the interval bell at 20:00 into the main sit: it falls on the main sit's end or within 10 s of it\n"),
                "the bell at 20:00 of the main sit, on the main sit's clock, not the session's 22:00 after the 2-minute warm-up")
        #expect(!editor.handle("set duration 21m").output.contains("dropped"))
        #expect(editor.handle("undo").output.contains("dropped the interval bell at 20:00 into the main sit"))
        _ = editor.handle("set duration 21m")
        #expect(!editor.handle("set warmup.duration 3m").output.contains("dropped"), "a warm-up moves bells, drops none")
    }

    struct CompletionCase: CustomTestStringConvertible, Sendable {
        let line: String
        let start: Int
        let candidates: [String]
        var testDescription: String { "\"\(line)\"" }
    }

    @Test(arguments: [
        CompletionCase(line: "", start: 0, candidates: ["show", "toggle", "set", "tap", "bell", "plan", "run", "undo", "redo", "list", "open", "new", "back", "help", "quit"]),
        CompletionCase(line: "t", start: 0, candidates: ["toggle", "tap"]),
        CompletionCase(line: "  sh", start: 2, candidates: ["show"]),
        CompletionCase(line: "toggle ", start: 7, candidates: ["warmup", "cooldown", "cooldown.bells", "intervals", "ambience", "breathing"]),
        CompletionCase(line: "toggle cooldown.", start: 7, candidates: ["cooldown.bells"]),
        CompletionCase(line: "set c", start: 4, candidates: ["cooldown", "cooldown.duration", "cooldown.bells", "cooldown.bell"]),
        CompletionCase(line: "set cooldown.bell temple b", start: 18, candidates: ["Temple Bell"]),
        CompletionCase(line: "set warmup o", start: 11, candidates: ["on", "off"]),
        CompletionCase(line: "set duration ", start: 13, candidates: []),
        // Issue 48: the Breathing section's settings and what each takes.
        CompletionCase(line: "set breathing.", start: 4, candidates: ["breathing.pattern", "breathing.in", "breathing.hold-in", "breathing.out",
                                                                      "breathing.hold-out", "breathing.lead", "breathing.cue", "breathing.volume"]),
        CompletionCase(line: "set breathing.pattern ", start: 22, candidates: ["coherent", "box", "4-7-8", "sigh", "custom"]),
        CompletionCase(line: "set breathing.cue t", start: 18, candidates: ["tone", "tick"]),
        CompletionCase(line: "set breathing.lead w", start: 19, candidates: ["warmup", "whole"]),
        CompletionCase(line: "tap 2", start: 4, candidates: ["2.0", "2.1", "2.2", "2.3"]),
        CompletionCase(line: "show c", start: 5, candidates: ["cooldown"]),
        CompletionCase(line: "help u", start: 5, candidates: ["undo"]),
        CompletionCase(line: "open Mo", start: 5, candidates: ["Morning"]),
        CompletionCase(line: "frob x", start: 5, candidates: []),
    ])
    func completion(_ c: CompletionCase) throws {
        let (editor, _) = try session()
        let result = editor.completions(line: c.line, cursor: c.line.utf8.count)
        #expect(result.start == c.start)
        #expect(result.candidates == c.candidates)
    }

    @Test func aFailedSaveLeavesTheSessionAsItWas() throws {
        let home = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let store = FileProfileStore(directory: home, lockTimeout: 0.1)
        _ = try store.create(try Self.morning())
        let editor = try Session(store: store, name: "Morning", mode: .interactive)
        try FileLock.record(for: 1).write(toFile: "\(home)/Morning.json.lock", atomically: false, encoding: .utf8)
        let reply = editor.handle("toggle warmup")
        #expect(reply.error?.message.contains("locked by pid 1") == true, "\(String(describing: reply.error))")
        #expect(editor.profile == (try store.load("Morning").profile))
        #expect(editor.handle("undo").output == "nothing to undo\n")
    }

    /// A store whose saves land but whose folder cannot be flushed afterwards.
    final class UnflushedStore: ProfileStore, @unchecked Sendable {
        let inner: InMemoryProfileStore
        init(_ inner: InMemoryProfileStore) { self.inner = inner }
        func list() throws(ProfileError) -> [ListedProfile] { try inner.list() }
        func names() throws(ProfileError) -> [String] { try inner.names() }
        func load(_ name: String) throws(ProfileError) -> StoredProfile { try inner.load(name) }
        func create(_ profile: Profile) throws(ProfileError) -> StoredProfile { try inner.create(profile) }
        func save(_ profile: Profile, basedOn revision: Revision) throws(ProfileError) -> StoredProfile {
            _ = try inner.save(profile, basedOn: revision)
            throw .notFlushed(path: "store", operation: "fsync", errno: EIO)
        }
        func update(_ name: String, _ change: (inout Profile) throws(ProfileError) -> Void) throws(ProfileError) -> StoredProfile {
            try inner.update(name, change)
        }
        func delete(_ name: String, basedOn revision: Revision?) throws(ProfileError) -> RemovedProfile {
            try inner.delete(name, basedOn: revision)
        }
        func restore(_ removed: RemovedProfile) throws(ProfileError) -> StoredProfile { try inner.restore(removed) }
        func rename(_ old: String, to new: String) throws(ProfileError) -> StoredProfile { try inner.rename(old, to: new) }
    }

    /// A save that landed but could not be flushed is reported, and the session keeps the change, its
    /// undo and the new revision: the next change saves without a conflict.
    @Test func aSaveThatWasNotFlushedIsKept() throws {
        let inner = try InMemoryProfileStore([try Self.morning()])
        let editor = try Session(store: UnflushedStore(inner), name: "Morning", mode: .interactive)
        let reply = editor.handle("set duration 45")
        #expect(reply.error?.message.contains("saved, but the folder could not be flushed") == true)
        #expect(editor.profile.duration == .minutes(45))
        #expect(try inner.load("Morning").profile.duration == .minutes(45))
        let next = editor.handle("toggle warmup")
        #expect(next.error?.message.contains("saved, but") == true, "saved again, with no conflict question")
        #expect(!editor.isAsking)
        #expect(try inner.load("Morning").profile.segment(ofType: .warmUp)?.enabled == false)
        _ = editor.handle("undo")
        _ = editor.handle("undo")
        #expect(try inner.load("Morning").profile.duration == .minutes(30))
    }
}

/// The coordinator's navigation, and the profiles screen's file operations in interactive mode.
@Suite("Editor screens")
struct ScreenNavigationTests {
    func session(_ mode: Session.Mode = .interactive) throws -> (Session, InMemoryProfileStore) {
        let store = try InMemoryProfileStore([try SessionTests.morning(), Profile(name: "Default")])
        return (try Session(store: store, name: "Morning", mode: mode), store)
    }

    @Test func backAndForthThroughTheScreens() throws {
        let (editor, store) = try session()
        #expect(editor.screenPath == ["profiles", "profile"])
        #expect(editor.prompt == "profile:Morning> ")
        #expect(editor.handle("tap 2.3").error == nil)
        #expect(editor.screenPath == ["profiles", "profile", "bell"])
        #expect(editor.prompt == "profile:Morning/cool down bell> ")
        #expect(editor.handle("tap 3").error == nil)
        let chosen = editor.handle("choose")
        #expect(chosen.error == nil)
        #expect(chosen.output.hasPrefix("Cool Down: ~ 2.3 Bell Gong"))
        #expect(editor.screenPath == ["profiles", "profile"])
        #expect(try store.load("Morning").profile.segment(ofType: .coolDown)?.bell == BellChoice(.gong))
        #expect(editor.handle("back").error == nil)
        #expect(editor.prompt == "profile> ")
        #expect(editor.handle("back").error == .usage("this is the first screen; quit leaves the editor"))
        #expect(editor.handle("tap 1").error == nil)
        #expect(editor.prompt == "profile:Default> ")
    }

    /// Issue 50, item 3: `tap 5.1` opens a picker of the soundscapes and recordings, as a bell row opens
    /// the bell picker; `choose` sets the ambience's sound as `set ambience.sound` does, `back` keeps it.
    @Test func tappingTheAmbienceSoundOpensItsPicker() throws {
        let store = try InMemoryProfileStore([try SessionTests.morning()])
        let editor = try Session(store: store, name: "Morning", mode: .interactive, sounds: { SoundCatalog(recorded: ["Creek"]) })
        _ = editor.handle("toggle ambience")
        let opened = editor.handle("tap 5.1")
        #expect(opened.error == nil)
        #expect(editor.screenPath == ["profiles", "profile", "ambience sound"])
        #expect(editor.prompt == "profile:Morning/ambience sound> ")
        for (number, name) in (Soundscape.allCases.map(\.rawValue) + ["Creek"]).enumerated() {
            let mark = name == Soundscape.default.rawValue ? " (now)" : ""
            #expect(opened.output.contains("\(number + 1) │ \(name)\(mark) "), "\(name) is listed")
        }
        #expect(opened.output.hasSuffix("tap N selects sound N, choose takes it; back keeps Rain\n"), "\(opened.output)")
        // The picker's commands, and no strikes or volume: the ambience's volume is a row of its own (5.2).
        #expect(editor.completions(line: "", cursor: 0).candidates == ["show", "tap", "listen", "next", "previous", "choose", "back", "help", "quit"])
        #expect(editor.completions(line: "tap br", cursor: 6).candidates == ["Brown Noise"])
        #expect(editor.completions(line: "tap c", cursor: 5).candidates == ["Creek"])
        #expect(editor.handle("strikes 3").error?.message.hasPrefix("no command \"strikes\"") == true)
        // A sound's name alone, as the bare prompt took it, says how to choose it.
        #expect(editor.handle("brown noise").error?.message == "no command \"brown\"; to choose Brown Noise: tap 1, then choose")
        // A tap plays the sound it selects on a terminal; listen plays each selected one, next moves on.
        #expect(editor.handle("tap ocean").output.hasPrefix("playing Ocean\n"))
        #expect(editor.handle("tap 7").output.hasPrefix("playing Creek\n"))
        #expect(editor.handle("choose").error?.message == "2 sounds are selected; choose takes one (or listen, then choose the one playing)")
        #expect(editor.handle("listen").output.hasPrefix("listening to 2 sounds: Ocean, Creek\nplaying Ocean\n"))
        #expect(editor.handle("next").output.hasPrefix("playing Creek\n"))
        let chosen = editor.handle("choose")
        #expect(chosen.error == nil)
        #expect(chosen.output.hasPrefix("Ambience: ~ 5.1 Sound Creek"), "\(chosen.output)")
        #expect(editor.screenPath == ["profiles", "profile"])
        #expect(try store.load("Morning").profile.ambience.sound == .recorded("Creek"))
        #expect(editor.handle("undo").output.contains("5.1 Sound Rain"), "the choice is one change, undone as set's is")
        // back keeps the sound as it is.
        _ = editor.handle("tap 5.1")
        _ = editor.handle("tap fire")
        #expect(editor.handle("back").error == nil)
        #expect(editor.screenPath == ["profiles", "profile"])
        #expect(try store.load("Morning").profile.ambience.sound == .builtIn(.rain))
        // help tap says what tapping the row does, with its number from the model.
        let help = editor.handle("help tap").output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("a volume row (5.2) or a breathing row asks for its value"), "\(help)")
        #expect(help.contains("opens the bell picker, and the Ambience sound row (5.1) the sound picker: the soundscapes and recordings"), "\(help)")
        // A value typed after the row still sets it at once.
        #expect(editor.handle("tap 5.1 wind").output.hasPrefix("Ambience: ~ 5.1 Sound Wind"))
        #expect(editor.screenPath == ["profiles", "profile"])
    }

    /// A row that still asks (the ambience's volume, the breathing's pattern) completes its answer on Tab.
    @Test func aQuestionCompletesItsAnswer() throws {
        let (editor, _) = try session()
        _ = editor.handle("toggle ambience")
        _ = editor.handle("tap 5.2")
        #expect(editor.isAsking)
        #expect(editor.completions(line: "", cursor: 0).candidates == Setting.ambience(.volume).valueKind.examples(.builtIn))
        _ = editor.cancelQuestion()
        _ = editor.handle("toggle breathing")
        _ = editor.handle("tap 6.1")
        #expect(editor.completions(line: "  c", cursor: 3) == (2, ["coherent", "custom"]))
        _ = editor.cancelQuestion()
        _ = editor.handle("tap 0.0")
        #expect(editor.completions(line: "", cursor: 0).candidates == [], "a length is free text")
    }

    @Test func theProfilesScreenCopiesRenamesAndDeletes() throws {
        let (editor, store) = try session()
        _ = editor.handle("back")
        #expect(editor.handle("copy 2 Evening").output.hasPrefix("copied \"Morning\" to \"Evening\"\nProfiles: + 2 Evening\n"))
        #expect(try store.names() == ["Default", "Evening", "Morning"])
        #expect(editor.handle("rename 2 Dusk").output.hasPrefix("renamed \"Evening\" to \"Dusk\"\nProfiles: - 2 Evening, + 2 Dusk\n"))
        #expect(try store.names() == ["Default", "Dusk", "Morning"])
        #expect(editor.handle("delete 2").output == "y deletes it; Enter or Ctrl-C keeps \"Dusk\"\n")
        #expect(editor.prompt == "Delete profile \"Dusk\"? [y/N] ")
        #expect(editor.handle("y").output.hasPrefix("deleted \"Dusk\"\nProfiles: - 2 Dusk\n"))
        #expect(try store.names() == ["Default", "Morning"])
        #expect(editor.handle("delete 9").error == .usage("\"9\" is not a profile's number; use 1 to 2"))
        #expect(editor.handle("new Noon").error == nil)
        #expect(editor.prompt == "profile:Noon> ")
    }

    @Test func deleteAsksAndKeepsTheProfileUnlessTheAnswerIsYes() throws {
        let (editor, store) = try session()
        _ = editor.handle("back")
        for answer in ["", "n", "no", "yess", "delete 1"] {
            _ = editor.handle("delete 1")
            #expect(editor.isAsking)
            #expect(editor.handle(answer).output == "kept \"Default\"\n")
            #expect(!editor.isAsking)
        }
        _ = editor.handle("delete 1")
        #expect(editor.cancelQuestion() == "kept \"Default\"\n")
        #expect(try store.names() == ["Default", "Morning"])
        _ = editor.handle("delete 1")
        #expect(editor.handle("YES").error == nil)
        #expect(try store.names() == ["Morning"])
    }

    @Test func undoAndRedoOnTheProfilesScreenRestoreTheSameBytes() throws {
        let (editor, store) = try session()
        let defaultBytes = try #require(try store.delete("Default").bytes)
        _ = try store.restore(RemovedProfile(name: "Default", bytes: defaultBytes + Array("\n".utf8)))
        let original = try store.load("Default").revision
        _ = editor.handle("back")
        _ = editor.handle("delete 1")
        _ = editor.handle("y")
        #expect(try store.names() == ["Morning"])
        let undone = editor.handle("undo")
        #expect(undone.output.hasPrefix("undo: delete \"Default\"\nProfiles: + 1 Default\n"))
        #expect(try store.load("Default").revision == original, "the file comes back byte for byte")
        #expect(editor.handle("redo").output.hasPrefix("redo: delete \"Default\"\nProfiles: - 1 Default\n"))
        #expect(try store.names() == ["Morning"])
        _ = editor.handle("undo")
        _ = editor.handle("copy 2 Evening")
        _ = editor.handle("rename 2 Dusk")
        #expect(try store.names() == ["Default", "Dusk", "Morning"])
        #expect(editor.handle("undo").output.hasPrefix("undo: rename \"Evening\" to \"Dusk\"\n"))
        #expect(try store.names() == ["Default", "Evening", "Morning"])
        #expect(editor.handle("undo").output.hasPrefix("undo: copy \"Morning\" to \"Evening\"\n"))
        #expect(try store.names() == ["Default", "Morning"])
        #expect(editor.handle("undo").output == "nothing to undo\n", "the copy made the delete's redo a new history")
        #expect(editor.handle("redo").error == nil)
        #expect(editor.handle("redo").error == nil)
        #expect(try store.names() == ["Default", "Dusk", "Morning"])
        #expect(editor.handle("redo").output == "nothing to redo\n")
    }

    /// On the profiles screen no profile is being edited: the one left can be deleted or renamed, and
    /// opening it again reads its file.
    @Test func theProfileLeftOnTheProfileScreenCanBeDeletedAndComesBack() throws {
        let (editor, store) = try session()
        _ = editor.handle("set duration 45")
        _ = editor.handle("back")
        _ = editor.handle("delete 2")
        #expect(editor.handle("y").output.hasPrefix("deleted \"Morning\"\nProfiles: - 2 Morning\n"))
        #expect(try store.names() == ["Default"])
        #expect(editor.handle("open Morning").error == .profile(.profileNotFound("Morning", suggestion: nil)))
        _ = editor.handle("undo")
        #expect(editor.handle("rename 2 Dawn").output.hasPrefix("renamed \"Morning\" to \"Dawn\"\n"))
        #expect(editor.handle("open Morning").error != nil)
        #expect(editor.handle("open Dawn").error == nil)
        #expect(editor.profile.duration == .minutes(45), "the file, read afresh")
        #expect(editor.handle("new Noon").error == nil)
        _ = editor.handle("back")
        #expect(editor.handle("undo").output.hasPrefix("undo: new \"Noon\"\nProfiles: - 3 Noon\n"))
        #expect(try store.names() == ["Dawn", "Default"])
    }

    /// Taking back a new profile or a copy never removes a file that changed since the session made it;
    /// a change that can no longer be taken back leaves the history, and the older ones still can be.
    @Test func undoRemovesOnlyTheVersionTheSessionMade() throws {
        let (editor, store) = try session()
        _ = editor.handle("new Retreat")
        _ = editor.handle("set duration 45")
        _ = editor.handle("back")
        #expect(editor.handle("undo").error == .usage(
            "cannot undo new \"Retreat\": \"Retreat\" was changed since; delete it yourself if it should go; it is dropped from the history"))
        #expect(try store.names() == ["Default", "Morning", "Retreat"])
        _ = editor.handle("copy 2 Evening")
        _ = editor.handle("copy 3 Dusk")
        _ = try store.rename("Dusk", to: "Night")
        #expect(editor.handle("undo").error == .usage(
            "cannot undo copy \"Morning\" to \"Dusk\": there is no profile \"Dusk\" any more; it is dropped from the history"))
        #expect(editor.handle("undo").output.hasPrefix("undo: copy \"Morning\" to \"Evening\"\n"))
        #expect(try store.names() == ["Default", "Morning", "Night", "Retreat"])
    }

    /// A file replaced on the profiles screen is read afresh, never the session's old copy of it.
    @Test func aProfileReplacedOnTheProfilesScreenIsReadAfresh() throws {
        let (editor, store) = try session()
        _ = editor.handle("open Default")
        _ = try store.delete("Morning")
        _ = editor.handle("back")
        _ = editor.handle("copy 1 Morning")
        #expect(editor.handle("open Morning").error == nil)
        #expect(editor.profile.duration == .minutes(20), "the copy of Default, not the Morning the session had open")
    }

    /// A change that changes nothing still meets a file changed on disk, and asks.
    @Test func aChangeThatChangesNothingStillMeetsAConflict() throws {
        let (editor, store) = try session()
        _ = try store.update("Morning") { $0.duration = .minutes(45) }
        let reply = editor.handle("set duration 30")
        #expect(reply.output.hasPrefix("Time duration is already 30:00\n"))
        #expect(editor.isAsking, "the conflict question")
        _ = editor.handle("k")
        #expect(try store.load("Morning").profile.duration == .minutes(30))
    }

    @Test func listUpdatesKeepTheTableViewRule() throws {
        let names = [["A", "C"], ["A", "B", "C"], ["B", "C"], ["c", "D"], [], ["Z"]]
        for (before, after) in zip(names, names.dropFirst()) {
            let old = before.map { ProfileSummary(Profile(name: $0)) }
            let new = after.map { ProfileSummary(Profile(name: $0)) }
            let update = ProfilesViewModel.update(from: old, to: new)
            func snapshot(_ list: [ProfileSummary]) -> TableSnapshot {
                TableSnapshot(sections: [TableSection(id: "profiles", title: "Profiles",
                    rows: list.map { TableRow(id: ProfileName.key($0.name), label: $0.name, content: .value("")) })])
            }
            #expect(try snapshot(old).applying(update) == snapshot(new), "\(before) → \(after)")
        }
    }

    @Test func aScriptRefusesFileOperationsThatCannotWait() throws {
        let (editor, store) = try session(.script)
        _ = editor.handle("back")
        #expect(editor.handle("copy 2 Evening").error
            == .usage("copy changes files at once, and a script is one transaction; use 'profile copy' instead"))
        #expect(try store.names() == ["Default", "Morning"])
    }

    /// Completion works on every screen, from the commands each screen publishes.
    @Test func everyScreenCompletesItsCommandsAndTheirArguments() throws {
        let (editor, _) = try session()
        _ = editor.handle("back")
        #expect(editor.completions(line: "", cursor: 0).candidates
                == ["show", "tap", "open", "new", "copy", "rename", "delete", "undo", "redo", "back", "help", "quit"])
        #expect(editor.completions(line: "open Mo", cursor: 7) == (5, ["Morning"]))
        #expect(editor.completions(line: "tap ", cursor: 4) == (4, ["1", "2"]))
        #expect(editor.completions(line: "copy 2 ", cursor: 7) == (7, []), "a new name is free text")
        #expect(editor.completions(line: "rename ", cursor: 7) == (7, ["1", "2"]))
        #expect(editor.completions(line: "delete 1", cursor: 8) == (7, ["1"]))
        #expect(editor.completions(line: "help co", cursor: 7) == (5, ["copy"]))
        _ = editor.handle("tap 2")
        _ = editor.handle("bell")
        #expect(editor.screenPath == ["profiles", "profile", "bell"])
        #expect(editor.completions(line: "tap ", cursor: 4)
                == (4, ["1", "2", "3", "4", "5", "Singing Bowl", "Temple Bell", "Gong", "Tingsha", "Wood Block"]))
        #expect(editor.completions(line: "tap temple b", cursor: 12) == (4, ["Temple Bell"]))
        #expect(editor.handle("tap temple bell").error == nil, "a bell is tapped by name too")
        #expect(editor.handle("tap 6").error == .usage("tap takes a bell's number, 1 to 5"))
        #expect(editor.handle("tap cowbell").error == .usage("no bell named \"cowbell\"; tap takes a bell's number, 1 to 5, or its name"))
        #expect(editor.handle("tap tingshaa").error
                == .usage("no bell named \"tingshaa\" (did you mean \"Tingsha\"?); tap takes a bell's number, 1 to 5, or its name"))
        #expect(editor.completions(line: "l", cursor: 1) == (0, ["listen"]))
        #expect(editor.completions(line: "listen ", cursor: 7) == (7, []), "listen takes nothing")
    }

    /// An unknown command gets the same error, with a suggestion, on every screen.
    @Test func unknownCommandsGetOneStyleOfErrorOnEveryScreen() throws {
        let (editor, _) = try session(.script)
        #expect(editor.handle("tgole warmup").error == .usage("no command \"tgole\" (did you mean \"toggle\"?); type help for the commands"))
        _ = editor.handle("bell")
        #expect(editor.handle("lisen").error == .usage("no command \"lisen\" (did you mean \"listen\"?); type help for the commands"))
        _ = editor.handle("back")
        _ = editor.handle("back")
        #expect(editor.handle("renam 1 X").error == .usage("no command \"renam\" (did you mean \"rename\"?); type help for the commands"))
        #expect(editor.handle("help frob").error == .usage("no command \"frob\"; type help for the commands"))
    }

    /// A missing document is an error, typed: the store's own.
    @Test func openingAMissingProfileIsTheStoresError() throws {
        let (editor, _) = try session(.script)
        #expect(editor.handle("open Evenin").error == .profile(.profileNotFound("Evenin", suggestion: nil)))
        #expect(editor.profileName == "Morning", "the session stays on the profile it had")
    }
}
