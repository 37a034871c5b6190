#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ambience loops for tests and the benchmark, named by `PROFILE_AMBIENCE_TEST` until a profile's
/// Ambience section reaches the run: known sounds whose level is easy to measure from the samples.
package enum TestAmbience {
    /// `tone` (a 200 Hz sine on the left, 300 Hz on the right, at half scale: whole cycles in its one
    /// second, so the loop joins without a click) or `noise` (a seeded noise, two channels apart), each
    /// optionally followed by `:N`, the volume from 0 to 100 (100 when left out); nil for anything else.
    package static func loop(_ text: String) -> (loop: StereoLoop, volume: Int)? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        let volume = parts.count > 1 ? Int(parts[1]) : 100
        guard let volume, (0...100).contains(volume) else { return nil }
        let rate = StreamMixer.sampleRate
        switch parts.first {
        case "tone":
            let left = (0..<rate).map { Float(0.5 * sin(2 * Double.pi * 200 * Double($0) / Double(rate))) }
            let right = (0..<rate).map { Float(0.5 * sin(2 * Double.pi * 300 * Double($0) / Double(rate))) }
            return (StereoLoop(sampleRate: rate, left: left, right: right), volume)
        case "noise":
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            func next() -> Float {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Float(Int64(bitPattern: (state >> 11) << 11)) / Float(Int64.max) * 0.3
            }
            let count = 2 * rate
            let left = (0..<count).map { _ in next() }
            let right = (0..<count).map { _ in next() }
            return (StereoLoop(sampleRate: rate, left: left, right: right), volume)
        default:
            return nil
        }
    }
}
