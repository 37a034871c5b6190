import Testing
import TextSupport
@testable import ProfileKit

@Suite("Profile names")
struct ProfileNameTests {
    struct HostileName: CustomTestStringConvertible, Sendable {
        let name: String
        let message: String
        var testDescription: String { message }
    }

    @Test(arguments: [
        HostileName(name: "", message: "invalid profile name \"\": a name has at least one character"),
        HostileName(name: "../etc/passwd", message: "invalid profile name \"../etc/passwd\": it contains \"/\", which separates folders"),
        HostileName(name: "a/b", message: "invalid profile name \"a/b\": it contains \"/\", which separates folders"),
        HostileName(name: "a\\b", message: "invalid profile name \"a\\\\b\": it contains \"\\\\\", which separates folders"),
        HostileName(name: "a\u{0}b", message: "invalid profile name \"a\\0b\": it contains the invisible character U+0000"),
        HostileName(name: "tab\there", message: "invalid profile name \"tab\\there\": it contains the invisible character U+0009"),
        HostileName(name: "line\nbreak", message: "invalid profile name \"line\\nbreak\": it contains the invisible character U+000A"),
        HostileName(name: "zero\u{200B}width", message: "invalid profile name \"zero\\u{200B}width\": it contains the invisible character U+200B"),
        HostileName(name: "rtl\u{202E}gnp.exe", message: "invalid profile name \"rtl\\u{202E}gnp.exe\": it contains the invisible character U+202E"),
        HostileName(name: "esc\u{1B}[31m", message: "invalid profile name \"esc\\u{1B}[31m\": it contains the invisible character U+001B"),
        HostileName(name: ".", message: "invalid profile name \".\": it starts with '.', which hides files"),
        HostileName(name: "..", message: "invalid profile name \"..\": it starts with '.', which hides files"),
        HostileName(name: ".hidden", message: "invalid profile name \".hidden\": it starts with '.', which hides files"),
        HostileName(name: "-rf", message: "invalid profile name \"-rf\": it starts with '-', which reads as an option"),
        HostileName(name: "Morning.lock", message: "invalid profile name \"Morning.lock\": it ends with \".lock\", which the store uses for its own files"),
        HostileName(name: "Morning.TMP", message: "invalid profile name \"Morning.TMP\": it ends with \".tmp\", which the store uses for its own files"),
        HostileName(name: " Morning", message: "invalid profile name \" Morning\": it starts or ends with white space"),
        HostileName(name: "Morning ", message: "invalid profile name \"Morning \": it starts or ends with white space"),
        HostileName(name: String(repeating: "a", count: 65), message: "invalid profile name \"\(String(repeating: "a", count: 64))…\" (65 characters): it has 65 characters; a name has at most 64"),
        // Joiners and variation selectors are invisible outside an emoji.
        HostileName(name: "a\u{200D}b", message: "invalid profile name \"a\\u{200D}b\": it contains the invisible character U+200D"),
        HostileName(name: "Morning\u{FE0F}", message: "invalid profile name \"Morning\\u{FE0F}\": it contains the invisible character U+FE0F"),
        HostileName(name: "\u{200D}🧘", message: "invalid profile name \"\\u{200D}🧘\": it contains the invisible character U+200D"),
        // Default-ignorable code points, whatever their category, and the Hangul fillers.
        HostileName(name: "Morning\u{34F}", message: "invalid profile name \"Morning\\u{34F}\": it contains the invisible character U+034F"),
        HostileName(name: "Morning\u{FE00}", message: "invalid profile name \"Morning\\u{FE00}\": it contains the invisible character U+FE00"),
        HostileName(name: "Morning\u{E0100}", message: "invalid profile name \"Morning\\u{E0100}\": it contains the invisible character U+E0100"),
        HostileName(name: "Mo\u{115F}rning", message: "invalid profile name \"Mo\\u{115F}rning\": it contains the invisible character U+115F"),
        HostileName(name: "Mo\u{1160}rning", message: "invalid profile name \"Mo\\u{1160}rning\": it contains the invisible character U+1160"),
        HostileName(name: "Morning\u{180B}", message: "invalid profile name \"Morning\\u{180B}\": it contains the invisible character U+180B"),
        HostileName(name: "Morning\u{17B4}", message: "invalid profile name \"Morning\\u{17B4}\": it contains the invisible character U+17B4"),
        HostileName(name: "\u{3164}", message: "invalid profile name \"\\u{3164}\": it contains the invisible character U+3164"),
        HostileName(name: "Mor\u{FFA0}ning", message: "invalid profile name \"Mor\\u{FFA0}ning\": it contains the invisible character U+FFA0"),
        // A selector where it changes nothing: after a digit that is no keycap, after an emoji that is
        // a picture anyway, and the text selector anywhere.
        HostileName(name: "Morning1\u{FE0F}", message: "invalid profile name \"Morning1\\u{FE0F}\": it contains the invisible character U+FE0F"),
        HostileName(name: "#\u{FE0F}", message: "invalid profile name \"#\\u{FE0F}\": it contains the invisible character U+FE0F"),
        HostileName(name: "🧘\u{FE0F}", message: "invalid profile name \"🧘\\u{FE0F}\": it contains the invisible character U+FE0F"),
        HostileName(name: "♀\u{FE0E}", message: "invalid profile name \"♀\\u{FE0E}\": it contains the invisible character U+FE0E"),
        // Tags outside a subdivision flag.
        HostileName(name: "🧘\u{E0067}x", message: "invalid profile name \"🧘\\u{E0067}x\": it contains the invisible character U+E0067"),
        HostileName(name: "🧘\u{E0020}", message: "invalid profile name \"🧘\\u{E0020}\": it contains the invisible character U+E0020"),
        HostileName(name: "🧘\u{E007F}", message: "invalid profile name \"🧘\\u{E007F}\": it contains the invisible character U+E007F"),
        HostileName(name: "🏴\u{E007F}", message: "invalid profile name \"🏴\\u{E007F}\": it contains the invisible character U+E007F"),
        HostileName(name: "🏴\u{E0067}\u{E0062}", message: "invalid profile name \"🏴\\u{E0067}\\u{E0062}\": it contains the invisible character U+E0067"),
        HostileName(name: String(repeating: "𝄞", count: 51), message: "invalid profile name \"\(String(repeating: "𝄞", count: 51))\": it takes 204 bytes in UTF-8; a name takes at most 200"),
        HostileName(name: String(repeating: "🧘🏽", count: 30), message: "invalid profile name \"\(String(repeating: "🧘🏽", count: 30))\": it takes 240 bytes in UTF-8; a name takes at most 200"),
    ])
    func hostileNamesAreRefused(_ c: HostileName) {
        #expect {
            try ProfileName(validating: c.name)
        } throws: { error in
            (error as? ProfileError)?.description == c.message
        }
    }

    @Test func sixtyFourWideCharactersFit() throws {
        // 64 characters of 3 bytes each are 192 bytes: within both limits.
        #expect(try ProfileName(validating: String(repeating: "禅", count: 64)).value.count == 64)
    }

    @Test func namesAreNFCNormalizedAndCaseFolded() throws {
        let decomposed = try ProfileName(validating: "Cafe\u{301} Sit")
        #expect(decomposed.value.unicodeScalars.count == 8)
        #expect(decomposed.value == "Caf\u{E9} Sit")
        #expect(decomposed.key == (try ProfileName(validating: "CAFÉ SIT")).key)
        #expect(try ProfileName(validating: "Straße").key == (try ProfileName(validating: "STRASSE")).key)
        #expect(try ProfileName(validating: "Morning").key != (try ProfileName(validating: "Evening")).key)
        #expect(try ProfileName(validating: "禅 Zen 🧘").value == "禅 Zen 🧘")
    }

    /// An emoji of several code points is one visible character: its joiners and selectors are part of it.
    @Test(arguments: ["🧘\u{200D}♀\u{FE0F}", "👨\u{200D}👩\u{200D}👧", "🏳\u{FE0F}\u{200D}🌈", "🧘🏽\u{200D}♂\u{FE0F} Sit", "1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}", "©\u{FE0F}",
                      "❤\u{FE0F}\u{200D}🔥", "🏳\u{FE0F}\u{200D}⚧\u{FE0F}",
                      "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"])
    func emojiSequencesAreNames(_ name: String) throws {
        #expect(try ProfileName(validating: name).value == name)
        #expect(quoted(name) == "\"\(name)\"")
    }

    /// Every code point that is default-ignorable, or a Hangul filler, is refused when it stands after a
    /// letter: none of them can be seen there.
    @Test func noDefaultIgnorableCodePointIsAccepted() {
        let scalars = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
            $0.properties.isDefaultIgnorableCodePoint || [0x115F, 0x1160, 0x3164, 0xFFA0].contains($0.value)
        }
        #expect(scalars.count > 4000)
        let accepted = scalars.filter { (try? ProfileName(validating: "Morning" + String($0))) != nil }
        #expect(accepted.isEmpty, "\(accepted.map { codePoint($0) })")
    }

    /// Why a text is no name, as reminders say of a timer's `Profile=`: the rule's reason alone, or nil.
    @Test func aNamesProblemIsTheReasonAlone() {
        #expect(ProfileName.problem("Morning") == nil)
        #expect(ProfileName.problem("禅 Zen 🧘") == nil)
        #expect(ProfileName.problem("") == "a name has at least one character")
        #expect(ProfileName.problem(".hidden") == "it starts with '.', which hides files")
        #expect(ProfileName.problem("a/b") == "it contains \"/\", which separates folders")
        #expect(ProfileName.problem("tab\there") == "it contains the invisible character U+0009")
        #expect(ProfileName.problem(String(repeating: "a", count: 65)) == "it has 65 characters; a name has at most 64")
        // The same reason the store's own refusal gives.
        for name in ["-rf", "Morning.lock", " Morning", "zero\u{200B}width"] {
            #expect(throws: ProfileError.invalidName(name, reason: ProfileName.problem(name) ?? "")) { try ProfileName(validating: name) }
        }
    }
}
