import TextSupport

/// A JSON value as read from a document, with the byte offset where it starts, so that errors can
/// name the line and column.
///
/// The parser is strict RFC 8259 — unlike Foundation's decoders it refuses trailing commas, duplicate
/// keys, invalid UTF-8 and control characters in strings, and it knows where every value is.
package struct JSONNode: Sendable {
    /// The value's kinds; objects keep their keys in document order.
    package enum Value: Sendable {
        case null
        case bool(Bool)
        /// A number as written, validated against the JSON grammar.
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    /// One key-value pair of an object, with where the key stands.
    package struct Member: Sendable {
        package var key: String
        package var keyOffset: Int
        package var value: JSONNode
    }

    package var value: Value
    /// Where the value starts, in bytes from the start of the document.
    package var offset: Int

    /// How a type error describes what was found: `the string "yes"`, `a number`, `an object`.
    package var kindDescription: String {
        switch value {
        case .null: "null"
        case let .bool(flag): flag ? "true" : "false"
        case let .number(text): "the number \(escaped(text))"
        case let .string(text): "the string \(quoted(text, limit: 40))"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A syntax error: what is wrong, and the byte offset where it was found.
package struct JSONSyntaxError: Error {
    package var message: String
    package var offset: Int
}

/// Reads a JSON text into ``JSONNode``s.
package struct JSONParser {
    /// How deep arrays and objects may nest before the parser gives up, which bounds its recursion.
    package static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a whole document: one value, with nothing but white space after it.
    ///
    /// - Throws: ``JSONSyntaxError`` with the offset of the first offending byte.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        guard parser.index < bytes.count else {
            throw JSONSyntaxError(message: bytes.isEmpty ? "the file is empty" : "the file holds only white space",
                                  offset: parser.index)
        }
        let node = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw parser.unexpected("after the end of the document")
        }
        return node
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    /// The byte at `position` as a reader would name it: `'}'`, `NUL byte`, `byte 0xFF`.
    private func describe(byteAt position: Int) -> String {
        guard position < bytes.count else { return "end of file" }
        let byte = bytes[position]
        switch byte {
        case 0x00: return "NUL byte"
        case UInt8(ascii: "'"): return "\"'\""
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x80...: return "byte 0x\(hex(byte))"
        default: return "control character 0x\(hex(byte, digits: 2))"
        }
    }

    private func unexpected(_ context: String) -> JSONSyntaxError {
        JSONSyntaxError(message: "unexpected \(describe(byteAt: index)) \(context)", offset: index)
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let start = index
        guard index < bytes.count else {
            throw JSONSyntaxError(message: "the file ends where a value was expected", offset: index)
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(value: try parseObject(), offset: start)
        case UInt8(ascii: "["): return JSONNode(value: try parseArray(), offset: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), offset: start)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), offset: start)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), offset: start)
        default:
            throw unexpected("where a value was expected")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard index < bytes.count, bytes[index] == expected else {
                index = start
                throw unexpected("where a value was expected")
            }
            index += 1
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw JSONSyntaxError(message: "arrays and objects nest deeper than \(Self.maximumDepth) levels", offset: index)
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        index += 1
        var members: [JSONNode.Member] = []
        // Profile objects have a few keys, where a scan is cheapest; a hashed index takes over for large
        // (hostile) objects so that duplicate checks stay linear.
        var largeIndex: [String: Int]?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw unexpected(members.isEmpty ? "where a key in double quotes or '}' was expected"
                                                 : "where a key in double quotes was expected")
            }
            let keyOffset = index
            let key = try parseString()
            let first = largeIndex.map { $0[key] } ?? members.first(where: { $0.key == key })?.keyOffset
            if let first {
                // A document of one line (a journal's record) names the first key's column, not "line 1".
                let place = Self.lineAndColumn(of: first, in: bytes)
                let at = bytes.contains(0x0A) ? "line \(place.line)" : "column \(place.column)"
                throw JSONSyntaxError(message: "duplicate key \(quoted(key)) (first at \(at))", offset: keyOffset)
            }
            if largeIndex != nil {
                largeIndex?[key] = keyOffset
            } else if members.count == 16 {
                largeIndex = Dictionary(members.map { ($0.key, $0.keyOffset) } + [(key, keyOffset)], uniquingKeysWith: { a, _ in a })
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw unexpected("where ':' was expected after the key \(quoted(key))")
            }
            index += 1
            skipWhitespace()
            members.append(JSONNode.Member(key: key, keyOffset: keyOffset, value: try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw unexpected("where ',' or '}' was expected") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw unexpected("where ',' or '}' was expected") }
            index += 1
            depth -= 1
            return .object(members)
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw unexpected("where ',' or ']' was expected") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw unexpected("where ',' or ']' was expected") }
            index += 1
            depth -= 1
            return .array(elements)
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            throw unexpected("in a number: a digit was expected")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                // JSON has no leading zeros (RFC 8259 §6); say what to write instead.
                let digitsStart = index
                _ = digits()
                let significant = bytes[digitsStart..<index].drop(while: { $0 == UInt8(ascii: "0") })
                let sign = bytes[start] == UInt8(ascii: "-") ? "-" : ""
                let plain = sign + (significant.isEmpty ? "0" : String(decoding: significant, as: UTF8.self))
                throw JSONSyntaxError(message: "a number cannot start with 0 (JSON numbers have no leading zeros): write \(escaped(plain))",
                                      offset: start)
            }
        } else {
            _ = digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw unexpected("in a number: a digit was expected after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw unexpected("in a number: a digit was expected in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        // Runs without escapes (all of a profile's strings) are decoded in one piece; the bytes are
        // already checked as UTF-8 on the way.
        var result = ""
        var runStart = index
        func flush(_ end: Int) {
            guard end > runStart else { return }
            let run = bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[runStart..<end]), as: UTF8.self) }
            if result.isEmpty { result = run } else { result += run }
        }
        while true {
            guard index < bytes.count else {
                throw JSONSyntaxError(message: "the file ends inside a string", offset: index)
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return result
            case UInt8(ascii: "\\"):
                flush(index)
                result.unicodeScalars.append(try parseEscape())
                runStart = index
            case 0x00..<0x20:
                throw JSONSyntaxError(
                    message: "\(describe(byteAt: index)) inside a string; write it as an escape such as \\n or \\u00\(hex(byte, digits: 2))",
                    offset: index)
            case 0x80...:
                try skipUTF8Sequence()
            default:
                index += 1
            }
        }
    }

    /// Checks one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates, at most U+10FFFF).
    private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[index]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default:
            throw JSONSyntaxError(message: "invalid UTF-8: \(describe(byteAt: index)) cannot start a character", offset: index)
        }
        for position in 1..<length {
            let at = index + position
            let byte = at < bytes.count ? bytes[at] : 0
            let range = position == 1 ? lower...upper : 0x80...0xBF
            guard at < bytes.count, range.contains(byte) else {
                throw JSONSyntaxError(message: "invalid UTF-8: a character starting with byte 0x\(hex(lead)) is cut short or malformed", offset: index)
            }
        }
        index += length
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let start = index
        index += 1
        guard index < bytes.count else { throw JSONSyntaxError(message: "the file ends inside a string", offset: index) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4(escapeStart: start)
            if (0xD800...0xDBFF).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(message: "\\u\(hex(high, digits: 4)) is half a surrogate pair", offset: start)
                }
                let lowStart = index
                index += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONSyntaxError(message: "\\u\(hex(high, digits: 4)) is not followed by a low surrogate", offset: lowStart)
                }
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw JSONSyntaxError(message: "\\u\(hex(high, digits: 4)) is half a surrogate pair", offset: start)
            }
            return scalar
        default:
            index -= 1
            throw unexpected("after '\\': use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                throw JSONSyntaxError(message: "\\u must be followed by four hexadecimal digits", offset: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The 1-based line and column (in characters) of a byte offset.
    package static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<end where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        // Count characters, not bytes: continuation bytes do not start a column.
        let column = bytes[lineStart..<end].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return (line, column)
    }
}
