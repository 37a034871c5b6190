import TableKit

/// The profile screen as a table: sections, row counts, switch states and formatted times.
///
/// The view model is the only place that decides what a row is. Actions do not mutate it: each returns
/// the new profile together with the ``TableUpdate`` that takes the old table to the new one, computed
/// from every section's row count before and after the change.
package struct ProfileViewModel: Hashable, Sendable {
    /// The profile shown.
    package let profile: Profile

    /// Shows `profile`.
    package init(profile: Profile) {
        self.profile = profile
    }

    /// The sections, in order: Time, Warm Up, Cool Down, Intervals.
    package static let sectionKinds = ProfileSection.allCases

    /// How many sections the table has.
    package var numberOfSections: Int { Self.sectionKinds.count }

    /// How many rows `section` has; 0 for a section that does not exist.
    package func numberOfRows(inSection section: Int) -> Int {
        Self.sectionKinds.indices.contains(section) ? numberOfRows(for: Self.sectionKinds[section]) : 0
    }

    /// How many rows `section` has: Time 1; Warm Up 1 or 2; Cool Down 1, 3 or 4; Intervals 1 or 3.
    package func numberOfRows(for section: ProfileSection) -> Int {
        switch section {
        case .time:
            return 1
        case .warmUp:
            return isEnabled(.warmUp) ? 2 : 1
        case .coolDown:
            guard isEnabled(.coolDown) else { return 1 }
            return isBeginSoundEnabled(.coolDown) ? 4 : 3
        case .intervals:
            return profile.intervals.enabled ? 3 : 1
        }
    }

    /// Whether the segment of `type` is on; the main sit always is, a missing segment is not.
    package func isEnabled(_ type: SegmentType) -> Bool {
        type == .main || profile.segment(ofType: type)?.enabled == true
    }

    /// Whether the segment of `type` rings a bell at its start (the Cool Down section's Bells switch).
    package func isBeginSoundEnabled(_ type: SegmentType) -> Bool {
        profile.segment(ofType: type)?.sound(ofType: .begin)?.enabled == true
    }

    /// The formatted length of the segment of `type`; `00:00` for a segment the profile does not have.
    package func time(for type: SegmentType) -> String {
        switch type {
        case .main: profile.duration.formatted
        case .warmUp, .coolDown: profile.segment(ofType: type)?.duration.formatted ?? TimerDuration.zero.formatted
        }
    }

    /// The formatted length of the main sit.
    package var mainTime: String { time(for: .main) }

    /// The formatted length of the whole session: warm-up + main + cool-down, of the parts that are on.
    package var totalTime: String { profile.totalDuration.formatted }

    /// The cool-down bell's name.
    package var bellName: String {
        (profile.segment(ofType: .coolDown)?.sound(ofType: .begin)?.bell ?? .default).rawValue
    }

    /// The formatted time between interval bells.
    package var intervalTime: String { profile.intervals.every.formatted }

    /// The interval bell's name.
    package var intervalBellName: String { profile.intervals.bell.rawValue }

    /// Whether `toggle` is on.
    package func isOn(_ toggle: Switch) -> Bool {
        switch toggle {
        case .warmup: isEnabled(.warmUp)
        case .cooldown: isEnabled(.coolDown)
        case .cooldownBells: isBeginSoundEnabled(.coolDown)
        case .intervals: profile.intervals.enabled
        }
    }

    /// The sections with their rows, as the table shows them.
    package var sections: [TableSection] {
        Self.sectionKinds.map { kind in
            TableSection(id: kind.id, title: kind.title, rows: rows(for: kind))
        }
    }

    /// The table as it is now.
    package var snapshot: TableSnapshot { TableSnapshot(sections: sections) }

    /// The row at `indexPath`, or nil when the table has no such row.
    package func row(at indexPath: RowPath) -> TableRow? {
        guard Self.sectionKinds.indices.contains(indexPath.section) else { return nil }
        let rows = rows(for: Self.sectionKinds[indexPath.section])
        return rows.indices.contains(indexPath.row) ? rows[indexPath.row] : nil
    }

    private func rows(for kind: ProfileSection) -> [TableRow] {
        let id = kind.id
        var rows: [TableRow]
        switch kind {
        case .time:
            return [TableRow(id: "time.duration", label: "Duration", content: .value(mainTime))]
        case .warmUp, .coolDown:
            let type: SegmentType = kind == .warmUp ? .warmUp : .coolDown
            rows = [TableRow(id: "\(id).enabled", label: "Enabled", content: .toggle(isOn: isEnabled(type)))]
            guard isEnabled(type) else { return rows }
            rows.append(TableRow(id: "\(id).duration", label: "Duration", content: .value(time(for: type))))
            if type == .coolDown {
                rows.append(TableRow(id: "\(id).bells", label: "Bells", content: .toggle(isOn: isBeginSoundEnabled(type))))
                if isBeginSoundEnabled(type) {
                    rows.append(TableRow(id: "\(id).bell", label: "Name", content: .value(bellName)))
                }
            }
        case .intervals:
            rows = [TableRow(id: "intervals.enabled", label: "Enabled", content: .toggle(isOn: profile.intervals.enabled))]
            if profile.intervals.enabled {
                rows.append(TableRow(id: "intervals.every", label: "Every", content: .value(intervalTime)))
                rows.append(TableRow(id: "intervals.bell", label: "Bell", content: .value(intervalBellName)))
            }
        }
        precondition(rows.count == numberOfRows(for: kind), "rows and row count disagree")
        return rows
    }
}

/// The sections of the profile screen.
package enum ProfileSection: Int, CaseIterable, Sendable {
    case time, warmUp, coolDown, intervals

    /// The section's identifier, as `--section` takes it: `time`, `warmup`, `cooldown`, `intervals`.
    package var id: String {
        switch self {
        case .time: "time"
        case .warmUp: "warmup"
        case .coolDown: "cooldown"
        case .intervals: "intervals"
        }
    }

    /// The section's title: `Time`, `Warm Up`, `Cool Down`, `Intervals`.
    package var title: String {
        switch self {
        case .time: SegmentType.main.title
        case .warmUp: SegmentType.warmUp.title
        case .coolDown: SegmentType.coolDown.title
        case .intervals: "Intervals"
        }
    }
}

/// The outcome of an action: the new profile and the table update that shows it.
package struct ProfileChange: Hashable, Sendable {
    /// The profile after the action.
    package var profile: Profile
    /// The rows the action inserted, deleted and changed.
    package var update: TableUpdate

    /// Makes a change.
    package init(profile: Profile, update: TableUpdate) {
        self.profile = profile
        self.update = update
    }

    /// The view model of the profile after the action.
    package var viewModel: ProfileViewModel { ProfileViewModel(profile: profile) }
}

extension ProfileViewModel {
    /// Performs `action` on a copy of the profile.
    ///
    /// - Returns: the new profile and the update from the table before to the table after.
    /// - Throws: ``ProfileError/durationOutOfRange(_:segment:allowed:)`` for a length outside the
    ///   segment's range, ``ProfileError/unknownSwitch(_:suggestion:)`` for switching the main sit.
    package func performing(_ action: ProfileAction) throws(ProfileError) -> ProfileChange {
        var profile = self.profile
        switch action {
        case let .setSegmentEnabled(type, isOn):
            guard type != .main else { throw ProfileError.unknownSwitch(type.rawValue, suggestion: nil) }
            profile[segment: type].enabled = isOn
        case let .setBellsEnabled(isOn):
            profile[segment: .coolDown][sound: .begin].enabled = isOn
        case let .setDuration(type, duration):
            try type.validate(duration)
            if type == .main {
                profile.duration = duration
            } else {
                profile[segment: type].duration = duration
            }
        case let .setBell(bell):
            profile[segment: .coolDown][sound: .begin].bell = bell
        case let .setIntervalsEnabled(isOn):
            profile.intervals.enabled = isOn
        case let .setInterval(every):
            try Intervals.validate(every)
            profile.intervals.every = every
        case let .setIntervalBell(bell):
            profile.intervals.bell = bell
        }
        return ProfileChange(profile: profile, update: TableUpdate(from: sections, to: ProfileViewModel(profile: profile).sections))
    }

    /// Flips `toggle`.
    package func toggling(_ toggle: Switch) throws(ProfileError) -> ProfileChange {
        try performing(toggle.action(isOn: !isOn(toggle)))
    }
}
