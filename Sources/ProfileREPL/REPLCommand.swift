import ProfileKit

/// One line of the editor, parsed.
public enum REPLCommand: Equatable, Sendable {
    case show(section: Int?)
    case toggle(Switch)
    case set(Setting, value: String)
    case tap(IndexPath, value: String?)
    case undo
    case redo
    case list
    case open(String)
    case new(String)
    case help(String?)
    case quit

    /// The editor's commands with their usage and one line of help, in the order `help` lists them.
    public static let catalog: [(name: String, usage: String, summary: String)] = [
        ("show", "show [SECTION]", "show the sections as tables (time, warmup, cooldown or 0-2)"),
        ("toggle", "toggle SWITCH", "flip a switch: warmup, cooldown or cooldown.bells"),
        ("set", "set SETTING VALUE", "set a value, such as: set cooldown.duration 7:30"),
        ("tap", "tap S.R [VALUE]", "do what tapping row S.R would: flip a switch, edit a time, pick a bell"),
        ("undo", "undo", "take back the last change"),
        ("redo", "redo", "make the last change taken back again"),
        ("list", "list", "list every profile"),
        ("open", "open NAME", "edit another profile"),
        ("new", "new NAME", "create a profile and edit it"),
        ("help", "help [COMMAND]", "list the commands, or explain one"),
        ("quit", "quit", "leave the editor (Ctrl-D on an empty line too)"),
    ]

    /// Every command name, for completion and suggestions.
    public static var names: [String] { catalog.map(\.name) }

    /// Parses a line that holds a command (not blank, not a comment).
    ///
    /// - Throws: ``SessionError`` naming the problem and the usage.
    public init(parsing line: String) throws(SessionError) {
        let trimmed = line.trimmingCharacters()
        let word = String(trimmed.prefix { !$0.isWhitespace })
        let rest = String(trimmed.dropFirst(word.count)).trimmingCharacters()
        let name = word.lowercased()
        func usage() -> String { Self.catalog.first { $0.name == name }?.usage ?? name }
        func argument() throws(SessionError) -> String {
            let value = rest.unquoted()
            guard !value.isEmpty else { throw .usage("\(name) needs an argument: \(usage())") }
            return value
        }
        func noArgument() throws(SessionError) {
            guard rest.isEmpty else { throw .usage("\(name) takes no argument: \(usage())") }
        }
        switch name {
        case "show":
            self = .show(section: rest.isEmpty ? nil : try Self.section(rest.unquoted()))
        case "toggle":
            let text = try argument()
            self = .toggle(try lift { () throws(ProfileError) in try Switch(named: text) })
        case "set":
            let words = rest.split(maxSplits: 1, whereSeparator: \.isWhitespace)
            guard words.count == 2 else { throw .usage("set needs a setting and a value: \(usage())") }
            let setting = try lift { () throws(ProfileError) in try Setting(named: String(words[0])) }
            self = .set(setting, value: String(words[1]).trimmingCharacters().unquoted())
        case "tap":
            let words = rest.split(maxSplits: 1, whereSeparator: \.isWhitespace)
            guard let first = words.first else { throw .usage("tap needs a row: \(usage()), such as tap 2.1") }
            guard let path = IndexPath(parsing: String(first)) else {
                throw .usage("\(quoted(String(first))) is not a row; write SECTION.ROW, such as 2.1")
            }
            self = .tap(path, value: words.count > 1 ? String(words[1]).trimmingCharacters().unquoted() : nil)
        case "undo": try noArgument(); self = .undo
        case "redo": try noArgument(); self = .redo
        case "list": try noArgument(); self = .list
        case "open": self = .open(try argument())
        case "new": self = .new(try argument())
        case "help", "?": self = .help(rest.isEmpty ? nil : rest.lowercased())
        case "quit", "exit", "q": try noArgument(); self = .quit
        default:
            let suggestion = didYouMean(name, in: Self.names)
            throw .usage("no command \(quoted(word))\(suggestion); type help for the commands")
        }
    }

    /// A section by id (`cooldown`), title (`Cool Down`) or index (`2`).
    static func section(_ text: String) throws(SessionError) -> Int {
        let key = text.lowercased().filter { !$0.isWhitespace }
        for (index, type) in ProfileViewModel.sectionTypes.enumerated()
        where key == type.sectionID || key == type.title.lowercased().filter({ !$0.isWhitespace }) || key == String(index) {
            return index
        }
        throw .usage("no section \(quoted(text)); the sections are time, warmup and cooldown (or 0, 1, 2)")
    }
}

/// Runs a ProfileKit call, reporting its error as a session error.
func lift<T>(_ body: () throws(ProfileError) -> T) throws(SessionError) -> T {
    do {
        return try body()
    } catch {
        throw .profile(error)
    }
}

/// Why a line of the editor failed.
public enum SessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A profile rule refused it.
    case profile(ProfileError)
    /// The line is not a command the editor understands; the text says what would be.
    case usage(String)

    public var description: String {
        switch self {
        case let .profile(error): error.description
        case let .usage(message): message
        }
    }
}

extension String {
    func trimmingCharacters() -> String {
        guard let start = firstIndex(where: { !$0.isWhitespace }), let end = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[start...end])
    }

    /// The text without one pair of surrounding quotes: `"Long Sit"` → `Long Sit`.
    func unquoted() -> String {
        for quote in ["\"", "'"] where count >= 2 && hasPrefix(quote) && hasSuffix(quote) {
            return String(dropFirst().dropLast())
        }
        return self
    }
}
