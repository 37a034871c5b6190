#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

extension StatusCache {
    /// The zone's rules as the C library finds them for `environment`, as a key: a hash of `TZ` (or
    /// its absence) and of the bytes of the zoneinfo file it resolves to. Figures worked out under
    /// other rules behind the same `TZ` (a zoneinfo file updated or copied over, `/etc/localtime`
    /// pointed elsewhere) are another key, so never taken from the cache.
    ///
    /// The file is the one glibc's `tzset` reads: `TZ` unset, `/etc/localtime`; empty, `Universal`; a
    /// leading `:` dropped (a lone `:`, UTC); an absolute path, that file; any other name, `${TZDIR:-/usr/share/zoneinfo}/name`.
    /// A POSIX rule (`CET-1CEST,M3.5.0,M10.5.0/3`), which names no file, is its own text.
    static func zoneKey(environment: [String: String]) -> String {
        var input: [UInt8]
        var file: String?
        if var zone = environment["TZ"] {
            input = [1] + Array(zone.utf8)
            // glibc reads an empty TZ as "Universal", and a lone ":" as UTC with no file.
            if zone.isEmpty { zone = "Universal" }
            if zone.hasPrefix(":") { zone.removeFirst() }
            if !zone.isEmpty {
                let folder = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
                file = zone.hasPrefix("/") ? zone : "\(folder)/\(zone)"
            }
        } else {
            input = [0]
            file = "/etc/localtime"
        }
        input.append(0)
        if let file, let bytes = zoneFile(file) { input += bytes }
        return String(ContentHash.of(input), radix: 16)
    }

    /// The bytes of the zoneinfo file `path` (a link followed, as the C library does), or nil when it
    /// cannot be read as one: no such file, not a regular file, or larger than any zoneinfo file.
    private static func zoneFile(_ path: String) -> [UInt8]? {
        guard !path.utf8.contains(0) else { return nil }
        return (try? ReadFile.small(path, limit: 1 << 20))?.bytes
    }
}
