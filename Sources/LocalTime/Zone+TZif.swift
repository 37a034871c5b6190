extension Zone {
    /// The zone of a zoneinfo file (RFC 8536's TZif, versions 1 to 4); nil when `bytes` are not one.
    ///
    /// Version 2 and later files are read from their 64-bit data, and their footer's POSIX rule gives
    /// the offsets after the last transition; a version 1 file from its 32-bit data. Before the first
    /// transition the offset is the first standard-time type's, as glibc reads it. Leap seconds (the
    /// `right/` zones) are not counted, as POSIX time does not count them.
    package init?(tzif bytes: [UInt8]) {
        guard let header = TZifHeader(bytes, at: 0) else { return nil }
        var data = header
        var timeSize = 4
        if header.version >= 2 {
            // The version 1 block is skipped: the 64-bit one follows it with its own header.
            guard let second = TZifHeader(bytes, at: header.end(timeSize: 4)), second.version >= 2 else { return nil }
            data = second
            timeSize = 8
        }
        let end = data.end(timeSize: timeSize)
        guard end <= bytes.count else { return nil }
        var at = data.start
        var transitions: [Int] = []
        transitions.reserveCapacity(data.timeCount)
        for _ in 0..<data.timeCount {
            transitions.append(timeSize == 8 ? Int(Int64(bitPattern: Self.bigEndian(bytes, at, 8))) : Int(Int32(truncatingIfNeeded: Self.bigEndian(bytes, at, 4))))
            at += timeSize
        }
        guard zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        var typeIndices: [Int] = []
        for _ in 0..<data.timeCount {
            typeIndices.append(Int(bytes[at]))
            at += 1
        }
        var types: [(offset: Int, isDaylight: Bool)] = []
        for _ in 0..<data.typeCount {
            let offset = Int(Int32(truncatingIfNeeded: Self.bigEndian(bytes, at, 4)))
            // RFC 8536: -2^31 is not a valid offset; every real one is within a day or so.
            guard abs(offset) <= 26 * 3600, bytes[at + 4] <= 1 else { return nil }
            types.append((offset, bytes[at + 4] == 1))
            at += 6
        }
        guard !types.isEmpty, typeIndices.allSatisfy({ $0 < types.count }) else { return nil }
        var rule: PosixRule?
        if timeSize == 8 {
            // The footer: a newline, a POSIX rule (perhaps empty), a newline.
            guard end < bytes.count, bytes[end] == UInt8(ascii: "\n"),
                  let close = bytes[(end + 1)...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            if close > end + 1 {
                guard let text = String(validating: bytes[(end + 1)..<close], as: UTF8.self),
                      let parsed = PosixRule(parsing: text) else { return nil }
                rule = parsed
            }
        }
        // glibc: before the first transition (or with none), the first type that is not summer time.
        let initial = (types.first { !$0.isDaylight } ?? types[0]).offset
        // glibc reads the footer only after the last transition; a file without transitions is its first type.
        self.init(transitions: transitions, offsets: typeIndices.map { types[$0].offset }, initial: initial,
                  rule: transitions.isEmpty ? nil : rule, source: bytes)
    }

    /// `count` bytes at `at` as a big-endian unsigned number.
    fileprivate static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in at..<(at + count) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}

/// A TZif header (RFC 8536 §3.1): the version and the counts that size the data block after it.
private struct TZifHeader {
    var version: Int
    /// Where the data block starts: just after the 44 bytes of the header.
    var start: Int
    var utIndicatorCount: Int, standardIndicatorCount: Int, leapCount: Int, timeCount: Int, typeCount: Int, characterCount: Int

    init?(_ bytes: [UInt8], at: Int) {
        guard at + 44 <= bytes.count, bytes[at..<(at + 4)].elementsEqual("TZif".utf8) else { return nil }
        switch bytes[at + 4] {
        case 0: version = 1
        case UInt8(ascii: "2")...UInt8(ascii: "9"): version = Int(bytes[at + 4] - UInt8(ascii: "0"))
        default: return nil
        }
        func count(_ index: Int) -> Int { Int(Zone.bigEndian(bytes, at + 20 + 4 * index, 4)) }
        (utIndicatorCount, standardIndicatorCount, leapCount, timeCount, typeCount, characterCount) =
            (count(0), count(1), count(2), count(3), count(4), count(5))
        // RFC 8536: the indicator counts are zero or the type count; a zone has at least one type.
        guard typeCount >= 1, typeCount <= 256, utIndicatorCount == 0 || utIndicatorCount == typeCount,
              standardIndicatorCount == 0 || standardIndicatorCount == typeCount, timeCount <= 1 << 20,
              leapCount <= 1 << 16, characterCount <= 1 << 16 else { return nil }
        start = at + 44
    }

    /// Where the data block ends, its times `timeSize` bytes long.
    func end(timeSize: Int) -> Int {
        start + timeCount * timeSize + timeCount + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
            + standardIndicatorCount + utIndicatorCount
    }
}
