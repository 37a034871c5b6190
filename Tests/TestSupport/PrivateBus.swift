import Foundation

/// The private bus of the sleep lock's tests: a system bus.
public typealias PrivateSystemBus = PrivateBus

/// A D-Bus daemon of the test's own (of type `system` or `session`), in a temporary folder, with
/// python3-dbusmock's mocks on it when asked (logind on a system bus, a notification daemon on a session
/// bus): what `profile` finds through `DBUS_SYSTEM_BUS_ADDRESS` or `DBUS_SESSION_BUS_ADDRESS` instead of
/// the machine's buses. ``stop()`` (also run on deinit) kills every process it started.
public final class PrivateBus {
    /// Which bus it stands in for.
    public enum Kind: String, Sendable {
        case system, session

        /// The variable that names such a bus.
        public var variable: String { self == .system ? "DBUS_SYSTEM_BUS_ADDRESS" : "DBUS_SESSION_BUS_ADDRESS" }
    }

    /// The bus's address, for `DBUS_SYSTEM_BUS_ADDRESS` (or `DBUS_SESSION_BUS_ADDRESS`) and `dbus-send --bus=`.
    public let address: String
    public let kind: Kind
    private let folder: String
    private let daemon: Process
    private var mocks: [Process] = []

    /// Starts `dbus-daemon` with a configuration of type `kind` that lets anyone own and call anything.
    public init(_ kind: Kind = .system) throws {
        self.kind = kind
        folder = try makeTemporaryDirectory()
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>\(kind.rawValue)</type>
              <listen>unix:dir=\(folder)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow user="*"/>
                <allow own="*"/>
                <allow send_type="method_call"/>
                <allow send_type="signal"/>
                <allow send_type="method_return"/>
                <allow send_type="error"/>
                <allow receive_type="method_call"/>
                <allow receive_type="signal"/>
                <allow receive_type="method_return"/>
                <allow receive_type="error"/>
              </policy>
            </busconfig>

            """
        let configPath = "\(folder)/bus.conf"
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--config-file=\(configPath)", "--nofork", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try daemon.run()
        // The daemon prints its address on one line once it listens.
        var printed = Data()
        let reader = output.fileHandleForReading
        while !printed.contains(UInt8(ascii: "\n")) {
            let more = reader.availableData
            if more.isEmpty { break }
            printed += more
        }
        address = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard address.hasPrefix("unix:") else {
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "dbus-daemon printed no address"])
        }
    }

    deinit { stop() }

    /// Starts `python3 -m dbusmock --template logind --system` on the bus and waits (up to 10 s) until
    /// the name `org.freedesktop.login1` is on it.
    public func startLogind() throws {
        try startMock(template: "logind", name: "org.freedesktop.login1")
    }

    /// Starts python3-dbusmock's `notification_daemon` on the (session) bus, logging each call it gets to
    /// `log` (a line `<time> Notify "app" 0 "" "summary" "body" [] {} -1` each), and waits until the name
    /// `org.freedesktop.Notifications` is on the bus.
    public func startNotificationDaemon(log: String) throws {
        try startMock(template: "notification_daemon", name: "org.freedesktop.Notifications", extra: ["-l", log])
    }

    /// Starts `python3 -m dbusmock --template <template>` on this bus and waits (up to 10 s) until `name`
    /// is on it.
    public func startMock(template: String, name: String, extra: [String] = []) throws {
        let mock = Process()
        mock.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        mock.arguments = ["-m", "dbusmock", "--template", template] + (kind == .system ? ["--system"] : []) + extra
        mock.environment = [kind.variable: address, "PATH": Harness.systemPath]
        mock.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        mock.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        mock.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try mock.run()
        mocks.append(mock)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let names = try send(destination: "org.freedesktop.DBus", path: "/", method: "org.freedesktop.DBus.ListNames")
            if names.contains("\"\(name)\"") { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the mock \(template) did not come up"])
    }

    /// The inhibitors the mock logind lists, each as its strings: what, who, why, mode. Throws when the
    /// call fails, so that a failed call never reads as an empty list.
    public func inhibitors() throws -> [[String]] {
        let reply = try send(destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                             method: "org.freedesktop.login1.Manager.ListInhibitors")
        guard reply.contains("array [") else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "ListInhibitors failed: \(reply)"])
        }
        // dbus-send prints each struct as `struct {`, one `string "…"` line a field (unescaped), `}`.
        return reply.components(separatedBy: "struct {").dropFirst().map { part in
            part.split(separator: "\n").compactMap { line in
                let field = line.trimmingCharacters(in: .whitespaces)
                guard field.hasPrefix("string \""), field.hasSuffix("\"") else { return nil }
                return String(field.dropFirst("string \"".count).dropLast())
            }
        }
    }

    /// Has the mock logind send `PrepareForSleep(before)`, as logind does before the machine sleeps
    /// (true) and after it wakes (false). Through dbus-python (what dbusmock runs on): dbus-send cannot
    /// write the mock's `av` of arguments.
    public func emitPrepareForSleep(_ before: Bool) throws {
        let script = """
            import dbus, sys
            bus = dbus.bus.BusConnection(sys.argv[1])
            logind = bus.get_object("org.freedesktop.login1", "/org/freedesktop/login1")
            logind.EmitSignal("org.freedesktop.login1.Manager", "PrepareForSleep", "b", [dbus.Boolean(sys.argv[2] == "1")],
                              dbus_interface="org.freedesktop.DBus.Mock")
            """
        let result = try Harness.run(executable: URL(fileURLWithPath: "/usr/bin/python3"),
                                     ["-c", script, address, before ? "1" : "0"], environment: ["PATH": Harness.systemPath])
        guard result.status == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "EmitSignal failed: \(result.stderr)"])
        }
    }

    /// `dbus-send --print-reply` of `method` (interface.member) on the bus; its output.
    public func send(destination: String, path: String, method: String) throws -> String {
        let result = try Harness.run(
            executable: URL(fileURLWithPath: "/usr/bin/dbus-send"),
            ["--bus=\(address)", "--print-reply", "--dest=\(destination)", path, method],
            environment: ["PATH": Harness.systemPath])
        return result.status == 0 ? result.stdout : "dbus-send exited with \(result.status): \(result.stderr)"
    }

    /// Kills the mock and the daemon and removes the folder; safe to call twice.
    public func stop() {
        // SIGKILL, not `terminate()`: a child of the test runner can start with SIGTERM blocked (it
        // inherits the spawning thread's mask), and would then never exit.
        for process in mocks + [daemon] where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        mocks = []
        try? FileManager.default.removeItem(atPath: folder)
    }
}
