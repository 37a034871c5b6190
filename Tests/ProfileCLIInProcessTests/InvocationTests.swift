import Foundation
import ProfileCLI
import Testing
import TestSupport

/// What one run of the command line is given is its own: the moment it reads as now, and the
/// descriptors it writes to with what became of them (a failed standard output is that run's alone).
@Suite("One invocation of the command line")
struct InvocationTests {
    /// 2025-06-01T12:00:00Z.
    static let noon = 1_748_779_200.0

    /// `log add` with no start ends the sit at the command's now, the one it was given, and `log`
    /// reads it back at that now.
    @Test func theCommandsNowIsTheOneItIsGiven() throws {
        let (home, store) = try Harness.makeStore()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = Harness.environment(store: store, home: home, extra: ["TZ": "UTC", "PROFILE_JOURNAL": "\(home)/journal.jsonl"])
        let added = try InProcess.run(["log", "add", "--duration", "20m"], environment: environment, now: Self.noon)
        #expect(added.status == 0, "\(added.stderr)")
        let log = try InProcess.run(["log", "--format", "json"], environment: environment, now: Self.noon + 60)
        #expect(log.stdout.contains(#""start": "2025-06-01T11:40:00+00:00", "end": "2025-06-01T12:00:00+00:00""#), "\(log.stdout)")
    }

    /// The zone comes in with the invocation: two runs side by side in one process, each with its own
    /// `TZ`, write their own offsets; and a zone whose offset has seconds logs the sit (to the minute,
    /// as the journal writes offsets) rather than refusing it as a record that would not read back.
    @Test func theZoneIsTheInvocationsOwn() throws {
        let (home, store) = try Harness.makeStore()
        defer { try? FileManager.default.removeItem(atPath: home) }
        for (zone, offset) in [("<+0530>-5:30:15", "+05:30"), ("America/New_York", "-04:00"), ("UTC", "+00:00")] {
            let environment = Harness.environment(store: store, home: home,
                                                  extra: ["TZ": zone, "PROFILE_JOURNAL": "\(home)/journal-\(offset).jsonl"])
            let added = try InProcess.run(["log", "add", "--duration", "20m"], environment: environment, now: Self.noon)
            #expect(added.status == 0, "TZ=\(zone): \(added.stderr)")
            let log = try InProcess.run(["log", "--format", "json"], environment: environment, now: Self.noon + 60)
            #expect(log.stdout.contains("\(offset)\", \"end\""), "TZ=\(zone): \(log.stdout)")
        }
    }

    /// A standard output that fills (/dev/full) fails that run with 74, and the next run in the same
    /// process, writing elsewhere, is not told of it.
    @Test func aFailedStandardOutputIsItsRunsAlone() throws {
        let (home, store) = try Harness.makeStore()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = Harness.environment(store: store, home: home)
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let errors = try InProcess.scratchFile(holding: "")
        defer { close(errors) }
        let status = ProfileCLI.run(arguments: ["show", "Morning", "--format", "plain"], environment: environment, now: Self.noon,
                                    zone: ProfileCLI.zone(environment: environment), stdin: 0, stdout: full, stderr: errors)
        #expect(status == 74)
        let said = String(decoding: try InProcess.contents(of: errors), as: UTF8.self)
        #expect(said.hasPrefix("profile: <stdout>: write failed: ENOSPC"), "\(said)")
        let next = try InProcess.run(["show", "Morning", "--format", "plain"], environment: environment)
        #expect(next.status == 0 && next.stderr.isEmpty && next.stdout.contains("Duration"), "\(next.stderr)")
    }
}
