/// A WAV file built for a test: every field of the header can be set, so each can be made wrong.
///
/// The defaults make a valid 16-bit mono 8 kHz PCM file of ``data``; block align, byte rate and the
/// chunk and RIFF sizes follow the other fields unless set.
struct TestWAV {
    var container = "RIFF"
    /// 1 PCM, 3 IEEE float, 6 A-law…; 0xFFFE writes an extensible `fmt ` chunk with ``subformat``.
    var format = 1
    /// The extensible subformat's code (1 PCM, 3 float), or a whole GUID with ``subformatGUID``.
    var subformat = 1
    var subformatGUID: [UInt8]?
    var validBits: Int?
    var channels = 1
    var sampleRate = 8_000
    var bits = 16
    var blockAlign: Int?
    var byteRate: Int?
    /// The `fmt ` chunk's body is cut to this many bytes.
    var formatSize: Int?
    /// The sample bytes, interleaved.
    var data: [UInt8] = []
    /// The data chunk's declared size, when it should differ from `data.count`.
    var dataSize: Int?
    /// Chunks written before the `fmt ` chunk, and between it and the data chunk.
    var before: [(id: [UInt8], body: [UInt8])] = []
    var between: [(id: [UInt8], body: [UInt8])] = []
    /// Chunks after the data chunk.
    var after: [(id: [UInt8], body: [UInt8])] = []
    var formatChunks = 1
    var dataFirst = false
    var riffSize: Int?

    var frameBytes: Int { channels * bits / 8 }

    var bytes: [UInt8] {
        var fmt = le16(format) + le16(channels) + le32(sampleRate) + le32(byteRate ?? sampleRate * frameBytes)
            + le16(blockAlign ?? frameBytes) + le16(bits)
        if format == 0xFFFE {
            let guid = subformatGUID ?? le16(subformat) + [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]
            fmt += le16(22) + le16(validBits ?? bits) + le32(0) + guid
        }
        if let formatSize { fmt = Array(fmt.prefix(formatSize)) }
        let fmtChunk = Array(repeating: Self.chunk(Array("fmt ".utf8), fmt), count: formatChunks).flatMap { $0 }
        var dataChunk = Array("data".utf8) + le32(dataSize ?? data.count) + data
        if data.count % 2 == 1 && dataSize == nil { dataChunk.append(0) }
        var body = Array("WAVE".utf8) + before.flatMap(Self.chunk)
        body += dataFirst ? dataChunk + between.flatMap(Self.chunk) + fmtChunk : fmtChunk + between.flatMap(Self.chunk) + dataChunk
        body += after.flatMap(Self.chunk)
        return Array(container.utf8) + le32(riffSize ?? body.count) + body
    }

    /// A chunk with its id, size and body, padded to an even length.
    static func chunk(_ id: [UInt8], _ body: [UInt8]) -> [UInt8] {
        id + le32(body.count) + body + (body.count % 2 == 1 ? [0] : [])
    }

    /// A valid file of 16-bit samples.
    static func pcm16(_ samples: [Int16], channels: Int = 1, sampleRate: Int = 8_000) -> TestWAV {
        TestWAV(channels: channels, sampleRate: sampleRate, bits: 16, data: samples.flatMap { le16(Int($0)) })
    }

    /// A valid file of 32-bit float samples.
    static func float32(_ samples: [Float], channels: Int = 1) -> TestWAV {
        TestWAV(format: 3, channels: channels, bits: 32, data: samples.flatMap { le32(Int($0.bitPattern)) })
    }
}

func le16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
func le24(_ value: Int) -> [UInt8] { le16(value) + [UInt8(truncatingIfNeeded: value >> 16)] }
func le32(_ value: Int) -> [UInt8] { le16(value) + le16(value >> 16) }
