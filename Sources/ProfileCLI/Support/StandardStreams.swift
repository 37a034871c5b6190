#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import ProfileKit

/// The standard descriptors and SIGPIPE, set up before a command runs, and the quiet end a closed
/// pipe calls for.
enum StandardStreams {
    /// Holds the place of a closed standard descriptor and turns SIGPIPE into EPIPE.
    ///
    /// A descriptor the parent closed (`>&-`) would go to the next file the program opens: a lock or a
    /// temporary file would become standard output or error, and a message would be written into a
    /// profile. `/dev/null` opened the wrong way round takes its place instead, so every read or write on
    /// it still fails with EBADF, as on the closed descriptor.
    ///
    /// With SIGPIPE ignored, a reader that goes away early (`| head -c1`) makes a write fail with EPIPE
    /// instead of killing the process in the middle of a save or with the terminal in raw mode: the
    /// command stops as on any failed write, cleans up, and then ends by SIGPIPE (``endByBrokenPipe()``).
    /// Players the program starts get the default back (`SystemBellRinger` spawns them so).
    static func prepare() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let placeholder = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY)
            if placeholder >= 0, placeholder != fd {
                dup2(placeholder, fd)
                close(placeholder)
            }
        }
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ends the process as a closed pipe ends a filter: quietly, by SIGPIPE (status 141 in a shell).
    static func endByBrokenPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        sigprocmask(SIG_UNBLOCK, &signals, nil)
        raise(SIGPIPE)
        exit(ExitStatus.brokenPipe.rawValue)
    }
}

