import Screens

extension Session {
    /// What the word at `cursor` (a byte offset into `line`) may become, and the byte offset where that
    /// word starts. The command's descriptor says what each argument takes; an argument that takes the
    /// rest of the line (bell and profile names) completes spaces and all. While a question is open, the
    /// line is its answer: the values it takes.
    ///
    /// - Complexity: O(*n*) in the candidates, plus a directory listing for profile names.
    package func completions(line: String, cursor: Int) -> (start: Int, candidates: [String]) {
        let bytes = Array(line.utf8)
        let before = String(decoding: bytes[0..<min(max(0, cursor), bytes.count)], as: UTF8.self)
        func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
        let indent = before.prefix(while: isBlank)
        let leading = indent.utf8.count
        let text = before.dropFirst(indent.count)
        // A question's answer is the whole line: its values (a volume's, a pattern's) as typed.
        if isAsking { return (leading, Self.matching(top.answerCandidates, String(text))) }
        guard let space = text.firstIndex(where: isBlank) else {
            return (leading, Self.matching(commandNames, String(text)))
        }
        /// Where `rest` starts in `line`, in bytes.
        func offset(_ rest: Substring) -> Int { leading + text.utf8.count - rest.utf8.count }
        var remaining = text[space...].drop(while: isBlank)
        guard let command = command(named: text[..<space].lowercased()) else {
            return (offset(remaining), [])
        }
        var earlier: [String] = []
        for argument in command.arguments {
            let gap = argument.takesRest ? nil : remaining.firstIndex(where: isBlank)
            guard let gap else {
                let candidates = argument.candidates(earlier)
                let typed = String(remaining)
                return (offset(remaining), argument.takesRest ? Self.matchingRest(candidates, typed) : Self.matching(candidates, typed))
            }
            earlier.append(String(remaining[..<gap]))
            remaining = remaining[gap...].drop(while: isBlank)
        }
        return (offset(remaining), [])
    }

    /// The candidates of an argument that takes the rest of the line that start with `prefix`, ignoring
    /// case, each as it must be typed for the line to read it back (``CommandInput/typing(_:)``): a
    /// name is data, and a completed line names exactly it.
    static func matchingRest(_ candidates: [String], _ prefix: String) -> [String] {
        let lower = prefix.lowercased()
        return candidates.compactMap { candidate in
            let typed = CommandInput.typing(candidate)
            return candidate.lowercased().hasPrefix(lower) || typed.lowercased().hasPrefix(lower) ? typed : nil
        }
    }

    /// The candidates that start with `prefix`, ignoring case, in their own order.
    static func matching(_ candidates: [String], _ prefix: String) -> [String] {
        let lower = prefix.lowercased()
        return candidates.filter { $0.lowercased().hasPrefix(lower) }
    }
}
