import LocalTime
import Synchronization

/// One run of the command line: the variables, the moment and the standard descriptors it was given, and
/// what became of its standard output. ``ProfileCLI/run(argumentBytes:environment:undecodable:now:zone:stdin:stdout:stderr:endByBrokenPipe:)``
/// binds one for the command it runs (``current``, a task-local), so that ``Terminal`` and ``Output``
/// read and write this invocation's and no other's, and the in-process tests run many side by side.
final class Invocation: Sendable {
    /// The environment's variables that are UTF-8 text, by name (the process's: those the program reads).
    let environment: [String: String]
    /// The variables whose bytes are not UTF-8 text, by name: `Terminal.undecodableVariable()` says so.
    let undecodable: [String: [UInt8]]
    /// Now, in seconds since 1970, read once where the command line starts: every "now" of one command
    /// is this one (``WallClock``). A run's and the editor's running clocks are read live.
    let now: Double
    /// The zone of the command's local times, resolved once where the command line starts (``LocalZone``).
    let zone: Zone
    /// The descriptors of standard input, output and error.
    let stdin: Int32, stdout: Int32, stderr: Int32
    /// How the process ends when standard output's reader has gone (`main`: by SIGPIPE, at once, as a
    /// filter ends); nil in process, where the invocation falls silent instead and its status is 141.
    let endByBrokenPipe: (@Sendable () -> Never)?

    /// The errno of the first failed write to standard output, or 0.
    let stdoutFailure = Atomic<Int32>(0)
    /// Whether a broken pipe ended the invocation (in process): nothing more is written.
    let ended = Atomic<Bool>(false)

    init(environment: [String: String], undecodable: [String: [UInt8]], now: Double, zone: Zone, stdin: Int32, stdout: Int32, stderr: Int32,
         endByBrokenPipe: (@Sendable () -> Never)?) {
        self.environment = environment
        self.undecodable = undecodable
        self.now = now
        self.zone = zone
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.endByBrokenPipe = endByBrokenPipe
    }

    /// The invocation the running command belongs to. Outside one (never for a command: `ProfileCLI.run`
    /// binds its own first) it is the process's descriptors with no variables and the epoch for now.
    @TaskLocal static var current = Invocation(environment: [:], undecodable: [:], now: 0, zone: .utc, stdin: 0, stdout: 1, stderr: 2,
                                               endByBrokenPipe: nil)

    /// The descriptor of standard stream `fd` (0, 1 or 2) for this invocation.
    func descriptor(_ fd: Int32) -> Int32 {
        switch fd {
        case 0: stdin
        case 1: stdout
        case 2: stderr
        default: fd
        }
    }

    /// Ends the invocation as a closed pipe ends a filter: the process by SIGPIPE (``endByBrokenPipe``),
    /// or, in process, by falling silent with status 141.
    func brokenPipe() -> ExitStatus {
        endByBrokenPipe?()
        ended.store(true, ordering: .relaxed)
        return .brokenPipe
    }
}
