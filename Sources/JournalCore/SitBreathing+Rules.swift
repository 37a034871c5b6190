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

    /// `text` as a pattern, or why it is none `--breathe` writes.
    private static func pattern(_ text: String) throws(BreathPatternError) -> BreathPattern {
        // A named pattern's name, or a custom one as `text` writes it, is nearly every line's: found
        // without the parser, which builds strings (measured on a debug build over 100,000 lines of
        // `4-2-6-0`: `log --format csv` 4.8 s with the parser alone).
        if let named = BreathPattern.named.first(where: { $0.names[0] == text }) { return named.pattern }
        if let custom = canonicalCustom(text) { return custom }
        let parsed = try BreathPattern(parsing: text)
        guard parsed.text == text else {
            throw BreathPatternError(input: text, reason: "expected the pattern as --breathe writes it, \(quoted(parsed.text)), found \(quoted(text, limit: 40))")
        }
        return parsed
    }

    /// `text` when it is a custom pattern exactly as ``BreathPattern/text`` writes one: four parts joined
    /// by `-`, each whole seconds without a leading zero (`0` alone) and at most one decimal that is not
    /// 0 (`5.5`), making a pattern the model accepts that is none of the named ones (whose text is their
    /// name); nil for anything else, which the parser then reads or explains.
    static func canonicalCustom(_ text: String) -> BreathPattern? {
        var tenths: [Int] = []
        tenths.reserveCapacity(4)
        var utf8 = text.utf8.makeIterator()
        var byte = utf8.next()
        while tenths.count < 4 {
            var whole = 0, digits = 0, first: UInt8 = 0
            while let b = byte, b >= 0x30, b <= 0x39 {
                if digits == 0 { first = b }
                whole = whole * 10 + Int(b - 0x30)
                digits += 1
                byte = utf8.next()
            }
            guard digits > 0, digits <= 3, digits == 1 || first != 0x30 else { return nil }
            var value = whole * 10
            if byte == 0x2E {
                guard let b = utf8.next(), b > 0x30, b <= 0x39 else { return nil }
                value += Int(b - 0x30)
                byte = utf8.next()
            }
            tenths.append(value)
            if tenths.count < 4 {
                guard byte == 0x2D else { return nil }
                byte = utf8.next()
            }
        }
        guard byte == nil,
              let pattern = try? BreathPattern(inTenths: tenths[0], holdIn: tenths[1], outTenths: tenths[2], holdOut: tenths[3]),
              !BreathPattern.named.contains(where: { $0.pattern == pattern }) else { return nil }
        return pattern
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
