import TableKit
import TextSupport

/// Why a screen refused a line.
package enum ScreenError: Error, CustomStringConvertible {
    /// The line does not fit the command (a missing argument, a number out of range), in the screen's words.
    case usage(String)
    /// The view model refused; its own error, kept as it was thrown so that the edge can classify it.
    case refused(any Error & CustomStringConvertible)

    /// What the user reads.
    package var message: String {
        switch self {
        case let .usage(message): message
        case let .refused(error): error.description
        }
    }

    package var description: String { message }
}

/// What a question takes, and the way out of it, for the words said around it.
package struct QuestionHelp: Equatable, Sendable {
    /// What an answer is, for a message about one that is not: `a duration`, `times`, `r or k`.
    package var expects: String
    /// What Enter keeps and how to leave: `Enter keeps 02:00; Ctrl-C goes back`.
    package var hint: String

    /// Makes the help of a question.
    package init(expects: String, hint: String) {
        self.expects = expects
        self.hint = hint
    }
}

/// One screen of the editor: the commands it publishes, and how it looks. It never sees model types:
/// this target depends on TableKit and TextSupport alone, and each screen reaches its view model by row
/// path and name.
package protocol Screen: AnyObject {
    /// What the prompt shows for this screen (`bell`), or nil for none.
    var pathComponent: String? { get }
    /// The commands this screen takes: names, usage, help and completion of their arguments, handlers.
    var commands: [Command] { get }
    /// The screen as it is now.
    func render(options: RenderOptions) -> String
    /// The question the next line answers, as the prompt shows it (`Delete profile "Evening"? [y/N] `),
    /// or nil when the next line is a command.
    var question: String? { get }
    /// What the question takes and the way out of it, or nil when nothing is asked.
    var questionHelp: QuestionHelp? { get }
    /// The answers Tab offers to the question (a volume's, a pattern's), or none when they are free text.
    var answerCandidates: [String] { get }
    /// What to say of a line that is no command but means something here (a sound's name in a picker:
    /// `tap Ocean, then choose`), or nil.
    func hint(forUnknown line: String) -> String?
    /// Answers the question with a line; a wrong answer throws, and the question stays open.
    func answer(_ line: String, options: RenderOptions) throws(ScreenError) -> String
    /// Drops the question (Ctrl-C, Ctrl-D or the end of the input) and says what stayed as it was.
    func cancelQuestion(options: RenderOptions) -> String
    /// Called when the screen leaves the stack: it lets go of everything it observes.
    func close()
}

extension Screen {
    /// A screen that asks nothing.
    package var question: String? { nil }
    package var questionHelp: QuestionHelp? { nil }
    package var answerCandidates: [String] { [] }
    package func hint(forUnknown line: String) -> String? { nil }
    package func answer(_ line: String, options: RenderOptions) throws(ScreenError) -> String { "" }
    package func cancelQuestion(options: RenderOptions) -> String { "" }

    /// The command called `name` (or one of its aliases), if this screen has it.
    package func command(named name: String) -> Command? {
        commands.first { $0.isCalled(name) }
    }
}

/// A 1-based row number as lists show them (`tap 2`), or nil.
func rowNumber(_ text: String, count: Int) -> Int? {
    guard let number = Int(text), number >= 1, number <= count else { return nil }
    return number - 1
}

/// The numbers of a list of `count` rows, as completion offers them: `1`, `2`, …
func rowNumbers(_ count: Int) -> [String] {
    count > 0 ? (1...count).map(String.init) : []
}
