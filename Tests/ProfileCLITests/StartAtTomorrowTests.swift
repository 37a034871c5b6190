import Foundation
import Testing
import TestSupport

/// Issue 47, item 8: `run --at` with a time of day already past today waits for tomorrow's, and its
/// wait says so (`Morning starts at 11:00 tomorrow, in 22:…`); a time still to come today says no day.
///
/// The run is given a zone (its own `TZ`, never this process's) in which the local clock reads between
/// 12:00 and 13:00 now, so that 11:00 has passed and 13:30 has not whatever the hour of the test, and
/// is stopped as soon as its wait has said what it waits for.
@Suite("run --at past today says tomorrow")
struct StartAtTomorrowTests {
    let home: String
    let store: String

    init() throws {
        let made = try Harness.makeStore(holding: ["Morning"])
        home = made.home
        store = made.store
    }

    /// A zone whose local clock reads 12:xx now: `Etc/GMT-N` is UTC+N (the sign is inverted).
    static func noonZone(now: Int = Int(Date().timeIntervalSince1970)) -> String {
        let east = 12 - (now / 3600) % 24
        return east == 0 ? "UTC" : east > 0 ? "Etc/GMT-\(east)" : "Etc/GMT+\(-east)"
    }

    /// Starts `run Morning --at <time>` and returns the first line that says what it waits for.
    func waitLine(at time: String) throws -> String {
        let (process, output) = try Harness.start(["run", "Morning", "--at", time, "--no-inhibit"], store: store, home: home,
                                                  extra: ["TZ": Self.noonZone()], deadline: 30)
        defer {
            kill(-process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let fd = output.fileHandleForReading.fileDescriptor
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let line = text.split(separator: "\n").first(where: { $0.contains("waiting: ") }), text.contains(line + "\n") {
                return String(line)
            }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) >= 0 else { break }
            guard ready.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            text += String(decoding: buffer[..<count], as: UTF8.self)
        }
        Issue.record("no wait was said within 20 s: \(text.debugDescription)")
        return text
    }

    @Test func aTimePastTodayIsTomorrows() throws {
        let line = try waitLine(at: "11:00")
        #expect(line.contains("waiting: Morning starts at 11:00 tomorrow, in 2"), "\(line)")
    }

    @Test func aTimeStillToComeTodaySaysNoDay() throws {
        let line = try waitLine(at: "13:30")
        #expect(line.contains("waiting: Morning starts at 13:30, in "), "\(line)")
        #expect(!line.contains("tomorrow"), "\(line)")
    }
}
