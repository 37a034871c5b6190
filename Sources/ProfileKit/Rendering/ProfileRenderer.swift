import TableKit
import JSON

/// The ways `profile` prints data: box-drawn tables for people, tab-separated lines for scripts, JSON.
package enum OutputFormat: String, CaseIterable, Sendable {
    case table, plain, json
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
                    [section.id, String(row), content.label, content.detail].map(plainField).joined(separator: "\t") + "\n"
                }
            }.joined()
        case .json:
            return JSONWriter.text(inlineFlatObjects: true, .object([
                ("name", .string(viewModel.profile.name)),
                ("time", .string(viewModel.mainTime)),
                ("total", .string(viewModel.totalTime)),
                ("sections", .array(all.map { index, section in
                    .object([
                        ("index", .int(index)),
                        ("id", .string(section.id)),
                        ("title", .string(section.title)),
                        ("rows", .array(section.rows.enumerated().map { row, content in
                            json(content, path: RowPath(section: index, row: row))
                        })),
                    ])
                })),
            ]))
        }
    }

    private static func json(_ row: TableRow, path: RowPath) -> JSONWriter.Value {
        var members: [(String, JSONWriter.Value)] = [("path", .string(path.description)), ("label", .string(row.label))]
        switch row.content {
        case let .toggle(isOn):
            members += [("kind", .string("switch")), ("on", .bool(isOn))]
        case let .value(text):
            members += [("kind", .string("value")), ("value", .string(text))]
        }
        return .object(members)
    }

    /// A field of a tab-separated line: tabs and line breaks would split it, so they become spaces.
    static func plainField(_ text: String) -> String {
        // Nearly every field is plain already; only a field with a tab or line break is rebuilt.
        guard text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 >= 0x80 }) else { return text }
        return String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }

    // MARK: Table updates

    /// One line per changed section: `Cool Down: inserted rows 2.1, 2.2 (1 → 3 rows)`.
    package static func updateText(_ update: TableUpdate) -> String {
        let lines = update.sections.compactMap { section -> String? in
            func paths(_ rows: [Int]) -> String {
                rows.map { RowPath(section: section.section, row: $0).description }.joined(separator: ", ")
            }
            func rows(_ count: Int) -> String { count == 1 ? "row" : "rows" }
            var parts: [String] = []
            if !section.deleted.isEmpty { parts.append("deleted \(rows(section.deleted.count)) \(paths(section.deletedRows))") }
            if !section.inserted.isEmpty { parts.append("inserted \(rows(section.inserted.count)) \(paths(section.insertedRows))") }
            if !section.reloadedRows.isEmpty {
                parts.append("reloaded \(rows(section.reloadedRows.count)) \(paths(section.reloadedRows))")
            }
            guard !parts.isEmpty else { return nil }
            let counts = section.before == section.after ? "" : " (\(section.before) → \(section.after) \(rows(section.after)))"
            return "\(section.title): \(parts.joined(separator: "; "))\(counts)"
        }
        return (lines.isEmpty ? "no visible rows changed" : lines.joined(separator: "\n")) + "\n"
    }

    /// What an action set, for the JSON form of an update.
    package enum SettingValue: Sendable {
        case on(Bool)
        case value(String)

        /// What `action` set, as the update's JSON reports it.
        package init(_ action: ProfileAction) {
            switch action {
            case let .setSegmentEnabled(_, isOn), let .setBellsEnabled(isOn), let .setIntervalsEnabled(isOn): self = .on(isOn)
            case let .setDuration(_, duration), let .setInterval(duration): self = .value(duration.formatted)
            case let .setBell(bell), let .setIntervalBell(bell): self = .value(bell.rawValue)
            }
        }
    }

    /// `{"setting": "cooldown", "on": true, "updates": [{"section": 2, …, "inserted": [1, 2], …}]}`.
    package static func updateJSON(setting: String, value: SettingValue, update: TableUpdate) -> String {
        let valueMember: (String, JSONWriter.Value) = switch value {
        case let .on(flag): ("on", .bool(flag))
        case let .value(text): ("value", .string(text))
        }
        return JSONWriter.text(inlineFlatObjects: true, .object([
            ("setting", .string(setting)),
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

    /// Every profile: name, main time, total time and which parts are on.
    package static func list(_ profiles: [Profile], format: OutputFormat, options: RenderOptions = RenderOptions()) -> String {
        let models = profiles.map(ProfileViewModel.init)
        switch format {
        case .table:
            guard !models.isEmpty else { return "no profiles yet; create one with: profile new NAME\n" }
            func part(_ model: ProfileViewModel, _ type: SegmentType) -> StyledText {
                model.isEnabled(type) ? StyledText(model.time(for: type)) : StyledText("off", .dim)
            }
            return BoxTable(
                headers: ["Name", "Time", "Total", "Warm Up", "Cool Down", "Bell", "Every"],
                rows: models.map { model in
                    [StyledText(model.profile.name), StyledText(model.mainTime), StyledText(model.totalTime),
                     part(model, .warmUp), part(model, .coolDown),
                     model.isOn(.cooldown) && model.isOn(.cooldownBells) ? StyledText(model.bellName) : StyledText("off", .dim),
                     model.isOn(.intervals) ? StyledText(model.intervalTime) : StyledText("off", .dim)]
                },
                alignments: [.left, .right, .right, .right, .right, .left, .right],
                flexibleColumn: 0
            ).render(options: options)
        case .plain:
            return models.map { model in
                [model.profile.name, model.mainTime, model.totalTime,
                 model.isOn(.warmup) ? "on" : "off", model.isOn(.cooldown) ? "on" : "off",
                 model.isOn(.cooldownBells) ? "on" : "off", model.bellName,
                 model.isOn(.intervals) ? "on" : "off", model.intervalTime, model.intervalBellName]
                    .map(plainField).joined(separator: "\t") + "\n"
            }.joined()
        case .json:
            return JSONWriter.text(inlineFlatObjects: true, .array(models.map { model in
                .object([
                    ("name", .string(model.profile.name)),
                    ("time", .string(model.mainTime)),
                    ("total", .string(model.totalTime)),
                    ("warmup", .bool(model.isOn(.warmup))),
                    ("cooldown", .bool(model.isOn(.cooldown))),
                    ("bells", .bool(model.isOn(.cooldownBells))),
                    ("bell", .string(model.bellName)),
                    ("intervals", .bool(model.isOn(.intervals))),
                    ("every", .string(model.intervalTime)),
                    ("intervalBell", .string(model.intervalBellName)),
                ])
            }))
        }
    }

    /// The bell catalog.
    package static func sounds(format: OutputFormat, options: RenderOptions = RenderOptions()) -> String {
        switch format {
        case .table:
            return BoxTable(
                title: StyledText("Bells", .bold),
                rows: Bell.allCases.map { [StyledText($0.rawValue), StyledText($0 == .default ? "default" : "", .dim)] }
            ).render(options: options)
        case .plain:
            return Bell.allCases.map { $0.rawValue + "\n" }.joined()
        case .json:
            return JSONWriter.text(inlineFlatObjects: true, .array(Bell.allCases.map {
                .object([("name", .string($0.rawValue)), ("default", .bool($0 == .default))])
            }))
        }
    }
}
