import Files

/// The wall clock, as the executable reads it: the one place it does, so that every command's "now"
/// comes from here and a test of a library hands its own in. (The run's monotonic and boot clocks are
/// the runner's ``RunClock``.)
enum WallClock {
    /// Now, in whole seconds since 1970.
    static func now() -> Int { Int(POSIX.now()) }

    /// Now, in seconds since 1970 with their fraction.
    static func precise() -> Double { POSIX.now() }
}
