import Foundation
import ProfileCLI
import Testing
import TestSupport

/// Runs `profile` in this process through its library entry (``ProfileCLI/run(arguments:environment:undecodable:now:zone:stdin:stdout:stderr:endByBrokenPipe:)``),
/// with the call shape of ``Harness/run(_:stdin:store:home:environment:)``: a test moves from the
/// end-to-end tier by calling `InProcess.run` where it called `Harness.run`. Standard input is a file
/// holding `stdin` (or /dev/null), standard output and error files read back whole; the environment is
/// the harness's, handed in as the argument (nothing of this process's is set).
enum InProcess {
    /// Runs `profile arguments…` in the tests' environment (``Harness/environment(store:home:extra:)``)
    /// plus `extra`, with `stdin` as standard input (or /dev/null).
    static func run(_ arguments: [String], stdin: String? = nil, store: String, home: String,
                    environment extra: [String: String] = [:]) throws -> Harness.Result {
        try run(arguments, stdin: stdin, environment: Harness.environment(store: store, home: home, extra: extra))
    }

    /// Runs `profile arguments…` with exactly `environment` (and `undecodable`: variables whose bytes are
    /// not UTF-8), `stdin` as standard input, and `now` as the command's wall clock (default: now).
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String],
                    undecodable: [String: [UInt8]] = [:], now: Double = Date().timeIntervalSince1970,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> Harness.Result {
        let input = try stdin.map { try scratchFile(holding: $0) } ?? open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(input) }
        let output = try scratchFile(holding: "")
        defer { close(output) }
        let errors = try scratchFile(holding: "")
        defer { close(errors) }
        let status = ProfileCLI.run(arguments: arguments, environment: environment, undecodable: undecodable, now: now,
                                    zone: ProfileCLI.zone(environment: environment), stdin: input, stdout: output, stderr: errors)
        return Harness.Result(stdout: String(decoding: try contents(of: output), as: UTF8.self),
                              stderr: String(decoding: try contents(of: errors), as: UTF8.self), status: status)
    }

    /// ``run(_:stdin:store:home:environment:)`` as ``Harness/check(_:folder:runner:sourceLocation:)`` takes it.
    static let runner: Harness.Runner = { arguments, stdin, store, home, environment in
        try run(arguments, stdin: stdin, store: store, home: home, environment: environment)
    }

    /// ``Harness/check(_:folder:runner:sourceLocation:)`` in process.
    static func check(_ c: ScriptCase, folder: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Harness.check(c, folder: folder, runner: runner, sourceLocation: sourceLocation)
    }

    /// A file of this process alone, already unlinked, holding `text` and read from its start.
    static func scratchFile(holding text: String) throws -> Int32 {
        var template = Array((NSTemporaryDirectory() + "/profile-inprocess.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written > 0 else { close(fd); throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            bytes = bytes.dropFirst(written)
        }
        lseek(fd, 0, SEEK_SET)
        return fd
    }

    /// Everything written to `fd`, from its start.
    static func contents(of fd: Int32) throws -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            if count == 0 { return result }
            result += chunk[..<count]
            offset += off_t(count)
        }
    }
}
