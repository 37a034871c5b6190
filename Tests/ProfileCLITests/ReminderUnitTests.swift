import Foundation
import Testing
import TestSupport
import Desktop
import ProfileKit

/// Issue 26, item 5: the days grammar, the `OnCalendar=` values it gives (checked against
/// `systemd-analyze calendar`), the units' texts and their round trip, and the reminder book's rules
/// over an in-memory folder and a scripted user manager.
@Suite("reminders: grammar and units")
struct ReminderUnitTests {
    struct DaysCase: CustomTestStringConvertible, Sendable {
        let input: String
        let canonical: String
        let calendar: String
        var testDescription: String { input }
    }

    static let daysCases: [DaysCase] = [
        DaysCase(input: "mon-fri", canonical: "mon-fri", calendar: "Mon..Fri *-*-* 06:30:00"),
        DaysCase(input: "Weekdays", canonical: "mon-fri", calendar: "Mon..Fri *-*-* 06:30:00"),
        DaysCase(input: "daily", canonical: "daily", calendar: "*-*-* 06:30:00"),
        DaysCase(input: "sat,sun", canonical: "sat,sun", calendar: "Sat,Sun *-*-* 06:30:00"),
        DaysCase(input: "WEEKENDS", canonical: "sat,sun", calendar: "Sat,Sun *-*-* 06:30:00"),
        DaysCase(input: "fri-mon", canonical: "mon,fri-sun", calendar: "Mon,Fri..Sun *-*-* 06:30:00"),
        DaysCase(input: "wed", canonical: "wed", calendar: "Wed *-*-* 06:30:00"),
        DaysCase(input: "Monday,wednesday-FRIDAY", canonical: "mon,wed-fri", calendar: "Mon,Wed..Fri *-*-* 06:30:00"),
        DaysCase(input: "mon,tue", canonical: "mon,tue", calendar: "Mon,Tue *-*-* 06:30:00"),
        DaysCase(input: "weekdays,weekends", canonical: "daily", calendar: "*-*-* 06:30:00"),
        DaysCase(input: "sun-sat", canonical: "daily", calendar: "*-*-* 06:30:00"),
    ]

    @Test(arguments: daysCases)
    func daysReadAndWrite(_ c: DaysCase) throws {
        let days = try ReminderDays(parsing: c.input)
        #expect(days.description == c.canonical)
        #expect(days.onCalendar(at: ReminderTime(hour: 6, minute: 30)) == c.calendar)
        // The canonical form reads back as the same days.
        #expect(try ReminderDays(parsing: days.description) == days)
    }

    @Test(arguments: ["", "xyz", "mon-", "-fri", "mon--fri", "mon,,fri", "mon-fri-sat", "mo", "1-5", "mon fri", "daily-weekends"])
    func badDaysAreRefusedNamingTheValue(_ input: String) {
        #expect(throws: ReminderError.invalidDays(input)) { try ReminderDays(parsing: input) }
        let text = ReminderError.invalidDays(input).description
        #expect(text.contains("daily, weekdays, weekends"), "\(text)")
    }

    @Test(arguments: [("06:30", "06:30"), ("6:30", "06:30"), ("00:00", "00:00"), ("23:59", "23:59")])
    func timesRead(_ input: String, _ shown: String) throws {
        #expect(try ReminderTime(parsing: input).description == shown)
    }

    @Test(arguments: ["24:00", "06:60", "6:5", "06:30:00", "0630", "", ":30", "06:", "+6:30", "06:3x", "１２:00", "006:30"])
    func badTimesAreRefused(_ input: String) {
        #expect(throws: ReminderError.invalidTime(input)) { try ReminderTime(parsing: input) }
    }

    @Test(arguments: ["0", "01", "-1", "x", "1.0", "", "1234567"])
    func badIDsAreRefused(_ input: String) {
        #expect(throws: ReminderError.invalidID(input)) { try ReminderError.id(input) }
    }

    /// systemd normalizes each `OnCalendar=` value to itself: what `add` writes is what the timer runs on.
    @Test func systemdNormalizesEveryCalendarToItself() throws {
        let analyze = Harness.tool("systemd-analyze") ?? "/usr/bin/systemd-analyze"
        try #require(FileManager.default.isExecutableFile(atPath: analyze),
                     "systemd-analyze is missing: Scripts/setup check installs the package systemd")
        let values = Self.daysCases.map(\.calendar) + ["Tue *-*-* 00:00:00", "Sun *-*-* 23:59:00"]
        let result = try Harness.run(executable: URL(fileURLWithPath: analyze), ["calendar"] + values,
                                     environment: ["PATH": Harness.systemPath, "TZ": "UTC", "LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        let normalized = result.stdout.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            return text.hasPrefix("Normalized form: ") ? String(text.dropFirst("Normalized form: ".count)) : nil
        }
        #expect(normalized == values)
    }

    // MARK: Units

    static let hostileNames = [
        "Morning", "a`b`c", "$(touch /tmp/pwned)", "say \"hi\" 'there'", "100% calm", "%n%i%%", "back\\slash",
        "semi;colon", "tab\there", "esc\u{1B}[2J", " edge ", "é🧘 Calm", "line\u{2028}sep", "$HOME ${HOME}",
    ]

    @Test(arguments: hostileNames)
    func aTimerKeepsAnyNameAndReadsItBack(_ name: String) throws {
        let reminder = Reminder(id: 7, time: ReminderTime(hour: 6, minute: 30), days: try ReminderDays(parsing: "mon-fri"),
                                profile: name, store: "/home/a b/%store$")
        let text = ReminderUnits.timer(reminder)
        // The escapes' round trip, whatever the name (whether it is a profile's name is checked apart).
        #expect(try ReminderUnits.parse(timer: text, id: 7, path: "t", nameProblem: { _ in nil }) == reminder)
        // The name reaches the unit with nothing systemd reads: no specifier, variable, quote or control.
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("Profile=") })
        let value = Array(line.dropFirst("Profile=".count).unicodeScalars)
        #expect(!value.contains { $0.value < 0x20 || "%$\"'`;".unicodeScalars.contains($0) || $0 == "\u{2028}" }, "\(line)")
        // Every backslash starts a \xHH escape.
        #expect(value.indices.allSatisfy { value[$0] != "\\" || ($0 + 1 < value.count && value[$0 + 1] == "x") }, "\(line)")
        #expect(!line.hasSuffix(" "))
        // Nothing of the name in the service: it runs `ring ID`.
        let service = try ReminderUnits.service(reminder, binary: "/usr/bin/profile")
        #expect(!service.contains(name))
        #expect(service.contains("\nExecStart=\"/usr/bin/profile\" remind ring 7\n"))
    }

    @Test func theTimerOfMorningOnWeekdays() throws {
        let reminder = Reminder(id: 1, time: ReminderTime(hour: 6, minute: 30), days: try ReminderDays(parsing: "mon-fri"),
                                profile: "Morning", store: "/home/u/.config/profile/profiles")
        #expect(ReminderUnits.timer(reminder) == """
            # Written by 'profile remind add'; 'profile remind remove 1' removes it.
            [Unit]
            Description=profile reminder 1: time to sit at 06:30 (mon-fri)

            [Timer]
            OnCalendar=Mon..Fri *-*-* 06:30:00
            Persistent=false
            AccuracySec=1s

            [Install]
            WantedBy=timers.target

            [X-Profile-Reminder]
            Time=06:30
            Days=mon-fri
            Profile=Morning
            Store=/home/u/.config/profile/profiles

            """)
    }

    @Test func execStartQuotesTheBinaryForSystemd() throws {
        #expect(try ReminderUnits.execArgument("/opt/my apps/profile") == #""/opt/my apps/profile""#)
        // Findings F2: systemd expands no `$` in the program's path, so it is written as it is.
        #expect(try ReminderUnits.execArgument(#"/a/100%/$x/p"#) == #""/a/100%%/$x/p""#)
        for path in [#"/a/"q"/p"#, "/a/'/p", #"/b\c/p"#, "/a\nb", "/a\u{7F}b", "relative/p"] {
            #expect(throws: ReminderError.unusableBinary(path)) { try ReminderUnits.execArgument(path) }
        }
    }

    /// `--unless-met` is kept as `UnlessMet=yes` and read back; any other value is a damaged unit.
    @Test func unlessMetIsKeptInTheTimer() throws {
        var reminder = Reminder(id: 3, time: ReminderTime(hour: 19, minute: 0), days: .daily)
        reminder.unlessMet = true
        let text = ReminderUnits.timer(reminder)
        #expect(text.contains("\nUnlessMet=yes\n"))
        #expect(try ReminderUnits.parse(timer: text, id: 3, path: "u") == reminder)
        #expect(!ReminderUnits.timer(Reminder(id: 3, time: reminder.time, days: .daily)).contains("UnlessMet"))
        #expect(throws: ReminderError.self) {
            try ReminderUnits.parse(timer: text.replacingOccurrences(of: "UnlessMet=yes", with: "UnlessMet=no"), id: 3, path: "u")
        }
        #expect(reminder.shortDescription == "19:00 daily, unless the goal is met")
    }

    @Test func aTimerChangedByHandIsReportedWithItsLine() throws {
        let reminder = Reminder(id: 2, time: ReminderTime(hour: 7, minute: 0), days: .daily)
        let text = ReminderUnits.timer(reminder)
        let edited = text.replacingOccurrences(of: "OnCalendar=*-*-* 07:00:00", with: "OnCalendar=hourly")
        #expect(throws: ReminderError.damagedUnit(path: "u.timer:6", reason: "OnCalendar is not \"*-*-* 07:00:00\", which its Time and Days say")) {
            try ReminderUnits.parse(timer: edited, id: 2, path: "u.timer")
        }
        #expect(throws: ReminderError.self) { try ReminderUnits.parse(timer: text + "Colour=blue\n", id: 2, path: "u") }
        #expect(throws: ReminderError.self) { try ReminderUnits.parse(timer: text + "Profile=a\\x4\n", id: 2, path: "u") }
        #expect(throws: ReminderError.self) { try ReminderUnits.parse(timer: "[Timer]\nOnCalendar=daily\n", id: 2, path: "u") }
    }

    // MARK: The book

    final class MemoryFiles: UnitFiles {
        var files: [String: String] = [:]
        var failWrites: Set<String> = []
        let folder = "/mem"
        func names() throws -> [String] { files.keys.filter { !$0.contains("/") } }
        func read(_ name: String) throws -> String? { files[name] }
        func exists(_ name: String) -> Bool { files[name] != nil }
        func write(_ text: String, to name: String) throws {
            if failWrites.contains(name) { throw ReminderError.damagedUnit(path: name, reason: "disk full") }
            files[name] = text
        }
        func remove(_ name: String) throws { files[name] = nil }
        func locked<T>(_ body: () throws -> T) throws -> T { try body() }
    }

    final class ScriptedManager: UserManager {
        var running: Bool
        var failing: String?
        var calls: [[String]] = []
        init(running: Bool, failing: String? = nil) {
            self.running = running
            self.failing = failing
        }
        func isRunning() -> Bool { running }
        func run(_ arguments: [String]) throws(ReminderError) {
            calls.append(arguments)
            if let failing, arguments.first == failing {
                throw .systemctl(command: "systemctl --user " + arguments.joined(separator: " "), status: 1, message: "no")
            }
        }
    }

    static func morning(_ days: String = "mon-fri") throws -> Reminder {
        Reminder(id: 0, time: ReminderTime(hour: 6, minute: 30), days: try ReminderDays(parsing: days), profile: "Morning", store: "/s")
    }

    @Test func idsAreTheSmallestFreeNumbersAndDuplicatesAreNotAdded() throws {
        let files = MemoryFiles(), manager = ScriptedManager(running: false)
        let book = ReminderBook(files: files, manager: manager)
        let same: (String, String) -> Bool = { $0.lowercased() == $1.lowercased() }
        guard case let .written(first) = try book.add(try Self.morning(), binary: "/p", sameName: same) else { Issue.record(); return }
        #expect(first.id == 1)
        #expect(try book.add(try Self.morning("weekdays"), binary: "/p", sameName: { $0.lowercased() == $1.lowercased() }) == .exists(first))
        var other = try Self.morning()
        other.profile = "MORNING"
        #expect(try book.add(other, binary: "/p", sameName: same) == .exists(first))
        guard case let .written(second) = try book.add(try Self.morning("daily"), binary: "/p", sameName: same) else { Issue.record(); return }
        #expect(second.id == 2)
        _ = try book.remove(1)
        guard case let .written(third) = try book.add(try Self.morning("sat,sun"), binary: "/p", sameName: same) else { Issue.record(); return }
        #expect(third.id == 1)
        #expect(try book.list().reminders.map(\.reminder.id) == [1, 2])
        #expect(manager.calls.isEmpty)
    }

    @Test func withAManagerAddEnablesAndRemoveDisables() throws {
        let files = MemoryFiles(), manager = ScriptedManager(running: true)
        let book = ReminderBook(files: files, manager: manager)
        guard case let .enabled(new) = try book.add(try Self.morning(), binary: "/p", sameName: ==) else { Issue.record(); return }
        #expect(manager.calls == [["enable", "--now", "profile-remind-1.timer"]])
        _ = try book.remove(new.id)
        #expect(manager.calls.last == ["disable", "--now", "profile-remind-1.timer"])
        #expect(files.files.isEmpty)
    }

    @Test func aFailedAddLeavesNothing() throws {
        let files = MemoryFiles()
        files.failWrites = ["profile-remind-1.timer"]
        let book = ReminderBook(files: files, manager: ScriptedManager(running: false))
        #expect(throws: ReminderError.self) { try book.add(try Self.morning(), binary: "/p", sameName: ==) }
        #expect(files.files.isEmpty)

        let enabling = MemoryFiles(), failing = ScriptedManager(running: true, failing: "enable")
        let other = ReminderBook(files: enabling, manager: failing)
        #expect(throws: ReminderError.self) { try other.add(try Self.morning(), binary: "/p", sameName: ==) }
        #expect(enabling.files.isEmpty)
        #expect(failing.calls.last == ["disable", "profile-remind-1.timer"])
    }

    @Test func aFailedDisableRemovesNothing() throws {
        let files = MemoryFiles(), manager = ScriptedManager(running: false)
        let book = ReminderBook(files: files, manager: manager)
        _ = try book.add(try Self.morning(), binary: "/p", sameName: ==)
        manager.running = true
        manager.failing = "disable"
        #expect(throws: ReminderError.self) { try book.remove(1) }
        #expect(files.files.count == 2)
        #expect(throws: ReminderError.noSuchReminder(3, existing: [1])) { try book.remove(3) }
    }

    /// Findings F9, in depth: whatever name reaches the listing, table and plain lines escape it.
    @Test func theListingEscapesANameInEveryFormat() {
        let row = ProfileRenderer.ReminderRow(id: 1, time: "07:00", days: "daily", profile: "\u{1B}]0;x\u{7}\u{9B}\u{202E}", enabled: false)
        for format in [OutputFormat.table, .plain, .json] {
            let text = ProfileRenderer.reminders([row], format: format)
            // JSON escapes controls (C0, DEL, C1), table and plain every invisible character.
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B
                || (format != .json && $0.value == 0x202E) }, "\(format): \(text)")
        }
        #expect(ProfileRenderer.reminders([row], format: .plain) == "1\t07:00\tdaily\t\\u{1B}]0;x\\u{7}\\u{9B}\\u{202E}\tdisabled\n")
    }

    @Test func aProfileTheValidatorRefusesIsADamagedUnit() throws {
        let text = ReminderUnits.timer(try Self.morning())
        #expect(throws: ReminderError.self) {
            try ReminderUnits.parse(timer: text, id: 1, path: "/t", nameProblem: { _ in "no" })
        }
        #expect(try ReminderUnits.parse(timer: text, id: 1, path: "/t").profile == "Morning")
        let hidden = text.replacingOccurrences(of: "Profile=Morning", with: #"Profile=a\xe2\x80\x8bb"#)
        #expect(throws: ReminderError.self) { try ReminderUnits.parse(timer: hidden, id: 1, path: "/t") }
    }

    /// Findings F10: a damaged timer hides no other reminder, blocks no add, and its removal invents nothing.
    @Test func aDamagedTimerBlocksNothingElse() throws {
        let files = MemoryFiles(), manager = ScriptedManager(running: false)
        let book = ReminderBook(files: files, manager: manager)
        _ = try book.add(try Self.morning(), binary: "/p", sameName: ==)
        _ = try book.add(try Self.morning("sat,sun"), binary: "/p", sameName: ==)
        files.files["profile-remind-1.timer"] = files.files["profile-remind-1.timer"]?.replacingOccurrences(of: "Days=mon-fri", with: "Days=funday")
        let listing = try book.list()
        #expect(listing.reminders.map(\.reminder.id) == [2])
        #expect(listing.damaged.map(\.description) == [
            #"/mem/profile-remind-1.timer:15: Days="funday" is not days of the week: expected \#(ReminderDays.accepted); remove it with 'profile remind remove' or mend it by hand"#,
        ])
        guard case let .written(third) = try book.add(try Self.morning("daily"), binary: "/p", sameName: ==) else { Issue.record(); return }
        #expect(third.id == 3)
        #expect(try book.remove(1) == nil)
        #expect(try book.remove(2)?.days.description == "sat,sun")
    }

    /// Findings F11: an add interrupted while it asks whether a manager runs leaves nothing either.
    @Test func anAddInterruptedWhileAskingForTheManagerLeavesNothing() throws {
        final class Interrupting: UserManager {
            func isRunning() throws(ReminderError) -> Bool {
                throw .interrupted(command: "systemctl --user is-system-running", signal: SIGINT)
            }
            func run(_ arguments: [String]) throws(ReminderError) { Issue.record("ran \(arguments)") }
        }
        let files = MemoryFiles()
        let book = ReminderBook(files: files, manager: Interrupting())
        #expect(throws: ReminderError.interrupted(command: "systemctl --user is-system-running", signal: SIGINT)) {
            try book.add(try Self.morning(), binary: "/p", sameName: ==)
        }
        #expect(files.files.isEmpty)
    }
}
