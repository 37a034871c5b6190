import Foundation

/// A D-Bus daemon of type `system` of the test's own, in a temporary folder, with python3-dbusmock's
/// mock of logind on it when asked: what `profile run` finds through `DBUS_SYSTEM_BUS_ADDRESS` instead
/// of the machine's bus. ``stop()`` (also run on deinit) kills every process it started.
public final class PrivateSystemBus {
    /// The bus's address, for `DBUS_SYSTEM_BUS_ADDRESS` and `dbus-send --bus=`.
    public let address: String
    private let folder: String
    private let daemon: Process
    private var logind: Process?

    /// Starts `dbus-daemon` with a system-bus configuration that lets anyone own and call anything.
    public init() throws {
        folder = try makeTemporaryDirectory()
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>system</type>
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
        let mock = Process()
        mock.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        mock.arguments = ["-m", "dbusmock", "--template", "logind", "--system"]
        mock.environment = ["DBUS_SYSTEM_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        mock.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        mock.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        mock.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try mock.run()
        logind = mock
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let names = try send(destination: "org.freedesktop.DBus", path: "/", method: "org.freedesktop.DBus.ListNames")
            if names.contains("\"org.freedesktop.login1\"") { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the mock logind did not come up"])
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
                                     ["-c", script, address, before ? "1" : "0"], environment: ["PATH": "/usr/bin:/bin"])
        guard result.status == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "EmitSignal failed: \(result.stderr)"])
        }
    }

    /// `dbus-send --print-reply` of `method` (interface.member) on the bus; its output.
    public func send(destination: String, path: String, method: String) throws -> String {
        let result = try Harness.run(
            executable: URL(fileURLWithPath: "/usr/bin/dbus-send"),
            ["--bus=\(address)", "--print-reply", "--dest=\(destination)", path, method],
            environment: ["PATH": "/usr/bin:/bin"])
        return result.status == 0 ? result.stdout : "dbus-send exited with \(result.status): \(result.stderr)"
    }

    /// Kills the mock and the daemon and removes the folder; safe to call twice.
    public func stop() {
        // SIGKILL, not `terminate()`: a child of the test runner can start with SIGTERM blocked (it
        // inherits the spawning thread's mask), and would then never exit.
        for process in [logind, daemon].compactMap({ $0 }) where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        logind = nil
        try? FileManager.default.removeItem(atPath: folder)
    }
}
