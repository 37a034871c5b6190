// The `profile` executable. The command line arrives with issue 3; for now it answers --version and
// --help and refuses everything else with the usage.
import LineEditing
import ProfileKit

#if canImport(Glibc)
import Glibc
#endif

let version = "0.1.0"
let usage = """
    usage: profile [--version] [--help]

    profile edits meditation-timer profiles: a main duration with an optional warm-up and cool-down.
    The subcommands (list, show, new, set, toggle, edit, …) are being built; see the README.
    """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "--version", "-V":
    print("profile \(version) (GNU readline \(LineReader.readlineVersion))")
case "--help", "-h", nil:
    print(usage)
default:
    FileHandleOutput.standardError.write("profile: unknown argument \(quoted(arguments[0]))\n\(usage)\n")
    exit(64)
}
