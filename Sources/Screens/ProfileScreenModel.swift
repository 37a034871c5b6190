import TableKit

/// What a change did, for a screen to print: text before, the table update, text after.
package struct ScreenChange {
    package var prefix: String
    package var update: TableUpdate?
    package var suffix: String
    /// Show every section afterwards (after a reload, say), rather than only those the update touched.
    package var showAll: Bool

    package init(prefix: String = "", update: TableUpdate? = nil, suffix: String = "", showAll: Bool = false) {
        self.prefix = prefix
        self.update = update
        self.suffix = suffix
        self.showAll = showAll
    }
}

/// What tapping a row of the profile screen led to.
package enum TapResult {
    /// A switch flipped or a value was set.
    case changed(ScreenChange)
    /// The view model asks a question (its `question`).
    case asking
    /// A bell row or the ambience's sound row: a sound picker should open.
    case openPicker
}

/// What the profile screen asks of its view model: the sections, the names its commands take, and
/// actions by name and row path.
package protocol ProfileScreenModel: AnyObject {
    /// The profile's name, for the prompt.
    var name: String { get }
    /// The sections as the table shows them.
    var sections: [TableSection] { get }
    /// The session's length, under the table: `37:00`.
    var total: String { get }
    /// The session's timeline (`plan`), for a start at `start` (`07:00`, `now`) when given.
    func plan(start: String?) throws(ScreenError) -> String
    /// Runs the session (`run`) with `options` as `profile run` takes them, and comes back; what to
    /// print after it.
    func run(options: [String]) throws(ScreenError) -> String
    /// The question waiting for an answer, as the prompt shows it, if any.
    var question: String? { get }
    /// What the question takes and the way out of it, while one is asked.
    var questionHelp: QuestionHelp? { get }
    /// The answers Tab offers to the question: the asked row's values, as `tap S.R VALUE` completes them.
    var answerCandidates: [String] { get }
    /// The switches `toggle` takes, in table order.
    var switchNames: [String] { get }
    /// The settings `set` takes, in table order.
    var settingNames: [String] { get }
    /// The rows whose tap opens the bell picker, as they are numbered with every switch on (`2.3`).
    var bellRows: [RowPath] { get }
    /// The rows whose tap opens the sound picker of soundscapes and recordings (`5.1`), and what each
    /// chooses (`Ambience sound`).
    var soundRows: [(path: RowPath, title: String)] { get }
    /// The rows of a volume that keep their place, whose tap asks for it (`5.2`).
    var volumeRows: [RowPath] { get }
    /// The value of a row that shows rows of its own (the breathing pattern's `custom`), and their
    /// labels, for the help: nil when no value does.
    var choiceRows: (setting: String, noun: String, value: String, labels: [String])? { get }
    /// What `set` accepts beyond the settings' names, for its help: lines such as `  durations: …`.
    var valueHelp: String { get }
    /// The values the setting called `name` takes, for completion; empty when they are free text.
    func valueCandidates(forSetting name: String) -> [String]
    /// The values `tap PATH VALUE` takes for the row at `path`, for completion.
    func valueCandidates(forRowAt path: RowPath) -> [String]
    /// The profiles in the store, for completing `open`.
    func profileNames() -> [String]
    func toggle(named: String) throws(ScreenError) -> ScreenChange
    func set(named: String, value: String) throws(ScreenError) -> ScreenChange
    func tap(at path: RowPath, value: String?) throws(ScreenError) -> TapResult
    /// Takes back the last change; nil when there is none.
    func undo() throws(ScreenError) -> ScreenChange?
    func redo() throws(ScreenError) -> ScreenChange?
    /// Answers the question; a wrong answer throws and leaves the question open.
    func answer(_ text: String) throws(ScreenError) -> ScreenChange
    /// Drops the question (Ctrl-C, Ctrl-D or the end of the input).
    func cancelQuestion() -> ScreenChange
    /// Every profile, for `list`, numbered as the profiles screen numbers them.
    func profilesTable() throws(ScreenError) -> ListTable
    /// Edits another profile.
    func open(named: String) throws(ScreenError)
    /// Creates a profile and edits it.
    func create(named: String) throws(ScreenError)
    /// Opens the picker a tap asked for, or the cool-down's bell picker (the coordinator is told).
    func openPicker()
    /// The bells `bell WHICH` opens a picker for: `cooldown`, `intervals`, `start`, `end`.
    var bellNames: [String] { get }
    /// Opens the bell picker for the bell `name` names (the cool-down's when empty).
    func openBellPicker(named name: String) throws(ScreenError)
}

/// A list of profiles as both screens draw it, numbered as `tap N` counts; an empty list says how to
/// start one.
func renderProfiles(_ table: ListTable, marked: Set<Int> = [], options: RenderOptions) -> String {
    table.rows.isEmpty ? "no profiles yet; create one with: new NAME\n"
                       : table.render(numbered: true, marked: marked, options: options)
}
