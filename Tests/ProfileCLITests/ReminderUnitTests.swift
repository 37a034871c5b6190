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

    // MARK: Issue 50, item 2: the program a reminder runs

    struct BuildFolderCase: CustomTestStringConvertible, Sendable {
        let path: String
        let folder: String?
        var testDescription: String { path }
    }

    /// The path rule: a program lies in a build folder when a folder on its way is named `.build`,
    /// whatever the configuration or triple under it; a name that only looks like one does not count.
    static let buildFolderCases: [BuildFolderCase] = [
        BuildFolderCase(path: "/home/u/profile/.build/x86_64-unknown-linux-gnu/debug/profile", folder: "/home/u/profile/.build"),
        BuildFolderCase(path: "/home/u/profile/.build/release/profile", folder: "/home/u/profile/.build"),
        BuildFolderCase(path: "/srv/a b/.build/aarch64-unknown-linux-gnu/release/profile", folder: "/srv/a b/.build"),
        BuildFolderCase(path: "/a/.build/b/.build/profile", folder: "/a/.build"),
        BuildFolderCase(path: "/.build/profile", folder: "/.build"),
        BuildFolderCase(path: "/usr/local/bin/profile", folder: nil),
        BuildFolderCase(path: "/home/u/.local/bin/profile", folder: nil),
        BuildFolderCase(path: "/home/u/.buildx/debug/profile", folder: nil),
        BuildFolderCase(path: "/home/u/my.build/debug/profile", folder: nil),
        BuildFolderCase(path: "/home/u/build/debug/profile", folder: nil),
        // The program itself named .build is in no build folder.
        BuildFolderCase(path: "/opt/bin/.build", folder: nil),
    ]

    @Test(arguments: buildFolderCases)
    func theBuildFolderIsTheFolderNamedDotBuildOnTheWay(_ c: BuildFolderCase) {
        #expect(ReminderProgram.buildFolder(of: c.path) == c.folder)
    }

    /// A program that is gone is said before one in a build folder (it cannot ring at all); an installed
    /// one that is there has no problem.
    @Test func aProgramIsMissingOrInABuildFolderOrFine() {
        let there: Set<String> = ["/c/.build/debug/profile", "/usr/bin/profile"]
        #expect(ReminderProgram.problem("/c/.build/debug/profile", exists: there.contains) == .inBuildFolder("/c/.build"))
        #expect(ReminderProgram.problem("/usr/bin/profile", exists: there.contains) == nil)
        #expect(ReminderProgram.problem("/old/profile", exists: there.contains) == .missing)
        #expect(ReminderProgram.problem("/gone/.build/debug/profile", exists: there.contains) == .missing)
    }

    /// The program is read back from the service as written, whatever its path; a service changed by hand
    /// names none.
    @Test(arguments: ["/usr/bin/profile", "/opt/my apps%x/$HOME/profile", "/h/100%%/.build/debug/profile", "/é🧘/p"])
    func theServiceNamesItsProgram(_ path: String) throws {
        let service = try ReminderUnits.service(try Self.morning(), binary: path)
        #expect(ReminderUnits.program(service: service) == path)
        #expect(ReminderUnits.program(service: service.replacingOccurrences(of: "ExecStart=", with: "ExecStartPre=")) == nil)
        #expect(ReminderUnits.program(service: "[Service]\nExecStart=/usr/bin/profile remind ring 1\n") == nil)
    }

    @Test func theNotesSayWhatBreaksAndWhatToRun() {
        #expect(ReminderProgram.note(ids: [1], program: "/c/.build/debug/profile", problem: .inBuildFolder("/c/.build"), running: "/c/.build/debug/profile")
            == "note: reminder 1 runs the program in the build folder /c/.build, so it stops working after 'make clean' or if that folder moves; after 'make install', run 'profile remind repoint' to make every reminder run the installed program")
        #expect(ReminderProgram.note(ids: [1, 2, 4], program: "/c/.build/p", problem: .inBuildFolder("/c/.build"), running: "/x")
            .hasPrefix("note: reminders 1, 2 and 4 run the program in the build folder /c/.build, so they stop working"))
        #expect(ReminderProgram.note(ids: [3], program: "/old/profile", problem: .missing, running: "/usr/bin/profile")
            == "note: reminder 3 runs /old/profile, which is not there any more, so it cannot ring; run 'profile remind repoint' to make every reminder run this program, /usr/bin/profile")
        // A path from the unit is escaped as diagnostics escape paths.
        #expect(!ReminderProgram.note(ids: [3], program: "/a\u{1B}[2J/p", problem: .missing, running: "/p").contains("\u{1B}"))
    }

    /// Repoint rewrites every service that does not run the program (a missing one included), asks a
    /// running manager to reload once, and changes nothing the second time, though it asks for a reload
    /// again: a manager an earlier repoint could not reach (no bus then) learns of the change.
    @Test func repointRewritesTheServicesAndReloadsOnce() throws {
        let files = MemoryFiles(), manager = ScriptedManager(running: true)
        let book = ReminderBook(files: files, manager: manager)
        let build = "/c/.build/debug/profile"
        _ = try book.add(try Self.morning(), binary: build, sameName: ==)
        _ = try book.add(try Self.morning("sat,sun"), binary: build, sameName: ==)
        _ = try book.add(try Self.morning("daily"), binary: build, sameName: ==)
        files.files["profile-remind-3.service"] = nil
        manager.calls = []
        let there: Set<String> = [build, "/usr/bin/profile"]
        #expect(book.programProblems(try book.list().reminders.map(\.reminder), exists: there.contains).map(\.ids) == [[1, 2]])

        let done = try book.repoint(to: "/usr/bin/profile", exists: there.contains)
        #expect(done == ReminderBook.Repointed(changed: [1, 2, 3], unchanged: [], running: [1, 2, 3]))
        #expect(manager.calls == [["daemon-reload"]])
        for id in 1...3 {
            #expect(files.files["profile-remind-\(id).service"]?.contains("\nExecStart=\"/usr/bin/profile\" remind ring \(id)\n") == true)
        }
        #expect(done.message(binary: "/usr/bin/profile", onlyStale: false) == "reminders 1, 2 and 3 now run /usr/bin/profile\n")
        #expect(book.programProblems(try book.list().reminders.map(\.reminder), exists: there.contains).isEmpty)

        let again = try book.repoint(to: "/usr/bin/profile", exists: there.contains)
        #expect(again.changed.isEmpty && again.unchanged == [1, 2, 3])
        #expect(manager.calls == [["daemon-reload"], ["daemon-reload"]], "nothing changed on disk: the manager is told again")
        #expect(again.message(binary: "/usr/bin/profile", onlyStale: false) == "every reminder already runs /usr/bin/profile; nothing changed\n")
        #expect(ReminderBook.Repointed().message(binary: "/p", onlyStale: false) == "there are no reminders; nothing changed\n")
    }

    /// With onlyStale, a reminder whose program lasts is left alone; one in a build folder or gone moves.
    @Test func repointOnlyStaleLeavesAProgramThatLasts() throws {
        let files = MemoryFiles(), manager = ScriptedManager(running: false)
        let book = ReminderBook(files: files, manager: manager)
        _ = try book.add(try Self.morning(), binary: "/opt/profile", sameName: ==)
        _ = try book.add(try Self.morning("sat,sun"), binary: "/c/.build/debug/profile", sameName: ==)
        _ = try book.add(try Self.morning("daily"), binary: "/gone/profile", sameName: ==)
        let there: Set<String> = ["/opt/profile", "/c/.build/debug/profile", "/usr/bin/profile"]
        let done = try book.repoint(to: "/usr/bin/profile", onlyStale: true, exists: there.contains)
        #expect(done.changed == [2, 3] && done.unchanged == [1])
        #expect(files.files["profile-remind-1.service"]?.contains("ExecStart=\"/opt/profile\"") == true)
        #expect(manager.calls.isEmpty, "no manager runs: none is asked")
        #expect(done.managerNotTold)
        #expect(done.message(binary: "/usr/bin/profile", onlyStale: true) == "reminders 2 and 3 now run /usr/bin/profile\n"
                + "no systemd user manager answered here, so it reads the change when it next starts (at your next login) "
                + "or with: systemctl --user daemon-reload\n")
        let again = try book.repoint(to: "/usr/bin/profile", onlyStale: true, exists: there.contains)
        #expect(!again.managerNotTold)
        #expect(again.message(binary: "/usr/bin/profile", onlyStale: true)
                == "no reminder runs a program in a build folder or one that is gone; nothing changed\n")
        // A service changed by hand so that its program cannot be read (an Environment= line added and
        // ExecStart written another way) may run a program that lasts: onlyStale leaves it whole.
        let edited = "[Unit]\nDescription=mine\n\n[Service]\nType=oneshot\nEnvironment=X=1\nExecStart=/opt/profile remind ring 1\n"
        files.files["profile-remind-1.service"] = edited
        let handEdited = try book.repoint(to: "/usr/bin/profile", onlyStale: true, exists: there.contains)
        #expect(handEdited.changed.isEmpty && files.files["profile-remind-1.service"] == edited)
        // A missing service cannot ring at all: onlyStale writes it again.
        files.files["profile-remind-2.service"] = nil
        #expect(try book.repoint(to: "/usr/bin/profile", onlyStale: true, exists: there.contains).changed == [2])
        // Without onlyStale the service is rewritten whole, as the help says.
        #expect(try book.repoint(to: "/usr/bin/profile", exists: there.contains).changed == [1])
    }

    /// The program a reminder may run is one that is there: the running program's own path, or, when it
    /// was replaced while it ran (the kernel's `PATH (deleted)`), the program now at PATH; never a path
    /// with nothing at it, which would have every reminder fail to ring.
    @Test func aReminderRunsOnlyAProgramThatIsThere() throws {
        let there: Set<String> = ["/usr/bin/profile", "/odd (deleted)"]
        #expect(try ReminderProgram.runnable("/usr/bin/profile", exists: there.contains) == "/usr/bin/profile")
        #expect(try ReminderProgram.runnable("/usr/bin/profile (deleted)", exists: there.contains) == "/usr/bin/profile")
        #expect(try ReminderProgram.runnable("/odd (deleted)", exists: there.contains) == "/odd (deleted)")
        #expect(throws: ReminderError.programGone("/x/profile (deleted)")) { try ReminderProgram.runnable("/x/profile (deleted)", exists: there.contains) }
        #expect(throws: ReminderError.programGone("/x/profile")) { try ReminderProgram.runnable("/x/profile", exists: there.contains) }
        let said = "\(ReminderError.programGone("/x/\u{1B}[2J (deleted)"))"
        #expect(said.contains("deleted or replaced while it ran") && !said.contains("\u{1B}"), "\(said)")
    }

    /// A failed reload puts every service back: the command changes nothing.
    @Test func aFailedReloadPutsEveryServiceBack() throws {
        let files = MemoryFiles(), manager = ScriptedManager(running: true, failing: "daemon-reload")
        let book = ReminderBook(files: files, manager: manager)
        _ = try book.add(try Self.morning(), binary: "/c/.build/debug/profile", sameName: ==)
        _ = try book.add(try Self.morning("daily"), binary: "/c/.build/debug/profile", sameName: ==)
        files.files["profile-remind-2.service"] = nil
        let before = files.files
        #expect(throws: ReminderError.self) { try book.repoint(to: "/usr/bin/profile") }
        #expect(files.files == before)
        #expect(throws: ReminderError.unusableBinary("/a\"b")) { try book.repoint(to: "/a\"b") }
    }
}
