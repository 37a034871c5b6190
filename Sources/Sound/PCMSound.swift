/// A sound as mono samples from -1 to 1 at one sample rate: what ``WAVReader`` reads from a file, what a
/// synthesized bell becomes, and what ``StrikeMix`` repeats and scales.
package struct PCMSound: Equatable, Sendable {
    /// Samples per second.
    package var sampleRate: Int
    /// One channel of samples, each from -1 to 1 (full scale).
    package var samples: [Float]

    /// How long the sound lasts.
    package var seconds: Double { sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0 }

    /// The loudest sample's magnitude, from 0 to 1.
    package var peak: Float { samples.reduce(0) { max($0, abs($1)) } }

    package init(sampleRate: Int, samples: [Float]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// The synthesized bell (``BellSynth/samples(for:)``) at ``BellSynth/sampleRate``.
    ///
    /// A 16-bit sample *s* becomes *s* / 32768, which ``PCM16/sample(_:dither:)`` turns back into *s*
    /// exactly: one strike at full volume is the exported bell, sample for sample.
    package init(bell: Instrument) {
        self.init(int16: BellSynth.samples(for: bell), sampleRate: BellSynth.sampleRate)
    }

    /// 16-bit samples as a sound: each *s* becomes *s* / 32768.
    package init(int16 samples: [Int16], sampleRate: Int) {
        self.init(sampleRate: sampleRate, samples: samples.map { Float($0) / 32768 })
    }
}
