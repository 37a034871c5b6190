import Foundation
import FuzzChecks
import Testing
import TestSupport

/// Every input in the fuzz corpus — seeds, and any crash Scripts/fuzz ever found — replayed through the
/// properties the fuzz targets check. A crash here stops the test run, as it should.
@Suite("Fuzz corpus")
struct FuzzCorpusTests {
    static func inputs(_ target: String) -> [String] {
        let folder = Harness.root.appendingPathComponent("Fuzz/corpus/\(target)").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { "\(folder)/\($0)" }
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func everyCorpusHasSeeds() {
        for target in ["duration", "command", "document", "wav", "import"] {
            #expect(Self.inputs(target).count >= 4, "Fuzz/corpus/\(target) has too few seeds")
        }
    }

    @Test(arguments: inputs("duration"))
    func duration(_ path: String) throws { FuzzChecks.duration(try Self.bytes(path)) }

    @Test(arguments: inputs("command"))
    func command(_ path: String) throws { FuzzChecks.commands(try Self.bytes(path)) }

    @Test(arguments: inputs("document"))
    func document(_ path: String) throws { FuzzChecks.document(try Self.bytes(path)) }

    @Test(arguments: inputs("wav"))
    func wav(_ path: String) throws { FuzzChecks.wav(try Self.bytes(path)) }

    @Test(arguments: inputs("import"))
    func journalImport(_ path: String) throws { FuzzChecks.journalImport(try Self.bytes(path)) }
}
