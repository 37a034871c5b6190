import ProfileKit
import Screens
import TableKit

/// The profiles a session can see: the store's, with the session's own versions winning (in a
/// script they are not saved yet), sorted by name. Both screens that list profiles read this one.
final class ProfileListing {
    private let store: any ProfileStore
    private let documents: OpenDocuments

    init(store: any ProfileStore, documents: OpenDocuments) {
        self.store = store
        self.documents = documents
    }

    /// Every profile readable in the store or open in the session, summarized; files that cannot be
    /// read are left out (the command line's `list` reports them).
    func summaries() throws(ScreenError) -> [ProfileSummary] {
        let listed = try screen { () throws(ProfileError) in try store.list() }
        var profiles: [String: Profile] = [:]
        for entry in listed {
            if case let .success(profile) = entry.result { profiles[ProfileName.key(profile.name)] = profile }
        }
        for profile in documents.openProfiles { profiles[ProfileName.key(profile.name)] = profile }
        return profiles.sorted { $0.key < $1.key }.map { ProfileSummary($0.value) }
    }

    /// The profiles as the list table both screens draw.
    func table() throws(ScreenError) -> ListTable {
        ProfileRenderer.listTable(try summaries())
    }

    /// The profiles' names in the list's order, for completion; none when the store cannot be read.
    func names() -> [String] {
        ((try? summaries()) ?? []).map(\.name)
    }
}
