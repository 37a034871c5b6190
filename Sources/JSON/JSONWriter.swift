import TextSupport

/// Writes ``JSONWriter/Value`` trees as indented, deterministic JSON text.
package enum JSONWriter {
    /// What the writer writes; objects keep the order given.
    package indirect enum Value {
        case null
        case bool(Bool)
        case int(Int)
        case string(String)
        case array([Value])
        case object([(String, Value)])

        var isScalar: Bool {
            switch self {
            case .null, .bool, .int, .string: true
            case .array, .object: false
            }
        }
    }

    /// The text of `value`, indented by two spaces, ending in a newline; arrays of numbers, strings and
    /// booleans stay on one line.
    ///
    /// - Parameter inlineFlatObjects: also keep objects whose members are all scalars (or arrays of
    ///   scalars) on one line, which suits records printed for people and `jq` alike.
    package static func text(inlineFlatObjects: Bool = false, _ value: Value) -> String {
        var output = ""
        write(value, indent: 0, inline: inlineFlatObjects, to: &output)
        output += "\n"
        return output
    }

    private static func isFlat(_ value: Value) -> Bool {
        switch value {
        case .null, .bool, .int, .string: true
        case let .array(elements): elements.allSatisfy(\.isScalar)
        case let .object(members): members.allSatisfy { isFlat($0.1) && !isObject($0.1) }
        }
    }

    private static func isObject(_ value: Value) -> Bool {
        if case .object = value { true } else { false }
    }

    private static func write(_ value: Value, indent: Int, inline: Bool = false, to output: inout String) {
        let pad = String(repeating: " ", count: indent + 2)
        switch value {
        case .null: output += "null"
        case let .bool(flag): output += flag ? "true" : "false"
        case let .int(number): output += String(number)
        case let .string(text): appendString(text, to: &output)
        case let .array(elements):
            guard !elements.isEmpty else { output += "[]"; return }
            if elements.allSatisfy(\.isScalar) {
                output += "["
                for (position, element) in elements.enumerated() {
                    if position > 0 { output += ", " }
                    write(element, indent: indent, to: &output)
                }
                output += "]"
                return
            }
            output += "[\n"
            for (position, element) in elements.enumerated() {
                output += pad
                write(element, indent: indent + 2, inline: inline, to: &output)
                output += position < elements.count - 1 ? ",\n" : "\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case let .object(members):
            guard !members.isEmpty else { output += "{}"; return }
            if inline && isFlat(value) {
                output += "{"
                for (position, (key, element)) in members.enumerated() {
                    if position > 0 { output += ", " }
                    appendString(key, to: &output)
                    output += ": "
                    write(element, indent: indent, to: &output)
                }
                output += "}"
                return
            }
            output += "{\n"
            for (position, (key, element)) in members.enumerated() {
                output += pad
                appendString(key, to: &output)
                output += ": "
                write(element, indent: indent + 2, inline: inline, to: &output)
                output += position < members.count - 1 ? ",\n" : "\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }

    /// Appends `text` to `output` as a JSON string literal, quotes included: `"`, `\` and the control
    /// characters (C0, DEL and C1, which a terminal may act on) escaped, everything else as it is. The
    /// one escaper of the package: documents, renderers and the journal's lines all write through it.
    ///
    /// - Complexity: O(n); text with nothing to escape (what the journal's hot path writes) is appended
    ///   whole after one scan of its UTF-8 bytes.
    package static func appendString(_ text: String, to output: inout String) {
        output += "\""
        if isPlain(text) {
            output += text
        } else {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                    // Lower-case hex, as jq and JavaScript's JSON.stringify write it: `\u001b`.
                    let digits = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                default: output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    /// Whether `text` needs no escape: no quote, backslash, C0 control or DEL, and no C1 control (whose
    /// UTF-8 encoding is the only one to start with byte 0xC2 followed by 0x80 to 0x9F).
    package static func isPlain(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F { return false }
            if previous == 0xC2 && byte < 0xA0 { return false }
            previous = byte
        }
        return true
    }
}
