import Breath
import LocalTime
import JSON
import TextSupport

/// Reads one line of the journal into a ``Sit``, strictly: the line is one JSON object (RFC 8259, no
/// duplicate keys), `id`, `start`, `seconds` and `outcome` are required, each value has its type and
/// range, and an error names the line's column and key. A key it does not know is refused with the
/// closest one it knows, as profile documents refuse theirs: a misspelt `"Note"` is said, not lost.
/// A missing `pausedSeconds` is 0, a missing `recovered` false and a missing (or null) `breathing` none:
/// the lines of sits without pauses, logged by their own run or without a pacer, and every line of
/// journals written before they were kept, have none. A `breathing` is an object of exactly `pattern`
/// (as `--breathe` writes it), `breaths` and `seconds` (at most the sit's), its breaths at most what the
/// pattern begins in those seconds (``SitBreathing/problem(sitSeconds:)``). A missing (or null)
/// `activity` is a meditation; one given is a string ``Sit/activityProblem(_:)`` takes.
package enum SitLine {
    /// Why a line is not a record: the column (in characters, 1-based), the key and what is wrong.
    package struct Problem: Error, Sendable {
        package var column: Int
        package var key: String?
        package var message: String
        /// Whether the line is one whole JSON value: only a line that is not can be what an interrupted
        /// write leaves, since every record is written as one object.
        package var isWholeJSON = true
    }

    /// The record `bytes` (one line, without its newline) hold.
    package static func decode(_ bytes: [UInt8]) throws(Problem) -> Sit {
        let node: JSONNode
        do {
            node = try JSONParser.parse(bytes)
        } catch {
            throw Problem(column: JSONParser.lineAndColumn(of: error.offset, in: bytes).column, key: nil, message: error.message,
                          isWholeJSON: false)
        }
        return try decode(node, in: bytes)
    }

    /// The record `node` holds, a value parsed from `bytes` (a line, or a file with the record inside):
    /// columns are counted in `bytes`.
    package static func decode(_ node: JSONNode, in bytes: [UInt8]) throws(Problem) -> Sit {
        func column(_ offset: Int) -> Int { JSONParser.lineAndColumn(of: offset, in: bytes).column }
        guard case let .object(members) = node.value else {
            throw Problem(column: column(node.offset), key: nil, message: "expected a record (a JSON object), found \(node.kindDescription)")
        }
        var values: [String: JSONNode] = [:]
        for member in members {
            guard Sit.keys.contains(member.key) else {
                throw Problem(column: column(member.keyOffset), key: member.key,
                              message: "unknown key \(quoted(member.key))\(didYouMean(member.key, in: Sit.keys)); a record has the keys \(Sit.keys.joined(separator: ", "))")
            }
            values[member.key] = member.value
        }

        func fail(_ key: String, _ node: JSONNode, _ expected: String) -> Problem {
            Problem(column: column(node.offset), key: key, message: "expected \(expected), found \(node.kindDescription)")
        }
        func missing(_ key: String) -> Problem {
            Problem(column: column(node.offset), key: nil, message: "the record has no \(quoted(key)); every line needs id, start, seconds and outcome")
        }
        func string(_ key: String, optional: Bool) throws(Problem) -> String? {
            guard let value = values[key] else {
                if optional { return nil }
                throw missing(key)
            }
            switch value.value {
            case let .string(text): return text
            case .null where optional: return nil
            default: throw fail(key, value, optional ? "a string or null" : "a string")
            }
        }
        func count(_ key: String) throws(Problem) -> Int? {
            guard let value = values[key] else { return nil }
            guard case let .number(text) = value.value, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let number = Int(text), number <= Sit.maximumCount else {
                throw fail(key, value, "a whole number from 0 to \(grouped(Sit.maximumCount))")
            }
            return number
        }
        /// A count, or null (`.some(nil)`); nil when the key is missing.
        func countOrNull(_ key: String) throws(Problem) -> Int?? {
            if let value = values[key], case .null = value.value { return .some(nil) }
            return try count(key).map { .some($0) }
        }
        func timestamp(_ key: String) throws(Problem) -> Timestamp? {
            guard let text = try string(key, optional: key != "start") else { return nil }
            guard let stamp = Timestamp(parsing: text) else {
                // `values[key]` is there: string() found it.
                let place = values[key].map { column($0.offset) } ?? 1
                throw Problem(column: place, key: key,
                              message: "expected a time such as \"2026-11-23T07:15:00+01:00\" (ISO 8601 with the offset), found \(quoted(text, limit: 40))")
            }
            return stamp
        }

        guard let id = try string("id", optional: false) else { throw missing("id") }
        guard Sit.isValidID(id) else {
            throw Problem(column: values["id"].map { column($0.offset) } ?? 1, key: "id",
                          message: "expected an id of 1 to 64 letters, digits, '-' or '_', found \(quoted(id, limit: 40))")
        }
        guard let start = try timestamp("start") else { throw missing("start") }
        guard let seconds = try count("seconds") else { throw missing("seconds") }
        guard let outcomeText = try string("outcome", optional: false) else { throw missing("outcome") }
        guard let outcome = Outcome(rawValue: outcomeText) else {
            throw Problem(column: values["outcome"].map { column($0.offset) } ?? 1, key: "outcome",
                          message: "expected completed, stopped or interrupted, found \(quoted(outcomeText, limit: 40))")
        }
        let paused = try count("pausedSeconds") ?? 0
        var recovered = false
        if let value = values["recovered"] {
            guard case let .bool(flag) = value.value else { throw fail("recovered", value, "true or false") }
            recovered = flag
        }
        let end = try timestamp("end") ?? Timestamp(epoch: start.epoch + seconds + paused, offset: start.offset)
        let breathing = try values["breathing"].flatMap { node throws(Problem) in try Self.breathing(node, sitSeconds: seconds, column: column) }
        let activity = try string("activity", optional: true)
        if let activity, let problem = Sit.activityProblem(activity) {
            throw Problem(column: values["activity"].map { column($0.offset) } ?? 1, key: "activity",
                          message: "expected \(problem), found \(quoted(activity, limit: 40))")
        }
        return Sit(id: id, start: start, end: end, profile: try string("profile", optional: true), seconds: seconds,
                   plannedSeconds: try countOrNull("plannedSeconds") ?? seconds, outcome: outcome, bells: try count("bells") ?? 0,
                   note: try string("note", optional: true), pausedSeconds: paused, recovered: recovered, breathing: breathing,
                   activity: activity)
    }

    /// A record's `breathing`: null (none), or an object of exactly ``SitBreathing/keys``, each required,
    /// checked against the sit's `sitSeconds` (``SitBreathing/problem(sitSeconds:)``). Errors name
    /// `breathing.pattern`, `breathing.breaths` or `breathing.seconds` and their column.
    private static func breathing(_ node: JSONNode, sitSeconds: Int, column: (Int) -> Int) throws(Problem) -> SitBreathing? {
        let accepted = "an object such as {\"pattern\":\"4-7-8\",\"breaths\":16,\"seconds\":300}, or null"
        let members: [JSONNode.Member]
        switch node.value {
        case .null: return nil
        case let .object(found): members = found
        default: throw Problem(column: column(node.offset), key: "breathing", message: "expected \(accepted), found \(node.kindDescription)")
        }
        var values: [String: JSONNode] = [:]
        for member in members {
            guard SitBreathing.keys.contains(member.key) else {
                throw Problem(column: column(member.keyOffset), key: "breathing",
                              message: "unknown key \(quoted(member.key))\(didYouMean(member.key, in: SitBreathing.keys)); breathing has the keys \(SitBreathing.keys.joined(separator: ", "))")
            }
            values[member.key] = member.value
        }
        for key in SitBreathing.keys where values[key] == nil {
            throw Problem(column: column(node.offset), key: "breathing",
                          message: "no \(quoted(key)); expected \(accepted)")
        }
        func count(_ key: String) throws(Problem) -> Int {
            // Every key is there: checked above.
            let value = values[key] ?? node
            guard case let .number(text) = value.value, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let number = Int(text), number <= Sit.maximumCount else {
                throw Problem(column: column(value.offset), key: "breathing.\(key)",
                              message: "expected a whole number from 0 to \(grouped(Sit.maximumCount)), found \(value.kindDescription)")
            }
            return number
        }
        let patternNode = values["pattern"] ?? node
        guard case let .string(pattern) = patternNode.value else {
            throw Problem(column: column(patternNode.offset), key: "breathing.pattern",
                          message: "expected a string such as \"4-7-8\", found \(patternNode.kindDescription)")
        }
        let breathing = SitBreathing(pattern: pattern, breaths: try count("breaths"), seconds: try count("seconds"))
        if let problem = breathing.problem(sitSeconds: sitSeconds) {
            let place = values[problem.key] ?? node
            throw Problem(column: column(place.offset), key: "breathing.\(problem.key)", message: problem.message)
        }
        return breathing
    }
}
