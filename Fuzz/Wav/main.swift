// libFuzzer target (Scripts/fuzz): see FuzzChecks.wav for what must hold for every input.
import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzChecks.wav(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
