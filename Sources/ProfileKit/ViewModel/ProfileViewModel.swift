import LocalTime
import TableKit
import Breath

/// The profile screen as a table: sections, row counts, switch states and formatted times.
///
/// The view model is the only place that decides what a row is. A section's rows are a list of
/// ``Setting``s (``rows(in:)``); counts, labels, values and the table's rows all come from that list.
/// Actions do not mutate the view model: each returns the new profile together with the
/// ``TableUpdate`` that takes the old table to the new one, computed from every section's rows before
/// and after the change.
package struct ProfileViewModel: Hashable, Sendable {
    /// The profile shown.
    package let profile: Profile

    /// Shows `profile`.
    package init(profile: Profile) {
        self.profile = profile
    }

    /// How many sections the table has.
    package var numberOfSections: Int { ProfileSection.allCases.count }

    /// The settings `section` shows, top to bottom: those of its possible rows whose switches are on
    /// and, for the interval, the one of the profile's mode.
    package func rows(in section: ProfileSection) -> [Setting] {
        section.possibleRows.filter { setting in
            setting.shownWhen.allSatisfy(isOn) && (setting.shownInMode.map { $0 == intervalMode } ?? true)
                && (setting.shownWithChoice.map { $0 == profile.breathing.choice } ?? true)
        }
    }

    /// Whether interval bells ring every so often or at chosen times.
    package var intervalMode: IntervalMode { profile.intervals.schedule.mode }

    /// How many rows `section` has: Time 1; Warm Up 1 or 2; Cool Down 1, 3 or 4; Intervals 1 or 3;
    /// Bells 2; Ambience 1 or 3; Breathing 1, 5, or 9 with Custom.
    package func numberOfRows(for section: ProfileSection) -> Int {
        rows(in: section).count
    }

    /// How many rows the section at `index` has; 0 for a section that does not exist.
    package func numberOfRows(inSection index: Int) -> Int {
        ProfileSection(index: index).map(numberOfRows(for:)) ?? 0
    }

    /// The setting shown at `path`, or nil when the table has no such row.
    package func setting(at path: RowPath) -> Setting? {
        guard let section = ProfileSection(index: path.section) else { return nil }
        let rows = rows(in: section)
        return rows.indices.contains(path.row) ? rows[path.row] : nil
    }

    /// Whether `toggle` is on.
    package func isOn(_ toggle: Switch) -> Bool {
        switch toggle {
        case .warmup: isEnabled(.warmUp)
        case .cooldown: isEnabled(.coolDown)
        case .cooldownBells: profile.segment(ofType: .coolDown)?.bellEnabled == true
        case .intervals: profile.intervals.enabled
        case .ambience: profile.ambience.isEnabled
        case .breathing: profile.breathing.isEnabled
        }
    }

    /// The value `setting` has now (also when its row is hidden: a hidden length keeps its value). Both
    /// modes of the interval have the one schedule the profile holds.
    package func value(of setting: Setting) -> SettingValue {
        switch setting {
        case let .toggle(toggle): .on(isOn(toggle))
        case let .duration(duration): .duration(self.duration(duration))
        case let .bell(slot): .bell(bell(slot))
        case .interval: .schedule(profile.intervals.schedule)
        case .ambience(.sound): .ambience(profile.ambience.sound)
        case .ambience(.volume): .volume(profile.ambience.volume)
        case .breathing(.pattern): .breathPattern(profile.breathing.choice)
        case let .breathing(.length(length)): .seconds(profile.breathing.custom[keyPath: length.keyPath])
        case .breathing(.lead): .breathLead(profile.breathing.lead)
        case .breathing(.cue): .breathCue(profile.breathing.cue)
        case .breathing(.volume): .volume(profile.breathing.volume)
        }
    }

    /// The value of `setting` as the table shows it: `on`, `05:00`, `Singing Bowl`.
    package func text(of setting: Setting) -> String { value(of: setting).text }

    private func duration(_ setting: DurationSetting) -> TimerDuration {
        switch setting {
        case .main: profile.duration
        // A segment not created yet has the length it will be created with (its type's default).
        case .warmUp: profile[segment: .warmUp].duration
        case .coolDown: profile[segment: .coolDown].duration
        }
    }

    /// The bell `slot` holds: nil for a Start or End bell set to none.
    package func bell(_ slot: BellSlot) -> BellChoice? {
        switch slot {
        case .coolDown: profile.segment(ofType: .coolDown)?.bell ?? .default
        case .intervals: profile.intervals.bell
        case .start: profile.startBell
        case .end: profile.endBell
        }
    }

    /// Whether the segment of `type` is on; the main sit always is, a missing segment is not.
    package func isEnabled(_ type: SegmentType) -> Bool {
        type == .main || profile.segment(ofType: type)?.enabled == true
    }

    /// The formatted length of the segment of `type`; for a segment the profile does not have yet, the
    /// length it will have when switched on (its type's default: Warm Up 02:00, Cool Down 05:00).
    package func time(for type: SegmentType) -> String {
        switch type {
        case .main: text(of: .duration(.main))
        case .warmUp: text(of: .duration(.warmUp))
        case .coolDown: text(of: .duration(.coolDown))
        }
    }

    /// The formatted length of the main sit.
    package var mainTime: String { time(for: .main) }

    /// The formatted length of the whole session: warm-up + main + cool-down, of the parts that are on.
    package var totalTime: String { profile.totalDuration.formatted }

    /// The row `setting` shows.
    package func row(_ setting: Setting) -> TableRow {
        let value = value(of: setting)
        let content: TableRow.Content = switch value {
        case let .on(isOn): .toggle(isOn: isOn)
        case .duration, .bell, .schedule, .ambience, .volume, .breathPattern, .seconds, .breathLead, .breathCue: .value(value.text)
        }
        return TableRow(id: setting.rowID, label: setting.label, content: content)
    }

    /// The sections with their rows, as the table shows them.
    package var sections: [TableSection] {
        ProfileSection.allCases.map { section in
            TableSection(id: section.id, title: section.title, rows: rows(in: section).map(row))
        }
    }

    /// The table as it is now.
    package var snapshot: TableSnapshot { TableSnapshot(sections: sections) }

    /// The row at `path`, or nil when the table has no such row.
    package func row(at path: RowPath) -> TableRow? {
        setting(at: path).map(row)
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
    ///   setting's range; ``ProfileError/intervalOutOfRange(_:allowed:)`` or
    ///   ``ProfileError/intervalTimeOutOfRange(_:allowed:mainSit:)`` for a schedule that would not ring.
    /// A value its setting has already leaves the profile as it is: a segment not created yet shows the
    /// value it would be created with, and setting that value creates nothing.
    package func performing(_ action: ProfileAction) throws(ProfileError) -> ProfileChange {
        if case let .setDuration(setting, duration) = action { try setting.validate(duration) }
        guard value(of: action.setting) != action.value else {
            return ProfileChange(profile: profile, update: TableUpdate(diffing: sections, to: sections))
        }
        var profile = self.profile
        switch action {
        case let .setSwitch(toggle, isOn):
            switch toggle {
            case .warmup: profile[segment: .warmUp].enabled = isOn
            case .cooldown: profile[segment: .coolDown].enabled = isOn
            case .cooldownBells: profile[segment: .coolDown].bellEnabled = isOn
            case .intervals: profile.intervals.enabled = isOn
            case .ambience: profile.ambience.isEnabled = isOn
            case .breathing: profile.breathing.isEnabled = isOn
            }
        case let .setDuration(setting, duration):
            try setting.validate(duration)
            switch setting {
            case .main: profile.duration = duration
            case .warmUp: profile[segment: .warmUp].duration = duration
            case .coolDown: profile[segment: .coolDown].duration = duration
            }
        case let .setBell(slot, choice):
            switch slot {
            case .coolDown: profile[segment: .coolDown].bell = try Self.required(choice, slot)
            case .intervals: profile.intervals.bell = try Self.required(choice, slot)
            case .start: profile.startBell = choice
            case .end: profile.endBell = choice
            }
        case let .setIntervals(schedule):
            // Chosen times are checked against today's main sit; a later, shorter one drops them instead.
            try Intervals.validate(schedule, inMainSitOf: profile.duration)
            profile.intervals.schedule = schedule
        case let .setAmbienceSound(sound):
            profile.ambience.sound = sound
        case let .setAmbienceVolume(volume):
            profile.ambience.volume = try Ambience.checked(volume: volume)
        case let .setBreathPattern(choice):
            profile.breathing.choice = choice
        case let .setBreathLength(length, tenths):
            profile.breathing.custom = try length.setting(tenths, in: profile.breathing.custom)
        case let .setBreathLead(lead):
            profile.breathing.lead = try Breathing.checked(lead: lead)
        case let .setBreathCue(cue):
            profile.breathing.cue = cue
        case let .setBreathVolume(volume):
            profile.breathing.volume = try Ambience.checked(volume: volume)
        }
        return ProfileChange(profile: profile, update: TableUpdate(diffing: sections, to: ProfileViewModel(profile: profile).sections))
    }

    /// `choice`, for a slot that must ring a bell.
    private static func required(_ choice: BellChoice?, _ slot: BellSlot) throws(ProfileError) -> BellChoice {
        guard let choice else {
            throw .invalidBellChoice(BellChoice.noneWord, reason: "\(Setting.bell(slot).title) cannot be none")
        }
        return choice
    }

    /// Flips `toggle`.
    package func toggling(_ toggle: Switch) throws(ProfileError) -> ProfileChange {
        try performing(toggle.action(isOn: !isOn(toggle)))
    }
}
