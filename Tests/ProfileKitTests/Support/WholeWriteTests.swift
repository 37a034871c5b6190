#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import Files
import TextSupport

/// The one write loop (standard output's and the file layer's) and the command line's UTF-8 check.
@Suite("Whole writes and argument bytes")
struct WholeWriteTests {
    @Test func everyByteGetsThroughAPipeLeftNonBlocking() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // Non-blocking, as another program sharing the descriptor may leave it: a full pipe says EAGAIN.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        final class Received: @unchecked Sendable {
            var bytes: [UInt8] = []
            let done = DispatchSemaphore(value: 0)
        }
        let received = Received()
        let readingEnd = ends[0]
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                // Slowly, so that the writer finds the pipe full.
                usleep(2000)
                let count = Glibc.read(readingEnd, &buffer, buffer.count)
                if count <= 0 { break }
                received.bytes += buffer[0..<count]
            }
            received.done.signal()
        }
        reader.start()
        #expect(POSIX.writeWhole(ends[1], bytes[...]) == nil)
        close(ends[1])
        received.done.wait()
        #expect(received.bytes == bytes)
    }

    @Test func aClosedDescriptorsErrorIsGiven() {
        #expect(POSIX.writeWhole(-1, [1, 2, 3][...]) == EBADF)
        #expect(throws: FileError.io(path: "x", operation: "write", errno: EBADF)) { try POSIX.writeAll(-1, [1], path: "x") }
    }

    @Test func theFirstArgumentThatIsNotUTF8IsNamedEscaped() {
        #expect(invalidArgumentProblem(in: [Array("show".utf8), Array("Morning".utf8)]) == nil)
        #expect(invalidArgumentProblem(in: [Array("new".utf8), [0x61, 0xFF, 0x62], [0xFE]])
                == "argument 2 is not valid UTF-8: \"a\\xFFb\"; names, values and paths are UTF-8 text")
    }
}
