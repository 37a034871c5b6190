#if canImport(Glibc)
import Glibc
#else
#error("systemctl is started with Glibc's posix_spawn_file_actions_t (on Darwin an optional pointer); only Linux is supported")
#endif
import TextSupport

/// What `remind` asks of the user's systemd manager.
package protocol UserManager {
    /// Whether a systemd user manager runs for this user now.
    func isRunning() -> Bool
    /// Runs `systemctl --user <arguments>`.
    /// - Throws: ``ReminderError/systemctl(command:status:message:)`` when it fails.
    func run(_ arguments: [String]) throws(ReminderError)
}

/// `systemctl --user`, found on `PATH` or named by `PROFILE_SYSTEMCTL` (a path, or a name looked up on
/// `PATH`), so that tests can put a fake in its place.
package struct Systemctl: UserManager {
    /// The program, or nil when there is none: then no manager counts as running.
    package let program: String?

    /// The answers of `systemctl --user is-system-running` that mean a manager is there to talk to.
    package static let runningStates: Set<String> = ["running", "degraded", "starting", "initializing", "maintenance"]

    package init(program: String?) {
        self.program = program
    }

    /// The systemctl `environment` names.
    package init(environment: [String: String]) {
        let name = environment["PROFILE_SYSTEMCTL"].flatMap { $0.isEmpty ? nil : $0 } ?? "systemctl"
        program = Self.find(name, path: environment["PATH"] ?? "/usr/bin:/bin")
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

    package func isRunning() -> Bool {
        // Its answer, not its status: degraded exits 1 and is still a manager that runs units; offline is none.
        guard let program, let (_, output) = Self.spawn(program, ["--user", "is-system-running"]) else { return false }
        let state = output.split(separator: "\n").first.map { String($0).trimmingWhitespace() } ?? ""
        return Self.runningStates.contains(state)
    }

    package func run(_ arguments: [String]) throws(ReminderError) {
        let command = (["systemctl", "--user"] + arguments).joined(separator: " ")
        guard let program else { throw .systemctl(command: command, status: 127, message: "there is no systemctl") }
        guard let (status, output) = Self.spawn(program, ["--user"] + arguments) else {
            throw .systemctl(command: command, status: 127, message: "\(program) could not be started")
        }
        guard status == 0 else { throw .systemctl(command: command, status: status, message: output.trimmingWhitespace()) }
    }

    /// Runs `program arguments…` with standard input from /dev/null and its output (both streams) read
    /// into a string (at most 64 KiB kept); its exit status (128 + the signal for a killed one) and
    /// output, or nil when it could not be started.
    static func spawn(_ program: String, _ arguments: [String]) -> (Int32, String)? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        // Neither end may reach another child (a bell player) started meanwhile.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, nil, &argv, environ)
        close(fds[1])
        guard result == 0 else {
            close(fds[0])
            return nil
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            if output.count < 65536 { output += chunk[0..<count] }
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), String(decoding: output, as: UTF8.self))
    }
}
