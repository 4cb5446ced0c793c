import Foundation
@testable import RainKit

/// libFuzzer entry: any bytes as a Dark Sky-compatible response body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDarkSky(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(UnsafeBufferPointer(start: data, count: size))
    if let forecast = try? DarkSkyDecoder().decode(body, units: .si) {
        // A decoded forecast must also be drawable.
        _ = ForecastView(width: 80, usesColor: true, now: Date(timeIntervalSince1970: 1_790_000_000)).render(
            CachedForecast(location: Location(name: "Fuzz", coordinate: forecast.coordinate), fetchedAt: Date(timeIntervalSince1970: 1_790_000_000),
                           source: "darksky", forecast: forecast))
    }
    return 0
}
