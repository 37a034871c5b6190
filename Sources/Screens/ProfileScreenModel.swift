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
    /// The view model asks a question (its `question`); the text comes first, such as a list to pick from.
    case asking(String)
    /// The bell row: the bell picker should open.
    case openBellPicker
}

/// A row of the profiles list, as text.
package struct ProfileEntry: Equatable {
    package var name: String
    package var time: String
    package var total: String
    package var warmUp: String
    package var coolDown: String
    package var bell: String
    package var intervals: String

    package init(name: String, time: String, total: String, warmUp: String, coolDown: String, bell: String,
                intervals: String) {
        self.name = name
        self.time = time
        self.total = total
        self.warmUp = warmUp
        self.coolDown = coolDown
        self.bell = bell
        self.intervals = intervals
    }
}

/// What the profile screen asks of its view model: the sections, and actions by name and index path.
package protocol ProfileScreenModel: AnyObject {
    /// The profile's name, for the prompt.
    var name: String { get }
    /// The sections as the table shows them.
    var sections: [TableSection] { get }
    /// The question waiting for an answer, with the text to put on the line, if any.
    var question: (prompt: String, prefill: String?)? { get }
    func toggle(named: String) throws(ScreenError) -> ScreenChange
    func set(named: String, value: String) throws(ScreenError) -> ScreenChange
    func tap(at path: RowPath, value: String?) throws(ScreenError) -> TapResult
    /// Takes back the last change; nil when there is none.
    func undo() throws(ScreenError) -> ScreenChange?
    func redo() throws(ScreenError) -> ScreenChange?
    /// Answers the question.
    func answer(_ text: String) throws(ScreenError) -> ScreenChange
    /// Drops the question (Ctrl-C, or the end of the input).
    func cancelQuestion() -> String
    /// Every profile, for `list`.
    func entries() throws(ScreenError) -> [ProfileEntry]
    /// Edits another profile (the coordinator is told).
    func open(named: String) throws(ScreenError)
    /// Creates a profile and edits it.
    func create(named: String) throws(ScreenError)
    /// Opens the bell picker (the coordinator is told).
    func openBellPicker()
}

/// Draws profile lists, shared by the profiles screen and the profile screen's `list`.
enum EntryTable {
    static func render(_ entries: [ProfileEntry], numbered: Bool, options: RenderOptions) -> String {
        guard !entries.isEmpty else { return "no profiles yet; create one with: new NAME\n" }
        func part(_ text: String) -> StyledText { StyledText(text, text == "off" ? .dim : .plain) }
        let rows = entries.enumerated().map { index, entry in
            (numbered ? [StyledText("\(index + 1)", .dim)] : [])
                + [StyledText(entry.name), StyledText(entry.time), StyledText(entry.total),
                   part(entry.warmUp), part(entry.coolDown), part(entry.bell), part(entry.intervals)]
        }
        let headers = (numbered ? ["#"] : []) + ["Name", "Time", "Total", "Warm Up", "Cool Down", "Bell", "Every"]
        let alignments: [BoxTable.Alignment] = (numbered ? [.right] : []) + [.left, .right, .right, .right, .right, .left, .right]
        return BoxTable(headers: headers, rows: rows, alignments: alignments, flexibleColumn: numbered ? 1 : 0)
            .render(options: options)
    }
}
