import TableKit
import TextSupport

/// The profile screen: the sections as tables; switches, values and taps by row path.
package final class ProfileScreen: Screen {
    let model: ProfileScreenModel

    package init(model: ProfileScreenModel) {
        self.model = model
    }

    package var pathComponent: String? { model.name }

    package var commands: [Command] {
        let sectionIDs = model.sections.map(\.id)
        return [
            Command("show", usage: "show [SECTION|--boxes]",
                    summary: "show the profile in one table, one section (\(sectionIDs.joined(separator: ", ")) or 0-\(sectionIDs.count - 1)), or each section in a box (--boxes)",
                    details: { [model] in
                        "  sections: " + model.sections.enumerated().map { "\($0.element.id) (\($0.offset))" }.joined(separator: ", ") + "\n"
                    },
                    arguments: [.word { [model] _ in model.sections.map(\.id) + [Self.boxesFlag] }]) { [unowned self] input, options throws(ScreenError) in
                guard !input.rest.isEmpty else { return render(options: options) }
                if input.rest == Self.boxesFlag { return boxes(options: options) }
                let index = try Self.section(input.rest, in: model.sections)
                return SectionText.tables([(index, model.sections[index])], options: options)
            },
            Command("toggle", usage: "toggle SWITCH", summary: "flip a switch: \(listed(model.switchNames, "or"))",
                    details: { [model] in "  switches: \(model.switchNames.joined(separator: ", "))\n" },
                    arguments: [.word { [model] _ in model.switchNames }]) { [unowned self] input, options throws(ScreenError) in
                describe(try model.toggle(named: try input.argument()), options: options)
            },
            Command("set", usage: "set SETTING VALUE", summary: "set a value, such as: set cooldown.duration 7:30",
                    details: { [model] in "  settings: \(model.settingNames.joined(separator: ", "))\n" + model.valueHelp },
                    arguments: [.word { [model] _ in model.settingNames },
                                .rest { [model] before in before.first.map(model.valueCandidates(forSetting:)) ?? [] }]) {
                [unowned self] input, options throws(ScreenError) in
                guard input.words.count >= 2 else { throw .usage("set needs a setting and a value: \(input.usage)") }
                return describe(try model.set(named: input.words[0], value: input.rest(after: 1)), options: options)
            },
            Command("tap", usage: "tap S.R [VALUE]",
                    summary: "do what tapping row S.R would: flip a switch, edit a value, pick a bell or the ambience's sound",
                    details: { [model] in
                        "  a switch row flips; a duration row asks for the new time with the current one to edit\n"
                            + "  (an interval row also takes every TIME or at TIMES, which switches its mode);\n"
                            + "  a volume row (\(Self.paths(model.volumeRows))) or a breathing row asks for its value\(Self.choiceRowsText(model.choiceRows));\n"
                            + "  a bell row (\(Self.paths(model.bellRows))) opens the bell picker, and the\n  "
                            + model.soundRows.map { "\($0.title) row (\($0.path))" }.joined(separator: ", ")
                            + " the sound picker: the soundscapes and recordings,\n"
                            + "  to listen to and choose. tap 2.1 7:30 sets the value at once.\n"
                    },
                    arguments: [.word { [model] _ in Self.paths(model.sections) },
                                .rest { [model] before in
                                    before.first.flatMap(RowPath.init(parsing:)).map(model.valueCandidates(forRowAt:)) ?? []
                                }]) { [unowned self] input, options throws(ScreenError) in
                guard let first = input.words.first else { throw .usage("tap needs a row: \(input.usage), such as tap 2.1") }
                guard let path = RowPath(parsing: first) else {
                    throw .usage("\(quoted(first)) is not a row; write SECTION.ROW, such as 2.1")
                }
                let value = input.words.count > 1 ? input.rest(after: 1) : nil
                switch try model.tap(at: path, value: value) {
                case let .changed(change): return describe(change, options: options)
                case .asking: return ""
                case .openPicker:
                    model.openPicker()
                    return ""
                }
            },
            Command("bell", usage: "bell [WHICH]", summary: "open the bell picker for the cool-down's bell, or for WHICH bell",
                    details: { [unowned self] in "  WHICH is one of \(model.bellNames.joined(separator: ", ")); without it, the cool-down's bell.\n" },
                    arguments: [.word { [unowned self] _ in model.bellNames }]) { [unowned self] input, _ throws(ScreenError) in
                try model.openBellPicker(named: input.rest)
                return ""
            },
            Command("plan", usage: "plan [HH:MM|now]", summary: "show when each bell rings, from a start time if given",
                    arguments: [.word { _ in ["now"] }]) { [unowned self] input, _ throws(ScreenError) in
                try model.plan(start: input.rest.isEmpty ? nil : input.rest)
            },
            Command("run", usage: "run [OPTIONS]", summary: "run the session as 'profile run' does (--speed, --open, --until, --at, --silent, …), then come back",
                    arguments: [.rest { _ in ["--open", "--until", "--at", "--speed", "--silent", "--volume", "--no-log", "--note"] }]) {
                [unowned self] input, _ throws(ScreenError) in
                try model.run(options: input.words)
            },
        ] + Command.undoAndRedo(undoing: "change") { [unowned self] back, options throws(ScreenError) in
            try (back ? model.undo() : model.redo()).map { describe($0, options: options) }
        } + [
            Command("list", summary: "list every profile") { [unowned self] _, options throws(ScreenError) in
                return renderProfiles(try model.profilesTable(), options: options)
            },
            Command("open", usage: "open NAME", summary: "edit another profile",
                    arguments: [.rest { [model] _ in model.profileNames() }]) { [unowned self] input, options throws(ScreenError) in
                try model.open(named: try input.argument())
                return render(options: options)
            },
            Command("new", usage: "new NAME", summary: "create a profile and edit it", arguments: [.free]) {
                [unowned self] input, options throws(ScreenError) in
                try model.create(named: try input.argument())
                return render(options: options)
            },
        ]
    }

    /// `show`'s word for the sections in boxes of their own.
    static let boxesFlag = "--boxes"

    /// The whole profile in one table, the session's length at the bottom: it fits a 24-line terminal.
    package func render(options: RenderOptions) -> String {
        render(options: options, marked: [], changed: [])
    }

    private func render(options: RenderOptions, marked: Set<RowPath>, changed: Set<RowPath>) -> String {
        SectionText.glance(model.sections, footer: [("Session", model.total)], options: options, marked: marked, changed: changed)
    }

    /// Each section in a box of its own (`show --boxes`).
    func boxes(options: RenderOptions) -> String {
        SectionText.tables(model.sections.enumerated().map { ($0.offset, $0.element) }, options: options)
    }

    /// Prints a change: its text, its update, the whole profile with the rows it inserted marked, and what
    /// follows.
    package func describe(_ change: ScreenChange, options: RenderOptions) -> String {
        var output = change.prefix
        if let update = change.update {
            output += SectionText.updateLines(update)
            let (inserted, changed) = SectionText.marks(of: update)
            if !update.sections.isEmpty || change.showAll { output += render(options: options, marked: inserted, changed: changed) }
        } else if change.showAll {
            output += render(options: options)
        }
        return output + change.suffix
    }

    package var question: String? { model.question }
    package var questionHelp: QuestionHelp? { model.questionHelp }
    package var answerCandidates: [String] { model.answerCandidates }

    package func answer(_ line: String, options: RenderOptions) throws(ScreenError) -> String {
        describe(try model.answer(line), options: options)
    }

    package func cancelQuestion(options: RenderOptions) -> String {
        describe(model.cancelQuestion(), options: options)
    }

    /// Every row's path, `0.0` to the last, for completing `tap`.
    /// ` (the breathing pattern's\n  custom inserts the rows In, Hold, Out and Hold; another pattern deletes them)`:
    /// the rows a value shows, as the model says, for `tap`'s help; nothing when no value shows rows.
    static func choiceRowsText(_ rows: (setting: String, noun: String, value: String, labels: [String])?) -> String {
        guard let rows else { return "" }
        return " (the \(rows.setting)'s\n  \(rows.value) inserts the rows \(listed(rows.labels, "and")); another \(rows.noun) deletes them)"
    }

    /// `2.3, 3.2, 4.0, 4.1`.
    static func paths(_ rows: [RowPath]) -> String {
        rows.map(\.description).joined(separator: ", ")
    }

    static func paths(_ sections: [TableSection]) -> [String] {
        sections.enumerated().flatMap { index, section in
            section.rows.indices.map { RowPath(section: index, row: $0).description }
        }
    }

    /// A section by id (`cooldown`), title (`Cool Down`) or index (`2`).
    static func section(_ text: String, in sections: [TableSection]) throws(ScreenError) -> Int {
        let key = text.lowercased().filter { !$0.isWhitespace }
        for (index, section) in sections.enumerated()
        where key == section.id || key == section.title.lowercased().filter({ !$0.isWhitespace }) || key == String(index) {
            return index
        }
        throw .usage("no section \(quoted(text)); the sections are \(listed(sections.map(\.id))) (or "
            + sections.indices.map(String.init).joined(separator: ", ") + ")")
    }

    package func close() {}
}
