import Files
import LocalTime
import TextSupport
import JSON
import Breath

/// The profile file format: one JSON object per profile, versioned.
///
/// ```json
/// {
///   "version": 5,
///   "duration": "20:00",
///   "segments": [
///     { "type": "cool-down", "enabled": true, "duration": "05:00", "bells": true,
///       "bell": { "name": "Singing Bowl", "strikes": 1, "volume": 100 } }
///   ],
///   "intervals": { "enabled": true, "at": ["10:00", "25:00"], "bell": { "name": "Tingsha", "strikes": 1, "volume": 100 } },
///   "bells": { "start": { "name": "Singing Bowl", "strikes": 1, "volume": 100 }, "end": null },
///   "ambience": { "enabled": true, "sound": "Rain", "volume": 30 },
///   "breathing": { "enabled": true, "pattern": "custom", "custom": "4,2,6,0", "lead": "5m", "cue": "tone", "volume": 40 }
/// }
/// ```
///
/// Only `version` is required; missing keys take the defaults of a new profile. Unknown keys are an
/// error, so that a misspelt key is never dropped silently, and so is a key that would change nothing
/// (a warm-up has no bell). The document holds exactly the bells that ring: the Start and End bells
/// (`null` for none), the cool-down's bell and the interval bell. The profile's name is the file's name.
///
/// Older versions are migrated as they are read, and written as the current version by the next save;
/// reading never writes. Version 1 had no `"intervals"`. Versions 1 and 2 gave each segment a list of
/// `"sounds"` (`begin`, `end`, `repeat`), of which only the cool-down's `begin` rang: see
/// ``LegacySounds`` for how each becomes a bell of version 3, or is refused. Version 4 added the
/// interval's chosen times (`"at"`, instead of `"every"`: never both); a version 3 document is a
/// version 4 document without them. Version 5 added `"ambience"` (the Ambience section: what plays
/// under the bells); a version 4 document is a version 5 document whose ambience is off. Version 6 added
/// `"breathing"` (the Breathing section: the pacer); a version 5 document is a version 6 document whose
/// pacer is off. The custom pattern's lengths (`"custom"`, seconds of in, hold, out and hold as
/// `--breathe` takes them) are kept whatever pattern is chosen, as a switched-off warm-up keeps its
/// length, so that choosing Custom again brings them back.
package enum ProfileDocument {
    /// The format version this program writes, and the newest it reads.
    package static let currentVersion = 6

    /// The top-level keys each version knows.
    static let profileKeys: [Int: [String]] = [
        1: ["version", "duration", "segments"],
        2: ["version", "duration", "segments", "intervals"],
        3: ["version", "duration", "segments", "intervals", "bells"],
        4: ["version", "duration", "segments", "intervals", "bells"],
        5: ["version", "duration", "segments", "intervals", "bells", "ambience"],
        6: ["version", "duration", "segments", "intervals", "bells", "ambience", "breathing"],
    ]

    /// The keys of the intervals object each version knows, from version 3 on (versions 1 and 2 are in
    /// ``legacyKeys``).
    static let intervalsKeys: [Int: [String]] = [
        3: ["enabled", "every", "bell"],
        4: ["enabled", "every", "at", "bell"],
        5: ["enabled", "every", "at", "bell"],
        6: ["enabled", "every", "at", "bell"],
    ]

    /// The largest document read; a profile is a few hundred bytes, so anything near this is not one.
    package static let maximumSize = 1 << 20

    /// The keys of each object of the current version, for documentation and tests.
    package static let keys: [String: [String]] = [
        "profile": ["version", "duration", "segments", "intervals", "bells", "ambience", "breathing"],
        "warm-up segment": ["type", "enabled", "duration"],
        "cool-down segment": ["type", "enabled", "duration", "bells", "bell"],
        "intervals": ["enabled", "every", "at", "bell"],
        "bells": ["start", "end"],
        "bell": ["name", "strikes", "volume"],
        "ambience": ["enabled", "sound", "volume"],
        "breathing": ["enabled", "pattern", "custom", "lead", "cue", "volume"],
    ]

    /// The keys versions 1 and 2 had that version 3 does not, for the migration's documentation.
    package static let legacyKeys: [String: [String]] = [
        "segment": ["type", "enabled", "duration", "sounds"],
        "sound": ["type", "enabled", "name"],
        "intervals": ["enabled", "every", "name"],
    ]

    /// Reads a document into a profile called `name`.
    ///
    /// - Parameter file: how errors name the file; nil leaves it out.
    /// - Throws: ``ProfileError/document(_:)`` with the line, column and key path of the problem.
    package static func decode(_ bytes: [UInt8], name: String, file: String? = nil) throws(ProfileError) -> Profile {
        guard bytes.count <= maximumSize else {
            throw .document(DocumentError(file: file, message: "the file is \(bytes.count) bytes; a profile document is at most \(maximumSize) bytes"))
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            let place = JSONParser.lineAndColumn(of: error.offset, in: bytes)
            throw .document(DocumentError(file: file, line: place.line, column: place.column, message: error.message))
        }
        return try DocumentReader(bytes: bytes, file: file).profile(root, name: name)
    }

    /// A bell choice as the document writes it: every key, defaults included.
    static func value(_ choice: BellChoice) -> JSONWriter.Value {
        .object([
            ("name", .string(choice.sound.name)),
            ("strikes", .int(choice.strikes)),
            ("volume", .int(choice.volume)),
        ])
    }

    /// The interval's one key: `"every": "05:00"` or `"at": ["10:00", "25:00"]`.
    static func schedule(_ schedule: IntervalSchedule) -> (String, JSONWriter.Value) {
        switch schedule {
        case let .every(every): ("every", .string(every.formatted))
        case let .at(times): ("at", .array(times.map { .string($0.formatted) }))
        }
    }

    /// The custom pattern as the document writes it: seconds of in, hold, out and hold, `4,0,6,0`.
    static func customText(_ custom: BreathCustom) -> String {
        BreathLength.allCases.map { BreathPattern.text(custom[keyPath: $0.keyPath]) }.joined(separator: ",")
    }

    /// The document text of `profile`, with keys in a fixed order and a final newline.
    package static func encode(_ profile: Profile) -> [UInt8] {
        let segments: [JSONWriter.Value] = profile.segments.map { segment in
            var members: [(String, JSONWriter.Value)] = [
                ("type", .string(segment.type.rawValue)),
                ("enabled", .bool(segment.enabled)),
                ("duration", .string(segment.duration.formatted)),
            ]
            if segment.type == .coolDown {
                members += [("bells", .bool(segment.bellEnabled)), ("bell", value(segment.bell))]
            }
            return .object(members)
        }
        let document = JSONWriter.Value.object([
            ("version", .int(currentVersion)),
            ("duration", .string(profile.duration.formatted)),
            ("segments", .array(segments)),
            ("intervals", .object([
                ("enabled", .bool(profile.intervals.enabled)),
                schedule(profile.intervals.schedule),
                ("bell", value(profile.intervals.bell)),
            ])),
            ("bells", .object([
                ("start", profile.startBell.map(value) ?? .null),
                ("end", profile.endBell.map(value) ?? .null),
            ])),
            ("ambience", .object([
                ("enabled", .bool(profile.ambience.isEnabled)),
                ("sound", .string(profile.ambience.sound.name)),
                ("volume", .int(profile.ambience.volume)),
            ])),
            ("breathing", .object([
                ("enabled", .bool(profile.breathing.isEnabled)),
                ("pattern", .string(profile.breathing.choice.name)),
                ("custom", .string(customText(profile.breathing.custom))),
                ("lead", .string(profile.breathing.lead.name)),
                ("cue", .string(profile.breathing.cue.name)),
                ("volume", .int(profile.breathing.volume)),
            ])),
        ])
        return Array(JSONWriter.text(document).utf8)
    }
}

/// An object's members looked up by key; objects here have a handful of keys, so a scan beats hashing.
private struct Members {
    let members: [JSONNode.Member]

    subscript(key: String) -> JSONNode? {
        members.first { $0.key == key }?.value
    }
}

/// Turns a parsed JSON tree into a profile, checking every key, type and range on the way.
private struct DocumentReader {
    let bytes: [UInt8]
    let file: String?

    func fail(_ node: JSONNode, _ path: String, _ message: String) -> ProfileError {
        fail(offset: node.offset, path, message)
    }

    func fail(offset: Int, _ path: String, _ message: String) -> ProfileError {
        let place = JSONParser.lineAndColumn(of: offset, in: bytes)
        return .document(DocumentError(file: file, line: place.line, column: place.column, keyPath: path, message: message))
    }

    /// An object's members by key, refusing keys outside `allowed`.
    func members(_ node: JSONNode, _ path: String, what: String, allowed: [String]) throws(ProfileError) -> Members {
        guard case let .object(members) = node.value else {
            throw fail(node, path, "expected \(what) (a JSON object), found \(node.kindDescription)")
        }
        for member in members {
            guard allowed.contains(member.key) else {
                let suggestion = didYouMean(member.key, in: allowed)
                throw fail(offset: member.keyOffset, join(path, member.key),
                           "unknown key \(quoted(member.key))\(suggestion); \(what) has the keys \(allowed.joined(separator: ", "))")
            }
        }
        return Members(members: members)
    }

    func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func bool(_ node: JSONNode, _ path: String) throws(ProfileError) -> Bool {
        guard case let .bool(flag) = node.value else {
            throw fail(node, path, "expected true or false, found \(node.kindDescription)")
        }
        return flag
    }

    /// `expected` is made only for the message: lists of names are built with `joined(separator:)`, whose
    /// first call costs a scan of every protocol conformance of the binary (a fifth of `show`'s
    /// instructions when two such lists were built for every document read).
    func string(_ node: JSONNode, _ path: String, expected: @autoclosure () -> String) throws(ProfileError) -> String {
        guard case let .string(text) = node.value else {
            throw fail(node, path, "expected \(expected()), found \(node.kindDescription)")
        }
        return text
    }

    /// A length of time, checked by the model's own rule for `setting`: the message is the one `set`
    /// gives, placed at the value's line and column.
    func duration(_ node: JSONNode, _ path: String, for setting: DurationSetting) throws(ProfileError) -> TimerDuration {
        let duration = try duration(node, path)
        do {
            try setting.validate(duration)
        } catch {
            throw fail(node, path, error.description)
        }
        return duration
    }

    func duration(_ node: JSONNode, _ path: String) throws(ProfileError) -> TimerDuration {
        let expected = "a duration such as \"05:00\" or a number of seconds"
        let duration: TimerDuration
        switch node.value {
        case let .number(text):
            duration = TimerDuration(seconds: try seconds(node, path, text))
        case let .string(text):
            do {
                duration = try TimerDuration(parsing: text)
            } catch {
                throw fail(node, path, "\(error)")
            }
        default:
            throw fail(node, path, "expected \(expected), found \(node.kindDescription)")
        }
        return duration
    }

    /// A number of seconds as JSON writes it, refused with what is wrong with it: an exponent, a
    /// fraction, a sign or its size.
    func seconds(_ node: JSONNode, _ path: String, _ text: String) throws(ProfileError) -> Int {
        let shown = escaped(text)
        let accepted = "write the seconds as plain digits (1000) or a duration such as \"16:40\""
        // -0 is zero, which the range check refuses with the range; any other minus is a negative number.
        if text.hasPrefix("-"), text.contains(where: { ("1"..."9").contains($0) }) {
            throw fail(node, path, "\(shown): a duration cannot be negative")
        }
        if text.contains(where: { $0 == "e" || $0 == "E" }) {
            throw fail(node, path, "\(shown): a number with an exponent is not accepted; \(accepted)")
        }
        if text.contains(".") { throw fail(node, path, "\(shown) is not a whole number of seconds; \(accepted)") }
        guard let seconds = Int(text) else {
            let longest = SegmentType.main.allowedDurations.upperBound
            throw fail(node, path, "\(shown) is too large: no duration is longer than \(longest.formatted) (\(longest.seconds) seconds)")
        }
        return seconds
    }

    /// A sound's name: a built-in bell (by its name, ignoring case) or a recording, which need not
    /// exist on this machine but must have a name `sounds add` would take.
    func sound(_ node: JSONNode, _ path: String) throws(ProfileError) -> BellSound {
        let name = try string(node, path, expected: "a bell name: one of \(Bell.catalogList), or a recorded sound's name")
        let sound = BellSound(documentName: name)
        if case .builtIn = sound { return sound }
        do {
            _ = try RecordedSoundName.validate(name)
        } catch {
            let reason = if case let .invalidSoundName(_, why) = error { why } else { error.description }
            throw fail(node, path, "no bell is named \(quoted(name)): it is not one of \(Bell.catalogList), and no recorded sound can have that name (\(reason))")
        }
        return sound
    }

    /// A whole number within `range`, for a bell's strikes or volume.
    func count(_ node: JSONNode, _ path: String, _ range: ClosedRange<Int>, what: String) throws(ProfileError) -> Int {
        guard case let .number(text) = node.value else {
            throw fail(node, path, "expected \(what), a whole number \(range.lowerBound) to \(range.upperBound), found \(node.kindDescription)")
        }
        guard let value = Int(text), range.contains(value) else {
            throw fail(node, path, "\(escaped(text, limit: 24)): \(what) must be a whole number \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A bell choice: `{"name": …, "strikes": …, "volume": …}`, strikes and volume optional.
    func choice(_ node: JSONNode, _ path: String) throws(ProfileError) -> BellChoice {
        let keys = try members(node, path, what: "a bell", allowed: ProfileDocument.keys["bell"] ?? [])
        guard let nameNode = keys["name"] else {
            throw fail(node, path, "missing key \"name\"; a bell is {\"name\": \"Singing Bowl\", \"strikes\": 1, \"volume\": 100}")
        }
        var choice = BellChoice(try sound(nameNode, "\(path).name"))
        if let node = keys["strikes"] { choice.strikes = try count(node, "\(path).strikes", BellChoice.allowedStrikes, what: "strikes") }
        if let node = keys["volume"] { choice.volume = try count(node, "\(path).volume", BellChoice.allowedVolume, what: "the volume in percent") }
        return choice
    }

    /// A Start or End bell: a choice, or `null` for none.
    func optionalChoice(_ node: JSONNode, _ path: String) throws(ProfileError) -> BellChoice? {
        if case .null = node.value { return nil }
        guard case .object = node.value else {
            throw fail(node, path, "expected a bell (a JSON object such as {\"name\": \"Gong\"}) or null for none, found \(node.kindDescription)")
        }
        return try choice(node, path)
    }

    /// A version 1 or 2 bell: a name of the catalog.
    func legacyBell(_ node: JSONNode, _ path: String) throws(ProfileError) -> Bell {
        let name = try string(node, path, expected: "a bell name: one of \(Bell.catalogList)")
        do {
            return try Bell(named: name)
        } catch {
            throw fail(node, path, "\(error)")
        }
    }

    func profile(_ root: JSONNode, name: String) throws(ProfileError) -> Profile {
        // The version decides which keys are known, so it is read before the keys are checked.
        guard case let .object(rootMembers) = root.value else {
            throw fail(root, "", "expected a profile document (a JSON object), found \(root.kindDescription)")
        }
        guard let versionNode = Members(members: rootMembers)["version"] else {
            throw fail(root, "", "missing key \"version\"; a profile document starts with {\"version\": \(ProfileDocument.currentVersion), …}")
        }
        guard case let .number(versionText) = versionNode.value, let version = Int(versionText) else {
            throw fail(versionNode, "version", "expected a whole number, found \(versionNode.kindDescription)")
        }
        guard version <= ProfileDocument.currentVersion else {
            throw fail(versionNode, "version", "version \(version) was written by a newer profile; this one reads versions 1 to \(ProfileDocument.currentVersion): upgrade profile")
        }
        guard version >= 1 else {
            throw fail(versionNode, "version", "unknown version \(version); versions start at 1")
        }
        for (key, since) in [("intervals", 2), ("bells", 3), ("ambience", 5), ("breathing", 6)] where version < since {
            if let member = rootMembers.first(where: { $0.key == key }) {
                throw fail(offset: member.keyOffset, key, "\"\(key)\" is new in version \(since); set \"version\": \(ProfileDocument.currentVersion) to use it")
            }
        }
        let keys = try members(root, "", what: "a profile document", allowed: ProfileDocument.profileKeys[version] ?? [])

        var profile = Profile(name: name)
        if let node = keys["duration"] { profile.duration = try duration(node, "duration", for: .main) }
        if let node = keys["segments"] {
            guard case let .array(elements) = node.value else {
                throw fail(node, "segments", "expected a list of segments (a JSON array), found \(node.kindDescription)")
            }
            var seen: [(type: SegmentType, position: Int)] = []
            for (position, element) in elements.enumerated() {
                let path = "segments[\(position)]"
                let (segment, typeNode) = try segment(element, path, version: version, into: &profile)
                if let first = seen.first(where: { $0.type == segment.type })?.position {
                    throw fail(typeNode, "\(path).type", "a second \(quoted(segment.type.rawValue)) segment (the first is segments[\(first)]); each type appears once")
                }
                seen.append((segment.type, position))
                profile[segment: segment.type] = segment
            }
        }
        if let node = keys["intervals"] { profile.intervals = try intervals(node, "intervals", version: version) }
        if let node = keys["bells"] {
            let bells = try members(node, "bells", what: "the bells object", allowed: ProfileDocument.keys["bells"] ?? [])
            if let node = bells["start"] { profile.startBell = try optionalChoice(node, "bells.start") }
            if let node = bells["end"] { profile.endBell = try optionalChoice(node, "bells.end") }
        }
        if let node = keys["ambience"] { profile.ambience = try ambience(node, "ambience") }
        if let node = keys["breathing"] { profile.breathing = try breathing(node, "breathing") }
        return profile
    }

    /// The Breathing section: whether the pacer leads, the pattern chosen, the custom lengths (kept
    /// whatever the pattern), the part of the sit, the cue and its volume. Each value as the program
    /// writes it: the names `set` shows in its help, not the other spellings it also reads.
    func breathing(_ node: JSONNode, _ path: String) throws(ProfileError) -> Breathing {
        let keys = try members(node, path, what: "the breathing", allowed: ProfileDocument.keys["breathing"] ?? [])
        var breathing = Breathing()
        if let node = keys["enabled"] { breathing.isEnabled = try bool(node, "\(path).enabled") }
        if let node = keys["pattern"] {
            let accepted = BreathPatternChoice.allCases.map { quoted($0.name) }
            let name = try string(node, "\(path).pattern", expected: "a pattern: \(listed(accepted, "or"))")
            guard let choice = BreathPatternChoice.allCases.first(where: { $0.name == name }) else {
                throw fail(node, "\(path).pattern", "unknown pattern \(quoted(name)); use \(listed(accepted, "or"))")
            }
            breathing.choice = choice
        }
        if let node = keys["custom"] { breathing.custom = try custom(node, "\(path).custom") }
        if let node = keys["lead"] {
            let accepted = "\"warmup\", \"whole\", or the first minutes of the main sit such as \"5m\" (1m to \(BreathLead.minutes.upperBound)m)"
            let text = try string(node, "\(path).lead", expected: accepted)
            guard let lead = try? BreathLead(parsing: text), lead.name == text else {
                throw fail(node, "\(path).lead", "unknown lead \(quoted(text)); use \(accepted)")
            }
            breathing.lead = lead
        }
        if let node = keys["cue"] {
            let accepted = BreathCue.allCases.map { quoted($0.name) }
            let name = try string(node, "\(path).cue", expected: "a cue: \(listed(accepted, "or"))")
            guard let cue = BreathCue.allCases.first(where: { $0.name == name }) else {
                throw fail(node, "\(path).cue", "unknown cue \(quoted(name)); use \(listed(accepted, "or"))")
            }
            breathing.cue = cue
        }
        if let node = keys["volume"] { breathing.volume = try count(node, "\(path).volume", Ambience.volumes, what: "the volume in percent") }
        return breathing
    }

    /// The custom pattern: `"4,0,6,0"`, seconds (tenths allowed) of in, hold, out and hold, which must make
    /// a breath (the rule `set` checks).
    func custom(_ node: JSONNode, _ path: String) throws(ProfileError) -> BreathCustom {
        let accepted = "seconds of in, hold, out and hold such as \"4,0,6,0\" or \"5.5,0,5.5,0\""
        let text = try string(node, path, expected: accepted)
        let pieces = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count == BreathLength.allCases.count else {
            throw fail(node, path, "\(quoted(text)) has \(pieces.count) lengths; give four: \(accepted)")
        }
        var custom = BreathCustom.standard
        for (length, piece) in zip(BreathLength.allCases, pieces) {
            // As the program writes it: digits and at most one decimal, no unit or space.
            guard !piece.isEmpty, piece.allSatisfy({ $0.isASCIIDigit || $0 == "." }),
                  let tenths = try? length.tenths(parsing: piece), BreathPattern.text(tenths) == piece else {
                throw fail(node, path, "\(quoted(piece)) in \(quoted(text)) is not a number of seconds; \(accepted)")
            }
            custom[keyPath: length.keyPath] = tenths
        }
        do {
            _ = try custom.pattern()
        } catch {
            throw fail(node, path, "\(quoted(text)) makes no breath: \(error.reason)")
        }
        return custom
    }

    /// The Ambience section: whether it plays, a soundscape or a recording's name (which need not exist
    /// on this machine, as with bells), and the volume in percent.
    func ambience(_ node: JSONNode, _ path: String) throws(ProfileError) -> Ambience {
        let keys = try members(node, path, what: "the ambience", allowed: ProfileDocument.keys["ambience"] ?? [])
        var ambience = Ambience()
        if let node = keys["enabled"] { ambience.isEnabled = try bool(node, "\(path).enabled") }
        if let node = keys["sound"] {
            func soundscapes() -> String { listed(Soundscape.allCases.map { quoted($0.rawValue) }, "or") }
            let name = try string(node, "\(path).sound", expected: "a soundscape (\(soundscapes())) or a recorded sound's name")
            ambience.sound = AmbienceSound(documentName: name)
            if case .recorded = ambience.sound {
                do {
                    _ = try RecordedSoundName.validate(name)
                } catch {
                    let reason = if case let .invalidSoundName(_, why) = error { why } else { error.description }
                    throw fail(node, "\(path).sound", "no soundscape is named \(quoted(name)): it is not \(soundscapes()), and no recorded sound can have that name (\(reason))")
                }
            }
        }
        if let node = keys["volume"] { ambience.volume = try count(node, "\(path).volume", Ambience.volumes, what: "the volume in percent") }
        return ambience
    }

    func intervals(_ node: JSONNode, _ path: String, version: Int) throws(ProfileError) -> Intervals {
        if version < 4, case let .object(objectMembers) = node.value, let member = objectMembers.first(where: { $0.key == "at" }) {
            throw fail(offset: member.keyOffset, "\(path).at", "\"at\" is new in version 4; set \"version\": \(ProfileDocument.currentVersion) to use it")
        }
        let allowed = (version < 3 ? ProfileDocument.legacyKeys["intervals"] : ProfileDocument.intervalsKeys[version]) ?? []
        let keys = try members(node, path, what: "intervals", allowed: allowed)
        var intervals = Intervals()
        if let node = keys["enabled"] { intervals.enabled = try bool(node, "\(path).enabled") }
        if let every = keys["every"], let at = keys["at"] {
            let later = every.offset > at.offset ? ("every", every) : ("at", at)
            throw fail(later.1, "\(path).\(later.0)", "\"every\" and \"at\" are the two modes of interval bells; give one of them")
        }
        if let node = keys["every"] {
            let every = try duration(node, "\(path).every")
            do {
                try Intervals.validate(every)
            } catch {
                throw fail(node, "\(path).every", error.description)
            }
            intervals.schedule = .every(every)
        }
        if let node = keys["at"] { intervals.schedule = .at(try times(node, "\(path).at")) }
        if let node = keys["name"] { intervals.bell = BellChoice(try legacyBell(node, "\(path).name")) }
        if let node = keys["bell"] { intervals.bell = try choice(node, "\(path).bell") }
        return intervals
    }

    /// The interval's chosen times: a list of durations, ascending, no two alike, each within
    /// ``Intervals/allowedTimes``; as the program writes them (the main sit's length is not checked: a
    /// shortened main sit drops the times past its end).
    func times(_ node: JSONNode, _ path: String) throws(ProfileError) -> [TimerDuration] {
        guard case let .array(elements) = node.value else {
            throw fail(node, path, "expected a list of times (a JSON array such as [\"10:00\", \"25:00\"]), found \(node.kindDescription)")
        }
        guard !elements.isEmpty else {
            throw fail(node, path, "an empty list rings no bell; give at least one time, or set \"enabled\" to false")
        }
        guard elements.count <= Intervals.maximumTimes else {
            throw fail(elements[Intervals.maximumTimes], "\(path)[\(Intervals.maximumTimes)]", "\(elements.count) times; at most \(Intervals.maximumTimes) are taken")
        }
        var times: [TimerDuration] = []
        for (index, element) in elements.enumerated() {
            let elementPath = "\(path)[\(index)]"
            let time = try duration(element, elementPath)
            guard Intervals.allowedTimes.contains(time) else {
                throw fail(element, elementPath, ProfileError.intervalTimeOutOfRange(time, allowed: Intervals.allowedTimes, mainSit: nil).description)
            }
            if let previous = times.last {
                guard previous != time else {
                    throw fail(element, elementPath, "\(time.formatted) is given twice (the first is \(path)[\(index - 1)]); each time rings one bell")
                }
                guard previous < time else {
                    throw fail(element, elementPath, "\(time.formatted) comes after \(previous.formatted); the times are listed in order, earliest first")
                }
            }
            times.append(time)
        }
        return times
    }

    /// A segment; a version 1 or 2 segment's sounds become the profile's bells (``LegacySounds``).
    func segment(_ node: JSONNode, _ path: String, version: Int, into profile: inout Profile) throws(ProfileError) -> (Segment, JSONNode) {
        guard case let .object(objectMembers) = node.value else {
            throw fail(node, path, "expected a segment (a JSON object), found \(node.kindDescription)")
        }
        guard let typeNode = Members(members: objectMembers)["type"] else {
            throw fail(node, path, "missing key \"type\"; a segment's type is \"warm-up\" or \"cool-down\"")
        }
        let typeName = try string(typeNode, "\(path).type", expected: "\"warm-up\" or \"cool-down\"")
        guard let type = SegmentType(rawValue: typeName) else {
            throw fail(typeNode, "\(path).type", "unknown segment type \(quoted(typeName)); use \"warm-up\" or \"cool-down\"")
        }
        guard type != .main else {
            throw fail(typeNode, "\(path).type", "\"main\" is not stored as a segment; the main sit's length is the top-level \"duration\"")
        }
        // The type decides the keys: only the cool-down rings a bell of its own.
        let allowed = version < 3 ? ProfileDocument.legacyKeys["segment"] ?? [] : ProfileDocument.keys["\(type.rawValue) segment"] ?? []
        let keys = try members(node, path, what: "a \(type.rawValue) segment", allowed: allowed)
        var segment = Segment(type: type)
        if let node = keys["enabled"] { segment.enabled = try bool(node, "\(path).enabled") }
        if let node = keys["duration"] { segment.duration = try duration(node, "\(path).duration", for: DurationSetting(segment: type)) }
        if let node = keys["bells"] { segment.bellEnabled = try bool(node, "\(path).bells") }
        if let node = keys["bell"] { segment.bell = try choice(node, "\(path).bell") }
        if let node = keys["sounds"] {
            guard case let .array(elements) = node.value else {
                throw fail(node, "\(path).sounds", "expected a list of sounds (a JSON array), found \(node.kindDescription)")
            }
            var seen: [(type: LegacySounds.Kind, position: Int)] = []
            for (position, element) in elements.enumerated() {
                let soundPath = "\(path).sounds[\(position)]"
                let sound = try legacySound(element, soundPath)
                if let first = seen.first(where: { $0.type == sound.kind })?.position {
                    throw fail(sound.typeNode, "\(soundPath).type", "a second \(quoted(sound.kind.rawValue)) sound (the first is \(path).sounds[\(first)]); each type appears once")
                }
                seen.append((sound.kind, position))
                switch LegacySounds.migrate(sound.kind, in: type, enabled: sound.enabled) {
                case .coolDownBell:
                    segment.bellEnabled = sound.enabled
                    segment.bell = BellChoice(sound.bell)
                case .startBell: profile.startBell = BellChoice(sound.bell)
                case .endBell: profile.endBell = BellChoice(sound.bell)
                case .dropped: break
                case let .refused(reason): throw fail(sound.typeNode, "\(soundPath).type", reason)
                }
            }
        }
        return (segment, typeNode)
    }

    /// A version 1 or 2 sound.
    func legacySound(_ node: JSONNode, _ path: String) throws(ProfileError) -> (kind: LegacySounds.Kind, enabled: Bool, bell: Bell, typeNode: JSONNode) {
        let keys = try members(node, path, what: "a sound", allowed: ProfileDocument.legacyKeys["sound"] ?? [])
        let typeList = LegacySounds.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let typeNode = keys["type"] else {
            throw fail(node, path, "missing key \"type\"; a sound's type is one of \(typeList)")
        }
        let typeName = try string(typeNode, "\(path).type", expected: "one of \(typeList)")
        guard let kind = LegacySounds.Kind(rawValue: typeName) else {
            throw fail(typeNode, "\(path).type", "unknown sound type \(quoted(typeName)); use one of \(typeList)")
        }
        let enabled = try keys["enabled"].map { (node) throws(ProfileError) in try bool(node, "\(path).enabled") } ?? false
        let bell = try keys["name"].map { (node) throws(ProfileError) in try legacyBell(node, "\(path).name") } ?? .default
        return (kind, enabled, bell, typeNode)
    }
}

/// How the sounds of versions 1 and 2 become the bells of version 3.
///
/// Those versions gave each segment sounds at its `begin`, its `end` or on `repeat`, but only the
/// cool-down's `begin` ever rang. Read today:
/// - the cool-down's `begin` sound is the cool-down's bell, its `enabled` the Bells switch;
/// - an enabled cool-down `end` sound is the End bell (the session ends when the cool-down does);
/// - an enabled warm-up `end` sound is the Start bell (the main sit starts when the warm-up ends);
/// - an enabled warm-up `begin` or `repeat` sound asks for a bell this program does not ring, so the
///   document is refused with what to use instead;
/// - any other disabled sound is dropped.
package enum LegacySounds {
    /// When a version 1 or 2 sound was meant to ring.
    package enum Kind: String, CaseIterable, Sendable {
        case begin
        case end
        case `repeat`
    }

    /// What becomes of one sound.
    package enum Outcome: Equatable, Sendable {
        case coolDownBell, startBell, endBell, dropped
        /// The document is refused; the reason says what to use instead.
        case refused(String)
    }

    /// What becomes of a sound of `kind` in the segment of `type`.
    package static func migrate(_ kind: Kind, in type: SegmentType, enabled: Bool) -> Outcome {
        switch (type, kind) {
        case (.coolDown, .begin): return .coolDownBell
        case (_, _) where !enabled: return .dropped
        case (.coolDown, .end): return .endBell
        case (.warmUp, .end): return .startBell
        case (_, .repeat):
            return .refused("an enabled \"repeat\" sound is not rung by this version; use interval bells instead (\"intervals\": {\"enabled\": true, \"every\": \"05:00\"}, or profile set NAME intervals on), or set this sound's \"enabled\" to false to drop it")
        case (_, .begin):
            return .refused("an enabled bell at the start of the warm-up is not rung by this version; use the Start bell, which rings as the main sit starts (profile set NAME bells.start BELL), or set this sound's \"enabled\" to false to drop it")
        case (.main, _): return .dropped
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif

extension ProfileDocument {
    /// Reads and validates a document from a file outside the store (for import); `path` `-` is
    /// standard input, the descriptor `standardInput`.
    ///
    /// - Throws: ``ProfileError`` naming the file (`<stdin>` for standard input).
    package static func read(path: String, name: String, standardInput: Int32 = 0) throws(ProfileError) -> Profile {
        let label = path == "-" ? "<stdin>" : path
        let fd = path == "-" ? standardInput : try io(POSIX.open(path, O_RDONLY))
        defer { if path != "-" { close(fd) } }
        var info = stat()
        if fstat(fd, &info) == 0, POSIX.isDirectory(info) {
            throw .document(DocumentError(file: label, message: "is a directory; import takes a profile document"))
        }
        guard let bytes = try io(POSIX.readAll(fd, path: label, limit: maximumSize)) else {
            throw .document(DocumentError(file: label, message: "the file is larger than \(maximumSize) bytes; a profile document is at most \(maximumSize) bytes"))
        }
        return try decode(bytes, name: name, file: label)
    }
}
