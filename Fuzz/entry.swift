/// libFuzzer's entry point: every input goes through `FuzzEntry.run` for the target this
/// fuzzer was built for (`fuzzTarget`, which scripts/fuzz.sh writes beside this file).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.run(fuzzTarget, Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
