import Files
import LocalTime

/// The zone of a command: resolved from its environment's `TZ` and `TZDIR` as the C library reads them
/// (``Zone/process(tz:zoneDirectory:read:)``), once, where the command line starts (`main`, or a test
/// running it in process), and handed in with the invocation: no library reads `TZ` or calls `tzset`.
enum LocalZone {
    /// The zone `environment` names.
    static func resolve(_ environment: [String: String]) -> Zone {
        Zone.process(tz: environment["TZ"], zoneDirectory: environment["TZDIR"], read: zoneFile)
    }

    /// The running command's zone.
    static var zone: Zone { Invocation.current.zone }

    /// A calendar of the command's zone; each use takes its own (a calendar keeps a cache).
    static var calendar: LocalCalendar { LocalCalendar(zone: zone) }

    /// The bytes of the zoneinfo file `path` (a link followed, as the C library does), or nil when it
    /// cannot be read as one: no such file, not a regular file (a FIFO does not block the open), or larger
    /// than any zoneinfo file.
    private static func zoneFile(_ path: String) -> [UInt8]? {
        guard !path.utf8.contains(0) else { return nil }
        return (try? ReadFile.small(path, limit: 1 << 20))?.bytes
    }
}
