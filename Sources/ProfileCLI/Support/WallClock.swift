import Files

/// The wall clock, as the command line reads it: one "now" a command, read once where it starts
/// (``Invocation/now``) and the same everywhere in it, so that a sit added at 23:59:59 is checked and
/// dated on one day. (A run's and the editor's clocks run: ``live()``; the run's monotonic and boot
/// clocks are the runner's ``RunClock``.)
enum WallClock {
    /// The command's now, in whole seconds since 1970.
    static func now() -> Int { Int(Invocation.current.now) }

    /// The command's now, in seconds since 1970 with their fraction.
    static func precise() -> Double { Invocation.current.now }

    /// The wall clock as it runs, for what lasts: a sit, the editor, a wait.
    static func live() -> Double { POSIX.now() }
}
