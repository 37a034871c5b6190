import Foundation
import Testing
@testable import ProfileKit

/// Store entries too big, too strange or too dangerous to commit as fixtures, made by the test: each
/// gives its documented error and nothing on disk changes.
@Suite("Hostile store entries")
struct HostileStoreTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        /// Makes the entries in the store folder.
        let make: @Sendable (String) throws -> Void
        /// The profile name, and the message (after the store path) listing and loading give.
        let errors: [(name: String, message: String)]
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "a 50 MB file", make: { folder in
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(folder)/Huge.json", isDirectory: false).creatingFile())
            try handle.truncate(atOffset: 50 * 1024 * 1024)
            try handle.close()
        }, errors: [("Huge", "Huge.json: the file is 52428800 bytes; a profile document is at most 1048576 bytes")]),
        Case(id: "one byte over the limit", make: { folder in
            try Data(repeating: 0x20, count: ProfileDocument.maximumSize + 1).write(to: URL(fileURLWithPath: "\(folder)/Big.json"))
        }, errors: [("Big", "Big.json: the file is 1048577 bytes; a profile document is at most 1048576 bytes")]),
        Case(id: "nesting ten thousand deep", make: { folder in
            let text = "{\"version\": 1, \"segments\": " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/Deep.json"))
        }, errors: [("Deep", "Deep.json:1:91: arrays and objects nest deeper than 64 levels")]),
        Case(id: "NFD and NFC names of one profile", make: { folder in
            try Data("{\"version\": 1}".utf8).write(to: URL(fileURLWithPath: "\(folder)/Caf\u{E9}.json"))
            try Data("{\"version\": 1, \"duration\": 60}".utf8).write(to: URL(fileURLWithPath: "\(folder)/Cafe\u{301}.json"))
        }, errors: [
            ("", "Cafe\u{301}.json: names the same profile as %STORE%/Caf\u{E9}.json (names are compared ignoring case and Unicode normalization); rename or remove one of them"),
            // Loading either is refused too, naming the other: neither is guessed at.
            ("Caf\u{E9}", "Caf\u{E9}.json: names the same profile as %STORE%/Cafe\u{301}.json (names are compared ignoring case and Unicode normalization); rename or remove one of them"),
        ]),
        Case(id: "a link out of the store", make: { folder in
            try FileManager.default.createSymbolicLink(atPath: "\(folder)/Passwd.json", withDestinationPath: "/etc/passwd")
        }, errors: [("Passwd", "Passwd.json: is a symbolic link to \"/etc/passwd\", outside the store; profile will not follow it")]),
        Case(id: "a dangling link", make: { folder in
            try FileManager.default.createSymbolicLink(atPath: "\(folder)/Gone.json", withDestinationPath: "missing.json")
        }, errors: [("Gone", "Gone.json: is a symbolic link to \"missing.json\", which does not exist; point it at a profile or remove it")]),
        Case(id: "a link to itself", make: { folder in
            try FileManager.default.createSymbolicLink(atPath: "\(folder)/Self.json", withDestinationPath: "Self.json")
        }, errors: [("Self", "Self.json: follow link to \"Self.json\" failed: ELOOP (Too many levels of symbolic links)")]),
        Case(id: "a file name that is not valid UTF-8", make: { folder in
            let path = Array(folder.utf8) + Array("/Bad\u{1B}".utf8) + [0xFF, 0xC3, 0x28] + Array(".json".utf8)
            let fd = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o644)
            guard fd >= 0 else { throw POSIXError(.EIO) }
            close(fd)
        }, errors: [("", ": the file name \"Bad\\u{1B}\\xFF\\xC3(.json\" is not valid UTF-8, so no profile name reaches it; rename the file")]),
        Case(id: "a folder", make: { folder in
            try FileManager.default.createDirectory(atPath: "\(folder)/Folder.json", withIntermediateDirectories: false)
        }, errors: [("Folder", "Folder.json: not a regular file; a profile is a JSON file")]),
        Case(id: "a named pipe", make: { folder in
            guard mkfifo("\(folder)/Pipe.json", 0o644) == 0 else { throw POSIXError(.EIO) }
        }, errors: [("Pipe", "Pipe.json: not a regular file; a profile is a JSON file")]),
        Case(id: "an invisible character in the name", make: { folder in
            try Data("{\"version\": 1}".utf8).write(to: URL(fileURLWithPath: "\(folder)/Zero\u{200B}Width.json"))
        }, errors: [("", "Zero\\u{200B}Width.json: invalid profile name \"Zero\\u{200B}Width\": it contains the invisible character U+200B")]),
    ]

    @Test(arguments: cases)
    func givesItsErrorAndChangesNothing(_ c: Case) throws {
        let dir = try TemporaryDirectory()
        let folder = dir.path
        try c.make(folder)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let store = FileProfileStore(directory: folder)

        let messages = try store.list().compactMap { entry -> String? in
            guard case let .failure(error) = entry.result else { return nil }
            return error.description
        }
        let expected = c.errors.map { error in
            // A message that starts with ':' is about the store folder itself.
            (error.message.hasPrefix(":") ? folder : "\(folder)/") + error.message.replacingOccurrences(of: "%STORE%", with: folder)
        }
        #expect(messages.sorted() == expected.sorted())
        for (name, message) in c.errors where !name.isEmpty {
            #expect {
                try store.load(name)
            } throws: { error in
                (error as? ProfileError)?.description == "\(folder)/\(message)".replacingOccurrences(of: "%STORE%", with: folder)
            }
            #expect(throws: ProfileError.self) { try store.update(name) { $0.duration = .minutes(5) } }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == before, "something changed on disk")
    }
}

extension URL {
    /// Creates an empty file here and returns the URL, for `FileHandle(forWritingTo:)`.
    func creatingFile() -> URL {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return self
    }
}
