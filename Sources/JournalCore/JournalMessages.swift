import TextSupport

/// The words the journal's commands say that are not a sit's own description: counts of things. The
/// summaries of `log import`, `log check` and `log repair` are JournalStore's (`JournalFile+Messages.swift`),
/// beside what they describe.
package enum JournalMessages {
    /// `1 sit`, `12 sits`, `1,000 lines`: the number grouped, the noun given in the singular and made
    /// plural with an `s` for any number but 1.
    package static func count(_ number: Int, _ noun: String) -> String {
        "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `1 byte`, `12 bytes`.
    package static func bytes(_ count: Int) -> String { count == 1 ? "1 byte" : "\(grouped(count)) bytes" }
}
