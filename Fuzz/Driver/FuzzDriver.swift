#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzDriverC

/// One input, as libFuzzer hands it over: its bytes and their count (the bytes may be nil when the count
/// is 0).
public typealias FuzzInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// The fuzz targets are built in the AddressSanitizer build of the tests (Scripts/asan), so that one build
/// serves both and every input runs under AddressSanitizer. That build cannot use `-sanitize=fuzzer`,
/// which links libFuzzer's own `main` into every executable, the test runner's included; each target
/// therefore has a `main` that hands its check to libFuzzer here (`LLVMFuzzerRunDriver`, declared in C in
/// FuzzDriverC: it parses libFuzzer's flags from the arguments and calls `input` for each input it
/// tries), and the build instruments the code a fuzzer reaches with `-sanitize-coverage` (Package.swift).
public func runFuzzer(_ input: FuzzInput) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, input))
}

/// An input's bytes as an array (the checks take arrays).
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}
