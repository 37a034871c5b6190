import Files
import LocalTime

/// The process's zone, read once where the program starts as the C library reads `TZ` and `TZDIR`
/// (``Zone/process(tz:zoneDirectory:read:)``), and handed down: no library reads `TZ` or calls `tzset`.
enum LocalZone {
    /// The zone, read on first use and kept for the process.
    static let zone = Zone.process(tz: Terminal.variable("TZ"), zoneDirectory: Terminal.variable("TZDIR"), read: zoneFile)

    /// A calendar of the process's zone; each command takes its own (a calendar keeps a cache).
    static var calendar: LocalCalendar { LocalCalendar(zone: zone) }

    /// The bytes of the zoneinfo file `path` (a link followed, as the C library does), or nil when it
    /// cannot be read as one: no such file, not a regular file (a FIFO does not block the open), or larger
    /// than any zoneinfo file.
    private static func zoneFile(_ path: String) -> [UInt8]? {
        guard !path.utf8.contains(0) else { return nil }
        return (try? ReadFile.small(path, limit: 1 << 20))?.bytes
    }
}
