#if canImport(Glibc)
import Glibc
#endif
import Testing
import Sound
import Players
import Files
import JournalCore
import JournalStore
import ProfileKit
import TextSupport

/// Each library says its failures in its own error type; the class of each (and so the exit status the
/// executable picks from it) and the words of what one carries from another are fixed here.
@Suite("Reported errors")
struct ReportedErrorTests {
    static let lockedFile = FileError.locked(path: "/j.jsonl.lock", pid: 42, host: "box")
    static let full = FileError.io(path: "/j.jsonl", operation: "write", errno: ENOSPC)
    static let noMedium = FileError.notFlushed(path: "/j", operation: "fsync", errno: EIO)

    static func failingWrite() throws(FileError) -> Int { throw full }

    @Test func theFileLayersErrorsAreClassedAndWordedOnce() {
        #expect(Self.full.category == .io)
        #expect(Self.noMedium.category == .io)
        #expect(Self.lockedFile.category == .temporary)
        #expect(FileError.conflict(path: "/p").category == .temporary)
        #expect(Self.full.description == "/j.jsonl: write failed: ENOSPC (No space left on device)")
        // The store's own cases say the same words as the file layer's.
        #expect(ProfileError(Self.lockedFile).description == Self.lockedFile.description)
        #expect(ProfileError(Self.noMedium).description == Self.noMedium.description)
        #expect(ProfileError.io(path: "<stdout>", operation: "write", errno: EPIPE).isBrokenPipe)
        #expect(!Self.full.isBrokenPipe)
    }

    @Test func soundErrorsAreClassedForTheirStatus() {
        let cases: [(SoundError, ErrorCategory)] = [
            (.invalidFile(path: "/a.wav", reason: "not a WAV file"), .data),
            (.exists("Bowl"), .cannotCreate),
            (.unknown("Bowl", suggestion: nil), .notFound),
            (.inUse("Bowl", profiles: ["Morning"]), .data),
            (.noFolder, .configuration),
            (.profile(.invalidSoundName("x3", reason: "why")), .usage),
            (.profile(.configuration("PROFILE_LOCK_TIMEOUT")), .configuration),
            (.file(Self.lockedFile), .temporary),
            (.file(Self.full), .io),
        ]
        for (error, category) in cases {
            #expect(error.category == category, "\(error)")
        }
        // What it carries it says in the carried error's words.
        #expect(SoundError.file(Self.full).description == Self.full.description)
        #expect(SoundError.failure("/s/.a.tmp", "close", EIO) == .file(.io(path: "/s/.a.tmp", operation: "close", errno: EIO)))
        #expect(SoundError.profile(.io(path: "<stdout>", operation: "write", errno: EPIPE)).isBrokenPipe)
    }

    @Test func journalErrorsAreClassedForTheirStatus() {
        let cases: [(JournalError, ErrorCategory)] = [
            (.document(DocumentError(file: "/j", line: 2, message: "bad")), .data),
            (.invalidOption("0", option: "--last", accepted: "a whole number"), .usage),
            (.configuration("no HOME"), .configuration),
            (.refused(CarriedError(ProfileError.configuration("PROFILE_LOCK_TIMEOUT"))), .configuration),
            (.file(Self.lockedFile), .temporary),
            (.file(Self.full), .io),
        ]
        for (error, category) in cases {
            #expect(error.category == category, "\(error)")
        }
        // A refused value reads as the program's every other refused value.
        #expect(JournalError.invalidOption("0", option: "--last", accepted: "a whole number").description
            == ProfileError.invalidOption("0", option: "--last", accepted: "a whole number").description)
        // A call of the file layer that fails is carried whole.
        #expect(throws: JournalError.file(Self.full)) { try JournalError.io(Self.failingWrite()) }
    }

    @Test func aCarriedErrorKeepsItsWordsClassAndErrnoAndIsCarriedOnce() {
        let journal = JournalError.file(Self.lockedFile)
        let carried = CarriedError(journal)
        #expect(carried.description == journal.description)
        #expect(carried.category == .temporary)
        #expect(CarriedError(carried).error is JournalError, "a carried error carried again is still the first")
        #expect(CarriedError(ProfileError.io(path: "<stdout>", operation: "write", errno: EPIPE)).isBrokenPipe)
        #expect(throws: CarriedError(journal)) {
            try CarriedError.carrying { () throws(JournalError) in throw journal }
        }
    }
}
