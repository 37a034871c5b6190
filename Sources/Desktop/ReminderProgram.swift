#if canImport(Glibc)
import Glibc
#else
#error("reminders are systemd user units: only Linux is supported")
#endif
import TextSupport

/// The program a reminder's service runs, and what is wrong with it where something is (issue 50).
///
/// A reminder added from a clone runs the program in its build folder (`.build/…/debug/profile`): it
/// stops ringing after `make clean` or when the clone moves. `remind add` and `remind list` say so, and
/// `remind repoint` makes every reminder run the program that runs it.
package enum ReminderProgram {
    /// Why a reminder's program will not last, or cannot run.
    package enum Problem: Hashable, Sendable {
        /// It lies in this build folder (the path up to and including its `.build` folder).
        case inBuildFolder(String)
        /// There is no program at its path any more.
        case missing
    }

    /// The build folder `path` lies in: the path up to and including its first component named `.build`
    /// (SwiftPM's, whatever the configuration or triple under it); nil when it lies in none.
    package static func buildFolder(of path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        // The last component is the program itself: only a folder on the way to it counts.
        guard let index = components.dropLast().firstIndex(of: ".build") else { return nil }
        return components[...index].joined(separator: "/")
    }

    /// What is wrong with the program at `path`: missing when `exists` finds nothing there (checked first:
    /// a build folder's program that is gone cannot ring at all), in a build folder, or nil for neither.
    package static func problem(_ path: String, exists: (String) -> Bool = ReminderProgram.exists) -> Problem? {
        guard exists(path) else { return .missing }
        return buildFolder(of: path).map(Problem.inBuildFolder)
    }

    /// The program a reminder may run, from the path of the program running (`/proc/self/exe`): that path
    /// when a program is there; when the running one was replaced while it ran (`make install` over it:
    /// the kernel then names it `PATH (deleted)`), the program now at PATH, the same program installed
    /// again. Never a path with nothing at it, which would make every reminder fail to ring.
    /// - Throws: ``ReminderError/programGone(_:)`` when nothing runnable is there.
    package static func runnable(_ path: String, exists: (String) -> Bool = ReminderProgram.exists) throws(ReminderError) -> String {
        if exists(path) { return path }
        let deleted = " (deleted)"
        if path.hasSuffix(deleted), case let replaced = String(path.dropLast(deleted.count)), exists(replaced) { return replaced }
        throw .programGone(path)
    }

    /// Whether a program that can be run is at `path`.
    package static func exists(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// What `remind add`, `remind list` and `remind repoint` say (after `profile: `) of the reminders `ids`
    /// whose service runs `program`, which has `problem`; `running` is the program saying it.
    ///
    /// `note: reminder 1 runs the program in the build folder /home/u/profile/.build, so it stops working
    /// after 'make clean' or if that folder moves; after 'make install', run 'profile remind repoint' to make
    /// every reminder run the installed program`.
    package static func note(ids: [Int], program: String, problem: Problem, running: String) -> String {
        let who = ids.count == 1 ? "reminder \(ids[0]) runs" : "reminders \(listed(ids.map(String.init))) run"
        switch problem {
        case let .inBuildFolder(folder):
            let they = ids.count == 1 ? "it stops" : "they stop"
            return "note: \(who) the program in the build folder \(escapedPath(folder)), so \(they) working after 'make clean' "
                + "or if that folder moves; after 'make install', run 'profile remind repoint' to make every reminder run the installed program"
        case .missing:
            let they = ids.count == 1 ? "it cannot ring" : "they cannot ring"
            return "note: \(who) \(escapedPath(program)), which is not there any more, so \(they); "
                + "run 'profile remind repoint' to make every reminder run this program, \(escapedPath(running))"
        }
    }
}
