import Testing
import TableKit

/// `joinedText` stands in for `joined(separator:)` where a command's first output is made (its first
/// call's run-time conformance lookup was an eighth of `show`): it must make exactly what `joined` makes.
struct JoinedTextTests {
    @Test(arguments: [[], [""], ["a"], ["a", ""], ["", "b"], ["Warm Up", "05:00", "│ é \u{301}", "\n"], ["1", "2", "3", "4"]] as [[String]])
    func itMakesWhatJoinedMakes(_ parts: [String]) {
        for separator in ["", "\t", " │ ", "\n", "e\u{301}"] {
            #expect(parts.joinedText(separator: separator) == parts.joined(separator: separator), "\(parts) with \(separator.debugDescription)")
        }
        #expect(parts.joinedText() == parts.joined())
    }
}
