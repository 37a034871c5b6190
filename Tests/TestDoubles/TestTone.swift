#if canImport(Glibc)
import Glibc
#endif
import Sound

/// Ambience loops whose level is easy to measure from the samples, for tests only (the product plays
/// a profile's soundscape or recording).
package enum TestTone {
    /// A 200 Hz sine on the left and 300 Hz on the right, at half scale, one second long (whole cycles,
    /// so the loop joins without a click), played at `volume` (0 to 100).
    package static func loop(volume: Int = 100) -> (source: AmbienceSource, volume: Int) {
        let rate = StreamMixer.sampleRate
        let left = (0..<rate).map { Float(0.5 * sin(2 * Double.pi * 200 * Double($0) / Double(rate))) }
        let right = (0..<rate).map { Float(0.5 * sin(2 * Double.pi * 300 * Double($0) / Double(rate))) }
        return (.loop(StereoLoop(sampleRate: rate, left: left, right: right)), volume)
    }

    /// `seconds` of a `frequency` sine at `amplitude` (of full scale), mono 16-bit samples at `rate`.
    package static func sine(frequency: Double, amplitude: Double = 0.5, seconds: Double, rate: Int = 44_100) -> [Int16] {
        (0..<Int(seconds * Double(rate))).map { PCM16.sample(amplitude * sin(2 * Double.pi * frequency * Double($0) / Double(rate))) }
    }
}
