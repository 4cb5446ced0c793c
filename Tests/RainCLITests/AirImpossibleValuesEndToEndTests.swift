import ForecastSimulator
import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// A reading no air can hold (99,999,999 μg/m³ of PM2.5, as a broken server sends) is missing,
/// its hour kept with the other readings (`AirQualityDecoder.plausibleConcentration`,
/// `plausiblePollen`); a real extreme, under the bound, is shown as served.
@Suite struct AirImpossibleValuesEndToEndTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var variable: String
        /// The key in rain's `--json` reading (pollen under `pollen`).
        var key: String
        var value: Double
        var kept: Bool
        var testDescription: String { "\(variable) \(value)" }
    }

    static let cases = [
        Case(variable: "pm2_5", key: "pm2_5", value: 99_999_999, kept: false),
        Case(variable: "pm2_5", key: "pm2_5", value: 1_500, kept: true),
        Case(variable: "pm10", key: "pm10", value: 987_654_321, kept: false),
        Case(variable: "ozone", key: "ozone", value: 65_535, kept: false),
        Case(variable: "nitrogen_dioxide", key: "nitrogen_dioxide", value: 99_999, kept: false),
        Case(variable: "sulphur_dioxide", key: "sulphur_dioxide", value: 2_147_483_647, kept: false),
        Case(variable: "carbon_monoxide", key: "carbon_monoxide", value: 9_999_999, kept: false),
        Case(variable: "dust", key: "dust", value: 99_999_999, kept: false),
        Case(variable: "birch_pollen", key: "birch", value: 99_999_999, kept: false),
        Case(variable: "birch_pollen", key: "birch", value: 4_000, kept: true),
    ]

    @Test(arguments: cases)
    func anImpossibleReadingIsMissingAndItsHourKept(_ reading: Case) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: AirQualityEndToEndTests.now)
            world.simulator.setAirBehaviour(.airQualityValue(reading.variable, reading.value))
            let refreshed = try await world.keylessRain(["refresh", "Berlin"])
            #expect(refreshed.status == 0 && refreshed.error.isEmpty, "\(refreshed)")

            let json = try await world.keylessRain(["show", "Berlin", "--offline", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let air = try #require(document["air"] as? [String: Any])
            let hourly = try #require(air["hourly"] as? [[String: Any]])
            #expect(hourly.count == 5 * 24 - 12, "every hour kept")
            for row in [try #require(air["current"] as? [String: Any])] + hourly {
                let holder = reading.variable.hasSuffix("_pollen") ? row["pollen"] as? [String: Any] : row
                #expect((holder?[reading.key] as? Double) == (reading.kept ? reading.value : nil), "\(row)")
                #expect(row["european_aqi"] is Double && row["us_aqi"] is Double, "the other readings stay: \(row)")
            }
            let format = try await world.keylessRain(["show", "Berlin", "--offline", "--format", "{pm2_5}|{aqi}"])
            #expect(format.status == 0, "\(format)")
            if reading.variable == "pm2_5" {
                #expect(format.output.hasPrefix(reading.kept ? "1500 μg/m³|" : "\(MeasureFormat.missing)|"), "\(format.output)")
            }
            let screen = try await world.keylessRain(["show", "Berlin", "--offline"])
            #expect(screen.status == 0 && screen.output.contains("AQI"), "\(screen)")
            #expect(!screen.output.contains("99999999") && !screen.output.contains("100000000"), "\(screen.output)")
            if reading.variable == "birch_pollen" {
                let pollen = screen.output.split(separator: "\n").first { $0.hasPrefix("  Pollen ") }.map(String.init) ?? ""
                #expect(pollen.lowercased().contains("birch") == reading.kept, "\(screen.output)")
            }
        }
    }
}
