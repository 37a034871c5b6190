/// The candidate closest to `input` by edit distance, when it is close enough to be a likely typo.
///
/// Comparison ignores case. "Close enough" is at most a third of the longer word's length, and at
/// least one edit, so `Mornin` suggests `Morning` but `x` suggests nothing.
///
/// - Complexity: O(*n* · *m* · *k*) for *k* candidates of length *m* and an input of length *n*.
package func closestMatch(to input: String, in candidates: some Sequence<String>) -> String? {
    let needle = Array(input.lowercased())
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(needle, Array(candidate.lowercased()))
        let limit = max(1, max(needle.count, candidate.count) / 3)
        guard distance <= limit else { continue }
        if distance < best?.distance ?? Int.max { best = (candidate, distance) }
    }
    return best?.name
}

/// Levenshtein distance with one rolling row.
private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
        var diagonal = row[0]
        row[0] = i
        for j in 1...b.count {
            let above = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
            diagonal = above
        }
    }
    return row[b.count]
}

/// ` (did you mean "Morning"?)` when a candidate is close to `input`, else the empty string: the tail
/// every "no such thing" message uses.
package func didYouMean(_ input: String, in candidates: some Sequence<String>) -> String {
    didYouMean(closestMatch(to: input, in: candidates))
}

/// ` (did you mean "suggestion"?)`, or the empty string for no suggestion.
package func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { " (did you mean \(quoted($0))?)" } ?? ""
}

/// What a name someone typed finds among `candidates` by ``wordMatches(_:in:)``.
package enum WordMatch: Equatable, Sendable {
    /// No candidate has those words.
    case none
    /// Exactly one candidate: its index.
    case one(Int)
    /// Several: their indexes, in order.
    case several([Int])
}

/// Finds `input` among `candidates` the way a person names a bell: the whole name (ignoring case and runs
/// of spaces, hyphens or underscores) first; else each word typed is the start of a word of the name, in
/// order (`bowl` and `sing` find "Singing Bowl", `temple b` "Temple Bell", `wood-bl` "Wood Block").
///
/// - Complexity: O(*k* · *m*) for *k* candidates of *m* characters.
package func wordMatches(_ input: String, in candidates: [String]) -> WordMatch {
    func words(_ text: String) -> [Substring] {
        text.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" || $0 == "\t" })
    }
    let typed = words(input)
    guard !typed.isEmpty else { return .none }
    let names = candidates.map(words)
    if let exact = names.firstIndex(where: { $0 == typed }) { return .one(exact) }
    let found = names.indices.filter { index in
        var rest = names[index][...]
        for word in typed {
            guard let at = rest.firstIndex(where: { $0.hasPrefix(word) }) else { return false }
            rest = rest[(at + 1)...]
        }
        return true
    }
    switch found.count {
    case 0: return .none
    case 1: return .one(found[0])
    default: return .several(found)
    }
}
