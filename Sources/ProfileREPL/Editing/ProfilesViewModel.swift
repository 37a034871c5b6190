import ProfileKit
import Screens
import TableKit
import TextSupport

/// The profiles screen's view model: the listing, opened and changed by row index, each change told
/// as the rows it inserted and deleted.
final class ProfilesViewModel: ProfilesModel {
    private let documents: OpenDocuments
    private let listing: ProfileListing
    private let changes: StoreChanges
    /// The profile `delete` asks about, while the question is open.
    private var deleting: String?
    /// Told that a profile was opened; the coordinator shows the profile screen.
    var didSelectProfile: (() -> Void)?

    init(documents: OpenDocuments, listing: ProfileListing, changes: StoreChanges) {
        self.documents = documents
        self.listing = listing
        self.changes = changes
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
        try screen { () throws(ProfileError) in try changes.create(named: name) }
        didSelectProfile?()
    }

    func copy(at index: Int, to newName: String) throws(ScreenError) -> ScreenChange {
        try immediate("copy")
        let source = try name(at: index)
        return try listChange { () throws(ScreenError) in
            let created = try screen { () throws(ProfileError) in try changes.copy(source, to: newName) }
            return StoreConfirmation.copied(source: source, copy: created).text
        }
    }

    func rename(at index: Int, to newName: String) throws(ScreenError) -> ScreenChange {
        try immediate("rename")
        let old = try name(at: index)
        return try listChange { () throws(ScreenError) in
            let renamed = try screen { () throws(ProfileError) in try changes.rename(old, to: newName) }
            return StoreConfirmation.renamed(old: old, new: renamed).text
        }
    }

    // MARK: Deleting, after a question

    var question: String? { deleting.map { "Delete profile \(quoted($0))? [y/N] " } }

    /// Only `y` deletes: Enter, any other answer and Ctrl-C keep the profile.
    var questionHelp: QuestionHelp? {
        deleting.map { QuestionHelp(expects: "y or n", hint: "y deletes it; Enter or Ctrl-C keeps \(quoted($0))") }
    }

    func delete(at index: Int) throws(ScreenError) {
        try immediate("delete")
        deleting = try name(at: index)
    }

    /// `y` or `yes` deletes; anything else keeps the profile, as the command line's `delete` does.
    func answer(_ text: String) throws(ScreenError) -> ScreenChange {
        guard let name = deleting else { return ScreenChange() }
        deleting = nil
        guard ["y", "yes"].contains(text.trimmingWhitespace().lowercased()) else { return kept(name) }
        return try listChange { () throws(ScreenError) in
            StoreConfirmation.deleted(try screen { () throws(ProfileError) in try changes.delete(name) }).text
        }
    }

    func cancelQuestion() -> ScreenChange {
        guard let name = deleting else { return ScreenChange() }
        deleting = nil
        return kept(name)
    }

    private func kept(_ name: String) -> ScreenChange {
        ScreenChange(prefix: "kept \(quoted(name))\n")
    }

    // MARK: Undo

    func undo() throws(ScreenError) -> ScreenChange? { try step(back: true) }
    func redo() throws(ScreenError) -> ScreenChange? { try step(back: false) }

    private func step(back: Bool) throws(ScreenError) -> ScreenChange? {
        var label: String?
        let change = try listChange { () throws(ScreenError) in
            label = try changes.step(back: back)
            return label.map { "\(back ? "undo" : "redo"): \($0)\n" } ?? ""
        }
        return label == nil ? nil : change
    }

    /// Runs a change of files and describes it: its words, then the list's rows it inserted and deleted.
    private func listChange(_ body: () throws(ScreenError) -> String) throws(ScreenError) -> ScreenChange {
        let before = try listing.summaries()
        let words = try body()
        // The change is made; a list that cannot be read now only costs its rows.
        guard let after = try? listing.summaries() else { return ScreenChange(prefix: words) }
        return ScreenChange(prefix: words, update: Self.update(from: before, to: after))
    }

    /// The list's rows that went, came and were renamed, by profile. The others keep their sorted
    /// order, so deleting and then inserting gives the new list.
    static func update(from before: [ProfileSummary], to after: [ProfileSummary]) -> TableUpdate {
        func rows(_ summaries: [ProfileSummary]) -> [TableRow] {
            summaries.map { TableRow(id: ProfileName.key($0.name), label: $0.name, content: .value("")) }
        }
        let old = rows(before)
        let new = rows(after)
        let oldIndex = Dictionary(old.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let newIDs = Set(new.map(\.id))
        var section = TableUpdate.SectionUpdate(section: 0, title: "Profiles", before: old.count, after: new.count)
        section.deleted = old.enumerated().filter { !newIDs.contains($0.element.id) }
            .map { TableUpdate.IndexedRow(index: $0.offset, row: $0.element) }
        for (index, row) in new.enumerated() {
            guard let was = oldIndex[row.id] else {
                section.inserted.append(TableUpdate.IndexedRow(index: index, row: row))
                continue
            }
            // Only the case or the normalization of the name changed.
            if old[was].label != row.label { section.changed.append(TableUpdate.RowChange(before: was, after: index, old: old[was], new: row)) }
        }
        let changed = !(section.deleted.isEmpty && section.inserted.isEmpty && section.changed.isEmpty)
        return TableUpdate(sections: changed ? [section] : [])
    }
}
