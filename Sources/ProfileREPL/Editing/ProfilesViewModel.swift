import ProfileKit
import Screens
import TableKit
import TextSupport

/// The profiles screen's view model: the listing, opened and changed by row index.
final class ProfilesViewModel: ProfilesModel {
    private let documents: OpenDocuments
    /// Told that a profile was opened; the coordinator shows the profile screen.
    var didSelectProfile: (() -> Void)?

    init(documents: OpenDocuments) {
        self.documents = documents
    }

    private var store: any ProfileStore { documents.store }

    private func summaries() throws(ScreenError) -> [ProfileSummary] {
        try screen { () throws(ProfileError) in try ProfileListing.summaries(store: store, open: documents.openProfiles) }
    }

    func table() throws(ScreenError) -> ListTable {
        ProfileRenderer.listTable(try summaries())
    }

    func names() -> [String] {
        ((try? summaries()) ?? []).map(\.name)
    }

    private func name(at index: Int) throws(ScreenError) -> String {
        let all = try summaries()
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
