/// The identity key of any text, as names are matched: NFC, then case folding (`Morning` = `MORNING`).
/// A profile's name is keyed by it (`ProfileName.key`), and the journal's `--profile` matches with it.
///
/// Folding is the full upper-case mapping followed by the lower-case one, which folds `ß` and `SS`,
/// `ς` and `Σ` together as Unicode's case folding does, without Foundation's start-up cost.
package func nameKey(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    return text.nfc.uppercased().lowercased().nfc
}

extension String {
    /// The text in Unicode Normalization Form C (composed), as file names and keys use it.
    ///
    /// The standard library's NFC transform is the one swift-foundation itself is built on; using it
    /// directly keeps Foundation, and its start-up cost, out of the program.
    package var nfc: String {
        if utf8.allSatisfy({ $0 < 0x80 }) { return self }
        return String(decoding: _nfcCodeUnits, as: UTF8.self)
    }
}
