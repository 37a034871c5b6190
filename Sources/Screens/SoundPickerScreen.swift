import TableKit
import TextSupport

/// What a sound picker screen asks of its view model: the list of sounds (the bells, or the ambience's
/// soundscapes and recordings), and, where the sound is a bell, its strikes and volume.
package protocol SoundPickerModel: AnyObject {
    /// One row per sound, in order (and `none` last where a bell may be off).
    var rows: [ModeRowViewModel] { get }
    /// What the picker changes: `End bell`, `Ambience sound`.
    var title: String { get }
    /// What one row is, in messages and help: `bell`, `sound`.
    var noun: String { get }
    /// The profile's sound now, as its row spells it, marked `(now)`.
    var current: String { get }
    /// Picking: flips the selection of the row at `index` (of all rows); returns what the player did
    /// when a selected sound plays on a tap.
    func toggleSelection(at index: Int) throws(ScreenError) -> String
    /// The strikes and volumes (in percent) the chosen bell may have, for help and completion; nil
    /// where the sound is not a bell (the ambience's volume is a row of its own).
    var strikesAndVolume: (strikes: ClosedRange<Int>, volume: ClosedRange<Int>)? { get }
    /// Sets how many times the chosen bell strikes; returns a line saying so.
    func setStrikes(_ text: String) throws(ScreenError) -> String
    /// Sets how loud the chosen bell is; returns a line saying so.
    func setVolume(_ text: String) throws(ScreenError) -> String
    /// What a sound plays for, in the help of `tap` and `listen`: empty for a bell (it rings out),
    /// ` (ten seconds of a soundscape)` for the ambience.
    var listenNote: String { get }
    /// Starts listening; returns what the player did.
    func listen() throws(ScreenError) -> String
    /// Moves the playing mark on (listening ends past the last); returns what the player did.
    func next() throws(ScreenError) -> String
    /// Moves the playing mark back; returns what the player did.
    func previous() throws(ScreenError) -> String
    /// Chooses the playing sound (listening) or the one selected (picking) for the profile.
    func choose() throws(ScreenError)
    /// Stops the sound still playing: the picker is closing.
    func stopSound()
}

extension SoundPickerModel {
    /// `bells`, `sounds`.
    package var plural: String { noun + "s" }
}

/// A sound picker (the bells' and the ambience's): the sounds as a table whose rows are selected,
/// played, hidden and shown.
///
/// The screen observes each visible row and lets go of a row when it is hidden and of all rows when the
/// screen closes. Each change computes the table update between the rows shown before and after, matched
/// by identity, checks it against the table-view rule and keeps it (``lastUpdate``), and prints the table
/// as it is now: the update is a table view's to apply, not a person's to read.
package final class SoundPickerScreen: Screen {
    let model: SoundPickerModel
    private var subscriptions: [String: Subscription] = [:]
    /// Rows whose mode changed since the last update was printed.
    private var changedRows: Set<String> = []
    private var shown: [TableSection] = []

    package init(model: SoundPickerModel) {
        self.model = model
        shown = sections()
        resubscribe()
    }

    /// `end bell`, `ambience sound`, so that the prompt says what is being chosen: `profile:Morning/end bell> `.
    package var pathComponent: String? { model.title.lowercased() }

    /// Whether the picker chooses a bell (with strikes and a volume) rather than the ambience's sound.
    package var choosesBell: Bool { model.strikesAndVolume != nil }

    package var commands: [Command] {
        let noun = model.noun, plural = model.plural
        let bell = model.strikesAndVolume
        let withStrikes = bell == nil ? "" : " (with the strikes and volume set)"
        var commands = [
            Command("show", summary: "show the \(plural)") { [unowned self] _, options throws(ScreenError) in
                render(options: options)
            },
            Command("tap", usage: "tap N", summary: "picking: select or unselect \(noun) N (several may be selected to compare)",
                    details: { [model] in
                        "  N is the \(noun)'s number in the list, or its name: tap 2, tap \(model.rows.first?.title.lowercased() ?? "1").\n"
                            + "  On a terminal a \(noun) plays as it is selected\(model.listenNote).\n"
                    },
                    arguments: [.rest { [model] _ in rowNumbers(model.rows.count) + model.rows.map(\.title) }]) {
                [unowned self] input, options throws(ScreenError) in
                let played = try model.toggleSelection(at: try row(input.rest))
                return played + update(options: options)
            },
        ]
        if let bell {
            commands += [
                Command("strikes", usage: "strikes N",
                        summary: "strike the chosen bell N times, a few seconds apart (\(bell.strikes.lowerBound) to \(bell.strikes.upperBound))",
                        arguments: [.rest { _ in bell.strikes.map(String.init) }]) { [unowned self] input, _ throws(ScreenError) in
                    try model.setStrikes(input.rest)
                },
                Command("volume", usage: "volume N",
                        summary: "ring the chosen bell at N percent (\(bell.volume.lowerBound) to \(bell.volume.upperBound))",
                        arguments: [.rest { _ in ["25", "50", "70", "100"] }]) { [unowned self] input, _ throws(ScreenError) in
                    try model.setVolume(input.rest)
                },
            ]
        }
        commands += [
            Command("listen", summary: "play the selected \(plural) one by one\(withStrikes)\(model.listenNote), hiding the others") {
                [unowned self] _, options throws(ScreenError) in
                try model.listen() + update(options: options)
            },
            Command("next", summary: "play the next selected \(noun); past the last, back to picking") { [unowned self] _, options throws(ScreenError) in
                try model.next() + update(options: options)
            },
            Command("previous", summary: "play the previous selected \(noun)") { [unowned self] _, options throws(ScreenError) in
                try model.previous() + update(options: options)
            },
            Command("choose", summary: "make the playing (or the one selected, or with none selected the current) \(noun) the profile's\(bell == nil ? "" : ", with the strikes and volume set"), and go back") {
                [unowned self] _, _ throws(ScreenError) in
                try model.choose()
                return ""
            },
        ]
        return commands
    }

    /// The row a sound's number or name picks.
    private func row(_ text: String) throws(ScreenError) -> Int {
        let count = model.rows.count, noun = model.noun
        if let index = rowNumber(text, count: count) { return index }
        guard !text.isEmpty, !text.allSatisfy(\.isNumber) else { throw .usage("tap takes a \(noun)'s number, 1 to \(count)") }
        // A name as everywhere a sound is named: whole, or by a word or the start of one (`bowl`, `brown`).
        let titles = model.rows.map(\.title)
        switch wordMatches(text, in: titles) {
        case .one(let index):
            return index
        case .several(let indexes):
            throw .usage("\(quoted(text)) could be \(listed(indexes.map { quoted(titles[$0]) }, "or")): say more of the name, or its number")
        case .none:
            throw .usage("no \(noun) named \(quoted(text))\(didYouMean(text, in: titles)); tap takes a \(noun)'s number, 1 to \(count), or its name")
        }
    }

    /// A sound's name typed as a line (as the Ambience sound row's bare prompt took it before it opened a
    /// picker) says how to choose it.
    package func hint(forUnknown line: String) -> String? {
        let titles = model.rows.map(\.title)
        guard case let .one(index) = wordMatches(line, in: titles) else { return nil }
        return "to choose \(titles[index]): tap \(index + 1), then choose"
    }

    /// What the picker says as it opens: how a sound is taken, and that `back` keeps the one now.
    package var wayOut: String {
        let noun = model.noun
        return "tap N selects \(noun) N, choose takes it; back keeps \(model.current.isEmpty ? "the \(noun) as it is" : model.current)"
    }

    /// The live observations, for tests.
    package var subscriptionCount: Int { subscriptions.count }

    /// The rows as last printed.
    package var shownSections: [TableSection] { shown }

    /// The update printed last.
    package private(set) var lastUpdate: TableUpdate?

    func sections() -> [TableSection] {
        let visible = model.rows.filter { !$0.mode.isHidden }
        let current = model.current
        return [TableSection(id: model.plural, title: model.title, rows: visible.map { row in
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
        // The preview stops with the picker: after a choice, `back` or Ctrl-C it played on (issue 50).
        model.stopSound()
    }
}
