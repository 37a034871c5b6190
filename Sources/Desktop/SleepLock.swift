#if canImport(Glibc)
import Glibc
#else
#error("the sleep lock needs libsystemd's sd-bus and logind: only Linux is supported")
#endif
@preconcurrency import CSystemd
import TextSupport

/// A logind inhibitor lock that holds off sleep while a sit lasts: `Inhibit` with what `sleep:idle`,
/// who `profile` and mode `block`, asked of `org.freedesktop.login1` on the system bus.
///
/// The lock is a file descriptor that logind watches: closing it releases the lock, so a run that
/// crashes or is killed releases it too. The descriptor is close-on-exec, so the bell players a run
/// starts never hold it past the run. The bus is closed as soon as the lock is taken (the run's
/// ``SleepWatch`` keeps a connection of its own, which holds nothing logind keeps).
package struct SleepLock: ~Copyable, Sendable {
    /// What is held off: suspend and hibernate, and the idle action (a desktop's "suspend after 15 idle
    /// minutes").
    package static let what = "sleep:idle"
    /// Who holds it, as `systemd-inhibit --list` shows.
    package static let who = "profile"
    /// Sleep waits until the lock is released, rather than only until the holder has been told.
    package static let mode = "block"
    /// The most a run waits for the bus and logind: a bus that hangs must not hold up the sit.
    package static let timeout = 2.0

    /// The descriptor logind handed over (a duplicate of it: the reply message owns the original).
    private let fd: Int32

    /// Takes the lock, on the bus `DBUS_SYSTEM_BUS_ADDRESS` names (else the system's).
    /// - Parameter why: the reason logind lists, as ``reason(profile:until:)`` writes it.
    /// - Throws: ``SleepLockError`` when libsystemd is missing, there is no system bus, logind does not
    ///   answer in ``timeout`` seconds, or it refuses.
    package init(why: String, timeout: Double = SleepLock.timeout) throws(SleepLockError) {
        let sd = try SDBus.load()
        let (bus, deadline) = try SystemBus.open(sd, timeout: timeout)
        // Not flushed: the call has been answered, and a flush waits as long as a stopped bus does.
        defer { _ = sd.closeUnref(bus) }

        var created: OpaquePointer?
        var result = sd.newMethodCall(
            bus, &created, "org.freedesktop.login1", "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "Inhibit")
        guard result >= 0, let call = created else { throw .noAnswer(name: "", message: Self.systemText(-result)) }
        defer { _ = sd.messageUnref(call) }
        for argument in [Self.what, Self.who, why, Self.mode] {
            result = argument.withCString { sd.appendBasic(call, CChar(UInt8(ascii: "s")), $0) }
            guard result >= 0 else { throw .noAnswer(name: "", message: Self.systemText(-result)) }
        }

        let reply: OpaquePointer
        switch SystemBus.call(sd, bus, call, until: deadline) {
        case .success(let answered): reply = answered
        case .failure(let failure): throw SleepLockError.answer(name: failure.name, message: failure.message)
        }
        defer { _ = sd.messageUnref(reply) }

        var handed: Int32 = -1
        result = sd.readBasic(reply, CChar(UInt8(ascii: "h")), &handed)
        guard result > 0, handed >= 0 else { throw .noDescriptor }
        let kept = fcntl(handed, F_DUPFD_CLOEXEC, 3)
        guard kept >= 0 else { throw .noDescriptor }
        fd = kept
    }

    /// Releases the lock: the machine may sleep again.
    package consuming func release() {
        let fd = self.fd
        discard self
        close(fd)
    }

    deinit {
        close(fd)
    }

    /// The reason logind lists for the lock: `a meditation session with "Morning" until 07:42`, the
    /// profile's name quoted and bounded as messages show names.
    /// - Parameter until: the local time of day at which the session ends, if it is not paused.
    package static func reason(profile: String, until: String) -> String {
        "a meditation session with \(quoted(profile)) until \(until)"
    }

    /// `2 s`, `0.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }

    /// The C library's text for an errno value, such as `No such file or directory`.
    static func systemText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// What a session bus that could not be opened (errno `code`) means for the user, in their words
    /// rather than the C library's: `no desktop session here (no session bus is set up for this login)`
    /// for `No medium found`; an errno with no meaning of its own keeps the system's text.
    package static func noSessionBusText(_ code: Int32) -> String {
        switch code {
        case ENOMEDIUM: "no desktop session here (no session bus is set up for this login)"
        case ENOENT, ECONNREFUSED: "no desktop session here (no session bus runs at its address)"
        case EACCES, EPERM: "the session bus refused this user"
        default: "no session bus (\(systemText(code)))"
        }
    }
}

/// Why sleep could not be held off; ``text`` is the reason a run's note gives in parentheses
/// (``LiveSit/sleepNote(_:)``).
package enum SleepLockError: Error, Equatable, Sendable {
    /// libsystemd could not be loaded (it is not installed); `dlerror`'s text.
    case noLibrary(String)
    /// No system bus could be opened (none runs, or `DBUS_SYSTEM_BUS_ADDRESS` names nothing); the errno.
    case noBus(code: Int32)
    /// The bus did not bring the call to logind, or logind did not answer in time: the D-Bus error's
    /// name (empty when there was none) and message.
    case noAnswer(name: String, message: String)
    /// logind answered with an error: it refused the lock.
    case refused(name: String, message: String)
    /// logind answered without a usable descriptor.
    case noDescriptor

    /// The D-Bus errors that mean logind itself never saw or never answered the call: nothing is there
    /// to refuse. Any other error came from logind (or its access check) and is a refusal.
    static let unanswered: Set<String> = [
        "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
        "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout",
        "org.freedesktop.DBus.Error.TimedOut", "org.freedesktop.DBus.Error.Disconnected",
        "org.freedesktop.DBus.Error.NoServer", "org.freedesktop.DBus.Error.UnknownObject",
        "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownInterface",
        "org.freedesktop.DBus.Error.NoMemory", "org.freedesktop.DBus.Error.IOError",
    ]

    /// The error of a call that failed: a refusal unless its name says logind never answered. sd-bus
    /// names a failure of its own (a lost connection, a timeout) `System.Error.` and the errno.
    package static func answer(name: String, message: String) -> SleepLockError {
        name.isEmpty || name.hasPrefix("System.Error.") || unanswered.contains(name)
            ? .noAnswer(name: name, message: message) : .refused(name: name, message: message)
    }

    /// What went wrong, in a few words and the system's own, escaped and bounded: the bus's texts come
    /// from another process.
    package var text: String {
        switch self {
        case let .noLibrary(message):
            "no libsystemd (\(escaped(message, limit: 200)))"
        case let .noBus(code):
            // What a missing bus means for the sit, in a meditator's words rather than the socket's
            // errno or the bus's name (issue 50): there is no one to ask.
            switch code {
            case ENOENT, ECONNREFUSED, ENOTDIR: "its power manager cannot be reached"
            case EACCES, EPERM: "its power manager is closed to this user"
            default: "its power manager cannot be reached (\(SleepLock.systemText(code)))"
            }
        case let .noAnswer(name, message):
            "logind did not answer (\(Self.detail(name, message)))"
        case let .refused(name, message):
            "logind refused (\(Self.detail(name, message)))"
        case .noDescriptor:
            "logind answered without a lock"
        }
    }

    /// `name: message`, or the message alone, each escaped and cut to a bounded length.
    private static func detail(_ name: String, _ message: String) -> String {
        let shown = escaped(message, limit: 160)
        return name.isEmpty ? shown : "\(escaped(name, limit: 100)): \(shown)"
    }
}
