import ProfileKit
import TableKit

/// How changes reach the disk.
package enum EditMode: Sendable {
    /// Save every change at once; ask when the file changed underneath.
    case interactive
    /// Save nothing until ``Session/commit()``; the script is all or nothing.
    case script
}

/// The profiles a session has open — what is on disk, what is shown, the undo history of each — and
/// saving them, with the question a conflict asks.
final class OpenDocuments {
    /// An open profile.
    struct Document {
        /// The version on disk this document is based on; nil for a profile not yet created (script mode).
        var stored: StoredProfile?
        var profile: Profile
        var history = UndoHistory()
        var isDirty: Bool { stored?.profile != profile }
    }

    /// What a save did.
    enum SaveResult: Equatable {
        case saved
        /// The file changed on disk since it was read: nothing was written, and the session asks
        /// whether to reload theirs or keep this one (``hasConflict``).
        case conflict(path: String)
    }

    private let store: any ProfileStore
    let mode: EditMode
    /// The document being edited; it always exists.
    private(set) var current: Document
    private var currentKey: String
    /// Whether the current profile's file was deleted or renamed on the profiles screen: it is no longer
    /// listed or kept, and opening a profile, even of its name, reads the file afresh.
    private var currentClosed = false
    /// The other open documents, by key.
    private var others: [String: Document] = [:]
    /// Keys in the order the documents were opened, for committing in that order.
    private var order: [String]
    /// Whether the last save met a conflict that waits for ``reload()`` or ``keepMine()``.
    private(set) var hasConflict = false
    /// Whether opening created the profile (in a script: will create it when committed).
    private(set) var createdOnOpen = false
    /// The profiles the last ``commit()`` wrote, in order, each with whether it created the file: all it
    /// changed when it succeeded, those before the failure when it did not.
    private(set) var committed: [(name: String, created: Bool)] = []

    /// Opens `name`; with `createIfMissing`, a missing profile is created (in a script, with the script).
    init(store: any ProfileStore, name: String, createIfMissing: Bool, mode: EditMode) throws(ProfileError) {
        self.store = store
        self.mode = mode
        do {
            let stored = try store.load(name)
            current = Document(stored: stored, profile: stored.profile)
        } catch {
            guard createIfMissing, case .profileNotFound = error else { throw error }
            let profile = Profile(name: try ProfileName(validating: name).value)
            // A script creates it with its other changes, so a failing script leaves no trace.
            current = Document(stored: mode == .interactive ? try store.create(profile) : nil, profile: profile)
            createdOnOpen = true
        }
        currentKey = ProfileName.key(current.profile.name)
        order = [currentKey]
    }

    /// The open profiles as the session holds them (in a script, not saved yet), in the order opened.
    var openProfiles: [Profile] {
        order.compactMap { $0 == currentKey ? (currentClosed ? nil : current.profile) : others[$0]?.profile }
    }

    // MARK: Changing

    /// Makes `change` (of `setting`) the current profile, remembered for undo as `label`, and saves it
    /// (interactive).
    ///
    /// - Throws: the store's error; the profile and its history are then as they were.
    func apply(_ change: ProfileChange, label: String, setting: Setting) throws(ProfileError) -> SaveResult {
        // Only the profile is kept aside: a copy of the whole document would make the history's next
        // change copy every entry (copy on write).
        let before = current.profile
        current.profile = change.profile
        let result: SaveResult
        do {
            result = try save()
        } catch {
            if case .notFlushed = error { current.history.record(before, label: label, setting: setting) } else { current.profile = before }
            throw error
        }
        current.history.record(before, label: label, setting: setting)
        return result
    }

    /// Takes back (or makes again) the last change and saves; nil when there is nothing to step to.
    ///
    /// - Throws: the store's error; the profile and its history are then as they were.
    func step(back: Bool) throws(ProfileError) -> (entry: UndoHistory.Entry, update: TableUpdate, result: SaveResult)? {
        let before = current.profile
        let sections = viewModel.sections
        guard let entry = current.history.step(back: back, from: before) else { return nil }
        current.profile = entry.profile
        let update = TableUpdate(diffing: sections, to: viewModel.sections)
        do {
            return (entry, update, try save())
        } catch {
            // The step the other way puts both lists back as they were, unless the step is on disk.
            if case .notFlushed = error { throw error }
            _ = current.history.step(back: !back, from: entry.profile)
            current.profile = before
            throw error
        }
    }

    /// For a change that changes nothing: nothing is written while the file still holds this session's
    /// version; when it does not, the save meets the conflict and asks, as a change would.
    func checkDisk() throws(ProfileError) -> SaveResult {
        guard mode == .interactive, let stored = current.stored, try store.load(name).revision != stored.revision else {
            return .saved
        }
        return try save()
    }

    /// Saves the current document when changes are saved at once and it exists on disk.
    private func save() throws(ProfileError) -> SaveResult {
        guard mode == .interactive, let stored = current.stored else { return .saved }
        do {
            current.stored = try store.save(current.profile, basedOn: stored.revision)
            return .saved
        } catch {
            // Saved, but not flushed: the change is on disk, so the session keeps it and its revision.
            if case .notFlushed = error { current.stored = (try? store.load(name)) ?? stored }
            guard case let .conflict(path) = error else { throw error }
            hasConflict = true
            return .conflict(path: path)
        }
    }

    // MARK: The conflict question

    /// Leaves the conflict question without an answer (the version on disk could not be read): the
    /// next save meets the conflict again and asks again.
    func dropConflict() {
        hasConflict = false
    }

    /// Drops this session's version for the one on disk, and its history with it.
    func reload() throws(ProfileError) {
        let stored = try store.load(name)
        current.stored = stored
        current.profile = stored.profile
        current.history.clear()
        hasConflict = false
    }

    /// Replaces the version on disk with this session's, knowingly.
    func keepMine() throws(ProfileError) {
        let latest = try store.load(name)
        current.stored = try store.save(current.profile, basedOn: latest.revision)
        hasConflict = false
    }

    // MARK: Opening

    /// Makes the profile called `text` the current one, loading it if it is not open yet.
    func open(named text: String) throws(ProfileError) {
        let key = try ProfileName(validating: text).key
        guard key != currentKey || currentClosed else { return }
        if let document = others.removeValue(forKey: key) {
            switchTo(document, key: key)
        } else {
            let stored = try store.load(text)
            switchTo(Document(stored: stored, profile: stored.profile), key: key)
        }
    }

    /// Creates a profile called `text` (in a script, with the script's commit) and makes it current.
    func create(named text: String) throws(ProfileError) {
        let valid = try ProfileName(validating: text)
        if let existing = valid.key == currentKey && !currentClosed ? current : others[valid.key] {
            throw .profileExists(existing.profile.name)
        }
        let profile = Profile(name: valid.value)
        switch mode {
        case .interactive:
            let stored = try store.create(profile)
            switchTo(Document(stored: stored, profile: stored.profile), key: valid.key)
        case .script:
            if let names = try? store.names(), let existing = names.first(where: { ProfileName.key($0) == valid.key }) {
                throw .profileExists(existing)
            }
            switchTo(Document(stored: nil, profile: profile), key: valid.key)
        }
    }

    /// Lets go of a profile whose file was deleted or renamed on the profiles screen, with its history.
    func forget(_ name: String) {
        let key = ProfileName.key(name)
        if key == currentKey { currentClosed = true } else { others[key] = nil }
        order.removeAll { $0 == key }
    }

    private func switchTo(_ document: Document, key: String) {
        if !currentClosed { others[currentKey] = current }
        currentClosed = false
        current = document
        currentKey = key
        if !order.contains(key) { order.append(key) }
    }
}

/// Committing a script.
extension OpenDocuments {
    /// Saves every profile the script changed or created, in the order they were opened.
    ///
    /// - Throws: ``ProfileError/conflict(path:)`` when a file changed while the script ran.
    func commit() throws(ProfileError) -> [String] {
        others[currentKey] = current
        defer { if let document = others.removeValue(forKey: currentKey) { current = document } }
        committed = []
        for key in order {
            guard var document = others[key], document.isDirty else { continue }
            let created = document.stored == nil
            if let stored = document.stored {
                document.stored = try store.save(document.profile, basedOn: stored.revision)
            } else {
                document.stored = try store.create(document.profile)
            }
            others[key] = document
            committed.append((document.profile.name, created))
        }
        return committed.map(\.name)
    }
}

/// The current profile.
extension OpenDocuments {
    var profile: Profile { current.profile }
    var name: String { current.profile.name }
    var viewModel: ProfileViewModel { ProfileViewModel(profile: current.profile) }
}
