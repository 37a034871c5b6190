import TextSupport

/// Where the profile store is: `--store`, else `$PROFILE_STORE`, else
/// `${XDG_CONFIG_HOME:-$HOME/.config}/profile/profiles`.
package enum StoreLocation {
    /// The store directory for a `--store` value and an environment.
    ///
    /// A relative `XDG_CONFIG_HOME` is ignored, as the XDG Base Directory specification requires; empty
    /// values count as unset, and so does a relative `HOME` (see ``home(environment:homeFallback:)``).
    package static func resolve(flag: String?, environment: [String: String], homeFallback: () -> String? = { nil }) -> String? {
        if let flag, !flag.isEmpty { return flag }
        if let store = environment["PROFILE_STORE"], !store.isEmpty { return store }
        return baseFolder("XDG_CONFIG_HOME", else: ".config", environment: environment, homeFallback: homeFallback)
            .map { "\($0)/profile/profiles" }
    }

    /// Where the editor keeps its history: `${XDG_STATE_HOME:-$HOME/.local/state}/profile/history`.
    package static func historyFile(environment: [String: String], homeFallback: () -> String? = { nil }) -> String? {
        baseFolder("XDG_STATE_HOME", else: ".local/state", environment: environment, homeFallback: homeFallback)
            .map { "\($0)/profile/history" }
    }

    /// An XDG base folder: `$variable` when it is an absolute path (a relative one is ignored, as the
    /// XDG Base Directory specification requires), else `home`'s `fallback` (`.config`, `.cache`).
    package static func baseFolder(_ variable: String, else fallback: String, environment: [String: String],
                                   homeFallback: () -> String? = { nil }) -> String? {
        if let folder = environment[variable], folder.hasPrefix("/") { return folder }
        return home(environment: environment, homeFallback: homeFallback).map { "\($0)/\(fallback)" }
    }

    /// The home folder: `$HOME` when it is an absolute path, else `homeFallback` (the password database).
    ///
    /// A relative `HOME` is ignored as a relative XDG variable is: it would put the store wherever the
    /// command happens to run.
    package static func home(environment: [String: String], homeFallback: () -> String? = { nil }) -> String? {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        guard let fallback = homeFallback(), fallback.hasPrefix("/") else { return nil }
        return fallback
    }

    /// The default of ``lockTimeout(environment:)``, in seconds.
    package static let defaultLockTimeout = 5.0
    /// The longest lock timeout `PROFILE_LOCK_TIMEOUT` may ask for, in seconds.
    package static let maximumLockTimeout = 3600.0

    /// How long a save waits for another process's lock: `PROFILE_LOCK_TIMEOUT` seconds, else 5.
    ///
    /// - Throws: ``ProfileError/configuration(_:)`` for anything but a decimal number of seconds from 0
    ///   to 3600: a mistyped value is not quietly taken as the default or as 0. Empty counts as unset.
    package static func lockTimeout(environment: [String: String]) throws(ProfileError) -> Double {
        guard let text = environment["PROFILE_LOCK_TIMEOUT"], !text.isEmpty else { return defaultLockTimeout }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let decimal = parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }
        guard decimal, let seconds = Double(text), seconds <= maximumLockTimeout else {
            throw .configuration("invalid PROFILE_LOCK_TIMEOUT \(quoted(text)): use a number of seconds from 0 to 3600, such as 5 or 0.5")
        }
        return seconds
    }
}

extension FileProfileStore {
    /// The store a command line names (``StoreLocation/resolve(flag:environment:homeFallback:)``), with
    /// the lock timeout `PROFILE_LOCK_TIMEOUT` sets (scripts may want less); `notice` is told what the
    /// store notices on the way (a stale lock broken).
    ///
    /// - Throws: ``ProfileError/configuration(_:)`` when no home is known or the timeout is not a number.
    package static func located(flag: String?, environment: [String: String], homeFallback: () -> String?,
                                notice: @escaping @Sendable (String) -> Void) throws(ProfileError) -> FileProfileStore {
        guard let directory = StoreLocation.resolve(flag: flag, environment: environment, homeFallback: homeFallback) else {
            throw ProfileError.configuration("cannot find the profile store: HOME is not set (or is not an absolute path) and the password database names no home folder; use --store DIR or set PROFILE_STORE")
        }
        let timeout = try StoreLocation.lockTimeout(environment: environment)
        return FileProfileStore(directory: directory, lockTimeout: timeout, notice: notice)
    }
}
