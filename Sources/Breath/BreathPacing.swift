import TextSupport

/// How the pace is heard (the Breathing section's Cue row, `--cue`).
package enum BreathCue: String, Hashable, Sendable, CaseIterable {
    /// A soft tone that rises in pitch and level on the in-breath and falls on the out-breath.
    case tone
    /// The ambience swelling with the in-breath and ebbing with the out-breath.
    case swell
    /// A soft tick at each change of phase.
    case tick
    /// Shown only.
    case none

    /// The name as the Cue row shows it and `set` takes it: `tone`, `swell`, `tick`, `none`.
    package var name: String { rawValue }

    /// What it does, for help and the editor.
    package var about: String {
        switch self {
        case .tone: "a tone rising with the in-breath and falling with the out-breath"
        case .swell: "the ambience swelling with the in-breath and ebbing with the out-breath"
        case .tick: "a soft tick at each change"
        case .none: "shown, not heard"
        }
    }

    /// What the Cue row accepts, for messages.
    package static let acceptedForms = allCases.map(\.name).joined(separator: ", ")

    /// A cue by its name, any case.
    ///
    /// - Throws: ``BreathPatternError`` naming what is accepted.
    package init(parsing text: String) throws(BreathPatternError) {
        let word = text.trimmingWhitespace().lowercased()
        guard let cue = Self.allCases.first(where: { $0.name == word }) else {
            throw BreathPatternError(what: "cue", input: text, reason: "it is not a cue", accepted: Self.acceptedForms)
        }
        self = cue
    }
}

/// Which part of a sit the pacer leads (the Breathing section's Leads row).
package enum BreathLead: Hashable, Sendable {
    /// The whole warm-up (nothing when the warm-up is off).
    case warmUp
    /// The first minutes of the main sit (all of it when it is shorter).
    case firstMinutes(Int)
    /// The whole main sit.
    case wholeSit

    /// The most minutes `firstMinutes` takes: a day's main sit.
    package static let minutes = 1...1439

    /// `warm-up`, `first 5 min`, `whole sit`: what the Leads row shows.
    package var text: String {
        switch self {
        case .warmUp: "warm-up"
        case let .firstMinutes(minutes): "first \(minutes) min"
        case .wholeSit: "whole sit"
        }
    }

    /// The word `set` writes and documents store: `warmup`, `5m`, `whole`.
    package var name: String {
        switch self {
        case .warmUp: "warmup"
        case let .firstMinutes(minutes): "\(minutes)m"
        case .wholeSit: "whole"
        }
    }

    /// What the Leads row accepts, for messages.
    package static let acceptedForms = "warmup, whole, or the first minutes of the main sit such as 5m (1m to \(minutes.upperBound)m)"

    /// `warmup` (or `warm-up`), `whole` (or `whole sit`), `5m`, `5 min`, `first 5 min`, `5`; any case.
    ///
    /// - Throws: ``BreathPatternError`` naming what is accepted.
    package init(parsing text: String) throws(BreathPatternError) {
        var word = text.trimmingWhitespace().lowercased()
        switch word {
        case "warmup", "warm-up", "warm up": self = .warmUp; return
        case "whole", "whole sit", "wholesit": self = .wholeSit; return
        default: break
        }
        if word.hasPrefix("first ") { word = String(word.dropFirst(6)).trimmingWhitespace() }
        for unit in [" minutes", " minute", " min", "min", "m"] where word.hasSuffix(unit) {
            word = String(word.dropLast(unit.count)).trimmingWhitespace()
            break
        }
        guard !word.isEmpty, word.count <= 4, word.allSatisfy(\.isASCIIDigit), let minutes = Int(word),
              Self.minutes.contains(minutes) else {
            throw BreathPatternError(what: "lead", input: text, reason: "it is not a part of the sit", accepted: Self.acceptedForms)
        }
        self = .firstMinutes(minutes)
    }
}

/// The pacing of one sit, as the run leads it: the pattern, how it is heard, and when in the sit.
///
/// Times are seconds of the sit as it runs (pauses do not count): ``start`` is where the first in-breath
/// begins, ``end`` where the pacer stops leading (nil: when the main sit ends, for a main sit of open
/// length). The breath at a moment of the sit is `pattern.position(at: sitSeconds - start)`.
package struct BreathPacing: Hashable, Sendable {
    package var pattern: BreathPattern
    package var cue: BreathCue
    /// How loud the cue is, 0 to 100 (percent), as the ambience's volume.
    package var volume: Int
    package var start: Double
    package var end: Double?

    package init(pattern: BreathPattern, cue: BreathCue, volume: Int, start: Double, end: Double?) {
        self.pattern = pattern
        self.cue = cue
        self.volume = volume
        self.start = start
        self.end = end
    }

    /// Whether the pacer leads at `seconds` of the sit.
    package func leads(at seconds: Double) -> Bool {
        seconds >= start && seconds < (end ?? .infinity)
    }

    /// Whole breaths begun between the start and `seconds` of the sit (what the journal counts as led):
    /// a breath counts once its in-breath has begun.
    package func breathsBegun(by seconds: Double) -> Int {
        let until = min(seconds, end ?? .infinity) - start
        guard until > 0 else { return 0 }
        // In tenths over a whole number of tenths: a span of whole breaths divides exactly (5.6 s breaths
        // over 21 minutes are 225, where seconds over 5.6 rounded up made 226).
        return Int((until * 10 / Double(pattern.cycleTenths)).rounded(.up))
    }
}

/// The Pattern row's choices: the four named patterns, or Custom (the In, Hold, Out and Hold rows).
package enum BreathPatternChoice: String, Hashable, Sendable, CaseIterable {
    case coherent
    case box
    case fourSevenEight = "4-7-8"
    case cyclicSigh = "sigh"
    case custom

    /// As the Pattern row shows it: `Coherent 5.5`, `Box 4`, `4-7-8`, `Cyclic sigh`, `Custom`.
    package var title: String {
        switch self {
        case .coherent: "Coherent 5.5"
        case .box: "Box 4"
        case .fourSevenEight: "4-7-8"
        case .cyclicSigh: "Cyclic sigh"
        case .custom: "Custom"
        }
    }

    /// The word `set` takes and documents store: `coherent`, `box`, `4-7-8`, `sigh`, `custom`.
    package var name: String { rawValue }

    /// The named pattern; nil for Custom.
    package var named: BreathPattern? {
        switch self {
        case .coherent: .coherent
        case .box: .box
        case .fourSevenEight: .fourSevenEight
        case .cyclicSigh: .cyclicSigh
        case .custom: nil
        }
    }

    /// What the Pattern row accepts, for messages.
    package static let acceptedForms = allCases.map(\.name).joined(separator: ", ")

    /// A choice by its name or title, any case (`coherent`, `Coherent 5.5`, `cyclic sigh`, `4-7-8`).
    ///
    /// - Throws: ``BreathPatternError`` naming what is accepted.
    package init(parsing text: String) throws(BreathPatternError) {
        let word = text.trimmingWhitespace().lowercased()
        if let choice = Self.allCases.first(where: { $0.name == word || $0.title.lowercased() == word }) {
            self = choice
        } else if let named = BreathPattern.named.first(where: { $0.names.contains(word) }),
                  let choice = Self.allCases.first(where: { $0.named == named.pattern }) {
            self = choice
        } else {
            throw BreathPatternError(what: "pattern", input: text, reason: "it is not one of the patterns", accepted: Self.acceptedForms)
        }
    }
}

/// The four lengths of a custom pattern, in tenths of a second: in, the hold after it, out, the hold
/// after that (the Custom rows In, Hold, Out and Hold).
package struct BreathCustom: Hashable, Sendable {
    package var inTenths: Int
    package var holdIn: Int
    package var outTenths: Int
    package var holdOut: Int

    /// A new profile's custom pattern: 4 in, 6 out (before the user makes it their own).
    package static let standard = BreathCustom(inTenths: 40, holdIn: 0, outTenths: 60, holdOut: 0)

    package init(inTenths: Int, holdIn: Int, outTenths: Int, holdOut: Int) {
        self.inTenths = inTenths
        self.holdIn = holdIn
        self.outTenths = outTenths
        self.holdOut = holdOut
    }

    /// The pattern, when the four lengths make one.
    ///
    /// - Throws: ``BreathPatternError`` saying which length is out of bounds.
    package func pattern() throws(BreathPatternError) -> BreathPattern {
        try BreathPattern(inTenths: inTenths, holdIn: holdIn, outTenths: outTenths, holdOut: holdOut)
    }
}

/// The breathing a run's pacer led during a sit (issue 48), as the run counts it and the journal logs it.
package struct SitBreathing: Hashable, Sendable {
    /// The pattern as `--breathe` writes it (``BreathPattern/text``): `coherent`, `box`, `4-7-8`,
    /// `cyclic sigh`, or `4-2-6-0`.
    package var pattern: String
    /// Breaths led: each whose in-breath began while the pacer led (``BreathPacing/breathsBegun(by:)``).
    package var breaths: Int
    /// Seconds of the sit the pacer led, pauses left out.
    package var seconds: Int

    package init(pattern: String, breaths: Int, seconds: Int) {
        self.pattern = pattern
        self.breaths = breaths
        self.seconds = seconds
    }
}
