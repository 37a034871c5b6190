/// Where the profile store is: `--store`, else `$PROFILE_STORE`, else
/// `${XDG_CONFIG_HOME:-$HOME/.config}/profile/profiles`.
package enum StoreLocation {
    /// The store directory for a `--store` value and an environment.
    ///
    /// A relative `XDG_CONFIG_HOME` is ignored, as the XDG Base Directory specification requires; empty
    /// values count as unset.
    package static func resolve(flag: String?, environment: [String: String], homeFallback: () -> String? = { nil }) -> String? {
        if let flag, !flag.isEmpty { return flag }
        if let store = environment["PROFILE_STORE"], !store.isEmpty { return store }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return "\(config)/profile/profiles"
        }
        guard let home = environment["HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? homeFallback() else { return nil }
        return "\(home)/.config/profile/profiles"
    }

    /// Where the editor keeps its history: `${XDG_STATE_HOME:-$HOME/.local/state}/profile/history`.
    package static func historyFile(environment: [String: String], homeFallback: () -> String? = { nil }) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return "\(state)/profile/history" }
        guard let home = environment["HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? homeFallback() else { return nil }
        return "\(home)/.local/state/profile/history"
    }
}
