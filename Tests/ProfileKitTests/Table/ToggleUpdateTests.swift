import Testing
import LocalTime
@testable import ProfileKit
import TableKit

/// Acceptance 1: every switch transition, with its row counts and index paths.
@Suite("Toggle row updates")
struct ToggleUpdateTests {
    struct ToggleCase: CustomTestStringConvertible, Sendable {
        let id: String
        let start: Profile
        let action: ProfileAction
        /// TableSection index → (before, after) row counts; sections left out must not appear in the update.
        let counts: [Int: (Int, Int)]
        let inserted: [RowPath]
        let deleted: [RowPath]
        let toggled: [RowPath]
        var testDescription: String { id }
    }

    static let cases: [ToggleCase] = [
        ToggleCase(id: "Warm Up off→on inserts 1.1",
                   start: makeProfile(), action: .setSwitch(.warmup, true),
                   counts: [1: (1, 2)], inserted: [.init(section: 1, row: 1)], deleted: [],
                   toggled: [.init(section: 1, row: 0)]),
        ToggleCase(id: "Warm Up on→off deletes 1.1",
                   start: makeProfile(warmUp: true), action: .setSwitch(.warmup, false),
                   counts: [1: (2, 1)], inserted: [], deleted: [.init(section: 1, row: 1)],
                   toggled: [.init(section: 1, row: 0)]),
        ToggleCase(id: "Cool Down off→on with Bells off inserts 2.1, 2.2",
                   start: makeProfile(), action: .setSwitch(.cooldown, true),
                   counts: [2: (1, 3)], inserted: [.init(section: 2, row: 1), .init(section: 2, row: 2)], deleted: [],
                   toggled: [.init(section: 2, row: 0)]),
        ToggleCase(id: "Cool Down off→on with Bells on inserts 2.1, 2.2, 2.3",
                   start: makeProfile(bells: true), action: .setSwitch(.cooldown, true),
                   counts: [2: (1, 4)],
                   inserted: [.init(section: 2, row: 1), .init(section: 2, row: 2), .init(section: 2, row: 3)], deleted: [],
                   toggled: [.init(section: 2, row: 0)]),
        ToggleCase(id: "Cool Down on→off with Bells off deletes 2.1–2.2",
                   start: makeProfile(coolDown: true), action: .setSwitch(.cooldown, false),
                   counts: [2: (3, 1)], inserted: [], deleted: [.init(section: 2, row: 1), .init(section: 2, row: 2)],
                   toggled: [.init(section: 2, row: 0)]),
        ToggleCase(id: "Cool Down on→off with Bells on deletes 2.1–2.3",
                   start: makeProfile(coolDown: true, bells: true), action: .setSwitch(.cooldown, false),
                   counts: [2: (4, 1)], inserted: [],
                   deleted: [.init(section: 2, row: 1), .init(section: 2, row: 2), .init(section: 2, row: 3)],
                   toggled: [.init(section: 2, row: 0)]),
        ToggleCase(id: "Bells on while Cool Down is on inserts 2.3",
                   start: makeProfile(coolDown: true), action: .setSwitch(.cooldownBells, true),
                   counts: [2: (3, 4)], inserted: [.init(section: 2, row: 3)], deleted: [],
                   toggled: [.init(section: 2, row: 2)]),
        ToggleCase(id: "Bells off while Cool Down is on deletes 2.3",
                   start: makeProfile(coolDown: true, bells: true), action: .setSwitch(.cooldownBells, false),
                   counts: [2: (4, 3)], inserted: [], deleted: [.init(section: 2, row: 3)],
                   toggled: [.init(section: 2, row: 2)]),
        ToggleCase(id: "Bells on while Cool Down is off changes no row",
                   start: makeProfile(), action: .setSwitch(.cooldownBells, true),
                   counts: [:], inserted: [], deleted: [], toggled: []),
        ToggleCase(id: "Bells off while Cool Down is off changes no row",
                   start: makeProfile(bells: true), action: .setSwitch(.cooldownBells, false),
                   counts: [:], inserted: [], deleted: [], toggled: []),
        ToggleCase(id: "Intervals off→on inserts 3.1, 3.2",
                   start: makeProfile(), action: .setSwitch(.intervals, true),
                   counts: [3: (1, 3)], inserted: [.init(section: 3, row: 1), .init(section: 3, row: 2)], deleted: [],
                   toggled: [.init(section: 3, row: 0)]),
        ToggleCase(id: "Intervals on→off deletes 3.1–3.2",
                   start: makeProfile(intervals: true), action: .setSwitch(.intervals, false),
                   counts: [3: (3, 1)], inserted: [], deleted: [.init(section: 3, row: 1), .init(section: 3, row: 2)],
                   toggled: [.init(section: 3, row: 0)]),
        ToggleCase(id: "Intervals on with every other part on touches only section 3",
                   start: makeProfile(warmUp: true, coolDown: true, bells: true), action: .setSwitch(.intervals, true),
                   counts: [3: (1, 3)], inserted: [.init(section: 3, row: 1), .init(section: 3, row: 2)], deleted: [],
                   toggled: [.init(section: 3, row: 0)]),
        ToggleCase(id: "Cool Down off→on with Intervals on inserts only in section 2",
                   start: makeProfile(intervals: true), action: .setSwitch(.cooldown, true),
                   counts: [2: (1, 3)], inserted: [.init(section: 2, row: 1), .init(section: 2, row: 2)], deleted: [],
                   toggled: [.init(section: 2, row: 0)]),
        ToggleCase(id: "Intervals on when already on changes nothing",
                   start: makeProfile(intervals: true), action: .setSwitch(.intervals, true),
                   counts: [:], inserted: [], deleted: [], toggled: []),
        ToggleCase(id: "Warm Up on when already on changes nothing",
                   start: makeProfile(warmUp: true), action: .setSwitch(.warmup, true),
                   counts: [:], inserted: [], deleted: [], toggled: []),
    ]

    @Test(arguments: cases)
    func toggle(_ c: ToggleCase) throws {
        let before = ProfileViewModel(profile: c.start)
        let change = try before.performing(c.action)
        let after = change.viewModel
        let update = change.update

        #expect(update.sections.map(\.section) == c.counts.keys.sorted())
        for section in update.sections {
            let expected = try #require(c.counts[section.section])
            #expect(section.before == expected.0)
            #expect(section.after == expected.1)
            #expect(section.before == before.numberOfRows(inSection: section.section))
            #expect(section.after == after.numberOfRows(inSection: section.section))
            #expect(section.title == ProfileSection.allCases[section.section].title)
            #expect(section.reloadedRows.isEmpty, "a toggle reloads no value row")
        }
        let inserted = update.sections.flatMap { s in s.insertedRows.map { RowPath(section: s.section, row: $0) } }
        let deleted = update.sections.flatMap { s in s.deletedRows.map { RowPath(section: s.section, row: $0) } }
        let toggled = update.sections.flatMap { s in s.toggledRows.map { RowPath(section: s.section, row: $0) } }
        #expect(inserted == c.inserted)
        #expect(deleted == c.deleted)
        #expect(toggled == c.toggled)
        #expect(try before.snapshot.applying(update) == after.snapshot)
        #expect(try after.snapshot.applying(update.inverse) == before.snapshot)
    }

    @Test func bellsWhileCoolDownIsOffChangeTheModel() throws {
        let change = try ProfileViewModel(profile: makeProfile()).performing(.setSwitch(.cooldownBells, true))
        #expect(change.update.isEmpty)
        #expect(change.viewModel.isOn(.cooldownBells))
        // …and show up when Cool Down is switched on.
        let on = try change.viewModel.performing(.setSwitch(.cooldown, true))
        #expect(on.update.sections.first?.insertedRows == [1, 2, 3])
    }

    @Test(arguments: Switch.allCases)
    func toggleTwiceIsTheInverse(_ toggle: Switch) throws {
        let start = ProfileViewModel(profile: makeProfile(coolDown: true))
        let first = try start.toggling(toggle)
        let second = try first.viewModel.toggling(toggle)
        #expect(second.viewModel.snapshot == start.snapshot)
        #expect(second.update == first.update.inverse)
    }

    @Test func settingADurationReloadsItsRow() throws {
        let start = ProfileViewModel(profile: makeProfile(coolDown: true))
        let change = try start.performing(.setDuration(.coolDown, .minutes(7)))
        let section = try #require(change.update.sections.first)
        #expect(change.update.sections.count == 1)
        #expect(section.section == 2)
        #expect(section.insertedRows.isEmpty && section.deletedRows.isEmpty)
        #expect(section.reloadedRows == [1])
        #expect(change.viewModel.time(for: .coolDown) == "07:00")
    }

    @Test func settingAHiddenDurationChangesNoVisibleRow() throws {
        let change = try ProfileViewModel(profile: makeProfile()).performing(.setDuration(.warmUp, .minutes(3)))
        #expect(change.update.isEmpty)
        #expect(change.profile.segment(ofType: .warmUp)?.duration == .minutes(3))
        #expect(change.profile.segment(ofType: .warmUp)?.enabled == false)
    }

    @Test func settingTheIntervalReloadsTheEveryRow() throws {
        let start = ProfileViewModel(profile: makeProfile(intervals: true))
        let change = try start.performing(.setIntervals(.every(.minutes(7))))
        #expect(change.update.sections.map(\.section) == [3])
        #expect(change.update.sections.map(\.reloadedRows) == [[1]])
        #expect(change.viewModel.text(of: .interval(.every)) == "07:00")
        let bell = try change.viewModel.performing(.setBell(.intervals, BellChoice(.tingsha)))
        #expect(bell.update.sections.map(\.reloadedRows) == [[2]])
        #expect(bell.viewModel.text(of: .bell(.intervals)) == "Tingsha")
    }

    @Test func settingHiddenIntervalValuesChangesNoVisibleRow() throws {
        let change = try ProfileViewModel(profile: makeProfile()).performing(.setIntervals(.every(.minutes(3))))
        #expect(change.update.isEmpty)
        #expect(change.profile.intervals == Intervals(enabled: false, every: .minutes(3)))
        // …and the rows show the value when the switch goes on.
        let on = try change.viewModel.performing(.setSwitch(.intervals, true))
        #expect(on.viewModel.sections[3].rows.map(\.detail) == ["on", "03:00", "Singing Bowl"])
    }

    @Test(arguments: [0, 9, 86_400])
    func intervalsOutsideTheRangeAreRefused(_ seconds: Int) {
        let viewModel = ProfileViewModel(profile: makeProfile(intervals: true))
        #expect(throws: ProfileError.intervalOutOfRange(TimerDuration(seconds: seconds), allowed: Intervals.allowedEvery)) {
            try viewModel.performing(.setIntervals(.every(TimerDuration(seconds: seconds))))
        }
        #expect("\(ProfileError.intervalOutOfRange(TimerDuration(seconds: 9), allowed: Intervals.allowedEvery))"
                == "interval 00:09 is out of range: use 00:10 (10 seconds) to 23:59:59")
    }

    @Test func settingTheBellReloadsTheNameRow() throws {
        let start = ProfileViewModel(profile: makeProfile(coolDown: true, bells: true))
        let change = try start.performing(.setBell(.coolDown, BellChoice(.gong)))
        #expect(change.update.sections.map(\.reloadedRows) == [[3]])
        #expect(change.viewModel.text(of: .bell(.coolDown)) == "Gong")
    }

    /// The Bells section (4) always has its two rows, and no switch, in any state of the others, touches
    /// it: toggling changes the seed's four sections alone.
    @Test(arguments: 0..<16)
    func togglingNeverTouchesTheBellsSection(_ bits: Int) throws {
        var profile = Profile(name: "P")
        for (index, toggle) in Switch.allCases.enumerated() where bits & (1 << index) != 0 {
            profile = try ProfileViewModel(profile: profile).performing(.setSwitch(toggle, true)).profile
        }
        for toggle in Switch.allCases {
            let change = try ProfileViewModel(profile: profile).toggling(toggle)
            #expect(!change.update.sections.contains { $0.section == ProfileSection.bells.index }, "\(toggle) touched the Bells section")
            #expect(change.viewModel.numberOfRows(for: .bells) == 2)
            #expect(change.viewModel.sections[4].rows.map(\.label) == ["Start", "End"])
        }
    }
}
