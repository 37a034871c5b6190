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
