@testable import RainKit

/// libFuzzer entry: any bytes as `defaults.json`, the saved places.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStore(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let list = try? LocationsStore(file: DefaultsFile(path: "/nonexistent/defaults.json")).list(decoding: bytes) {
        _ = list.current
        for location in list.locations { _ = try? list.resolve(location.shortID) }
    }
    return 0
}
