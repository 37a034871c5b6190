#if canImport(Glibc)
import Glibc
#else
#error("the sleep watch needs libsystemd's sd-bus and logind: only Linux is supported")
#endif
@preconcurrency import CSystemd

/// Hears logind say that the machine goes to sleep and wakes (the `PrepareForSleep` signal on the system
/// bus), so that a run that sleeps until its next bell still wakes when the machine does and says at once
/// that it slept.
///
/// It is polled with the run's other inputs: ``descriptor`` and ``events`` go into the run's `poll`, and
/// ``news()`` reads what came when the descriptor is ready. It holds the bus open for as long as it lives;
/// it owns nothing logind keeps (unlike ``SleepLock``), so a dead run leaves nothing behind.
package final class SleepWatch {
    /// What logind said.
    package enum News: Hashable, Sendable {
        /// The machine is about to sleep.
        case sleeping
        /// The machine woke.
        case woke
    }

    /// What the signal's handler needs: how to read the message, and where to leave what it heard (in
    /// order; read and emptied by ``news()``).
    private final class Heard {
        let readBasic: @convention(c) (OpaquePointer?, CChar, UnsafeMutableRawPointer?) -> Int32
        var news: [News] = []
        init(_ sd: SDBus) { readBasic = sd.readBasic }
    }

    private let sd: SDBus
    private let bus: OpaquePointer
    private var slot: OpaquePointer?
    private let heard: Heard

    /// Connects to the bus `DBUS_SYSTEM_BUS_ADDRESS` names (else the system's) and asks it for logind's
    /// `PrepareForSleep`, giving up after `timeout` seconds.
    /// - Throws: ``SleepLockError`` when libsystemd is missing, or there is no system bus or it does not answer.
    package init(timeout: Double = SleepLock.timeout) throws(SleepLockError) {
        let sd = try SDBus.load()
        let bus = try SystemBus.open(sd, timeout: timeout).bus
        self.sd = sd
        self.bus = bus
        heard = Heard(sd)
        let rule = "type='signal',sender='org.freedesktop.login1',interface='org.freedesktop.login1.Manager',"
            + "member='PrepareForSleep',path='/org/freedesktop/login1'"
        var added: OpaquePointer?
        // Asynchronously: the watch needs no answer, and a bus that stalls after its greeting must not hold
        // up the sit for sd-bus's 25 s (a failure to install it shows as a lost connection).
        let status = sd.addMatchAsync(bus, &added, rule, { message, context, _ in
            // PrepareForSleep(b): true before sleeping, false on waking.
            guard let message, let context else { return 0 }
            let heard = Unmanaged<Heard>.fromOpaque(context).takeUnretainedValue()
            var before: Int32 = 0
            guard heard.readBasic(message, CChar(UInt8(ascii: "b")), &before) > 0 else { return 0 }
            heard.news.append(before != 0 ? .sleeping : .woke)
            return 0
        }, nil, Unmanaged.passUnretained(heard).toOpaque())
        guard status >= 0 else {
            _ = sd.closeUnref(bus)
            throw .noAnswer(name: "", message: SleepLock.systemText(-status))
        }
        slot = added
    }

    deinit {
        _ = sd.slotUnref(slot)
        _ = sd.closeUnref(bus)
    }

    /// The descriptor to poll.
    package var descriptor: Int32 { sd.getFd(bus) }

    /// The `poll` events the bus waits for now (it may need to write as well as read); none for reading
    /// while messages wait to be read by ``news()``, which must therefore come first.
    package var events: Int16 { Int16(truncatingIfNeeded: max(0, sd.getEvents(bus))) }

    /// Whether the connection was lost (the bus went away): then it is polled no more, and the run goes
    /// on without it.
    package private(set) var isLost = false

    /// Reads what the bus has, without waiting, and says what logind said since the last call.
    package func news() -> [News] {
        var status: Int32
        repeat { status = sd.process(bus, nil) } while status > 0
        if status < 0 { isLost = true }
        defer { heard.news = [] }
        return heard.news
    }
}
