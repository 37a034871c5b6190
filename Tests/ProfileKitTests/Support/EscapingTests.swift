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
        // Default-ignorable code points and the Hangul fillers show as nothing.
        EscapeCase(input: "Morning\u{34F}\u{180B}\u{17B4}", quoted: "\"Morning\\u{34F}\\u{180B}\\u{17B4}\"", escaped: "Morning\\u{34F}\\u{180B}\\u{17B4}"),
        EscapeCase(input: "\u{3164}\u{115F}\u{FFA0}", quoted: "\"\\u{3164}\\u{115F}\\u{FFA0}\"", escaped: "\\u{3164}\\u{115F}\\u{FFA0}"),
        EscapeCase(input: "1\u{FE0F} 🧘\u{FE0F} ♀\u{FE0E}", quoted: "\"1\\u{FE0F} 🧘\\u{FE0F} ♀\\u{FE0E}\"", escaped: "1\\u{FE0F} 🧘\\u{FE0F} ♀\\u{FE0E}"),
        EscapeCase(input: "🧘\u{E0067}\u{E007F}", quoted: "\"🧘\\u{E0067}\\u{E007F}\"", escaped: "🧘\\u{E0067}\\u{E007F}"),
        EscapeCase(input: "1\u{FE0F}\u{20E3} ©\u{FE0F} 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
                   quoted: "\"1\u{FE0F}\u{20E3} ©\u{FE0F} 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}\"",
                   escaped: "1\u{FE0F}\u{20E3} ©\u{FE0F} 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"),
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
        // The limit is in bytes, the "…" (3 bytes) included.
        let long = diagnosticLine(String(repeating: "x", count: 5000), limit: 100)
        #expect(long == String(repeating: "x", count: 97) + "…")
        #expect(diagnosticLine(String(repeating: "x", count: 100), limit: 100).count == 100)
        // An escape is kept whole or left out.
        #expect(diagnosticLine("ab\u{1B}cd", limit: 9) == "ab…")
    }

    /// One character may hold any number of code points: `a` and 400,000 combining accents is one.
    @Test func oneCharacterOfManyCodePointsIsCutToo() {
        let accents = "a" + String(repeating: "\u{301}", count: 400_000)
        #expect(accents.count == 1)
        let shown = quoted(accents)
        #expect(shown.hasSuffix("…\" (400,001 code points)"), "\(shown.suffix(40))")
        #expect(shown.unicodeScalars.count < 300 && shown.utf8.count < 600, "\(shown.utf8.count) bytes")
        #expect(shown.unicodeScalars.starts(with: "\"a\u{301}\u{301}".unicodeScalars))
        #expect(escaped(accents).hasSuffix("… (400,001 code points)"))

        // Escapes count as the code points they take: 256 of them written, not 256 escapes.
        let tags = "a" + String(repeating: "\u{E0067}", count: 400_000)
        let escapedTags = quoted(tags)
        #expect(escapedTags.hasPrefix("\"a\\u{E0067}\\u{E0067}"))
        #expect(escapedTags.hasSuffix("…\" (400,001 code points)"))
        #expect(escapedTags.utf8.count < 300, "\(escapedTags.utf8.count) bytes")

        // A path is cut the same way, after four times as many code points as its characters.
        let path = escapedPath("/" + accents)
        #expect(path.hasSuffix("… (400,002 code points)"))
        #expect(path.unicodeScalars.count == Echo.codePointLimit(Echo.pathLimit) + "… (400,002 code points)".unicodeScalars.count)

        // The last guard counts bytes, not characters.
        let line = diagnosticLine("profile: " + accents + " is bad", limit: 2000)
        #expect(line.utf8.count <= 2000)
        #expect(line.hasSuffix("…"))
    }

    @Test func theLongestNameIsShownWhole() {
        // 64 characters of 200 bytes: e and combining accents.
        let name = String(repeating: "e\u{301}", count: 64) + String(repeating: "\u{302}", count: 4)
        #expect(name.count == 64 && name.utf8.count == 200)
        #expect(quoted(name) == "\"\(name)\"")
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
