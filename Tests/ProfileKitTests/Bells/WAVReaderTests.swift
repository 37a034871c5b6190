import Testing
@testable import Sound

/// What WAVReader accepts, sample for sample, and every reason it refuses a file, in its words.
@Suite("WAV reader")
struct WAVReaderTests {
    struct FormatCase: CustomTestStringConvertible, Sendable {
        let id: String
        let bytes: [UInt8]
        let samples: [Float]
        var sampleRate = 8_000
        var testDescription: String { id }
    }

    /// Zero, half scale up and down, the largest and the smallest value of each format.
    static let formats: [FormatCase] = {
        let ramp: [Float] = [0, 0.5, -0.5]
        return [
            FormatCase(id: "PCM 8-bit (unsigned)", bytes: TestWAV(bits: 8, data: [128, 192, 64, 255, 0]).bytes,
                       samples: ramp + [127.0 / 128, -1]),
            FormatCase(id: "PCM 16-bit", bytes: TestWAV.pcm16([0, 16_384, -16_384, 32_767, -32_768]).bytes,
                       samples: ramp + [32_767.0 / 32_768, -1]),
            FormatCase(id: "PCM 24-bit", bytes: TestWAV(bits: 24, data: [0, 4_194_304, -4_194_304, 8_388_607, -8_388_608].flatMap(le24)).bytes,
                       samples: ramp + [Float(8_388_607) / 8_388_608, -1]),
            FormatCase(id: "PCM 32-bit", bytes: TestWAV(bits: 32, data: [0, 1 << 30, -(1 << 30), Int(Int32.max), Int(Int32.min)].flatMap(le32)).bytes,
                       samples: ramp + [Float(Int32.max) / 2_147_483_648, -1]),
            FormatCase(id: "float 32-bit, clamped to -1…1", bytes: TestWAV.float32([0, 0.5, -0.5, 1.5, -1]).bytes,
                       samples: ramp + [1, -1]),
            FormatCase(id: "extensible PCM 24-bit", bytes: TestWAV(format: 0xFFFE, subformat: 1, bits: 24,
                                                                    data: [0, 4_194_304, -4_194_304].flatMap(le24)).bytes,
                       samples: ramp),
            FormatCase(id: "extensible float 32-bit", bytes: TestWAV(format: 0xFFFE, subformat: 3, bits: 32,
                                                                      data: [Float(0), 0.5, -0.5].flatMap { le32(Int($0.bitPattern)) }).bytes,
                       samples: ramp),
            FormatCase(id: "extensible PCM 32-bit with 24 valid bits", bytes: TestWAV(format: 0xFFFE, subformat: 1, validBits: 24, bits: 32,
                                                                                      data: [0, 1 << 30].flatMap(le32)).bytes,
                       samples: [0, 0.5]),
            FormatCase(id: "stereo 16-bit is averaged", bytes: TestWAV.pcm16([16_384, 0, -16_384, -16_384, 32_767, -32_768], channels: 2).bytes,
                       samples: [0.25, -0.5, -0.5 / 32_768]),
            FormatCase(id: "stereo 8-bit is averaged", bytes: TestWAV(channels: 2, bits: 8, data: [255, 1, 192, 192]).bytes,
                       samples: [0, 0.5]),
            FormatCase(id: "stereo float is averaged", bytes: TestWAV.float32([1, -0.5, 0.25, 0.25], channels: 2).bytes,
                       samples: [0.25, 0.25]),
            FormatCase(id: "unknown chunks (odd length, padded) before and between", bytes: {
                var wav = TestWAV.pcm16([100, -100])
                wav.before = [(Array("LIST".utf8), Array("INFOabc".utf8))]
                wav.between = [(Array("bext".utf8), [1, 2, 3]), (Array("fact".utf8), le32(2))]
                wav.after = [(Array("id3 ".utf8), [9])]
                return wav.bytes
            }(), samples: [100.0 / 32_768, -100.0 / 32_768]),
            FormatCase(id: "an odd data chunk's pad byte, then trailing chunks", bytes: {
                var wav = TestWAV(bits: 8, data: [128, 255, 0])
                wav.after = [(Array("LIST".utf8), Array("INFO".utf8))]
                return wav.bytes
            }(), samples: [0, 127.0 / 128, -1]),
            FormatCase(id: "192000 Hz", bytes: TestWAV(sampleRate: 192_000, data: le16(8_192)).bytes, samples: [0.25], sampleRate: 192_000),
        ]
    }()

    @Test(arguments: formats)
    func eachAcceptedFormatDecodesToItsSamples(_ c: FormatCase) throws {
        let sound = try WAVReader.decode(c.bytes)
        #expect(sound.samples == c.samples)
        #expect(sound.sampleRate == c.sampleRate)
    }

    @Test func exactlySixtySecondsIsAcceptedAndItsLengthIsKnown() throws {
        let sound = try WAVReader.decode(TestWAV(bits: 8, data: [UInt8](repeating: 128, count: 60 * 8_000)).bytes)
        #expect(sound.seconds == 60)
        #expect(sound.samples.count == 480_000)
    }

    struct RefusalCase: CustomTestStringConvertible, Sendable {
        let id: String
        let bytes: [UInt8]
        let error: WAVError
        let message: String
        var testDescription: String { id }
    }

    static let use = "use PCM 8, 16, 24 or 32-bit integer or 32-bit float"

    static let refusals: [RefusalCase] = {
        let good = TestWAV.pcm16([1, 2, 3, 4])
        func with(_ change: (inout TestWAV) -> Void) -> [UInt8] {
            var wav = good
            change(&wav)
            return wav.bytes
        }
        let notWAV = "not a WAV file (it does not start with RIFF…WAVE)"
        return [
            RefusalCase(id: "empty file", bytes: [], error: .notWAV, message: notWAV),
            RefusalCase(id: "not RIFF", bytes: with { $0.container = "JUNK" }, error: .notWAV, message: notWAV),
            RefusalCase(id: "RIFF but not WAVE", bytes: Array("RIFF\u{4}\0\0\0AVI ".utf8), error: .notWAV, message: notWAV),
            RefusalCase(id: "a text file", bytes: Array("Breathe in, breathe out.\n".utf8), error: .notWAV, message: notWAV),
            RefusalCase(id: "RIFX", bytes: with { $0.container = "RIFX" }, error: .unsupportedContainer("RIFX"),
                        message: "big-endian RIFX WAV files are not supported; use a little-endian RIFF WAV file"),
            RefusalCase(id: "RF64", bytes: with { $0.container = "RF64" }, error: .unsupportedContainer("RF64"),
                        message: "RF64 WAV files are not supported; use a RIFF WAV file (at most 60 seconds fit in one)"),
            RefusalCase(id: "truncated data", bytes: Array(TestWAV.pcm16([Int16](repeating: 7, count: 2_000)).bytes.prefix(44 + 1_000)),
                        error: .dataCutShort(has: 1_000, needs: 4_000), message: "the data chunk is cut short: 1000 of 4000 bytes"),
            RefusalCase(id: "a chunk cut short before the data", bytes: Array(with { $0.before = [(Array("LIST".utf8), [UInt8](repeating: 0, count: 100))] }.prefix(40)),
                        error: .chunkCutShort(id: Array("LIST".utf8), has: 20, needs: 100), message: "the \"LIST\" chunk is cut short: 20 of 100 bytes"),
            RefusalCase(id: "a cut-short chunk's id is escaped", bytes: Array("RIFF".utf8) + le32(8) + Array("WAVE".utf8) + [0x1B, 0x5B, 0x32, 0x4A] + le32(255),
                        error: .chunkCutShort(id: Array("\u{1B}[2J".utf8), has: 0, needs: 255),
                        message: "the \"\\u{1B}[2J\" chunk is cut short: 0 of 255 bytes"),
            RefusalCase(id: "odd block align", bytes: with { $0.blockAlign = 3 }, error: .blockAlign(3, channels: 1, bits: 16),
                        message: "block align 3 bytes does not match 1 channel of 16 bits; it must be 2"),
            RefusalCase(id: "wrong byte rate", bytes: with { $0.byteRate = 8_000 }, error: .byteRate(8_000, sampleRate: 8_000, frameBytes: 2),
                        message: "byte rate 8000 a second does not match 8000 Hz of 2-byte frames; it must be 16000"),
            RefusalCase(id: "3 channels", bytes: TestWAV(channels: 3, data: [UInt8](repeating: 0, count: 6)).bytes,
                        error: .channels(3), message: "3 channels; use 1 or 2"),
            RefusalCase(id: "0 channels", bytes: TestWAV(channels: 0, data: []).bytes, error: .channels(0), message: "0 channels; use 1 or 2"),
            RefusalCase(id: "4 kHz", bytes: with { $0.sampleRate = 4_000 }, error: .sampleRate(4_000),
                        message: "sample rate 4000 Hz; use 8000 to 192000 Hz"),
            RefusalCase(id: "192001 Hz", bytes: with { $0.sampleRate = 192_001 }, error: .sampleRate(192_001),
                        message: "sample rate 192001 Hz; use 8000 to 192000 Hz"),
            RefusalCase(id: "61 s", bytes: TestWAV(bits: 8, data: [UInt8](repeating: 128, count: 61 * 8_000)).bytes,
                        error: .tooLong(frames: 488_000, sampleRate: 8_000), message: "61.0 seconds long; at most 60 seconds"),
            RefusalCase(id: "60 s and one frame", bytes: TestWAV(bits: 8, data: [UInt8](repeating: 128, count: 60 * 8_000 + 1)).bytes,
                        error: .tooLong(frames: 480_001, sampleRate: 8_000), message: "60.1 seconds long; at most 60 seconds"),
            RefusalCase(id: "71.2 s", bytes: TestWAV(bits: 8, data: [UInt8](repeating: 128, count: 569_600)).bytes,
                        error: .tooLong(frames: 569_600, sampleRate: 8_000), message: "71.2 seconds long; at most 60 seconds"),
            RefusalCase(id: "64-bit float", bytes: TestWAV(format: 3, bits: 64, data: [UInt8](repeating: 0, count: 8)).bytes,
                        error: .unsupportedBits(64, float: true), message: "64-bit float is not supported; \(use)"),
            RefusalCase(id: "8-bit float", bytes: TestWAV(format: 3, bits: 8, data: [0]).bytes,
                        error: .unsupportedBits(8, float: true), message: "8-bit float is not supported; \(use)"),
            RefusalCase(id: "12-bit PCM", bytes: with { $0.bits = 12 }, error: .unsupportedBits(12, float: false),
                        message: "12-bit PCM is not supported; \(use)"),
            RefusalCase(id: "A-law", bytes: TestWAV(format: 6, bits: 8, data: [0, 1]).bytes, error: .unsupportedFormat(6),
                        message: "A-law (format 6) is not supported; \(use)"),
            RefusalCase(id: "an unknown format code", bytes: with { $0.format = 0x1234 }, error: .unsupportedFormat(0x1234),
                        message: "format 0x1234 is not supported; \(use)"),
            RefusalCase(id: "extensible A-law", bytes: with { $0.format = 0xFFFE; $0.subformat = 6 },
                        error: .unsupportedSubformat("0600000000001000800000AA00389B71"),
                        message: "extensible format with subformat 0600000000001000800000AA00389B71 is not supported; \(use)"),
            RefusalCase(id: "extensible with a foreign GUID", bytes: with { $0.format = 0xFFFE; $0.subformatGUID = [UInt8](repeating: 0xAB, count: 16) },
                        error: .unsupportedSubformat(String(repeating: "AB", count: 16)),
                        message: "extensible format with subformat \(String(repeating: "AB", count: 16)) is not supported; \(use)"),
            RefusalCase(id: "extensible without its subformat", bytes: with { $0.format = 0xFFFE; $0.formatSize = 18 },
                        error: .extensibleChunkTooShort(18), message: "the fmt chunk of an extensible WAV is 18 bytes; it must be at least 40"),
            RefusalCase(id: "extensible with more valid bits than bits", bytes: with { $0.format = 0xFFFE; $0.validBits = 24 },
                        error: .validBitsExceedSize(valid: 24, bits: 16), message: "24 valid bits in 16-bit samples; the valid bits must fit in the sample"),
            RefusalCase(id: "a short fmt chunk", bytes: with { $0.formatSize = 14 }, error: .formatChunkTooShort(14),
                        message: "the fmt chunk is 14 bytes; it must be at least 16"),
            RefusalCase(id: "missing fmt", bytes: with { $0.formatChunks = 0 }, error: .noFormat,
                        message: "there is no fmt chunk, which says how the samples are stored"),
            RefusalCase(id: "data before fmt", bytes: with { $0.dataFirst = true }, error: .dataBeforeFormat,
                        message: "the data chunk comes before the fmt chunk; the fmt chunk must come first"),
            RefusalCase(id: "two fmt chunks", bytes: with { $0.formatChunks = 2 }, error: .twoFormatChunks,
                        message: "there are two fmt chunks; a WAV file has exactly one"),
            RefusalCase(id: "no data chunk", bytes: Array(good.bytes.prefix(36)), error: .noData,
                        message: "there is no data chunk (the samples) after the fmt chunk"),
            RefusalCase(id: "NaN float", bytes: TestWAV.float32([0, 0.5, .nan]).bytes, error: .nonFiniteSample(frame: 2, sampleRate: 8_000),
                        message: "the sample at 0.0 seconds is not a number (NaN or infinite); float samples must be finite"),
            RefusalCase(id: "infinite float in the right channel at 1.5 s", bytes: TestWAV.float32([Float](repeating: 0, count: 24_001) + [.infinity], channels: 2).bytes,
                        error: .nonFiniteSample(frame: 12_000, sampleRate: 8_000),
                        message: "the sample at 1.5 seconds is not a number (NaN or infinite); float samples must be finite"),
            RefusalCase(id: "zero frames", bytes: TestWAV.pcm16([]).bytes, error: .noFrames,
                        message: "the data chunk holds no samples; a sound has at least one"),
            RefusalCase(id: "half a frame", bytes: TestWAV(channels: 2, data: [1, 2, 3, 4, 5, 6]).bytes, error: .partialFrame(bytes: 6, frameBytes: 4),
                        message: "the data chunk holds 6 bytes, not a whole number of 4-byte frames"),
            RefusalCase(id: "RIFF size beyond the file", bytes: with { $0.riffSize = 1_000 }, error: .riffCutShort(says: 1_008, has: 52),
                        message: "the file is cut short: its RIFF header says 1008 bytes, and it has 52"),
            RefusalCase(id: "RIFF size ending inside the data", bytes: with { $0.riffSize = 40 }, error: .riffEndsBeforeData(says: 48, dataEnd: 52),
                        message: "its RIFF header says the file is 48 bytes, but the data chunk ends at byte 52"),
        ]
    }()

    @Test(arguments: refusals)
    func eachRefusalSaysWhatIsWrong(_ c: RefusalCase) {
        #expect(throws: c.error) { try WAVReader.decode(c.bytes) }
        #expect(c.error.description == c.message)
        #expect(!c.message.unicodeScalars.contains { $0.value < 0x20 }, "no raw control character from the file")
    }

    /// Every prefix, and thousands of random corruptions, of valid files either decode or throw: no input
    /// traps (an overflow, an index out of range) and whatever decodes is within the limits.
    @Test func noInputCrashesTheReader() {
        func check(_ bytes: [UInt8]) {
            guard let sound = try? WAVReader.decode(bytes) else { return }
            #expect(WAVReader.sampleRates.contains(sound.sampleRate))
            #expect(!sound.samples.isEmpty && sound.seconds <= 60)
            #expect(sound.samples.allSatisfy { $0.isFinite && abs($0) <= 1 })
        }
        var random = SplitMix64(seed: 14)
        let seeds = Self.formats.map(\.bytes)
        for seed in seeds {
            for length in 0...seed.count { check(Array(seed.prefix(length))) }
        }
        for round in 0..<4_000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0...Int(random.next() % 4) {
                let at = Int(random.next() % UInt64(bytes.count))
                bytes[at] = UInt8(truncatingIfNeeded: random.next())
            }
            // Sizes near the limits of their fields: 0xFFFFFFFF, 0x80000000.
            if round % 7 == 0, bytes.count >= 8 { bytes.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xFF]) }
            check(bytes)
        }
    }
}
