import Foundation
@testable import RainKit

/// libFuzzer entry: any bytes as a response body of each provider (Dark Sky-compatible and
/// Open-Meteo); what decodes must also be drawable.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForecast(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(UnsafeBufferPointer(start: data, count: size))
    for provider in Provider.allCases {
        guard let forecast = try? provider.decoder.decode(body, units: .si) else { continue }
        _ = ForecastView(width: 80, usesColor: true, now: Date(timeIntervalSince1970: 1_790_000_000)).render(
            CachedForecast(location: Location(name: "Fuzz", coordinate: forecast.coordinate), fetchedAt: Date(timeIntervalSince1970: 1_790_000_000),
                           source: provider.rawValue, forecast: forecast))
    }
    return 0
}
