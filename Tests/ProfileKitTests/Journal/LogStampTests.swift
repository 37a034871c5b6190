import LocalTime
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// The time a run's log lines begin with (`2026-11-22T07:02:00+0100`), written without strftime: the
/// format for offsets east and west, on the half and quarter hour, and the same text as strftime's
/// `%Y-%m-%dT%H:%M:%S%z`, in this process's zone (found from its `TZ` as the executable finds it) and,
/// through `date` in child processes, in others. No test changes the process's zone.
@Suite("Journal: log stamps")
struct LogStampTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var epoch: Int
        var offset: Int
        var text: String
        var testDescription: String { text }
    }

    /// 2026-11-23T06:15:00Z, and others around it.
    static let cases = [
        Case(epoch: 1_795_414_500, offset: 0, text: "2026-11-23T06:15:00+0000"),
        Case(epoch: 1_795_414_500, offset: 3600, text: "2026-11-23T07:15:00+0100"),
        Case(epoch: 1_795_414_500, offset: -18_000, text: "2026-11-23T01:15:00-0500"),
        // Half and quarter hours, east and west.
        Case(epoch: 1_795_414_500, offset: 19_800, text: "2026-11-23T11:45:00+0530"),
        Case(epoch: 1_795_414_500, offset: -12_600, text: "2026-11-23T02:45:00-0330"),
        Case(epoch: 1_795_414_500, offset: 20_700, text: "2026-11-23T12:00:00+0545"),
        Case(epoch: 1_795_414_500, offset: -1800, text: "2026-11-23T05:45:00-0030"),
        Case(epoch: 1_795_414_500, offset: 50_400, text: "2026-11-23T20:15:00+1400"),
        // Across midnight and a year's end, both ways; seconds kept.
        Case(epoch: 1_798_761_599, offset: 0, text: "2026-12-31T23:59:59+0000"),
        Case(epoch: 1_798_761_599, offset: 3600, text: "2027-01-01T00:59:59+0100"),
        Case(epoch: 1_798_761_600, offset: -36_000, text: "2026-12-31T14:00:00-1000"),
        Case(epoch: -1, offset: 0, text: "1969-12-31T23:59:59+0000"),
        Case(epoch: 1_709_208_007, offset: 0, text: "2024-02-29T12:00:07+0000"),
        // A zone's old local mean time, of seconds: cut to its minutes, as strftime's %z cuts it.
        Case(epoch: -2_840_140_800, offset: 3208, text: "1880-01-01T00:53:28+0053"),
        Case(epoch: -2_840_140_800, offset: -17_762, text: "1879-12-31T19:03:58-0456"),
    ]

    @Test(arguments: cases)
    func stampsWriteTheDateTimeAndOffset(_ c: Case) {
        #expect(Timestamp(epoch: c.epoch, offset: c.offset).logText == c.text)
    }

    /// What strftime writes of `localtime_r` in this process's own zone, whatever it is.
    static func strftimeStamp(_ epoch: Int) -> String {
        var time = time_t(epoch)
        var parts = tm()
        _ = localtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The local calendar's stamp is strftime's, every 37 minutes and 13 seconds for two years (both
    /// changes of the clock each year, where the zone has them): the zone read at the edge, as the
    /// executable reads it from `TZ`, is the C library's own.
    @Test func theLocalStampIsStrftimes() {
        let zone = LocalTime.Zone.process(tz: ProcessInfo.processInfo.environment["TZ"], zoneDirectory: ProcessInfo.processInfo.environment["TZDIR"]) {
            FileManager.default.contents(atPath: $0).map { Array($0) }
        }
        let calendar = LocalCalendar(zone: zone)
        for epoch in stride(from: 1_767_225_600, through: 1_830_297_600, by: 2233) {
            let stamp = calendar.logStamp(epoch)
            guard stamp == Self.strftimeStamp(epoch) else {
                Issue.record("\(epoch): \(stamp), strftime \(Self.strftimeStamp(epoch))")
                return
            }
        }
    }

    struct Zone: CustomTestStringConvertible, Sendable {
        var name: String
        var epoch: Int
        var offset: Int
        var testDescription: String { name }
    }

    /// Zones west and east, on the half hour and the quarter, in and out of summer time, with the offset
    /// each has at that moment.
    static let zones = [
        Zone(name: "America/St_Johns", epoch: 1_795_414_500, offset: -12_600),
        Zone(name: "America/St_Johns", epoch: 1_782_000_000, offset: -9000),
        Zone(name: "Asia/Kolkata", epoch: 1_795_414_500, offset: 19_800),
        Zone(name: "Asia/Kathmandu", epoch: 1_795_414_500, offset: 20_700),
        Zone(name: "America/Los_Angeles", epoch: 1_795_414_500, offset: -28_800),
        Zone(name: "Europe/Berlin", epoch: 1_782_000_000, offset: 7200),
        Zone(name: "UTC", epoch: 1_795_414_500, offset: 0),
    ]

    /// strftime in a child process with the zone in its TZ (`date`), against the stamp of that offset.
    @Test(.enabled(if: Harness.runs(needing: "date")), arguments: zones)
    func otherZonesStampAsStrftimeDoes(_ zone: Zone) throws {
        let date = try #require(Harness.tool("date"))
        let result = try Harness.run(executable: URL(fileURLWithPath: date), ["-d", "@\(zone.epoch)", "+%Y-%m-%dT%H:%M:%S%z"],
                                     environment: ["TZ": zone.name, "LC_ALL": "C"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Timestamp(epoch: zone.epoch, offset: zone.offset).logText + "\n")
    }
}
