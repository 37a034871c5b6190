import JournalCore
import LocalTime

extension StatusCache {
    /// The zone's rules as a key: a hash of what they were read from (the zoneinfo file's bytes, or the
    /// POSIX rule's text; ``Zone/source``). Figures worked out under other rules behind the same `TZ`
    /// (a zoneinfo file updated or copied over, `/etc/localtime` pointed elsewhere) are another key, so
    /// never taken from the cache.
    static func zoneKey(_ zone: Zone) -> String {
        String(ContentHash.of(zone.source), radix: 16)
    }
}
