import ArgumentParser
import ProfileKit

/// Every status the program exits with (sysexits(3), and 130 and 141 for signals). The README's and
/// profile(1)'s tables of exit statuses are tested against this list.
enum ExitStatus: Int32, CaseIterable {
    case success = 0
    /// `run` stopped with q, then y, before its end (after its summary and its record): not an error,
    /// but not a completed sit either, as grep's 1 is no match.
    case stopped = 1
    /// Bad usage or a bad value on the command line; also ArgumentParser's `validationFailure`.
    case usage = 64
    /// An invalid profile file, a damaged line of the journal (also what `log check` finds), or a line an
    /// `edit` script could not run.
    case dataError = 65
    /// No such profile.
    case noInput = 66
    /// The profile exists already.
    case cannotCreate = 73
    /// The system refused a read or write.
    case ioError = 74
    /// Locked or changed underneath: try again.
    case temporaryFailure = 75
    /// No store could be found.
    case configuration = 78
    /// `run` stopped by SIGINT, SIGTERM or SIGHUP (128 + SIGINT, as shells report Ctrl-C).
    case interrupted = 130
    /// Standard output's reader went away (`| head`): the process ends by SIGPIPE, quietly, as a shell
    /// reports it (128 + SIGPIPE).
    case brokenPipe = 141

    /// The status as ArgumentParser throws it from a command's `run`.
    var exitCode: ExitCode { ExitCode(rawValue) }
}
