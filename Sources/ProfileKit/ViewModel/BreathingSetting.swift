import Breath
import TextSupport

/// The Breathing section's rows under its switch: the Pattern, the four lengths of a custom pattern
/// (shown with Custom only), how long it leads, the cue and its volume.
package enum BreathingSetting: Hashable, Sendable, CaseIterable {
    /// Which pattern leads: a named one or Custom (``BreathPatternChoice``).
    case pattern
    /// One of the custom pattern's four lengths.
    case length(BreathLength)
    /// Which part of the sit it leads (``BreathLead``).
    case lead
    /// How it is heard (``BreathCue``).
    case cue
    /// How loud the cue is, in percent.
    case volume

    /// Top to bottom, as the section shows them.
    package static let allCases: [BreathingSetting] = [.pattern] + BreathLength.allCases.map(Self.length) + [.lead, .cue, .volume]

    /// The setting's name: `breathing.pattern`, `breathing.in`, `breathing.hold-in`, `breathing.out`,
    /// `breathing.hold-out`, `breathing.lead`, `breathing.cue`, `breathing.volume`.
    package var name: String {
        switch self {
        case .pattern: "breathing.pattern"
        case let .length(length): "breathing.\(length.rawValue)"
        case .lead: "breathing.lead"
        case .cue: "breathing.cue"
        case .volume: "breathing.volume"
        }
    }

    /// The row's place in the section (the switch is 0).
    package var position: Int {
        switch self {
        case .pattern: 1
        case let .length(length): 2 + (BreathLength.allCases.firstIndex(of: length) ?? 0)
        case .lead: 6
        case .cue: 7
        case .volume: 8
        }
    }

    /// The row's label: `Pattern`, `In`, `Hold`, `Out`, `Hold`, `Leads`, `Cue`, `Volume`.
    package var label: String {
        switch self {
        case .pattern: "Pattern"
        case .length(.inhale): "In"
        case .length(.holdIn), .length(.holdOut): "Hold"
        case .length(.exhale): "Out"
        case .lead: "Leads"
        case .cue: "Cue"
        case .volume: "Volume"
        }
    }

    /// What messages and the editor's questions call it.
    package var title: String {
        switch self {
        case .pattern: "Breathing pattern"
        case .length(.inhale): "Custom in-breath"
        case .length(.holdIn): "Custom hold after the in-breath"
        case .length(.exhale): "Custom out-breath"
        case .length(.holdOut): "Custom hold after the out-breath"
        case .lead: "Part of the sit the breathing leads"
        case .cue: "Breathing cue"
        case .volume: "Breathing cue volume"
        }
    }

    /// What the Breathing section's settings take, for the editor's `help set`: `breathing.pattern
    /// coherent, box, …; custom shows breathing.in, …`.
    package static var valueHelp: String {
        let lengths = BreathLength.allCases.map { Setting.breathing(.length($0)).name }.joined(separator: ", ")
        return "\(Setting.breathing(.pattern).name) \(BreathPatternChoice.acceptedForms) (custom shows \(lengths): \(BreathLength.acceptedForms)); "
            + "\(Setting.breathing(.lead).name) \(BreathLead.acceptedForms); \(Setting.breathing(.cue).name) \(BreathCue.acceptedForms)"
    }

    /// The pattern the profile must have chosen for the row to show: Custom for the four lengths.
    package var shownWithChoice: BreathPatternChoice? {
        if case .length = self { .custom } else { nil }
    }
}

/// The four lengths of a custom pattern, by the names `set` takes after `breathing.`.
package enum BreathLength: String, Hashable, Sendable, CaseIterable {
    case inhale = "in"
    case holdIn = "hold-in"
    case exhale = "out"
    case holdOut = "hold-out"

    /// This length in `custom`, in tenths of a second.
    package var keyPath: WritableKeyPath<BreathCustom, Int> {
        switch self {
        case .inhale: \.inTenths
        case .holdIn: \.holdIn
        case .exhale: \.outTenths
        case .holdOut: \.holdOut
        }
    }

    /// What a length accepts, for messages.
    package static let acceptedForms = "seconds with at most one decimal, such as 4, 5.5 or 0 (for no hold)"

    /// Reads seconds as people type them, tenths allowed: `4`, `5.5`, `0.5`, `4s`, `4 s`, `4 sec`.
    ///
    /// - Throws: ``ProfileError/breathing(_:)`` naming the value and what is accepted.
    package func tenths(parsing text: String) throws(ProfileError) -> Int {
        var word = text.trimmingWhitespace().lowercased()
        for unit in [" seconds", " second", " sec", "sec", " s", "s"] where word.hasSuffix(unit) {
            word = String(word.dropLast(unit.count)).trimmingWhitespace()
            break
        }
        guard let tenths = BreathPattern.tenths(word) else {
            throw .breathing(BreathPatternError(what: "length", input: text, reason: "it is not a number of seconds", accepted: Self.acceptedForms))
        }
        return tenths
    }

    /// `custom` with this length set to `tenths`, when the four lengths still make a pattern.
    ///
    /// - Throws: ``ProfileError/breathing(_:)`` saying which length is out of bounds.
    package func setting(_ tenths: Int, in custom: BreathCustom) throws(ProfileError) -> BreathCustom {
        var changed = custom
        changed[keyPath: keyPath] = tenths
        do {
            _ = try changed.pattern()
        } catch {
            throw .breathing(BreathPatternError(what: "length", input: BreathPattern.text(tenths), reason: error.reason,
                                                accepted: "lengths that make a breath: each in- and out-breath at least \(BreathPattern.text(BreathPattern.shortestBreath)) s, each phase at most \(BreathPattern.text(BreathPattern.longestPhase)) s, the whole breath at most \(BreathPattern.text(BreathPattern.longestCycle)) s"))
        }
        return changed
    }
}
