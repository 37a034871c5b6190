import TextSupport

/// The names a recorded sound may have: a profile's name (``ProfileName``) that a bell choice
/// (`NAME [xN] [N%]`) can always reach.
///
/// So it is not a built-in bell's name in any spelling ``Bell/init(named:)`` takes, not `none` (no
/// bell), has no two spaces in a row (a choice reads words), and its last word reads as neither strikes
/// (`x3`, `×3`, `X-1`) nor a volume (any word ending in `%`). `sounds add` and the document reader both
/// apply it.
package enum RecordedSoundName {
    /// `name` as it is stored (NFC), when a recorded sound may have it.
    ///
    /// - Throws: ``ProfileError/invalidSoundName(_:reason:)`` saying which rule it breaks.
    package static func validate(_ name: String) throws(ProfileError) -> String {
        let value: String
        do {
            value = try ProfileName(validating: name).value
        } catch {
            guard case let .invalidName(_, reason) = error else { throw error }
            throw .invalidSoundName(name, reason: reason)
        }
        if let bell = try? Bell(named: value) {
            throw .invalidSoundName(name, reason: "it is the built-in bell \(quoted(bell.rawValue)); choose another name")
        }
        if ProfileName.key(value) == BellChoice.noneWord {
            throw .invalidSoundName(name, reason: "\"none\" means no bell; choose another name")
        }
        if value.contains("  ") || value.contains("\t") {
            throw .invalidSoundName(name, reason: "it has two spaces in a row; a bell is chosen by its words, one space apart")
        }
        if let last = value.split(separator: " ").last, readsAsStrikesOrVolume(last) {
            throw .invalidSoundName(name, reason: "it ends with \(quoted(String(last))), which a bell reads as its strikes (x3) or volume (70%)")
        }
        return value
    }

    /// Whether a bell choice would take `word` for its strikes or volume rather than part of a name: a
    /// word ending in `%`, or `x`, `X` or `×` followed by a digit or a sign.
    package static func readsAsStrikesOrVolume(_ word: Substring) -> Bool {
        if word.hasSuffix("%") { return true }
        guard let first = word.first, first == "x" || first == "X" || first == "×", let second = word.dropFirst().first else {
            return false
        }
        return second.isNumber || second == "+" || second == "-"
    }
}
