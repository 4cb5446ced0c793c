import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 20: units per quantity through the real binary against the simulator: the cache stays
/// in the provider's canonical system, so a display unit changes without a new request.
@Suite struct UnitsEndToEndTests {
    init() throws { _ = try Catalogues.compiled() }

    @Test func eachQuantityInItsOwnUnitWithoutARefetch() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let first = try await world.keylessRain(["show", "Berlin"])
            #expect(first.status == 0, "\(first)")
            #expect(first.output.contains(" °C") && first.output.contains(" m/s") && first.output.contains(" hPa"), "\(first.output)")
            let requests = world.simulator.requests.count
            let forecasts = world.simulator.requests.filter { $0.path.hasSuffix("/v1/forecast") }
            #expect(!forecasts.isEmpty && forecasts.allSatisfy { $0.queryValue("temperature_unit") == "celsius" && $0.queryValue("wind_speed_unit") == "ms" },
                    "Open-Meteo is always asked in its canonical units: \(world.requestedPaths)")

            writeFile(home + "/config.json", #"{"timeout_seconds": 2, "wind_unit": "bft", "pressure_unit": "inhg", "temperature_unit": "fahrenheit"}"#)
            let again = try await world.keylessRain(["show", "Berlin"])
            #expect(again.status == 0, "\(again)")
            #expect(again.output.contains(/Wind \d+ Bft, [a-z ]+/) && again.output.contains(" °F") && again.output.contains(" inHg"), "\(again.output)")
            let us = try await world.keylessRain(["show", "Berlin", "--units", "us"])
            #expect(us.output.contains(" °F") && us.output.contains(" mi") && us.output.contains(" Bft"), "wind_unit still holds: \(us.output)")
            #expect(world.simulator.requests.count == requests, "no refetch for display units: \(world.requestedPaths)")

            let json = try await world.keylessRain(["show", "Berlin", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect(document["units"] as? String == "si")
            let display = try #require(document["display_units"] as? [String: String], "\(json.output)")
            #expect(display == ["temperature": "fahrenheit", "wind": "bft", "precipitation": "mm", "pressure": "inhg", "distance": "km", "clock": "auto"])
            let all = try await world.keylessRain(["show", "--all", "--json", "--offline"])
            let documents = try #require(try JSONSerialization.jsonObject(with: Data(all.output.utf8)) as? [[String: Any]])
            #expect(!documents.isEmpty && documents.allSatisfy { ($0["display_units"] as? [String: String])?["wind"] == "bft" }, "\(all.output)")
            let cached = try String(contentsOfFile: world.cacheFile(world.berlin), encoding: .utf8)
            #expect(!cached.contains("display_units"))
        }
    }

    /// The status line and the refresh table show what the screen shows: the display units
    /// (the cache is in si) and the user's words.
    @Test func statusLinesAndTheRefreshTableUseTheDisplayUnits() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 20, "units": "us"}"#)
            let refreshed = try await world.keylessRain(["refresh", "Berlin"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(refreshed.status == 0 && refreshed.output.contains(" °F"), "\(refreshed)")
            let line = try await world.keylessRain(["show", "Berlin", "--format", "{temp} {high}/{low} {sunrise} {age}"], environment: ["LANG": "en_US.UTF-8"])
            #expect(line.output.contains(/^-?\d+°F -?\d+°F\/-?\d+°F \d{1,2}:\d\d (AM|PM) (just now|\d+ min ago)\n$/), "\(line)")
            let german = try await world.keylessRain(["show", "Berlin", "--format", "{temp} {age}", "--units", "si"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(german.output.contains(/^-?\d+°C (gerade eben|vor \d+ min)\n$/), "\(german)")
        }
    }

    @Test func configShowSaysWhereEachValueCameFrom() async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", #"{"units": "ca", "wind_unit": "kn", "clock": "12h"}"#)
            let shown = try await BuiltProduct.run("rain", ["config", "show", "--units", "uk"], environment: ["RAIN_HOME": home, "LANG": "de_DE.UTF-8"])
            #expect(shown.status == 0, "\(shown)")
            for line in ["units:                    uk (from --units)", "wind_unit:                kn (from the configuration)",
                         "temperature_unit:         celsius (from units uk)", "distance_unit:            mi (from units uk)",
                         "clock:                    12h (from the configuration)", "language:                 de_DE.UTF-8 (from LANG in the environment)"] {
                #expect(shown.output.contains(line + "\n"), "\(line)\n\(shown.output)")
            }
        }
    }

    @Test func aWrongUnitIsOneLineAndStatus78() async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", #"{"wind_unit": "knots"}"#)
            let shown = try await BuiltProduct.run("rain", ["show"], environment: ["RAIN_HOME": home])
            #expect(shown.status == 78, "\(shown)")
            #expect(shown.error.hasPrefix("rain: error: \(home)/config.json:\n  'wind_unit' must be one of kmh, ms, mph, kn, bft\n"), "\(shown.error)")
            let option = try await BuiltProduct.run("rain", ["show", "--units", "imperial"], environment: ["RAIN_HOME": home])
            #expect(option.status == 64 && option.error.hasPrefix("rain: error: "), "\(option)")
        }
    }
}
