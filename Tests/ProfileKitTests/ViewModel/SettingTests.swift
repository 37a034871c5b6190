import Testing
import ProfileKit
import TableKit

/// The one typed description of the rows: every setting is one row of one section, and counts, ids,
/// labels, values and actions all come from it.
@Suite("Settings and rows")
struct SettingTests {
    /// Every setting there is, from the six kinds of row, in no particular order.
    static let everySetting: [Setting] = Switch.allCases.map(Setting.toggle)
        + DurationSetting.allCases.map(Setting.duration) + BellSlot.allCases.map(Setting.bell)
        + IntervalMode.allCases.map(Setting.interval) + AmbienceSetting.allCases.map(Setting.ambience)
        + BreathingSetting.allCases.map(Setting.breathing)

    @Test func everySettingIsOneRowOfExactlyOneSection() {
        #expect(Setting.allCases.count == Self.everySetting.count)
        #expect(Set(Setting.allCases) == Set(Self.everySetting))
        for setting in Self.everySetting {
            let sections = ProfileSection.allCases.filter { $0.possibleRows.contains(setting) }
            #expect(sections == [setting.section], "\(setting) is listed by \(sections)")
            #expect(setting.rowID.hasPrefix(setting.section.id + "."), "\(setting.rowID)")
            // A row depends only on switches of its own section, shown before it.
            for toggle in setting.shownWhen {
                let rows = setting.section.possibleRows
                #expect(Setting.toggle(toggle).section == setting.section)
                #expect((rows.firstIndex(of: .toggle(toggle)) ?? .max) < (rows.firstIndex(of: setting) ?? -1))
            }
        }
        #expect(Set(Setting.allCases.map(\.name)).count == Setting.allCases.count, "names are unique")
        // Row ids are unique but for the interval's two modes, which are one row.
        let shared = Dictionary(grouping: Setting.allCases, by: \.rowID).filter { $0.value.count > 1 }
        #expect(shared.keys.sorted() == ["intervals.when"])
        #expect(shared["intervals.when"] == [.interval(.every), .interval(.at)])
        #expect(Setting.allCases.map(\.name) == [
            "duration", "warmup", "warmup.duration", "cooldown", "cooldown.duration", "cooldown.bells",
            "cooldown.bell", "intervals", "intervals.every", "intervals.at", "intervals.bell", "bells.start", "bells.end",
            "ambience", "ambience.sound", "ambience.volume", "breathing", "breathing.pattern", "breathing.in",
            "breathing.hold-in", "breathing.out", "breathing.hold-out", "breathing.lead", "breathing.cue", "breathing.volume",
        ])
    }

    /// All 64 combinations of the six switches: the seed's counts, and every row is the setting's row.
    /// …and the interval in either mode (bit 6: chosen times), which changes no count, and the breathing
    /// pattern Custom (bit 7), which shows four rows more when Breathing is on.
    @Test(arguments: 0..<256)
    func countsAreTheLengthsOfTheTypedLists(_ bits: Int) throws {
        var profile = Profile(name: "P")
        if bits & 64 != 0 { profile.intervals.schedule = .at([.minutes(5)]) }
        if bits & 128 != 0 { profile.breathing.choice = .custom }
        var viewModel = ProfileViewModel(profile: profile)
        for (index, toggle) in Switch.allCases.enumerated() {
            profile = try viewModel.performing(.setSwitch(toggle, bits & (1 << index) != 0)).profile
            viewModel = ProfileViewModel(profile: profile)
        }
        let on = { (toggle: Switch) in viewModel.isOn(toggle) }
        #expect(viewModel.numberOfRows(for: .time) == 1)
        #expect(viewModel.numberOfRows(for: .warmUp) == (on(.warmup) ? 2 : 1))
        #expect(viewModel.numberOfRows(for: .coolDown) == (on(.cooldown) ? (on(.cooldownBells) ? 4 : 3) : 1))
        #expect(viewModel.numberOfRows(for: .intervals) == (on(.intervals) ? 3 : 1))
        #expect(viewModel.numberOfRows(for: .ambience) == (on(.ambience) ? 3 : 1))
        #expect(viewModel.numberOfRows(for: .breathing) == (on(.breathing) ? (bits & 128 != 0 ? 9 : 5) : 1))
        if on(.ambience) {
            #expect(viewModel.sections[ProfileSection.ambience.index].rows.map(\.label) == ["Enabled", "Sound", "Volume"])
            #expect(viewModel.sections[ProfileSection.ambience.index].rows.map(\.detail) == ["on", "Rain", "30%"])
        }
        if on(.intervals) {
            #expect(viewModel.rows(in: .intervals) == [.toggle(.intervals), .interval(bits & 64 != 0 ? .at : .every), .bell(.intervals)])
            #expect(viewModel.sections[ProfileSection.intervals.index].rows.map(\.label) == ["Enabled", bits & 64 != 0 ? "At" : "Every", "Bell"])
        }
        for section in ProfileSection.allCases {
            let rows = viewModel.rows(in: section)
            #expect(viewModel.sections[section.index].rows.count == rows.count)
            for (index, setting) in rows.enumerated() {
                let path = RowPath(section: section.index, row: index)
                #expect(viewModel.setting(at: path) == setting)
                #expect(viewModel.row(at: path) == viewModel.row(setting))
                #expect(viewModel.row(setting).label == setting.label)
            }
            #expect(viewModel.setting(at: RowPath(section: section.index, row: rows.count)) == nil)
        }
    }

    /// Setting a value to the text the table shows changes nothing, for every setting: names, values,
    /// parsing and the table agree.
    /// The interval's other mode is left out: its value is the schedule of the mode the profile is in.
    @Test(arguments: [IntervalSchedule.every(.minutes(5)), .at([.minutes(10), .minutes(15)])])
    func everyShownValueReadsBackAsTheSameValue(_ schedule: IntervalSchedule) throws {
        var profile = Profile(name: "P")
        profile.intervals.schedule = schedule
        for toggle in Switch.allCases { profile = try ProfileViewModel(profile: profile).performing(toggle.action(isOn: true)).profile }
        let viewModel = ProfileViewModel(profile: profile)
        for setting in Setting.allCases where setting.shownInMode.map({ $0 == schedule.mode }) ?? true {
            let named = try Setting(named: setting.name.uppercased())
            #expect(named == setting)
            let action = try setting.action(value: viewModel.text(of: setting), catalog: .builtIn)
            #expect(action.setting == setting)
            #expect(action.value == viewModel.value(of: setting))
            let change = try viewModel.performing(action)
            #expect(change.profile == profile && change.update.isEmpty, "\(setting)")
        }
    }
}
