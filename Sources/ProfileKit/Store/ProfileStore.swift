/// Identifies one version of a stored profile, so that a save can tell whether the file changed since
/// it was read.
///
/// It is a hash of the file's bytes: any edit, even one that keeps the size and the timestamp, gives a
/// new revision, while rewriting the same bytes does not count as a change.
package struct Revision: Hashable, Sendable, CustomStringConvertible {
    /// The bytes' FNV-1a hash (also `status`'s cache's check of a journal's tail).
    package let hash: UInt64

    /// The revision of a document's bytes.
    package init(of bytes: [UInt8]) {
        // FNV-1a, 64 bits: fast, and any accidental collision would need two different profile texts.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        self.hash = hash
    }

    package var description: String { String(hash, radix: 16) }
}

extension ProfileStore {
    /// Removes the profile called `name`, whatever version it is.
    @discardableResult
    package func delete(_ name: String) throws(ProfileError) -> RemovedProfile {
        try delete(name, basedOn: nil)
    }
}

/// A profile together with the revision of the file it was read from or written to.
package struct StoredProfile: Hashable, Sendable {
    /// The profile.
    package var profile: Profile
    /// The revision on disk; pass it back to ``ProfileStore/save(_:basedOn:)``.
    package var revision: Revision

    /// Makes a stored profile.
    package init(profile: Profile, revision: Revision) {
        self.profile = profile
        self.revision = revision
    }
}

/// A profile's file as it was when it was deleted, to put back with ``ProfileStore/restore(_:)``.
package struct RemovedProfile: Hashable, Sendable {
    /// The name the profile had.
    package var name: String
    /// The file's bytes; nil when it was no regular file or larger than a profile can be (it was
    /// removed all the same, and cannot be put back).
    package var bytes: [UInt8]?
    /// The file's permission bits, to put back with it; nil for the default.
    package var mode: UInt32?
    /// Where the file pointed when it was a link within the store: it is put back as that link.
    package var linkTarget: String?

    /// Describes a removed profile.
    package init(name: String, bytes: [UInt8]?, mode: UInt32? = nil, linkTarget: String? = nil) {
        self.name = name
        self.bytes = bytes
        self.mode = mode
        self.linkTarget = linkTarget
    }
}

/// One entry of a store listing: a profile, or the error that kept its file from being read.
package struct ListedProfile: Sendable {
    /// The name taken from the file name.
    package var name: String
    /// The file, as errors name it.
    package var path: String
    /// The profile, or why it could not be read.
    package var result: Result<Profile, ProfileError>

    /// Lists a profile.
    package init(name: String, path: String, result: Result<Profile, ProfileError>) {
        self.name = name
        self.path = path
        self.result = result
    }
}

/// Where profiles are kept: one document per profile, saved so that neither a crash nor a second
/// writer can lose a change.
///
/// Names are compared after NFC normalization and case folding, so `Morning` and `morning` are one
/// profile. Every write happens under the profile's lock; a save based on a stale read is refused.
package protocol ProfileStore: Sendable {
    /// Every profile, sorted by name; files that cannot be read are listed with their error.
    func list() throws(ProfileError) -> [ListedProfile]

    /// The names of the profiles, sorted, without reading their documents.
    func names() throws(ProfileError) -> [String]

    /// Reads the profile called `name`.
    ///
    /// - Throws: ``ProfileError/profileNotFound(_:suggestion:)`` with a close name when there is one.
    func load(_ name: String) throws(ProfileError) -> StoredProfile

    /// Adds a profile that does not exist yet.
    ///
    /// - Throws: ``ProfileError/profileExists(_:)`` when a profile has the same name after normalization.
    func create(_ profile: Profile) throws(ProfileError) -> StoredProfile

    /// Writes `profile` over the version read as `revision`.
    ///
    /// - Throws: ``ProfileError/conflict(path:)`` when the file changed since then.
    func save(_ profile: Profile, basedOn revision: Revision) throws(ProfileError) -> StoredProfile

    /// Reads, changes and writes the profile called `name` while holding its lock, so that no other
    /// writer's change is lost; a change that changes nothing writes nothing.
    func update(_ name: String, _ change: (inout Profile) throws(ProfileError) -> Void) throws(ProfileError) -> StoredProfile

    /// Removes the profile called `name`, and gives back its file as it was, to ``restore(_:)`` it.
    ///
    /// - Parameter revision: when given, the file is removed only if it is still that version.
    /// - Throws: ``ProfileError/conflict(path:)`` when the file is no longer `revision`.
    @discardableResult
    func delete(_ name: String, basedOn revision: Revision?) throws(ProfileError) -> RemovedProfile

    /// Puts a removed profile back, byte for byte, under the name it had.
    ///
    /// - Throws: ``ProfileError/profileExists(_:)`` when a profile of that name exists again, and a
    ///   document error when there are no bytes to put back.
    func restore(_ removed: RemovedProfile) throws(ProfileError) -> StoredProfile

    /// Gives the profile called `old` the name `new`; only the case or normalization may stay the same.
    func rename(_ old: String, to new: String) throws(ProfileError) -> StoredProfile
}

extension ProfileStore {
    /// Which profiles name the recording `name` as any of their bells (``Profile/uses(recording:)``),
    /// and the profiles that could not be read, which might.
    package func profiles(usingRecording name: String) throws(ProfileError) -> (users: [String], unreadable: [ListedProfile]) {
        var users: [String] = []
        var unreadable: [ListedProfile] = []
        for listed in try list() {
            switch listed.result {
            case let .success(profile): if profile.uses(recording: name) { users.append(listed.name) }
            case .failure: unreadable.append(listed)
            }
        }
        return (users, unreadable)
    }
}

extension ListedProfile {
    /// The profiles of a listing that could be read, and the errors of those that could not, each in
    /// the listing's order.
    package static func split(_ listing: [ListedProfile]) -> (profiles: [Profile], failures: [ProfileError]) {
        var profiles: [Profile] = []
        var failures: [ProfileError] = []
        for entry in listing {
            switch entry.result {
            case let .success(profile): profiles.append(profile)
            case let .failure(error): failures.append(error)
            }
        }
        return (profiles, failures)
    }
}
