/// Stream: to be built (issue 49).
struct StreamTexture: TextureVoice {
    static let gain = 1.0
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: SplitMix64.seed(seed, part: 0))
    }

    mutating func render(_ frames: Int, left: inout [Float], right: inout [Float]) {
        for index in 0..<frames {
            left[index] = 0
            right[index] = 0
        }
    }
}
