import Foundation
import Testing
@_exported import TestSupport
@testable import ProfileKit

enum Paths {
    /// The package root, found from this file's place in Tests/ProfileKitTests/Support.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = root.appendingPathComponent("Fixtures")
    static let profiles = fixtures.appendingPathComponent("profiles")
    static let invalid = profiles.appendingPathComponent("invalid")
    static let migrationV1 = fixtures.appendingPathComponent("migration/v1")
    static let migrationGolden = fixtures.appendingPathComponent("golden/migration")
    static let migrationV2 = fixtures.appendingPathComponent("migration/v2")
    static let migrationV2Golden = fixtures.appendingPathComponent("golden/migration-v2")
    static let migrationV3 = fixtures.appendingPathComponent("migration/v3")
    static let migrationV3Golden = fixtures.appendingPathComponent("golden/migration-v3")
    static let migrationV4 = fixtures.appendingPathComponent("migration/v4")
    static let migrationV4Golden = fixtures.appendingPathComponent("golden/migration-v4")
    static let migrationV5 = fixtures.appendingPathComponent("migration/v5")
    static let migrationV5Golden = fixtures.appendingPathComponent("golden/migration-v5")
}

/// A fresh directory under the system's temp folder, removed when the value is released.
final class TemporaryDirectory: @unchecked Sendable {
    let path: String

    init() throws {
        path = try makeTemporaryDirectory()
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The sorted names in the directory (hidden ones too) with their bytes, to check that nothing changed.
    func contents(_ subpath: String = "") -> [String: [UInt8]] {
        let folder = subpath.isEmpty ? path : "\(path)/\(subpath)"
        var result: [String: [UInt8]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            result[name] = (try? Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)"))).map { Array($0) } ?? []
        }
        return result
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(path)/\(name)"))
    }

    func read(_ name: String) throws -> String {
        try String(decoding: Data(contentsOf: URL(fileURLWithPath: "\(path)/\(name)")), as: UTF8.self)
    }
}

extension ProfileViewModel {
    /// Runs an action that must succeed.
    func applying(_ action: ProfileAction) throws -> ProfileChange { try performing(action) }
}

/// A profile with the switches given, for table tests.
func makeProfile(warmUp: Bool = false, coolDown: Bool = false, bells: Bool = false, intervals: Bool = false) -> Profile {
    var profile = Profile(name: "Test")
    profile.intervals.enabled = intervals
    if warmUp { profile[segment: .warmUp].enabled = true }
    if coolDown { profile[segment: .coolDown].enabled = true }
    if bells { profile[segment: .coolDown].bellEnabled = true }
    return profile
}

