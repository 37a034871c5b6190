import Breath

/// The breathing pacer of a profile (the Breathing section): off in a new profile.
///
/// Its rows: Enabled; when on, Pattern, (with Custom: In, Hold, Out, Hold), Leads, Cue and Volume.
package struct Breathing: Hashable, Sendable {
    /// Whether the pacer leads the breath (the section's Enabled switch).
    package var isEnabled: Bool
    /// The pattern chosen.
    package var choice: BreathPatternChoice
    /// The lengths of the custom pattern, kept while another is chosen (as a switched-off warm-up keeps its
    /// length).
    package var custom: BreathCustom
    /// Which part of the sit it leads.
    package var lead: BreathLead
    /// How it is heard.
    package var cue: BreathCue
    /// How loud the cue is, 0 to 100 (percent).
    package var volume: Int

    /// The cue's volume in a new profile.
    package static let defaultVolume = 40

    package init(isEnabled: Bool = false, choice: BreathPatternChoice = .coherent, custom: BreathCustom = .standard,
                 lead: BreathLead = .firstMinutes(5), cue: BreathCue = .tone, volume: Int = Breathing.defaultVolume) {
        self.isEnabled = isEnabled
        self.choice = choice
        self.custom = custom
        self.lead = lead
        self.cue = cue
        self.volume = volume
    }

    /// The pattern that leads: the named one, or the custom lengths (which a profile only holds when they
    /// make a pattern; Coherent otherwise).
    package var pattern: BreathPattern {
        choice.named ?? ((try? custom.pattern()) ?? .coherent)
    }

    /// When in a session the pacer leads, in seconds of the sit as it runs: `warmUp` is the warm-up's
    /// length when it is on (nil when off), the main sit starts after it and lasts `main` (nil: open, it
    /// ends when the user ends it). Nil when the pacer is off or leads a warm-up there is not.
    package func pacing(warmUp: Double?, main: Double?) -> BreathPacing? {
        guard isEnabled else { return nil }
        let mainStart = warmUp ?? 0
        let span: (start: Double, end: Double?)
        switch lead {
        case .warmUp:
            guard let warmUp, warmUp > 0 else { return nil }
            span = (0, warmUp)
        case let .firstMinutes(minutes):
            let length = Double(minutes * 60)
            span = (mainStart, mainStart + (main.map { min($0, length) } ?? length))
        case .wholeSit:
            span = (mainStart, main.map { mainStart + $0 })
        }
        return BreathPacing(pattern: pattern, cue: cue, volume: volume, start: span.start, end: span.end)
    }
}
