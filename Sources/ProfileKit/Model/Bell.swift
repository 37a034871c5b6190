import TextSupport

/// The catalog of bells a sound can use.
package enum Bell: String, CaseIterable, Sendable, CustomStringConvertible {
    case singingBowl = "Singing Bowl"
    case templeBell = "Temple Bell"
    case gong = "Gong"
    case tingsha = "Tingsha"
    case woodBlock = "Wood Block"

    /// The bell a new sound gets.
    package static let `default` = Bell.singingBowl

    /// The catalog as people read it: `"Singing Bowl", "Temple Bell", …`.
    package static let catalogList = allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

    package var description: String { rawValue }

    /// What the bell is, in words short enough for a table on an 80-column terminal: the instrument,
    /// its sound, and how long it rings (`profile sounds`).
    ///
    /// The figures are the synthesized bell's (Sound/BellVoices.swift gives their sources); a test
    /// measures them against the sound.
    package var about: String {
        switch self {
        case .singingBowl: "Himalayan bowl: 220 Hz, beating partials, 29 s"
        case .templeBell: "Japanese bonshō: 112 Hz beating hum, 55 s"
        case .gong: "tam-tam: dense, bright highs that swell, 28 s"
        case .tingsha: "two small cymbals: 2.75 kHz, fast beating, 17 s"
        case .woodBlock: "wood block: a dry knock, 0.6 s"
        }
    }

    /// Finds a bell by name, ignoring case and runs of spaces, hyphens or underscores:
    /// `temple bell`, `Temple-Bell` and `TEMPLE_BELL` all name "Temple Bell".
    ///
    /// - Throws: ``ProfileError/unknownBell(_:known:suggestion:)``, whose message lists the catalog.
    package init(named name: String) throws(ProfileError) {
        if let exact = Self(rawValue: name) {
            self = exact
            return
        }
        let key = Self.key(name)
        guard let bell = Self.allCases.first(where: { Self.key($0.rawValue) == key }) else {
            let names = Self.allCases.map(\.rawValue)
            throw ProfileError.unknownBell(name, known: names, suggestion: closestMatch(to: name, in: names))
        }
        self = bell
    }

    /// A catalog name as it is found (``init(named:)``, ``Soundscape/init(matching:)``): lower case, and
    /// runs of spaces, hyphens or underscores one space.
    package static func key(_ name: String) -> String {
        name.lowercased()
            .split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" })
            .joined(separator: " ")
    }
}
