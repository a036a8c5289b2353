import FuzzSupport

/// libFuzzer entry point: one file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    Fuzz.file(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
