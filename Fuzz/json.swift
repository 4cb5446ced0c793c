@testable import RainKit

/// libFuzzer entry: any bytes through the strict JSON parser, and what parses back through the writer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let value = try? JSONValue.parse(bytes) {
        // What rain writes it must read back as the same value.
        let again = try? JSONValue.parse(Array(value.serialized().utf8))
        if again != value { fatalError("round trip changed the value") }
    }
    return 0
}
