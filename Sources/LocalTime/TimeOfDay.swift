/// The one grammar of a time of day on a 24-hour clock, as people write it: `H:MM` or `HH:MM`, and where
/// seconds are taken, `HH:MM:SS`. The hour may have one digit (`7:30`); minutes and seconds have two.
/// `run --at`, `--until`, `plan --start`, `log add --start` and `remind add` all read times through it.
package enum TimeOfDay {
    /// Seconds since midnight (0 to 86,399) of `text`; nil for anything else (a 24:00, a 7:5, a 07:30:60,
    /// seconds where `seconds` is false, a digit that is not ASCII).
    package static func seconds(_ text: some StringProtocol, seconds allowed: Bool = true) -> Int? {
        let fields = text.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard fields.count == 2 || (allowed && fields.count == 3), (1...2).contains(fields[0].count),
              fields.dropFirst().allSatisfy({ $0.count == 2 }),
              fields.allSatisfy({ $0.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }) else { return nil }
        let values = fields.map { $0.reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        guard values[0] < 24, values.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        return values[0] * 3600 + values[1] * 60 + (values.count == 3 ? values[2] : 0)
    }
}
