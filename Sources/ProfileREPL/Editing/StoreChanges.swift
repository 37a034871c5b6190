import ProfileKit
import Screens
import TextSupport

/// One change of the store's files, as it can be made again; the step that takes a change back is
/// another step, computed when the change is made.
enum FileStep: Equatable {
    /// Removes a profile's file, if it is still the version the session made.
    case remove(String, Revision)
    /// Puts a removed file back, byte for byte.
    case restore(RemovedProfile)
    /// Renames a profile.
    case rename(from: String, to: String)

    /// The names of the profiles whose files the step removes, renames or creates: the session lets
    /// go of what it holds of them.
    var names: [String] {
        switch self {
        case let .remove(name, _): [name]
        case let .restore(removed): [removed.name]
        case let .rename(from, to): [from, to]
        }
    }

    /// Makes the step and returns the step that takes it back.
    ///
    /// - Throws: ``ProfileError/conflict(path:)`` when a file to remove changed since the session made it.
    func perform(on store: any ProfileStore) throws(ProfileError) -> FileStep {
        switch self {
        case let .remove(name, revision):
            return .restore(try store.delete(name, basedOn: revision))
        case let .restore(removed):
            let stored = try store.restore(removed)
            return .remove(stored.profile.name, stored.revision)
        case let .rename(from, to):
            return .rename(from: try store.rename(from, to: to).profile.name, to: from)
        }
    }
}

/// The profiles screen's changes of files — new, copy, rename and delete — made at once, and taken back
/// and made again within the session with `undo` and `redo`.
///
/// On the profiles screen no profile is being edited: a profile whose file is deleted, renamed or
/// replaced is let go of (``OpenDocuments/forget(_:)``), and opening it again reads its file. Taking
/// back a new profile or a copy removes its file only while it is the version the session made.
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
        if documents.mode == .interactive, let stored = documents.current.stored {
            record("new \(quoted(documents.name))", undo: .remove(documents.name, stored.revision))
        }
    }

    /// Copies the profile `source` under `name`; returns the new profile's name as stored.
    func copy(_ source: String, to name: String) throws(ProfileError) -> String {
        var profile = try store.load(source).profile
        profile.name = name
        let created = try store.create(profile)
        documents.forget(created.profile.name)
        record("copy \(quoted(source)) to \(quoted(created.profile.name))", undo: .remove(created.profile.name, created.revision))
        return created.profile.name
    }

    /// Renames `old`; returns the new name as stored.
    func rename(_ old: String, to name: String) throws(ProfileError) -> String {
        let renamed = try store.rename(old, to: name).profile.name
        let step = FileStep.rename(from: renamed, to: old)
        step.names.forEach(documents.forget)
        record("rename \(quoted(old)) to \(quoted(renamed))", undo: step)
        return renamed
    }

    /// Deletes `name`, keeping its file to put back.
    func delete(_ name: String) throws(ProfileError) -> String {
        let removed = try store.delete(name)
        documents.forget(removed.name)
        record("delete \(quoted(removed.name))", undo: .restore(removed))
        return removed.name
    }

    /// Takes back (or makes again) the last change: its label, or nil when there is nothing to step to.
    ///
    /// - Throws: when the store refuses; nothing changes then. A change that can no longer be taken
    ///   back (its file changed, went or came back meanwhile) leaves the history, so that older ones
    ///   can still be; an error that may pass (a lock, a full disk) keeps it.
    func step(back: Bool) throws(ScreenError) -> String? {
        guard let entry = back ? undoStack.last : redoStack.last else { return nil }
        let inverse: FileStep
        do {
            inverse = try entry.step.perform(on: store)
        } catch {
            let verb = back ? "undo" : "redo"
            guard let reason = Self.permanentReason(error, of: entry.step) else {
                throw .usage("cannot \(verb) \(entry.label): \(error)")
            }
            if back { undoStack.removeLast() } else { redoStack.removeLast() }
            throw .usage("cannot \(verb) \(entry.label): \(reason); it is dropped from the history")
        }
        (entry.step.names + inverse.names).forEach(documents.forget)
        if back {
            undoStack.removeLast()
            redoStack.append(Entry(label: entry.label, step: inverse))
        } else {
            redoStack.removeLast()
            undoStack.append(Entry(label: entry.label, step: inverse))
        }
        return entry.label
    }

    /// Why a step can never be made, or nil for an error that may pass.
    private static func permanentReason(_ error: ProfileError, of step: FileStep) -> String? {
        switch error {
        case let .profileNotFound(name, _): "there is no profile \(quoted(name)) any more"
        case let .profileExists(name): "a profile \(quoted(name)) exists again"
        case .conflict: "\(quoted(step.names[0])) was changed since; delete it yourself if it should go"
        default: nil
        }
    }

    private func record(_ label: String, undo step: FileStep) {
        undoStack.append(Entry(label: label, step: step))
        if undoStack.count > UndoHistory.limit { undoStack.removeFirst() }
        redoStack = []
    }
}
