import Testing
import LocalTime
@testable import ProfileKit
import TableKit
import Breath

@Suite("ProfileViewModel")
struct ProfileViewModelTests {
    @Test func newProfileMatchesTheDefaults() {
        let viewModel = ProfileViewModel(profile: Profile(name: "New"))
        #expect(viewModel.numberOfSections == 7)
        #expect(viewModel.sections.map(\.title) == ["Time", "Warm Up", "Cool Down", "Intervals", "Bells", "Ambience", "Breathing"])
        #expect(viewModel.sections.map(\.id) == ["time", "warmup", "cooldown", "intervals", "bells", "ambience", "breathing"])
        #expect(viewModel.sections[6].rows.map(\.label) == ["Enabled"] && !viewModel.isOn(.breathing))
        #expect(viewModel.sections[5].rows.map(\.label) == ["Enabled"] && !viewModel.isOn(.ambience))
        #expect(viewModel.sections[4].rows.map(\.label) == ["Start", "End"])
        #expect(viewModel.sections[4].rows.map(\.detail) == ["Singing Bowl", "Singing Bowl"])
        #expect(viewModel.mainTime == "20:00")
        #expect(viewModel.numberOfRows(for: .time) == 1)
        #expect(viewModel.numberOfRows(for: .intervals) == 1)
        #expect(!viewModel.isOn(.intervals) && viewModel.text(of: .interval(.every)) == "05:00" && viewModel.text(of: .bell(.intervals)) == "Singing Bowl")
        #expect(viewModel.numberOfRows(for: .warmUp) == 1)
        #expect(viewModel.numberOfRows(for: .coolDown) == 1)
        #expect(!viewModel.isEnabled(.warmUp) && !viewModel.isEnabled(.coolDown) && viewModel.isEnabled(.main))
        #expect(!viewModel.isOn(.cooldownBells))
        #expect(viewModel.text(of: .bell(.coolDown)) == "Singing Bowl")
        // Segments the profile does not have yet show the lengths they will have (issue 27, superseding
        // "a missing segment shows 00:00"), and count for nothing in the total while off…
        #expect(viewModel.time(for: .warmUp) == "02:00")
        #expect(viewModel.time(for: .coolDown) == "05:00")
        #expect(viewModel.profile.segments.isEmpty)
        #expect(viewModel.totalTime == "20:00")
    }

    /// Setting a value a setting shows already changes nothing, not even by creating the segment that
    /// would hold it: `set Fresh cooldown.duration 5m` on a new profile is "already 05:00".
    @Test(arguments: [ProfileAction.setDuration(.coolDown, .minutes(5)), .setDuration(.warmUp, .minutes(2)),
                      .setSwitch(.cooldown, false), .setSwitch(.cooldownBells, false), .setSwitch(.warmup, false),
                      .setBell(.coolDown, .default)])
    func aValueAlreadyShownLeavesTheProfileAsItIs(_ action: ProfileAction) throws {
        let viewModel = ProfileViewModel(profile: Profile(name: "Fresh"))
        let change = try viewModel.performing(action)
        #expect(change.profile == viewModel.profile)
        #expect(change.profile.segments.isEmpty)
        #expect(change.update.isEmpty)
        // Another value does create the segment, with that value.
        let other = try viewModel.performing(.setDuration(.coolDown, .minutes(6)))
        #expect(other.profile.segment(ofType: .coolDown)?.duration == .minutes(6))
        #expect(other.viewModel.time(for: .coolDown) == "06:00")
    }

    @Test func aValueOutOfRangeIsRefusedEvenWhenNothingWouldChange() {
        let viewModel = ProfileViewModel(profile: Profile(name: "Fresh"))
        #expect(throws: ProfileError.self) { try viewModel.performing(.setDuration(.coolDown, TimerDuration(seconds: 7200))) }
    }

    @Test func switchingOnCreatesSegmentsWithTheirDefaults() throws {
        let viewModel = ProfileViewModel(profile: Profile(name: "New"))
        let warm = try viewModel.performing(.setSwitch(.warmup, true)).viewModel
        #expect(warm.time(for: .warmUp) == "02:00")
        let cool = try warm.performing(.setSwitch(.cooldown, true)).viewModel
        #expect(cool.time(for: .coolDown) == "05:00")
        #expect(cool.profile.segments.map(\.type) == [.warmUp, .coolDown])
        #expect(cool.totalTime == "27:00")
        let bells = try cool.performing(.setSwitch(.cooldownBells, true)).viewModel
        #expect(bells.profile.segment(ofType: .coolDown)?.bellEnabled == true)
        #expect(bells.profile.segment(ofType: .coolDown)?.bell == BellChoice(.singingBowl))
    }

    @Test func segmentsAreFoundByTypeNotPosition() {
        // Cool Down first in the list: a lookup by position would show the wrong segment.
        let profile = Profile(name: "P", segments: [
            Segment(type: .coolDown, enabled: true, duration: .minutes(9)),
            Segment(type: .warmUp, enabled: false, duration: .minutes(1)),
        ])
        let viewModel = ProfileViewModel(profile: profile)
        #expect(viewModel.isEnabled(.coolDown) && !viewModel.isEnabled(.warmUp))
        #expect(viewModel.time(for: .coolDown) == "09:00")
        #expect(viewModel.time(for: .warmUp) == "01:00")
        #expect(viewModel.numberOfRows(for: .coolDown) == 3)
    }

    @Test func rowsOfAFullProfile() {
        let viewModel = ProfileViewModel(profile: makeProfile(warmUp: true, coolDown: true, bells: true))
        let rows = viewModel.sections.map { $0.rows.map { "\($0.label)=\($0.detail)" } }
        #expect(rows == [
            ["Duration=20:00"],
            ["Enabled=on", "Duration=02:00"],
            ["Enabled=on", "Duration=05:00", "Bells=on", "Bell=Singing Bowl"],
            ["Enabled=off"],
            ["Start=Singing Bowl", "End=Singing Bowl"],
            ["Enabled=off"],
            ["Enabled=off"],
        ])
        #expect(viewModel.row(at: RowPath(section: 2, row: 2))?.content == .toggle(isOn: true))
        #expect(viewModel.row(at: RowPath(section: 2, row: 3))?.content == .value("Singing Bowl"))
        #expect(viewModel.row(at: RowPath(section: 3, row: 1)) == nil)
        #expect(viewModel.row(at: RowPath(section: 4, row: 1))?.content == .value("Singing Bowl"))
        #expect(viewModel.row(at: RowPath(section: 4, row: 2)) == nil)
        #expect(viewModel.row(at: RowPath(section: 5, row: 1)) == nil)
        #expect(viewModel.row(at: RowPath(section: 6, row: 1)) == nil)
        #expect(viewModel.row(at: RowPath(section: 7, row: 0)) == nil)
        #expect(viewModel.numberOfRows(inSection: 9) == 0)
        #expect(viewModel.isOn(.warmup) && viewModel.isOn(.cooldown) && viewModel.isOn(.cooldownBells))
    }

    /// Issue 38: the Ambience switch inserts Sound and Volume (5.1, 5.2) and takes them out again, as
    /// every switch does; the sound and volume read what people type and refuse what is no such thing.
    @Test func ambienceInsertsItsRowsAndTakesItsValues() throws {
        let viewModel = ProfileViewModel(profile: Profile(name: "P"))
        let on = try viewModel.toggling(.ambience)
        let section = try #require(on.update.sections.first { $0.section == ProfileSection.ambience.index })
        #expect(section.before == 1 && section.after == 3 && section.insertedRows == [1, 2] && section.deletedRows.isEmpty)
        #expect(on.update.sections.filter { $0.section != 5 }.allSatisfy { $0.insertedRows.isEmpty && $0.deletedRows.isEmpty })
        let off = try on.viewModel.toggling(.ambience)
        let back = try #require(off.update.sections.first { $0.section == 5 })
        #expect(back.before == 3 && back.after == 1 && back.deletedRows == [1, 2])
        let catalog = SoundCatalog(recorded: ["Creek"])
        #expect(try Setting.ambience(.sound).action(value: "ocean", catalog: catalog) == .setAmbienceSound(.builtIn(.ocean)))
        #expect(try Setting.ambience(.sound).action(value: "BROWN-noise", catalog: catalog) == .setAmbienceSound(.builtIn(.brownNoise)))
        #expect(try Setting.ambience(.sound).action(value: "creek", catalog: catalog) == .setAmbienceSound(.recorded("Creek")))
        #expect(throws: ProfileError.unknownSoundscape("Oceans", known: Soundscape.allCases.map(\.rawValue) + ["Creek"], suggestion: "Ocean")) {
            try Setting.ambience(.sound).action(value: "Oceans", catalog: catalog)
        }
        #expect(try Setting.ambience(.volume).action(value: "50%", catalog: .builtIn) == .setAmbienceVolume(50))
        #expect(try Setting.ambience(.volume).action(value: " 0 ", catalog: .builtIn) == .setAmbienceVolume(0))
        for bad in ["101%", "-1", "50.5%", "loud", "", "%", "1000"] {
            #expect(throws: ProfileError.invalidVolume(bad)) { try Setting.ambience(.volume).action(value: bad, catalog: .builtIn) }
        }
        #expect(ProfileError.invalidVolume("loud").description == "invalid volume \"loud\": use a percentage from 0% to 100%, such as 30%")
        let set = try on.viewModel.performing(.setAmbienceVolume(50))
        #expect(set.viewModel.text(of: .ambience(.volume)) == "50%")
        #expect(set.update.sections.first { $0.section == 5 }?.reloadedRows == [2])
        #expect(throws: ProfileError.invalidVolume("101%")) { try viewModel.performing(.setAmbienceVolume(101)) }
    }

    @Test func timesOverAnHour() throws {
        let change = try ProfileViewModel(profile: Profile(name: "Long")).performing(.setDuration(.main, TimerDuration(seconds: 5400)))
        #expect(change.viewModel.mainTime == "01:30:00")
        #expect(change.update.sections.map(\.reloadedRows) == [[0]])
    }

    @Test func outOfRangeValuesAreRefusedEverywhere() {
        let viewModel = ProfileViewModel(profile: Profile(name: "P"))
        #expect(throws: ProfileError.self) { try viewModel.performing(.setDuration(.main, .zero)) }
        #expect(throws: ProfileError.self) { try viewModel.performing(.setDuration(.main, TimerDuration(seconds: 86400))) }
        #expect(throws: ProfileError.self) { try viewModel.performing(.setDuration(.warmUp, TimerDuration(seconds: 3601))) }
        #expect(throws: ProfileError.self) { try viewModel.performing(.setDuration(.coolDown, .zero)) }
        #expect(throws: ProfileError.self) { try viewModel.performing(.setIntervals(.every(TimerDuration(seconds: 9)))) }
    }

    struct SettingCase: CustomTestStringConvertible, Sendable {
        let setting: String
        let value: String
        let action: ProfileAction
        var testDescription: String { "\(setting) \(value)" }
    }

    @Test(arguments: [
        SettingCase(setting: "duration", value: "25", action: .setDuration(.main, .minutes(25))),
        SettingCase(setting: "warmup", value: "on", action: .setSwitch(.warmup, true)),
        SettingCase(setting: "warmup.duration", value: "90s", action: .setDuration(.warmUp, TimerDuration(seconds: 90))),
        SettingCase(setting: "cooldown", value: "off", action: .setSwitch(.cooldown, false)),
        SettingCase(setting: "cooldown.duration", value: "7:30", action: .setDuration(.coolDown, TimerDuration(seconds: 450))),
        SettingCase(setting: "cooldown.bells", value: "yes", action: .setSwitch(.cooldownBells, true)),
        SettingCase(setting: "cooldown.bell", value: "temple-bell", action: .setBell(.coolDown, BellChoice(.templeBell))),
        SettingCase(setting: "COOLDOWN.BELL", value: "GONG", action: .setBell(.coolDown, BellChoice(.gong))),
        SettingCase(setting: "intervals", value: "on", action: .setSwitch(.intervals, true)),
        SettingCase(setting: "intervals.every", value: "7:30", action: .setIntervals(.every(TimerDuration(seconds: 450)))),
        SettingCase(setting: "intervals.at", value: "25m, 10m", action: .setIntervals(.at([.minutes(10), .minutes(25)]))),
        SettingCase(setting: "Intervals.At", value: "10:00 25:00,30:00", action: .setIntervals(.at([.minutes(10), .minutes(25), .minutes(30)]))),
        SettingCase(setting: "Intervals.Bell", value: "wood block", action: .setBell(.intervals, BellChoice(.woodBlock))),
        SettingCase(setting: "bells.end", value: "temple bell x3 70%",
                    action: .setBell(.end, BellChoice(.builtIn(.templeBell), strikes: 3, volume: 70))),
        SettingCase(setting: "bells.start", value: " None ", action: .setBell(.start, nil)),
        SettingCase(setting: "bells.start", value: "GONG 40% ×2", action: .setBell(.start, BellChoice(.builtIn(.gong), strikes: 2, volume: 40))),
    ])
    func settingsReadWhatPeopleType(_ c: SettingCase) throws {
        #expect(try Setting(named: c.setting).action(value: c.value, catalog: .builtIn) == c.action)
    }

    /// Issue 48: the Breathing section has 1 row off, 5 on and 9 on with Custom, for every pattern; every
    /// change between any two states (the switch or the pattern) gives the update the rows call for, and
    /// it applies to the table before by the table-view rule (and its inverse takes it back). Choosing
    /// Custom inserts In, Hold, Out and Hold at 6.2 to 6.5 and reloads the Pattern row; leaving it
    /// deletes them; the rows below keep their identity (no delete and insert of Leads, Cue, Volume).
    @Test func breathingRowCountsForEverySwitchAndPattern() throws {
        let section = ProfileSection.breathing
        #expect(section.index == 6 && section.title == "Breathing")
        var states: [ProfileViewModel] = []
        for isOn in [false, true] {
            for choice in BreathPatternChoice.allCases {
                var profile = Profile(name: "P")
                profile.breathing.isEnabled = isOn
                profile.breathing.choice = choice
                let viewModel = ProfileViewModel(profile: profile)
                let expected = !isOn ? 1 : choice == .custom ? 9 : 5
                #expect(viewModel.numberOfRows(for: section) == expected, "\(isOn) \(choice)")
                #expect(viewModel.sections[6].rows.count == expected)
                let labels = !isOn ? ["Enabled"] : choice == .custom
                    ? ["Enabled", "Pattern", "In", "Hold", "Out", "Hold", "Leads", "Cue", "Volume"]
                    : ["Enabled", "Pattern", "Leads", "Cue", "Volume"]
                #expect(viewModel.sections[6].rows.map(\.label) == labels)
                // No other section changes with the breathing.
                #expect(viewModel.sections.prefix(6) == ProfileViewModel(profile: Profile(name: "P")).sections.prefix(6))
                states.append(viewModel)
            }
        }
        var checked = 0
        for before in states {
            for after in states where after != before {
                let action: ProfileAction = before.profile.breathing.isEnabled != after.profile.breathing.isEnabled
                    ? .setSwitch(.breathing, after.profile.breathing.isEnabled) : .setBreathPattern(after.profile.breathing.choice)
                let change = try before.performing(action)
                let applied = try before.snapshot.applying(change.update)
                #expect(applied == change.viewModel.snapshot, "\(action)")
                #expect(try change.viewModel.snapshot.applying(change.update.inverse) == before.snapshot, "inverse of \(action)")
                guard change.viewModel.profile.breathing == after.profile.breathing else { continue }
                checked += 1
                let update = change.update.sections.first { $0.section == section.index }
                #expect(change.update.sections.allSatisfy { $0.section == section.index })
                let rowsBefore = before.numberOfRows(for: section), rowsAfter = after.numberOfRows(for: section)
                #expect((update?.before ?? rowsBefore) == rowsBefore && (update?.after ?? rowsAfter) == rowsAfter)
                let (wasCustom, isCustom) = (rowsBefore == 9, rowsAfter == 9)
                if case .setBreathPattern = action, before.profile.breathing.isEnabled {
                    // The Pattern row reloads; Custom's four rows come or go in the middle, nothing else moves.
                    #expect(update?.reloadedRows == [1])
                    #expect(update?.insertedRows == (!wasCustom && isCustom ? [2, 3, 4, 5] : []))
                    #expect(update?.deletedRows == (wasCustom && !isCustom ? [2, 3, 4, 5] : []))
                } else if case .setSwitch = action {
                    let (low, high) = (min(rowsBefore, rowsAfter), max(rowsBefore, rowsAfter))
                    #expect(update?.insertedRows == (rowsAfter > rowsBefore ? Array(low..<high) : []))
                    #expect(update?.deletedRows == (rowsAfter < rowsBefore ? Array(low..<high) : []))
                } else {
                    // A pattern chosen while off shows no row: nothing to update.
                    #expect(update == nil, "\(action)")
                }
            }
        }
        #expect(checked > 40)
        // Custom's four rows, through set as it is typed, with the rule `BreathCustom.pattern()` checks.
        var profile = Profile(name: "P")
        profile.breathing.isEnabled = true
        let on = ProfileViewModel(profile: profile)
        let custom = try on.performing(try Setting(named: "breathing.pattern").action(value: "Custom", catalog: .builtIn))
        #expect(custom.update.sections.first?.insertedRows == [2, 3, 4, 5])
        let slower = try custom.viewModel.performing(try Setting(named: "breathing.in").action(value: "5.5", catalog: .builtIn))
        #expect(slower.viewModel.text(of: .breathing(.length(.inhale))) == "5.5 s")
        #expect(slower.update.sections.first?.reloadedRows == [2] && slower.update.sections.first?.insertedRows == [])
        #expect(slower.viewModel.profile.breathing.pattern.text == "5.5-0-6-0" || slower.viewModel.profile.breathing.pattern.text == "5.5,0,6,0")
        for (name, value) in [("breathing.in", "0.9"), ("breathing.out", "31"), ("breathing.hold-in", "31"), ("breathing.in", "x"), ("breathing.in", "1.25"), ("breathing.hold-out", "-1")] {
            var refused = false
            do {
                _ = try slower.viewModel.performing(try Setting(named: name).action(value: value, catalog: .builtIn))
            } catch {
                refused = true
                #expect(error.description.hasPrefix("invalid breathing length"), "\(name) \(value): \(error)")
            }
            #expect(refused, "\(name) \(value)")
        }
        // Another pattern keeps the custom lengths (as a switched-off warm-up keeps its length), and Custom
        // brings them back.
        let box = try slower.viewModel.performing(.setBreathPattern(.box))
        #expect(box.viewModel.numberOfRows(for: section) == 5 && box.viewModel.profile.breathing.custom.inTenths == 55)
        #expect(try box.viewModel.performing(.setBreathPattern(.custom)).viewModel.text(of: .breathing(.length(.inhale))) == "5.5 s")
        // A length set while its row is hidden says which pattern shows it.
        let hidden = try box.viewModel.performing(.setBreathLength(.exhale, 70))
        #expect(hidden.update.isEmpty)
        #expect(hidden.viewModel.hiddenNote(.breathing(.length(.exhale))) == "Custom out-breath is now 7 s; its row shows when Breathing pattern is Custom\n")
        #expect(ProfileViewModel(profile: Profile(name: "P")).hiddenNote(.breathing(.cue)) == "Breathing cue is now tone; its row shows when Breathing is on\n")
        #expect(try Setting(named: "breathing.lead").action(value: "first 10 min", catalog: .builtIn) == .setBreathLead(.firstMinutes(10)))
        #expect(try Setting(named: "breathing.cue").action(value: "TICK", catalog: .builtIn) == .setBreathCue(.tick))
        #expect(try Setting(named: "breathing.volume").action(value: "25%", catalog: .builtIn) == .setBreathVolume(25))
        #expect(throws: ProfileError.self) { try Setting(named: "breathing.pattern").action(value: "square", catalog: .builtIn) }
        #expect(throws: ProfileError.self) { try on.performing(.setBreathLead(.firstMinutes(0))) }
    }

    @Test func settingAndSwitchErrorsSuggestAndList() throws {
        #expect(throws: ProfileError.unknownSetting("cooldown.durration", suggestion: "cooldown.duration")) {
            try Setting(named: "cooldown.durration")
        }
        #expect(ProfileError.unknownSetting("x", suggestion: nil).description
            == "no setting named \"x\"; the settings are duration, warmup, warmup.duration, cooldown, cooldown.duration, cooldown.bells, cooldown.bell, intervals, intervals.every, intervals.at, intervals.bell, bells.start, bells.end, ambience, ambience.sound, ambience.volume, breathing, breathing.pattern, breathing.in, breathing.hold-in, breathing.out, breathing.hold-out, breathing.lead, breathing.cue, breathing.volume")
        #expect(ProfileError.unknownSwitch("warmp", suggestion: "warmup").description
            == "no switch named \"warmp\" (did you mean \"warmup\"?); the switches are warmup, cooldown, cooldown.bells, intervals, ambience, breathing")
        #expect(throws: ProfileError.invalidSwitchValue("maybe")) { try Setting.toggle(.warmup).action(value: "maybe", catalog: .builtIn) }
    }

    @Test func unknownBellListsTheCatalog() throws {
        let names = Bell.allCases.map(\.rawValue)
        #expect(throws: ProfileError.unknownBell("Cowbell", known: names, suggestion: nil)) { try Bell(named: "Cowbell") }
        #expect(ProfileError.unknownBell("Cowbell", known: names, suggestion: nil).description
            == "no bell named \"Cowbell\"; the bells are \"Singing Bowl\", \"Temple Bell\", \"Gong\", \"Tingsha\", \"Wood Block\"")
        #expect(throws: ProfileError.unknownBell("gongg", known: names + ["My Bowl"], suggestion: "Gong")) {
            try BellChoice(parsing: "gongg x2", catalog: SoundCatalog(recorded: ["My Bowl"]))
        }
        #expect(try Bell(named: "  wood   block ") == .woodBlock)
    }
}
