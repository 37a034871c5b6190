import ArgumentParser
import ProfileKit

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add a profile from a document; it is checked completely before anything is written.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The document, or - for standard input.", completion: .file(extensions: ["json"]))
    var file: String

    @Option(help: "The profile's name (default: the file's name without .json).")
    var name: String?

    @Flag(name: [.short, .long], help: "Replace a profile of the same name.")
    var force = false

    func validate() throws {
        if file == "-" && name == nil {
            throw ValidationError("a document read from standard input needs --name NAME")
        }
    }

    func run() throws {
        try reporting {
            let context = try Context(global)
            var base = String(file.split(separator: "/").last ?? "")
            if base.lowercased().hasSuffix(".json") { base.removeLast(5) }
            let profileName = try ProfileName(validating: name ?? base).value
            let profile = try ProfileDocument.read(path: file, name: profileName, standardInput: Terminal.descriptor(0))
            do throws(ProfileError) {
                Output.confirm(.imported(try context.store.create(profile).profile, replacing: false))
            } catch {
                guard force, case let .profileExists(existing) = error else { throw error }
                Output.confirm(.imported(try context.store.update(existing) { (stored: inout Profile) throws(ProfileError) in
                    stored = profile
                }.profile, replacing: true))
            }
        }
    }
}
