import Foundation
import Testing
import LocalTime
@testable import ProfileKit
import TextSupport
import Breath

/// Acceptance 4 (documents): every fixture round-trips; every invalid one fails with its message and
/// leaves the store untouched.
@Suite("Profile documents")
struct ProfileDocumentTests {
    static func fixtureNames(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

    /// Fixtures written exactly as the encoder writes them.
    static let canonical: Set<String> = ["Default.json", "Morning.json", "Long Sit.json", "禅 Zen 🧘.json", "Intervals.json", "Zazen.json",
                                         "Breathing.json"]

    @Test(arguments: fixtureNames(in: Paths.profiles))
    func roundTrip(_ file: String) throws {
        let name = String(file.dropLast(5))
        let original = try Self.bytes(Paths.profiles.appendingPathComponent(file))
        let profile = try ProfileDocument.decode(original, name: name, file: file)
        let encoded = ProfileDocument.encode(profile)
        #expect(try ProfileDocument.decode(encoded, name: name) == profile)
        #expect(ProfileDocument.encode(try ProfileDocument.decode(encoded, name: name)) == encoded)
        if Self.canonical.contains(file) {
            if Harness.recording { try Data(encoded).write(to: Paths.profiles.appendingPathComponent(file)) }
            #expect(encoded == original, "the encoder writes \(file) differently:\n\(String(decoding: encoded, as: UTF8.self))")
        }
    }

    @Test func fixturesDecodeToWhatTheySay() throws {
        let morning = try ProfileDocument.decode(try Self.bytes(Paths.profiles.appendingPathComponent("Morning.json")), name: "Morning")
        let viewModel = ProfileViewModel(profile: morning)
        #expect(viewModel.mainTime == "30:00")
        #expect(viewModel.sections.map(\.rows.count) == [1, 2, 4, 1, 2, 1, 1])
        #expect(viewModel.text(of: .bell(.coolDown)) == "Temple Bell")

        let minimal = try ProfileDocument.decode(try Self.bytes(Paths.profiles.appendingPathComponent("Minimal.json")), name: "Minimal")
        #expect(minimal == Profile(name: "Minimal"))

        let seconds = try ProfileDocument.decode(try Self.bytes(Paths.profiles.appendingPathComponent("Seconds.json")), name: "Seconds")
        #expect(seconds.duration == .minutes(15))
        #expect(seconds.segment(ofType: .warmUp)?.duration == TimerDuration(seconds: 45))
        #expect(seconds.segment(ofType: .coolDown) == Segment(type: .coolDown, enabled: false, duration: TimerDuration(seconds: 90)))
        #expect(seconds.intervals == Intervals(enabled: false, every: TimerDuration(seconds: 150), bell: BellChoice(.singingBowl)))

        let intervals = try ProfileDocument.decode(try Self.bytes(Paths.profiles.appendingPathComponent("Intervals.json")), name: "Intervals")
        #expect(intervals.intervals == Intervals(enabled: true, every: .minutes(10), bell: BellChoice(.tingsha)))
        #expect(ProfileViewModel(profile: intervals).sections.map(\.rows.count) == [1, 2, 4, 3, 2, 1, 1])

        let zazen = try ProfileDocument.decode(try Self.bytes(Paths.profiles.appendingPathComponent("Zazen.json")), name: "Zazen")
        #expect(zazen.intervals == Intervals(enabled: true, schedule: .at([.minutes(25), .minutes(30)]), bell: BellChoice(.builtIn(.woodBlock), strikes: 2)))
        #expect(ProfileViewModel(profile: zazen).sections[3].rows.map(\.label) == ["Enabled", "At", "Bell"])
        #expect(ProfileViewModel(profile: zazen).sections[3].rows.map(\.detail) == ["on", "25:00, 30:00", "Wood Block ×2"])
    }

    /// Version 3 is version 4 without chosen times: each fixture reads as the profile it was and is
    /// written again with only its version changed.
    @Test(arguments: fixtureNames(in: Paths.migrationV3))
    func versionThreeMigrates(_ file: String) throws {
        let profile = try Self.migrated(file, from: Paths.migrationV3, version: 3, golden: Paths.migrationV3Golden)
        #expect(profile.intervals.schedule.mode == .every)
        let old = String(decoding: try Self.bytes(Paths.migrationV3.appendingPathComponent(file)), as: UTF8.self)
        let new = String(decoding: ProfileDocument.encode(profile), as: UTF8.self)
        #expect(new == Self.withBreathingOff(Self.withAmbienceOff(old.replacingOccurrences(of: "\"version\": 3,", with: "\"version\": 6,"))))
        #expect(Set(Self.fixtureNames(in: Paths.migrationV3)) == Set(Self.fixtureNames(in: Paths.migrationV3Golden)))
    }

    /// Version 4 is version 5 without ambience: each fixture reads as the profile it was, its ambience
    /// off, and is written again with its version changed and the Ambience section's defaults added.
    @Test(arguments: fixtureNames(in: Paths.migrationV4))
    func versionFourMigrates(_ file: String) throws {
        let profile = try Self.migrated(file, from: Paths.migrationV4, version: 4, golden: Paths.migrationV4Golden)
        #expect(profile.ambience == Ambience())
        #expect(ProfileViewModel(profile: profile).numberOfRows(for: .ambience) == 1)
        let old = String(decoding: try Self.bytes(Paths.migrationV4.appendingPathComponent(file)), as: UTF8.self)
        let new = String(decoding: ProfileDocument.encode(profile), as: UTF8.self)
        #expect(new == Self.withBreathingOff(Self.withAmbienceOff(old.replacingOccurrences(of: "\"version\": 4,", with: "\"version\": 6,"))))
        #expect(Set(Self.fixtureNames(in: Paths.migrationV4)) == Set(Self.fixtureNames(in: Paths.migrationV4Golden)))
    }

    /// Version 5 is version 6 without the breathing pacer: each fixture reads as the profile it was, its
    /// pacer off (the Breathing section one row), and is written again with its version changed and the
    /// section's defaults added.
    @Test(arguments: fixtureNames(in: Paths.migrationV5))
    func versionFiveMigrates(_ file: String) throws {
        let profile = try Self.migrated(file, from: Paths.migrationV5, version: 5, golden: Paths.migrationV5Golden)
        #expect(profile.breathing == Breathing())
        #expect(ProfileViewModel(profile: profile).numberOfRows(for: .breathing) == 1)
        let old = String(decoding: try Self.bytes(Paths.migrationV5.appendingPathComponent(file)), as: UTF8.self)
        let new = String(decoding: ProfileDocument.encode(profile), as: UTF8.self)
        #expect(new == Self.withBreathingOff(old.replacingOccurrences(of: "\"version\": 5,", with: "\"version\": 6,")))
        #expect(Set(Self.fixtureNames(in: Paths.migrationV5)) == Set(Self.fixtureNames(in: Paths.migrationV5Golden)))
    }

    /// Every older version is read and written as the current one: a fixture folder for each, and the
    /// current version is the one after the newest of them.
    @Test func everyOlderVersionHasFixtures() {
        let folders = [Paths.migrationV1, Paths.migrationV2, Paths.migrationV3, Paths.migrationV4, Paths.migrationV5]
        #expect(folders.count == ProfileDocument.currentVersion - 1)
        for folder in folders { #expect(!Self.fixtureNames(in: folder).isEmpty, "\(folder.path) holds no fixture") }
    }

    /// A version 5 document has no "breathing"; version 6 gives it the section's defaults (off).
    static func withBreathingOff(_ text: String) -> String {
        String(text.dropLast(3)) + ",\n  \"breathing\": {\n    \"enabled\": false,\n    \"pattern\": \"coherent\",\n    \"custom\": \"4,0,6,0\",\n"
            + "    \"lead\": \"5m\",\n    \"cue\": \"tone\",\n    \"volume\": 40\n  }\n}\n"
    }

    /// The breathing reads back as written; a key that would change nothing, a value out of range, a
    /// spelling the program does not write and custom lengths that make no breath are refused with
    /// their place and what is accepted.
    @Test func breathingReadsAndIsRefusedWithItsPlace() throws {
        let text = #"{"version": 6, "breathing": {"enabled": true, "pattern": "box", "custom": "5.5,1,7,0.5", "lead": "whole", "cue": "swell", "volume": 0}}"#
        let profile = try ProfileDocument.decode(Array(text.utf8), name: "x")
        #expect(profile.breathing == Breathing(isEnabled: true, choice: .box, custom: BreathCustom(inTenths: 55, holdIn: 10, outTenths: 70, holdOut: 5),
                                               lead: .wholeSit, cue: .swell, volume: 0))
        #expect(try ProfileDocument.decode(ProfileDocument.encode(profile), name: "x") == profile)
        #expect(String(decoding: ProfileDocument.encode(profile), as: UTF8.self).contains(#""custom": "5.5,1,7,0.5""#))
        for lead in ["warmup", "1m", "1439m", "whole"] {
            let document = #"{"version": 6, "breathing": {"lead": "\#(lead)"}}"#
            #expect(try ProfileDocument.decode(Array(document.utf8), name: "x").breathing.lead.name == lead)
        }
        let refusals = [
            (#"{"version": 6, "breathing": {"volume": 101}}"#, "line 1:40: breathing.volume: 101: the volume in percent must be a whole number 0 to 100"),
            (#"{"version": 6, "breathing": {"rate": 6}}"#, "line 1:30: breathing.rate: unknown key \"rate\"; the breathing has the keys enabled, pattern, custom, lead, cue, volume"),
            (#"{"version": 5, "breathing": {"enabled": true}}"#, "line 1:16: breathing: \"breathing\" is new in version 6; set \"version\": 6 to use it"),
            (#"{"version": 6, "breathing": {"enabled": "yes"}}"#, "line 1:41: breathing.enabled: expected true or false, found"),
            (#"{"version": 6, "breathing": {"pattern": "Coherent 5.5"}}"#, "line 1:41: breathing.pattern: unknown pattern \"Coherent 5.5\"; use \"coherent\", \"box\", \"4-7-8\", \"sigh\" or \"custom\""),
            (#"{"version": 6, "breathing": {"pattern": 4}}"#, "line 1:41: breathing.pattern: expected a pattern"),
            (#"{"version": 6, "breathing": {"custom": "4,0,6"}}"#, "line 1:40: breathing.custom: \"4,0,6\" has 3 lengths; give four"),
            (#"{"version": 6, "breathing": {"custom": "4,0,x,0"}}"#, "line 1:40: breathing.custom: \"x\" in \"4,0,x,0\" is not a number of seconds"),
            (#"{"version": 6, "breathing": {"custom": "4.0,0,6,0"}}"#, "line 1:40: breathing.custom: \"4.0\" in \"4.0,0,6,0\" is not a number of seconds"),
            (#"{"version": 6, "breathing": {"custom": "0.5,0,6,0"}}"#, "line 1:40: breathing.custom: \"0.5,0,6,0\" makes no breath: the in-breath is 0.5 s"),
            (#"{"version": 6, "breathing": {"custom": "30,30,30,0"}}"#, "line 1:40: breathing.custom: \"30,30,30,0\" makes no breath"),
            (#"{"version": 6, "breathing": {"lead": "first 5 min"}}"#, "line 1:38: breathing.lead: unknown lead \"first 5 min\"; use \"warmup\", \"whole\""),
            (#"{"version": 6, "breathing": {"lead": "0m"}}"#, "line 1:38: breathing.lead: unknown lead \"0m\""),
            (#"{"version": 6, "breathing": {"lead": "1440m"}}"#, "line 1:38: breathing.lead: unknown lead \"1440m\""),
            (#"{"version": 6, "breathing": {"cue": "bell"}}"#, "line 1:37: breathing.cue: unknown cue \"bell\"; use \"tone\", \"swell\", \"tick\" or \"none\""),
            (#"{"version": 6, "breathing": true}"#, "line 1:29: breathing: expected the breathing (a JSON object), found"),
        ]
        for (document, message) in refusals {
            #expect(throws: ProfileError.self) { try ProfileDocument.decode(Array(document.utf8), name: "x") }
            do {
                _ = try ProfileDocument.decode(Array(document.utf8), name: "x")
            } catch {
                #expect(error.description.hasPrefix(message), "\(document): \(error.description)")
            }
        }
    }

    /// A version 4 document in its only mode has no "ambience"; version 5 gives it the section's
    /// defaults, so an older document's text becomes the current one's by this one addition.
    static func withAmbienceOff(_ text: String) -> String {
        String(text.dropLast(3)) + ",\n  \"ambience\": {\n    \"enabled\": false,\n    \"sound\": \"Rain\",\n    \"volume\": 30\n  }\n}\n"
    }

    /// The ambience reads back as written, in every form the document takes; a key that would change
    /// nothing, a volume out of range and a name no sound can have are refused with their place.
    @Test func ambienceReadsAndIsRefusedWithItsPlace() throws {
        let text = #"{"version": 5, "ambience": {"enabled": true, "sound": "brown noise", "volume": 55}}"#
        let profile = try ProfileDocument.decode(Array(text.utf8), name: "x")
        #expect(profile.ambience == Ambience(isEnabled: true, sound: .builtIn(.brownNoise), volume: 55))
        #expect(String(decoding: ProfileDocument.encode(profile), as: UTF8.self).contains(#""sound": "Brown Noise""#))
        #expect(try ProfileDocument.decode(ProfileDocument.encode(profile), name: "x") == profile)
        let recorded = try ProfileDocument.decode(Array(#"{"version": 5, "ambience": {"sound": "Creek"}}"#.utf8), name: "x")
        #expect(recorded.ambience.sound == .recorded("Creek"))
        let refusals = [
            (#"{"version": 5, "ambience": {"volume": 101}}"#, "line 1:39: ambience.volume: 101: the volume in percent must be a whole number 0 to 100"),
            (#"{"version": 5, "ambience": {"loop": true}}"#, "line 1:29: ambience.loop: unknown key \"loop\"; the ambience has the keys enabled, sound, volume"),
            (#"{"version": 4, "ambience": {"enabled": true}}"#, "line 1:16: ambience: \"ambience\" is new in version 5; set \"version\": 6 to use it"),
            (#"{"version": 5, "ambience": {"sound": 3}}"#, "line 1:38: ambience.sound: expected a soundscape (\"Brown Noise\", \"Rain\", \"Ocean\", \"Stream\", \"Wind\" or \"Fire\") or a recorded sound's name, found the number 3"),
            (#"{"version": 5, "ambience": {"sound": "a/b"}}"#, "line 1:38: ambience.sound: no soundscape is named \"a/b\""),
        ]
        for (document, message) in refusals {
            #expect(throws: ProfileError.self) { try ProfileDocument.decode(Array(document.utf8), name: "x") }
            do {
                _ = try ProfileDocument.decode(Array(document.utf8), name: "x")
            } catch {
                #expect(error.description.hasPrefix(message), "\(document): \(error.description)")
            }
        }
    }

    /// Chosen times round-trip in either form a document may give them, seconds or text, and are
    /// written as text; a time past the main sit's end is kept (a shorter main sit drops it).
    @Test func chosenTimesReadAsNumbersOrText() throws {
        let text = #"{"version": 4, "duration": "20:00", "intervals": {"enabled": true, "at": [600, "25:00"]}}"#
        let profile = try ProfileDocument.decode(Array(text.utf8), name: "x")
        #expect(profile.intervals.schedule == .at([.minutes(10), .minutes(25)]))
        #expect(String(decoding: ProfileDocument.encode(profile), as: UTF8.self).contains(#""at": ["10:00", "25:00"]"#))
        #expect(try ProfileDocument.decode(ProfileDocument.encode(profile), name: "x") == profile)
        #expect(profile.intervals.bellOffsets(inMainSitOf: profile.duration) == [600])
        #expect(profile.intervals.droppedOffsets(inMainSitOf: profile.duration) == [1500])
    }

    // MARK: Migration from version 1

    /// Reads the old document `file` of `folder`, writes it as the current version and compares that
    /// with the golden file of the same name in `golden` (`PROFILE_RECORD_GOLDEN=1` records it).
    static func migrated(_ file: String, from folder: URL, version: Int, golden: URL) throws -> Profile {
        let name = String(file.dropLast(5))
        let old = try bytes(folder.appendingPathComponent(file))
        #expect(String(decoding: old, as: UTF8.self).contains(#""version": \#(version)"#), "\(file) is not a version \(version) document")
        let profile = try ProfileDocument.decode(old, name: name, file: file)
        let written = ProfileDocument.encode(profile)
        let goldenFile = golden.appendingPathComponent(file)
        if Harness.recording { try Data(written).write(to: goldenFile) }
        #expect(written == (try bytes(goldenFile)), "\(file) migrates differently:\n\(String(decoding: written, as: UTF8.self))")
        // The current version's text reads back as the same profile and is written again unchanged.
        let reread = try ProfileDocument.decode(written, name: name)
        #expect(reread == profile)
        #expect(ProfileDocument.encode(reread) == written)
        return profile
    }

    /// Every version-1 fixture reads, and writes as the golden file next to it: the same profile,
    /// interval bells off.
    @Test(arguments: fixtureNames(in: Paths.migrationV1))
    func versionOneMigrates(_ file: String) throws {
        let profile = try Self.migrated(file, from: Paths.migrationV1, version: 1, golden: Paths.migrationGolden)
        #expect(profile.intervals == Intervals(), "a version 1 document has no interval bells")
    }

    /// Every version-2 fixture (sounds of every kind, enabled and not) writes as its golden file.
    @Test(arguments: fixtureNames(in: Paths.migrationV2))
    func versionTwoMigrates(_ file: String) throws {
        _ = try Self.migrated(file, from: Paths.migrationV2, version: 2, golden: Paths.migrationV2Golden)
        #expect(Set(Self.fixtureNames(in: Paths.migrationV2)) == Set(Self.fixtureNames(in: Paths.migrationV2Golden)))
    }

    /// What each kind of version-2 sound becomes.
    @Test func versionTwoSoundsBecomeTheBellsThatRing() throws {
        let every = try ProfileDocument.decode(Self.bytes(Paths.migrationV2.appendingPathComponent("Every Sound.json")), name: "Every Sound")
        #expect(every.startBell == BellChoice(.templeBell), "an enabled warm-up end sound is the Start bell")
        #expect(every.endBell == BellChoice(.woodBlock), "an enabled cool-down end sound is the End bell")
        #expect(every.segment(ofType: .coolDown)?.bellEnabled == true)
        #expect(every.segment(ofType: .coolDown)?.bell == BellChoice(.gong), "the cool-down's begin sound is its bell")
        #expect(every.intervals.bell == BellChoice(.tingsha))
        let timeline = ProfileViewModel(profile: every)
        #expect(timeline.text(of: .bell(.end)) == "Wood Block")

        let disabled = try ProfileDocument.decode(Self.bytes(Paths.migrationV2.appendingPathComponent("Disabled Sounds.json")), name: "Disabled Sounds")
        #expect(disabled.startBell == .default && disabled.endBell == .default, "disabled sounds are dropped")
        #expect(disabled.segment(ofType: .coolDown)?.bellEnabled == false)
        #expect(disabled.segment(ofType: .coolDown)?.bell == BellChoice(.tingsha), "a disabled begin sound keeps its bell, off")

        let end = try ProfileDocument.decode(Self.bytes(Paths.migrationV2.appendingPathComponent("End Bell Only.json")), name: "End Bell Only")
        #expect(end.endBell == BellChoice(.templeBell))
    }

    @Test(arguments: [
        (LegacySounds.Kind.begin, SegmentType.coolDown, false, LegacySounds.Outcome.coolDownBell),
        (.begin, .coolDown, true, .coolDownBell),
        (.end, .coolDown, true, .endBell), (.end, .coolDown, false, .dropped),
        (.end, .warmUp, true, .startBell), (.end, .warmUp, false, .dropped),
        (.begin, .warmUp, false, .dropped), (.repeat, .warmUp, false, .dropped), (.repeat, .coolDown, false, .dropped),
    ])
    func legacySoundOutcomes(_ kind: LegacySounds.Kind, _ type: SegmentType, _ enabled: Bool, _ outcome: LegacySounds.Outcome) {
        #expect(LegacySounds.migrate(kind, in: type, enabled: enabled) == outcome)
    }

    @Test func enabledSoundsThatCannotRingAreRefused() {
        for (kind, type) in [(LegacySounds.Kind.repeat, SegmentType.warmUp), (.repeat, .coolDown), (.begin, .warmUp)] {
            guard case .refused = LegacySounds.migrate(kind, in: type, enabled: true) else {
                Issue.record("an enabled \(kind) sound of the \(type) is not refused")
                continue
            }
        }
    }

    @Test func migrationKeepsEveryValueOfVersionOne() throws {
        let v1 = try Self.bytes(Paths.migrationV1.appendingPathComponent("Every Key.json"))
        let profile = try ProfileDocument.decode(v1, name: "Every Key")
        #expect(profile.duration == .minutes(45))
        #expect(profile.segments.map(\.type) == [.coolDown, .warmUp], "segment order is kept")
        #expect(profile.segment(ofType: .warmUp) == Segment(type: .warmUp, enabled: true, duration: TimerDuration(seconds: 90)))
        let cool = try #require(profile.segment(ofType: .coolDown))
        // Its cool-down's enabled end sound is the End bell, its begin sound the cool-down's bell; the
        // disabled repeat sound is dropped.
        #expect(cool.bellEnabled && cool.bell == BellChoice(.gong))
        #expect(profile.endBell == BellChoice(.woodBlock))
        #expect(profile.startBell == BellChoice(.singingBowl))
        #expect(Set(Self.fixtureNames(in: Paths.migrationV1)) == Set(Self.fixtureNames(in: Paths.migrationGolden)))
    }

    @Test func theStoreMigratesOnSaveAndNeverOnRead() throws {
        let store = try TemporaryDirectory()
        let path = "\(store.path)/Morning.json"
        try FileManager.default.copyItem(atPath: Paths.migrationV1.appendingPathComponent("Morning.json").path, toPath: path)
        let v1 = store.contents()
        let files = FileProfileStore(directory: store.path)
        _ = try files.load("Morning")
        _ = try files.list()
        #expect(store.contents() == v1, "reading rewrote a version 1 file")
        _ = try files.update("Morning") { $0.intervals.enabled = true }
        let text = String(decoding: try Self.bytes(URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"version\": 6,"))
        #expect(try files.load("Morning").profile.intervals.enabled)
    }

    struct InvalidCase: CustomTestStringConvertible, Sendable {
        let file: String
        let message: String
        var testDescription: String { file }
    }

    static let invalidCases: [InvalidCase] = [
        InvalidCase(file: "enabled-repeat-sound.json", message: "enabled-repeat-sound.json:1:88: segments[0].sounds[0].type: an enabled \"repeat\" sound is not rung by this version; use interval bells instead (\"intervals\": {\"enabled\": true, \"every\": \"05:00\"}, or profile set NAME intervals on), or set this sound's \"enabled\" to false to drop it"),
        InvalidCase(file: "enabled-warm-up-begin.json", message: "enabled-warm-up-begin.json:1:86: segments[0].sounds[0].type: an enabled bell at the start of the warm-up is not rung by this version; use the Start bell, which rings as the main sit starts (profile set NAME bells.start BELL), or set this sound's \"enabled\" to false to drop it"),
        InvalidCase(file: "warm-up-bell.json", message: "warm-up-bell.json:1:66: segments[0].bells: unknown key \"bells\"; a warm-up segment has the keys type, enabled, duration"),
        InvalidCase(file: "strikes-out-of-range.json", message: "strikes-out-of-range.json:1:61: bells.end.strikes: 10: strikes must be a whole number 1 to 9"),
        InvalidCase(file: "volume-out-of-range.json", message: "volume-out-of-range.json:1:65: intervals.bell.volume: 101: the volume in percent must be a whole number 5 to 100"),
        InvalidCase(file: "v3-with-sounds.json", message: "v3-with-sounds.json:1:51: segments[0].sounds: unknown key \"sounds\"; a cool-down segment has the keys type, enabled, duration, bells, bell"),
        InvalidCase(file: "v2-with-bells.json", message: "v2-with-bells.json:1:16: bells: \"bells\" is new in version 3; set \"version\": 6 to use it"),
        InvalidCase(file: "impossible-sound-name.json", message: "impossible-sound-name.json:1:44: bells.start.name: no bell is named \"-rf\": it is not one of \"Singing Bowl\", \"Temple Bell\", \"Gong\", \"Tingsha\", \"Wood Block\", and no recorded sound can have that name (it starts with '-', which reads as an option)"),
        InvalidCase(file: "unreachable-sound-name.json", message: "unreachable-sound-name.json:1:57: bells.end.name: no bell is named \"gong x3\": it is not one of \"Singing Bowl\", \"Temple Bell\", \"Gong\", \"Tingsha\", \"Wood Block\", and no recorded sound can have that name (it ends with \"x3\", which a bell reads as its strikes (x3) or volume (70%))"),
        InvalidCase(file: "none-as-a-name.json", message: "none-as-a-name.json:1:44: bells.start.name: no bell is named \"none\": it is not one of \"Singing Bowl\", \"Temple Bell\", \"Gong\", \"Tingsha\", \"Wood Block\", and no recorded sound can have that name (\"none\" means no bell; choose another name)"),
        InvalidCase(file: "bell-as-string.json", message: "bell-as-string.json:1:35: bells.start: expected a bell (a JSON object such as {\"name\": \"Gong\"}) or null for none, found the string \"Gong\""),
        InvalidCase(file: "-rf.json", message: "-rf.json: invalid profile name \"-rf\": it starts with '-', which reads as an option"),
        InvalidCase(file: "bad-duration-text.json", message: "bad-duration-text.json:1:28: duration: invalid duration \"1:60\": 60 is not below 60; use minutes (20), units (20m, 90s, 1h30m, 1h 30m 15s) or clock time (7:30 for MM:SS, 1:05:00 for H:MM:SS)"),
        InvalidCase(file: "comment.json", message: "comment.json:2:3: unexpected '/' where a key in double quotes or '}' was expected"),
        InvalidCase(file: "control-char-in-string.json", message: "control-char-in-string.json:1:34: control character 0x09 inside a string; write it as an escape such as \\n or \\u0009"),
        InvalidCase(file: "deep-nesting.json", message: "deep-nesting.json:1:91: arrays and objects nest deeper than 64 levels"),
        InvalidCase(file: "duplicate-key.json", message: "duplicate-key.json:4:3: duplicate key \"duration\" (first at line 3)"),
        InvalidCase(file: "duplicate-segment.json", message: "duplicate-segment.json:6:14: segments[2].type: a second \"cool-down\" segment (the first is segments[0]); each type appears once"),
        InvalidCase(file: "duplicate-sound.json", message: "duplicate-sound.json:1:90: segments[0].sounds[1].type: a second \"begin\" sound (the first is segments[0].sounds[0]); each type appears once"),
        InvalidCase(file: "empty.json", message: "empty.json:1:1: the file is empty"),
        InvalidCase(file: "enabled-as-number.json", message: "enabled-as-number.json:1:60: segments[0].enabled: expected true or false, found the number 1"),
        InvalidCase(file: "exponent-seconds.json", message: "exponent-seconds.json:1:28: duration: 1e3: a number with an exponent is not accepted; write the seconds as plain digits (1000) or a duration such as \"16:40\""),
        InvalidCase(file: "fractional-seconds.json", message: "fractional-seconds.json:1:28: duration: 1.5 is not a whole number of seconds; write the seconds as plain digits (1000) or a duration such as \"16:40\""),
        // A key can hold anything: the message shows it escaped, in the key path too, on one line.
        InvalidCase(file: "hostile-key.json", message: "hostile-key.json:1:16: \\u{1B}[2J\\u{1B}[31mevil\\u{202E}: unknown key \"\\u{1B}[2J\\u{1B}[31mevil\\u{202E}\"; a profile document has the keys version, duration, segments, intervals"),
        InvalidCase(file: "huge-number.json", message: "huge-number.json:1:28: duration: 123456789012345678901234567890 is too large: no duration is longer than 23:59:59 (86399 seconds)"),
        InvalidCase(file: "invalid-utf8.json", message: "invalid-utf8.json:1:93: invalid UTF-8: byte 0xFF cannot start a character"),
        InvalidCase(file: "leading-zeros.json", message: "leading-zeros.json:1:28: a number cannot start with 0 (JSON numbers have no leading zeros): write 20"),
        InvalidCase(file: "lone-surrogate.json", message: "lone-surrogate.json:1:89: \\uD800 is half a surrogate pair"),
        InvalidCase(file: "main-out-of-range.json", message: "main-out-of-range.json:1:28: duration: duration 24:00:00 is out of range: use 00:01 (1 second) to 23:59:59"),
        InvalidCase(file: "main-segment.json", message: "main-segment.json:1:38: segments[0].type: \"main\" is not stored as a segment; the main sit's length is the top-level \"duration\""),
        InvalidCase(file: "missing-key.json", message: "missing-key.json:1:1: missing key \"version\"; a profile document starts with {\"version\": 6, …}"),
        InvalidCase(file: "missing-segment-type.json", message: "missing-segment-type.json:1:29: segments[0]: missing key \"type\"; a segment's type is \"warm-up\" or \"cool-down\""),
        InvalidCase(file: "negative-duration.json", message: "negative-duration.json:1:28: duration: -5: a duration cannot be negative"),
        InvalidCase(file: "Nightly.tmp.json", message: "Nightly.tmp.json: invalid profile name \"Nightly.tmp\": it ends with \".tmp\", which the store uses for its own files"),
        InvalidCase(file: "not-an-object.json", message: "not-an-object.json:1:1: expected a profile document (a JSON object), found an array"),
        InvalidCase(file: "nul-byte.json", message: "nul-byte.json:1:15: unexpected NUL byte where a key in double quotes was expected"),
        InvalidCase(file: "out-of-range.json", message: "out-of-range.json:5:39: segments[1].duration: cool-down duration 02:00:00 is out of range: use 00:01 (1 second) to 01:00:00 (1 hour)"),
        InvalidCase(file: "segments-not-array.json", message: "segments-not-array.json:1:28: segments: expected a list of segments (a JSON array), found an object"),
        InvalidCase(file: "single-quotes.json", message: "single-quotes.json:1:2: unexpected \"'\" where a key in double quotes or '}' was expected"),
        InvalidCase(file: "syntax-error.json", message: "syntax-error.json:4:3: unexpected '\"' where ',' or '}' was expected"),
        InvalidCase(file: "trailing-comma.json", message: "trailing-comma.json:4:1: unexpected '}' where a key in double quotes was expected"),
        InvalidCase(file: "truncated.json", message: "truncated.json:6:21: the file ends inside a string"),
        InvalidCase(file: "two-documents.json", message: "two-documents.json:2:1: unexpected '{' after the end of the document"),
        InvalidCase(file: "unknown-bell.json", message: "unknown-bell.json:1:88: segments[0].sounds[0].name: no bell named \"Cowbell\"; the bells are \"Singing Bowl\", \"Temple Bell\", \"Gong\", \"Tingsha\", \"Wood Block\""),
        InvalidCase(file: "unknown-key.json", message: "unknown-key.json:3:3: duraton: unknown key \"duraton\" (did you mean \"duration\"?); a profile document has the keys version, duration, segments"),
        InvalidCase(file: "unknown-nested-key.json", message: "unknown-nested-key.json:1:80: segments[0].sounds[0].volume: unknown key \"volume\"; a sound has the keys type, enabled, name"),
        InvalidCase(file: "unknown-segment-type.json", message: "unknown-segment-type.json:1:38: segments[0].type: unknown segment type \"intermission\"; use \"warm-up\" or \"cool-down\""),
        InvalidCase(file: "unknown-sound-type.json", message: "unknown-sound-type.json:1:71: segments[0].sounds[0].type: unknown sound type \"middle\"; use one of \"begin\", \"end\", \"repeat\""),
        InvalidCase(file: "unknown-version.json", message: "unknown-version.json:2:14: version: version 7 was written by a newer profile; this one reads versions 1 to 6: upgrade profile"),
        InvalidCase(file: "v1-with-intervals.json", message: "v1-with-intervals.json:2:2: intervals: \"intervals\" is new in version 2; set \"version\": 6 to use it"),
        InvalidCase(file: "interval-out-of-range.json", message: "interval-out-of-range.json:2:42: intervals.every: interval 00:05 is out of range: use 00:10 (10 seconds) to 23:59:59"),
        InvalidCase(file: "intervals-unknown-key.json", message: "intervals-unknown-key.json:2:33: intervals.evry: unknown key \"evry\" (did you mean \"every\"?); intervals has the keys enabled, every, name"),
        InvalidCase(file: "intervals-unknown-bell.json", message: "intervals-unknown-bell.json:1:38: intervals.name: no bell named \"Cowbell\"; the bells are \"Singing Bowl\", \"Temple Bell\", \"Gong\", \"Tingsha\", \"Wood Block\""),
        InvalidCase(file: "v3-with-at.json", message: "v3-with-at.json:1:47: intervals.at: \"at\" is new in version 4; set \"version\": 6 to use it"),
        InvalidCase(file: "at-and-every.json", message: "at-and-every.json:1:54: intervals.at: \"every\" and \"at\" are the two modes of interval bells; give one of them"),
        InvalidCase(file: "at-empty.json", message: "at-empty.json:1:53: intervals.at: an empty list rings no bell; give at least one time, or set \"enabled\" to false"),
        InvalidCase(file: "at-unsorted.json", message: "at-unsorted.json:1:46: intervals.at[1]: 10:00 comes after 25:00; the times are listed in order, earliest first"),
        InvalidCase(file: "at-duplicate.json", message: "at-duplicate.json:1:46: intervals.at[1]: 10:00 is given twice (the first is intervals.at[0]); each time rings one bell"),
        InvalidCase(file: "at-zero.json", message: "at-zero.json:1:37: intervals.at[0]: interval bell time 00:00 is out of range (the Start bell rings at 00:00): use 00:10 (10 seconds) to 23:59:59"),
        InvalidCase(file: "at-out-of-range.json", message: "at-out-of-range.json:1:46: intervals.at[1]: interval bell time 24:00:00 is out of range: use 00:10 (10 seconds) to 23:59:59"),
        InvalidCase(file: "at-not-a-list.json", message: "at-not-a-list.json:1:36: intervals.at: expected a list of times (a JSON array such as [\"10:00\", \"25:00\"]), found the string \"10:00, 25:00\""),
        InvalidCase(file: "at-too-many.json", message: "at-too-many.json:1:614: intervals.at[99]: 100 times; at most 99 are taken"),
        InvalidCase(file: "version-as-string.json", message: "version-as-string.json:1:13: version: expected a whole number, found the string \"1\""),
        InvalidCase(file: "version-zero.json", message: "version-zero.json:1:13: version: unknown version 0; versions start at 1"),
        InvalidCase(file: "whitespace-only.json", message: "whitespace-only.json:3:1: the file holds only white space"),
        InvalidCase(file: "wrong-type.json", message: "wrong-type.json:4:36: segments[0].enabled: expected true or false, found the string \"yes\""),
        InvalidCase(file: "zero-duration.json", message: "zero-duration.json:1:28: duration: duration 00:00 is out of range: use 00:01 (1 second) to 23:59:59"),
    ]

    @Test func everyInvalidFixtureHasACase() {
        #expect(Set(Self.fixtureNames(in: Paths.invalid)) == Set(Self.invalidCases.map(\.file)))
        #expect(Self.invalidCases.count >= 40)
    }

    @Test(arguments: invalidCases)
    func invalidDocumentFailsWithItsMessage(_ c: InvalidCase) throws {
        let store = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Paths.invalid.appendingPathComponent(c.file).path,
                                         toPath: "\(store.path)/\(c.file)")
        let before = store.contents()
        let files = FileProfileStore(directory: store.path)

        let listed = try files.list()
        #expect(listed.count == 1)
        guard case let .failure(error) = listed.first?.result else {
            Issue.record("\(c.file) was read as a profile")
            return
        }
        #expect(error.description == "\(store.path)/\(c.message)")
        #expect(error.category == .data)

        // Loading by name gives the same message, and writing is refused the same way.
        let name = String(c.file.dropLast(5))
        if (try? ProfileName(validating: name)) != nil {
            #expect(throws: error) { try files.load(name) }
            #expect(throws: error) { try files.update(name) { $0.duration = .minutes(5) } }
        }
        #expect(store.contents() == before, "a failed read changed the store")
    }

    @Test func decodingWithoutAFileNameGivesLineAndColumn() {
        #expect(throws: ProfileError.document(DocumentError(line: 1, column: 14, message: "unexpected '}' where a value was expected"))) {
            try ProfileDocument.decode(Array(#"{"version":  }"#.utf8), name: "x")
        }
        // Columns count characters, not bytes.
        #expect(throws: ProfileError.document(DocumentError(line: 2, column: 9, message: "unexpected '}' where a value was expected"))) {
            try ProfileDocument.decode(Array("{\n  \"名前\": }".utf8), name: "x")
        }
    }

    @Test func duplicateKeysAreFoundInLargeObjectsToo() {
        // Past 16 keys the parser indexes keys by hash; the check must hold on both sides of that.
        for count in [3, 16, 17, 40] {
            let keys = (0..<count).map { "\"k\($0)\": \($0)" } + ["\"k1\": 0"]
            let text = "{" + keys.joined(separator: ", ") + "}"
            #expect {
                try ProfileDocument.decode(Array(text.utf8), name: "x")
            } throws: { error in
                (error as? ProfileError)?.description.contains("duplicate key \"k1\" (first at column 11)") == true
            }
        }
    }

    @Test func oversizedDocumentsAreRefusedBeforeParsing() {
        let big = [UInt8](repeating: 0x20, count: ProfileDocument.maximumSize + 1)
        #expect(throws: ProfileError.document(DocumentError(file: "big.json", message: "the file is 1048577 bytes; a profile document is at most 1048576 bytes"))) {
            try ProfileDocument.decode(big, name: "big", file: "big.json")
        }
    }

    @Test func stringsWithEscapesAndAstralCharacters() throws {
        let text = #"{"version": 1, "segments": [{"type": "cool\u002Ddown", "sounds": [{"type": "begin", "name": "Wood\tBlock"}]}]}"#
        #expect(throws: ProfileError.self) { try ProfileDocument.decode(Array(text.utf8), name: "x") }
        let ok = #"{"version": 1, "segments": [{"type": "cool\u002Ddown", "sounds": [{"type": "begin", "name": "Wood Block"}]}]}"#
        let profile = try ProfileDocument.decode(Array(ok.utf8), name: "x")
        #expect(profile.segment(ofType: .coolDown)?.bell == BellChoice(.woodBlock))
    }

    @Test func keysListedForTheManPageMatchTheEncoder() throws {
        var profile = makeProfile(warmUp: true, coolDown: true, bells: true, intervals: true)
        profile.duration = .minutes(30)
        // "every" and "at" are never written together: the two modes give every key between them.
        var chosen = profile
        chosen.intervals.schedule = .at([.minutes(10)])
        let text = String(decoding: ProfileDocument.encode(profile) + ProfileDocument.encode(chosen), as: UTF8.self)
        for key in ProfileDocument.keys.values.flatMap({ $0 }) {
            #expect(text.contains("\"\(key)\":"), "\(key) is never written")
        }
    }
}
