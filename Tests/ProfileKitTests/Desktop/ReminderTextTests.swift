import Glibc
import Testing
import Desktop

/// What the reminder commands say, in process: a reminder's description and `remind add`'s outcomes.
@Suite("Reminders: what the commands say")
struct ReminderTextTests {
    /// Morning at 06:30 on weekdays, as ReminderUnitTests makes it.
    static func morning() throws -> Reminder {
        Reminder(id: 0, time: ReminderTime(hour: 6, minute: 30), days: try ReminderDays(parsing: "mon-fri"), profile: "Morning", store: "/s")
    }

    /// A reminder as the commands name it: time, days and the profile quoted, escaped where it must be.
    @Test func aReminderIsDescribedWithAndWithoutItsProfile() throws {
        #expect(try ReminderTextTests.morning().shortDescription == "06:30 mon-fri \"Morning\"")
        #expect(Reminder(id: 3, time: ReminderTime(hour: 21, minute: 5), days: try ReminderDays(parsing: "daily")).shortDescription
                == "21:05 daily")
        let hostile = Reminder(id: 1, time: ReminderTime(hour: 0, minute: 0), days: try ReminderDays(parsing: "fri-mon"),
                               profile: "a \"b\"\u{1B}[2J")
        #expect(hostile.shortDescription == "00:00 mon,fri-sun \"a \\\"b\\\"\\u{1B}[2J\"")
    }

    /// `remind add`'s three outcomes, byte for byte: enabled, written where no manager runs (with the
    /// folder escaped and the command to run), and there already.
    @Test func addSaysWhatItDid() throws {
        var reminder = try ReminderTextTests.morning()
        reminder.id = 3
        #expect(ReminderBook.Added.enabled(reminder).message(folder: "/h/.config/systemd/user")
                == "added reminder 3: 06:30 mon-fri \"Morning\"; enabled profile-remind-3.timer\n")
        #expect(ReminderBook.Added.written(reminder).message(folder: "/h/a\tb/systemd/user") == """
            added reminder 3: 06:30 mon-fri "Morning" (/h/a\\tb/systemd/user/profile-remind-3.timer)
            no systemd user manager runs here, so it is not enabled; where one runs, enable it with:
              systemctl --user enable --now profile-remind-3.timer

            """)
        let plain = Reminder(id: 12, time: ReminderTime(hour: 6, minute: 0), days: try ReminderDays(parsing: "weekends"))
        #expect(ReminderBook.Added.exists(plain).message(folder: "/unused") == "reminder 12 is already 06:00 sat,sun; nothing added\n")
    }
}

/// Issue 40: a missing session bus is said in the user's words, not the C library's alone.
@Suite("Session bus words")
struct SessionBusWordsTests {
    @Test func aMissingSessionBusSaysWhatItMeans() {
        #expect(SleepLock.noSessionBusText(ENOMEDIUM) == "no desktop session here (no session bus is set up for this login)")
        #expect(SleepLock.noSessionBusText(ENOENT) == "no desktop session here (no session bus runs at its address)")
        #expect(ReminderError.notification(SleepLock.noSessionBusText(ENOMEDIUM)).description
            == "cannot show the reminder: no desktop session here (no session bus is set up for this login)")
        #expect(!SleepLock.noSessionBusText(ENOMEDIUM).contains("No medium found"))
        #expect(SleepLock.noSessionBusText(EIO).hasPrefix("no session bus ("), "another errno keeps the system's text")
    }
}
