import TextSupport

/// Reads a WAV file whole and checks all of it before a sample is used: a recorded sound is either a
/// file every player plays the same way, or refused with what is wrong.
///
/// Accepted: a little-endian RIFF/WAVE container whose chunks (each padded to an even length) hold one
/// `fmt ` chunk and, after it, a `data` chunk that is all there; other chunks (`LIST`, `bext`, `fact`…)
/// are skipped. The samples are PCM integers of 8 (unsigned), 16, 24 or 32 bits or 32-bit IEEE floats,
/// plainly or as `WAVE_FORMAT_EXTENSIBLE` with the PCM or float subformat; 1 or 2 channels (two are
/// averaged into one); 8000 to 192000 Hz; at least one frame and at most 60 seconds; float samples are
/// finite. The header's block align, byte rate and RIFF size must agree with the rest.
package enum WAVReader {
    /// The sample rates accepted, in Hz.
    package static let sampleRates = 8_000...192_000
    /// The longest sound accepted, in seconds.
    package static let maximumSeconds = 60
    /// The numbers of channels accepted.
    package static let channelCounts = 1...2
    /// How the accepted sample formats are listed in messages.
    package static let acceptedFormats = "PCM 8, 16, 24 or 32-bit integer or 32-bit float"
    /// The largest file that can hold an accepted sound: 60 s of 192 kHz stereo 32-bit samples, with
    /// 1 MiB to spare for other chunks. Callers refuse a larger file without reading it.
    package static let maximumFileBytes = maximumSeconds * sampleRates.upperBound * 2 * 4 + (1 << 20)

    /// The sound in `bytes`, mixed to mono.
    ///
    /// Float samples beyond full scale are clamped to -1…1.
    ///
    /// - Complexity: O(*n*) in the size of the file.
    /// - Throws: ``WAVError`` saying what is wrong and what would be accepted.
    package static func decode(_ bytes: [UInt8]) throws(WAVError) -> PCMSound {
        let (format, data) = try locate(in: bytes)
        let frames = data.count / format.blockAlign
        let samples = read(bytes, data, format, frames: frames)
        if format.isFloat, let bad = samples.firstIndex(where: { !$0.isFinite }) {
            throw .nonFiniteSample(frame: bad / format.channels, sampleRate: format.sampleRate)
        }
        var mono: [Float]
        if format.channels == 2 {
            mono = [Float](repeating: 0, count: frames)
            for frame in 0..<frames { mono[frame] = (samples[2 * frame] + samples[2 * frame + 1]) / 2 }
        } else {
            mono = samples
        }
        if format.isFloat {
            for index in mono.indices { mono[index] = min(1, max(-1, mono[index])) }
        }
        return PCMSound(sampleRate: format.sampleRate, samples: mono)
    }

    /// What the `fmt ` chunk says, once checked.
    struct Format: Equatable {
        var isFloat: Bool
        var bits: Int
        var channels: Int
        var sampleRate: Int
        var blockAlign: Int
    }

    /// Walks the chunks and checks the header: the format, and where the samples are.
    static func locate(in bytes: [UInt8]) throws(WAVError) -> (Format, Range<Int>) {
        guard bytes.count >= 12, bytes[8..<12].elementsEqual("WAVE".utf8) else { throw .notWAV }
        let container = bytes[0..<4]
        guard container.elementsEqual("RIFF".utf8) else {
            if let name = ["RIFX", "RF64", "BW64"].first(where: { container.elementsEqual($0.utf8) }) {
                throw .unsupportedContainer(name)
            }
            throw .notWAV
        }
        var format: Format?
        var dataFirst = false
        var offset = 12
        while bytes.count - offset >= 8 {
            let id = bytes[offset..<offset + 4]
            let size = u32(bytes, offset + 4)
            let body = offset + 8
            let available = bytes.count - body
            if id.elementsEqual("data".utf8), let format {
                guard size <= available else { throw .dataCutShort(has: available, needs: size) }
                return try checked(format, data: body..<body + size, riffSize: u32(bytes, 4), fileSize: bytes.count)
            }
            guard size <= available else {
                throw .chunkCutShort(id: Array(id), has: available, needs: size)
            }
            if id.elementsEqual("data".utf8) {
                dataFirst = true
            } else if id.elementsEqual("fmt ".utf8) {
                guard !dataFirst else { throw .dataBeforeFormat }
                guard format == nil else { throw .twoFormatChunks }
                format = try parseFormat(bytes, body, size)
            }
            // Sizes are below 2^32, so this cannot overflow an Int of 64 bits.
            offset = body + size + (size & 1)
        }
        throw format == nil ? .noFormat : .noData
    }

    /// The data chunk's frames and the RIFF size, checked against the format and the file.
    private static func checked(_ format: Format, data: Range<Int>, riffSize: Int,
                                fileSize: Int) throws(WAVError) -> (Format, Range<Int>) {
        guard data.count % format.blockAlign == 0 else {
            throw .partialFrame(bytes: data.count, frameBytes: format.blockAlign)
        }
        let frames = data.count / format.blockAlign
        guard frames > 0 else { throw .noFrames }
        guard frames <= maximumSeconds * format.sampleRate else {
            throw .tooLong(frames: frames, sampleRate: format.sampleRate)
        }
        let riffEnd = 8 + riffSize
        guard riffEnd <= fileSize else { throw .riffCutShort(says: riffEnd, has: fileSize) }
        guard riffEnd >= data.upperBound else { throw .riffEndsBeforeData(says: riffEnd, dataEnd: data.upperBound) }
        return (format, data)
    }

    /// The last 14 bytes of the KSDATAFORMAT_SUBTYPE GUIDs of PCM and IEEE float; the first two are the
    /// format code.
    private static let subformatSuffix: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]

    private static func parseFormat(_ bytes: [UInt8], _ body: Int, _ size: Int) throws(WAVError) -> Format {
        guard size >= 16 else { throw .formatChunkTooShort(size) }
        var code = u16(bytes, body)
        let channels = u16(bytes, body + 2)
        let sampleRate = u32(bytes, body + 4)
        let byteRate = u32(bytes, body + 8)
        let blockAlign = u16(bytes, body + 12)
        let bits = u16(bytes, body + 14)
        if code == 0xFFFE {
            guard size >= 40 else { throw .extensibleChunkTooShort(size) }
            let subformat = bytes[(body + 24)..<(body + 40)]
            code = u16(bytes, body + 24)
            guard subformat.suffix(14).elementsEqual(subformatSuffix), code == 1 || code == 3 else {
                throw .unsupportedSubformat(subformat.map { hex($0, digits: 2) }.joined())
            }
            let valid = u16(bytes, body + 18)
            guard valid <= bits else { throw .validBitsExceedSize(valid: valid, bits: bits) }
        }
        switch code {
        case 1: guard [8, 16, 24, 32].contains(bits) else { throw .unsupportedBits(bits, float: false) }
        case 3: guard bits == 32 else { throw .unsupportedBits(bits, float: true) }
        default: throw .unsupportedFormat(code)
        }
        guard channelCounts.contains(channels) else { throw .channels(channels) }
        guard sampleRates.contains(sampleRate) else { throw .sampleRate(sampleRate) }
        let frameBytes = channels * bits / 8
        guard blockAlign == frameBytes else {
            throw .blockAlign(blockAlign, channels: channels, bits: bits)
        }
        guard byteRate == sampleRate * frameBytes else {
            throw .byteRate(byteRate, sampleRate: sampleRate, frameBytes: frameBytes)
        }
        return Format(isFloat: code == 3, bits: bits, channels: channels, sampleRate: sampleRate, blockAlign: blockAlign)
    }

    /// Every sample of every channel, interleaved, from -1 to 1 (floats as they are).
    private static func read(_ bytes: [UInt8], _ data: Range<Int>, _ format: Format, frames: Int) -> [Float] {
        let count = frames * format.channels
        let width = format.bits / 8
        return bytes.withUnsafeBufferPointer { all in
            let raw = UnsafeBufferPointer(rebasing: all[data])
            return [Float](unsafeUninitializedCapacity: count) { out, initialized in
                for index in 0..<count {
                    let at = index * width
                    let value: Float
                    switch (format.isFloat, width) {
                    case (true, _):
                        value = Float(bitPattern: UInt32(raw[at]) | UInt32(raw[at + 1]) << 8 | UInt32(raw[at + 2]) << 16 | UInt32(raw[at + 3]) << 24)
                    case (false, 1):
                        value = Float(Int(raw[at]) - 128) / 128
                    case (false, 2):
                        value = Float(Int16(bitPattern: UInt16(raw[at]) | UInt16(raw[at + 1]) << 8)) / 32768
                    case (false, 3):
                        // The three bytes go to the top of a 32-bit word; the shift back extends the sign.
                        let word = UInt32(raw[at]) << 8 | UInt32(raw[at + 1]) << 16 | UInt32(raw[at + 2]) << 24
                        value = Float(Int32(bitPattern: word) >> 8) / 8_388_608
                    default:
                        let word = UInt32(raw[at]) | UInt32(raw[at + 1]) << 8 | UInt32(raw[at + 2]) << 16 | UInt32(raw[at + 3]) << 24
                        value = Float(Int32(bitPattern: word)) / 2_147_483_648
                    }
                    (out.baseAddress! + index).initialize(to: value)
                }
                initialized = count
            }
        }
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }
}

/// Why a file is not a WAV file ``WAVReader`` accepts; the message says what is wrong and what is
/// accepted.
package enum WAVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not start with `RIFF`, a size and `WAVE`.
    case notWAV
    /// A WAVE container other than little-endian RIFF (`RIFX`, `RF64`, `BW64`).
    case unsupportedContainer(String)
    /// A chunk before the samples is longer than what is left of the file.
    case chunkCutShort(id: [UInt8], has: Int, needs: Int)
    /// The data chunk is longer than what is left of the file.
    case dataCutShort(has: Int, needs: Int)
    /// No `fmt ` chunk at all.
    case noFormat
    /// The `data` chunk comes before the `fmt ` chunk.
    case dataBeforeFormat
    /// More than one `fmt ` chunk.
    case twoFormatChunks
    /// A `fmt ` chunk too short to hold the basic fields.
    case formatChunkTooShort(Int)
    /// A `WAVE_FORMAT_EXTENSIBLE` `fmt ` chunk too short to hold its subformat.
    case extensibleChunkTooShort(Int)
    /// A format code other than PCM (1), IEEE float (3) or extensible.
    case unsupportedFormat(Int)
    /// An extensible format whose subformat GUID (as hex) is neither PCM nor IEEE float.
    case unsupportedSubformat(String)
    /// An extensible format with more valid bits than its samples hold.
    case validBitsExceedSize(valid: Int, bits: Int)
    /// PCM or float samples of a size not accepted.
    case unsupportedBits(Int, float: Bool)
    /// A number of channels other than 1 or 2.
    case channels(Int)
    /// A sample rate outside 8000…192000 Hz.
    case sampleRate(Int)
    /// A block align that is not channels × bytes a sample.
    case blockAlign(Int, channels: Int, bits: Int)
    /// A byte rate that is not sample rate × block align.
    case byteRate(Int, sampleRate: Int, frameBytes: Int)
    /// No data chunk after the `fmt ` chunk.
    case noData
    /// A data chunk whose length is not a whole number of frames.
    case partialFrame(bytes: Int, frameBytes: Int)
    /// A data chunk with no frames.
    case noFrames
    /// More than 60 seconds of sound.
    case tooLong(frames: Int, sampleRate: Int)
    /// The RIFF header's size runs past the end of the file.
    case riffCutShort(says: Int, has: Int)
    /// The RIFF header's size ends before the data chunk does.
    case riffEndsBeforeData(says: Int, dataEnd: Int)
    /// A float sample that is NaN or infinite, in frame `frame` (from 0).
    case nonFiniteSample(frame: Int, sampleRate: Int)

    private static var use: String { "use \(WAVReader.acceptedFormats)" }

    package var description: String {
        switch self {
        case .notWAV:
            return "not a WAV file (it does not start with RIFF…WAVE)"
        case let .unsupportedContainer(name):
            return name == "RIFX" ? "big-endian RIFX WAV files are not supported; use a little-endian RIFF WAV file"
                : "\(name) WAV files are not supported; use a RIFF WAV file (at most 60 seconds fit in one)"
        case let .chunkCutShort(id, has, needs):
            return "the \(quoted(bytes: id)) chunk is cut short: \(has) of \(needs) bytes"
        case let .dataCutShort(has, needs):
            return "the data chunk is cut short: \(has) of \(needs) bytes"
        case .noFormat:
            return "there is no fmt chunk, which says how the samples are stored"
        case .dataBeforeFormat:
            return "the data chunk comes before the fmt chunk; the fmt chunk must come first"
        case .twoFormatChunks:
            return "there are two fmt chunks; a WAV file has exactly one"
        case let .formatChunkTooShort(size):
            return "the fmt chunk is \(size) bytes; it must be at least 16"
        case let .extensibleChunkTooShort(size):
            return "the fmt chunk of an extensible WAV is \(size) bytes; it must be at least 40"
        case let .unsupportedFormat(code):
            return "\(Self.formatName(code)) is not supported; \(Self.use)"
        case let .unsupportedSubformat(guid):
            return "extensible format with subformat \(guid) is not supported; \(Self.use)"
        case let .validBitsExceedSize(valid, bits):
            return "\(valid) valid bits in \(bits)-bit samples; the valid bits must fit in the sample"
        case let .unsupportedBits(bits, float):
            return "\(bits)-bit \(float ? "float" : "PCM") is not supported; \(Self.use)"
        case let .channels(count):
            return "\(count) channel\(count == 1 ? "" : "s"); use 1 or 2"
        case let .sampleRate(rate):
            return "sample rate \(rate) Hz; use \(WAVReader.sampleRates.lowerBound) to \(WAVReader.sampleRates.upperBound) Hz"
        case let .blockAlign(align, channels, bits):
            return "block align \(align) bytes does not match \(channels) channel\(channels == 1 ? "" : "s") of \(bits) bits; it must be \(channels * bits / 8)"
        case let .byteRate(rate, sampleRate, frameBytes):
            return "byte rate \(rate) a second does not match \(sampleRate) Hz of \(frameBytes)-byte frames; it must be \(sampleRate * frameBytes)"
        case .noData:
            return "there is no data chunk (the samples) after the fmt chunk"
        case let .partialFrame(bytes, frameBytes):
            return "the data chunk holds \(bytes) bytes, not a whole number of \(frameBytes)-byte frames"
        case .noFrames:
            return "the data chunk holds no samples; a sound has at least one"
        case let .tooLong(frames, sampleRate):
            return "\(Self.tenths(frames, sampleRate)) seconds long; at most \(WAVReader.maximumSeconds) seconds"
        case let .riffCutShort(says, has):
            return "the file is cut short: its RIFF header says \(says) bytes, and it has \(has)"
        case let .riffEndsBeforeData(says, dataEnd):
            return "its RIFF header says the file is \(says) bytes, but the data chunk ends at byte \(dataEnd)"
        case let .nonFiniteSample(frame, sampleRate):
            return "the sample at \(Self.tenths(frame, sampleRate, roundingUp: false)) seconds is not a number (NaN or infinite); float samples must be finite"
        }
    }

    /// The message, as ``description`` gives it.
    package var message: String { description }

    /// `A-law (format 6)`, or `format 0x1234` for a code without a common name.
    private static func formatName(_ code: Int) -> String {
        let names: [Int: String] = [
            0x0002: "Microsoft ADPCM", 0x0006: "A-law", 0x0007: "µ-law", 0x0011: "IMA ADPCM",
            0x0031: "GSM 6.10", 0x0050: "MPEG", 0x0055: "MP3",
        ]
        return names[code].map { "\($0) (format \(code))" } ?? "format 0x\(hex(code, digits: 4))"
    }

    /// `71.2`: `frames` at `rate` in seconds, to a tenth; a length is rounded up, so that 60.01 s does
    /// not read 60.0, and a moment down.
    private static func tenths(_ frames: Int, _ rate: Int, roundingUp: Bool = true) -> String {
        let tenths = (frames * 10 + (roundingUp ? rate - 1 : 0)) / rate
        return "\(tenths / 10).\(tenths % 10)"
    }
}
