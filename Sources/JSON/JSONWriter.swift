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
        case let .string(text): writeString(text, to: &output)
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
                    writeString(key, to: &output)
                    output += ": "
                    write(element, indent: indent, to: &output)
                }
                output += "}"
                return
            }
            output += "{\n"
            for (position, (key, element)) in members.enumerated() {
                output += pad
                writeString(key, to: &output)
                output += ": "
                write(element, indent: indent + 2, inline: inline, to: &output)
                output += position < members.count - 1 ? ",\n" : "\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }

    /// Writes `text` as a JSON string; only `"`, `\` and control characters (C0, DEL and C1, which a
    /// terminal may act on) are escaped.
    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                output += "\\u" + hex(scalar.value, digits: 4)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
