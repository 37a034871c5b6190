import ProfileKit
import Screens
import TableKit
import TextSupport

/// The profiles screen's view model: the listing, opened and changed by row index.
final class ProfilesViewModel: ProfilesModel {
    private let store: any ProfileStore
    /// The session's open profiles: opening one goes through them.
    private let documents: OpenDocuments
    private let listing: ProfileListing
    /// Told that a profile was opened; the coordinator shows the profile screen.
    var didSelectProfile: (() -> Void)?

    init(store: any ProfileStore, documents: OpenDocuments, listing: ProfileListing) {
        self.store = store
        self.documents = documents
        self.listing = listing
    }

    func table() throws(ScreenError) -> ListTable { try listing.table() }

    func names() -> [String] { listing.names() }

    private func name(at index: Int) throws(ScreenError) -> String {
        let all = try listing.summaries()
        guard all.indices.contains(index) else { throw .usage("no profile \(index + 1)") }
        return all[index].name
    }

    /// File operations cannot wait for a script's end, so a script leaves them to the command line.
    private func immediate(_ what: String) throws(ScreenError) {
        guard documents.mode == .interactive else {
            throw .usage("\(what) changes files at once, and a script is one transaction; use 'profile \(what)' instead")
        }
    }

    func select(at index: Int) throws(ScreenError) {
        try open(named: try name(at: index))
    }

    func open(named name: String) throws(ScreenError) {
        try screen { () throws(ProfileError) in try documents.open(named: name) }
        didSelectProfile?()
    }

    func create(named name: String) throws(ScreenError) {
        try screen { () throws(ProfileError) in try documents.create(named: name) }
        didSelectProfile?()
    }

    func copy(at index: Int, to newName: String) throws(ScreenError) {
        try immediate("copy")
        let source = try name(at: index)
        try screen { () throws(ProfileError) in
            var profile = try store.load(source).profile
            profile.name = newName
            _ = try store.create(profile)
        }
    }

    func rename(at index: Int, to newName: String) throws(ScreenError) {
        try immediate("rename")
        let old = try name(at: index)
        guard ProfileName.key(old) != ProfileName.key(documents.name) else {
            throw .usage("\(quoted(old)) is open in the editor; rename it with 'profile rename' when the editor is closed")
        }
        _ = try screen { () throws(ProfileError) in try store.rename(old, to: newName) }
    }

    func delete(at index: Int) throws(ScreenError) {
        try immediate("delete")
        let name = try name(at: index)
        guard ProfileName.key(name) != ProfileName.key(documents.name) else {
            throw .usage("\(quoted(name)) is open in the editor; open another profile first")
        }
        try screen { () throws(ProfileError) in try store.delete(name) }
    }
}
