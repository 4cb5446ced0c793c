import Foundation
@testable import RainKit

/// libFuzzer entry: any bytes as a cached forecast file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let cached = try? ForecastCache.decode(bytes, path: "fuzz.json") {
        _ = ForecastCache.encode(cached)
    }
    return 0
}
