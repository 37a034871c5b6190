#if canImport(Glibc)
import Glibc
#endif
import ProfileKit
import TextSupport

/// A store that keeps documents in memory, with the same names, errors and conflict rules as
/// ``FileProfileStore``; for tests and previews.
///
/// Documents are kept encoded and decoded on every load, so the same validation runs as on disk.
package final class InMemoryProfileStore: ProfileStore, @unchecked Sendable {
    // Guarded by `lock`.
    private var documents: [String: (name: String, bytes: [UInt8])] = [:]
    private let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// An empty store.
    package init() {}

    /// A store holding `profiles`.
    package convenience init(_ profiles: [Profile]) throws(ProfileError) {
        self.init()
        for profile in profiles { _ = try create(profile) }
    }

    private func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body()
    }

    private func entry(_ name: String) throws(ProfileError) -> (key: String, name: String, bytes: [UInt8]) {
        let key = try ProfileName(validating: name).key
        guard let entry = documents[key] else {
            throw .profileNotFound(name, suggestion: closestMatch(to: name, in: documents.values.map(\.name)))
        }
        return (key, entry.name, entry.bytes)
    }

    package func names() throws(ProfileError) -> [String] {
        locked { FileProfileStore.sortedByName(documents.values.map(\.name)) { $0 } }
    }

    package func list() throws(ProfileError) -> [ListedProfile] {
        let snapshot = locked { Array(documents.values) }
        let listed = snapshot.map { entry in
            ListedProfile(name: entry.name, path: entry.name, result: Result { () throws(ProfileError) -> Profile in
                try ProfileDocument.decode(entry.bytes, name: entry.name, file: entry.name)
            })
        }
        return FileProfileStore.sortedByName(listed) { $0.name }
    }

    package func load(_ name: String) throws(ProfileError) -> StoredProfile {
        let found = try locked { () throws(ProfileError) in try entry(name) }
        return StoredProfile(profile: try ProfileDocument.decode(found.bytes, name: found.name, file: found.name),
                             revision: Revision(of: found.bytes))
    }

    private func put(_ profile: Profile, key: String) -> StoredProfile {
        let bytes = ProfileDocument.encode(profile)
        documents[key] = (profile.name, bytes)
        return StoredProfile(profile: profile, revision: Revision(of: bytes))
    }

    package func create(_ profile: Profile) throws(ProfileError) -> StoredProfile {
        let name = try ProfileName(validating: profile.name)
        return try locked { () throws(ProfileError) in
            if let existing = documents[name.key] { throw .profileExists(existing.name) }
            var named = profile
            named.name = name.value
            return put(named, key: name.key)
        }
    }

    package func save(_ profile: Profile, basedOn revision: Revision) throws(ProfileError) -> StoredProfile {
        try locked { () throws(ProfileError) in
            let found = try entry(profile.name)
            guard Revision(of: found.bytes) == revision else { throw .conflict(path: found.name) }
            var named = profile
            named.name = found.name
            return put(named, key: found.key)
        }
    }

    package func update(_ name: String, _ change: (inout Profile) throws(ProfileError) -> Void) throws(ProfileError) -> StoredProfile {
        try locked { () throws(ProfileError) in
            let found = try entry(name)
            let original = try ProfileDocument.decode(found.bytes, name: found.name, file: found.name)
            var profile = original
            try change(&profile)
            profile.name = found.name
            guard profile != original else { return StoredProfile(profile: original, revision: Revision(of: found.bytes)) }
            return put(profile, key: found.key)
        }
    }

    @discardableResult
    package func delete(_ name: String, basedOn revision: Revision?) throws(ProfileError) -> RemovedProfile {
        try locked { () throws(ProfileError) in
            let found = try entry(name)
            if let revision, Revision(of: found.bytes) != revision { throw .conflict(path: found.name) }
            documents[found.key] = nil
            return RemovedProfile(name: found.name, bytes: found.bytes)
        }
    }

    package func restore(_ removed: RemovedProfile) throws(ProfileError) -> StoredProfile {
        let name = try ProfileName(validating: removed.name)
        guard let bytes = removed.bytes else { throw FileProfileStore.cannotRestore(name.value) }
        let profile = try ProfileDocument.decode(bytes, name: name.value, file: name.value)
        return try locked { () throws(ProfileError) in
            if let existing = documents[name.key] { throw .profileExists(existing.name) }
            documents[name.key] = (name.value, bytes)
            return StoredProfile(profile: profile, revision: Revision(of: bytes))
        }
    }

    package func rename(_ old: String, to new: String) throws(ProfileError) -> StoredProfile {
        let newName = try ProfileName(validating: new)
        return try locked { () throws(ProfileError) in
            let found = try entry(old)
            if found.key != newName.key, let existing = documents[newName.key] { throw .profileExists(existing.name) }
            var profile = try ProfileDocument.decode(found.bytes, name: newName.value, file: found.name)
            profile.name = newName.value
            documents[found.key] = nil
            documents[newName.key] = (newName.value, found.bytes)
            return StoredProfile(profile: profile, revision: Revision(of: found.bytes))
        }
    }
}
