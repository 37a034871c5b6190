/// Facts about this build of ProfileKit.
package enum ProfileKitInfo {
    /// The program's version, as `profile --version` prints it.
    package static let version = "0.2.0"
}
