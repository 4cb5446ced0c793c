import Foundation
import RainKit

/// The shared sample responses in `Tests/RainKitTests/Fixtures`, read by path (the test
/// targets declare no resources), for RainKit's tests and the terminal tier's.
public enum ForecastFixtures {
    public static func data(_ name: String, filePath: String = #filePath) throws -> Data {
        let tests = URL(filePath: filePath).deletingLastPathComponent().deletingLastPathComponent()
        return try Data(contentsOf: tests.appending(path: "RainKitTests/Fixtures/\(name)"))
    }

    /// `openmeteo-berlin.json` (km/h: rain's `ca` units).
    public static func openMeteoBerlinBody() throws -> Data { try data("openmeteo-berlin.json") }

    /// `openmeteo-geocoding-paris.json`: two places named Paris.
    public static func geocodingParisBody() throws -> Data { try data("openmeteo-geocoding-paris.json") }

    /// `pirateweather-berlin-si.json`.
    public static func berlinBody() throws -> Data { try data("pirateweather-berlin-si.json") }

    /// The Berlin fixture decoded, with rain's own sun and moon as a refresh adds them
    /// (`Forecast.withAstronomy`): current time 2026-08-20 12:37 UTC (14:37 in Berlin).
    public static func berlinForecast() throws -> Forecast {
        let forecast = try DarkSkyDecoder().decode(berlinBody(), units: .si)
        return forecast.withAstronomy(at: forecast.coordinate)
    }

    public static let berlin = Location(
        id: UUID(uuidString: "6F1C2A4E-93B0-4C47-9E1D-2B8A5C7D9E01")!, name: "Berlin",
        coordinate: Coordinate(latitude: 52.52, longitude: 13.405)
    )

    /// `currently.time` of the fixture.
    public static let currentTime = Date(timeIntervalSince1970: 1_787_229_420)

    /// The Berlin forecast fetched at the fixture's current time.
    public static func berlinCached() throws -> CachedForecast {
        CachedForecast(location: berlin, fetchedAt: currentTime, source: "darksky", forecast: try berlinForecast())
    }
}

/// A fresh folder under the system's temporary folder, removed with everything in it when
/// the test ends.
public final class ForecastTemporaryFolder {
    public let path: String

    public init() throws {
        let url = FileManager.default.temporaryDirectory.appending(path: "rain-forecast-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
