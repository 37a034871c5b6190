import Breath
import LocalTime

extension SitLine {
    /// Reads a line written exactly as ``Sit/line`` writes it — the keys in their order (`pausedSeconds`,
    /// `recovered`, `breathing` and `activity` last or left out), no spaces, no escapes in strings — without building a JSON tree; nil for any
    /// other line, which then goes through the strict parser (``decode(_:)``), the one that explains
    /// what is wrong.
    ///
    /// Everything it accepts the strict parser accepts with the same result: strings must be valid
    /// UTF-8 without control characters, numbers plain digits without leading zeros.
    ///
    /// - Complexity: one pass over the line's bytes; about a tenth of the strict parser's time.
    static func fastDecode(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Sit? {
        guard let base = buffer.baseAddress else { return nil }
        var cursor = FastCursor(base: base, index: range.lowerBound, limit: range.upperBound)
        return cursor.sit()
    }
}

/// A cursor over one line's bytes, for ``SitLine/fastDecode(_:_:)``: a struct with mutating methods
/// rather than closures over a variable, which Swift would check for exclusive access at every byte.
private struct FastCursor {
    let base: UnsafePointer<UInt8>
    var index: Int
    let limit: Int

    /// Whether `text` comes next, byte for byte; it is consumed when it does. A loop over the two
    /// pointers rather than memcmp: JournalCore imports no C library, and the texts are a few bytes long
    /// (measured at -O over 100,000 lines, the cursor alone takes 3-5% longer than with memcmp).
    mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard limit - index >= count else { return false }
        var have = base + index
        var want = text.utf8Start
        let end = want + count
        while want < end {
            guard have.pointee == want.pointee else { return false }
            have += 1
            want += 1
        }
        index += count
        return true
    }

    /// The range of a string without escapes, after its opening quote was read; the closing quote is
    /// consumed.
    mutating func rawString() -> Range<Int>? {
        let start = index
        while index < limit {
            let byte = base[index]
            if byte == 0x22 {
                index += 1
                return start..<(index - 1)
            }
            if byte == 0x5C || byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    mutating func string() -> String? {
        guard literal("\""), let range = rawString() else { return nil }
        let bytes = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
        // ASCII needs no validation; anything else must be valid UTF-8, as the strict parser requires.
        if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// A string, or nil for `null`; the outer nil when it is neither.
    mutating func stringOrNull() -> String?? {
        if literal("null") { return .some(nil) }
        return string().map { .some($0) }
    }

    /// A count, or nil for `null`; the outer nil when it is neither.
    mutating func countOrNull() -> Int?? {
        if literal("null") { return .some(nil) }
        return count().map { .some($0) }
    }

    mutating func count() -> Int? {
        let start = index
        var value = 0
        while index < limit, index - start < 8 {
            let byte = base[index]
            guard byte >= 0x30, byte <= 0x39 else { break }
            value = value * 10 + Int(byte - 0x30)
            index += 1
        }
        guard index > start, index - start == 1 || base[start] != 0x30, value <= Sit.maximumCount else { return nil }
        return value
    }

    mutating func timestamp() -> Timestamp? {
        guard literal("\""), let range = rawString() else { return nil }
        return Timestamp.parse(UnsafeBufferPointer(start: base, count: limit)[range])
    }

    mutating func sit() -> Sit? {
        guard literal("{\"id\":"), let id = string(), Sit.isValidID(id),
              literal(",\"start\":"), let start = timestamp(),
              literal(",\"end\":"), let end = timestamp(),
              literal(",\"profile\":"), let profile = stringOrNull(),
              literal(",\"seconds\":"), let seconds = count(),
              literal(",\"plannedSeconds\":"), let planned = countOrNull(),
              literal(",\"outcome\":\"") else { return nil }
        let outcome: Outcome
        if literal("completed\"") {
            outcome = .completed
        } else if literal("stopped\"") {
            outcome = .stopped
        } else if literal("interrupted\"") {
            outcome = .interrupted
        } else {
            return nil
        }
        guard literal(",\"bells\":"), let bells = count(),
              literal(",\"note\":"), let note = stringOrNull() else { return nil }
        // Written only when not 0 (``Sit/line``).
        var paused = 0
        if literal(",\"pausedSeconds\":") {
            guard let value = count() else { return nil }
            paused = value
        }
        // Written only when true.
        let recovered = literal(",\"recovered\":true")
        // Written only when the run led some; checked by the rules the strict reader checks.
        var breathing: SitBreathing?
        if literal(",\"breathing\":{\"pattern\":") {
            guard let pattern = string(), literal(",\"breaths\":"), let breaths = count(),
                  literal(",\"seconds\":"), let led = count(), literal("}") else { return nil }
            let value = SitBreathing(pattern: pattern, breaths: breaths, seconds: led)
            guard value.problem(sitSeconds: seconds) == nil else { return nil }
            breathing = value
        }
        // Written only for a sit that was no meditation; checked by the rule the strict reader checks.
        var activity: String?
        if literal(",\"activity\":") {
            guard let text = string(), Sit.activityProblem(text) == nil else { return nil }
            activity = text
        }
        guard literal("}") else { return nil }
        // Trailing white space is JSON's; anything else is the strict parser's to explain.
        while index < limit, base[index] == 0x20 || base[index] == 0x09 || base[index] == 0x0D { index += 1 }
        guard index == limit else { return nil }
        return Sit(id: id, start: start, end: end, profile: profile, seconds: seconds, plannedSeconds: planned,
                   outcome: outcome, bells: bells, note: note, pausedSeconds: paused, recovered: recovered, breathing: breathing,
                   activity: activity)
    }
}
