import Desktop
import ProfileKit

extension UnitFolder {
    /// The folder the environment names; nil when neither an absolute `XDG_CONFIG_HOME` nor a home is known.
    static func live() throws(ProfileError) -> UnitFolder {
        if let problem = Terminal.undecodableVariable() { throw ProfileError.configuration(problem) }
        let environment = Terminal.environment
        let timeout = try StoreLocation.lockTimeout(environment: environment)
        let notice: @Sendable (String) -> Void = { Output.diagnostic("notice: \($0)") }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return UnitFolder(folder: "\(config)/systemd/user", lockTimeout: timeout, notice: notice)
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? Terminal.passwordHome()
        guard let home else {
            throw ProfileError.configuration("cannot find the systemd user unit folder: XDG_CONFIG_HOME and HOME are not set (or are not absolute paths) and the password database names no home folder")
        }
        return UnitFolder(folder: "\(home)/.config/systemd/user", lockTimeout: timeout, notice: notice)
    }
}
