import Foundation
import Testing
@testable import Sound
@testable import Players
@testable import ProfileKit

/// The recorded sounds on disk: added only when the whole file is a WAV file that is accepted, listed in
/// a stable order, found ignoring case, never named like a built-in bell, and written crash-safely.
@Suite("Sound library")
struct SoundLibraryTests {
    /// A scratch folder with a library in `sounds` (not created yet) and a place for input files.
    struct Scratch {
        let directory: TemporaryDirectory
        let library: SoundLibrary

        init() throws {
            directory = try TemporaryDirectory()
            library = SoundLibrary(folder: "\(directory.path)/data/profile/sounds/")
        }

        /// Writes `bytes` as the input file `name` and returns its path.
        func input(_ name: String, _ bytes: [UInt8]) throws -> String {
            let path = "\(directory.path)/\(name)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }

        /// Everything in the library's folder, hidden files included.
        var stored: [String: [UInt8]] { directory.contents("data/profile/sounds") }
    }

    static let bowl = TestWAV.pcm16([0, 8_000, -8_000, 16_000, -16_000, 0], sampleRate: 44_100).bytes

    @Test func aGenerated16BitMonoWAVRoundTripsThroughAddAndSound() throws {
        let scratch = try Scratch()
        let file = try scratch.input("bowl.wav", Self.bowl)
        #expect(try scratch.library.add(name: "My Bowl", from: file) == "My Bowl")
        #expect(scratch.stored == ["My Bowl.wav": Self.bowl], "the original bytes, and no temp file left")
        let sound = try scratch.library.sound(named: "my bowl")
        #expect(sound == (try WAVReader.decode(Self.bowl)))
        #expect(sound.samples.map(PCM16.sample) == [0, 8_000, -8_000, 16_000, -16_000, 0])
    }

    @Test func soundsAreAddedListedFoundIgnoringCaseAndRemoved() throws {
        let scratch = try Scratch()
        let library = scratch.library
        #expect(try library.names() == [], "no folder yet: no sounds")
        let file = try scratch.input("in.wav", Self.bowl)
        try library.add(name: "Morning Bowl", from: file)
        try library.add(name: "zen", from: file)
        try library.add(name: "Évening", from: file)
        try library.add(name: "ábc", from: file)
        // Ignoring case, by code point: accented letters after z.
        #expect(try library.names() == ["Morning Bowl", "zen", "ábc", "Évening"])
        #expect(library.resolve(name: "MORNING BOWL") == "Morning Bowl")
        #expect(library.resolve(name: "e\u{301}vening") == "Évening", "NFD and NFC name one sound")
        #expect(library.path(for: "ZEN") == "\(library.folder)/zen.wav")
        #expect(library.resolve(name: "nothing") == nil && library.path(for: "nothing") == nil)

        try library.remove(name: "morning bowl")
        #expect(try library.names() == ["zen", "ábc", "Évening"])
        #expect(scratch.stored.keys.sorted() == ["zen.wav", "Évening.wav", "ábc.wav"].sorted())
    }

    @Test func namesAreInAStableOrderAndOnlyWAVFilesWithValidNamesCount() throws {
        let scratch = try Scratch()
        let folder = scratch.library.folder
        try FileManager.default.createDirectory(atPath: "\(folder)/dir.wav", withIntermediateDirectories: true)
        for name in ["beta.wav", "alpha.wav", "Alpha.wav", "gamma.txt", ".hidden.wav", ".x.wav.123.ab.tmp", "-dash.wav",
                     "Gong.wav", "noext", ".wav", "upper.WAV"] {
            try Data(Self.bowl).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
        }
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/link.wav", withDestinationPath: "\(folder)/beta.wav")
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/dangling.wav", withDestinationPath: "\(folder)/missing")
        #expect(try scratch.library.names() == ["Alpha", "alpha", "beta", "link"])
    }

    struct NameCase: CustomTestStringConvertible, Sendable {
        let name: String
        let reason: String
        var testDescription: String { name.debugDescription }
    }

    static let badNames: [NameCase] = [
        NameCase(name: "temple bell", reason: "it is the built-in bell \"Temple Bell\"; choose another name"),
        NameCase(name: "TEMPLE-BELL", reason: "it is the built-in bell \"Temple Bell\"; choose another name"),
        NameCase(name: "gong", reason: "it is the built-in bell \"Gong\"; choose another name"),
        // Issue 38: nor a soundscape's, which a profile's ambience would play in its place.
        NameCase(name: "rain", reason: "it is the soundscape \"Rain\"; choose another name"),
        NameCase(name: "Brown-Noise", reason: "it is the soundscape \"Brown Noise\"; choose another name"),
        NameCase(name: "Wood_Block", reason: "it is the built-in bell \"Wood Block\"; choose another name"),
        NameCase(name: "None", reason: "\"none\" means no bell; choose another name"),
        NameCase(name: "bowl x3", reason: "it ends with \"x3\", which a bell reads as its strikes (x3) or volume (70%)"),
        NameCase(name: "bowl ×3", reason: "it ends with \"×3\", which a bell reads as its strikes (x3) or volume (70%)"),
        NameCase(name: "bowl 70%", reason: "it ends with \"70%\", which a bell reads as its strikes (x3) or volume (70%)"),
        NameCase(name: "bowl 5.5%", reason: "it ends with \"5.5%\", which a bell reads as its strikes (x3) or volume (70%)"),
        NameCase(name: "bowl x-1", reason: "it ends with \"x-1\", which a bell reads as its strikes (x3) or volume (70%)"),
        NameCase(name: "a  b", reason: "it has two spaces in a row; a bell is chosen by its words, one space apart"),
        NameCase(name: "", reason: "a name has at least one character"),
        NameCase(name: "../up", reason: "it contains \"/\", which separates folders"),
        NameCase(name: ".hidden", reason: "it starts with '.', which hides files"),
        NameCase(name: "bell\u{1B}[2J", reason: "it contains the invisible character U+001B"),
    ]

    @Test(arguments: badNames)
    func badNamesAreRefusedAndNothingIsAdded(_ c: NameCase) throws {
        let scratch = try Scratch()
        let file = try scratch.input("in.wav", Self.bowl)
        #expect(throws: SoundError.profile(.invalidSoundName(c.name, reason: c.reason))) { try scratch.library.add(name: c.name, from: file) }
        #expect(ProfileError.invalidSoundName(c.name, reason: c.reason).category == .usage)
        #expect(scratch.stored.isEmpty)
    }

    @Test func aNameTakenInAnotherCaseIsRefusedAndTheFirstSoundKept() throws {
        let scratch = try Scratch()
        let first = try scratch.input("first.wav", Self.bowl)
        let second = try scratch.input("second.wav", TestWAV.pcm16([1, 2, 3]).bytes)
        try scratch.library.add(name: "My Bowl", from: first)
        #expect(throws: SoundError.exists("My Bowl")) { try scratch.library.add(name: "MY BOWL", from: second) }
        #expect(throws: SoundError.exists("My Bowl")) { try scratch.library.add(name: "My Bowl", from: second) }
        #expect(scratch.stored == ["My Bowl.wav": Self.bowl])
        #expect(SoundError.exists("My Bowl").description == "a recorded sound named \"My Bowl\" exists already; remove it first or choose another name")
        #expect(SoundError.exists("x").category == .cannotCreate)
    }

    struct FileCase: CustomTestStringConvertible, Sendable {
        let id: String
        let bytes: [UInt8]
        let reason: String
        var testDescription: String { id }
    }

    static let badFiles: [FileCase] = [
        FileCase(id: "a text file", bytes: Array("Breathe in.\n".utf8), reason: "not a WAV file (it does not start with RIFF…WAVE)"),
        FileCase(id: "a cut-short WAV", bytes: Array(TestWAV.pcm16([Int16](repeating: 1, count: 100)).bytes.dropLast(10)),
                 reason: "the data chunk is cut short: 190 of 200 bytes"),
        FileCase(id: "3 channels", bytes: TestWAV(channels: 3, data: [0, 0, 0, 0, 0, 0]).bytes, reason: "3 channels; use 1 or 2"),
        FileCase(id: "an empty file", bytes: [], reason: "not a WAV file (it does not start with RIFF…WAVE)"),
    ]

    @Test(arguments: badFiles)
    func anInvalidFileIsRefusedNamingItsPathAndNothingIsAdded(_ c: FileCase) throws {
        let scratch = try Scratch()
        let file = try scratch.input("in.wav", c.bytes)
        let error = SoundError.invalidFile(path: file, reason: c.reason)
        #expect(throws: error) { try scratch.library.add(name: "Bowl", from: file) }
        #expect(error.description == "\(file): \(c.reason)")
        #expect(error.category == .data, "exit 65")
        #expect(scratch.stored.isEmpty, "nothing added, no temp file left")
        #expect(try scratch.library.names() == [])
    }

    @Test func aFolderAPipeAHugeFileAndAMissingFileAreRefusedWithoutBeingRead() throws {
        let scratch = try Scratch()
        let library = scratch.library
        let folder = "\(scratch.directory.path)/folder.wav"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(throws: SoundError.invalidFile(path: folder, reason: "it is a folder; name a WAV file")) {
            try library.add(name: "Bowl", from: folder)
        }

        let pipe = "\(scratch.directory.path)/pipe.wav"
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(throws: SoundError.invalidFile(path: pipe, reason: "it is not a regular file (a device, pipe or socket); name a WAV file")) {
            try library.add(name: "Bowl", from: pipe)
        }

        // A sparse file one byte over the limit: refused from its size, not read.
        let huge = try scratch.input("huge.wav", Array(TestWAV.pcm16([1]).bytes))
        #expect(truncate(huge, off_t(WAVReader.maximumFileBytes + 1)) == 0)
        let hugeError = SoundError.invalidFile(path: huge, reason: "it is 93,208,577 bytes; a sound file is at most 93,208,576 (60 seconds of 192000 Hz stereo 32-bit samples)")
        #expect(throws: hugeError) { try library.add(name: "Bowl", from: huge) }

        let missing = "\(scratch.directory.path)/missing.wav"
        #expect(throws: SoundError.file(.io(path: missing, operation: "open", errno: ENOENT))) { try library.add(name: "Bowl", from: missing) }
        #expect(scratch.stored.isEmpty)
    }

    @Test func removingOrPlayingAMissingSoundSuggestsTheClosestName() throws {
        let scratch = try Scratch()
        try scratch.library.add(name: "Morning Bowl", from: try scratch.input("in.wav", Self.bowl))
        let error = SoundError.unknown("Mornin Bowl", suggestion: "Morning Bowl")
        #expect(throws: error) { try scratch.library.remove(name: "Mornin Bowl") }
        #expect(throws: error) { try scratch.library.sound(named: "Mornin Bowl") }
        #expect(error.description == "no recorded sound named \"Mornin Bowl\" (did you mean \"Morning Bowl\"?)")
        #expect(error.category == .notFound)
        #expect(throws: SoundError.unknown("xyz", suggestion: nil)) { try scratch.library.remove(name: "xyz") }
        #expect(try scratch.library.names() == ["Morning Bowl"])
    }

    @Test func aSoundSpoiledByHandIsRefusedNamingItsFile() throws {
        let scratch = try Scratch()
        try scratch.library.add(name: "Bowl", from: try scratch.input("in.wav", Self.bowl))
        let path = "\(scratch.library.folder)/Bowl.wav"
        try Data("not a sound".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SoundError.invalidFile(path: path, reason: "not a WAV file (it does not start with RIFF…WAVE)")) {
            try scratch.library.sound(named: "bowl")
        }
    }

    @Test func theFolderFollowsTheXDGRule() {
        let folder = { (environment: [String: String]) in SoundLibrary.folder(environment: environment) }
        #expect(folder(["HOME": "/home/me"]) == "/home/me/.local/share/profile/sounds")
        #expect(folder(["HOME": "/home/me", "XDG_DATA_HOME": "/data"]) == "/data/profile/sounds")
        #expect(folder(["HOME": "/home/me", "XDG_DATA_HOME": "relative"]) == "/home/me/.local/share/profile/sounds")
        #expect(folder(["HOME": "/home/me", "XDG_DATA_HOME": ""]) == "/home/me/.local/share/profile/sounds")
        #expect(folder(["HOME": "relative"]) == nil)
        #expect(SoundLibrary.folder(environment: [:], homeFallback: { "/home/pw" }) == "/home/pw/.local/share/profile/sounds")
        #expect(SoundLibrary(environment: ["XDG_DATA_HOME": "/d"])?.folder == "/d/profile/sounds")
        #expect(SoundLibrary(environment: [:]) == nil)
    }
}
