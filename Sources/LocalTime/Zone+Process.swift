extension Zone {
    /// The zone a process with `TZ` set to `tz` (nil when unset) lives in, found as glibc's `tzset` finds
    /// it: read once where the program starts, then handed down.
    ///
    /// - `TZ` unset: `/etc/localtime`.
    /// - `TZ` empty, or a lone `:`: UTC.
    /// - `:name` or `name`: the zoneinfo file `name` (an absolute path as it is; any other in
    ///   `zoneDirectory`, `TZDIR`, else `/usr/share/zoneinfo`; a name that climbs out of it with `..` is
    ///   not read). When there is no such file, `name` read as a POSIX rule (`CET-1CEST,M3.5.0,M10.5.0/3`).
    /// - Anything that is neither (no file, no rule, a damaged file): UTC.
    ///
    /// - Parameter read: the bytes of a small file, nil when it cannot be read (Files' small-file read).
    package static func process(tz: String?, zoneDirectory: String?, read: (String) -> [UInt8]?) -> Zone {
        guard var name = tz else { return read("/etc/localtime").flatMap(Zone.init(tzif:)) ?? .utc }
        if name.hasPrefix(":") { name.removeFirst() }
        guard !name.isEmpty else { return .utc }
        if let path = zoneFile(name, zoneDirectory: zoneDirectory), let bytes = read(path), let zone = Zone(tzif: bytes) {
            return zone
        }
        return Zone(posix: name) ?? .utc
    }

    /// The path of the zoneinfo file `name` names; nil for a name that climbs out of the folder or holds a NUL.
    static func zoneFile(_ name: String, zoneDirectory: String?) -> String? {
        guard !name.utf8.contains(0) else { return nil }
        if name.hasPrefix("/") { return name }
        guard !name.split(separator: "/", omittingEmptySubsequences: false).contains("..") else { return nil }
        let folder = zoneDirectory.flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        return "\(folder)/\(name)"
    }
}
