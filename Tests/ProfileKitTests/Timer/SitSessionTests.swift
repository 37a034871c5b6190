import Testing
import ProfileKit
import TestDoubles
import Players
import TextSupport
@testable import Sitting

/// A whole sit in a test's environment: what happens in which order, without a clock, a terminal, a
/// player, a bus or a journal file.
@Suite("Sit session")
struct SitSessionTests {
    typealias FakeClock = SessionRunnerTests.FakeClock
    typealias ScriptedInput = SessionRunnerTests.ScriptedInput
    typealias Recorder = SessionRunnerTests.Recorder

    final class Log {
        var entries: [String] = []
        func add(_ entry: String) { entries.append(entry) }
    }

    struct Sat {
        let summary: RunSummary?
        let error: CarriedError?
        let log: [String]
        let display: Recorder
    }

    static func sit(keys: [(Double, RunKey)] = [], sounding: Bool = true, sleepNote: String? = nil,
                    recordFails: Bool = false) -> Sat {
        let log = Log()
        let clock = FakeClock()
        let input = ScriptedInput(clock: clock, keys: keys.map { (clock.time + $0.0, $0.1) })
        input.whenStuck = { Issue.record("the runner waits for ever with no key to come") }
        let display = Recorder(clock: clock, showsTime: false)
        // Writes down what the sit asks of the bells, in the sit's own log.
        let ringer = RecordingRinger(sounding: sounding)
        ringer.echo = log.add
        let environment = SitEnvironment(
            clock: clock, input: input, display: display, ringer: ringer,
            checkBells: { log.add("check bells"); return ["paplay failed with status 1 before the sit; aplay rings the bells"] },
            sound: { "aplay" },
            holdOffSleep: { seconds in
                log.add("hold off sleep \(Int(seconds)) s")
                return SleepHold(release: { log.add("release sleep") }, note: sleepNote)
            },
            record: { summary throws(CarriedError) in
                log.add("record \(summary.ending)")
                if recordFails { throw CarriedError(ProfileError.io(path: "/j", operation: "write", errno: 28)) }
            })
        let session = SitSession(name: "Run", timeline: Timeline(profile: SampleProfiles.run), speed: 1)
        do throws(CarriedError) {
            let summary = try session.perform(in: environment)
            return Sat(summary: summary, error: nil, log: log.entries, display: display)
        } catch {
            return Sat(summary: nil, error: error, log: log.entries, display: display)
        }
    }

    /// Completed: sleep is held for the planned length and let go before the sit is logged; the end bell
    /// rings out after it, until it ends.
    @Test func aCompletedSitIsLoggedThenItsEndBellRingsOut() {
        let sat = Self.sit()
        #expect(sat.summary?.ending == .completed)
        #expect(sat.log == ["prepare 7", "check bells", "hold off sleep 2220 s", "release sleep", "record completed", "ring out"])
        #expect(sat.display.ringOuts == 1)
    }

    /// q while the end bell rings out stops it.
    @Test func qStopsTheRingOut() {
        let sat = Self.sit(keys: [(2220.3, .quit)])
        #expect(sat.summary?.ending == .completed)
        #expect(sat.log.suffix(3) == ["record completed", "ring out", "stopped"])
    }

    /// Cut short (q then y, or Ctrl-C): the bells stop at once, and nothing rings out.
    @Test(arguments: [[(100.0, RunKey.quit), (101.0, RunKey.yes)], [(100.0, RunKey.interrupt)]])
    func aSitCutShortStopsItsBells(_ keys: [(Double, RunKey)]) {
        let sat = Self.sit(keys: keys)
        #expect(sat.log == ["prepare 7", "check bells", "hold off sleep 2220 s", "release sleep", "finish",
                            "record \(sat.summary?.ending == .stopped ? "stopped" : "interrupted")"])
        #expect(sat.display.ringOuts == 0)
    }

    /// The header says what the bells' check and the sleep lock found, in that order.
    @Test func theHeaderSaysWhatTheChecksFound() {
        let sat = Self.sit(sounding: false, sleepNote: "the computer may sleep during the sit: its power manager cannot be reached")
        #expect(sat.display.notesShown == ["paplay failed with status 1 before the sit; aplay rings the bells",
                                           "the computer may sleep during the sit: its power manager cannot be reached"])
        #expect(sat.display.sound == "aplay")
        #expect(!sat.log.contains("ring out"), "a bell already silent does not ring out")
    }

    /// A journal that cannot be written fails the sit after it ran: sleep was already let go.
    @Test func aRecordThatFailsComesAfterSleepIsLetGo() {
        let sat = Self.sit(recordFails: true)
        #expect(sat.error != nil && sat.summary == nil)
        #expect(sat.log.suffix(2) == ["release sleep", "record completed"])
        #expect(!sat.log.contains("ring out"))
    }
}
