import ArgumentParser
import JournalStore

struct GoalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal", abstract: "Print or set the daily goal: the time to sit in a local day, all sits together.",
        discussion: "It is kept in ${XDG_CONFIG_HOME:-$HOME/.config}/profile/settings.json (see profile(5)).")

    @Argument(help: ArgumentHelp("A duration as set takes it (20, 20m, 1h30m, 25:00), at most 24 hours; off removes the goal.", valueName: "duration")) var value: String?

    func run() throws {
        try reporting { Output.stdout(try PracticeSettings.command(value, environment: Terminal.environment, homeFallback: Terminal.passwordHome)) }
    }
}
