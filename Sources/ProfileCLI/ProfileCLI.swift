import LocalTime
import Players
import Desktop
import TextSupport

/// The command line as a library: a command line, its environment, now and three descriptors in, an
/// exit status out. The executable's `main` hands it the process's; the in-process tests their own.
public enum ProfileCLI {
    /// Runs `profile arguments…` and gives its exit status.
    ///
    /// - Parameters:
    ///   - arguments: the command line after the program's name.
    ///   - environment: the variables, by name (those the program does not read are never looked at).
    ///   - undecodable: variables whose bytes are not UTF-8 text, by name: a command that reads one
    ///     refuses it (78), as it would a path repaired into another.
    ///   - now: the wall clock, in seconds since 1970: every "now" of the command is this one. (A run,
    ///     the editor and `run --at`'s wait read the running clock.)
    ///   - stdin, stdout, stderr: the descriptors of the standard streams; the caller keeps them open.
    ///   - endByBrokenPipe: how the process ends when standard output's reader has gone (`main`:
    ///     ``endByBrokenPipe()``). Without it the command falls silent instead and its status is 141.
    package static func run(arguments: [String], environment: [String: String], undecodable: [String: [UInt8]] = [:],
                            now: Double, zone: Zone, stdin: Int32 = 0, stdout: Int32 = 1, stderr: Int32 = 2,
                            endByBrokenPipe: (@Sendable () -> Never)? = nil) -> Int32 {
        run(argumentBytes: arguments.map { Array($0.utf8) }, environment: environment, undecodable: undecodable, now: now,
            zone: zone, stdin: stdin, stdout: stdout, stderr: stderr, endByBrokenPipe: endByBrokenPipe)
    }

    /// ``run(arguments:environment:undecodable:now:zone:stdin:stdout:stderr:endByBrokenPipe:)`` for a command
    /// line as the process got it, bytes that need not be UTF-8: one that is not is refused (64) before
    /// anything reads it, since Swift's own arguments would have U+FFFD in place of its bad bytes.
    package static func run(argumentBytes: [[UInt8]], environment: [String: String], undecodable: [String: [UInt8]] = [:],
                            now: Double, zone: Zone, stdin: Int32 = 0, stdout: Int32 = 1, stderr: Int32 = 2,
                            endByBrokenPipe: (@Sendable () -> Never)? = nil) -> Int32 {
        let invocation = Invocation(environment: environment, undecodable: undecodable, now: now, zone: zone,
                                    stdin: stdin, stdout: stdout, stderr: stderr, endByBrokenPipe: endByBrokenPipe)
        let status = Invocation.$current.withValue(invocation) {
            if let problem = invalidArgumentProblem(in: argumentBytes) {
                Output.diagnostic(problem)
                return ExitStatus.usage.rawValue
            }
            return ProfileCommand.main(argumentBytes.map { String(decoding: $0, as: UTF8.self) })
        }
        return invocation.ended.load(ordering: .relaxed) ? ExitStatus.brokenPipe.rawValue : status
    }

    /// The zone `environment` names (its `TZ` and `TZDIR`, as the C library reads them): what `main`
    /// reads once and hands to ``run(argumentBytes:environment:undecodable:now:zone:stdin:stdout:stderr:endByBrokenPipe:)``.
    package static func zone(environment: [String: String]) -> Zone { LocalZone.resolve(environment) }

    /// The names of every variable the program reads: what ``processEnvironment()`` takes.
    public static var variableNames: [String] {
        var names = Terminal.variableNames
        for name in Systemctl.variableNames + SystemBellRinger.variableNames where !names.contains(name) { names.append(name) }
        return names
    }

    /// The process's variables the program reads (``variableNames``), and apart those whose bytes are
    /// not UTF-8 text. Only those: copying the whole environment costs more than a `show` does.
    public static func processEnvironment() -> (environment: [String: String], undecodable: [String: [UInt8]]) {
        Terminal.processVariables(variableNames)
    }

    /// Prepares the process's standard descriptors and SIGPIPE before a command runs
    /// (``StandardStreams/prepare()``).
    public static func prepareStandardStreams() { StandardStreams.prepare() }

    /// Ends the process as a closed pipe ends a filter: quietly, by SIGPIPE (status 141 in a shell).
    public static func endByBrokenPipe() -> Never { StandardStreams.endByBrokenPipe() }
}
