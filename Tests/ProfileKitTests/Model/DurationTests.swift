import Testing
import LocalTime
@testable import ProfileKit

@Suite("Duration")
struct DurationTests {
    struct FormatCase: CustomTestStringConvertible, Sendable {
        let seconds: Int
        let text: String
        var testDescription: String { "\(seconds) s → \(text)" }
    }

    @Test(arguments: [
        FormatCase(seconds: 0, text: "00:00"),
        FormatCase(seconds: 59, text: "00:59"),
        FormatCase(seconds: 60, text: "01:00"),
        FormatCase(seconds: 450, text: "07:30"),
        FormatCase(seconds: 3599, text: "59:59"),
        FormatCase(seconds: 3600, text: "01:00:00"),
        FormatCase(seconds: 3661, text: "01:01:01"),
        FormatCase(seconds: 86399, text: "23:59:59"),
        FormatCase(seconds: 90000, text: "25:00:00"),
    ])
    func format(_ c: FormatCase) {
        #expect(TimerDuration(seconds: c.seconds).formatted == c.text)
    }

    /// A bound in words where `00:01` alone could be read as a minute.
    @Test func boundsAreAlsoGivenInWords() {
        #expect(TimerDuration(seconds: 1).inWords == "1 second")
        #expect(TimerDuration(seconds: 10).inWords == "10 seconds")
        #expect(TimerDuration.minutes(1).inWords == "1 minute")
        #expect(TimerDuration(seconds: 7200).inWords == "2 hours")
        #expect(TimerDuration(seconds: 90).inWords == "01:30")
        #expect(TimerDuration.rangeText(TimerDuration(seconds: 1)...TimerDuration(seconds: 3600)) == "00:01 (1 second) to 01:00:00 (1 hour)")
        #expect(TimerDuration.rangeText(TimerDuration(seconds: 10)...TimerDuration(seconds: 86399)) == "00:10 (10 seconds) to 23:59:59")
    }

    struct ParseCase: CustomTestStringConvertible, Sendable {
        let input: String
        let seconds: Int
        var testDescription: String { "\"\(input)\" → \(seconds) s" }
    }

    @Test(arguments: [
        ParseCase(input: "20", seconds: 1200),
        ParseCase(input: "0020", seconds: 1200),
        ParseCase(input: "00000000000000000000020", seconds: 1200),
        ParseCase(input: "0", seconds: 0),
        ParseCase(input: "20m", seconds: 1200),
        ParseCase(input: "90s", seconds: 90),
        ParseCase(input: "1h30m", seconds: 5400),
        ParseCase(input: "1h 30m", seconds: 5400),
        ParseCase(input: "1h 30m 15s", seconds: 5415),
        ParseCase(input: "2H", seconds: 7200),
        ParseCase(input: "7:30", seconds: 450),
        ParseCase(input: "0:59", seconds: 59),
        ParseCase(input: "90:00", seconds: 5400),
        ParseCase(input: "1:05:00", seconds: 3900),
        ParseCase(input: "23:59:59", seconds: 86399),
        ParseCase(input: "  5m ", seconds: 300),
        ParseCase(input: "00:00", seconds: 0),
    ])
    func parse(_ c: ParseCase) throws {
        #expect(try TimerDuration(parsing: c.input).seconds == c.seconds)
    }

    @Test(arguments: [0, 59, 60, 450, 3599, 3600, 3661, 86399])
    func formattedTextParsesBack(_ seconds: Int) throws {
        #expect(try TimerDuration(parsing: TimerDuration(seconds: seconds).formatted).seconds == seconds)
    }

    @Test func everyWrittenTimeReadsBackThroughTheFastPath() throws {
        // Stored documents use the written forms, which take a shortcut; it must agree with the rules.
        for seconds in stride(from: 0, through: 359_999, by: 7) {
            #expect(try TimerDuration(parsing: TimerDuration(seconds: seconds).formatted).seconds == seconds)
        }
        for text in ["01:60", "00:6x", "1x:00", "12:345", "01:00:60", "01:60:00", "12-34"] {
            #expect(throws: DurationError.self) { try TimerDuration(parsing: text) }
        }
    }

    struct RejectCase: CustomTestStringConvertible, Sendable {
        let input: String
        let reason: String
        var testDescription: String { "\"\(input)\" is refused: \(reason)" }
    }

    @Test(arguments: [
        RejectCase(input: "", reason: "it is empty"),
        RejectCase(input: "   ", reason: "it is empty"),
        RejectCase(input: "-5", reason: "a duration cannot be negative"),
        RejectCase(input: "-1:00", reason: "a duration cannot be negative"),
        RejectCase(input: "1:60", reason: "60 is not below 60"),
        RejectCase(input: "1:60:00", reason: "60 is not below 60"),
        RejectCase(input: "7:5", reason: "\"5\" must have two digits"),
        RejectCase(input: "1:2:3:4", reason: "a clock time has at most three fields (H:MM:SS)"),
        RejectCase(input: "1::00", reason: "a clock time is digits separated by ':'"),
        RejectCase(input: "abc", reason: "it is not a number followed by h, m or s"),
        RejectCase(input: "20m ABC", reason: "\"ABC\" is not a number followed by h, m or s"),
        RejectCase(input: "20x", reason: "\"x\" is not a unit; use h, m or s"),
        RejectCase(input: "30m1h", reason: "units go in the order h, m, s, each once"),
        RejectCase(input: "5m5m", reason: "units go in the order h, m, s, each once"),
        RejectCase(input: "1h30", reason: "\"30\" has no unit (h, m or s)"),
        RejectCase(input: "1.5h", reason: "\".\" is not a unit; use h, m or s"),
        RejectCase(input: "99999999999999999999", reason: "the number is too large"),
        RejectCase(input: "99999999999999999999s", reason: "the number 99999999999999999999 is too large"),
        RejectCase(input: "17000", reason: "it is longer than 277:46:39"),
        RejectCase(input: "300h", reason: "it is longer than 277:46:39"),
        RejectCase(input: "300:00:00", reason: "it is longer than 277:46:39"),
        RejectCase(input: "２０", reason: "it is not a number followed by h, m or s"),
    ])
    func reject(_ c: RejectCase) {
        #expect(throws: DurationError(c.input, reason: c.reason)) {
            try TimerDuration(parsing: c.input)
        }
    }

    @Test func rejectionShowsTheAcceptedForms() {
        let message = ProfileError.invalidDuration("1:60", reason: "60 is not below 60").description
        #expect(message == "invalid duration \"1:60\": 60 is not below 60; use minutes (20), units (20m, 90s, 1h30m, 1h 30m 15s) or clock time (7:30 for MM:SS, 1:05:00 for H:MM:SS)")
        // LocalTime's parser says it in the same words, and the model's error is made from it.
        let refused = DurationError("1:60", reason: "60 is not below 60")
        #expect(refused.description == message)
        #expect(ProfileError(refused) == .invalidDuration("1:60", reason: "60 is not below 60"))
        #expect(refused.category == .usage)
    }

    struct RangeCase: CustomTestStringConvertible, Sendable {
        let type: SegmentType
        let seconds: Int
        let allowed: Bool
        var testDescription: String { "\(type.rawValue) \(seconds) s \(allowed ? "allowed" : "refused")" }
    }

    @Test(arguments: [
        RangeCase(type: .main, seconds: 0, allowed: false),
        RangeCase(type: .main, seconds: 1, allowed: true),
        RangeCase(type: .main, seconds: 86399, allowed: true),
        RangeCase(type: .main, seconds: 86400, allowed: false),
        RangeCase(type: .warmUp, seconds: 0, allowed: false),
        RangeCase(type: .warmUp, seconds: 1, allowed: true),
        RangeCase(type: .warmUp, seconds: 3600, allowed: true),
        RangeCase(type: .warmUp, seconds: 3601, allowed: false),
        RangeCase(type: .coolDown, seconds: 3600, allowed: true),
        RangeCase(type: .coolDown, seconds: 3601, allowed: false),
    ])
    func ranges(_ c: RangeCase) {
        let duration = TimerDuration(seconds: c.seconds)
        if c.allowed {
            #expect(throws: Never.self) { try c.type.validate(duration) }
        } else {
            #expect(throws: ProfileError.durationOutOfRange(duration, segment: c.type, allowed: c.type.allowedDurations)) {
                try c.type.validate(duration)
            }
        }
    }

    @Test func rangeErrorNamesTheLimits() {
        let error = ProfileError.durationOutOfRange(TimerDuration(seconds: 7200), segment: .coolDown,
                                                    allowed: SegmentType.coolDown.allowedDurations)
        #expect(error.description == "cool-down duration 02:00:00 is out of range: use 00:01 (1 second) to 01:00:00 (1 hour)")
    }
}
