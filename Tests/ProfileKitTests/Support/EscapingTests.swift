import Testing
import TextSupport
@testable import ProfileKit

/// How messages show pieces of input: escaped, on one line, and cut with their size.
@Suite("Escaping")
struct EscapingTests {
    struct EscapeCase: CustomTestStringConvertible, Sendable {
        let input: String
        let quoted: String
        let escaped: String
        var testDescription: String { input.debugDescription }
    }

    @Test(arguments: [
        EscapeCase(input: "Morning", quoted: "\"Morning\"", escaped: "Morning"),
        EscapeCase(input: "/tmp/a b/Morning.json", quoted: "\"/tmp/a b/Morning.json\"", escaped: "/tmp/a b/Morning.json"),
        EscapeCase(input: "\u{1B}[2J\u{1B}[31mevil", quoted: "\"\\u{1B}[2J\\u{1B}[31mevil\"", escaped: "\\u{1B}[2J\\u{1B}[31mevil"),
        EscapeCase(input: "a\nb\tc\r\0", quoted: "\"a\\nb\\tc\\r\\0\"", escaped: "a\\nb\\tc\\r\\0"),
        EscapeCase(input: "rtl\u{202E}gnp.exe", quoted: "\"rtl\\u{202E}gnp.exe\"", escaped: "rtl\\u{202E}gnp.exe"),
        EscapeCase(input: "say \"hi\" \\", quoted: "\"say \\\"hi\\\" \\\\\"", escaped: "say \"hi\" \\\\"),
        EscapeCase(input: "禅 Zen 🧘\u{200D}♀\u{FE0F}", quoted: "\"禅 Zen 🧘\u{200D}♀\u{FE0F}\"", escaped: "禅 Zen 🧘\u{200D}♀\u{FE0F}"),
        EscapeCase(input: "a\u{200D}b\u{FE0F}", quoted: "\"a\\u{200D}b\\u{FE0F}\"", escaped: "a\\u{200D}b\\u{FE0F}"),
    ])
    func piecesAreEscaped(_ c: EscapeCase) {
        #expect(quoted(c.input) == c.quoted)
        #expect(escaped(c.input) == c.escaped)
    }

    @Test func aLongPieceIsCutWithItsSize() {
        let value = String(repeating: "k", count: 1_000_000)
        let shown = String(repeating: "k", count: Echo.limit)
        #expect(quoted(value) == "\"\(shown)…\" (1,000,000 characters)")
        #expect(escaped(value) == "\(shown)… (1,000,000 characters)")
        // Exactly at the limit nothing is cut.
        #expect(quoted(shown) == "\"\(shown)\"")
        // What is cut is whole characters, and the size counts characters, not bytes.
        let wide = String(repeating: "🧘🏽", count: 100)
        #expect(quoted(wide) == "\"\(String(repeating: "🧘🏽", count: Echo.limit))…\" (100 characters)")
    }

    @Test func aDiagnosticIsOneLineWithNoControlCharacter() {
        let line = diagnosticLine("profile: /store/a\u{1B}[31mb\nc.json: \u{202E}bad\u{7}")
        #expect(line == "profile: /store/a\\u{1B}[31mb\\nc.json: \\u{202E}bad\\u{7}")
        #expect(diagnosticLine("profile: nothing to escape, 禅 🧘\u{200D}♀\u{FE0F}") == "profile: nothing to escape, 禅 🧘\u{200D}♀\u{FE0F}")
        let long = diagnosticLine(String(repeating: "x", count: 5000), limit: 100)
        #expect(long == String(repeating: "x", count: 99) + "…")
        #expect(diagnosticLine(String(repeating: "x", count: 100), limit: 100).count == 100)
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (65_536, "65,536"), (1_000_000, "1,000,000"), (-12_345, "-12,345")])
    func numbersAreGroupedByThousands(_ number: Int, _ text: String) {
        #expect(grouped(number) == text)
    }
}

/// The `rm` a held lock's message offers names the real file, even when its path holds a control
/// character: the message's escaping must not make the command name another path.
@Suite("Lock hint")
struct LockHintTests {
    @Test func theRemoveCommandNamesTheRealPath() {
        let plain = ProfileError.locked(path: "/tmp/it's/A.json.lock", pid: 5, host: "vm").description
        #expect(plain.hasSuffix("remove the lock: rm '/tmp/it'\\''s/A.json.lock'"))
        let hostile = ProfileError.locked(path: "/tmp/q\u{1B}'s/A.json.lock", pid: 5, host: "vm").description
        #expect(hostile.hasSuffix("remove the lock: rm $'/tmp/q\\x1B\\'s/A.json.lock'"), "\(hostile)")
    }
}
