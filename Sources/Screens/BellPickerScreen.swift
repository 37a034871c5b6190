import TableKit
import TextSupport

/// What the bell picker screen asks of its view model.
package protocol BellPickerModel: AnyObject {
    /// One row per sound of the catalog, in order (and `none` last where the bell may be off).
    var rows: [ModeRowViewModel] { get }
    /// Which bell the picker changes: `End bell`.
    var title: String { get }
    /// The profile's bell now, marked `(now)`.
    var currentBell: String { get }
    /// Picking: flips the selection of the row at `index` (of all rows); returns what the bell player
    /// did when a selected bell plays on a tap.
    func toggleSelection(at index: Int) throws(ScreenError) -> String
    /// The strikes and volumes (in percent) the chosen bell may have, for help and completion.
    var strikesRange: ClosedRange<Int> { get }
    var volumeRange: ClosedRange<Int> { get }
    /// Sets how many times the chosen bell strikes; returns a line saying so.
    func setStrikes(_ text: String) throws(ScreenError) -> String
    /// Sets how loud the chosen bell is; returns a line saying so.
    func setVolume(_ text: String) throws(ScreenError) -> String
    /// Starts listening; returns what the bell player did.
    func listen() throws(ScreenError) -> String
    /// Moves the playing mark on (listening ends past the last); returns what the player did.
    func next() throws(ScreenError) -> String
    /// Moves the playing mark back; returns what the player did.
    func previous() throws(ScreenError) -> String
    /// Chooses the playing bell (listening) or the one selected bell (picking) for the profile.
    func choose() throws(ScreenError)
}

/// The bell picker: the catalog as a table whose rows are selected, played, hidden and shown.
///
/// The screen observes each visible row and lets go of a row when it is hidden and of all rows when the
/// screen closes. Each change computes the table update between the rows shown before and after, matched
/// by identity, checks it against the table-view rule and keeps it (``lastUpdate``), and prints the table
/// as it is now: the update is a table view's to apply, not a person's to read.
package final class BellPickerScreen: Screen {
    let model: BellPickerModel
    private var subscriptions: [String: Subscription] = [:]
    /// Rows whose mode changed since the last update was printed.
    private var changedRows: Set<String> = []
    private var shown: [TableSection] = []

    package init(model: BellPickerModel) {
        self.model = model
        shown = sections()
        resubscribe()
    }

    /// `end bell`, so that the prompt says which bell is being chosen: `profile:Morning/end bell> `.
    package var pathComponent: String? { model.title.lowercased() }

    package var commands: [Command] {
        [
            Command("show", summary: "show the bells") { [unowned self] _, options throws(ScreenError) in
                render(options: options)
            },
            Command("tap", usage: "tap N", summary: "picking: select or unselect bell N (several may be selected to compare)",
                    details: { "  N is the bell's number in the list, or its name: tap 2, tap temple bell.\n  On a terminal a bell plays as it is selected.\n" },
                    arguments: [.rest { [model] _ in rowNumbers(model.rows.count) + model.rows.map(\.title) }]) {
                [unowned self] input, options throws(ScreenError) in
                let played = try model.toggleSelection(at: try row(input.rest))
                return played + update(options: options)
            },
            Command("strikes", usage: "strikes N",
                    summary: "strike the chosen bell N times, a few seconds apart (\(model.strikesRange.lowerBound) to \(model.strikesRange.upperBound))",
                    arguments: [.rest { [model] _ in model.strikesRange.map(String.init) }]) { [unowned self] input, _ throws(ScreenError) in
                try model.setStrikes(input.rest)
            },
            Command("volume", usage: "volume N",
                    summary: "ring the chosen bell at N percent (\(model.volumeRange.lowerBound) to \(model.volumeRange.upperBound))",
                    arguments: [.rest { _ in ["25", "50", "70", "100"] }]) { [unowned self] input, _ throws(ScreenError) in
                try model.setVolume(input.rest)
            },
            Command("listen", summary: "play the selected bells one by one (with the strikes and volume set), hiding the others") { [unowned self] _, options throws(ScreenError) in
                try model.listen() + update(options: options)
            },
            Command("next", summary: "play the next selected bell; past the last, back to picking") { [unowned self] _, options throws(ScreenError) in
                try model.next() + update(options: options)
            },
            Command("previous", summary: "play the previous selected bell") { [unowned self] _, options throws(ScreenError) in
                try model.previous() + update(options: options)
            },
            Command("choose", summary: "make the playing (or the one selected, or with none selected the current) bell the profile's, with the strikes and volume set, and go back") { [unowned self] _, _ throws(ScreenError) in
                try model.choose()
                return ""
            },
        ]
    }

    /// The row a bell's number or name picks.
    private func row(_ text: String) throws(ScreenError) -> Int {
        let count = model.rows.count
        if let index = rowNumber(text, count: count) { return index }
        guard !text.isEmpty, !text.allSatisfy(\.isNumber) else { throw .usage("tap takes a bell's number, 1 to \(count)") }
        // A name as everywhere a bell is named: whole, or by a word or the start of one (`bowl`, `temple`).
        let titles = model.rows.map(\.title)
        switch wordMatches(text, in: titles) {
        case .one(let index):
            return index
        case .several(let indexes):
            throw .usage("\(quoted(text)) could be \(listed(indexes.map { quoted(titles[$0]) }, "or")): say more of the name, or its number")
        case .none:
            throw .usage("no bell named \(quoted(text))\(didYouMean(text, in: titles)); tap takes a bell's number, 1 to \(count), or its name")
        }
    }

    /// What the picker says as it opens: how a bell is taken, and that `back` keeps the bell as it is.
    package var wayOut: String {
        "tap N selects bell N, choose takes it; back keeps \(model.currentBell.isEmpty ? "the bell as it is" : model.currentBell)"
    }

    /// The live observations, for tests.
    package var subscriptionCount: Int { subscriptions.count }

    /// The rows as last printed.
    package var shownSections: [TableSection] { shown }

    /// The update printed last.
    package private(set) var lastUpdate: TableUpdate?

    func sections() -> [TableSection] {
        let visible = model.rows.filter { !$0.mode.isHidden }
        let current = model.currentBell
        return [TableSection(id: "bells", title: model.title, rows: visible.map { row in
            TableRow(id: row.id, label: row.title + (row.title == current ? " (now)" : ""), content: .value(Self.text(row.mode)))
        })]
    }

    static func text(_ mode: RowMode) -> String {
        switch mode {
        case .picking(true): "selected"
        case .picking(false): ""
        case .listening(.playing): "playing"
        case .listening(.playable): "playable"
        case .listening(.hidden): ""
        }
    }

    /// Observes the visible rows and lets go of the hidden ones.
    private func resubscribe() {
        for row in model.rows {
            if row.mode.isHidden {
                subscriptions.removeValue(forKey: row.id)?.dispose()
            } else if subscriptions[row.id] == nil {
                // The handler holds the id, not the row: a row keeps its handlers, and must not keep itself.
                let id = row.id
                subscriptions[row.id] = row.observe { [weak self] _ in self?.changedRows.insert(id) }
            }
        }
    }

    package func render(options: RenderOptions) -> String {
        SectionText.tables([(0, shown[0])], options: options, numbered: true)
    }

    /// The update from the rows shown last to the rows visible now, checked and described.
    private func update(options: RenderOptions) -> String {
        let now = sections()
        let update = TableUpdate(diffing: shown, to: now)
        do {
            let applied = try TableSnapshot(sections: shown).applying(update)
            precondition(applied == TableSnapshot(sections: now), "the picker's update does not give its table")
        } catch {
            preconditionFailure("the picker's update breaks the table-view rule: \(error)")
        }
        // Every row the diff reports as changed is one whose mode changed (its view model said so).
        let reported = Set(update.sections.flatMap { $0.changed.map(\.new.id) })
        precondition(reported.isSubset(of: changedRows), "a row changed without telling its observers")
        changedRows = []
        shown = now
        lastUpdate = update
        resubscribe()
        // The update is what a table view needs (``lastUpdate``); a person reads the table as it is now.
        return SectionText.tables([(0, now[0])], options: options, numbered: true)
    }

    package func close() {
        for subscription in subscriptions.values { subscription.dispose() }
        subscriptions = [:]
    }
}
