#if canImport(Glibc)
import Glibc
#else
#error("systemctl's output is polled with Glibc's pollfd; only Linux is supported")
#endif
import Files
import TextSupport

/// What `remind` asks of the user's systemd manager.
package protocol UserManager {
    /// Whether a systemd user manager runs for this user now.
    /// - Throws: ``ReminderError/interrupted(command:signal:)`` when SIGINT or SIGTERM came meanwhile.
    func isRunning() throws(ReminderError) -> Bool
    /// Runs `systemctl --user <arguments>`.
    /// - Throws: ``ReminderError/systemctl(command:status:message:)`` when it fails.
    func run(_ arguments: [String]) throws(ReminderError)
}

/// `systemctl --user`, found on `PATH` or named by `PROFILE_SYSTEMCTL` (a path, or a name looked up on
/// `PATH`), so that tests can put a fake in its place.
package struct Systemctl: UserManager {
    /// The program, or nil when there is none: then no manager counts as running.
    package let program: String?
    /// How long one systemctl may take before it is stopped (its process group killed).
    package let timeout: Double

    /// The variables it reads. PATH is read for it alone: systemctl is the one program looked up on it
    /// apart from the players.
    package static let variableNames = ["PROFILE_SYSTEMCTL", "PROFILE_SYSTEMCTL_TIMEOUT", "PATH"]

    /// The wait for one systemctl when `PROFILE_SYSTEMCTL_TIMEOUT` does not say.
    package static let defaultTimeout = 30.0

    /// The answers of `systemctl --user is-system-running` that mean a manager is there to talk to.
    package static let runningStates: Set<String> = ["running", "degraded", "starting", "initializing", "maintenance"]

    package init(program: String?, timeout: Double = Self.defaultTimeout) {
        self.program = program
        self.timeout = timeout
    }

    /// The systemctl `environment` names: `PROFILE_SYSTEMCTL` (a path or a name on `PATH`), else
    /// `systemctl` on `PATH`; the wait from `PROFILE_SYSTEMCTL_TIMEOUT` (seconds).
    /// - Throws: ``ReminderError/configuration(_:)`` when `PROFILE_SYSTEMCTL` is set and empty or names
    ///   no program, or the timeout is not a number of seconds above 0.
    package init(environment: [String: String]) throws(ReminderError) {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        if let name = environment["PROFILE_SYSTEMCTL"] {
            guard !name.isEmpty, let found = Self.find(name, path: path) else {
                throw .configuration("PROFILE_SYSTEMCTL=\(quoted(name, limit: Echo.pathLimit)) names no program that can be run: set it to systemctl's path (or a name on PATH), or unset it")
            }
            program = found
        } else {
            program = Self.find("systemctl", path: path)
        }
        if let text = environment["PROFILE_SYSTEMCTL_TIMEOUT"] {
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw .configuration("PROFILE_SYSTEMCTL_TIMEOUT=\(quoted(text)) is not a number of seconds from above 0 to 3600")
            }
            timeout = seconds
        } else {
            timeout = Self.defaultTimeout
        }
    }

    /// `name` itself when it holds a `/`, else the first executable `name` in the folders of `path`.
    static func find(_ name: String, path: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    package func isRunning() throws(ReminderError) -> Bool {
        // Its answer, not its status: degraded exits 1 and is still a manager that runs units; offline is none.
        // One that cannot say in time counts as none; add then writes and says so.
        guard let program else { return false }
        let output: String
        switch Self.spawn(program, ["--user", "is-system-running"], timeout: timeout) {
        case let .finished(_, text): output = text
        case let .interrupted(signal): throw .interrupted(command: "systemctl --user is-system-running", signal: signal)
        case .notStarted, .timedOut: return false
        }
        let state = output.split(separator: "\n").first.map { String($0).trimmingWhitespace() } ?? ""
        return Self.runningStates.contains(state)
    }

    package func run(_ arguments: [String]) throws(ReminderError) {
        let command = (["systemctl", "--user"] + arguments).joined(separator: " ")
        guard let program else { throw .systemctl(command: command, status: 127, message: "there is no systemctl") }
        let status: Int32, output: String
        switch Self.spawn(program, ["--user"] + arguments, timeout: timeout) {
        case .notStarted: throw .systemctl(command: command, status: 127, message: "\(program) could not be started")
        case .timedOut: throw .timedOut(command: command, seconds: timeout)
        case let .interrupted(signal): throw .interrupted(command: command, signal: signal)
        case let .finished(code, text): (status, output) = (code, text)
        }
        guard status == 0 else { throw .systemctl(command: command, status: status, message: output.trimmingWhitespace()) }
    }

    /// How a run of systemctl ended.
    enum Spawned {
        case notStarted
        /// Its exit status (128 + the signal for a killed one) and output.
        case finished(Int32, String)
        /// It took longer than the timeout: its process group was killed.
        case timedOut
        /// SIGINT or SIGTERM came while it ran: its process group was killed.
        case interrupted(Int32)
    }

    /// Runs `program arguments…` in a process group of its own (``Subprocess``), with standard input from
    /// /dev/null and its output (both streams) read into a string (at most 64 KiB kept), for at most
    /// `timeout` seconds; a SIGINT or SIGTERM meanwhile stops it too. Its whole group is ended once it is
    /// done, in time or not.
    static func spawn(_ program: String, _ arguments: [String], timeout: Double) -> Spawned {
        let deadline = POSIX.monotonicNow() + timeout
        // SIGINT and SIGTERM wake the wait below instead of ending the program with units half made; one
        // started ignoring them (nohup, a background job) keeps ignoring them.
        let signals = SignalPipe(signals: [SIGINT, SIGTERM], keepIgnored: [SIGINT, SIGTERM], restoresMask: true)
        guard signals.readingEnd >= 0 else { return .notStarted }
        defer { signals.restore() }
        let process: Subprocess
        do throws(Subprocess.Failure) {
            process = try Subprocess(program, arguments: arguments, output: .pipe, errors: .pipe)
        } catch {
            return .notStarted
        }
        defer { close(process.output) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var stopped: Spawned?
        reading: while true {
            let left = deadline - POSIX.monotonicNow()
            guard left > 0 else {
                stopped = .timedOut
                break
            }
            var polled = [pollfd(fd: process.output, events: Int16(POLLIN), revents: 0),
                          pollfd(fd: signals.readingEnd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&polled, 2, Int32(min(left * 1000, 60000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            if polled[1].revents != 0, let signal = signals.drain().first {
                stopped = .interrupted(signal)
                break
            }
            let count = chunk.withUnsafeMutableBytes { read(process.output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break reading }
            if output.count < 65536 { output += chunk[0..<count] }
        }
        // Its output ended: it has what is left of the timeout to exit, then its group is ended.
        if stopped == nil, !process.end(within: max(0, deadline - POSIX.monotonicNow())) { stopped = .timedOut }
        process.terminateGroup()
        if let stopped { return stopped }
        let status = process.status ?? 0
        let exited = status & 0x7F == 0
        return .finished(exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), String(decoding: output, as: UTF8.self))
    }
}
