import Foundation
import Testing
import TestSupport

/// The shape of `Sources/`: no target holds most of the program, and the editor's session is made of
/// small types with one job each.
@Suite("Source layout")
struct LayoutTests {
    static let sources = Harness.root.appendingPathComponent("Sources")

    /// The Swift files under `folder`, with their lines.
    static func swiftFiles(in folder: URL) throws -> [(path: String, lines: [Substring])] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return try walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            return (path, text.split(separator: "\n", omittingEmptySubsequences: false))
        }
    }

    /// Every target under `Sources/` lives in the folder of its name: Package.swift gives a path only to
    /// targets outside `Sources/`, so the folders are the targets.
    @Test func noTargetHoldsMoreThanFortyPercentOfTheSwiftLines() throws {
        let manifest = try String(contentsOf: Harness.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains("path: \"Sources"), "a target with a path under Sources/ would need counting by the manifest")
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
        var lines: [String: Int] = [:]
        for target in targets {
            let folder = Self.sources.appendingPathComponent(target)
            lines[target] = try Self.swiftFiles(in: folder).reduce(0) { $0 + $1.lines.count - 1 }
        }
        let total = lines.values.reduce(0, +)
        #expect(lines.count >= 10 && total > 5000)
        for (target, count) in lines {
            #expect(count * 100 <= total * 40, "\(target) holds \(count) of \(total) lines")
        }
    }

    /// No type of the editor's session (ProfileREPL) is declared over more than 200 lines.
    @Test func theEditorsTypesAreSmall() throws {
        let folder = Self.sources.appendingPathComponent("ProfileREPL")
        var seen = 0
        for file in try Self.swiftFiles(in: folder) {
            var start: (name: Substring, line: Int)?
            for (number, line) in file.lines.enumerated() {
                if start == nil, let match = line.firstMatch(of: /^(?:package |public )?(?:final )?(?:class|struct|enum|extension) (\w+)/) {
                    start = (match.output.1, number)
                    seen += 1
                } else if let open = start, line == "}" {
                    #expect(number - open.line + 1 <= 200, "\(file.path): \(open.name) is \(number - open.line + 1) lines")
                    start = nil
                }
            }
        }
        #expect(seen >= 8)
    }
}
