import ProfileKit
import TableKit

extension Session {
    /// What the word at `cursor` (a byte offset into `line`) may become, and the byte offset where that
    /// word starts; values with spaces (bell and profile names) complete as one word.
    ///
    /// - Complexity: O(*n*) in the candidates, plus a directory listing for profile names.
    package func completions(line: String, cursor: Int) -> (start: Int, candidates: [String]) {
        let bytes = Array(line.utf8)
        let before = String(decoding: bytes[0..<min(cursor, bytes.count)], as: UTF8.self)
        if isAsking { return (0, []) }
        // Leading spaces are skipped; the command is the first word.
        let leading = before.prefix { $0 == " " || $0 == "\t" }.utf8.count
        let text = String(before.dropFirst(leading))
        guard let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
            return (leading, Self.matching(commandNames, text))
        }
        // Arguments complete on the profile screen; the lists take numbers.
        guard top === profileScreen else { return (leading, []) }
        let command = text[..<space].lowercased()
        let afterCommand = text[space...].drop { $0 == " " || $0 == "\t" }
        let argumentStart = leading + text.utf8.count - afterCommand.utf8.count
        let argument = String(afterCommand)
        switch command {
        case "toggle":
            return (argumentStart, Self.matching(Switch.allCases.map(\.rawValue), argument))
        case "show":
            return (argumentStart, Self.matching(ProfileViewModel.sectionKinds.map(\.id), argument))
        case "help":
            return (argumentStart, Self.matching(commandNames, argument))
        case "open":
            return (argumentStart, Self.matching((try? editor.store.names()) ?? [], argument))
        case "tap":
            let viewModel = ProfileViewModel(profile: profile)
            let paths = viewModel.sections.enumerated().flatMap { index, section in
                section.rows.indices.map { RowPath(section: index, row: $0).description }
            }
            return (argumentStart, Self.matching(paths, argument))
        case "set":
            guard let gap = argument.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                return (argumentStart, Self.matching(Setting.allCases.map(\.rawValue), argument))
            }
            let value = argument[gap...].drop { $0 == " " || $0 == "\t" }
            let valueStart = argumentStart + argument.utf8.count - value.utf8.count
            guard let setting = try? Setting(named: String(argument[..<gap])) else { return (valueStart, []) }
            let options: [String] = switch setting.valueKind {
            case .onOff: ["on", "off"]
            case .bell: Bell.allCases.map(\.rawValue)
            case .duration: []
            }
            return (valueStart, Self.matching(options, String(value)))
        default:
            return (argumentStart, [])
        }
    }

    /// The candidates that start with `prefix`, ignoring case, in their own order.
    static func matching(_ candidates: [String], _ prefix: String) -> [String] {
        let lower = prefix.lowercased()
        return candidates.filter { $0.lowercased().hasPrefix(lower) }
    }
}
