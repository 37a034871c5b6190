// libFuzzer target (Scripts/fuzz): see FuzzChecks.journalImport for what must hold for every input.
import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzChecks.journalImport(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
