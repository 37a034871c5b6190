import TableKit
import JSON
import TextSupport

/// The ways `profile` prints data: box-drawn tables for people, tab-separated lines for scripts, JSON.
package enum OutputFormat: String, CaseIterable, Sendable {
    case table, plain, json
}

/// How `set` and `toggle` print the update they caused: in words, as the editor says it, or JSON.
package enum UpdateFormat: String, CaseIterable, Sendable {
    case text, json

    /// What `action` set and the update it caused, in this format: as text, the editor's update line
    /// (`Cool Down: + 2.1 Duration 05:00, + 2.2 Bells off`: each row inserted, deleted or given a new
    /// value, with its path, label and value); as JSON, the paths by kind for scripts.
    package func render(_ action: ProfileAction, update: TableUpdate) -> String {
        switch self {
        case .json: ProfileRenderer.updateJSON(action, update: update)
        case .text: SectionText.updateLines(update)
        }
    }
}

/// Turns view models, listings and table updates into text. It never changes anything.
package enum ProfileRenderer {
    // MARK: Sections

    /// The sections of `viewModel`, or only those whose indexes are in `sections`.
    ///
    /// - Parameter marked: rows to mark as just inserted (`+` before the index path, highlighted in colour).
    package static func sections(_ viewModel: ProfileViewModel, only sections: [Int]? = nil, format: OutputFormat,
                                options: RenderOptions = RenderOptions(), marked: Set<RowPath> = []) -> String {
        let all = viewModel.sections.enumerated().filter { sections?.contains($0.offset) ?? true }
        switch format {
        case .table:
            return SectionText.tables(all.map { ($0.offset, $0.element) }, options: options, marked: marked)
        case .plain:
            return all.flatMap { index, section in
                section.rows.enumerated().map { row, content in
                    [section.id, String(row), content.label, content.detail].map(plainField).joinedText(separator: "\t") + "\n"
                }
            }.joinedText()
        case .json:
            return JSONWriter.text(inlineFlatObjects: true, .object([
                ("name", .string(viewModel.profile.name)),
                ("time", .string(viewModel.mainTime)),
                ("timeSeconds", .int(viewModel.profile.duration.seconds)),
                ("total", .string(viewModel.totalTime)),
                ("totalSeconds", .int(viewModel.profile.totalDuration.seconds)),
                ("sections", .array(all.map { index, section in
                    .object([
                        ("index", .int(index)),
                        ("id", .string(section.id)),
                        ("title", .string(section.title)),
                        ("rows", .array(section.rows.enumerated().map { row, content in
                            let path = RowPath(section: index, row: row)
                            return json(content, path: path, setting: viewModel.setting(at: path), in: viewModel)
                        })),
                    ])
                })),
            ]))
        }
    }

    /// The session's total under a profile's sections, never a row of one: in a table
    /// `Total: 37:00 (Warm Up 02:00 + Time 30:00 + Cool Down 05:00)`, naming the parts that are on; in
    /// plain lines `session`, an empty row, `Total` and the time, a line no section's id starts; in JSON
    /// nothing, as the object's `total` and `totalSeconds` give it.
    package static func total(_ viewModel: ProfileViewModel, format: OutputFormat) -> String {
        switch format {
        case .table:
            let summary = ProfileSummary(viewModel.profile)
            let parts = [(ProfileSection.warmUp, summary.warmUp), (.time, summary.time), (.coolDown, summary.coolDown)]
                .compactMap { section, time in time.map { "\(section.title) \($0)" } }
            return "Total: \(summary.total)" + (parts.count > 1 ? " (\(parts.joinedText(separator: " + ")))" : "") + "\n"
        case .plain:
            return ["session", "", "Total", viewModel.totalTime].joinedText(separator: "\t") + "\n"
        case .json:
            return ""
        }
    }

    /// A row as `show --format json` gives it; a row of chosen interval times also lists them, as
    /// text (`times`) and in seconds (`timesSeconds`), so that no script splits the value's text.
    private static func json(_ row: TableRow, path: RowPath, setting: Setting?, in viewModel: ProfileViewModel) -> JSONWriter.Value {
        var members: [(String, JSONWriter.Value)] = [("path", .string(path.description)), ("label", .string(row.label))]
        switch row.content {
        case let .toggle(isOn):
            members += [("kind", .string("switch")), ("on", .bool(isOn))]
        case let .value(text):
            members += [("kind", .string("value")), ("value", .string(text))]
        }
        if let setting, case let .schedule(.at(times)) = viewModel.value(of: setting) {
            members += [("times", .array(times.map { .string($0.formatted) })), ("timesSeconds", .array(times.map { .int($0.seconds) }))]
        }
        return .object(members)
    }

    // MARK: Table updates

    /// `{"setting": "cooldown", "on": true, "updates": [{"section": 2, …, "inserted": [1, 2], …}]}`:
    /// what `action` set and the update it caused.
    package static func updateJSON(_ action: ProfileAction, update: TableUpdate) -> String {
        let valueMember: (String, JSONWriter.Value) = switch action.value {
        case let .on(isOn): ("on", .bool(isOn))
        case .duration, .bell, .schedule, .ambience, .volume, .breathPattern, .seconds, .breathLead, .breathCue: ("value", .string(action.value.text))
        }
        return JSONWriter.text(inlineFlatObjects: true, .object([
            ("setting", .string(action.setting.name)),
            valueMember,
            ("updates", .array(update.sections.map { section in
                .object([
                    ("section", .int(section.section)),
                    ("title", .string(section.title)),
                    ("before", .int(section.before)),
                    ("after", .int(section.after)),
                    ("inserted", .array(section.insertedRows.map { .int($0) })),
                    ("deleted", .array(section.deletedRows.map { .int($0) })),
                    ("reloaded", .array(section.reloadedRows.map { .int($0) })),
                ])
            })),
        ]))
    }

    // MARK: Listings

    /// The profiles as a list table: name, time, total, each part's time or `off`, the cool-down's bell
    /// and the interval bells' spacing. The command line's `list` draws it as it is, the editor's
    /// profiles screen with a number before each row.
    ///
    /// On a narrow terminal the bell goes first, then the intervals, the cool-down and the warm-up (the
    /// total counts them); the name, time and total always stay, and the name is cut only when they
    /// alone do not fit.
    package static func listTable(_ summaries: [ProfileSummary]) -> ListTable {
        func part(_ text: String?) -> StyledText { text.map { StyledText($0) } ?? StyledText("off", .dim) }
        return ListTable(
            headers: ["Name", "Time", "Total", "Warm Up", "Cool Down", "Cool Down Bell", "Every"],
            alignments: [.left, .right, .right, .right, .right, .left, .right],
            rows: summaries.map { summary in
                [StyledText(summary.name), StyledText(summary.time), StyledText(summary.total),
                 part(summary.warmUp), part(summary.coolDown), part(summary.coolDownBell), part(summary.every)]
            },
            fits: [.key(narrowest: 5), .main(), .main(), .minor(), .minor(), .detail(), .minor()])
    }

    /// Every profile: name, main time, total time and which parts are on.
    package static func list(_ profiles: [Profile], format: OutputFormat, options: RenderOptions = RenderOptions()) -> String {
        let summaries = profiles.map(ProfileSummary.init)
        switch format {
        case .table:
            guard !summaries.isEmpty else { return "no profiles yet; create one with: profile new NAME\n" }
            return listTable(summaries).render(numbered: false, options: options)
        case .plain:
            return summaries.map { summary in
                ([summary.name, summary.time, summary.total] + ProfileSummary.listed.map { summary.listedValue($0.setting)?.text ?? "" })
                    .map(plainField).joinedText(separator: "\t") + "\n"
            }.joinedText()
        case .json:
            return JSONWriter.text(inlineFlatObjects: true, .array(summaries.map { summary in
                let settings: [(String, JSONWriter.Value)] = ProfileSummary.listed.map { key, setting in
                    guard let value = summary.listedValue(setting) else { return (key, .null) }
                    return switch value {
                    case let .on(isOn): (key, .bool(isOn))
                    case .bell(nil): (key, .null)
                    case let .schedule(.at(times)): (key, .array(times.map { .string($0.formatted) }))
                    case .duration, .bell, .schedule, .ambience, .volume, .breathPattern, .seconds, .breathLead, .breathCue: (key, .string(value.text))
                    }
                }
                return .object([("name", .string(summary.name)), ("time", .string(summary.time)),
                                ("timeSeconds", .int(summary.timeSeconds)), ("total", .string(summary.total)),
                                ("totalSeconds", .int(summary.totalSeconds))] + settings)
            }))
        }
    }

    /// One reminder to sit, as `remind list` shows it: the executable reads it from its systemd timer.
    package struct ReminderRow: Hashable, Sendable {
        /// The days as the table and the plain lines show them: `daily`, `daily, unless met`.
        var shownDays: String { unlessMet ? days + ", unless met" : days }

        package var id: Int
        package var time: String
        package var days: String
        package var profile: String?
        package var enabled: Bool
        /// Whether it stays quiet on a day whose goal is met (`remind add --unless-met`).
        package var unlessMet: Bool

        package init(id: Int, time: String, days: String, profile: String?, enabled: Bool, unlessMet: Bool = false) {
            self.unlessMet = unlessMet
            self.id = id
            self.time = time
            self.days = days
            self.profile = profile
            self.enabled = enabled
        }
    }

    /// The reminders: a table, plain tab-separated lines (id, time, days, profile or empty, enabled or
    /// disabled), or JSON objects of exactly `id`, `time`, `days`, `profile` (null for none), `enabled` and
    /// `unlessMet`; in the table and the plain lines a reminder quiet on a met goal's day has
    /// `, unless met` after its days.
    package static func reminders(_ rows: [ReminderRow], format: OutputFormat, options: RenderOptions = RenderOptions()) -> String {
        switch format {
        case .table:
            guard !rows.isEmpty else { return "no reminders yet; add one with: profile remind add HH:MM [PROFILE]\n" }
            return ListTable(
                headers: ["Id", "Time", "Days", "Profile", "Enabled"],
                alignments: [.right, .right, .left, .left, .left],
                rows: rows.map { row in
                    [StyledText("\(row.id)"), StyledText(row.time), StyledText(row.shownDays),
                     // A name from a unit file: checked when read, escaped here all the same.
                     row.profile.map { StyledText(escaped($0)) } ?? StyledText("none", .dim),
                     row.enabled ? StyledText("yes") : StyledText("no", .dim)]
                },
                // The id is what `remind remove` takes, the profile what it sits; only the days are cut before them.
                fits: [.key(), .main(), .main(narrowest: 8), .key(narrowest: 5), .main()]
            ).render(numbered: false, options: options)
        case .plain:
            return rows.map { row in
                ["\(row.id)", row.time, row.shownDays, row.profile.map { escaped($0) } ?? "", row.enabled ? "enabled" : "disabled"]
                    .map(plainField).joinedText(separator: "\t") + "\n"
            }.joinedText()
        case .json:
            return JSONWriter.text(inlineFlatObjects: true, .array(rows.map { row in
                .object([("id", .int(row.id)), ("time", .string(row.time)), ("days", .string(row.days)),
                         ("profile", row.profile.map { .string($0) } ?? .null), ("enabled", .bool(row.enabled)), ("unlessMet", .bool(row.unlessMet))])
            }))
        }
    }

    /// The sounds that can be chosen: the built-in bells, then the recorded ones, in the order the
    /// picker numbers them; then, under their own heading, the ambience's soundscapes (``Soundscape``).
    /// Plain text lists every name, soundscapes last (each one `sounds --play` takes); JSON says each
    /// one's `kind`: `bell`, `recording` or `soundscape`.
    package static func sounds(_ catalog: SoundCatalog, format: OutputFormat, options: RenderOptions = RenderOptions()) -> String {
        let sounds = catalog.sounds
        func note(_ sound: BellSound) -> String {
            switch sound {
            case let .builtIn(bell): bell == .default ? "default" : ""
            case .recorded: "recorded"
            }
        }
        func about(_ sound: BellSound) -> String {
            switch sound {
            case let .builtIn(bell): bell.about
            case .recorded: "your own recording"
            }
        }
        let soundscapes = Soundscape.allCases
        switch format {
        case .table:
            // The words give way first on a narrow terminal; the names never do.
            // One under the other, with the same columns (the first table's fits fit both).
            return BoxTable.render([
                BoxTable(title: StyledText("Bells", .bold),
                         rows: sounds.map { [StyledText($0.name), StyledText(note($0), .dim), StyledText(about($0))] },
                         fits: [.key(), .main(), .main(narrowest: 10)]),
                BoxTable(title: StyledText("Soundscapes", .bold),
                         rows: soundscapes.map { [StyledText($0.rawValue), StyledText($0 == .default ? "default" : "", .dim), StyledText($0.about)] },
                         fits: [.key(), .main(), .main(narrowest: 10)]),
            ], options: options)
        case .plain:
            return (sounds.map(\.name) + soundscapes.map(\.rawValue)).map { plainField($0) + "\n" }.joinedText()
        case .json:
            return JSONWriter.text(inlineFlatObjects: true, .array(sounds.map {
                .object([("name", .string($0.name)), ("kind", .string($0.isRecorded ? "recording" : "bell")),
                         ("default", .bool($0 == .builtIn(.default))), ("custom", .bool($0.isRecorded)), ("about", .string(about($0)))])
            } + soundscapes.map {
                .object([("name", .string($0.rawValue)), ("kind", .string("soundscape")), ("default", .bool($0 == .default)),
                         ("custom", .bool(false)), ("about", .string($0.about))])
            }))
        }
    }
}
