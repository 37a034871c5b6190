/// Samples from −1 to 1 as signed 16-bit PCM, little-endian: the one quantizer of the bells, the
/// soundscapes and the stream, and the one byte packer of WAV files and the stream's pipe.
package enum PCM16 {
    /// A sample from −1 to 1 as 16 bits: times 32,768 (plus `dither`, in steps of 16 bits), rounded to
    /// the nearest, clamped to the 16-bit range; NaN is 0. The inverse of
    /// ``PCMSound/init(int16:sampleRate:)``: *s* / 32,768 comes back as *s* exactly.
    package static func sample(_ value: Double, dither: Double = 0) -> Int16 {
        guard !value.isNaN else { return 0 }
        let scaled = (value * 32768 + dither).rounded()
        if scaled >= 32767 { return .max }
        if scaled <= -32768 { return .min }
        return Int16(scaled)
    }

    /// ``sample(_:dither:)`` of a `Float` (scaling by a power of two is exact in either width).
    package static func sample(_ value: Float) -> Int16 { sample(Double(value)) }

    /// `samples` as little-endian bytes, appended to `bytes`.
    package static func append(_ samples: some Collection<Int16>, to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + 2 * samples.count)
        for sample in samples {
            let bits = UInt16(bitPattern: sample)
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bytes.append(UInt8(truncatingIfNeeded: bits >> 8))
        }
    }

    /// `samples` as little-endian bytes.
    package static func bytes(_ samples: some Collection<Int16>) -> [UInt8] {
        var bytes: [UInt8] = []
        append(samples, to: &bytes)
        return bytes
    }
}

/// The WAV container for 16-bit PCM, mono or stereo.
package enum WAV {
    /// Interleaved 16-bit samples (`channels` of them a frame) after the 44-byte header, little-endian.
    package static func encode(interleaved samples: [Int16], channels: Int, sampleRate: Int) -> [UInt8] {
        let frameBytes = 2 * channels
        let dataSize = samples.count / channels * frameBytes
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + dataSize)
        func append32(_ value: Int) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) } }
        func append16(_ value: Int) { bytes.append(UInt8(truncatingIfNeeded: value)); bytes.append(UInt8(truncatingIfNeeded: value >> 8)) }
        bytes += Array("RIFF".utf8); append32(36 + dataSize); bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8); append32(16)
        append16(1)                             // PCM
        append16(channels)
        append32(sampleRate)
        append32(sampleRate * frameBytes)       // bytes per second
        append16(frameBytes)                    // bytes per frame
        append16(16)                            // bits per sample
        bytes += Array("data".utf8); append32(dataSize)
        PCM16.append(samples.prefix(dataSize / 2), to: &bytes)
        return bytes
    }

    /// Mono 16-bit samples as a WAV file.
    package static func encode(_ samples: [Int16], sampleRate: Int) -> [UInt8] {
        encode(interleaved: samples, channels: 1, sampleRate: sampleRate)
    }

    /// Two channels from −1 to 1 as a 16-bit stereo WAV file (``PCM16/sample(_:)``), left and right
    /// interleaved; as long as the shorter channel.
    package static func encode(left: [Float], right: [Float], sampleRate: Int) -> [UInt8] {
        let frames = min(left.count, right.count)
        var interleaved: [Int16] = []
        interleaved.reserveCapacity(2 * frames)
        for frame in 0..<frames {
            interleaved.append(PCM16.sample(left[frame]))
            interleaved.append(PCM16.sample(right[frame]))
        }
        return encode(interleaved: interleaved, channels: 2, sampleRate: sampleRate)
    }
}
