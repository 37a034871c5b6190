import ProfileKit
import Screens
import TextSupport

/// One change of the store's files, as it can be made again; the step that takes a change back is
/// another step, computed when the change is made.
enum FileStep: Equatable {
    /// Removes a profile's file.
    case remove(String)
    /// Puts a removed file back, byte for byte.
    case restore(RemovedProfile)
    /// Renames a profile.
    case rename(from: String, to: String)

    /// The name of the profile whose file the step removes or renames, if any: the session lets go of it.
    var removes: String? {
        switch self {
        case let .remove(name): name
        case .restore: nil
        case let .rename(from, _): from
        }
    }

    /// Makes the step and returns the step that takes it back.
    func perform(on store: any ProfileStore) throws(ProfileError) -> FileStep {
        switch self {
        case let .remove(name):
            return .restore(try store.delete(name))
        case let .restore(removed):
            return .remove(try store.restore(removed).profile.name)
        case let .rename(from, to):
            return .rename(from: try store.rename(from, to: to).profile.name, to: from)
        }
    }
}

/// The profiles screen's changes of files — new, copy, rename and delete — made at once, and taken back
/// and made again within the session with `undo` and `redo`.
///
/// On the profiles screen no profile is being edited: a profile whose file is deleted or renamed is let
/// go of (``OpenDocuments/forget(_:)``), and opening it again reads its file.
final class StoreChanges {
    /// A change as it was made, with the step that takes it back.
    private struct Entry {
        var label: String
        var step: FileStep
    }

    private let store: any ProfileStore
    private let documents: OpenDocuments
    private var undoStack: [Entry] = []
    private var redoStack: [Entry] = []

    init(store: any ProfileStore, documents: OpenDocuments) {
        self.store = store
        self.documents = documents
    }

    /// Creates a profile and opens it; in a script, with the script's commit (and no undo).
    func create(named name: String) throws(ProfileError) {
        try documents.create(named: name)
        if documents.mode == .interactive { record("new \(quoted(documents.name))", undo: .remove(documents.name)) }
    }

    /// Copies the profile `source` under `name`; returns the new profile's name as stored.
    func copy(_ source: String, to name: String) throws(ProfileError) -> String {
        var profile = try store.load(source).profile
        profile.name = name
        let created = try store.create(profile).profile.name
        record("copy \(quoted(source)) to \(quoted(created))", undo: .remove(created))
        return created
    }

    /// Renames `old`; returns the new name as stored.
    func rename(_ old: String, to name: String) throws(ScreenError) -> String {
        let renamed = try screen { () throws(ProfileError) in try store.rename(old, to: name).profile.name }
        documents.forget(old)
        record("rename \(quoted(old)) to \(quoted(renamed))", undo: .rename(from: renamed, to: old))
        return renamed
    }

    /// Deletes `name`, keeping its bytes to put back.
    func delete(_ name: String) throws(ScreenError) {
        let removed = try screen { () throws(ProfileError) in try store.delete(name) }
        documents.forget(name)
        record("delete \(quoted(removed.name))", undo: .restore(removed))
    }

    /// Takes back (or makes again) the last change: its label, or nil when there is nothing to step to.
    ///
    /// - Throws: the store's error (a profile of the name came back meanwhile, say); nothing changes then.
    func step(back: Bool) throws(ScreenError) -> String? {
        guard let entry = back ? undoStack.last : redoStack.last else { return nil }
        let inverse = try screen { () throws(ProfileError) in try entry.step.perform(on: store) }
        if let name = entry.step.removes { documents.forget(name) }
        if back {
            undoStack.removeLast()
            redoStack.append(Entry(label: entry.label, step: inverse))
        } else {
            redoStack.removeLast()
            undoStack.append(Entry(label: entry.label, step: inverse))
        }
        return entry.label
    }

    private func record(_ label: String, undo step: FileStep) {
        undoStack.append(Entry(label: label, step: step))
        if undoStack.count > UndoHistory.limit { undoStack.removeFirst() }
        redoStack = []
    }
}
