import Foundation
import Testing
import TestSupport
@testable import LocalTime

/// The zone as a value: its rules read from zoneinfo files (RFC 8536) and POSIX `TZ` rules in Swift,
/// checked against the C library itself: `/bin/date`, run as a child with `TZ` in the child's
/// environment only, answers for glibc (what `localtime_r` and `mktime` answered here before).
@Suite("Zone")
struct ZoneTests {
    /// 2041-01-01T00:00:00Z: the cross-checks cover 1970 to 2040, past the zoneinfo files' last
    /// transition (2037), where the footer's rule takes over. They start on 1970-01-02: before 1970,
    /// glibc reads a POSIX rule's days of each year as 1970's (its `compute_change` counts from 1970 at
    /// the earliest), which no zoneinfo file reaches (their footers hold from 2037) and is not copied here.
    static let start = 86_400
    static let end = 2_240_611_200

    static let realZones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham",
                            "America/Sao_Paulo", "Europe/Dublin", "Pacific/Apia", "Africa/Casablanca", "Antarctica/Troll",
                            "America/Nuuk", "Asia/Tehran"]

    static let posixRules = ["UTC0", "CET-1CEST,M3.5.0,M10.5.0/3", "<+0530>-5:30", "EST5EDT,M3.2.0,M11.1.0",
                             "AAA3BBB,J60/1:30,J300", "CCC-10DDD-10:30,0/0,250/3", "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
                             "IST-1GMT0,M10.5.0,M3.5.0/1", "NZST-12NZDT,M9.5.0,M4.1.0/3", "<+1345>-13:45<+1245>,M4.1.0/3:45,M9.5.0/2:45"]

    // MARK: POSIX rules

    /// An offset with seconds is read to the nearest minute, as the journal writes offsets (`±HH:MM`):
    /// a local time and its offset then read back as the moment they were made from (before, a sit
    /// logged under `TZ='<+0530>-5:30:15'` was refused as a record that would not read back).
    @Test func anOffsetWithSecondsIsReadToTheMinute() throws {
        let zone = try #require(Zone(posix: "<+0530>-5:30:15"))
        #expect(zone.offset(at: 1_800_000_000) == 19_800)
        #expect(zone.moments(atLocal: 1_800_000_000 + 19_800) == [1_800_000_000])
        let west = try #require(Zone(posix: "<-0044>0:44:30"))
        #expect(west.offset(at: 0) == -2_700)
        let calendar = LocalCalendar(zone: zone)
        let stamp = calendar.timestamp(1_800_000_000)
        #expect(stamp.offset == 19_800 && stamp.epoch == 1_800_000_000)
    }

    @Test func posixRulesAreRead() throws {
        #expect(try #require(Zone(posix: "UTC0")).offset(at: 1_790_000_000) == 0)
        #expect(try #require(Zone(posix: "<+0530>-5:30")).offset(at: 0) == 19_800)
        let berlin = try #require(Zone(posix: "CET-1CEST,M3.5.0,M10.5.0/3"))
        // 2026-03-29 01:00Z summer time starts; 2026-10-25 01:00Z it ends.
        #expect(berlin.offset(at: 1_774_746_000 - 1) == 3600 && berlin.offset(at: 1_774_746_000) == 7200)
        #expect(berlin.offset(at: 1_792_890_000 - 1) == 7200 && berlin.offset(at: 1_792_890_000) == 3600)
        // A summer time named without its days takes the United States' rule, as glibc's default does.
        let eastern = try #require(Zone(posix: "EST5EDT"))
        #expect(eastern.offset(at: 1_772_953_200 - 1) == -5 * 3600 && eastern.offset(at: 1_772_953_200) == -4 * 3600, "2026-03-08 07:00Z")
    }

    @Test(arguments: ["", "U", "UTC", "UT0", "5", "<+05", "<+05>", "<+5>-5", "EST25", "EST5:60", "CET-1CEST,M3.5.0",
                      "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0", "CET-1CEST,M3.5.7,M10.5.0", "CET-1CEST,J0,J100",
                      "CET-1CEST,J366,J100", "CET-1CEST,366,100", "CET-1CEST,M3.5.0/168,M10.5.0", "CET-1CEST,M3.5.0,M10.5.0,",
                      "CET-1 ", "CET-1CEST,M3.5.0,M10.5.0/3x", "Europe/Berlin", "C1"])
    func anythingElseIsNoPosixRule(_ text: String) {
        #expect(Zone(posix: text) == nil, "\(text)")
    }

    // MARK: The process's zone, as glibc finds it

    /// A reader that records what it was asked for and answers from `files`.
    final class Reader: @unchecked Sendable {
        var asked: [String] = []
        let files: [String: [UInt8]]
        init(_ files: [String: [UInt8]]) { self.files = files }
        func read(_ path: String) -> [UInt8]? {
            asked.append(path)
            return files[path]
        }
    }

    static func zoneinfo(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/\(name)")))
    }

    @Test func theProcessZoneIsFoundAsGlibcFindsIt() throws {
        let berlin = try Self.zoneinfo("Europe/Berlin"), lagos = try Self.zoneinfo("Africa/Lagos")
        let reader = Reader(["/etc/localtime": lagos, "/usr/share/zoneinfo/Europe/Berlin": berlin, "/tz/Europe/Berlin": lagos,
                             "/abs/zone": berlin, "/usr/share/zoneinfo/Broken": Array("TZif2 and nothing".utf8)])
        func zone(_ tz: String?, _ dir: String? = nil) -> Zone { Zone.process(tz: tz, zoneDirectory: dir, read: reader.read) }
        #expect(zone(nil) == Zone(tzif: lagos), "unset: /etc/localtime")
        #expect(zone("") == .utc && zone(":") == .utc, "empty: UTC")
        #expect(zone("Europe/Berlin") == Zone(tzif: berlin) && zone(":Europe/Berlin") == Zone(tzif: berlin))
        #expect(zone("Europe/Berlin", "/tz") == Zone(tzif: lagos), "TZDIR")
        #expect(zone("Europe/Berlin", "") == Zone(tzif: berlin), "an empty TZDIR is none")
        #expect(zone(":/abs/zone") == Zone(tzif: berlin) && zone("/abs/zone") == Zone(tzif: berlin))
        #expect(zone("CET-1CEST,M3.5.0,M10.5.0/3") == Zone(posix: "CET-1CEST,M3.5.0,M10.5.0/3"), "no such file: a POSIX rule")
        #expect(zone("Europe/Nowhere") == .utc && zone("Broken") == .utc, "neither a file nor a rule: UTC")
        reader.asked = []
        #expect(zone("../../etc/zone") == .utc && zone("Europe/../../x") == .utc && zone("a/..") == .utc)
        #expect(reader.asked.isEmpty, "a name that climbs out of the folder is not read: \(reader.asked)")
        #expect(zone("..x/y") == .utc)
        #expect(reader.asked == ["/usr/share/zoneinfo/..x/y"], "only a whole '..' climbs")
    }

    // MARK: Zoneinfo files

    /// A version 1 file (32-bit times, no footer) reads as its version 2 data does within 32 bits.
    @Test func aVersionOneFileIsRead() throws {
        let bytes = try Self.zoneinfo("Europe/Berlin")
        // The first block of a version 2 file is a whole version 1 file: cut there, the version byte 0.
        func count(_ index: Int) -> Int { bytes[(20 + 4 * index)..<(24 + 4 * index)].reduce(0) { $0 << 8 | Int($1) } }
        let length = 44 + count(3) * 5 + count(4) * 6 + count(5) + count(2) * 8 + count(1) + count(0)
        var v1 = Array(bytes[..<length])
        v1[4] = 0
        let old = try #require(Zone(tzif: v1)), new = try #require(Zone(tzif: bytes))
        #expect(old.rule == nil && new.rule != nil)
        for moment in stride(from: 0, to: Int(Int32.max) - 86_400, by: 86_400 * 7 + 3601) {
            #expect(old.offset(at: moment) == new.offset(at: moment), "\(moment)")
        }
        #expect(Zone(tzif: Array(v1.dropLast(1))) == nil, "cut short")
        #expect(Zone(tzif: Array(bytes.dropLast(1))) == nil, "a footer with no closing newline")
        var badMagic = bytes
        badMagic[0] = UInt8(ascii: "X")
        #expect(Zone(tzif: badMagic) == nil)
    }

    /// The offsets of each zone at many moments from 1970 to 2040 (every 11.6 days, and the second
    /// before, of and after each change), as glibc gives them.
    @Test(arguments: realZones + posixRules)
    func offsetsAreGlibcs(_ tz: String) throws {
        let zone = try Self.zone(tz)
        let moments = Self.moments(zone)
        let expected = try GNUDate.offsets(tz: tz, at: moments)
        let wrong = zip(moments, expected).filter { zone.offset(at: $0) != $1 }
        #expect(wrong.isEmpty, "\(tz): \(wrong.count) of \(moments.count) offsets differ, first \(wrong.prefix(3).map { "\($0): \($1) not \(zone.offset(at: $0))" })")
        #expect(moments.count > 2000)
    }

    /// Local dates and times around each change (every 10 minutes across it, on both clocks) and at
    /// random: their moments are those glibc's offsets give (`t + offset(t) == local`), a time the clock
    /// skipped has none and the calendar's `epoch` takes the first of a repeated one.
    @Test(arguments: realZones + posixRules)
    func localTimesAreGlibcs(_ tz: String) throws {
        let zone = try Self.zone(tz)
        var locals: [Int] = []
        for change in zone.changes(from: Self.start + 2 * 86_400, through: Self.end) {
            let before = zone.offset(at: change - 1), after = zone.offset(at: change)
            for step in -7...7 { locals += [change + before + step * 600, change + after + step * 600] }
        }
        var random = SeededGenerator(seed: UInt64(tz.utf8.count * 7919))
        locals += (0..<500).map { _ in Int.random(in: (Self.start + 2 * 86_400)...Self.end, using: &random) }
        // Every offset the zone has in these years, as glibc gives it.
        let offsets = Set(try GNUDate.offsets(tz: tz, at: Self.moments(zone)))
        let candidates = locals.flatMap { local in offsets.map { local - $0 } }
        let glibc = Dictionary(zip(candidates, try GNUDate.offsets(tz: tz, at: candidates)), uniquingKeysWith: { a, _ in a })
        let calendar = LocalCalendar(zone: zone)
        var wrong: [String] = []
        var skipped = 0, repeated = 0
        for local in locals {
            let expected = Set(offsets.map { local - $0 }.filter { glibc[$0] == local - $0 }).sorted()
            skipped += expected.isEmpty ? 1 : 0
            repeated += expected.count > 1 ? 1 : 0
            let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
            let date = CivilDate.fromDays(days), second = local - days * 86_400
            let epoch = calendar.epoch(year: date.year, month: date.month, day: date.day, hour: second / 3600, minute: second / 60 % 60,
                                       second: second % 60)
            if zone.moments(atLocal: local) != expected || epoch != expected.first {
                wrong.append("\(CivilDate.text(days)) \(second)s: \(expected) not \(zone.moments(atLocal: local)), epoch \(String(describing: epoch))")
            }
        }
        #expect(wrong.isEmpty, "\(tz): \(wrong.count) of \(locals.count) local times differ, first \(wrong.prefix(3))")
        let changes = zone.changes(from: Self.start, through: Self.end).count
        #expect(changes == 0 || (skipped > 0 && repeated > 0), "\(tz): \(changes) changes, \(skipped) skipped, \(repeated) repeated")
    }

    /// A time the clock skipped is read with the offset before the skip, as glibc's `mktime` reads it
    /// (values from `mktime` with `tm_isdst` -1 in each zone); `nextEpoch` goes there.
    @Test(arguments: [
        ("Europe/Berlin", 2026, 3, 29, 2 * 3600 + 1800, 1_774_747_800),
        ("America/New_York", 2026, 3, 8, 2 * 3600 + 1800, 1_772_955_000),
        ("Pacific/Apia", 2011, 12, 30, 10 * 3600, 1_325_275_200),
        ("Australia/Lord_Howe", 2026, 10, 4, 2 * 3600 + 900, 1_791_042_300),
    ])
    func aSkippedTimeIsTheMomentAfterTheSkip(_ tz: String, _ year: Int, _ month: Int, _ day: Int, _ second: Int, _ moment: Int) throws {
        let calendar = LocalCalendar(zone: try Self.zone(tz))
        #expect(calendar.epoch(year: year, month: month, day: day, hour: second / 3600, minute: second / 60 % 60) == nil)
        // 22 hours before: the day before, after its own `second`.
        #expect(calendar.nextEpoch(of: second, after: Double(moment - 22 * 3600)) == Double(moment))
    }

    /// The night Berlin's clock goes back, 02:30 comes twice: `--at 02:30` before the first is the first;
    /// between the two, the second; after both, tomorrow's.
    @Test func aRepeatedTimeIsItsFirstMomentThenItsSecond() throws {
        let calendar = LocalCalendar(zone: try Self.zone("Europe/Berlin"))
        let first = 1_792_888_200, second = first + 3600 // 2026-10-25 00:30Z (CEST) and 01:30Z (CET)
        #expect(calendar.epoch(year: 2026, month: 10, day: 25, hour: 2, minute: 30) == first)
        #expect(calendar.nextEpoch(of: 9000, after: Double(first - 7200)) == Double(first))
        #expect(calendar.nextEpoch(of: 9000, after: Double(first + 600), nowWithin: 0) == Double(second))
        #expect(calendar.nextEpoch(of: 9000, after: Double(second + 600), nowWithin: 0) == Double(second + 86_400))
        #expect(calendar.secondsFrom(Double(first - 7200), until: 9000) == 7200)
    }

    // MARK: Helpers

    /// The zone `tz` names: a zoneinfo file's, else a POSIX rule's.
    static func zone(_ tz: String) throws -> Zone {
        if let bytes = try? zoneinfo(tz) { return try #require(Zone(tzif: bytes)) }
        return try #require(Zone(posix: tz))
    }

    /// Every 1,000,003 seconds (11.6 days) from 1970 to 2040, and the second before, of and after each
    /// of the zone's changes.
    static func moments(_ zone: Zone) -> [Int] {
        Array(stride(from: start, to: end, by: 1_000_003)) + zone.changes(from: start + 1, through: end).flatMap { [$0 - 1, $0, $0 + 1] }
    }

    /// glibc's answers: `/bin/date` with `TZ` in its own environment.
    enum GNUDate {
        /// The offsets (seconds east of UTC) at `moments`, as `localtime_r` gives them.
        static func offsets(tz: String, at moments: [Int]) throws -> [Int] {
            let date = try #require(Harness.tool("date"))
            let result = try Harness.run(executable: URL(fileURLWithPath: date), ["-f", "-", "+%::z"], stdin: moments.map { "@\($0)\n" }.joined(),
                                         environment: ["TZ": tz, "LC_ALL": "C"])
            let lines = result.stdout.split(separator: "\n")
            try #require(result.status == 0 && lines.count == moments.count, "date: \(result.status), \(lines.count) lines, \(result.stderr)")
            return lines.map { line in
                let parts = line.dropFirst().split(separator: ":").compactMap { Int($0) }
                let seconds = parts[0] * 3600 + parts[1] * 60 + parts[2]
                return line.first == "-" ? -seconds : seconds
            }
        }
    }
}
