import Testing
@testable import ProfileKit
import TableKit

/// Acceptance 2: random actions from random profiles keep the table consistent.
@Suite("Random actions")
struct RandomActionTests {
    static func randomDuration(for setting: DurationSetting, using rng: inout SeededGenerator) -> TimerDuration {
        // Mostly in range, sometimes just outside it, so refusals are exercised too.
        let range = setting.allowed
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return TimerDuration(seconds: range.upperBound.seconds + Int.random(in: 1...100, using: &rng))
        case 1: return .zero
        case 2: return range.upperBound
        case 3: return range.lowerBound
        default: return TimerDuration(seconds: Int.random(in: range.lowerBound.seconds...range.upperBound.seconds, using: &rng))
        }
    }

    static func randomProfile(using rng: inout SeededGenerator) -> Profile {
        var profile = Profile(name: "Random", duration: randomDuration(for: .main, using: &rng))
        if !SegmentType.main.allowedDurations.contains(profile.duration) { profile.duration = .minutes(20) }
        for type in [SegmentType.warmUp, .coolDown].shuffled(using: &rng) where Bool.random(using: &rng) {
            var segment = Segment(type: type, enabled: Bool.random(using: &rng))
            let duration = randomDuration(for: DurationSetting(segment: type), using: &rng)
            if type.allowedDurations.contains(duration) { segment.duration = duration }
            if Bool.random(using: &rng) {
                segment.bellEnabled = Bool.random(using: &rng)
                segment.bell = BellChoice(.builtIn(Bell.allCases.randomElement(using: &rng) ?? .default),
                                          strikes: Int.random(in: 1...9, using: &rng), volume: Int.random(in: 5...100, using: &rng))
            }
            profile[segment: type] = segment
        }
        return profile
    }

    /// Any setting of the one typed list, with a value for it.
    static func randomAction(using rng: inout SeededGenerator) -> ProfileAction {
        switch Setting.allCases.randomElement(using: &rng) ?? .toggle(.warmup) {
        case let .toggle(toggle): .setSwitch(toggle, Bool.random(using: &rng))
        case let .duration(setting): .setDuration(setting, randomDuration(for: setting, using: &rng))
        case let .bell(slot):
            .setBell(slot, slot.allowsNone && Int.random(in: 0..<6, using: &rng) == 0 ? nil
                     : BellChoice(.builtIn(Bell.allCases.randomElement(using: &rng) ?? .default),
                                  strikes: Int.random(in: 1...9, using: &rng), volume: Int.random(in: 5...100, using: &rng)))
        }
    }

    @Test func tenThousandRandomActionsKeepTheTableConsistent() throws {
        var rng = SeededGenerator(seed: 0x5A4D_5A4A)
        var viewModel = ProfileViewModel(profile: Self.randomProfile(using: &rng))
        var refused = 0
        var counted = (inserts: 0, deletes: 0, reloads: 0)
        for step in 0..<10_000 {
            if step % 50 == 0 { viewModel = ProfileViewModel(profile: Self.randomProfile(using: &rng)) }
            let action = Self.randomAction(using: &rng)
            let change: ProfileChange
            do {
                change = try viewModel.performing(action)
            } catch {
                // Only out-of-range durations are refused, and a refusal changes nothing.
                guard case let .setDuration(setting, duration) = action, !setting.allowed.contains(duration) else {
                    Issue.record("step \(step): \(action) was refused: \(error)")
                    return
                }
                refused += 1
                continue
            }
            let before = viewModel.snapshot
            let after = change.viewModel.snapshot
            let applied = try before.applying(change.update)
            #expect(applied == after, "step \(step): \(action)")
            #expect(try after.applying(change.update.inverse) == before, "step \(step): inverse of \(action)")
            for section in change.update.sections {
                // The update is the one the row counts call for: rows before..<after or after..<before.
                #expect(section.insertedRows == Array(min(section.before, section.after)..<section.after))
                #expect(section.deletedRows == Array(min(section.before, section.after)..<section.before))
                #expect(section.after == change.viewModel.numberOfRows(inSection: section.section))
                counted.inserts += section.inserted.count
                counted.deletes += section.deleted.count
                counted.reloads += section.reloadedRows.count
            }
            viewModel = change.viewModel
        }
        // The walk must have exercised every kind of change, or it proves little. (Four switches among
        // twelve settings: about 1,400 inserts and 1,000 deletes with this seed.)
        #expect(refused > 100)
        #expect(counted.inserts > 800 && counted.deletes > 800 && counted.reloads > 1000, "\(counted)")
    }

    @Test func everyRowAgreesWithTheRowCounts() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            let viewModel = ProfileViewModel(profile: Self.randomProfile(using: &rng))
            for section in 0..<viewModel.numberOfSections {
                let count = viewModel.numberOfRows(inSection: section)
                #expect(viewModel.sections[section].rows.count == count)
                #expect(viewModel.row(at: RowPath(section: section, row: count)) == nil)
                for row in 0..<count {
                    #expect(viewModel.row(at: RowPath(section: section, row: row)) == viewModel.sections[section].rows[row])
                }
            }
        }
    }
}
