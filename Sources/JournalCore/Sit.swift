import Breath
import LocalTime
import JSON
import TextSupport

/// How a sit ended.
package enum Outcome: String, CaseIterable, Sendable {
    /// The session ran to its end (or the sit was added by hand).
    case completed
    /// Stopped with `q`, then `y`.
    case stopped
    /// Ended by a signal: Ctrl-C, SIGTERM, SIGHUP; or cut off (a crash, SIGKILL, a dead battery) and
    /// recovered from the run's record by a later command.
    case interrupted
}

/// One sit of the journal: one line of `journal.jsonl`.
package struct Sit: Equatable, Sendable {
    /// A short random id, for `log delete`: twelve hexadecimal digits (eight in journals written before
    /// them, which are read as they are).
    package var id: String
    package var start: Timestamp
    /// When it ended on the wall clock (pauses included); the start plus the seconds for a sit added by hand.
    package var end: Timestamp
    /// The profile's name when it was run, or nil for a sit without one.
    package var profile: String?
    /// Seconds sat: warm-up, main sit and cool-down time that passed, pauses left out.
    package var seconds: Int
    /// The profile's length; nil for an open-ended sit, which had no planned end.
    package var plannedSeconds: Int?
    package var outcome: Outcome
    /// Bells that rang.
    package var bells: Int
    package var note: String?
    /// Seconds not sat between the start and the end: pauses with space, the stop question, stops
    /// (Ctrl-Z) and the machine's sleep; 0 for a sit without them, a sit added by hand, and the lines of
    /// journals written before they were kept.
    package var pausedSeconds: Int
    /// Whether the sit was cut off (the run killed, the machine lost its power) and logged afterwards
    /// from the record the run kept while it lasted (``SitRecord``); false for every other sit and for
    /// the lines of journals written before it was kept.
    package var recovered: Bool
    /// The breathing the run led (issue 48): nil for a sit without a pacer, a sit added by hand and the
    /// lines of journals written before it was kept.
    package var breathing: SitBreathing?
    /// What the sit was, when it was no meditation (issue 50): the activity of an Insight Timer row
    /// (`Yoga`, `Walking`), kept as the row spelt it so that its export gives it back; nil for a
    /// meditation, every sit a run or `log add` logs, and the lines of journals written before it was kept.
    package var activity: String?

    package init(id: String = Sit.newID(), start: Timestamp, end: Timestamp, profile: String?, seconds: Int,
                 plannedSeconds: Int?, outcome: Outcome, bells: Int, note: String?, pausedSeconds: Int = 0,
                 recovered: Bool = false, breathing: SitBreathing? = nil, activity: String? = nil) {
        self.id = id
        self.start = start
        self.end = end
        self.profile = profile
        self.seconds = seconds
        self.plannedSeconds = plannedSeconds
        self.outcome = outcome
        self.bells = bells
        self.note = note
        self.pausedSeconds = pausedSeconds
        self.recovered = recovered
        self.breathing = breathing
        self.activity = activity
    }

    /// Twelve random hexadecimal digits (48 bits): still short to type, and a journal of 100,000 sits
    /// holds two alike with a chance of about 1 in 56,000 (n²/2 over 2⁴⁸), where eight digits made it
    /// likely (69%). `log delete` refuses an id that two sits share.
    package static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = UInt64.random(in: 0..<(1 << 48), using: &generator)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 12 - digits.count) + digits
    }

    /// The keys of a record, in the order lines and JSON give them. `pausedSeconds`, then `recovered`,
    /// then `breathing`, then `activity` came last, so that the columns of plain lines and CSV before
    /// them stay where they were (``columns``).
    package static let keys = ["id", "start", "end", "profile", "seconds", "plannedSeconds", "outcome", "bells", "note",
                               "pausedSeconds", "recovered", "breathing", "activity"]

    /// The columns of plain lines and CSV, in their order: the keys, with `breathing` given as its three
    /// values (``SitBreathing/columns``), empty for a sit without it, and `activity` empty for a meditation.
    package static let columns = Array(keys.dropLast(2)) + SitBreathing.columns + ["activity"]

    /// What every sit is that has no ``activity``: Insight Timer's word for it, which its export writes.
    package static let meditation = "Meditation"

    /// Why `text` is no ``activity`` a record keeps, or nil when it is one: it is the activity as an
    /// Insight Timer row gives it, trimmed, not empty, not Meditation (in any case: a meditation has
    /// none), text as a note is (``checkedText(_:option:)``). Both of the journal's readers ask this.
    package static func activityProblem(_ text: String) -> String? {
        if text.trimmingWhitespace().isEmpty { return "an activity such as \"Yoga\": it is \(text.isEmpty ? "empty" : "blank")" }
        if text.utf8.count == meditation.utf8.count, text.lowercased() == "meditation" {
            return "an activity other than \(meditation): a meditation has none (leave the key out)"
        }
        if text.trimmingWhitespace() != text { return "an activity without spaces around it" }
        if let problem = text.hiddenCharacterProblem { return "text without control or invisible characters: \(problem)" }
        if text.utf8.count > longestText { return "text of at most \(grouped(longestText)) bytes (this is \(grouped(text.utf8.count)))" }
        return nil
    }

    /// The longest seconds, planned seconds, bells or paused seconds a record may hold: far more than a
    /// sit takes, well inside `Int`.
    package static let maximumCount = 9_999_999

    /// The record as one line of JSON, with its newline. `pausedSeconds` is written only when it is not
    /// 0, `recovered` only when true, `breathing` only when the run led some
    /// (`"breathing":{"pattern":"4-7-8","breaths":16,"seconds":300}`) and `activity` only when the sit
    /// was no meditation (`"activity":"Yoga"`): the line of a sit without pauses or a pacer, logged by
    /// its own run, stays
    /// the one earlier versions wrote and read (they refuse a key they do not know), and the reader
    /// takes a missing one as 0 or false.
    package var line: String {
        var text = ByteText(capacity: 200)
        write(to: &text, spaced: false, everyKey: false)
        text.append(byte: 0x0A)
        return text.text
    }

    /// Writes the record as one JSON object on one line; `spaced` puts a space after each `:` and `,`,
    /// as `log --format json` prints it for people; `everyKey` writes `pausedSeconds` when it is 0,
    /// `recovered` when false, `breathing` and `activity` as null when there is none too, as
    /// `log --format json` gives every key of every record.
    package func write(to text: inout ByteText, spaced: Bool, everyKey: Bool) {
        // Each key with the punctuation around it, written whole: this is `log --format json`'s inner loop.
        let keys = spaced ? Self.spacedKeys : Self.compactKeys
        text.append(keys[0])
        text.appendJSONString(id)
        text.append(keys[1])
        text.append(start)
        text.append(keys[2])
        text.append(end)
        text.append(keys[3])
        if let profile { text.appendJSONString(profile) } else { text.append("null") }
        text.append(keys[4])
        text.append(seconds)
        text.append(keys[5])
        if let plannedSeconds { text.append(plannedSeconds) } else { text.append("null") }
        text.append(keys[6])
        text.append(outcome.rawValue)
        text.append(keys[7])
        text.append(bells)
        text.append(keys[8])
        if let note { text.appendJSONString(note) } else { text.append("null") }
        if everyKey || pausedSeconds != 0 {
            text.append(keys[9])
            text.append(pausedSeconds)
        }
        if everyKey || recovered {
            text.append(keys[10])
            if recovered { text.append("true") } else { text.append("false") }
        }
        if let breathing {
            text.append(keys[11])
            text.appendJSONString(breathing.pattern)
            text.append(keys[12])
            text.append(breathing.breaths)
            text.append(keys[13])
            text.append(breathing.seconds)
            text.append(byte: 0x7D)
        } else if everyKey {
            text.append(keys[14])
        }
        if let activity {
            text.append(keys[15])
            text.appendJSONString(activity)
        } else if everyKey {
            text.append(keys[15])
            text.append("null")
        }
        text.append(byte: 0x7D)
    }

    private static let compactKeys: [StaticString] = [
        "{\"id\":", ",\"start\":\"", "\",\"end\":\"", "\",\"profile\":", ",\"seconds\":", ",\"plannedSeconds\":",
        ",\"outcome\":\"", "\",\"bells\":", ",\"note\":", ",\"pausedSeconds\":", ",\"recovered\":",
        ",\"breathing\":{\"pattern\":", ",\"breaths\":", ",\"seconds\":", ",\"breathing\":null", ",\"activity\":",
    ]
    private static let spacedKeys: [StaticString] = [
        "{\"id\": ", ", \"start\": \"", "\", \"end\": \"", "\", \"profile\": ", ", \"seconds\": ", ", \"plannedSeconds\": ",
        ", \"outcome\": \"", "\", \"bells\": ", ", \"note\": ", ", \"pausedSeconds\": ", ", \"recovered\": ",
        ", \"breathing\": {\"pattern\": ", ", \"breaths\": ", ", \"seconds\": ", ", \"breathing\": null", ", \"activity\": ",
    ]

    /// Whether an id is one `log delete` could take: 1 to 64 letters, digits, `-` or `_`.
    package static func isValidID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F
        }
    }
}
