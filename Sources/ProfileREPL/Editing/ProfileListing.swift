import ProfileKit

/// The profiles a session can see: the store's, with the session's own versions winning (in a
/// script they are not saved yet), sorted by name.
enum ProfileListing {
    /// Every profile readable in `store` or open in the session, summarized; files that cannot be
    /// read are left out (the command line's `list` reports them).
    static func summaries(store: any ProfileStore, open: [Profile]) throws(ProfileError) -> [ProfileSummary] {
        var profiles: [String: Profile] = [:]
        for entry in try store.list() {
            if case let .success(profile) = entry.result { profiles[ProfileName.key(profile.name)] = profile }
        }
        for profile in open { profiles[ProfileName.key(profile.name)] = profile }
        return profiles.sorted { $0.key < $1.key }.map { ProfileSummary($0.value) }
    }
}
