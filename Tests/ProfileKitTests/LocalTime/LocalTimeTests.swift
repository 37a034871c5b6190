import Testing
import LocalTime

/// The one local time: the HH:MM grammar every option reads times with, and the calendar's arithmetic.
/// Here the calendar's zone is UTC (`Zone.utc`); zones with summer time are tested in `ZoneTests`
/// (against glibc) and end to end (a child process gets its own TZ).
@Suite("Local time")
struct LocalTimeTests {
    @Test(arguments: [
        ("7:30", 27_000), ("07:30", 27_000), ("00:00", 0), ("23:59", 86_340), ("23:59:59", 86_399), ("6:05:09", 21_909),
    ])
    func timesOfDayAreRead(_ text: String, _ seconds: Int) {
        #expect(TimeOfDay.seconds(text) == seconds)
    }

    @Test(arguments: ["24:00", "7:5", "007:30", "07:60", "07:30:60", "07:30:5", "", ":", "7:", ":30", "07-30", "٧:٣٠", "１:３０",
                      "07:30:00:00", " 07:30", "07:30 ", "+7:30", "7:30pm"])
    func anythingElseIsNoTime(_ text: String) {
        #expect(TimeOfDay.seconds(text) == nil, "\(text)")
    }

    @Test func secondsAreTakenOnlyWhereAsked() {
        #expect(TimeOfDay.seconds("06:30", seconds: false) == 23_400)
        #expect(TimeOfDay.seconds("06:30:00", seconds: false) == nil)
    }

    @Test func datesAreReadAgainstTheCalendar() {
        #expect(CivilDate.parse("2024-02-29")! == (2024, 2, 29))
        for bad in ["2023-02-29", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-1a", "2026/01/01", "0000-01-01"] {
            #expect(CivilDate.parse(bad) == nil, "\(bad)")
        }
    }

    /// 2026-11-27T06:00:00Z.
    static let six = 1_795_759_200.0

    @Test func theNextMomentAtATimeIsTodayOrTomorrowAndAMomentAgoIsNow() {
        let calendar = LocalCalendar(zone: .utc)
        #expect(calendar.nextEpoch(of: 7 * 3600, after: Self.six) == Self.six + 3600)
        #expect(calendar.nextEpoch(of: 5 * 3600, after: Self.six) == Self.six + 23 * 3600, "passed today: tomorrow")
        #expect(calendar.nextEpoch(of: 6 * 3600, after: Self.six + 20) == Self.six + 20, "20 s ago is now")
        #expect(calendar.nextEpoch(of: 6 * 3600, after: Self.six + 20, nowWithin: 0) == Self.six + 86_400)
        #expect(calendar.secondsFrom(Self.six, until: 6 * 3600) == 86_400, "a whole day when it reads it now")
        #expect(calendar.secondsFrom(Self.six, until: 6 * 3600 + 90) == 90)
    }

    @Test func aLocalDateAndTimeIsOneMoment() {
        let calendar = LocalCalendar(zone: .utc)
        #expect(calendar.epoch(year: 2026, month: 11, day: 27, hour: 6, minute: 0) == Int(Self.six))
        #expect(calendar.dayAndSecond(Int(Self.six)).second == 6 * 3600)
        #expect(CivilDate.text(calendar.day(of: Int(Self.six))) == "2026-11-27")
    }
}
