import TextSupport

/// What a bell sounds like: one of the synthesized bells of the catalog, or a recording the user added
/// (`profile sounds add`), known by its name.
package enum BellSound: Hashable, Sendable, CustomStringConvertible {
    /// A synthesized bell.
    case builtIn(Bell)
    /// A recorded sound, by the name it was added under. The recording may be missing on this machine
    /// (deleted by hand, or the profile came from elsewhere): the profile still shows and edits, and
    /// `run` rings the default bell instead.
    case recorded(String)

    /// The name tables, messages and files use: `Temple Bell`, `Grandmother's Bowl`.
    package var name: String {
        switch self {
        case let .builtIn(bell): bell.rawValue
        case let .recorded(name): name
        }
    }

    package var description: String { name }

    /// Whether `other` is this sound: the same bell, or a recording of the same name ignoring case (as
    /// names are found: `small bowl` is the library's `Small Bowl`).
    package func matches(_ other: BellSound) -> Bool {
        switch (self, other) {
        case let (.builtIn(a), .builtIn(b)): a == b
        case let (.recorded(a), .recorded(b)): ProfileName.key(a) == ProfileName.key(b)
        default: false
        }
    }

    /// Whether the sound is a recording rather than a synthesized bell.
    package var isRecorded: Bool {
        if case .recorded = self { return true }
        return false
    }

    /// The sound a document names: a built-in bell when the name is one (by ``Bell/init(named:)``'s
    /// rules), otherwise a recording of that name, which need not exist here.
    package init(documentName name: String) {
        if let bell = try? Bell(named: name) {
            self = .builtIn(bell)
        } else {
            self = .recorded(name)
        }
    }
}

/// The sounds that can be chosen on this machine: the catalog's bells, then the recordings the user
/// added, in the order `profile sounds` lists them.
package struct SoundCatalog: Hashable, Sendable {
    /// The recorded sounds' names, as stored.
    package var recorded: [String]

    /// A catalog of the recorded sounds `recorded` (in their listed order) and the built-in bells.
    package init(recorded: [String] = []) {
        self.recorded = recorded
    }

    /// The built-in bells alone: what a machine without recordings offers.
    package static let builtIn = SoundCatalog()

    /// Every sound, built-in first: what the picker numbers and completion offers.
    package var sounds: [BellSound] { Bell.allCases.map(BellSound.builtIn) + recorded.map(BellSound.recorded) }

    /// Every sound's name, built-in first.
    package var names: [String] { sounds.map(\.name) }

    /// Whether `sound` can ring here: a built-in bell always, a recording when one of its name exists
    /// (ignoring case, as names are found).
    package func has(_ sound: BellSound) -> Bool {
        !sound.isRecorded || sounds.contains { $0.matches(sound) }
    }

    /// Finds a sound by name: a built-in bell by ``Bell/init(named:)``'s rules, a recording ignoring case;
    /// else by a unique word or the start of one (``wordMatches(_:in:)``: `bowl` is the Singing Bowl when
    /// no recording has the word too).
    ///
    /// - Throws: ``ProfileError/unknownBell(_:known:suggestion:)`` listing every sound, or
    ///   ``ProfileError/ambiguousBell(_:matches:)`` naming the sounds the words fit.
    package func sound(named name: String) throws(ProfileError) -> BellSound {
        if let bell = try? Bell(named: name) { return .builtIn(bell) }
        let key = ProfileName.key(name)
        if let found = recorded.first(where: { ProfileName.key($0) == key }) { return .recorded(found) }
        let sounds = sounds
        switch wordMatches(name, in: sounds.map(\.name)) {
        case .one(let index): return sounds[index]
        case .several(let indexes): throw ProfileError.ambiguousBell(name, matches: indexes.map { sounds[$0].name })
        case .none: throw ProfileError.unknownBell(name, known: names, suggestion: closestMatch(to: name, in: names))
        }
    }
}

/// A bell as a profile rings it: a sound, struck one or more times, at a volume.
///
/// People write a choice as `NAME [xN] [N%]`: `temple bell x3 70%`, `Gong ×2`, `tingsha 40%`. It is
/// shown with the defaults left out: `Temple Bell ×3 70%`, `Gong`.
package struct BellChoice: Hashable, Sendable, CustomStringConvertible {
    /// What rings.
    package var sound: BellSound
    /// How many times it is struck, one strike every few seconds (``allowedStrikes``).
    package var strikes: Int
    /// How loud each strike is, in percent of the sound at full volume (``allowedVolume``).
    package var volume: Int

    /// The strike counts a choice allows.
    package static let allowedStrikes = 1...9
    /// The volumes a choice allows, in percent.
    package static let allowedVolume = 5...100

    /// A choice of `sound`, by default struck once at full volume. The caller keeps `strikes` and
    /// `volume` within their ranges (the parsers check them).
    package init(_ sound: BellSound, strikes: Int = 1, volume: Int = 100) {
        self.sound = sound
        self.strikes = strikes
        self.volume = volume
    }

    /// A built-in bell struck once at full volume.
    package init(_ bell: Bell) { self.init(.builtIn(bell)) }

    /// The choice a new bell setting gets: the catalog's default bell, once, at full volume.
    package static let `default` = BellChoice(.default)

    /// The choice as tables show it: `Temple Bell ×3 70%`, leaving out one strike and 100%.
    package var description: String {
        var text = sound.name
        if strikes != 1 { text += " ×\(strikes)" }
        if volume != 100 { text += " \(volume)%" }
        return text
    }

    /// How people may write a choice, for help and errors.
    package static let grammar = "NAME [xN] [N%], such as \"temple bell x3 70%\" (strikes \(strikesText), volume \(volumeText))"

    /// The strikes a choice allows, as messages say them: `1 to 9`.
    package static let strikesText = "\(allowedStrikes.lowerBound) to \(allowedStrikes.upperBound)"
    /// The volumes a choice allows, as messages say them: `5% to 100%`.
    package static let volumeText = "\(allowedVolume.lowerBound)% to \(allowedVolume.upperBound)%"

    /// Reads `NAME [xN] [N%]` (the strikes and volume in either order, `x` or `×`, names ignoring case).
    ///
    /// - Throws: ``ProfileError/invalidBellChoice(_:reason:)`` naming the part that is wrong, or
    ///   ``ProfileError/unknownBell(_:known:suggestion:)`` for a name the catalog lacks.
    package init(parsing text: String, catalog: SoundCatalog) throws(ProfileError) {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var strikes: Int?
        var volume: Int?
        while let last = words.last, words.count > 1 {
            if let count = try Self.strikes(in: last, choice: text) {
                guard strikes == nil else { throw .invalidBellChoice(text, reason: "the strikes are given twice") }
                strikes = count
            } else if let percent = try Self.volume(in: last, choice: text) {
                guard volume == nil else { throw .invalidBellChoice(text, reason: "the volume is given twice") }
                volume = percent
            } else {
                break
            }
            words.removeLast()
        }
        let name = words.joined(separator: " ")
        guard !name.isEmpty else { throw .invalidBellChoice(text, reason: "it names no bell; write \(Self.grammar)") }
        let sound: BellSound
        do {
            sound = try catalog.sound(named: name)
        } catch {
            // `gong 70` or `gong 3`: a number that is neither strikes nor a volume, after a sound's name.
            if words.count > 1, let last = words.last, last.allSatisfy({ $0.isASCII && $0.isNumber }),
               (try? catalog.sound(named: words.dropLast().joined(separator: " "))) != nil {
                throw .invalidBellChoice(text, reason: "\(quoted(last, limit: 12)) is neither strikes nor a volume; strikes are written with an x (x3), a volume with a % (70%)")
            }
            throw error
        }
        self.init(sound, strikes: strikes ?? 1, volume: volume ?? 100)
    }

    /// A number of strikes as the picker's `strikes N` takes it: plain digits, 1 to 9; nil otherwise.
    package static func strikes(_ text: String) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(text),
              allowedStrikes.contains(count) else { return nil }
        return count
    }

    /// A volume as `run --volume` and the picker's `volume N` take it: plain digits, with or without a
    /// `%`, 5 to 100; nil otherwise.
    package static func volume(_ text: String) -> Int? {
        let digits = text.hasSuffix("%") ? text.dropLast() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let percent = Int(digits),
              allowedVolume.contains(percent) else { return nil }
        return percent
    }

    /// The strike count `word` gives (`x3`, `×3`, `X3`), nil when the word is not one.
    private static func strikes(in word: String, choice: String) throws(ProfileError) -> Int? {
        guard let first = word.first, first == "x" || first == "X" || first == "×" else { return nil }
        let digits = word.dropFirst()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        guard let count = Int(digits), allowedStrikes.contains(count) else {
            throw .invalidBellChoice(choice, reason: "strikes must be \(strikesText), not \(escaped(String(digits), limit: 12))")
        }
        return count
    }

    /// The volume `word` gives (`70%`), nil when the word is not one.
    private static func volume(in word: String, choice: String) throws(ProfileError) -> Int? {
        guard word.hasSuffix("%") else { return nil }
        let digits = word.dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .invalidBellChoice(choice, reason: "the volume \(quoted(word, limit: 16)) is not a whole percentage; volume must be \(volumeText)")
        }
        guard let percent = Int(digits), allowedVolume.contains(percent) else {
            throw .invalidBellChoice(choice, reason: "volume must be \(volumeText), not \(escaped(String(digits), limit: 12))%")
        }
        return percent
    }
}

/// A bell setting's value: a choice, or no bell at all where that is allowed (`none`).
package extension Optional where Wrapped == BellChoice {
    /// `Temple Bell ×3 70%`, or `none`.
    var text: String { map(\.description) ?? BellChoice.noneWord }
}

extension BellChoice {
    /// How the Start and End bells are turned off.
    package static let noneWord = "none"
}
