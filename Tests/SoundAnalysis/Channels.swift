/// Both channels as one: what is measured of a scene as a whole. Here, in the optimized SoundAnalysis,
/// and not as `zip(left, right).map` in a test: at -Onone that generic walk over minutes of samples was
/// most of a texture suite's time (perf, the wind's suite: 70 %).
package enum Channels {
    /// Left and right averaged, sample by sample (the shorter channel's length).
    package static func mono(_ left: [Float], _ right: [Float]) -> [Float] {
        let count = min(left.count, right.count)
        return [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { buffer[index] = (left[index] + right[index]) / 2 }
            initialized = count
        }
    }
}
