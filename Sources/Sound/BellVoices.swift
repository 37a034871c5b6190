import RealModule

/// What each built-in bell is made of: its modes, the burst of its strike, and how far apart a hand
/// strikes it.
///
/// Where the figures come from is written above each table. No recording was available to analyse
/// while these were made, so the measured figures are those of issue 24 (which gives them for the real
/// instruments, from published measurements and CC0 recordings) and of the papers it names; the values
/// the sources leave open (a fundamental inside a range, amplitudes, beat rates within a range) were
/// chosen here and tuned against the targets with numpy on exported files. The tests in
/// Tests/ProfileKitTests/Bells measure the results from the samples.
extension BellSynth {
    /// How a bell is built.
    struct Voice: Sendable {
        /// Its resonances.
        var modes: [Mode]
        /// The contact: a mallet's, a log's, two cymbals' clash.
        var bursts: [Burst]
        /// Seconds from one strike to the next, as a person would strike it.
        var spacing: Double
    }

    static func voice(for bell: Instrument) -> Voice {
        switch bell {
        case .singingBowl: singingBowl
        case .templeBell: templeBell
        case .gong: gong
        case .tingsha: tingsha
        case .woodBlock: woodBlock
        }
    }

    /// A Himalayan singing bowl struck with a padded mallet.
    ///
    /// Partials: Inácio, Henrique & Antunes, "The dynamics of Tibetan singing bowls", Acta Acustica
    /// united with Acustica 92 (2006) 637–653, as issue 24 gives their figures: partials at about
    /// 1 : 2.7 : 5.0–5.2 : 7.5–8.2, each a slowly beating doublet (the bowl's (n, 0) shell modes, split in
    /// two by the bowl's imperfect symmetry), ringing for tens of seconds. Their earlier paper (Revista de
    /// Acústica 35, 2004) concludes that a bowl's sound is always heard as beating. The ratios below sit
    /// inside those ranges (2.71, 5.13, 7.95). Chosen here: the fundamental (220 Hz, a bowl of about
    /// 15–20 cm), amplitudes falling with the partial's order, beat rates of about 1 to 4 Hz, and T60s
    /// from 30 s (fundamental) to 5 s, so that the bowl rings about half a minute. The doublet's weaker
    /// half at 45% of the stronger gives the fundamental an envelope ripple of about 8 dB.
    static let singingBowl = Voice(modes: [
        .partial(1.000, of: 220, amplitude: 1.00, t60: 30, beat: 0.8, twin: 0.45, twinT60: 28),
        .partial(2.710, of: 220, amplitude: 0.50, t60: 18, beat: 1.7, twin: 0.5),
        .partial(5.130, of: 220, amplitude: 0.18, t60: 9, beat: 2.9, twin: 0.5),
        .partial(7.950, of: 220, amplitude: 0.07, t60: 5, beat: 4.1, twin: 0.5),
    ], bursts: [
        // The mallet's contact: a few milliseconds of noise from 1.5 to 14 kHz.
        Burst(level: 0.35, attack: 0.0003, decay: 0.006, highPass: 1_500, lowPass: 14_000, seed: 1),
    ], spacing: 6)

    /// A Japanese temple bell (bonshō) struck with a swung wooden log (shumoku).
    ///
    /// Issue 24's figures for the bonshō: a hum near 100–130 Hz with slow beating and a T60 around 60 s;
    /// upper partials near 2.47, 2.87 and 5.1 times the hum that die within seconds; a thud at the
    /// strike. Chosen here: the hum at 112 Hz, beating at 0.55 Hz (its weaker half at 45%), upper
    /// partials with T60s of 6, 5 and 3 s, the first two beating too; the thud is noise under 350 Hz
    /// lasting about 60 ms, with a quieter click of bronze above 3 kHz.
    static let templeBell = Voice(modes: [
        .partial(1.00, of: 112, amplitude: 1.0, t60: 60, beat: 0.55, twin: 0.45, twinT60: 55),
        .partial(2.47, of: 112, amplitude: 0.9, t60: 6, beat: 1.3, twin: 0.4),
        .partial(2.87, of: 112, amplitude: 0.7, t60: 5, beat: 1.1, twin: 0.4),
        .partial(5.10, of: 112, amplitude: 0.4, t60: 3),
    ], bursts: [
        Burst(level: 1.2, attack: 0.001, decay: 0.015, lowPass: 350, seed: 2),
        Burst(level: 0.5, attack: 0.0003, decay: 0.006, highPass: 3_000, lowPass: 16_000, seed: 3),
    ], spacing: 8)

    /// A tam-tam (the flat, unpitched Chinese gong) struck with a soft beater.
    ///
    /// Issue 24's figures for the tam-tam: a dense spectrum up to 5–10 kHz whose highs build up for a
    /// fraction of a second after the strike, a slight pitch glide, and beating. Why the highs build:
    /// Fletcher & Rossing, "The Physics of Musical Instruments" (2nd ed., 1998), ch. 20 — the beater
    /// excites the low modes, and the plate's nonlinearity passes their energy up to higher ones. The
    /// modes here are generated from a fixed seed: five long modes from 142 to 366 Hz that carry the
    /// tail (the lowest two beating), 40 shorter ones from 70 Hz to 1 kHz, 140 from 1 to 10 kHz and 70
    /// from 10 to 16 kHz, each swelling in with a time constant from 100 ms (1 kHz) to 500 ms (10 kHz
    /// and above) and dying faster the higher it is. Above 8 kHz their amplitudes fall a further 24 dB an
    /// octave, so the highs thin out with no wall: a tam-tam's sound is broadband, its energy spreading
    /// from the struck low modes up into ever higher ones (Fletcher & Rossing, ch. 20), and nothing in a
    /// plate stops it at one frequency; a thin plate's modes are about evenly spaced in frequency at any
    /// height (its modal density is constant: Cremer, Heckl & Petersson, "Structure-Borne Sound", 3rd ed.,
    /// ch. 7), so only their damping, which grows with frequency, thins them out. Everything below 1 kHz starts 1.5% sharp and glides
    /// down over about a second, as a plate whose stiffness grows with amplitude does.
    static let gong: Voice = {
        var random = SplitMix64(seed: 0x7A3_7A3)
        let rolloff = 24.0
        func uniform(_ range: ClosedRange<Double>) -> Double { range.lowerBound + (range.upperBound - range.lowerBound) * random.nextUnit() }
        var modes: [Mode] = [
            Mode(frequency: 142, amplitude: 1.00, t60: 30, glide: 0.015, glideTime: 0.6, beat: 0.7, twin: 0.4),
            Mode(frequency: 188, amplitude: 0.40, t60: 20, glide: 0.015, glideTime: 0.6),
            Mode(frequency: 233, amplitude: 0.35, t60: 17, glide: 0.015, glideTime: 0.6, beat: 1.1, twin: 0.4),
            Mode(frequency: 297, amplitude: 0.30, t60: 15, glide: 0.015, glideTime: 0.6),
            Mode(frequency: 366, amplitude: 0.25, t60: 13, glide: 0.015, glideTime: 0.6),
        ]
        let middle = 40
        for index in 0..<middle {
            let frequency = 70 * Double.pow(1_000 / 70, (Double(index) + uniform(0.1...0.9)) / Double(middle))
            let sign: Double = random.next() & 1 == 0 ? 1 : -1
            modes.append(Mode(frequency: frequency, amplitude: sign * 0.3 * uniform(0.6...1), t60: uniform(6...11),
                              glide: 0.015, glideTime: 0.6))
        }
        // Above 8 kHz the modes' amplitudes fall a further `rolloff` dB an octave: a tam-tam's highs thin
        // out gradually, with no edge (issue 38, item 7).
        func top(_ frequency: Double) -> Double { frequency > 8_000 ? Double.pow(frequency / 8_000, -rolloff / 6.02) : 1 }
        let high = 140
        for index in 0..<high {
            let position = Double.pow((Double(index) + uniform(0.1...0.9)) / Double(high), 1.3)
            let frequency = 1_000 + 9_000 * position
            modes.append(Mode(frequency: frequency, amplitude: 0.3 * Double.pow(frequency / 1_000, -0.5) * uniform(0.6...1) * top(frequency),
                              t60: 9 * Double.pow(1_000 / frequency, 0.5), rise: 0.1 + 0.4 * (frequency - 1_000) / 9_000,
                              phase: uniform(0...(2 * Double.pi))))
        }
        // And on from 10 to 16 kHz, about as dense as at 10 kHz, swelling in as slowly as there.
        let higher = 70
        for index in 0..<higher {
            let frequency = 10_000 + 6_000 * (Double(index) + uniform(0.1...0.9)) / Double(higher)
            modes.append(Mode(frequency: frequency, amplitude: 0.3 * Double.pow(frequency / 1_000, -0.5) * uniform(0.6...1) * top(frequency),
                              t60: 9 * Double.pow(1_000 / frequency, 0.5), rise: 0.5, phase: uniform(0...(2 * Double.pi))))
        }
        return Voice(modes: modes, bursts: [
            // The beater's thump, and the rim's first rattle above 4 kHz.
            Burst(level: 2.0, attack: 0.002, decay: 0.012, lowPass: 250, seed: 4),
            Burst(level: 0.5, attack: 0.0003, decay: 0.006, highPass: 4_000, lowPass: 16_000, seed: 5),
        ], spacing: 7)
    }()

    /// Tingsha: two small cymbals on a cord, struck against each other.
    ///
    /// Issue 24's figures: a strongest partial near 2.7–2.8 kHz, a second partial near 2.27 times it,
    /// beating near 12–16 Hz (the two cymbals are never quite in tune), a T60 of about 15 s, and a clash
    /// at the strike. Chosen here: 2,750 Hz, the second cymbal 14 Hz higher and at half the first's
    /// strength (so the beating swings by about 10 dB, never to silence), T60 17 s (the fundamental starts
    /// a little under the clash, and must still be above −60 dB at 15 s), and a clash of noise from 2.5 to
    /// 16 kHz.
    static let tingsha = Voice(modes: [
        .partial(1.00, of: 2_750, amplitude: 1.00, t60: 17, beat: 14, twin: 0.5, twinT60: 16),
        .partial(2.27, of: 2_750, amplitude: 0.35, t60: 7, beat: 14 * 2.27, twin: 0.5),
    ], bursts: [
        Burst(level: 0.9, attack: 0.0002, decay: 0.008, highPass: 2_500, lowPass: 16_000, seed: 6),
    ], spacing: 5)

    /// A wood block (or a temple block) struck with a stick.
    ///
    /// Issue 24: a knock under 0.3 s, with noise. Chosen here: a body resonance at 1,050 Hz with a T60 of
    /// 0.3 s, a second at 2.46 times it, both taking 2 ms to build (the stick's contact), and a click of
    /// noise from 0.8 to 6 kHz.
    static let woodBlock = Voice(modes: [
        Mode(frequency: 1_050, amplitude: 1.0, t60: 0.36, rise: 0.002),
        Mode(frequency: 1_050 * 2.46, amplitude: 0.3, t60: 0.18, rise: 0.002, phase: 2),
    ], bursts: [
        Burst(level: 0.15, attack: 0.0002, decay: 0.004, highPass: 800, lowPass: 6_000, seed: 8),
    ], spacing: 1)
}
