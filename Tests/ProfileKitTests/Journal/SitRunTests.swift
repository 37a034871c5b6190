import LocalTime
import Foundation
import Testing
import ProfileKit
import JournalCore

/// The record a run leaves in the journal: its times, the seconds sat and the seconds paused, at every
/// speed.
@Suite("Run records")
struct SitRunTests {
    static let started = 1_795_414_500  // 2026-11-23 06:15:00 UTC

    static func record(_ outcome: Outcome, elapsed: Int, pausedSeconds: Int, total: Int = 1800, speed: Double,
                       now: Int) -> Sit? {
        return Sit.run(outcome: outcome, elapsed: elapsed, total: total, bells: 3, pausedSeconds: pausedSeconds, speed: speed,
                       started: started, now: now, profile: "Morning", note: "a note", calendar: LocalCalendar(zone: .utc))
    }

    /// At speed 1 the end is the wall clock's, and the pauses are the summary's real seconds.
    @Test func atSpeedOneTheEndIsTheWallClockAndThePausesAreKept() throws {
        let sit = try #require(Self.record(.completed, elapsed: 1800, pausedSeconds: 450, speed: 1, now: Self.started + 2251))
        #expect(sit.seconds == 1800 && sit.pausedSeconds == 450 && sit.plannedSeconds == 1800)
        #expect(sit.end.epoch == Self.started + 2251 && sit.start.epoch == Self.started)
        #expect(sit.outcome == .completed && sit.bells == 3 && sit.profile == "Morning" && sit.note == "a note")
        #expect(sit.line.hasSuffix(#""note":"a note","pausedSeconds":450}"# + "\n"))
        let stopped = try #require(Self.record(.stopped, elapsed: 700, pausedSeconds: 0, speed: 1, now: Self.started + 700))
        #expect(stopped.seconds == 700 && stopped.pausedSeconds == 0 && stopped.outcome == .stopped)
        #expect(!stopped.line.contains("pausedSeconds"))
    }

    /// At another speed the lengths are the session's: the real seconds paused are multiplied by the
    /// speed; the sit ends when the run ended (the wall clock's now) and starts the seconds sat and paused
    /// before that, so it lies wholly in the past and imports back.
    @Test func atAnotherSpeedThePausesAreSessionSecondsAndTheSitEndsNow() throws {
        let sit = try #require(Self.record(.stopped, elapsed: 1200, pausedSeconds: 5, speed: 60, now: Self.started + 25))
        #expect(sit.seconds == 1200 && sit.pausedSeconds == 300)
        #expect(sit.end.epoch == Self.started + 25 && sit.start.epoch == Self.started + 25 - 1500)
        let unpaused = try #require(Self.record(.completed, elapsed: 1800, pausedSeconds: 0, speed: 60, now: Self.started + 30))
        #expect(unpaused.end.epoch - unpaused.start.epoch == 1800 && unpaused.pausedSeconds == 0)
        #expect(unpaused.end.epoch == Self.started + 30)
        let slow = try #require(Self.record(.interrupted, elapsed: 90, pausedSeconds: 7, speed: 0.5, now: Self.started + 187))
        #expect(slow.seconds == 90 && slow.pausedSeconds == 4 && slow.end.epoch - slow.start.epoch == 94 && slow.outcome == .interrupted)
        #expect(slow.end.epoch == Self.started + 187)
        // Each is a sit that could have happened by now, as an import and a recovery check it.
        for each in [sit, unpaused, slow] {
            #expect(throws: Never.self) { try each.checkPlausible(now: each.end.epoch) }
            #expect(throws: JournalError.self) { try each.checkPlausible(now: each.end.epoch - 1) }
        }
        // The record of a sped-up sit in progress ends when it was written, never ahead of the clock.
        let soFar = Sit.runSoFar(id: "0123456789ab", outcome: .interrupted, elapsed: 600, total: 1800, bells: 1, pausedSeconds: 0,
                                 speed: 600, started: Self.started, now: Self.started + 1, profile: nil, note: nil, calendar: LocalCalendar(zone: .utc))
        #expect(soFar.end.epoch == Self.started + 1 && soFar.start.epoch == Self.started + 1 - 600)
    }

    /// A pause longer than the journal's reader takes (a run left stopped for months) is written at
    /// the largest it reads back; under a minute sat, nothing is recorded.
    @Test func pausesAreBoundedAndShortSitsAreNotRecorded() throws {
        let long = try #require(Self.record(.completed, elapsed: 1800, pausedSeconds: 20_000_000, speed: 1, now: Self.started + 20_001_800))
        #expect(long.pausedSeconds == Sit.maximumCount)
        #expect(try SitLine.decode(Array(long.line.utf8.dropLast())) == long)
        let fast = try #require(Self.record(.completed, elapsed: 1800, pausedSeconds: 1_000_000, speed: 1000, now: Self.started + 2))
        #expect(fast.pausedSeconds == Sit.maximumCount && fast.end.epoch - fast.start.epoch == 1800 + Sit.maximumCount)
        #expect(fast.end.epoch == Self.started + 2)
        #expect(Self.record(.stopped, elapsed: 59, pausedSeconds: 600, speed: 1, now: Self.started + 659) == nil)
        #expect(Self.record(.stopped, elapsed: 60, pausedSeconds: 600, speed: 1, now: Self.started + 660)?.seconds == 60)
        #expect(Self.record(.completed, elapsed: 59, pausedSeconds: 0, total: 60, speed: 1, now: Self.started + 60)?.seconds == 60,
                "a completed run sat its whole length")
        #expect(Self.record(.completed, elapsed: 59, pausedSeconds: 0, total: 59, speed: 1, now: Self.started + 59) == nil)
    }

    /// A note or a name is kept when it holds something and fits 4,000 bytes.
    @Test func notesAndNamesAreCheckedBeforeTheyAreKept() throws {
        #expect(try Sit.checkedText(nil, option: "--note") == nil)
        #expect(try Sit.checkedText(" quiet ", option: "--note") == " quiet ")
        #expect(try Sit.checkedText(String(repeating: "é", count: 2000), option: "--note")?.utf8.count == 4000)
        for (text, accepted) in [("", "some text: it is empty"), (" \t", "some text: it is blank"),
                                 (String(repeating: "a", count: 4001), "text of at most 4,000 bytes (this is 4,001)")] {
            #expect(throws: JournalError.invalidOption(text, option: "--note", accepted: accepted)) {
                try Sit.checkedText(text, option: "--note")
            }
        }
    }
}
