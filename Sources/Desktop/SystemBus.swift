#if canImport(Glibc)
import Glibc
#else
#error("the system bus is reached through libsystemd's sd-bus: only Linux is supported")
#endif
@preconcurrency import CSystemd
import Files

/// Connections to the system bus (or the session bus), brought up within a time limit.
enum SystemBus {
    /// The monotonic clock in microseconds, as sd-bus counts its timeouts.
    static func monotonicMicroseconds() -> UInt64 {
        UInt64(POSIX.monotonicNow() * 1_000_000)
    }

    /// Sends the method call `message` on `bus` and waits for its reply until `deadline` (on
    /// ``monotonicMicroseconds()``): the reply, for the caller to unref; or, when there is none, the bus's
    /// error name (empty when it gave none) and its message, else the system's words for the failure.
    static func call(_ sd: SDBus, _ bus: OpaquePointer, _ message: OpaquePointer,
                     until deadline: UInt64) -> Result<OpaquePointer, BusCallFailure> {
        var error = sd_bus_error()
        defer { sd.errorFree(&error) }
        var answered: OpaquePointer?
        // Zero would mean sd-bus's default of 25 s.
        let left = max(1, deadline - min(deadline, monotonicMicroseconds()))
        let result = sd.call(bus, message, left, &error, &answered)
        guard result >= 0, let reply = answered else {
            return .failure(BusCallFailure(name: error.name.map { String(cString: $0) } ?? "",
                                           message: error.message.map { String(cString: $0) } ?? SleepLock.systemText(-result)))
        }
        return .success(reply)
    }

    /// A connection to the bus `DBUS_SYSTEM_BUS_ADDRESS` names (else the system's), ready for calls, and
    /// the moment (on ``monotonicMicroseconds()``) `timeout` seconds after the call, for what follows.
    ///
    /// sd-bus waits up to 90 s for a bus that accepts the connection but never authenticates it (one that
    /// is stopped, say), whatever timeout a call is given; so the connection is brought up here, within
    /// `timeout`, and a call gets what is left.
    /// - Throws: ``SleepLockError/noBus(code:)`` when there is no bus, ``SleepLockError/noAnswer(name:message:)``
    ///   when it does not answer in time.
    /// - Parameter session: the user's session bus (`DBUS_SESSION_BUS_ADDRESS`) instead of the system bus.
    static func open(_ sd: SDBus, timeout: Double, session: Bool = false) throws(SleepLockError) -> (bus: OpaquePointer, deadline: UInt64) {
        let deadline = monotonicMicroseconds() + UInt64(max(0, timeout) * 1_000_000)
        var opened: OpaquePointer?
        let status = session ? sd.openUser(&opened) : sd.openSystem(&opened)
        guard status >= 0, let bus = opened else { throw .noBus(code: -status) }
        while sd.isReady(bus) <= 0 {
            let now = monotonicMicroseconds()
            var failure: SleepLockError?
            if now >= deadline {
                failure = .noAnswer(name: "", message: "the bus did not answer in \(SleepLock.seconds(timeout))")
            } else {
                let processed = sd.process(bus, nil)
                if processed < 0 {
                    failure = .noBus(code: -processed)
                } else if processed == 0 {
                    let waited = sd.wait(bus, deadline - now)
                    if waited < 0 && waited != -EINTR { failure = .noBus(code: -waited) }
                }
            }
            if let failure {
                _ = sd.closeUnref(bus)
                throw failure
            }
        }
        return (bus, deadline)
    }
}

/// Why a method call got no reply: the bus's error name (empty when it gave none) and its message.
struct BusCallFailure: Error {
    var name: String
    var message: String
}
