#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import Files
import ProfileKit
import TextSupport

/// The invocation's terminal and environment, read in one place (``Invocation/current``): a standard
/// descriptor named 0, 1 or 2 here is the invocation's standard input, output or error.
enum Terminal {
    /// The variables the program reads, and only those: copying the whole environment costs more than
    /// a `show` does.
    static var environment: [String: String] { variables(variableNames) }

    /// The variables `names` that are set (and UTF-8), by name.
    static func variables(_ names: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for name in names {
            if let value = variable(name) { result[name] = value }
        }
        return result
    }

    /// The variables the program reads.
    static let variableNames = ["PROFILE_STORE", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "HOME", "NO_COLOR", "TERM", "COLUMNS", "LINES",
                                "PROFILE_LOCK_TIMEOUT", "PROFILE_JOURNAL", "XDG_DATA_HOME", "XDG_CACHE_HOME", "TZ", "TZDIR"]

    /// One environment variable; nil when unset or not valid UTF-8 (see ``undecodableVariable``).
    static func variable(_ name: String) -> String? {
        Invocation.current.environment[name]
    }

    /// `PROFILE_STORE is not valid UTF-8: "/tmp/st\xFF"; …` for the first variable the program reads
    /// whose bytes are not UTF-8 text, else nil: such a path would be repaired into another one.
    static func undecodableVariable() -> String? {
        for name in variableNames {
            guard let value = Invocation.current.undecodable[name] else { continue }
            return "\(name) is not valid UTF-8: \(quoted(bytes: value)); paths and settings are UTF-8 text"
        }
        return nil
    }

    /// The process's variables `names` that are set: UTF-8 text by name, and apart those that are not.
    /// `main` reads them once and hands them to the invocation.
    static func processVariables(_ names: [String]) -> (environment: [String: String], undecodable: [String: [UInt8]]) {
        var environment: [String: String] = [:]
        var undecodable: [String: [UInt8]] = [:]
        for name in names {
            guard let value = getenv(name) else { continue }
            if let text = String(validatingCString: value) {
                environment[name] = text
            } else {
                undecodable[name] = POSIX.bytes(of: value)
            }
        }
        return (environment, undecodable)
    }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(descriptor(fd)) == 1 }

    /// The invocation's descriptor of standard stream `fd` (0, 1 or 2).
    static func descriptor(_ fd: Int32) -> Int32 { Invocation.current.descriptor(fd) }

    /// The width of the terminal on `fd`, else `$COLUMNS`, else 80.
    static func width(of fd: Int32 = 1) -> Int {
        tableWidth(of: fd) ?? 80
    }

    /// The width tables must fit on `fd`: the terminal's, else `$COLUMNS`; nil when `fd` is not a
    /// terminal and `COLUMNS` is unset, so that a pipe or file gets every table whole.
    static func tableWidth(of stream: Int32 = 1) -> Int? {
        let fd = descriptor(stream)
        var size = winsize()
        if isatty(fd) == 1, ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = variable("COLUMNS").flatMap(Int.init), columns > 0 { return columns }
        return isatty(fd) == 1 ? 80 : nil
    }

    /// The height of the terminal on `fd` in rows, else `$LINES` (a terminal that does not say its size);
    /// nil when neither says.
    static func height(of stream: Int32 = 1) -> Int? {
        let fd = descriptor(stream)
        var size = winsize()
        if isatty(fd) == 1, ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        if let lines = variable("LINES").flatMap(Int.init), lines > 0 { return lines }
        return nil
    }

    /// The width ArgumentParser fits help and usage to, as it reads it for a process (`COLUMNS`, else the
    /// terminal on standard output, else 80), read from the invocation's.
    static var helpWidth: Int {
        if let columns = variable("COLUMNS").flatMap(Int.init) { return columns }
        var size = winsize()
        if ioctl(descriptor(1), UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// The home directory from the password database, for when `$HOME` is unset.
    static func passwordHome() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }

    /// Colour only on a terminal, never with `--no-color`, `NO_COLOR` or `TERM=dumb`.
    static func useColor(noColorFlag: Bool, fd: Int32 = 1) -> Bool {
        if noColorFlag || !(variable("NO_COLOR") ?? "").isEmpty || variable("TERM") == "dumb" { return false }
        return isTerminal(fd)
    }
}

/// Writes to the standard streams without buffering surprises: each call writes its text whole.
///
/// Standard output keeps its first failure, as stdio keeps a stream's error flag: later writes to it
/// are skipped (what follows a lost piece would only mislead), and ``checkStdout()`` turns the failure
/// into the command's error. A failed write to standard error changes nothing: there is nowhere left
/// to say so, and whatever it carried accompanies a failure or is a notice.
enum Output {
    /// How diagnostics name standard output: `profile: <stdout>: write failed: ENOSPC (…)`.
    static let stdoutName = "<stdout>"

    /// Writes `text` to the invocation's standard stream `fd` (1 or 2) whole (``POSIX/writeWhole(_:_:)``);
    /// nothing once a broken pipe ended the invocation.
    ///
    /// - Returns: nil when every byte was written, else the errno of the write that failed.
    @discardableResult
    static func write(_ text: String, to fd: Int32) -> Int32? {
        write(bytes: Array(text.utf8), to: fd)
    }

    /// ``write(_:to:)`` for text that is UTF-8 bytes already: `log` prints megabytes so, without a copy.
    @discardableResult
    static func write(bytes: [UInt8], to fd: Int32) -> Int32? {
        let invocation = Invocation.current
        if invocation.ended.load(ordering: .relaxed) { return nil }
        return POSIX.writeWhole(invocation.descriptor(fd), bytes[...])
    }

    /// Writes to standard output, unless an earlier write to it failed; a failure is kept for
    /// ``checkStdout()``.
    static func stdout(_ text: String) {
        guard Invocation.current.stdoutFailure.load(ordering: .relaxed) == 0, let code = write(text, to: 1) else { return }
        _ = Invocation.current.stdoutFailure.compareExchange(expected: 0, desired: code, ordering: .relaxed)
    }

    /// ``stdout(_:)`` for UTF-8 bytes.
    static func stdout(bytes: [UInt8]) {
        guard Invocation.current.stdoutFailure.load(ordering: .relaxed) == 0, let code = write(bytes: bytes, to: 1) else { return }
        _ = Invocation.current.stdoutFailure.compareExchange(expected: 0, desired: code, ordering: .relaxed)
    }

    /// Writes to standard error.
    ///
    /// - Returns: nil when it was written, else the errno of the failed write.
    @discardableResult
    static func stderr(_ text: String) -> Int32? { write(text, to: 2) }

    /// Says what a command changed in the store on a terminal (``StoreConfirmation``); a pipe gets nothing.
    static func confirm(_ change: StoreConfirmation) { stdout(change.text(onTerminal: Terminal.isTerminal(1))) }

    /// Writes to standard output and checks that it got there.
    static func print(_ text: String) throws(ProfileError) {
        stdout(text)
        try checkStdout()
    }

    /// Throws the first failed write to standard output: `<stdout>: write failed: ENOSPC (…)`, or
    /// EPIPE when its reader has gone (see ``ProfileError/isBrokenPipe``).
    static func checkStdout() throws(ProfileError) {
        if let error = stdoutError { throw error }
    }

    /// The first failed write to standard output as an error, or nil when all of it got there.
    static var stdoutError: ProfileError? {
        let code = Invocation.current.stdoutFailure.load(ordering: .relaxed)
        return code == 0 ? nil : .io(path: stdoutName, operation: "write", errno: code)
    }
}
