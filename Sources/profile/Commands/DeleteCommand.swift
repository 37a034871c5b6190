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
            if !force {
                guard Terminal.isTerminal(0) else {
                    Output.diagnostic("refusing to delete \(quoted(stored)) without --force: standard input is not a terminal to ask on")
                    throw ExitStatus.usage.exitCode
                }
                // A question nobody can see is not asked: its answer would not be one.
                if let code = Output.stderr("Delete profile \(quoted(stored))? [y/N] ") {
                    throw ProfileError.io(path: "<stderr>", operation: "write", errno: code)
                }
                let answer = readLine(strippingNewline: true)?.lowercased() ?? ""
                guard answer == "y" || answer == "yes" else {
                    Output.stderr("kept \(quoted(stored))\n")
                    return
                }
            }
            try context.store.delete(name)
        }
    }
}
