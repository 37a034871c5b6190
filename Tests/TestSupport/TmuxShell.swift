import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An interactive shell in a private tmux server, driven as a person would drive it: keys typed, Tab
/// pressed, the screen read back.
///
/// Each instance has its own server (its socket in a folder of its own), so tests never meet a
/// user's tmux or each other's; the server ends with the instance.
public final class TmuxShell {
    private let socketFolder: String
    private let tmux = URL(fileURLWithPath: Harness.tool("tmux") ?? "/usr/bin/tmux")
    private var commandNumber = 0
    /// The tmux server's process, ended with the instance whatever `kill-server` manages.
    private var serverPID: pid_t = 0

    /// Starts `command` (the shell and its arguments) with exactly `environment`, on a screen of
    /// `columns` × `rows`, and waits for `prompt` to appear.
    public init(_ command: [String], environment: [String: String], prompt: String,
                columns: Int = 250, rows: Int = 60) throws {
        socketFolder = try makeTemporaryDirectory()
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        // The server this starts keeps the output it was given, so it gets /dev/null, not a pipe read to
        // its end; and the client is waited for directly (Foundation's Process never reaped it here).
        // Nor may it keep any other descriptor of the test runner's (another test's pipe would never reach
        // its end while the server lives): a shell closes them all before it becomes tmux.
        let closeAll = #"for f in /proc/$$/fd/*; do f=${f##*/}; [ "$f" -gt 2 ] && eval "exec $f>&-" 2>/dev/null; done; exec "$@""#
        let arguments = ["bash", "-c", closeAll, "bash", tmux.path, "-L", "test", "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
                         "--", "/usr/bin/env", "-i"] + assignments + command
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = tmuxEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The test runner's threads hand down a mask that blocks signals, and a tmux server that cannot
        // receive them never ends: the server starts with none blocked and every action the default.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/bash", &actions, &attributes, argv, envp) == 0 else {
            throw TmuxError(arguments: command, message: "tmux could not be started")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else { throw TmuxError(arguments: command, message: "new-session failed (\(status))") }
        serverPID = pid_t(try tmuxCommand(["display-message", "-p", "#{pid}"]).filter(\.isNumber)) ?? 0
        try waitForScreen(timeout: 20) { $0.contains(prompt) }
    }

    deinit {
        _ = try? tmuxCommand(["kill-server"])
        // Should it still be there, it goes; its shell is hung up as its terminal closes.
        if serverPID > 0 { kill(serverPID, SIGKILL) }
        try? FileManager.default.removeItem(atPath: socketFolder)
    }

    /// Whether tmux is installed here.
    /// Whether tmux is there (in CI, always: a missing tmux fails the tests that need it).
    public static var isAvailable: Bool { Harness.runs(needing: "tmux") }

    /// Types `text` literally.
    public func type(_ text: String) throws {
        try tmuxCommand(["send-keys", "-t", "0", "-l", text])
    }

    /// Presses named keys: `Tab`, `Enter`, `C-a`, `C-u`.
    public func press(_ keys: String...) throws {
        try tmuxCommand(["send-keys", "-t", "0"] + keys)
    }

    /// What the screen shows now, wrapped lines joined.
    public func screen() throws -> String {
        try tmuxCommand(["capture-pane", "-t", "0", "-p", "-J"])
    }

    /// The pane's title, as the program in it set it (OSC 0 or 2), else tmux's default (the host name).
    public func paneTitle() throws -> String {
        var title = try tmuxCommand(["display-message", "-p", "-t", "0", "#{pane_title}"])
        if title.hasSuffix("\n") { title.removeLast() }
        return title
    }

    /// Resizes the window, as a user dragging the terminal's corner would.
    public func resize(columns: Int, rows: Int) throws {
        try tmuxCommand(["resize-window", "-t", "0", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Waits until `condition` holds for the screen; throws with the screen when it does not in time.
    @discardableResult
    public func waitForScreen(timeout: Double = 10, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var text = ""
        while Date() < deadline {
            text = try screen()
            if condition(text) { return text }
            usleep(30_000)
        }
        throw TimeoutError(waitingFor: "a screen", output: text)
    }

    /// Types `typed` on an empty command line, presses Tab, and returns the words the shell reads from
    /// the line completion made (run through `printf`, so the shell itself reads them back).
    public func complete(_ typed: String, settle: Double = 0.6) throws -> [String] {
        commandNumber += 1
        let start = "start\(commandNumber)", end = "end\(commandNumber)"
        try press("C-u")
        try type(typed)
        let before = try screen()
        try press("Tab")
        // The line changes when something was completed; when nothing was, it never does.
        _ = try? waitForScreen(timeout: settle) { $0 != before }
        usleep(150_000)
        try press("C-a")
        try type("printf '<%s>\\n' \(start) ")
        try press("C-e")
        try type(" \(end)")
        try press("Enter")
        let text = try waitForScreen { $0.contains("<\(end)>") }
        let lines = text.split(separator: "\n").map(String.init)
        guard let first = lines.lastIndex(of: "<\(start)>"), let last = lines.lastIndex(of: "<\(end)>"), first < last else {
            throw TimeoutError(waitingFor: "<\(start)> … <\(end)>", output: text)
        }
        return lines[(first + 1)..<last].map { String($0.dropFirst().dropLast()) }
    }

    private var tmuxEnvironment: [String: String] {
        ["TMUX_TMPDIR": socketFolder, "PATH": Harness.systemPath, "LANG": "C.UTF-8"]
    }

    @discardableResult
    private func tmuxCommand(_ arguments: [String]) throws -> String {
        let result = try Harness.run(executable: tmux, ["-L", "test", "-f", "/dev/null"] + arguments, environment: tmuxEnvironment)
        guard result.status == 0 else {
            throw TmuxError(arguments: arguments, message: result.stderr)
        }
        return result.stdout
    }
}

/// A tmux command failed.
public struct TmuxError: Error, CustomStringConvertible {
    public let arguments: [String]
    public let message: String
    public var description: String { "tmux \(arguments.joined(separator: " ")): \(message)" }
}
