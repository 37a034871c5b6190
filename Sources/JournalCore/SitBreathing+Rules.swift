import Breath
import TextSupport

/// What a sit's breathing (``SitBreathing``) may hold, which the strict reader (``SitLine``) and its
/// fast path both ask here, so that the two never part: the pattern as `--breathe` writes it
/// (``BreathPattern/text``), and breaths and seconds a pacer of that pattern could have led in the sit.
extension SitBreathing {
    /// The keys of a sit's `breathing`, in the order a line gives them.
    package static let keys = ["pattern", "breaths", "seconds"]

    /// The columns plain lines and CSV give a sit's breathing in, after ``Sit/keys``' others: empty for
    /// a sit without it.
    package static let columns = ["breathingPattern", "breathingBreaths", "breathingSeconds"]

    /// The most breaths a pacer of `pattern` begins in `seconds` led: one at the start and one each
    /// whole breath after it (``BreathPacing/breathsBegun(by:)``), with a second's grace for the
    /// rounding of the seconds led to the whole second.
    package static func mostBreaths(seconds: Int, pattern: BreathPattern) -> Int {
        let tenths = (max(seconds, 0) + 1) * 10
        let cycle = pattern.cycleTenths
        return (tenths + cycle - 1) / cycle
    }

    /// The pattern this breathing names, when it names one as `--breathe` writes it: one of the named
    /// patterns' names (`coherent`, `box`, `4-7-8`, `cyclic sigh`, or another name `--breathe` takes for
    /// them, such as `sigh`), or in-hold-out-hold seconds as ``BreathPattern/text`` writes them (`4-2-6-0`).
    package var parsedPattern: BreathPattern? {
        try? Self.pattern(pattern)
    }

    /// The text a pattern is counted under (`stats`' rows): ``BreathPattern/text``, so that `sigh` and
    /// `cyclic sigh` are one.
    package var patternKey: String {
        parsedPattern?.text ?? pattern
    }

    /// `text` as a pattern, or why it is none `--breathe` writes.
    private static func pattern(_ text: String) throws(BreathPatternError) -> BreathPattern {
        // A named pattern's name is nearly every line's: found without parsing.
        if let named = BreathPattern.named.first(where: { $0.names.contains(text) }) { return named.pattern }
        let parsed = try BreathPattern(parsing: text)
        guard parsed.text == text else {
            throw BreathPatternError(input: text, reason: "expected the pattern as --breathe writes it, \(quoted(parsed.text)), found \(quoted(text, limit: 40))")
        }
        return parsed
    }

    /// Why this breathing cannot be a sit's that sat `sitSeconds`: the key within `breathing` and the
    /// reason with what would be accepted; nil when it can. Counts are checked for their range by the
    /// reader before it comes here.
    package func problem(sitSeconds: Int) -> (key: String, message: String)? {
        let parsed: BreathPattern
        do throws(BreathPatternError) {
            parsed = try Self.pattern(pattern)
        } catch {
            if error.reason.hasPrefix("expected the pattern") { return ("pattern", error.reason) }
            return ("pattern", "expected a breathing pattern as --breathe writes it (coherent, box, 4-7-8, sigh, or seconds of in, hold, out and hold such as 4-2-6-0), found \(quoted(pattern, limit: 40)): \(error.reason)")
        }
        guard seconds <= sitSeconds else {
            return ("seconds", "expected at most the sit's \(grouped(sitSeconds)) seconds (breathing is led within the sit), found \(grouped(seconds))")
        }
        let most = Self.mostBreaths(seconds: seconds, pattern: parsed)
        guard breaths <= most else {
            return ("breaths", "expected at most \(grouped(most)) breaths in \(grouped(seconds)) seconds of \(pattern) (a breath every \(BreathPattern.text(parsed.cycleTenths)) s), found \(grouped(breaths))")
        }
        return nil
    }
}
