import TextSupport
import LocalTime

/// A reminder to sit: a time of day, the days it rings on and, optionally, the profile it names.
///
/// It is kept in its systemd timer unit (see ``ReminderUnits``), which is the one record of it.
package struct Reminder: Hashable, Sendable {
    /// The reminder's number, as `profile remind list` shows it and the units are named after it.
    package var id: Int
    package var time: ReminderTime
    package var days: ReminderDays
    /// The profile the reminder names, as the store spelled it when the reminder was added; nil for none.
    package var profile: String?
    /// The store the profile was found in (an absolute path), so that the reminder finds it again at ring
    /// time whatever `--store` or `PROFILE_STORE` the timer's environment lacks.
    package var store: String?

    /// Whether it stays quiet on a day whose daily goal is already met (`--unless-met`): `remind ring`
    /// checks the journal when the timer runs it.
    package var unlessMet = false

    package init(id: Int, time: ReminderTime, days: ReminderDays, profile: String? = nil, store: String? = nil) {
        self.id = id
        self.time = time
        self.days = days
        self.profile = profile
        self.store = store
    }

    /// The units' base name: `profile-remind-3`.
    package var unitName: String { Self.unitName(id) }

    /// `profile-remind-<id>`.
    package static func unitName(_ id: Int) -> String { "profile-remind-\(id)" }

    /// The reminder as the `remind` commands name it: `06:30 mon-fri "Morning"`, or without a profile
    /// `06:30 daily` (the profile quoted and escaped as diagnostics quote names).
    package var shortDescription: String {
        "\(time) \(days)" + (profile.map { " \(quoted($0))" } ?? "") + (unlessMet ? ", unless the goal is met" : "")
    }

    /// Whether `other` rings at the same times for the same profile (names compared by `sameName`).
    package func duplicates(_ other: Reminder, sameName: (String, String) -> Bool) -> Bool {
        guard time == other.time, days == other.days, unlessMet == other.unlessMet else { return false }
        switch (profile, other.profile) {
        case (nil, nil): return true
        case let (a?, b?): return sameName(a, b)
        default: return false
        }
    }
}

/// A time of day to the minute, written `H:MM` or `HH:MM` (24-hour clock).
package struct ReminderTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    package let hour: Int
    package let minute: Int

    package init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// Reads `06:30` or `6:30`.
    /// - Throws: ``ReminderError/invalidTime(_:)`` for anything else, seconds included.
    package init(parsing text: String) throws(ReminderError) {
        guard let seconds = TimeOfDay.seconds(text, seconds: false) else { throw .invalidTime(text) }
        self.init(hour: seconds / 3600, minute: seconds / 60 % 60)
    }

    /// `06:30`.
    package var description: String { Self.twoDigits(hour) + ":" + Self.twoDigits(minute) }

    /// systemd's time part: `06:30:00`.
    package var calendarTime: String { description + ":00" }

    package static func < (a: ReminderTime, b: ReminderTime) -> Bool { (a.hour, a.minute) < (b.hour, b.minute) }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// The days of the week a reminder rings on: never none.
///
/// Read case-insensitively from `daily`, `weekdays`, `weekends`, a day (`mon` … `sun`, or its full
/// name), a range (`mon-fri`; `fri-mon` goes round the weekend) or a comma list of those (`sat,sun`,
/// `mon,wed-fri`). Written in one canonical form, which ``description`` gives.
package struct ReminderDays: Hashable, Sendable, CustomStringConvertible {
    /// The days, Monday first: index 0 is Monday, 6 is Sunday.
    package let days: Set<Int>

    /// Three-letter names as the grammar reads and writes them.
    package static let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let fullNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    /// systemd's spellings, as `systemd-analyze calendar` normalizes them.
    private static let calendarNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    /// The words that stand for several days.
    package static let words: [(String, Set<Int>)] = [
        ("daily", Set(0...6)), ("weekdays", Set(0...4)), ("weekends", [5, 6]),
    ]
    /// What the grammar accepts, for error messages and help.
    package static let accepted = "daily, weekdays, weekends, a day (mon, tue, wed, thu, fri, sat, sun), a range such as mon-fri, or a comma list such as sat,sun"

    package static let daily = ReminderDays(days: Set(0...6))

    package init(days: Set<Int>) {
        self.days = days
    }

    /// Reads the grammar above.
    /// - Throws: ``ReminderError/invalidDays(_:)`` naming the whole value.
    package init(parsing text: String) throws(ReminderError) {
        var days: Set<Int> = []
        let items = text.lowercased().split(separator: ",", omittingEmptySubsequences: false)
        for item in items {
            let word = String(item)
            if let (_, set) = Self.words.first(where: { $0.0 == word }) {
                days.formUnion(set)
                continue
            }
            let ends = word.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count <= 2, let first = Self.day(ends[0]) else { throw .invalidDays(text) }
            guard ends.count == 2 else {
                days.insert(first)
                continue
            }
            guard let last = Self.day(ends[1]) else { throw .invalidDays(text) }
            var day = first
            while true {
                days.insert(day)
                if day == last { break }
                day = (day + 1) % 7
            }
        }
        guard !days.isEmpty else { throw .invalidDays(text) }
        self.days = days
    }

    private static func day(_ word: Substring) -> Int? {
        names.firstIndex(of: String(word)) ?? fullNames.firstIndex(of: String(word))
    }

    /// Runs of consecutive days, Monday first: `[(0, 4)]` for Monday to Friday.
    private var runs: [(Int, Int)] {
        var runs: [(Int, Int)] = []
        for day in days.sorted() {
            if let last = runs.last, last.1 == day - 1 {
                runs[runs.count - 1].1 = day
            } else {
                runs.append((day, day))
            }
        }
        return runs
    }

    /// The canonical form: `daily`, `mon-fri`, `sat,sun`, `mon,wed-fri`.
    package var description: String {
        if days.count == 7 { return "daily" }
        return runs.flatMap { run -> [String] in
            switch run.1 - run.0 {
            case 0: [Self.names[run.0]]
            case 1: [Self.names[run.0], Self.names[run.1]]
            default: ["\(Self.names[run.0])-\(Self.names[run.1])"]
            }
        }.joined(separator: ",")
    }

    /// The weekday part of an `OnCalendar=` value in systemd's normalized form (`Mon..Fri`, `Sat,Sun`);
    /// nil when every day is in.
    package var calendarDays: String? {
        if days.count == 7 { return nil }
        return runs.flatMap { run -> [String] in
            switch run.1 - run.0 {
            case 0: [Self.calendarNames[run.0]]
            case 1: [Self.calendarNames[run.0], Self.calendarNames[run.1]]
            default: ["\(Self.calendarNames[run.0])..\(Self.calendarNames[run.1])"]
            }
        }.joined(separator: ",")
    }

    /// The whole `OnCalendar=` value for `time` on these days, as `systemd-analyze calendar` normalizes
    /// it: `Mon..Fri *-*-* 06:30:00`, `*-*-* 21:00:00`.
    package func onCalendar(at time: ReminderTime) -> String {
        (calendarDays.map { $0 + " " } ?? "") + "*-*-* " + time.calendarTime
    }
}

/// What went wrong with a reminder; ``description`` is the message after `profile: `.
package enum ReminderError: ReportedError, Equatable {
    /// A time that is not `HH:MM`.
    case invalidTime(String)
    /// A `--days` value outside the grammar (a timer's `Days=` is a ``damagedUnit(path:reason:)``).
    case invalidDays(String)
    /// An id that is not a reminder's number.
    case invalidID(String)
    /// No reminder has this number; the numbers there are.
    case noSuchReminder(Int, existing: [Int])
    /// A unit file that is not as `remind add` wrote it: its path and what is wrong.
    case damagedUnit(path: String, reason: String)
    /// Something other than a file (a directory) stands where a unit file goes.
    case notAUnitFile(path: String)
    /// systemctl failed: the command and what it said.
    case systemctl(command: String, status: Int32, message: String)
    /// systemctl took longer than it may: the command and the seconds waited.
    case timedOut(command: String, seconds: Double)
    /// SIGINT or SIGTERM came while systemctl ran: the command and the signal.
    case interrupted(command: String, signal: Int32)
    /// The environment names a systemctl that cannot be used: what is wrong.
    case configuration(String)
    /// The notification could not be shown: why.
    case notification(String)
    /// This program's path is one systemd cannot start from a unit.
    case unusableBinary(String)
    /// No program is at this program's path any more: it was deleted, or replaced, while it ran.
    case programGone(String)

    package var category: ErrorCategory {
        switch self {
        case .invalidTime, .invalidDays, .invalidID: .usage
        case .noSuchReminder: .notFound
        case .damagedUnit, .notAUnitFile: .data
        // The user's manager or desktop session may be back later (a timer fires after a log-out).
        case .systemctl, .notification, .timedOut: .temporary
        case .configuration, .unusableBinary, .programGone: .configuration
        case .interrupted: .interrupted
        }
    }

    package var systemErrno: Int32? { nil }

    package var description: String {
        switch self {
        case let .invalidTime(text):
            "invalid time \(quoted(text)): write the time of day as HH:MM on a 24-hour clock, such as 06:30 or 21:15"
        case let .invalidDays(text):
            "invalid --days value \(quoted(text)): expected \(ReminderDays.accepted)"
        case let .invalidID(text):
            "invalid reminder id \(quoted(text)): an id is the number 'profile remind list' shows, such as 1"
        case let .noSuchReminder(id, existing):
            existing.isEmpty ? "no reminder \(id): there are no reminders"
                : "no reminder \(id): the reminders are \(listed(existing.map(String.init)))"
        case let .damagedUnit(path, reason):
            "\(escapedPath(path)): \(reason); remove it with 'profile remind remove' or mend it by hand"
        case let .timedOut(command, seconds):
            "\(escaped(command)) did not finish within \(seconds.formatted) s, so it was stopped; nothing was changed"
        case let .interrupted(command, _):
            "interrupted while \(escaped(command)) ran; it was stopped and nothing was changed"
        case let .configuration(message):
            message
        case let .notAUnitFile(path):
            "\(escapedPath(path)) is a directory, not a unit file 'profile remind add' wrote: remove it by hand (rm -r)"
        case let .systemctl(command, status, message):
            "\(escaped(command)) failed with status \(status)" + (message.isEmpty ? "" : ": \(escaped(message, limit: 300))")
        case let .notification(why):
            "cannot show the reminder: \(why)"
        case let .programGone(path):
            "this program's path \(quoted(path, limit: Echo.pathLimit)) has no program at it any more (it was deleted or replaced while it ran), so no reminder could run it: run the command again with the program where it is now"
        case let .unusableBinary(path):
            "this program's path \(quoted(path, limit: Echo.pathLimit)) cannot be started by systemd, which refuses a quote, an apostrophe, a backslash or a control character in a program's path: move or link the program to a path without them and add the reminder from there"
        }
    }

    /// Reads an id: a positive decimal number without sign or leading zeros.
    package static func id(_ text: String) throws(ReminderError) -> Int {
        guard let first = text.utf8.first, first != UInt8(ascii: "0"), text.utf8.count <= 6,
              text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let id = Int(text) else { throw .invalidID(text) }
        return id
    }
}

private extension Double {
    /// `30`, `0.5`.
    var formatted: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
