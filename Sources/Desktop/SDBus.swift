#if canImport(Glibc)
import Glibc
#else
#error("the sleep lock needs libsystemd's sd-bus and logind: only Linux is supported")
#endif
@preconcurrency import CSystemd

/// The few sd-bus functions the sleep lock, the sleep watch and the reminders' notification call, found in
/// libsystemd when a command first needs them.
///
/// libsystemd is loaded with `dlopen` rather than linked: linked, it and the six libraries it needs
/// were loaded by every command at start-up (about 0.75 ms each time, half a `profile show`), although
/// only `run` talks to logind. CSystemd gives the header's types; the functions come from here.
struct SDBus {
    /// The library's name with its ABI version, as its package installs it.
    static let library = "libsystemd.so.0"

    let openSystem: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    /// `sd_bus_open_user`: the session bus `DBUS_SESSION_BUS_ADDRESS` names (else `$XDG_RUNTIME_DIR/bus`).
    let openUser: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let openContainer: @convention(c) (OpaquePointer?, CChar, UnsafePointer<CChar>?) -> Int32
    let closeContainer: @convention(c) (OpaquePointer?) -> Int32
    let isReady: @convention(c) (OpaquePointer?) -> Int32
    let process: @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let wait: @convention(c) (OpaquePointer?, UInt64) -> Int32
    let closeUnref: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let newMethodCall: @convention(c) (
        OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
        UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let appendBasic: @convention(c) (OpaquePointer?, CChar, UnsafeRawPointer?) -> Int32
    let call: @convention(c) (
        OpaquePointer?, OpaquePointer?, UInt64, UnsafeMutablePointer<sd_bus_error>?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let messageUnref: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let errorFree: @convention(c) (UnsafeMutablePointer<sd_bus_error>?) -> Void
    let readBasic: @convention(c) (OpaquePointer?, CChar, UnsafeMutableRawPointer?) -> Int32
    let addMatchAsync: @convention(c) (
        OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, sd_bus_message_handler_t?,
        sd_bus_message_handler_t?, UnsafeMutableRawPointer?) -> Int32
    let getFd: @convention(c) (OpaquePointer?) -> Int32
    let getEvents: @convention(c) (OpaquePointer?) -> Int32
    let slotUnref: @convention(c) (OpaquePointer?) -> OpaquePointer?

    /// Loads libsystemd (once a process: `dlopen` counts the later calls) and finds each function.
    /// - Throws: ``SleepLockError/noLibrary(_:)`` with `dlerror`'s text when the library or a function
    ///   is missing.
    static func load() throws(SleepLockError) -> SDBus {
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else { throw .noLibrary(Self.lastError()) }
        func find<T>(_ name: String, as type: T.Type) throws(SleepLockError) -> T {
            guard let symbol = dlsym(handle, name) else { throw .noLibrary(Self.lastError()) }
            return unsafeBitCast(symbol, to: type)
        }
        return SDBus(
            openSystem: try find("sd_bus_open_system", as: (@convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Int32).self),
            openUser: try find("sd_bus_open_user", as: (@convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Int32).self),
            openContainer: try find("sd_bus_message_open_container", as: (@convention(c) (OpaquePointer?, CChar, UnsafePointer<CChar>?) -> Int32).self),
            closeContainer: try find("sd_bus_message_close_container", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            isReady: try find("sd_bus_is_ready", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            process: try find("sd_bus_process", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32).self),
            wait: try find("sd_bus_wait", as: (@convention(c) (OpaquePointer?, UInt64) -> Int32).self),
            closeUnref: try find("sd_bus_close_unref", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            newMethodCall: try find("sd_bus_message_new_method_call", as: (@convention(c) (
                OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self),
            appendBasic: try find("sd_bus_message_append_basic", as: (@convention(c) (OpaquePointer?, CChar, UnsafeRawPointer?) -> Int32).self),
            call: try find("sd_bus_call", as: (@convention(c) (
                OpaquePointer?, OpaquePointer?, UInt64, UnsafeMutablePointer<sd_bus_error>?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32).self),
            messageUnref: try find("sd_bus_message_unref", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            errorFree: try find("sd_bus_error_free", as: (@convention(c) (UnsafeMutablePointer<sd_bus_error>?) -> Void).self),
            readBasic: try find("sd_bus_message_read_basic", as: (@convention(c) (OpaquePointer?, CChar, UnsafeMutableRawPointer?) -> Int32).self),
            addMatchAsync: try find("sd_bus_add_match_async", as: (@convention(c) (
                OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, sd_bus_message_handler_t?,
                sd_bus_message_handler_t?, UnsafeMutableRawPointer?) -> Int32).self),
            getFd: try find("sd_bus_get_fd", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            getEvents: try find("sd_bus_get_events", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            slotUnref: try find("sd_bus_slot_unref", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self))
    }

    /// `dlerror`'s text for the last failure.
    private static func lastError() -> String {
        dlerror().map { String(cString: $0) } ?? "\(library) could not be loaded"
    }
}
