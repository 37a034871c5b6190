#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files
import JSON
import ProfileKit
import TextSupport

/// The practice's settings, kept in `${XDG_CONFIG_HOME:-$HOME/.config}/profile/settings.json`: for now
/// the daily goal, the seconds to sit in a local day, all sits together.
///
/// The file is one JSON object, `{"dailyGoalSeconds": 1200}` (`{}`: no goal). It is read strictly: a key
/// it does not know, a key twice, or a value out of range is refused with the file's `path:line:col`,
/// never reset; it is written as the profile store writes, under `settings.json.lock`, through one
/// atomic replace.
package struct PracticeSettings: Equatable, Sendable {
    /// The daily goal in seconds, 1 to ``maximumGoal``; nil: no goal.
    package var dailyGoalSeconds: Int?

    package init(dailyGoalSeconds: Int? = nil) {
        self.dailyGoalSeconds = dailyGoalSeconds
    }

    /// The longest goal: a whole day.
    package static let maximumGoal = 24 * 3600
    /// The file's one key.
    static let goalKey = "dailyGoalSeconds"

    /// Where the settings are: `${XDG_CONFIG_HOME:-$HOME/.config}/profile/settings.json`; nil without a home.
    package static func location(environment: [String: String], homeFallback: () -> String? = { nil }) -> String? {
        StoreLocation.baseFolder("XDG_CONFIG_HOME", else: ".config", environment: environment, homeFallback: homeFallback)
            .map { "\($0)/profile/settings.json" }
    }

    /// The settings file, or a configuration error (78) when there is no home to put it in.
    package static func file(environment: [String: String], homeFallback: () -> String? = { nil }) throws(JournalError) -> String {
        guard let path = location(environment: environment, homeFallback: homeFallback) else {
            throw .configuration("no home folder for the settings: set HOME or XDG_CONFIG_HOME to an absolute path")
        }
        return path
    }

    /// The daily goal the settings hold (nil: none, or no home to keep settings in).
    package static func goal(environment: [String: String], homeFallback: () -> String? = { nil }) throws(JournalError) -> Int? {
        guard let path = location(environment: environment, homeFallback: homeFallback) else { return nil }
        return try read(path: path).dailyGoalSeconds
    }

    /// `profile goal [DURATION|off]`: sets the goal when `value` is given, and returns the line to print
    /// (`20:00` or `off`).
    package static func command(_ value: String?, environment: [String: String], homeFallback: () -> String? = { nil }) throws(JournalError) -> String {
        let path = try file(environment: environment, homeFallback: homeFallback)
        guard let value else { return try read(path: path).goalText + "\n" }
        let goal = try self.goal(parsing: value)
        return try update(path: path) { $0.dailyGoalSeconds = goal }.goalText + "\n"
    }

    /// `profile goal`'s value: a duration as `set` takes it (`20`, `20m`, `1h30m`, `25:00`), at most a
    /// day, or `off` (nil).
    ///
    /// - Throws: ``JournalError/invalidOption(_:option:accepted:)`` naming the forms accepted.
    package static func goal(parsing text: String) throws(JournalError) -> Int? {
        if text == "off" { return nil }
        let accepted = "a duration from 1 second to 24 hours (\(TimerDuration.acceptedForms)), or off"
        let duration: TimerDuration
        do throws(ProfileError) {
            duration = try TimerDuration(parsing: text)
        } catch {
            throw .invalidOption(text, option: "goal", accepted: accepted)
        }
        guard duration.seconds >= 1, duration.seconds <= maximumGoal else {
            throw .invalidOption(text, option: "goal", accepted: accepted)
        }
        return duration.seconds
    }

    /// The goal as `profile goal` prints it: `20:00`, or `off`.
    package var goalText: String { dailyGoalSeconds.map { TimerDuration(seconds: $0).formatted } ?? "off" }

    /// The settings `bytes` hold; `path` names the file in errors.
    ///
    /// - Throws: ``JournalError/document(_:)`` (65) with `path:line:col` and what is accepted.
    package static func decode(_ bytes: [UInt8], path: String) throws(JournalError) -> PracticeSettings {
        func refuse(_ offset: Int, _ message: String) -> JournalError {
            let (line, column) = JSONParser.lineAndColumn(of: offset, in: bytes)
            return .document(DocumentError(file: path, line: line, column: column, message: message))
        }
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(bytes)
        } catch {
            throw refuse(error.offset, error.message)
        }
        guard case let .object(members) = root.value else {
            throw refuse(root.offset, "expected an object such as {\"\(goalKey)\": 1200}, found \(root.kindDescription)")
        }
        var settings = PracticeSettings()
        var seen = false
        for member in members {
            guard member.key == goalKey else {
                throw refuse(member.keyOffset, "unknown key \(quoted(member.key)): the settings hold only \(quoted(goalKey))")
            }
            guard !seen else { throw refuse(member.keyOffset, "\(quoted(goalKey)) is given twice") }
            seen = true
            switch member.value.value {
            case .null:
                settings.dailyGoalSeconds = nil
            case let .number(text):
                guard let seconds = Int(text), (1...maximumGoal).contains(seconds) else {
                    throw refuse(member.value.offset, "\(quoted(goalKey)) is \(quoted(text)): expected whole seconds from 1 to \(maximumGoal), or null for no goal")
                }
                settings.dailyGoalSeconds = seconds
            default:
                throw refuse(member.value.offset, "\(quoted(goalKey)) is \(member.value.kindDescription): expected whole seconds from 1 to \(maximumGoal), or null for no goal")
            }
        }
        return settings
    }

    /// The file's text: `{"dailyGoalSeconds": 1200}` or `{}`, with a newline.
    package var encoded: [UInt8] {
        Array(JSONWriter.text(inlineFlatObjects: true, .object(dailyGoalSeconds.map { [(Self.goalKey, .int($0))] } ?? [])).utf8)
    }

    /// The settings in `path`; no file is no goal.
    ///
    /// - Throws: ``JournalError/document(_:)`` for a damaged file, ``JournalError/file(_:)`` when it
    ///   cannot be read.
    package static func read(path: String) throws(JournalError) -> PracticeSettings {
        let fd: Int32
        do throws(FileError) {
            fd = try POSIX.open(path, O_RDONLY | O_NONBLOCK)
        } catch {
            if case let .io(_, _, code) = error, code == ENOENT { return PracticeSettings() }
            throw .file(error)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .file(POSIX.failure(path, "fstat")) }
        guard POSIX.isRegular(info) else { throw .file(POSIX.failure(path, "read", EINVAL)) }
        guard let bytes = try JournalError.io(POSIX.readAll(fd, path: path, limit: 1 << 16)) else {
            throw .file(POSIX.failure(path, "read", EFBIG))
        }
        return try decode(bytes, path: path)
    }

    /// Changes the settings in `path` under its lock and writes them in one atomic replace, creating the
    /// folder when needed; a damaged file is refused, unchanged. Returns the new settings.
    package static func update(path: String, _ change: (inout PracticeSettings) -> Void) throws(JournalError) -> PracticeSettings {
        try JournalError.io(POSIX.makeDirectories(POSIX.directoryName(path), mode: 0o700))
        return try FileLock(timeout: 5).withLock(on: path) { () throws(JournalError) -> PracticeSettings in
            var settings = try read(path: path)
            change(&settings)
            try JournalError.io(AtomicFile.replace(path, with: settings.encoded, newFileMode: 0o644))
            return settings
        }
    }
}
