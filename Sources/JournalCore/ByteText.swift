import LocalTime
import JSON
/// Text built as UTF-8 bytes: `log` prints 100,000 records in a few milliseconds this way, where joining
/// `String`s made them take most of its time.
package struct ByteText {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    package mutating func append(byte: UInt8) { bytes.append(byte) }

    /// A whole number in decimal.
    package mutating func append(_ value: Int) {
        if value < 0 {
            bytes.append(0x2D)
            append(0 - value)
            return
        }
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(0x30 + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// `value` with at least `width` digits, zeros before.
    package mutating func append(_ value: Int, width: Int) {
        var power = 10
        for _ in 1..<max(width, 1) {
            if value < power { bytes.append(0x30) }
            power *= 10
        }
        append(value)
    }

    /// `2026-11-23T07:15:00+01:00`.
    package mutating func append(_ stamp: Timestamp) {
        let local = stamp.epoch + stamp.offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let (year, month, day) = CivilDate.fromDays(days)
        let seconds = local - days * 86_400
        append(year, width: 4)
        bytes.append(0x2D)
        append(month, width: 2)
        bytes.append(0x2D)
        append(day, width: 2)
        bytes.append(0x54)
        append(seconds / 3600, width: 2)
        bytes.append(0x3A)
        append(seconds / 60 % 60, width: 2)
        bytes.append(0x3A)
        append(seconds % 60, width: 2)
        bytes.append(stamp.offset < 0 ? 0x2D : 0x2B)
        let minutes = abs(stamp.offset) / 60
        append(minutes / 60, width: 2)
        bytes.append(0x3A)
        append(minutes % 60, width: 2)
    }

    /// `value` as a JSON string, through the JSON target's one escaper (which appends plain text whole).
    package mutating func appendJSONString(_ value: String) {
        if JSONWriter.isPlain(value) {
            bytes.append(0x22)
            append(value)
            bytes.append(0x22)
        } else {
            var escaped = ""
            JSONWriter.appendString(value, to: &escaped)
            append(escaped)
        }
    }

    /// The text; the bytes are UTF-8 by construction.
    package var text: String { String(decoding: bytes, as: UTF8.self) }
}
