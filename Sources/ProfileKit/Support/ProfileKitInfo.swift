/// Facts about this build of ProfileKit.
public enum ProfileKitInfo {
    /// The program's version, as `profile --version` prints it.
    public static let version = "0.2.0"
}
