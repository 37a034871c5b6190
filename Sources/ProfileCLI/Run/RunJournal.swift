import ArgumentParser

/// `run`'s options for the journal.
struct RunJournalOptions: ParsableArguments {
    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp("A note to log with the sit: text, without control or invisible characters.", valueName: "text"))
    var note: String?

    @Flag(inversion: .prefixedNo, help: "Log the sit in the journal (the default at normal speed), or not; a run at another --speed logs only with --log.")
    var log: Bool?
}
