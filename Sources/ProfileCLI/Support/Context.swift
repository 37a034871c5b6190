import Files
import ArgumentParser
import Players
import ProfileKit
import TableKit
import TextSupport

/// What a command needs from the outside world: the store and how to print.
struct Context {
    let store: FileProfileStore
    let stdoutIsTerminal: Bool
    let render: RenderOptions

    init(_ options: GlobalOptions) throws {
        try self.init(store: options.store, noColor: options.noColor)
    }

    init(store flag: String?, noColor: Bool) throws {
        if let problem = Terminal.undecodableVariable() { throw ProfileError.configuration(problem) }
        store = try FileProfileStore.located(flag: flag, environment: Terminal.environment, homeFallback: Terminal.passwordHome,
                                             notice: { Output.diagnostic("notice: \($0)") })
        stdoutIsTerminal = Terminal.isTerminal(1)
        render = RenderOptions(width: Terminal.tableWidth(), color: Terminal.useColor(noColorFlag: noColor))
    }

    /// Where recorded sounds live: `${XDG_DATA_HOME:-$HOME/.local/share}/profile/sounds`; nil when there
    /// is no home folder to find it in.
    static func soundLibrary() -> SoundLibrary? {
        SoundLibrary(environment: Terminal.environment, homeFallback: Terminal.passwordHome, notice: { Output.diagnostic("notice: \($0)") })
    }

    /// The sounds a bell can be set to here (``SoundCatalog/init(library:)``).
    static func soundCatalog() -> SoundCatalog { SoundCatalog(library: soundLibrary()) }

    /// The format asked for, else a table on a terminal and plain lines otherwise.
    func format(_ asked: OutputFormat?) -> OutputFormat {
        asked ?? (stdoutIsTerminal ? .table : .plain)
    }
}

extension ErrorCategory {
    /// The exit status for an error of this class (sysexits(3)): the one place a library's error becomes
    /// a status.
    var exitStatus: ExitStatus {
        switch self {
        case .usage: .usage
        case .data: .dataError
        case .notFound: .noInput
        case .cannotCreate: .cannotCreate
        case .io: .ioError
        case .temporary: .temporaryFailure
        case .configuration: .configuration
        case .interrupted: .interrupted
        }
    }
}

extension ReportedError {
    /// The exit status for this error (sysexits(3)).
    var exitStatus: ExitStatus { category.exitStatus }
}

extension ParsableCommand {
    /// Runs `body`, turning a library's error (``ReportedError``) into `profile: message` on stderr and
    /// its exit status.
    func reporting(_ body: () throws -> Void) throws {
        try reportingErrors(body)
    }
}

/// Runs `body`, turning a library's error (``ProfileError``, ``SoundError``, ``JournalError``,
/// ``FileError``, ``CarriedError`` …: every ``ReportedError``) into `profile: message` on stderr and its
/// exit status.
///
/// Output that did not reach standard output is such an error too (`<stdout>: write failed`, 74), checked
/// after `body` for every command; a status the command chose itself (list's 65, run's 130) stands, with
/// the lost output said as well.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
        try Output.checkStdout()
    } catch let error as any ReportedError {
        throw report(error)
    } catch {
        if let lost = Output.stdoutError { _ = report(lost) }
        throw error
    }
}

/// Prints `error` as `profile: message` on stderr and gives its exit status; a reader that has gone
/// (EPIPE) ends the invocation quietly instead, as a closed pipe ends a filter (``Invocation/brokenPipe()``).
func report(_ error: any ReportedError) -> ExitCode {
    if error.isBrokenPipe { return Invocation.current.brokenPipe().exitCode }
    Output.diagnostic("\(error)")
    return error.exitStatus.exitCode
}
