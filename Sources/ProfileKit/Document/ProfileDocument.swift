import TextSupport
import JSON

/// The profile file format: one JSON object per profile, versioned.
///
/// ```json
/// {
///   "version": 2,
///   "duration": "20:00",
///   "segments": [
///     { "type": "cool-down", "enabled": true, "duration": "05:00",
///       "sounds": [ { "type": "begin", "enabled": true, "name": "Singing Bowl" } ] }
///   ],
///   "intervals": { "enabled": true, "every": "05:00", "name": "Tingsha" }
/// }
/// ```
///
/// Only `version` is required; missing keys take the defaults of a new profile. Unknown keys are an
/// error, so that a misspelt key is never dropped silently. The profile's name is the file's name.
///
/// Version 1 had no `"intervals"`. A version 1 document is migrated as it is read (interval bells off,
/// their defaults otherwise) and written as version 2 by the next save; reading never writes.
package enum ProfileDocument {
    /// The format version this program writes, and the newest it reads.
    package static let currentVersion = 2

    /// The top-level keys each version knows.
    static let profileKeys: [Int: [String]] = [
        1: ["version", "duration", "segments"],
        2: ["version", "duration", "segments", "intervals"],
    ]

    /// The largest document read; a profile is a few hundred bytes, so anything near this is not one.
    package static let maximumSize = 1 << 20

    /// The keys of each object, for documentation and tests.
    package static let keys: [String: [String]] = [
        "profile": ["version", "duration", "segments", "intervals"],
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

    /// The document text of `profile`, with keys in a fixed order and a final newline.
    package static func encode(_ profile: Profile) -> [UInt8] {
        let segments: [JSONWriter.Value] = profile.segments.map { segment in
            var members: [(String, JSONWriter.Value)] = [
                ("type", .string(segment.type.rawValue)),
                ("enabled", .bool(segment.enabled)),
                ("duration", .string(segment.duration.formatted)),
            ]
            if !segment.sounds.isEmpty {
                members.append(("sounds", .array(segment.sounds.map { sound in
                    .object([
                        ("type", .string(sound.type.rawValue)),
                        ("enabled", .bool(sound.enabled)),
                        ("name", .string(sound.bell.rawValue)),
                    ])
                })))
            }
            return .object(members)
        }
        let document = JSONWriter.Value.object([
            ("version", .int(currentVersion)),
            ("duration", .string(profile.duration.formatted)),
            ("segments", .array(segments)),
            ("intervals", .object([
                ("enabled", .bool(profile.intervals.enabled)),
                ("every", .string(profile.intervals.every.formatted)),
                ("name", .string(profile.intervals.bell.rawValue)),
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

    func string(_ node: JSONNode, _ path: String, expected: String) throws(ProfileError) -> String {
        guard case let .string(text) = node.value else {
            throw fail(node, path, "expected \(expected), found \(node.kindDescription)")
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

    func bell(_ node: JSONNode, _ path: String) throws(ProfileError) -> Bell {
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
        if version == 1, let member = rootMembers.first(where: { $0.key == "intervals" }) {
            throw fail(offset: member.keyOffset, "intervals", "\"intervals\" is new in version 2; set \"version\": 2 to use it")
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
                let (segment, typeNode) = try segment(element, path)
                if let first = seen.first(where: { $0.type == segment.type })?.position {
                    throw fail(typeNode, "\(path).type", "a second \(quoted(segment.type.rawValue)) segment (the first is segments[\(first)]); each type appears once")
                }
                seen.append((segment.type, position))
                profile[segment: segment.type] = segment
            }
        }
        if let node = keys["intervals"] { profile.intervals = try intervals(node, "intervals") }
        return profile
    }

    func intervals(_ node: JSONNode, _ path: String) throws(ProfileError) -> Intervals {
        let keys = try members(node, path, what: "intervals", allowed: ProfileDocument.keys["intervals"] ?? [])
        var intervals = Intervals()
        if let node = keys["enabled"] { intervals.enabled = try bool(node, "\(path).enabled") }
        if let node = keys["every"] {
            intervals.every = try duration(node, "\(path).every", for: .interval)
        }
        if let node = keys["name"] { intervals.bell = try bell(node, "\(path).name") }
        return intervals
    }

    func segment(_ node: JSONNode, _ path: String) throws(ProfileError) -> (Segment, JSONNode) {
        let keys = try members(node, path, what: "a segment", allowed: ProfileDocument.keys["segment"] ?? [])
        guard let typeNode = keys["type"] else {
            throw fail(node, path, "missing key \"type\"; a segment's type is \"warm-up\" or \"cool-down\"")
        }
        let typeName = try string(typeNode, "\(path).type", expected: "\"warm-up\" or \"cool-down\"")
        guard let type = SegmentType(rawValue: typeName) else {
            throw fail(typeNode, "\(path).type", "unknown segment type \(quoted(typeName)); use \"warm-up\" or \"cool-down\"")
        }
        guard type != .main else {
            throw fail(typeNode, "\(path).type", "\"main\" is not stored as a segment; the main sit's length is the top-level \"duration\"")
        }
        var segment = Segment(type: type)
        if let node = keys["enabled"] { segment.enabled = try bool(node, "\(path).enabled") }
        if let node = keys["duration"] { segment.duration = try duration(node, "\(path).duration", for: DurationSetting(segment: type)) }
        if let node = keys["sounds"] {
            guard case let .array(elements) = node.value else {
                throw fail(node, "\(path).sounds", "expected a list of sounds (a JSON array), found \(node.kindDescription)")
            }
            var seen: [(type: SoundType, position: Int)] = []
            for (position, element) in elements.enumerated() {
                let soundPath = "\(path).sounds[\(position)]"
                let (sound, soundTypeNode) = try sound(element, soundPath)
                if let first = seen.first(where: { $0.type == sound.type })?.position {
                    throw fail(soundTypeNode, "\(soundPath).type", "a second \(quoted(sound.type.rawValue)) sound (the first is \(path).sounds[\(first)]); each type appears once")
                }
                seen.append((sound.type, position))
                segment[sound: sound.type] = sound
            }
        }
        return (segment, typeNode)
    }

    func sound(_ node: JSONNode, _ path: String) throws(ProfileError) -> (Sound, JSONNode) {
        let keys = try members(node, path, what: "a sound", allowed: ProfileDocument.keys["sound"] ?? [])
        let typeList = SoundType.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let typeNode = keys["type"] else {
            throw fail(node, path, "missing key \"type\"; a sound's type is one of \(typeList)")
        }
        let typeName = try string(typeNode, "\(path).type", expected: "one of \(typeList)")
        guard let type = SoundType(rawValue: typeName) else {
            throw fail(typeNode, "\(path).type", "unknown sound type \(quoted(typeName)); use one of \(typeList)")
        }
        var sound = Sound(type: type)
        if let node = keys["enabled"] { sound.enabled = try bool(node, "\(path).enabled") }
        if let node = keys["name"] { sound.bell = try bell(node, "\(path).name") }
        return (sound, typeNode)
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
    /// standard input.
    ///
    /// - Throws: ``ProfileError`` naming the file (`<stdin>` for standard input).
    package static func read(path: String, name: String) throws(ProfileError) -> Profile {
        let label = path == "-" ? "<stdin>" : path
        let fd = path == "-" ? 0 : try POSIX.open(path, O_RDONLY)
        defer { if fd != 0 { close(fd) } }
        var info = stat()
        if fstat(fd, &info) == 0, POSIX.isDirectory(info) {
            throw .document(DocumentError(file: label, message: "is a directory; import takes a profile document"))
        }
        guard let bytes = try POSIX.readAll(fd, path: label, limit: maximumSize) else {
            throw .document(DocumentError(file: label, message: "the file is larger than \(maximumSize) bytes; a profile document is at most \(maximumSize) bytes"))
        }
        return try decode(bytes, name: name, file: label)
    }
}
