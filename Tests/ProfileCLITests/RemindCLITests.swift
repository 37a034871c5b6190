import Foundation
import Testing
import TestSupport

/// Issue 26, item 5, end to end: `profile remind add|list|remove|ring` run as built, in a scratch home
/// whose unit folder is `$HOME/.config/systemd/user`; systemctl is the machine's (no user manager runs
/// in a test) or a fake that records its arguments; notifications go to python3-dbusmock's
/// notification daemon on a private session bus.
@Suite("remind, end to end", .serialized)
struct RemindCLITests {
    let home: String
    let store: String
    var units: String { "\(home)/.config/systemd/user" }

    init() throws {
        (home, store) = try Harness.makeStore(holding: ["Morning", "Long Sit"])
    }

    func profile(_ arguments: [String], _ extra: [String: String] = [:]) throws -> Harness.Result {
        try Harness.run(arguments, store: store, home: home, environment: extra)
    }

    func unitFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: units)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// A fake systemctl that appends its arguments, one line a call, to `calls`, and answers
    /// `is-system-running` with `state`.
    func fakeSystemctl(state: String) throws -> (path: String, calls: String) {
        let bin = "\(home)/fake-bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let calls = "\(home)/systemctl-calls"
        let script = """
            #!/bin/sh
            echo "$*" >> '\(calls)'
            case "$*" in *is-system-running*) echo '\(state)'; [ '\(state)' = running ] ;; esac

            """
        try script.writeExecutable(to: "\(bin)/systemctl")
        return ("\(bin)/systemctl", calls)
    }

    @Test func addListRemoveWithoutAUserManager() throws {
        let added = try profile(["remind", "add", "06:30", "Morning", "--days", "mon-fri"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == """
            added reminder 1: 06:30 mon-fri "Morning" (\(units)/profile-remind-1.timer)
            no systemd user manager runs here, so it is not enabled; where one runs, enable it with:
              systemctl --user enable --now profile-remind-1.timer

            """)
        #expect(unitFiles() == ["profile-remind-1.service", "profile-remind-1.timer"])
        let timer = try String(contentsOfFile: "\(units)/profile-remind-1.timer", encoding: .utf8)
        #expect(timer.contains("\nOnCalendar=Mon..Fri *-*-* 06:30:00\nPersistent=false\n"), "\(timer)")
        #expect(timer.contains("\n[X-Profile-Reminder]\nTime=06:30\nDays=mon-fri\nProfile=Morning\nStore=\(store)\n"), "\(timer)")
        let service = try String(contentsOfFile: "\(units)/profile-remind-1.service", encoding: .utf8)
        #expect(service.contains("\nExecStart=\"\(Harness.binary.resolvingSymlinksInPath().path)\" remind ring 1\n"), "\(service)")

        // The same again (other spellings) adds nothing.
        let again = try profile(["remind", "add", "6:30", "MORNING", "--days", "Weekdays"])
        #expect(again.status == 0)
        #expect(again.stdout == "reminder 1 is already 06:30 mon-fri \"Morning\"; nothing added\n")
        #expect(try profile(["remind", "add", "21:00", "--days", "sat,sun"]).status == 0)

        let plain = try profile(["remind", "list"])
        #expect(plain.status == 0)
        #expect(plain.stdout == "1\t06:30\tmon-fri\tMorning\tdisabled\n2\t21:00\tsat,sun\t\tdisabled\n")
        let json = try profile(["remind", "list", "--format", "json"])
        #expect(json.status == 0)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 2)
        #expect(objects.allSatisfy { Set($0.keys) == ["id", "time", "days", "profile", "enabled", "unlessMet"] })
        #expect(objects.first?["id"] as? Int == 1 && objects.first?["days"] as? String == "mon-fri"
                && objects.first?["profile"] as? String == "Morning" && objects.first?["enabled"] as? Bool == false)
        #expect(objects.last?["profile"] is NSNull)
        let table = try profile(["remind", "list", "--format", "table", "--no-color"])
        #expect(table.status == 0)
        #expect(table.stdout.contains("│  1 │ 06:30 │ mon-fri │ Morning │ no      │"), "\(table.stdout)")
        #expect(table.stdout.contains("│  2 │ 21:00 │ sat,sun │ none    │ no      │"), "\(table.stdout)")

        let removed = try profile(["remind", "remove", "1"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout == "removed reminder 1: 06:30 mon-fri \"Morning\"\n")
        #expect(unitFiles() == ["profile-remind-2.service", "profile-remind-2.timer"])
        let gone = try profile(["remind", "remove", "1"])
        #expect(gone.status == 66)
        #expect(gone.stderr == "profile: no reminder 1: the reminders are 2\n")
    }

    /// Issue 39: `--unless-met` is kept in the timer, read back by `list`, and makes `ring` quiet on a day
    /// whose goal is met (without a notification service, a ring that shows it exits 75).
    @Test func aReminderUnlessMetStaysQuietOnceTheGoalIsMet() throws {
        let journal = ["PROFILE_JOURNAL": "\(home)/journal.jsonl", "TZ": "UTC"]
        let added = try profile(["remind", "add", "21:00", "--unless-met"])
        #expect(added.status == 0 && added.stdout.contains("21:00 daily, unless the goal is met"), "\(added.stdout)")
        let timer = try String(contentsOfFile: "\(units)/profile-remind-1.timer", encoding: .utf8)
        #expect(timer.contains("\nTime=21:00\nDays=daily\nUnlessMet=yes\n"), "\(timer)")
        #expect(try profile(["remind", "list"]).stdout == "1\t21:00\tdaily, unless met\t\tdisabled\n")
        let json = try profile(["remind", "list", "--format", "json"]).stdout
        #expect(json.contains("\"unlessMet\": true"), "\(json)")
        #expect(try profile(["remind", "add", "21:00"]).stdout.hasPrefix("added reminder 2"), "another reminder than the quiet one")
        #expect(try profile(["remind", "ring", "1"], journal).status == 75, "no goal: it rings")
        #expect(try profile(["goal", "10m"]).status == 0)
        #expect(try profile(["remind", "ring", "1"], journal).status == 75, "the goal not met: it rings")
        let now = Int(Date().timeIntervalSince1970)
        let start = now - now % 86_400 + 60
        let end = min(start + 600, now)
        let line = "{\"id\":\"b1\",\"start\":\"\(Self.utc(start))\",\"end\":\"\(Self.utc(end))\",\"profile\":null,\"seconds\":600,\"plannedSeconds\":600,\"outcome\":\"completed\",\"bells\":0}\n"
        try Data(line.utf8).write(to: URL(fileURLWithPath: "\(home)/journal.jsonl"))
        let quiet = try profile(["remind", "ring", "1"], journal)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "the goal met: quiet")
        #expect(try profile(["remind", "ring", "2"], journal).status == 75, "a reminder without the flag rings")
    }

    static func utc(_ epoch: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'+00:00'"
        return formatter.string(from: Date(timeIntervalSince1970: Double(epoch)))
    }

    /// What the issue's check does: the timer's OnCalendar normalizes to `Mon..Fri *-*-* 06:30:00`, and
    /// both units pass `systemd-analyze --user verify` (which needs XDG_RUNTIME_DIR to be a folder).
    @Test func theUnitsPassSystemdAnalyze() throws {
        let analyze = Harness.tool("systemd-analyze") ?? "/usr/bin/systemd-analyze"
        try #require(FileManager.default.isExecutableFile(atPath: analyze),
                     "systemd-analyze is missing: Scripts/setup check installs the package systemd")
        #expect(try profile(["remind", "add", "06:30", "Morning", "--days", "mon-fri"]).status == 0)
        #expect(try profile(["remind", "add", "05:00", "--days", "fri-mon"]).status == 0)
        let timer = try String(contentsOfFile: "\(units)/profile-remind-1.timer", encoding: .utf8)
        let value = try #require(timer.split(separator: "\n").first { $0.hasPrefix("OnCalendar=") }?.dropFirst("OnCalendar=".count))
        let calendar = try Harness.run(executable: URL(fileURLWithPath: analyze), ["calendar", String(value)],
                                       environment: ["PATH": Harness.systemPath, "TZ": "UTC"])
        #expect(calendar.stdout.contains("Normalized form: Mon..Fri *-*-* 06:30:00\n"), "\(calendar.stdout)\(calendar.stderr)")

        let runtime = "\(home)/runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let files = unitFiles().map { "\(units)/\($0)" }
        #expect(files.count == 4)
        let verify = try Harness.run(executable: URL(fileURLWithPath: analyze), ["--user", "verify"] + files,
                                     environment: ["PATH": Harness.systemPath, "HOME": home, "XDG_RUNTIME_DIR": runtime])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.isEmpty && verify.stderr.isEmpty, "\(verify.stdout)\(verify.stderr)")
    }

    /// A JSON-free `quoted` as the program writes it, for the paths of these tests (no invisible characters).
    func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    @Test func aBinaryPathWithASpaceAndAHostileNameStillVerify() throws {
        let analyze = Harness.tool("systemd-analyze") ?? "/usr/bin/systemd-analyze"
        try #require(FileManager.default.isExecutableFile(atPath: analyze), "systemd-analyze is missing")
        let folder = "\(home)/my apps%x"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let copy = "\(folder)/profile"
        try Harness.placeBinary(at: copy)
        let name = "a`b` $(x) \"q\" 'r' 100%"
        try FileManager.default.copyItem(atPath: "\(store)/Morning.json", toPath: "\(store)/\(name).json")
        let added = try Harness.run(executable: URL(fileURLWithPath: copy), ["remind", "add", "06:30", name],
                                    environment: Harness.environment(store: store, home: home))
        #expect(added.status == 0, "\(added.stderr)")
        let service = try String(contentsOfFile: "\(units)/profile-remind-1.service", encoding: .utf8)
        #expect(service.contains("\nExecStart=\"\(home)/my apps%%x/profile\" remind ring 1\n"), "\(service)")
        let runtime = "\(home)/runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let verify = try Harness.run(executable: URL(fileURLWithPath: analyze),
                                     ["--user", "verify", "\(units)/profile-remind-1.timer", "\(units)/profile-remind-1.service"],
                                     environment: ["PATH": Harness.systemPath, "HOME": home, "XDG_RUNTIME_DIR": runtime])
        #expect(verify.status == 0 && verify.stderr.isEmpty, "\(verify.stdout)\(verify.stderr)")
        let listed = try profile(["remind", "list", "--format", "json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(objects.first?["profile"] as? String == name)
    }

    /// Findings F2: a `$` in the program's path is kept as it is (systemd expands none there) and the
    /// units verify; a quote, an apostrophe or a backslash there is refused (78) and nothing is written.
    @Test func aBinaryPathWithADollarVerifiesAndOneWithAQuoteIsRefused() throws {
        let analyze = Harness.tool("systemd-analyze") ?? "/usr/bin/systemd-analyze"
        try #require(FileManager.default.isExecutableFile(atPath: analyze), "systemd-analyze is missing")
        let runtime = "\(home)/runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        func copy(into folder: String) throws -> String {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Harness.placeBinary(at: "\(folder)/profile")
            return "\(folder)/profile"
        }
        let dollar = try copy(into: "\(home)/bin$X %h")
        let added = try Harness.run(executable: URL(fileURLWithPath: dollar), ["remind", "add", "06:30"],
                                    environment: Harness.environment(store: store, home: home))
        #expect(added.status == 0, "\(added.stderr)")
        let service = try String(contentsOfFile: "\(units)/profile-remind-1.service", encoding: .utf8)
        #expect(service.contains("\nExecStart=\"\(home)/bin$X %%h/profile\" remind ring 1\n"), "\(service)")
        let verify = try Harness.run(executable: URL(fileURLWithPath: analyze),
                                     ["--user", "verify", "\(units)/profile-remind-1.timer", "\(units)/profile-remind-1.service"],
                                     environment: ["PATH": Harness.systemPath, "HOME": home, "XDG_RUNTIME_DIR": runtime])
        #expect(verify.status == 0 && verify.stderr.isEmpty && verify.stdout.isEmpty, "\(verify.stdout)\(verify.stderr)")

        for folder in ["bin\"q", "bin'a", "bin\\b"] {
            let program = try copy(into: "\(home)/\(folder)")
            let refused = try Harness.run(executable: URL(fileURLWithPath: program), ["remind", "add", "07:00"],
                                          environment: Harness.environment(store: store, home: home))
            #expect(refused.status == 78, "\(folder): \(refused.stderr)")
            #expect(refused.stderr.hasPrefix("profile: this program's path \(quoted(program)) cannot be started by systemd"), "\(refused.stderr)")
            #expect(refused.stdout.isEmpty)
            #expect(unitFiles() == ["profile-remind-1.service", "profile-remind-1.timer"])
        }
    }

    /// A fake systemctl that answers `is-system-running` with running and hangs on anything else, having
    /// first made the file `started` (so that a test knows it runs).
    func hangingSystemctl() throws -> (path: String, started: String) {
        let path = "\(home)/hangctl", started = "\(home)/hangctl-started"
        try """
            #!/bin/sh
            case "$*" in *is-system-running*) echo running; exit 0 ;; esac
            : > '\(started)'
            sleep 1000

            """.writeExecutable(to: path)
        return (path, started)
    }

    /// Findings F11: a systemctl that hangs is stopped after PROFILE_SYSTEMCTL_TIMEOUT (75, the command
    /// named), and the units add wrote are removed.
    @Test func aHangingSystemctlIsStoppedAndAddLeavesNothing() throws {
        let fake = try hangingSystemctl()
        let added = try profile(["remind", "add", "03:37"], ["PROFILE_SYSTEMCTL": fake.path, "PROFILE_SYSTEMCTL_TIMEOUT": "0.5"])
        #expect(added.status == 75)
        #expect(added.stderr == "profile: systemctl --user enable --now profile-remind-1.timer did not finish within 0.5 s, so it was stopped; nothing was changed\n")
        #expect(added.stdout.isEmpty)
        #expect(unitFiles().isEmpty)
    }

    /// Findings F11: SIGTERM while systemctl runs stops it and removes the units add wrote.
    @Test func aTerminatedAddLeavesNothing() throws {
        let fake = try hangingSystemctl()
        let (process, output) = try Harness.start(["remind", "add", "03:37"], store: store, home: home,
                                                  extra: ["PROFILE_SYSTEMCTL": fake.path])
        // The fake says when it runs; the test waits for that, not for a time.
        for _ in 0..<2000 where !FileManager.default.fileExists(atPath: fake.started) { usleep(5000) }
        try #require(FileManager.default.fileExists(atPath: fake.started))
        #expect(unitFiles().count == 2)
        process.terminate()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(text)")
        #expect(text == "profile: interrupted while systemctl --user enable --now profile-remind-1.timer ran; it was stopped and nothing was changed\n")
        #expect(unitFiles().isEmpty)
    }

    /// Findings F11: a PROFILE_SYSTEMCTL that names no program (or is empty) is a configuration error.
    @Test(arguments: ["", "/nonexistent/systemctl", "no-such-systemctl"])
    func aSystemctlThatIsNotThereIsAConfigurationError(_ value: String) throws {
        var environment = Harness.environment(store: store, home: home)
        environment["PROFILE_SYSTEMCTL"] = value
        let added = try Harness.run(executable: Harness.binary, ["remind", "add", "03:37"], environment: environment)
        #expect(added.status == 78, "\(added.stderr)")
        #expect(added.stderr == "profile: PROFILE_SYSTEMCTL=\"\(value)\" names no program that can be run: set it to systemctl's path (or a name on PATH), or unset it\n")
        #expect(unitFiles().isEmpty)
    }

    /// Findings F10: list shows the readable reminders and names the damaged timer (the file's key, not
    /// the option), 65 at the end; add goes on; remove says the unit was damaged; a directory is named.
    /// (Run as installed: the build folder's program would add its note to each standard error.)
    @Test func aDamagedUnitIsNamedAndBlocksNothingElse() throws {
        let installed = try program(in: "\(home)/bin")
        func profile(_ arguments: [String]) throws -> Harness.Result { try run(installed, arguments) }
        #expect(try profile(["remind", "add", "07:00"]).status == 0)
        #expect(try profile(["remind", "add", "08:00", "Morning"]).status == 0)
        let path = "\(units)/profile-remind-1.timer"
        let timer = try String(contentsOfFile: path, encoding: .utf8)
        try timer.replacingOccurrences(of: "Days=daily", with: "Days=funday").write(toFile: path, atomically: true, encoding: .utf8)
        let line = try #require(timer.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("Days=") }) + 1
        let listed = try profile(["remind", "list"])
        #expect(listed.status == 65)
        #expect(listed.stdout == "2\t08:00\tdaily\tMorning\tdisabled\n")
        #expect(listed.stderr == "profile: \(path):\(line): Days=\"funday\" is not days of the week: expected \(Self.daysAccepted); remove it with 'profile remind remove' or mend it by hand\n")
        let added = try profile(["remind", "add", "09:00"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("added reminder 3: 09:00 daily"))
        let removed = try profile(["remind", "remove", "1"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout == "removed reminder 1 (damaged unit)\n")

        try FileManager.default.createDirectory(atPath: "\(units)/profile-remind-31.timer", withIntermediateDirectories: true)
        let withDirectory = try profile(["remind", "list"])
        #expect(withDirectory.status == 65)
        #expect(withDirectory.stdout.hasPrefix("2\t08:00"))
        #expect(withDirectory.stderr == "profile: \(units)/profile-remind-31.timer is a directory, not a unit file 'profile remind add' wrote: remove it by hand (rm -r)\n")
        let remove = try profile(["remind", "remove", "31"])
        #expect(remove.status == 65)
        #expect(remove.stderr == withDirectory.stderr)
    }

    /// The program hard-linked into `folder` (made if need be), as a user would find it there.
    func program(in folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Harness.placeBinary(at: "\(folder)/profile")
        return "\(folder)/profile"
    }

    /// Runs the program at `path` (see ``program(in:)``) in this test's home and store.
    func run(_ path: String, _ arguments: [String], _ extra: [String: String] = [:]) throws -> Harness.Result {
        try Harness.run(executable: URL(fileURLWithPath: path), arguments, environment: Harness.environment(store: store, home: home, extra: extra))
    }

    func service(_ id: Int) throws -> String {
        try String(contentsOfFile: "\(units)/profile-remind-\(id).service", encoding: .utf8)
    }

    /// Issue 50, item 2: a reminder added from a clone runs the program in its build folder, and add says
    /// so at once; list says it of every such reminder and of one whose program is gone; repoint (as
    /// installed) makes every reminder run the installed program, reloads a running manager once, and the
    /// second time changes nothing; with --only-stale a program that lasts is left alone.
    @Test func aReminderFromABuildFolderIsNotedAndRepointMovesItToTheInstalledProgram() throws {
        let fake = try fakeSystemctl(state: "running")
        let manager = ["PROFILE_SYSTEMCTL": fake.path]
        let clone = "\(home)/src/profile"
        let built = try program(in: "\(clone)/.build/x86_64-unknown-linux-gnu/debug")
        let buildNote = { (who: String, they: String) in
            "profile: note: \(who) the program in the build folder \(clone)/.build, so \(they) working after 'make clean' or if that folder moves; after 'make install', run 'profile remind repoint' to make every reminder run the installed program\n"
        }
        let added = try run(built, ["remind", "add", "06:30", "Morning"], manager)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "added reminder 1: 06:30 daily \"Morning\"; enabled profile-remind-1.timer\n")
        #expect(added.stderr == buildNote("reminder 1 runs", "it stops"))
        #expect(try service(1).contains("\nExecStart=\"\(built)\" remind ring 1\n"))
        #expect(try run(built, ["remind", "add", "21:00"], manager).stderr == buildNote("reminder 2 runs", "it stops"))
        // Added again: nothing is added, and the reminder there is still noted.
        let twin = try run(built, ["remind", "add", "21:00"], manager)
        #expect(twin.stdout == "reminder 2 is already 21:00 daily; nothing added\n" && twin.stderr == buildNote("reminder 2 runs", "it stops"))

        // A reminder whose program has gone since.
        let old = try program(in: "\(home)/old")
        #expect(try run(old, ["remind", "add", "07:00"], manager).stderr.isEmpty, "an installed program: no note")
        try FileManager.default.removeItem(atPath: old)

        let installed = try program(in: "\(home)/bin")
        let listed = try run(installed, ["remind", "list"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout == "1\t06:30\tdaily\tMorning\tdisabled\n2\t21:00\tdaily\t\tdisabled\n3\t07:00\tdaily\t\tdisabled\n",
                "the listing itself is as it was")
        #expect(listed.stderr == buildNote("reminders 1 and 2 run", "they stop")
                + "profile: note: reminder 3 runs \(old), which is not there any more, so it cannot ring; run 'profile remind repoint' to make every reminder run this program, \(installed)\n")

        // --only-stale moves what would break; a reminder that runs an installed program stays.
        let elsewhere = try program(in: "\(home)/elsewhere")
        try FileManager.default.removeItem(atPath: fake.calls)
        let onlyStale = try run(installed, ["remind", "repoint", "--only-stale"], manager)
        #expect(onlyStale.status == 0, "\(onlyStale.stderr)")
        #expect(onlyStale.stdout == "reminders 1, 2 and 3 now run \(installed)\n" && onlyStale.stderr.isEmpty, "\(onlyStale.stderr)")
        #expect(try String(contentsOfFile: fake.calls, encoding: .utf8) == "--user is-system-running\n--user daemon-reload\n")
        for id in 1...3 { #expect(try service(id).contains("\nExecStart=\"\(installed)\" remind ring \(id)\n")) }
        #expect(try run(installed, ["remind", "list"]).stderr.isEmpty, "nothing left to note")
        let lasting = try run(elsewhere, ["remind", "repoint", "--only-stale"], manager)
        #expect(lasting.stdout == "no reminder runs a program in a build folder or one that is gone; nothing changed\n")

        // Repoint moves them all to the program that runs it, and the second time changes nothing.
        let moved = try run(elsewhere, ["remind", "repoint"], manager)
        #expect(moved.stdout == "reminders 1, 2 and 3 now run \(elsewhere)\n" && moved.stderr.isEmpty, "\(moved.stderr)")
        try FileManager.default.removeItem(atPath: fake.calls)
        let again = try run(elsewhere, ["remind", "repoint"], manager)
        #expect(again.status == 0 && again.stdout == "every reminder already runs \(elsewhere); nothing changed\n")
        // Nothing changed on disk, but the manager is told again: one an earlier repoint could not reach
        // (no bus then) learns of the change.
        let told = (try? String(contentsOfFile: fake.calls, encoding: .utf8)) ?? ""
        #expect(told.contains("daemon-reload"), "nothing changed on disk: the manager is still told, \(told)")

        // Run from the build folder, it points them there, and says so.
        let back = try run(built, ["remind", "repoint"], manager)
        #expect(back.stdout == "reminders 1, 2 and 3 now run \(built)\n")
        #expect(back.stderr == buildNote("reminders 1, 2 and 3 run", "they stop"))
    }

    /// A failed reload puts every service back (75, nothing changed); a damaged timer is named, with what
    /// to do, and nothing changes (65, as list's): a command that fails changes nothing.
    @Test func aFailedRepointChangesNothingAndADamagedTimerIsNamed() throws {
        let built = try program(in: "\(home)/c/.build/debug")
        #expect(try run(built, ["remind", "add", "06:30"]).status == 0)
        #expect(try run(built, ["remind", "add", "07:00"]).status == 0)
        let before = try service(1)
        let bin = "\(home)/fail-bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\ncase \"$*\" in *is-system-running*) echo running ;; *daemon-reload*) echo 'Failed to reload: boom' >&2; exit 1 ;; esac\n"
            .writeExecutable(to: "\(bin)/systemctl")
        let installed = try program(in: "\(home)/bin")
        let failed = try run(installed, ["remind", "repoint"], ["PROFILE_SYSTEMCTL": "\(bin)/systemctl"])
        #expect(failed.status == 75)
        #expect(failed.stderr == "profile: systemctl --user daemon-reload failed with status 1: Failed to reload: boom\n")
        #expect(failed.stdout.isEmpty)
        #expect(try service(1) == before)

        let path = "\(units)/profile-remind-1.timer"
        try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "Days=daily", with: "Days=funday")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let second = try service(2)
        let damaged = try run(installed, ["remind", "repoint"])
        #expect(damaged.status == 65)
        #expect(damaged.stdout.isEmpty)
        #expect(damaged.stderr.hasPrefix("profile: \(path):") && damaged.stderr.contains("Days=\"funday\""), "\(damaged.stderr)")
        #expect(damaged.stderr.hasSuffix("profile: nothing changed: mend or remove the damaged reminders ('profile remind remove ID'), then run 'profile remind repoint' again\n"))
        #expect(try service(1) == before && service(2) == second, "nothing changed")

        // Removed, the damaged one no longer stops the rest; no user manager answers here, which is said.
        #expect(try run(installed, ["remind", "remove", "1"]).status == 0)
        let moved = try run(installed, ["remind", "repoint"])
        #expect(moved.status == 0)
        #expect(moved.stdout == "reminder 2 now runs \(installed)\n"
                + "no systemd user manager answered here, so it reads the change when it next starts (at your next login) "
                + "or with: systemctl --user daemon-reload\n")
    }

    /// Findings F9: a hand-edited `Profile=` whose escapes decode to an escape sequence is a damaged unit
    /// (the store's name rules), reported with its line and escaped; list and ring never print it raw.
    @Test func aProfileThatIsNoNameIsADamagedUnitAndNeverReachesTheTerminal() throws {
        #expect(try profile(["remind", "add", "07:00", "Morning"]).status == 0)
        let path = "\(units)/profile-remind-1.timer"
        let timer = try String(contentsOfFile: path, encoding: .utf8)
        try timer.replacingOccurrences(of: "Profile=Morning", with: #"Profile=\x1b]0;pwned\x07"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let line = try #require(timer.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("Profile=") }) + 1
        for format in ["plain", "table", "json"] {
            let listed = try profile(["remind", "list", "--format", format, "--no-color"])
            #expect(listed.status == 65, "\(format): \(listed.stdout)\(listed.stderr)")
            #expect(!listed.stdout.contains("\u{1B}") && !listed.stderr.contains("\u{1B}") && !listed.stderr.contains("\u{7}"))
            #expect(listed.stderr.contains(#"profile-remind-1.timer:\#(line): Profile="\\x1b]0;pwned\\x07" is not a profile's name ("\u{1B}]0;pwned\u{7}": it contains the invisible character U+001B); remove it"#),
                    "\(listed.stderr)")
        }
        let rang = try profile(["remind", "ring", "1"], ["PROFILE_PLAYER": "none"])
        #expect(rang.status == 65, "\(rang.stderr)")
        #expect(!rang.stderr.contains("\u{1B}"))
    }

    /// The soft bell waits for its player by signals: it ends when the player ends (it slept to the
    /// bell's whole length, 30 s, once the ring-out stopped polling), and SIGTERM (systemd stopping the
    /// service, or a user) ends the player with it instead of leaving it playing under pid 1.
    @Test func theSoftBellEndsWithItsPlayerAndATermEndsThePlayerToo() throws {
        #expect(try profile(["remind", "add", "07:00"]).status == 0)
        try "#!/bin/sh\nsleep 1\n".writeExecutable(to: "\(home)/short-player")
        let started = Date()
        let short = try profile(["remind", "ring", "1"], ["PROFILE_PLAYER": "\(home)/short-player"])
        let took = Date().timeIntervalSince(started)
        #expect(short.status == 75, "\(short.stderr)")
        #expect(took < 15, "the bell's player ended after 1 s; the command after \(took) s (its ring-out allows 30)")

        let pidFile = "\(home)/player.pid"
        try "#!/bin/sh\necho $$ > '\(pidFile)'\nexec sleep 300\n".writeExecutable(to: "\(home)/hung-player")
        let (process, _) = try Harness.start(["remind", "ring", "1"], store: store, home: home,
                                             extra: ["PROFILE_PLAYER": "\(home)/hung-player"], deadline: 60)
        var pid: Int32?
        for _ in 0..<500 where pid == nil {
            pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if pid == nil { usleep(10_000) }
        }
        let player = try #require(pid, "the player never started")
        let termed = Date()
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        // (A test runner may hand its children SIGTERM blocked: the ring-out's own signal pipe unblocks it.)
        #expect(Date().timeIntervalSince(termed) < 10, "SIGTERM ended the command only after \(Date().timeIntervalSince(termed)) s")
        // Alive: its /proc entry is there and it is no zombie.
        func alive() -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(player)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            return !stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
        }
        var gone = false
        for _ in 0..<100 where !gone {
            gone = !alive()
            if !gone { usleep(20_000) }
        }
        if !gone { kill(player, SIGKILL) }
        #expect(gone, "the player \(player) was left playing after the command was told to stop")
    }

    static let daysAccepted = "daily, weekdays, weekends, a day (mon, tue, wed, thu, fri, sat, sun), a range such as mon-fri, or a comma list such as sat,sun"

    struct BadCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badCases: [BadCase] = [
        BadCase(arguments: ["25:00"], status: 64, message: "profile: invalid time \"25:00\": write the time of day as HH:MM on a 24-hour clock, such as 06:30 or 21:15\n"),
        BadCase(arguments: ["06:30:00"], status: 64, message: "profile: invalid time \"06:30:00\": write the time of day as HH:MM on a 24-hour clock, such as 06:30 or 21:15\n"),
        BadCase(arguments: ["06:30", "--days", "mon-xyz"], status: 64,
                message: "profile: invalid --days value \"mon-xyz\": expected daily, weekdays, weekends, a day (mon, tue, wed, thu, fri, sat, sun), a range such as mon-fri, or a comma list such as sat,sun\n"),
        BadCase(arguments: ["06:30", "Mornin"], status: 66, message: "profile: no profile named \"Mornin\" (did you mean \"Morning\"?)\n"),
    ]

    @Test(arguments: badCases)
    func badInputWritesNothing(_ c: BadCase) throws {
        let result = try profile(["remind", "add"] + c.arguments)
        #expect(result.status == c.status)
        #expect(result.stderr == c.message)
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: units))
    }

    @Test func aUnitFolderThatCannotBeMadeIsAnIOErrorAndWritesNothing() throws {
        try FileManager.default.createDirectory(atPath: "\(home)/.config", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: "\(home)/.config/systemd", contents: Data("x".utf8)))
        let result = try profile(["remind", "add", "06:30", "Morning"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("profile: "), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try String(contentsOfFile: "\(home)/.config/systemd", encoding: .utf8) == "x")
    }

    @Test func badIDsAreUsageErrors() throws {
        for word in ["x", "0", "-1", "01"] {
            let result = try profile(["remind", "remove", "--", word])
            #expect(result.status == 64, "\(word): \(result.stderr)")
        }
    }

    @Test func withAUserManagerAddEnablesAndRemoveDisablesThroughSystemctl() throws {
        let fake = try fakeSystemctl(state: "running")
        let environment = ["PROFILE_SYSTEMCTL": fake.path]
        let added = try profile(["remind", "add", "06:30", "Morning", "--days", "mon-fri"], environment)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "added reminder 1: 06:30 mon-fri \"Morning\"; enabled profile-remind-1.timer\n")
        let removed = try profile(["remind", "remove", "1"], environment)
        #expect(removed.status == 0, "\(removed.stderr)")
        let calls = try String(contentsOfFile: fake.calls, encoding: .utf8)
        #expect(calls == """
            --user is-system-running
            --user enable --now profile-remind-1.timer
            --user is-system-running
            --user disable --now profile-remind-1.timer

            """)
        #expect(unitFiles().isEmpty)
    }

    @Test func anOfflineManagerIsNotAskedToEnable() throws {
        let fake = try fakeSystemctl(state: "offline")
        let added = try profile(["remind", "add", "07:00"], ["PROFILE_SYSTEMCTL": fake.path])
        #expect(added.status == 0)
        #expect(added.stdout.contains("no systemd user manager runs here"))
        #expect(try String(contentsOfFile: fake.calls, encoding: .utf8) == "--user is-system-running\n")
    }

    @Test func aFailedEnableLeavesNothing() throws {
        let bin = "\(home)/fail-bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\ncase \"$*\" in *is-system-running*) echo running ;; *enable*) echo 'Failed to enable: boom' >&2; exit 1 ;; esac\n"
            .writeExecutable(to: "\(bin)/systemctl")
        // Found on PATH, as the real one is.
        let added = try profile(["remind", "add", "07:00"], ["PATH": "\(bin):\(Harness.systemPath)"])
        #expect(added.status == 75)
        #expect(added.stderr == "profile: systemctl --user enable --now profile-remind-1.timer failed with status 1: Failed to enable: boom\n")
        #expect(unitFiles().isEmpty)
    }

    @Test func ringShowsTheNotificationThroughTheSessionBus() throws {
        let bus = try PrivateBus(.session)
        defer { bus.stop() }
        let log = "\(home)/notifications.log"
        try bus.startNotificationDaemon(log: log)
        #expect(try profile(["remind", "add", "06:30", "Morning", "--days", "mon-fri"]).status == 0)
        #expect(try profile(["remind", "add", "07:00", "Long Sit"]).status == 0)
        #expect(try profile(["remind", "add", "08:00"]).status == 0)
        // A player that records it was asked: the soft bell.
        let player = "\(home)/player"
        try "#!/bin/sh\necho \"$@\" >> '\(home)/played'\n".writeExecutable(to: player)
        // The timer's environment has no PROFILE_STORE: the store comes from the unit.
        let environment = [bus.kind.variable: bus.address, "PROFILE_STORE": "", "PROFILE_PLAYER": player,
                           "XDG_CACHE_HOME": "\(home)/cache"]
        for id in ["1", "2", "3"] {
            let rang = try profile(["remind", "ring", id], environment)
            #expect(rang.status == 0, "\(rang.stderr)")
        }
        try FileManager.default.removeItem(atPath: "\(store)/Long Sit.json")
        #expect(try profile(["remind", "ring", "2"], environment).status == 0)
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { line in
            // `<time> Notify "profile" 0 "" "summary" "body" [] {} -1`
            String(line.drop { $0 != " " }.dropFirst())
        }
        #expect(calls == [
            #"Notify "profile" 0 "" "Time to sit: Morning, 37:00" "Reminder 1: 06:30, mon-fri" [] {} -1"#,
            #"Notify "profile" 0 "" "Time to sit: Long Sit, 01:40:00" "Reminder 2: 07:00, daily" [] {} -1"#,
            #"Notify "profile" 0 "" "Time to sit" "Reminder 3: 08:00, daily" [] {} -1"#,
            #"Notify "profile" 0 "" "Time to sit: Long Sit (no longer a profile)" "Reminder 2: 07:00, daily" [] {} -1"#,
        ])
        let played = try String(contentsOfFile: "\(home)/played", encoding: .utf8)
        #expect(played.split(separator: "\n").count == 4, "\(played)")
    }

    @Test func ringWithoutANotificationServiceSaysSoAndExits75() throws {
        #expect(try profile(["remind", "add", "06:30"]).status == 0)
        let bus = try PrivateBus(.session)
        defer { bus.stop() }
        let result = try profile(["remind", "ring", "1"], [bus.kind.variable: bus.address, "PROFILE_PLAYER": "none"])
        #expect(result.status == 75)
        #expect(result.stderr == "profile: cannot show the reminder: no notification service on the session bus (org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.Notifications was not provided by any .service files)\n")
        let none = try profile(["remind", "ring", "1"], ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(home)/no-bus", "PROFILE_PLAYER": "none"])
        #expect(none.status == 75)
        #expect(none.stderr == "profile: cannot show the reminder: no desktop session here (no session bus runs at its address)\n")
    }
}
