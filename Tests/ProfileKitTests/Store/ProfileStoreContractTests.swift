import Foundation
import Testing
@testable import ProfileKit
import TestDoubles

/// What every store promises, checked on the file store and the in-memory store alike.
@Suite("Store contract")
struct ProfileStoreContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case file, memory
        var testDescription: String { rawValue }
    }

    /// A store of `kind`; the directory (kept alive by the caller) backs the file store.
    static func make(_ kind: Kind, in directory: TemporaryDirectory) -> any ProfileStore {
        switch kind {
        case .file: FileProfileStore(directory: "\(directory.path)/profiles", lockTimeout: 0.3)
        case .memory: InMemoryProfileStore()
        }
    }

    @Test(arguments: Kind.allCases)
    func createLoadAndList(_ kind: Kind) throws {
        let dir = try TemporaryDirectory()
        let store = Self.make(kind, in: dir)
        #expect(try store.list().isEmpty)
        let created = try store.create(makeProfile(warmUp: true).renamed("Morning"))
        _ = try store.create(Profile(name: "evening"))
        let loaded = try store.load("Morning")
        #expect(loaded == created)
        #expect(loaded.profile.segment(ofType: .warmUp)?.enabled == true)
        #expect(try store.names() == ["evening", "Morning"])
        #expect(try store.list().map(\.name) == ["evening", "Morning"])
    }

    @Test(arguments: Kind.allCases)
    func namesAreTheSameAfterNormalizationAndCaseFolding(_ kind: Kind) throws {
        let dir = try TemporaryDirectory()
        let store = Self.make(kind, in: dir)
        _ = try store.create(Profile(name: "Cafe\u{301}"))
        #expect(try store.load("CAFÉ").profile.name == "Café")
        #expect(throws: ProfileError.profileExists("Café")) { try store.create(Profile(name: "café")) }
    }

    @Test(arguments: Kind.allCases)
    func missingProfileSuggestsACloseName(_ kind: Kind) throws {
        let dir = try TemporaryDirectory()
        let store = Self.make(kind, in: dir)
        _ = try store.create(Profile(name: "Morning"))
        #expect(throws: ProfileError.profileNotFound("Mornin", suggestion: "Morning")) { try store.load("Mornin") }
        #expect(throws: ProfileError.profileNotFound("Lunch", suggestion: nil)) { try store.load("Lunch") }
        #expect(ProfileError.profileNotFound("Mornin", suggestion: "Morning").description
            == "no profile named \"Mornin\" (did you mean \"Morning\"?)")
    }

    @Test(arguments: Kind.allCases)
    func saveBasedOnAStaleReadIsAConflict(_ kind: Kind) throws {
        let dir = try TemporaryDirectory()
        let store = Self.make(kind, in: dir)
        let first = try store.create(Profile(name: "Morning"))
        // Another writer changes it.
        _ = try store.update("Morning") { $0.duration = .minutes(40) }
        var mine = first.profile
        mine.duration = .minutes(10)
        #expect {
            try store.save(mine, basedOn: first.revision)
        } throws: { error in
            guard case .conflict = error as? ProfileError else { return false }
            return (error as? ProfileError)?.category == .temporary
        }
        #expect(try store.load("Morning").profile.duration == .minutes(40), "the other writer's change survives")
        // Saving on top of a fresh read works.
        let fresh = try store.load("Morning")
        let saved = try store.save(mine, basedOn: fresh.revision)
        #expect(try store.load("Morning") == saved)
    }

    @Test(arguments: Kind.allCases)
    func renameAndDelete(_ kind: Kind) throws {
        let dir = try TemporaryDirectory()
        let store = Self.make(kind, in: dir)
        _ = try store.create(makeProfile(coolDown: true).renamed("Morning"))
        _ = try store.create(Profile(name: "Evening"))
        #expect(throws: ProfileError.profileExists("Evening")) { try store.rename("Morning", to: "EVENING") }
        let renamed = try store.rename("Morning", to: "Dawn")
        #expect(renamed.profile.name == "Dawn")
        #expect(renamed.profile.segment(ofType: .coolDown)?.enabled == true)
        #expect(try store.names() == ["Dawn", "Evening"])
        // A change of case only is a rename of the same profile.
        _ = try store.rename("Dawn", to: "DAWN")
        #expect(try store.names() == ["DAWN", "Evening"])
        try store.delete("dawn")
        #expect(try store.names() == ["Evening"])
        #expect(throws: ProfileError.profileNotFound("Dawn", suggestion: nil)) { try store.delete("Dawn") }
    }

    /// A deleted profile comes back byte for byte, under the name it had, and never over another.
    @Test(arguments: Kind.allCases)
    func deleteGivesBackTheBytesThatRestorePutsBack(_ kind: Kind) throws {
        let dir = try TemporaryDirectory()
        let store = Self.make(kind, in: dir)
        let created = try store.create(makeProfile(warmUp: true).renamed("Morning"))
        let removed = try store.delete("morning")
        #expect(removed.name == "Morning")
        #expect(removed.bytes.map(Revision.init(of:)) == created.revision)
        #expect(try store.names().isEmpty)
        let restored = try store.restore(removed)
        #expect(restored == created)
        #expect(try store.load("Morning") == created)
        #expect(throws: ProfileError.profileExists("Morning")) { try store.restore(removed) }
        // Bytes that are not a profile are refused, and nothing is written.
        let broken = RemovedProfile(name: "Broken", bytes: Array("{".utf8))
        #expect(throws: ProfileError.self) { try store.restore(broken) }
        #expect(try store.names() == ["Morning"])
    }

    @Test(arguments: Kind.allCases)
    func hostileNamesNeverReachTheStore(_ kind: Kind) throws {
        let dir = try TemporaryDirectory()
        let store = Self.make(kind, in: dir)
        for name in ["../escape", "/etc/passwd", "a\u{0}b", ".", "..", "x.lock", ""] {
            #expect(throws: ProfileError.self) { try store.create(Profile(name: name)) }
            #expect(throws: ProfileError.self) { try store.load(name) }
        }
        #expect(try store.names().isEmpty)
        #expect(dir.contents().keys.allSatisfy { $0 == "profiles" })
    }
}

extension Profile {
    func renamed(_ name: String) -> Profile {
        var copy = self
        copy.name = name
        return copy
    }
}
