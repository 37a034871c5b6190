#if canImport(Glibc)
import Glibc
#else
#error("notifications go through libsystemd's sd-bus: only Linux is supported")
#endif
@preconcurrency import CSystemd
import TextSupport

/// A desktop notification, shown through the freedesktop notification service
/// (`org.freedesktop.Notifications.Notify` on the session bus `DBUS_SESSION_BUS_ADDRESS` names, else
/// `$XDG_RUNTIME_DIR/bus`).
package struct DesktopNotification: Equatable, Sendable {
    /// The one-line summary, plain text.
    package var summary: String
    /// The body. Servers may read markup in it, so it must hold no text from outside.
    package var body: String

    /// The application's name the service shows.
    package static let application = "profile"
    /// The most a reminder waits for the bus and the service.
    package static let timeout = 5.0

    package init(summary: String, body: String) {
        self.summary = summary
        self.body = body
    }

    /// Asks the service to show the notification; returns the id it gave.
    /// - Throws: ``ReminderError/notification(_:)`` saying why: no libsystemd, no session bus, no
    ///   notification service on it, or its refusal.
    @discardableResult
    package func show(timeout: Double = DesktopNotification.timeout) throws(ReminderError) -> UInt32 {
        let sd: SDBus
        let bus: OpaquePointer, deadline: UInt64
        do throws(SleepLockError) {
            sd = try SDBus.load()
            (bus, deadline) = try SystemBus.open(sd, timeout: timeout, session: true)
        } catch {
            switch error {
            case let .noBus(code): throw .notification(SleepLock.noSessionBusText(code))
            case let .noLibrary(message): throw .notification("no libsystemd (\(escaped(message, limit: 200)))")
            default: throw .notification("the session bus did not answer in \(SleepLock.seconds(timeout))")
            }
        }
        defer { _ = sd.closeUnref(bus) }
        func failed(_ code: Int32) -> ReminderError { .notification(SleepLock.systemText(-code)) }

        var created: OpaquePointer?
        var result = sd.newMethodCall(bus, &created, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                      "org.freedesktop.Notifications", "Notify")
        guard result >= 0, let call = created else { throw failed(result) }
        defer { _ = sd.messageUnref(call) }
        // Notify(app_name s, replaces_id u, app_icon s, summary s, body s, actions as, hints a{sv}, expire_timeout i)
        func string(_ text: String) -> Int32 { text.withCString { sd.appendBasic(call, CChar(UInt8(ascii: "s")), $0) } }
        var replaces: UInt32 = 0
        var expire: Int32 = -1
        let steps: [() -> Int32] = [
            { string(Self.application) },
            { sd.appendBasic(call, CChar(UInt8(ascii: "u")), &replaces) },
            { string("") },
            { string(summary) },
            { string(body) },
            { sd.openContainer(call, CChar(UInt8(ascii: "a")), "s") },
            { sd.closeContainer(call) },
            { sd.openContainer(call, CChar(UInt8(ascii: "a")), "{sv}") },
            { sd.closeContainer(call) },
            { sd.appendBasic(call, CChar(UInt8(ascii: "i")), &expire) },
        ]
        for step in steps {
            result = step()
            guard result >= 0 else { throw failed(result) }
        }

        let reply: OpaquePointer
        switch SystemBus.call(sd, bus, call, until: deadline) {
        case .success(let answered): reply = answered
        case .failure(let failure):
            let (name, message) = (failure.name, failure.message)
            let detail = name.isEmpty ? escaped(message, limit: 160) : "\(escaped(name, limit: 100)): \(escaped(message, limit: 160))"
            let missing = ["org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner"].contains(name)
            throw .notification(missing ? "no notification service on the session bus (\(detail))"
                                        : "the notification service did not show it (\(detail))")
        }
        defer { _ = sd.messageUnref(reply) }
        var id: UInt32 = 0
        _ = sd.readBasic(reply, CChar(UInt8(ascii: "u")), &id)
        return id
    }
}
