import ArgumentParser
import ProfileKit
import TextSupport

struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a profile; asks first on a terminal, and needs --force otherwise.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The profile.", completion: profileNameCompletion)
    var name: String

    @Flag(name: [.short, .long], help: "Delete without asking.")
    var force = false

    func run() throws {
        try reporting {
            let context = try Context(global)
            // The file need not be readable to be deleted, and of two files that are one name after
            // folding, the one named exactly is taken, so that the store can be put right.
            let stored = try context.store.existingName(name)
            if !force, try !Terminal.confirmDeletion(of: quoted(stored), question: "Delete profile \(quoted(stored))") { return }
            try context.store.delete(name)
            Output.confirm(.deleted(stored))
        }
    }
}
