import TextSupport

/// A profile's name as the store keeps it: NFC-normalized, checked against the rules that keep file
/// names portable and unambiguous.
package struct ProfileName: Hashable, Sendable, CustomStringConvertible {
    /// The name, NFC-normalized; also the file's name without `.json`.
    package let value: String

    /// What makes two names the same profile: NFC and Unicode case folding (`Morning` = `MORNING`).
    package var key: String { Self.key(value) }

    /// The most characters a name may have.
    package static let maximumCharacters = 64
    /// The most UTF-8 bytes a name may have, which keeps `.name.json.lock` and temp files under the file
    /// system's 255-byte limit.
    package static let maximumBytes = 200

    /// Checks and normalizes `text`.
    ///
    /// - Throws: ``ProfileError/invalidName(_:reason:)`` naming the rule the name breaks; the name is
    ///   shown escaped so that invisible characters can be seen.
    package init(validating text: String) throws(ProfileError) {
        let name = text.nfc
        func fail(_ reason: String) -> ProfileError { .invalidName(text, reason: reason) }

        guard !name.isEmpty else { throw fail("a name has at least one character") }
        guard name.count <= Self.maximumCharacters else {
            throw fail("it has \(name.count) characters; a name has at most \(Self.maximumCharacters)")
        }
        guard name.utf8.count <= Self.maximumBytes else {
            throw fail("it takes \(name.utf8.count) bytes in UTF-8; a name takes at most \(Self.maximumBytes)")
        }
        if let bad = name.unicodeScalars.first(where: { $0 == "/" || $0 == "\\" }) {
            throw fail("it contains \(quoted(String(bad))), which separates folders")
        }
        if let problem = name.hiddenCharacterProblem { throw fail(problem) }
        guard name.first?.isWhitespace == false, name.last?.isWhitespace == false else {
            throw fail("it starts or ends with white space")
        }
        if name.hasPrefix(".") { throw fail("it starts with '.', which hides files") }
        if name.hasPrefix("-") { throw fail("it starts with '-', which reads as an option") }
        let lower = name.lowercased()
        for suffix in [".lock", ".tmp"] where lower.hasSuffix(suffix) {
            throw fail("it ends with \(quoted(suffix)), which the store uses for its own files")
        }
        self.value = name
    }

    /// Why `text` is not a name the store could hold, by the rules ``init(validating:)`` checks (the
    /// reason alone: `it starts with '.', which hides files`); nil when it is one. Reminders check a
    /// timer's `Profile=` with it.
    package static func problem(_ text: String) -> String? {
        do throws(ProfileError) {
            _ = try ProfileName(validating: text)
            return nil
        } catch {
            if case let .invalidName(_, reason) = error { return reason }
            return "\(error)"
        }
    }

    /// The identity key of any text: NFC, then case folding (TextSupport's ``nameKey(_:)``, which the
    /// journal's `--profile` matches with too).
    package static func key(_ text: String) -> String { nameKey(text) }

    package var description: String { value }
}
