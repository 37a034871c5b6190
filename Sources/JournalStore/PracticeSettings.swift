#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files
import JSON
import JournalCore
import LocalTime
import ProfileKit
import TextSupport

/// The practice's settings, kept in `${XDG_CONFIG_HOME:-$HOME/.config}/profile/settings.json`: for now
/// the daily goal, the seconds to sit in a local day, all sits together.
///
/// The file is one JSON object, `{"dailyGoalSeconds": 1200}` (`{}`: no goal). It is read strictly: a key
/// it does not know, a key twice, or a value out of range is refused with the file's `path:line:col`,
/// never reset, as is anything but a regular file of at most 64 KiB; it is written as the profile store
/// writes, under `settings.json.lock`, through one atomic replace (mode 0600), and through a symbolic
/// link to the file it leads to.
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

    /// `profile goal [DURATION|off]`: sets the goal when `value` is given, and returns the line to print,
    /// in words (issue 50: `20:00` alone did not say what it was): `daily goal: 20:00 a day`, and on a
    /// change what it was: `daily goal: 20:00 a day (was off)`.
    package static func command(_ value: String?, environment: [String: String], homeFallback: () -> String? = { nil }) throws(JournalError) -> String {
        let path = try file(environment: environment, homeFallback: homeFallback)
        guard let value else { return "daily goal: \(try read(path: path).goalText)\n" }
        let goal = try self.goal(parsing: value)
        var before: PracticeSettings?
        let after = try update(path: path) { settings in
            before = settings
            settings.dailyGoalSeconds = goal
        }
        let was = before.map { $0.dailyGoalSeconds == goal ? "" : " (was \($0.goalText))" } ?? ""
        return "daily goal: \(after.goalText)\(was)\n"
    }

    /// `profile goal`'s value: a duration as `set` takes it (`20`, `20m`, `1h30m`, `25:00`), at most a
    /// day, or `off` (nil).
    ///
    /// - Throws: ``JournalError/invalidOption(_:option:accepted:)`` naming the forms accepted.
    package static func goal(parsing text: String) throws(JournalError) -> Int? {
        // `off` as a switch takes it, whatever its case (parseSwitchValue).
        if text.lowercased() == "off" { return nil }
        let accepted = "a duration from 1 second to 24 hours (\(TimerDuration.acceptedForms)), or off"
        let duration: TimerDuration
        do throws(DurationError) {
            duration = try TimerDuration(parsing: text)
        } catch {
            throw .invalidOption(text, option: "goal", accepted: accepted)
        }
        guard duration.seconds >= 1, duration.seconds <= maximumGoal else {
            throw .invalidOption(text, option: "goal", accepted: accepted)
        }
        return duration.seconds
    }

    /// The goal as `profile goal` prints it: `20:00 a day`, or `off`.
    package var goalText: String { dailyGoalSeconds.map { "\(TimerDuration(seconds: $0).formatted) a day" } ?? "off" }

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

    /// The most bytes a settings file may hold: its one key fits in 40, so room to spare for spaces
    /// and an editor's habits, and no more than a glance reads.
    static let sizeLimit = 64 * 1024

    /// The settings in `path`; no file (a link to nothing included) is no goal.
    ///
    /// The file is opened with `O_NONBLOCK` (a FIFO there does not wait for a writer) and must be a
    /// regular file of at most ``sizeLimit`` bytes, which is refused before a byte is read.
    ///
    /// - Throws: ``JournalError/document(_:)`` (65) for a damaged file, one that is no regular file or
    ///   one too large, each saying what it is and what to do; ``JournalError/file(_:)`` when it cannot be
    ///   read.
    package static func read(path: String) throws(JournalError) -> PracticeSettings {
        let found: SmallFile
        do throws(FileError) {
            found = try ReadFile.small(path, limit: sizeLimit)
        } catch {
            // A link that loops: said as a write says it, in words and with what to do (65).
            if error.code == ELOOP { _ = try target(of: path) }
            throw .file(error)
        }
        switch found {
        case .missing: return PracticeSettings()
        case let .notRegular(info): throw notRegular(path, info)
        case let .tooLarge(size): throw tooLarge(path, size: size)
        case let .contents(bytes): return try decode(bytes, path: path)
        }
    }

    /// What to do about a settings file that cannot be used as it is: move it away and set the goal anew.
    private static func remedy(_ path: String) -> String {
        "move it away (mv \(shellWord(path)) \(shellWord(path + ".old"))) and set the goal again with 'profile goal DURATION'"
    }

    /// The error for a settings file that is not a regular file (65): what it is instead, and what to do.
    static func notRegular(_ path: String, _ info: stat) -> JournalError {
        let kind = POSIX.kindName(info)
        return .document(DocumentError(file: path, message: """
            is \(kind)\(linkNote(path)), not a regular file; the settings are a small JSON file such as \
            {"\(goalKey)": 1200}: \(remedy(path))
            """))
    }

    /// The error for a settings file over ``sizeLimit`` (65): its size, the limit, and what to do.
    static func tooLarge(_ path: String, size: Int) -> JournalError {
        .document(DocumentError(file: path, message: """
            is \(grouped(size)) bytes\(linkNote(path)), larger than the \(grouped(sizeLimit)) bytes (64 KiB) a settings \
            file may be (it holds one key, {"\(goalKey)": 1200}); \(remedy(path))
            """))
    }

    /// ` (a link to FILE)` when `path` is a symbolic link, else nothing: the file a person must look at.
    private static func linkNote(_ path: String) -> String {
        guard let info = try? POSIX.lstatIfExists(path), POSIX.isSymlink(info) else { return "" }
        return " (through the link, \(escapedPath(POSIX.realPath(path) ?? POSIX.linkTarget(path) ?? "?")))"
    }

    /// Changes the settings in `path` under its lock and writes them in one atomic replace, mode 0600,
    /// creating the folder when needed; a damaged file is refused, unchanged. Returns the new settings.
    ///
    /// A settings file that is a symbolic link (dotfiles kept by stow or chezmoi) is written through:
    /// the file it leads to is replaced and the link stays a link, as `log repair` keeps a journal's.
    /// A link that leads nowhere (to no file, or round in a loop) is refused, not replaced by a file.
    package static func update(path: String, _ change: (inout PracticeSettings) -> Void) throws(JournalError) -> PracticeSettings {
        try JournalError.io(POSIX.makeDirectories(POSIX.directoryName(path), mode: 0o700))
        let file = try target(of: path)
        return try FileLock(timeout: 5).withLock(on: file) { () throws(JournalError) -> PracticeSettings in
            // Read through the name the user knows: what is wrong there is said of it (and of its link).
            var settings = try read(path: path)
            change(&settings)
            // The settings are the user's alone, as the journal and the records of sits are; an existing
            // file is made so first, since the replace keeps the mode it finds.
            if (try? POSIX.lstatIfExists(file)) != nil { _ = chmod(file, 0o600) }
            // What a write killed before its rename left beside the file (in a dotfiles folder, for good).
            AtomicFile.removeLeftovers(of: POSIX.baseName(file), in: POSIX.directoryName(file))
            try JournalError.io(AtomicFile.replace(file, with: settings.encoded, newFileMode: 0o600))
            return settings
        }
    }

    /// The file a write of the settings at `path` replaces: `path` itself, or the file its links lead to.
    ///
    /// - Throws: ``JournalError/document(_:)`` (65) for a link that leads to no file or loops, naming it,
    ///   where it points and what to do.
    static func target(of path: String) throws(JournalError) -> String {
        guard let info = try JournalError.io(POSIX.lstatIfExists(path)), POSIX.isSymlink(info) else { return path }
        switch POSIX.canonicalPath(path) {
        case let .success(real):
            return real
        case let .failure(error):
            let pointed = POSIX.linkTarget(path).map { quoted($0, limit: 200) } ?? "an unreadable place"
            let (why, mend) = error.code == ELOOP
                ? ("which leads round in a loop of links", "point one of them at a file")
                : ("which leads to no file (\(errnoName(error.code ?? 0)))", "create the file it leads to")
            throw .document(DocumentError(file: path, message: """
                is a symbolic link to \(pointed), \(why); \(mend), or remove the link (rm \(shellWord(path))) \
                to keep the settings here, then set the goal again
                """))
        }
    }
}
