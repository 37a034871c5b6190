import RealModule
import TextSupport

/// One move of a paced breath.
package enum BreathMove: String, Hashable, Sendable, CaseIterable {
    /// Breathing in.
    case breatheIn = "in"
    /// The second, shorter in-breath of a cyclic sigh, on top of the first.
    case topUp = "in again"
    /// Holding, full or empty.
    case hold = "hold"
    /// Breathing out.
    case breatheOut = "out"
}

/// One phase of a pattern: a move and how long it lasts, in tenths of a second (what `--breathe` and the
/// Custom rows accept: `5.5`).
package struct BreathPhase: Hashable, Sendable {
    package var move: BreathMove
    package var tenths: Int

    package init(_ move: BreathMove, tenths: Int) {
        self.move = move
        self.tenths = tenths
    }

    package var seconds: Double { Double(tenths) / 10 }
}

/// Where a paced breath is at a moment: its phase, how far into it, and how full the lungs are, which
/// is what the run screen's shape draws and the cue's pitch and level follow.
package struct BreathPosition: Hashable, Sendable {
    /// The phase the breath is in.
    package var phase: BreathPhase
    /// Its place in the pattern's phases.
    package var index: Int
    /// Whole breaths before this one.
    package var cycle: Int
    /// Seconds into the phase.
    package var elapsed: Double
    /// Seconds left of it.
    package var remaining: Double
    /// How full: 0 empty (after the out-breath) to 1 full (after the in-breath), eased in and out within
    /// each moving phase (half a cosine), so that a shape following it starts and stops smoothly.
    package var fullness: Double
}

/// A pattern of breathing, repeated for as long as it leads: its phases in order, none of zero length,
/// at least one in-breath and one out-breath.
///
/// The named patterns and their sources:
/// - **Coherent 5.5**: 5.5 s in, 5.5 s out, about 5.5 breaths a minute: resonance ("coherent")
///   breathing near six breaths a minute, where the heart rate's swing with the breath is largest
///   (Lehrer & Gevirtz 2014, "Heart rate variability biofeedback: how and why does it work?",
///   *Frontiers in Psychology* 5:756); 5.5 s each way is the pace breathe.py and most coherence pacers use.
/// - **Box 4**: 4 s in, 4 held, 4 out, 4 held, as box breathing is taught.
/// - **4-7-8**: 4 s in, 7 held, 8 out (A. Weil's "relaxing breath").
/// - **Cyclic sigh**: a long in-breath, a short second one on top of it, and a long out-breath: the
///   exercise of Balban et al. 2023, "Brief structured respiration practices enhance mood and reduce
///   physiological arousal", *Cell Reports Medicine* 4:100895, which its participants paced themselves,
///   the out-breath the longer. The figures here (3 s, 1 s, 6 s: six breaths a minute, the out-breath as
///   long as both in-breaths and half again) are this program's choice, not the study's.
package struct BreathPattern: Hashable, Sendable {
    package let phases: [BreathPhase]

    /// The shortest in- or out-breath a pattern may ask for, in tenths: a breath can be followed.
    package static let shortestBreath = 10
    /// The longest phase, in tenths.
    package static let longestPhase = 300
    /// The longest whole breath, in tenths.
    package static let longestCycle = 600

    package static let coherent = BreathPattern(checked: [BreathPhase(.breatheIn, tenths: 55), BreathPhase(.breatheOut, tenths: 55)])
    package static let box = BreathPattern(checked: [BreathPhase(.breatheIn, tenths: 40), BreathPhase(.hold, tenths: 40),
                                                     BreathPhase(.breatheOut, tenths: 40), BreathPhase(.hold, tenths: 40)])
    package static let fourSevenEight = BreathPattern(checked: [BreathPhase(.breatheIn, tenths: 40), BreathPhase(.hold, tenths: 70),
                                                                BreathPhase(.breatheOut, tenths: 80)])
    package static let cyclicSigh = BreathPattern(checked: [BreathPhase(.breatheIn, tenths: 30), BreathPhase(.topUp, tenths: 10),
                                                            BreathPhase(.breatheOut, tenths: 60)])

    private init(checked phases: [BreathPhase]) {
        self.phases = phases
    }

    /// In, hold, out and hold, in tenths of a second; a hold of 0 is left out.
    ///
    /// - Throws: when an in- or out-breath is shorter than ``shortestBreath``, a phase longer than
    ///   ``longestPhase`` or negative, or the whole breath longer than ``longestCycle``.
    package init(inTenths: Int, holdIn: Int, outTenths: Int, holdOut: Int) throws(BreathPatternError) {
        for (what, tenths) in [("the in-breath", inTenths), ("the out-breath", outTenths)] where tenths < Self.shortestBreath {
            throw BreathPatternError(reason: "\(what) is \(Self.text(tenths)) s; it takes at least \(Self.text(Self.shortestBreath)) s")
        }
        for (what, tenths) in [("the in-breath", inTenths), ("the hold after it", holdIn), ("the out-breath", outTenths),
                               ("the hold after it", holdOut)] {
            if tenths < 0 { throw BreathPatternError(reason: "\(what) is negative") }
            if tenths > Self.longestPhase {
                throw BreathPatternError(reason: "\(what) is \(Self.text(tenths)) s; a phase lasts at most \(Self.text(Self.longestPhase)) s")
            }
        }
        let total = inTenths + holdIn + outTenths + holdOut
        if total > Self.longestCycle {
            throw BreathPatternError(reason: "a breath of \(Self.text(total)) s; a breath lasts at most \(Self.text(Self.longestCycle)) s")
        }
        phases = [BreathPhase(.breatheIn, tenths: inTenths), BreathPhase(.hold, tenths: holdIn),
                  BreathPhase(.breatheOut, tenths: outTenths), BreathPhase(.hold, tenths: holdOut)].filter { $0.tenths > 0 }
    }

    /// A whole breath, in tenths of a second.
    package var cycleTenths: Int { phases.reduce(0) { $0 + $1.tenths } }
    /// A whole breath, in seconds.
    package var cycleSeconds: Double { Double(cycleTenths) / 10 }
    /// Breaths a minute.
    package var breathsPerMinute: Double { 600 / Double(cycleTenths) }

    /// How full the lungs are at the start of each phase and at its end, walking the breath from empty:
    /// each in-breath fills them, the first of two to ``topUpStart``, a hold keeps them, an out-breath
    /// empties them.
    private var levels: [(start: Double, end: Double)] {
        let topped = phases.contains { $0.move == .topUp }
        var level = 0.0
        return phases.map { phase in
            let start = level
            switch phase.move {
            case .breatheIn: level = topped ? Self.topUpStart : 1
            case .topUp: level = 1
            case .hold: break
            case .breatheOut: level = 0
            }
            return (start, level)
        }
    }

    /// How full the first of a sigh's two in-breaths leaves the lungs: the second fills the rest.
    package static let topUpStart = 0.8

    /// Where the breath is `seconds` after the pacing began (from the first in-breath; before it, at it).
    package func position(at seconds: Double) -> BreathPosition {
        let cycle = cycleSeconds
        let time = max(0, seconds.isFinite ? seconds : 0)
        let whole = Int((time / cycle).rounded(.down))
        var within = time - Double(whole) * cycle
        let levels = levels
        for (index, phase) in phases.enumerated() {
            let length = phase.seconds
            if within < length || index == phases.count - 1 {
                let elapsed = min(max(0, within), length)
                let progress = length > 0 ? elapsed / length : 1
                let eased = 0.5 - 0.5 * Double.cos(Double.pi * progress)
                let fullness = levels[index].start + (levels[index].end - levels[index].start) * eased
                return BreathPosition(phase: phase, index: index, cycle: whole, elapsed: elapsed, remaining: length - elapsed,
                                      fullness: fullness)
            }
            within -= length
        }
        // Unreachable: the last phase takes whatever is left.
        return BreathPosition(phase: phases[0], index: 0, cycle: whole, elapsed: 0, remaining: phases[0].seconds, fullness: 0)
    }

    /// Each phase that starts at or after `start` and before `end` (seconds since the pacing began), with
    /// its start: where a cue and a screen change (the tests' oracle for both, which follow `position(at:)`).
    package func boundaries(from start: Double, to end: Double) -> [(time: Double, phase: BreathPhase)] {
        guard end > start, start.isFinite, end.isFinite else { return [] }
        var result: [(Double, BreathPhase)] = []
        var cycle = max(0, Int((max(0, start) / cycleSeconds).rounded(.down)))
        while true {
            var time = Double(cycle * cycleTenths) / 10
            for phase in phases {
                if time >= end { return result }
                if time >= start { result.append((time, phase)) }
                time += phase.seconds
            }
            cycle += 1
        }
    }

    // MARK: Names and text

    /// The named patterns, as `--breathe` and the Pattern row take them.
    package static let named: [(names: [String], pattern: BreathPattern)] = [
        (["coherent", "coherent 5.5"], .coherent),
        (["box", "box 4"], .box),
        (["4-7-8"], .fourSevenEight),
        (["cyclic sigh", "cyclic-sigh", "sigh"], .cyclicSigh),
    ]

    /// What `--breathe` accepts, for messages.
    package static let acceptedForms =
        "coherent, box, 4-7-8, sigh, or seconds of in, hold, out and hold such as 4-4-4-4 or 4,2,6,0 (tenths allowed: 5.5-0-5.5-0)"

    /// `coherent`, `box`, `4-7-8`, `sigh` (or `cyclic-sigh`), any case; or seconds of in, hold and out
    /// (and a hold after it) joined by `-` (`4-7-8`, `4-4-4-4`) or of all four joined by `,` (`4,2,6,0`),
    /// each a whole number or with one decimal (`5.5`).
    package init(parsing text: String) throws(BreathPatternError) {
        let word = text.trimmingWhitespace().lowercased()
        if let named = Self.named.first(where: { $0.names.contains(word) }) {
            self = named.pattern
            return
        }
        let commas = word.contains(",")
        let parts = word.split(separator: commas ? "," : "-", omittingEmptySubsequences: false).map(String.init)
        guard commas ? parts.count == 4 : (parts.count == 3 || parts.count == 4) else {
            throw BreathPatternError(input: text, reason: commas
                ? "four seconds are in, hold, out and hold, and this has \(parts.count)"
                : "it is not a pattern's name, nor three or four seconds joined by -")
        }
        var tenths: [Int] = []
        for part in parts {
            guard let value = Self.tenths(part) else {
                throw BreathPatternError(input: text, reason: "\(quoted(part)) is not a number of seconds (at most one decimal)")
            }
            tenths.append(value)
        }
        do throws(BreathPatternError) {
            try self.init(inTenths: tenths[0], holdIn: tenths[1], outTenths: tenths[2], holdOut: tenths.count > 3 ? tenths[3] : 0)
        } catch {
            throw BreathPatternError(input: text, reason: error.reason)
        }
    }

    /// `5`, `5.5`, `0.5` → tenths; nil for anything else (signs, two decimals, letters, too long): the one
    /// reading of seconds to a tenth, for `--breathe` and the Custom rows.
    package static func tenths(_ text: String) -> Int? {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), let whole = pieces.first, !whole.isEmpty, whole.count <= 3,
              whole.allSatisfy(\.isASCIIDigit), let seconds = Int(whole) else { return nil }
        guard pieces.count == 2 else { return seconds * 10 }
        let decimal = pieces[1]
        guard decimal.count == 1, let digit = decimal.first, digit.isASCIIDigit, let tenth = Int(String(digit)) else { return nil }
        return seconds * 10 + tenth
    }

    /// Tenths as seconds: `4`, `5.5`.
    package static func text(_ tenths: Int) -> String {
        tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// The pattern as `--breathe` writes it: its name when it has one, else in-hold-out-hold (`4-2-6-0`).
    package var text: String {
        if let named = Self.named.first(where: { $0.pattern == self }) { return named.names[0] }
        var four = [0, 0, 0, 0]
        var slot = 0
        for phase in phases {
            switch phase.move {
            case .breatheIn, .topUp: slot = 0
            case .hold: slot = slot == 0 ? 1 : 3
            case .breatheOut: slot = 2
            }
            four[slot] += phase.tenths
        }
        return four.map(Self.text).joined(separator: "-")
    }
}

/// A breathing pattern, cue or lead that is not accepted: what was typed, and why.
package struct BreathPatternError: ReportedError, Equatable {
    /// What was refused: `pattern`, `cue`, `lead`.
    package let what: String
    package let input: String?
    package let reason: String
    /// What would be accepted: `coherent, box, …`.
    package let accepted: String

    /// A pattern refused, with the forms `--breathe` accepts.
    package init(input: String? = nil, reason: String) {
        self.init(what: "pattern", input: input, reason: reason, accepted: BreathPattern.acceptedForms)
    }

    package init(what: String, input: String?, reason: String, accepted: String) {
        self.what = what
        self.input = input
        self.reason = reason
        self.accepted = accepted
    }

    package var category: ErrorCategory { .usage }
    package var systemErrno: Int32? { nil }

    /// `invalid breathing pattern "4-x-8": "x" is not a number of seconds …; use coherent, box, …`.
    package var description: String {
        guard let input else { return "invalid breathing \(what): \(reason)" }
        return "invalid breathing \(what) \(quoted(input)): \(reason); use \(accepted)"
    }
}
