import FuzzSupport

/// libFuzzer entry point: a small project of up to four files separated by 0x01 bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProject(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    Fuzz.project(Fuzz.files(Array(UnsafeBufferPointer(start: data, count: size))))
    return 0
}
