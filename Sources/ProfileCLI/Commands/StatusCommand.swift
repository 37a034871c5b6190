import ArgumentParser
import JournalCore
import JournalStore

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Print one short line of today's practice, for a shell prompt or a status bar.",
        discussion: """
            By default today's time, the goal and the goal streak (12m/20m · 5d), or today's time and the day streak with no goal (12m · 5d). \
            Nothing is said on standard error: no journal yet gives an empty line and 0, a damaged journal or settings file an empty line \
            and 65. A cache under ${XDG_CACHE_HOME:-$HOME/.cache}/profile/ keeps it fast (see profile(5)).
            """)

    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp("The line, with {today}, {goal}, {left} (time to the goal, 0m once met), {streak} (goal streak days, or day streak with no goal) and {sits} (sits today); times as 12m or 1h 05m.", valueName: "text"))
    var format: String?

    func checkCombination() throws(JournalError) { if let format { try StatusLine.checkFormat(format) } }

    func run() throws { if case let status = Self.status(format: format, journal: journal.journal), status != 0 { throw ExitCode(status) } }

    /// Prints the line (``StatusLine/run(format:journalFlag:environment:passwordHome:now:)``); returns the exit status.
    static func status(format: String?, journal: String?) -> Int32 {
        // The journal opened as every journal command opens it (JournalOptions.file): a variable that is not UTF-8 is its failure too.
        let (line, failure) = StatusLine.run(format: format, journalFlag: journal, environment: Terminal.environment, passwordHome: Terminal.passwordHome,
                                             now: WallClock.now(), calendar: LocalZone.calendar, undecodable: Terminal.undecodableVariable())
        Output.stdout(line)
        // Silent on standard error as promised, but a line that could not be written is no success.
        return Output.stdoutError == nil ? failure?.exitStatus.rawValue ?? 0 : ExitStatus.ioError.rawValue
    }
}
