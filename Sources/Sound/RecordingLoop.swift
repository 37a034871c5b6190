import RealModule

extension StereoLoop {
    /// The shortest recording made into a loop, in seconds: a shorter one would repeat too plainly to be
    /// an ambience (a one-second sound heard sixty times a minute), and leaves too little to fade the
    /// join over.
    package static let shortestRecording = 3.0

    /// A recording (`profile sounds add`, read by ``WAVReader`` and so already mono) made into a loop for
    /// the ambience: resampled to `sampleRate`, its last two seconds (a quarter of it when that is less)
    /// faded into its start with the soundscapes' equal-power crossfade
    /// (``SoundscapeSynth/seamless(_:frames:)``), so its end joins its start without a click; the same
    /// sound in both channels (a mono recording has nothing to decorrelate); and scaled to the
    /// soundscapes' integrated loudness (``SoundscapeSynth/loudness``), or as near as it can come with
    /// its peak at 0.99.
    ///
    /// Nil when the recording is shorter than ``shortestRecording``.
    ///
    /// - Complexity: O(*n*) in the recording's samples (times the resampler's taps when its rate differs).
    package init?(recording: PCMSound, sampleRate: Int = SoundscapeSynth.sampleRate) {
        guard recording.sampleRate > 0, recording.seconds >= Self.shortestRecording else { return nil }
        let samples = Self.resampled(recording.samples.map(Double.init), from: recording.sampleRate, to: sampleRate)
        let fade = min(2 * sampleRate, samples.count / 4)
        let loop = SoundscapeSynth.seamless(samples, frames: samples.count - fade).map(Float.init)
        let measured = Loudness.integrated([loop, loop], sampleRate: sampleRate)
        let peak = loop.reduce(0) { max($0, abs($1)) }
        guard measured.isFinite, peak > 0 else {
            self.init(sampleRate: sampleRate, left: loop, right: loop)
            return
        }
        let gain = Float(min(Double.pow(10, (SoundscapeSynth.loudness - measured) / 20), 0.99 / Double(peak)))
        let scaled = loop.map { $0 * gain }
        self.init(sampleRate: sampleRate, left: scaled, right: scaled)
    }

    /// `samples` at `rate` as samples at `target`: each new sample a Hann-windowed sinc interpolation of
    /// the old over 16 zero crossings, cut off at the lower rate's Nyquist frequency (so nothing folds
    /// down when the rate falls). The same samples when the rates are equal.
    static func resampled(_ samples: [Double], from rate: Int, to target: Int) -> [Double] {
        guard rate != target, rate > 0, target > 0, !samples.isEmpty else { return samples }
        let ratio = Double(rate) / Double(target)
        let cutoff = min(1, 1 / ratio)
        let reach = 16 / cutoff
        let count = Int((Double(samples.count) / ratio).rounded(.down))
        return (0..<count).map { index in
            let time = Double(index) * ratio
            let first = max(0, Int((time - reach).rounded(.up))), last = min(samples.count - 1, Int((time + reach).rounded(.down)))
            guard first <= last else { return 0 }
            var sum = 0.0
            for source in first...last {
                let distance = time - Double(source)
                let x = Double.pi * cutoff * distance
                let sinc = x == 0 ? 1 : Double.sin(x) / x
                let window = 0.5 + 0.5 * Double.cos(Double.pi * distance / reach)
                sum += samples[source] * cutoff * sinc * window
            }
            return sum
        }
    }
}
