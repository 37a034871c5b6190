import Foundation
import Testing
import TextSupport
import Files
import ProfileKit

/// Numbers written for people (`sounds --make`'s seconds) and the program's own path (a reminder's
/// service starts it), moved out of the executable.
@Suite("Number text and the program's path")
struct NumberTextTests {
    @Test(arguments: [
        (8.0, 1, "8.0"), (8, 0, "8"), (0.25, 2, "0.25"), (0.05, 2, "0.05"), (0.05, 1, "0.1"), (1.04, 1, "1.0"),
        (0.999, 1, "1.0"), (9.96, 1, "10.0"), (2.5, 0, "3"), (12.345, 3, "12.345"), (1.5, 3, "1.500"), (0, 2, "0.00"),
        (123_456.789, 2, "123456.79"),
    ] as [(Double, Int, String)])
    func decimalsAreRoundedAndEveryOneWritten(_ value: Double, _ decimals: Int, _ text: String) {
        #expect(value.formatted(decimals: decimals) == text)
    }

    /// `/proc/self/exe`, read: an absolute path to an executable file (here the test bundle's).
    @Test func theExecutablesPathIsAbsoluteAndRuns() throws {
        let path = try POSIX.executablePath()
        #expect(path.hasPrefix("/"), "\(path)")
        #expect(FileManager.default.isExecutableFile(atPath: path), "\(path)")
        #expect(POSIX.realPath(path) == path, "links resolved: \(path)")
    }

    /// Its failure says what `remind add` always said of it: the path, `readlink` and the errno.
    @Test func theExecutablesPathFailsAsReadlinkOfProcSelfExe() {
        let error = ProfileError(POSIX.failure("/proc/self/exe", "readlink", ENOENT))
        #expect(error == ProfileError.failure("/proc/self/exe", "readlink", ENOENT))
        #expect(error.description == "/proc/self/exe: readlink failed: ENOENT (No such file or directory)")
    }
}
